// Command-line exchange with Tiled (and VASSAL): a scenario's map out to a Tiled map, a Tiled
// map in to a new scenario.
//
//   npm run export -- <scenario.json> --tmx|--tmj --out <map.tmx|map.tmj>
//   npm run export -- <scenario.json> --vmod --out <module.vmod> [--cell-px 100]
//   npm run import -- <map.tmx|map.tmj> --out <scenario.json> [--tile 5=woods ...]
//
// A Tiled export writes the map and, beside it, its two tileset pictures (<stem>-terrain.png and
// <stem>-control.png), drawn by the map painter on @napi-rs/canvas.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { nanoid } from 'nanoid';
import yazl from 'yazl';
import { createWriteStream } from 'node:fs';
import { vassalModuleOf } from '../shared/interop/vassal/module.js';
import { createCanvas } from '@napi-rs/canvas';
import { parseJson } from '../shared/format/json.js';
import { loadScenario } from '../shared/format/migrate.js';
import { validateScenario } from '../shared/format/validate.js';
import { DEFAULT_TERRAIN_TYPES } from '../shared/format/new-scenario.js';
import type { Scenario } from '../shared/format/scenario.types.js';
import { TiledDataError } from '../shared/interop/tiled/data.js';
import type { TileSheet } from '../shared/interop/tiled/export.js';
import { readTiled, tiledFiles, type TiledFormat } from '../shared/interop/tiled/files.js';
import { importTiled, TiledImportError } from '../shared/interop/tiled/import.js';
import type { SheetContext } from '../shared/interop/tiled/tiles.js';

const EXPORT_USAGE = `Usage: npm run export -- <scenario.json> --tmx|--tmj|--vmod --out <file>
  --tmx     a Tiled map in XML (.tmx), with its tileset pictures beside it
  --tmj     a Tiled map in JSON (.tmj), with its tileset pictures beside it
  --vmod    a VASSAL module: the board, its grid numbered as Gridfront numbers it, a counter per
            unit in a palette per side, the units set up on their start cells, reinforcements,
            the ruleset's play aids as charts
  --cell-px 100   (--vmod) board pixels across a cell`;
const IMPORT_USAGE = `Usage: npm run import -- <map.tmx|map.tmj> --out <scenario.json> [--tile GID=TERRAIN ...] [--title TEXT]
  --tile 5=woods   the terrain for a tile that has no "terrain" property (by its gid, as the
                   import lists them); repeat for each such tile
  Terrain types a --tile may name: ${DEFAULT_TERRAIN_TYPES.map((t) => t.id).join(', ')}`;

class UsageError extends Error {}

/** Draws a tileset picture (or any module picture) on a Skia canvas and returns its PNG. */
export function paintSheetPng(sheet: Pick<TileSheet, 'width' | 'height' | 'draw'>): Uint8Array {
  const canvas = createCanvas(sheet.width, sheet.height);
  const ctx = canvas.getContext('2d');
  sheet.draw(ctx as unknown as SheetContext);
  return canvas.toBuffer('image/png');
}

async function readScenario(file: string): Promise<Scenario> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
  }
  const parsed = parseJson(text);
  if (!parsed.ok) throw new UsageError(`${file}: ${parsed.message}`);
  const loaded = loadScenario(parsed.value);
  if (!loaded.ok) throw new UsageError(`${file} is not a valid scenario:\n${loaded.issues.map((i) => `  ${i.pointer || '/'}: ${i.message}`).join('\n')}`);
  return loaded.scenario;
}

/** Writes a Tiled export of `scenario` to `out` (and its pictures beside it); returns the files written. */
export async function exportTiledFiles(scenario: Scenario, format: TiledFormat, out: string): Promise<string[]> {
  const stem = basename(out, extname(out));
  const files = await tiledFiles(scenario, format, stem, paintSheetPng);
  await mkdir(dirname(out) || '.', { recursive: true });
  const written: string[] = [];
  for (const f of files) {
    const path = f.name.endsWith(`.${format}`) ? out : join(dirname(out), f.name);
    await writeFile(path, f.bytes);
    written.push(path);
  }
  return written;
}

/** Writes a VASSAL module (.vmod: a zip of buildFile.xml, moduledata and images/) of `scenario` to `out`. */
export async function exportVassalModule(scenario: Scenario, out: string, cellPx?: number): Promise<{ file: string; entries: string[] }> {
  const module = vassalModuleOf(scenario, cellPx ? { cellPx } : {});
  const zip = new yazl.ZipFile();
  const entries = ['buildFile.xml', 'moduledata'];
  zip.addBuffer(Buffer.from(module.buildFile, 'utf8'), 'buildFile.xml');
  zip.addBuffer(Buffer.from(module.moduleData, 'utf8'), 'moduledata');
  const seen = new Set<string>();
  for (const image of module.images) {
    if (seen.has(image.path)) continue;
    seen.add(image.path);
    zip.addBuffer(Buffer.from(paintSheetPng(image)), image.path);
    entries.push(image.path);
  }
  zip.end();
  await mkdir(dirname(out) || '.', { recursive: true });
  await new Promise<void>((resolve, reject) => {
    const stream = createWriteStream(out);
    zip.outputStream.pipe(stream).on('close', () => resolve()).on('error', reject);
  });
  return { file: out, entries };
}

async function runExport(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { tmx: { type: 'boolean' }, tmj: { type: 'boolean' }, vmod: { type: 'boolean' }, out: { type: 'string' }, 'cell-px': { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help) return console.log(EXPORT_USAGE), 0;
  const formats = (['tmx', 'tmj', 'vmod'] as const).filter((f) => values[f]);
  if (formats.length !== 1) throw new UsageError('give exactly one of --tmx, --tmj, --vmod');
  const [file, ...extra] = positionals;
  if (!file || extra.length) throw new UsageError(file ? `unexpected argument "${extra[0]}"` : 'no scenario file given');
  if (!values.out) throw new UsageError('--out is required');
  const scenario = await readScenario(file);
  const format = formats[0]!;
  if (format === 'vmod') {
    const cellPx = values['cell-px'] === undefined ? undefined : Number(values['cell-px']);
    if (cellPx !== undefined && !(Number.isInteger(cellPx) && cellPx >= 24 && cellPx <= 400)) throw new UsageError('--cell-px: a whole number of pixels from 24 to 400');
    try {
      const made = await exportVassalModule(scenario, values.out, cellPx);
      console.log(JSON.stringify({ written: [made.file], entries: made.entries.length }));
    } catch (err) {
      if (err instanceof Error && !(err instanceof UsageError)) throw new TiledImportError(err.message);
      throw err;
    }
    return 0;
  }
  const written = await exportTiledFiles(scenario, format, values.out);
  console.log(JSON.stringify({ written }));
  return 0;
}

async function runImport(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { out: { type: 'string' }, tile: { type: 'string', multiple: true }, title: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help) return console.log(IMPORT_USAGE), 0;
  const [file, ...extra] = positionals;
  if (!file || extra.length) throw new UsageError(file ? `unexpected argument "${extra[0]}"` : 'no Tiled map given');
  if (!values.out) throw new UsageError('--out is required');
  const tileTerrain: Record<number, string> = {};
  for (const t of values.tile ?? []) {
    const m = /^(\d+)=([a-z0-9_-]+)$/.exec(t);
    if (!m) throw new UsageError(`--tile "${t}": write it as GID=TERRAIN, e.g. 5=woods`);
    if (!DEFAULT_TERRAIN_TYPES.some((x) => x.id === m[2])) throw new UsageError(`--tile "${t}": "${m[2]}" is not one of ${DEFAULT_TERRAIN_TYPES.map((x) => x.id).join(', ')}`);
    tileTerrain[Number(m[1])] = m[2]!;
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
  }
  const map = readTiled(file, text);
  const result = importTiled(map, { id: nanoid(12), fallbackTitle: values.title ?? basename(file, extname(file)), tileTerrain });
  if (result.kind === 'needs-mapping') {
    console.error(`${file}: ${result.tiles.length} tile${result.tiles.length === 1 ? '' : 's'} carry no "terrain" property; say which terrain each is with --tile GID=TERRAIN:`);
    for (const t of result.tiles) console.error(`  gid ${t.gid}: tile ${t.localId} of tileset "${t.tileset}"${t.rect ? ` (${t.image} at ${t.rect.x},${t.rect.y})` : ''}, on ${t.count} cell${t.count === 1 ? '' : 's'}`);
    return 1;
  }
  if (values.title) result.scenario.title = values.title;
  const checked = validateScenario(result.scenario);
  if (!checked.ok) throw new Error(`the imported scenario does not pass the schema:\n${checked.issues.map((i) => `  ${i.pointer}: ${i.message}`).join('\n')}`);
  await mkdir(dirname(values.out) || '.', { recursive: true });
  await writeFile(values.out, `${JSON.stringify(result.scenario, null, 2)}\n`);
  for (const line of result.report) console.error(`note: ${line}`);
  console.log(JSON.stringify({ written: values.out, title: result.scenario.title, notes: result.report.length }));
  return 0;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'export') return await runExport(rest);
    if (command === 'import') return await runImport(rest);
    throw new UsageError('say export or import');
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`${command ?? 'interop'}: ${err.message}\n${command === 'import' ? IMPORT_USAGE : EXPORT_USAGE}`);
      return 2;
    }
    if (err instanceof TiledDataError || err instanceof TiledImportError) {
      console.error(`${argv[1] ?? ''}: ${err.message}`);
      return 1;
    }
    throw err;
  }
}

if (process.argv[1] && /interop\.ts$/.test(process.argv[1])) {
  process.exitCode = await main(process.argv.slice(2));
}
