// `npm run bench:render [-- --size 200 --runs 5 --screenshots DIR]`: how fast the renderer paints a big map.
// Generates a size×size flat-top hex scenario in memory (terrain blobs, rivers, roads, rails,
// towns), times `validateScenario` on it in Node, serves the built renderer through the web
// host with that scenario as the only bundled one, opens it in headless Chromium and reads
// the first-draw time (scenario document in hand → first complete paint) from the page's
// test hook. Prints one JSON object. Target: 200×200 first draw < 300 ms.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { ensureRenderer, rendererDir } from './browser-mode.js';
import { prng } from '../shared/random.js';
import { makeTinyScenario } from '../shared/format/fixtures.js';
import type { Scenario } from '../shared/format/scenario.types.js';
import type {} from '../renderer/src/testHook.types.js';
import { validateScenario } from '../shared/format/validate.js';
import { createGrid } from '../shared/grid/index.js';
import type { Cell, EdgeId, GridGeometry } from '../shared/grid/types.js';
import { startWebHost } from '../electron/web/main.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(v) || v < 1) throw new Error(`--${name} needs a whole number, got ${process.argv[i + 1]}`);
  return v;
}


/** Smooth value noise in [0,1): bilinear interpolation over a coarse random lattice. */
function valueNoise(rand: () => number, cols: number, rows: number, cell: number): (c: number, r: number) => number {
  const w = Math.ceil(cols / cell) + 2;
  const h = Math.ceil(rows / cell) + 2;
  const lattice = Array.from({ length: w * h }, rand);
  const at = (x: number, y: number) => lattice[y * w + x]!;
  return (c, r) => {
    const x = c / cell;
    const y = r / cell;
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const fx = x - x0;
    const fy = y - y0;
    const sx = fx * fx * (3 - 2 * fx);
    const sy = fy * fy * (3 - 2 * fy);
    const top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * sx;
    const bottom = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * sx;
    return top + (bottom - top) * sy;
  };
}

export function generateScenario(size: number, seed = 1943): Scenario {
  const rand = prng(seed); // seeded: every run benchmarks the same map
  const s = makeTinyScenario();
  const grid: GridGeometry = createGrid({ kind: 'hex', orientation: 'flat', offset: 'odd', cols: size, rows: size });
  const woods = valueNoise(rand, size, size, 9);
  const wet = valueNoise(rand, size, size, 14);
  const hills = valueNoise(rand, size, size, 23);
  const terrain: string[] = [];
  const control: string[] = [];
  const codes = new Set<string>();
  for (let r = 0; r < size; r++) {
    let t = '';
    let k = '';
    for (let c = 0; c < size; c++) {
      const ch = hills(c, r) > 0.8 ? '^' : wet(c, r) > 0.82 ? '~' : woods(c, r) > 0.62 ? 'f' : '.';
      t += ch;
      codes.add(ch);
      // A wavy front line down the middle of the map.
      k += c < size / 2 + Math.sin(r / 11) * size * 0.08 ? 'G' : 'S';
    }
    terrain.push(t);
    control.push(k);
  }

  const setTerrain = (cell: Cell, ch: string) => {
    const row = terrain[cell.row]!;
    terrain[cell.row] = row.slice(0, cell.col) + ch + row.slice(cell.col + 1);
  };
  const randomCell = (): Cell => ({ col: Math.floor(rand() * size), row: Math.floor(rand() * size) });

  // Towns on clear ground, connected by roads to their nearest neighbours; a few rail lines.
  const towns: Cell[] = [];
  const cells: NonNullable<Scenario['map']['cells']> = {};
  for (let i = 0; i < Math.round((size * size) / 400); i++) {
    const t = randomCell();
    setTerrain(t, 'u');
    towns.push(t);
    cells[`${t.col},${t.row}`] = { name: `Town ${i + 1}` };
  }
  const roads = new Set<EdgeId>();
  const rails = new Set<EdgeId>();
  const connect = (a: Cell, b: Cell, into: Set<EdgeId>) => {
    const path = grid.line(a, b);
    for (const c of path) if (terrain[c.row]![c.col] === '^' || terrain[c.row]![c.col] === '~') setTerrain(c, '.');
    for (const e of grid.edgesAlongPath(path)) into.add(e);
  };
  for (const a of towns) {
    // The two nearest other towns, by one linear scan (a sort per town is quadratic-log).
    let first: [Cell | null, number] = [null, Infinity];
    let second: [Cell | null, number] = [null, Infinity];
    for (const b of towns) {
      if (b === a) continue;
      const d = grid.distance(a, b);
      if (d < first[1]) [second, first] = [first, [b, d]];
      else if (d < second[1]) second = [b, d];
    }
    for (const [b] of [first, second]) if (b) connect(a, b, roads);
  }
  for (let i = 0; i + 1 < towns.length; i += Math.max(1, Math.floor(towns.length / 6))) connect(towns[i]!, towns[i + 1]!, rails);

  // Rivers: the sides between the cells west and east of a meandering line, so each river
  // is one connected chain of sides running north to south over part of the map.
  const rivers = new Set<EdgeId>();
  for (let i = 0; i < Math.max(2, Math.round(size / 30)); i++) {
    const base = rand() * size;
    const amp = 3 + rand() * size * 0.05;
    const period = 6 + rand() * 10;
    const phase = rand() * 6.3;
    const first = Math.floor(rand() * size * 0.3);
    const last = Math.min(size - 1, first + Math.floor(size * (0.4 + rand() * 0.6)));
    const west = (c: Cell) => c.col < base + amp * Math.sin(c.row / period + phase);
    for (let row = first; row <= last; row++)
      for (let col = 0; col < size; col++) {
        const cell = { col, row };
        if (!west(cell)) continue;
        for (const dir of grid.sideDirections) {
          const nb = grid.step(cell, dir);
          if (!nb || !grid.inMap(nb) || nb.row < first || nb.row > last || west(nb)) continue;
          const side = grid.edgeOf(cell, dir);
          if (side) rivers.add(side);
        }
      }
  }

  // Keep the fixture's units, bases and entry cells valid: their cells get clear ground.
  for (const [ref, f] of Object.entries(s.map.cells ?? {})) {
    const [col, row] = ref.split(',').map(Number) as [number, number];
    setTerrain({ col, row }, '.');
    cells[ref] = { ...f, ...(cells[ref] ?? {}) };
  }
  for (const u of s.orderOfBattle) {
    const [col, row] = u.cell.split(',').map(Number) as [number, number];
    setTerrain({ col, row }, '.');
  }

  s.id = `bench-${size}`;
  s.title = `Benchmark ${size}×${size}`;
  s.map = {
    ...s.map,
    grid: { kind: 'hex', orientation: 'flat', offset: 'odd', cols: size, rows: size, labels: 'CCRR' },
    terrainTypes: [
      { id: 'clear', code: '.', name: 'Clear', colour: '#e6e1c3', category: 'open' },
      { id: 'woods', code: 'f', name: 'Woods', colour: '#7f9f6a', category: 'difficult' },
      { id: 'city', code: 'u', name: 'City', colour: '#a39b8f', category: 'urban' },
      { id: 'lake', code: '~', name: 'Lake', colour: '#8fb4d6', category: 'impassable', freezes: true },
      { id: 'mountain', code: '^', name: 'Mountains', colour: '#9c8466', category: 'impassable' },
    ],
    terrain,
    control,
    cells,
    rivers: [...rivers],
    lakeShores: [],
    roads: [...roads],
    rails: [...rails],
  };
  return s;
}

/**
 * The built renderer served by the web host with `scenarios` as its only bundled ones, and
 * headless Chromium (Debian's) to open it. `close` stops both and removes the temp folder.
 */
export async function startBenchHarness(scenarios: Scenario[]) {
  ensureRenderer('e2e'); // the build with the page test hook the benchmarks drive

  const tmp = mkdtempSync(path.join(os.tmpdir(), 'gridfront-bench-'));
  const scenariosDir = path.join(tmp, 'scenarios');
  mkdirSync(scenariosDir);
  for (const scenario of scenarios) writeFileSync(path.join(scenariosDir, `${scenario.id}.json`), JSON.stringify(scenario));
  const { server, host } = await startWebHost({ port: 0, dataDir: path.join(tmp, 'data'), scenariosDir, staticDir: rendererDir('e2e') });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const close = async () => {
    await browser.close();
    await Promise.all([server.close(), host.close()]);
    rmSync(tmp, { recursive: true, force: true });
  };
  return { browser, server, close };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function main(): Promise<void> {
  // Stdout carries only the JSON result; host and library chatter goes to stderr.
  console.log = (...args: unknown[]) => console.error(...args);
  const size = arg('size', 200);
  const runs = arg('runs', 5);
  const shotsAt = process.argv.indexOf('--screenshots');
  const shots = shotsAt >= 0 ? path.resolve(process.argv[shotsAt + 1] ?? 'bench-results') : null;
  const scenario = generateScenario(size);

  const validation: number[] = [];
  let issues: string[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const t0 = performance.now();
    const result = validateScenario(scenario);
    const ms = performance.now() - t0;
    if (i > 0) validation.push(ms); // the first run warms up the JIT
    issues = result.issues.filter((x) => x.severity === 'error').map((x) => `${x.pointer}: ${x.message}`);
  }

  const { browser, server, close } = await startBenchHarness([scenario]);
  const firstDraw: number[] = [];
  let source = 'host';
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(server.url);
    const card = page.locator(`[data-scenario-id="${scenario.id}"]`);
    const viaHost = await card.waitFor({ timeout: 15_000 }).then(
      () => true,
      () => false,
    );
    for (let i = 0; i < runs + 1; i++) {
      if (viaHost) {
        if (i > 0) await page.getByRole('button', { name: 'Scenarios' }).click();
        await card.click();
      } else {
        // The host left the scenario out (it did not validate): hand the document to the page.
        source = 'test hook';
        await page.evaluate((s) => window.__gridfront!.openScenario(s), scenario);
      }
      await page.waitForFunction(() => window.__gridfront?.map.ready === true, undefined, { timeout: 30_000 });
      const ms = await page.evaluate(() => window.__gridfront!.map.firstDrawMs);
      if (i > 0 && ms !== null) firstDraw.push(ms);
    }
    if (shots) {
      // Views a person would check by eye: the whole map, then closer zoom levels.
      mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: path.join(shots, `bench-${size}-fit.png`) });
      const map = page.getByTestId('map');
      const box = (await map.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      for (const [label, steps] of [['mid', 4], ['near', 5]] as const) {
        for (let k = 0; k < steps; k++) await page.mouse.wheel(0, -240);
        await page.waitForTimeout(400);
        await page.screenshot({ path: path.join(shots, `bench-${size}-${label}.png`) });
      }
    }
    if (pageErrors.length) throw new Error(`The page reported errors: ${pageErrors.join('; ')}`);
  } finally {
    await close();
  }

  const round = (x: number) => Math.round(x * 10) / 10;
  process.stdout.write(
    JSON.stringify(
      {
        bench: 'render',
        map: `${size}x${size} hex`,
        cells: size * size,
        rivers: scenario.map.rivers!.length,
        roads: scenario.map.roads!.length,
        rails: scenario.map.rails!.length,
        runs,
        source,
        firstDrawMs: { median: round(median(firstDraw)), min: round(Math.min(...firstDraw)), max: round(Math.max(...firstDraw)) },
        firstDrawTargetMs: 300,
        validateMs: { median: round(median(validation)), min: round(Math.min(...validation)) },
        scenarioValid: issues.length === 0,
        validationErrors: issues.slice(0, 5),
      },
      null,
      2,
    ) + '\n',
  );
}

// Run only as a script: bench-editor imports the generator and harness from here.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
