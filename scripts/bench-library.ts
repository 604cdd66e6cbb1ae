// `npm run bench:library [-- --count N --runs R]`: fills a temporary library with generated
// scenarios (varied titles, tags, small maps with named cells), then times the calls the
// library view makes most: full-text search, a page of 50, get and save. Prints JSON with
// the median and 95th percentile in milliseconds.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { newScenario } from '../shared/format/new-scenario.js';
import type { Scenario } from '../shared/format/scenario.types.js';
import { openLibrary } from '../electron/library/index.js';
import type { ListOptions } from '../electron/library/index.js';
import { prng } from '../shared/random.js';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} needs a whole number above 0`);
  return value;
}

const COUNT = option('--count', 10_000);
const RUNS = option('--runs', 200);
const BATCH = 500;

// A small deterministic PRNG, so every run benchmarks the same library.
const random = prng(0x9e3779b9);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const int = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));

const PLACES = ['Moscow', 'Kiev', 'Dnieper', 'Smolensk', 'Vyazma', 'Kharkov', 'Kursk', 'Orel', 'Bryansk', 'Rzhev', 'Tula', 'Kalinin', 'Leningrad', 'Stalingrad', 'Don', 'Donets', 'Uman', 'Minsk', 'Bobruisk', 'Vitebsk', 'Narva', 'Riga', 'Warsaw', 'Budapest', 'Crimea', 'Sevastopol', 'Kerch', 'Caucasus', 'Volga', 'Oder'];
const OPERATIONS = ['Typhoon', 'Barbarossa', 'Citadel', 'Bagration', 'Uranus', 'Mars', 'Kutuzov', 'Rumyantsev', 'Blue', 'Winter Storm', 'Little Saturn', 'Star', 'Gallop', 'Spring Awakening', 'Iskra'];
const KINDS = ['Drive on', 'Battle for', 'Race to', 'Defence of', 'Breakout at', 'Pocket at', 'Crossing the', 'Counterstroke at'];
const TAGS = ['eastern front', '1941', '1942', '1943', '1944', '1945', 'winter', 'mud', 'summer', 'introductory', 'campaign', 'solitaire', 'tournament', 'historical', 'hypothetical', 'armour', 'river crossing', 'encirclement'];
const SIDES: [string, string][] = [
  ['Germans', 'Soviets'],
  ['Axis', 'Red Army'],
  ['Wehrmacht', 'Stavka'],
  ['Finns', 'Soviets'],
  ['Hungarians', 'Soviets'],
];
const WORDS = ['steppe', 'forest', 'marsh', 'railway', 'bridgehead', 'salient', 'reserves', 'supply', 'thaw', 'frost', 'armour', 'infantry', 'cavalry', 'airborne', 'river', 'city', 'line', 'front'];

function generate(i: number): Scenario {
  const kind = pick(['hex', 'hex', 'square', 'offsetSquare'] as const);
  const cols = int(8, 24);
  const rows = int(6, 18);
  const place = pick(PLACES);
  const title = `${pick(KINDS)} ${place}${random() < 0.4 ? `: Operation ${pick(OPERATIONS)}` : ''} #${i}`;
  const sides = pick(SIDES);
  const doc = newScenario({
    id: `bench-${i}`,
    title,
    gridKind: kind,
    cols,
    rows,
    sides: [{ name: sides[0] }, { name: sides[1] }],
    turns: int(5, 30),
    groundScaleKm: pick([10, 20, 40]),
  });
  doc.author = pick(['A. Designer', 'B. Wargamer', 'C. Historian', 'Gridfront team']);
  doc.description = Array.from({ length: int(10, 60) }, () => pick(WORDS)).join(' ') + `. Around ${place}.`;
  doc.tags = [...new Set(Array.from({ length: int(1, 4) }, () => pick(TAGS)))];
  const cells = doc.map.cells ?? {};
  for (let n = 0; n < int(2, 8); n++) {
    const ref = `${int(0, cols - 1)},${int(0, rows - 1)}`;
    cells[ref] = { ...cells[ref], name: pick(PLACES), victory: { endGame: int(1, 5) } };
  }
  doc.map.cells = cells;
  return doc;
}

function stats(samples: number[]): { median: number; p95: number; runs: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return { median: round(at(0.5)), p95: round(at(0.95)), runs: sorted.length };
}

function time(runs: number, fn: (i: number) => void): number[] {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn(i);
    samples.push(performance.now() - start);
  }
  return samples;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'gridfront-bench-library-'));
const lib = openLibrary({ dir });
try {
  // Fill through the public import path, one transaction per batch of files.
  const fillStart = performance.now();
  for (let start = 0; start < COUNT; start += BATCH) {
    const files = [];
    for (let i = start; i < Math.min(COUNT, start + BATCH); i++) files.push({ name: `bench-${i}.json`, text: JSON.stringify(generate(i)) });
    const failed = lib.importFiles(files).filter((r) => !r.ok);
    if (failed.length) throw new Error(`generated scenarios were refused: ${JSON.stringify(failed[0])}`);
  }
  const fillMs = performance.now() - fillStart;

  const queries = [...PLACES.map((p) => p.slice(0, 4)), ...OPERATIONS, ...TAGS.slice(6), 'drive mos', 'dniep', 'pocket uman', 'winter storm'];
  let hits = 0;
  const search = time(RUNS, (i) => {
    hits += lib.search(queries[i % queries.length]!, { limit: 50 }).length;
  });

  const listVariants: ListOptions[] = [
    { sort: 'updated' },
    { sort: 'title' },
    { sort: 'created', dir: 'asc' },
    { sort: 'updated', tag: 'winter' },
    { sort: 'title', gridKind: 'square' },
  ];
  const byVariant = listVariants.map(() => [] as number[]);
  const list = time(RUNS, (i) => {
    const variant = listVariants[i % listVariants.length]!;
    const start = performance.now();
    lib.list({ ...variant, offset: int(0, 100) * 50, limit: 50 });
    byVariant[i % listVariants.length]!.push(performance.now() - start);
  });

  const get = time(RUNS, () => {
    if (!lib.get(`bench-${int(0, COUNT - 1)}`)) throw new Error('missing scenario');
  });

  // Each save is a real edit (new description): a revision, tag and index rewrite.
  const targets = Array.from({ length: RUNS }, () => `bench-${int(0, COUNT - 1)}`);
  const docs = targets.map((id, i) => ({ ...lib.get(id)!.document, description: `Edited in run ${i}: ${pick(WORDS)} ${pick(PLACES)}` }));
  const save = time(RUNS, (i) => {
    if (!lib.save(targets[i]!, docs[i]!, { summary: 'bench edit' }).ok) throw new Error('save refused');
  });

  console.log(
    JSON.stringify(
      {
        benchmark: 'library',
        scenarios: COUNT,
        fillSeconds: Math.round(fillMs) / 1000,
        databaseMB: Math.round((statSync(lib.path).size / 1024 / 1024) * 10) / 10,
        searchHitsAveraged: Math.round(hits / RUNS),
        ms: { search: stats(search), listPage50: stats(list), get: stats(get), save: stats(save) },
        listPage50ByQuery: Object.fromEntries(listVariants.map((v, i) => [JSON.stringify(v), stats(byVariant[i]!)])),
      },
      null,
      2,
    ),
  );
} finally {
  lib.close();
  rmSync(dir, { recursive: true, force: true });
}
