// `npm run bench:export [-- --runs 3 --sizes 200,1024 --keep DIR]`: how fast and how lean a PNG
// export of a big map is, as a user meets it: the whole `npm run export` process (Node start,
// loading, validating the scenario, drawing, encoding, writing), timed from outside.
//
// Maps: the generated flat-top hex maps of the render benchmark (200×200 and 1024×1024),
// terrain only (fills and the grid), at 1280 px wide and at full resolution (24 px across
// flats). When Tiled's `tmxrasterizer` is on the PATH, the same terrain is written as a TMX map
// (hexagonal, stagger axis x, odd columns shifted, 28×24 px tiles: a hex tileset with one tile
// per terrain type, outlined) and Tiled renders it in the same run, at the same sizes; the JSON
// then gives the ratio of Gridfront's time to Tiled's (target ≤ 1.0) and both peak memories
// (target for Gridfront's 200×200 exports: under 300 MB resident).
//
// Time is wall-clock of the whole process (median of --runs), and its CPU time (user + system);
// peak memory is the process's maximum resident set. CPU time and memory are read with GNU
// time (/usr/bin/time) where it is installed. `ratio` compares wall times, `cpuRatio` CPU
// times (the fairer figure when other work shares the machine).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import type { CellGrid, Scenario } from '../shared/format/scenario.types.js';
import { generateScenario } from './bench-render.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TIME = '/usr/bin/time';
const CELL_PX = 24;
/** Tiled's flat-top hex tile for 24 px across flats: 28 px wide (2·24/√3 rounded), sides 14 px. */
const TILE = { width: 28, height: 24, side: 14 };

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const runs = Number(option('runs') ?? 3);
const sizes = (option('sizes') ?? '200,1024').split(',').map(Number);
if (!Number.isInteger(runs) || runs < 1 || !sizes.every((n) => Number.isInteger(n) && n > 0)) throw new Error('--runs needs a whole number and --sizes a list like 200,1024');

interface Measure {
  ms: number;
  /** CPU time (user + system) in ms, or null without GNU time: steadier than wall time on a busy machine. */
  cpuMs: number | null;
  /** Peak resident memory in MB, or null without GNU time. */
  rssMB: number | null;
  width: number;
  height: number;
  bytes: number;
}

function onPath(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).status === 0;
}

function pngSize(file: string): { width: number; height: number } {
  const b = readFileSync(file).subarray(0, 24);
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/** Runs a command once, timed from outside; GNU time reports the peak resident set. */
function timed(cmd: string, args: string[], out: string, env: NodeJS.ProcessEnv = process.env): Measure {
  rmSync(out, { force: true });
  const withTime = existsSync(TIME);
  const report = path.join(path.dirname(out), 'time.txt');
  const argv = withTime ? [TIME, '-f', '%M %U %S', '-o', report, cmd, ...args] : [cmd, ...args];
  const t0 = performance.now();
  const r = spawnSync(argv[0]!, argv.slice(1), { encoding: 'utf8', env, cwd: root, maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - t0;
  if (r.status !== 0 || !existsSync(out)) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr.slice(-2000)}`);
  const [rssKB, user, sys] = withTime ? readFileSync(report, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number) : [NaN, NaN, NaN];
  const cpu = (user! + sys!) * 1000;
  return { ms, cpuMs: Number.isFinite(cpu) ? Math.round(cpu) : null, rssMB: Number.isFinite(rssKB) ? Math.round(rssKB! / 1024) : null, ...pngSize(out), bytes: statSync(out).size };
}

function median(list: Measure[]): Measure {
  const sorted = [...list].sort((a, b) => a.ms - b.ms);
  const m = sorted[Math.floor(sorted.length / 2)]!;
  return { ...m, ms: Math.round(m.ms), rssMB: Math.max(...list.map((x) => x.rssMB ?? 0)) || null };
}

function repeat(n: number, once: () => Measure): Measure {
  return median(Array.from({ length: n }, once));
}

/** The terrain-only hex tileset: one outlined hex per terrain type, in one row. */
function writeTileset(dir: string, scenario: Scenario): string {
  const types = scenario.map.terrainTypes;
  const canvas = createCanvas(TILE.width * types.length, TILE.height);
  const ctx = canvas.getContext('2d');
  const off = (TILE.width - TILE.side) / 2;
  types.forEach((t, i) => {
    const x = i * TILE.width;
    ctx.beginPath();
    ctx.moveTo(x + off, 0.5);
    ctx.lineTo(x + off + TILE.side, 0.5);
    ctx.lineTo(x + TILE.width - 0.5, TILE.height / 2);
    ctx.lineTo(x + off + TILE.side, TILE.height - 0.5);
    ctx.lineTo(x + off, TILE.height - 0.5);
    ctx.lineTo(x + 0.5, TILE.height / 2);
    ctx.closePath();
    ctx.fillStyle = t.colour;
    ctx.fill();
    ctx.strokeStyle = '#1a1a1a';
    ctx.lineWidth = 1;
    ctx.stroke();
  });
  const file = path.join(dir, 'terrain-tiles.png');
  writeFileSync(file, canvas.encodeSync('png'));
  return file;
}

/**
 * The scenario's terrain as a Tiled map: hexagonal orientation, stagger axis x (flat-top
 * columns), odd columns shifted down, one tile layer whose gids index the tileset above,
 * base64 zlib-compressed as Tiled writes by default.
 */
function writeTmx(dir: string, scenario: Scenario): string {
  const { cols, rows } = scenario.map.grid as CellGrid;
  const types = scenario.map.terrainTypes;
  const gid = new Map(types.map((t, i) => [t.code, i + 1]));
  const data = Buffer.alloc(cols * rows * 4);
  (scenario.map.terrain ?? []).forEach((line, r) => {
    for (let c = 0; c < cols; c++) data.writeUInt32LE(gid.get(line[c]!) ?? 0, (r * cols + c) * 4);
  });
  writeTileset(dir, scenario);
  const tmx = `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="hexagonal" renderorder="right-down" width="${cols}" height="${rows}" tilewidth="${TILE.width}" tileheight="${TILE.height}" infinite="0" hexsidelength="${TILE.side}" staggeraxis="x" staggerindex="odd" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" name="terrain" tilewidth="${TILE.width}" tileheight="${TILE.height}" tilecount="${types.length}" columns="${types.length}">
  <image source="terrain-tiles.png" width="${TILE.width * types.length}" height="${TILE.height}"/>
 </tileset>
 <layer id="1" name="Terrain" width="${cols}" height="${rows}">
  <data encoding="base64" compression="zlib">${deflateSync(data).toString('base64')}</data>
 </layer>
</map>
`;
  const file = path.join(dir, 'map.tmx');
  writeFileSync(file, tmx);
  return file;
}

function main(): void {
  const keep = option('keep');
  const work = keep ? path.resolve(keep) : mkdtempSync(path.join(os.tmpdir(), 'gridfront-bench-export-'));
  mkdirSync(work, { recursive: true });
  const tiled = onPath('tmxrasterizer');
  // Build the export bundle and its code cache once, outside the timings, as a user's first
  // export does (npm run export rebuilds them when a source is newer): a small image of a
  // bundled scenario.
  const warmOut = path.join(work, 'warm.png');
  const warm = spawnSync(process.execPath, ['scripts/cli.mjs', 'export', 'scenarios/seed-000-example.json', '--png', '--width', '200', '--out', warmOut], { cwd: root, encoding: 'utf8' });
  if (warm.status !== 0) throw new Error(`the export bundle could not be built: ${warm.stderr}`);

  const results: Record<string, unknown>[] = [];
  try {
    for (const size of sizes) {
      const dir = path.join(work, `hex-${size}`);
      mkdirSync(dir, { recursive: true });
      const scenario = generateScenario(size);
      const json = path.join(dir, 'map.json');
      writeFileSync(json, JSON.stringify(scenario));
      // The full-resolution 1024×1024 export is minutes of work; once is enough.
      const n = size > 400 ? 1 : runs;
      const gridfront = (args: string[], out: string) =>
        repeat(n, () => timed(process.execPath, ['scripts/cli.mjs', 'export', json, '--png', '--layers', 'terrain,grid', '--coords', 'none', ...args, '--out', out], out));
      const g1280 = gridfront(['--width', '1280'], path.join(dir, 'gridfront-1280.png'));
      const gFull = gridfront(['--cell-px', String(CELL_PX)], path.join(dir, 'gridfront-full.png'));
      const entry: Record<string, unknown> = {
        map: `${size} x ${size} flat-top hexes, terrain only`,
        runs: n,
        gridfront: { w1280: g1280, full: gFull },
      };
      if (tiled) {
        const tmx = writeTmx(dir, scenario);
        const env = { ...process.env, QT_QPA_PLATFORM: 'offscreen' };
        const fullWidth = pngSize(path.join(dir, 'gridfront-full.png')).width;
        const tFull = repeat(n, () => timed('tmxrasterizer', [tmx, path.join(dir, 'tiled-full.png')], path.join(dir, 'tiled-full.png'), env));
        // Tiled's --scale from the width its full-size image has, so both images are 1280 wide.
        const t1280 = repeat(n, () => timed('tmxrasterizer', ['--scale', String(1280 / tFull.width), tmx, path.join(dir, 'tiled-1280.png')], path.join(dir, 'tiled-1280.png'), env));
        entry.tiled = { w1280: t1280, full: tFull };
        const ratio = (a: number | null, b: number | null) => (a && b ? Math.round((a / b) * 100) / 100 : null);
        entry.ratio = { w1280: ratio(g1280.ms, t1280.ms), full: ratio(gFull.ms, tFull.ms) };
        entry.cpuRatio = { w1280: ratio(g1280.cpuMs, t1280.cpuMs), full: ratio(gFull.cpuMs, tFull.cpuMs) };
        entry.note = `Gridfront's full-resolution image is ${fullWidth} px wide with its margin; Tiled's ${tFull.width}`;
      }
      results.push(entry);
    }
  } finally {
    if (!keep) rmSync(work, { recursive: true, force: true });
  }
  console.log(
    JSON.stringify(
      {
        machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? '?'}`,
        load: os.loadavg().map((l) => Math.round(l * 10) / 10),
        tmxrasterizer: tiled ? 'on the PATH: compared in the same run' : 'not on the PATH (apt-get install tiled): Gridfront only',
        cellPx: CELL_PX,
        targets: { ratioToTiled: '<= 1.0', rssMB200: '< 300' },
        results,
        ...(keep ? { images: work } : {}),
      },
      null,
      1,
    ),
  );
}

main();
