// The Tiled export as Tiled itself draws it: Debian's `tiled` package renders each bundled
// scenario's exported TMX with tmxrasterizer, and the colour at the centre of every cell of the
// picture must be the colour at the centre of that cell's terrain tile. Then the command line:
// export and import through `npm run export` / `npm run import`'s entry point.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadImage, createCanvas, type Image } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { gridSpecOf } from '../shared/format/defaults.js';
import type { Scenario } from '../shared/format/scenario.types.js';
import { createGrid } from '../shared/grid/index.js';
import { GF_SIZE, pixelMap, tiledShapeOf } from '../shared/interop/tiled/layout.js';
import { mapEssentials } from '../shared/interop/tiled/testing.js';
import { decodeRows } from '../shared/format/board.js';
import { onPath } from './prerequisites.js';
import { exportTiledFiles, main } from './interop.js';

const root = join(__dirname, '..');
const bundled = readdirSync(join(root, 'scenarios'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => ({ file: join(root, 'scenarios', f), scenario: JSON.parse(readFileSync(join(root, 'scenarios', f), 'utf8')) as Scenario }))
  .filter(({ scenario }) => scenario.map.grid.kind !== 'network');

const rasterizer = onPath('tmxrasterizer', process.env);
if (!rasterizer) {
  console.warn(
    "\n*** SKIPPED: the Tiled export check needs Tiled's tmxrasterizer, which is not installed. `npm test` installs it (scripts/prerequisites.ts, Debian package \"tiled\"); here run: apt-get install tiled ***\n",
  );
}

const dir = mkdtempSync(join(tmpdir(), 'gf-tiled-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function pixels(img: Image): { at(x: number, y: number): [number, number, number, number]; width: number; height: number } {
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const data = ctx.getImageData(0, 0, img.width, img.height).data;
  return {
    width: img.width,
    height: img.height,
    at: (x, y) => {
      const i = (Math.round(y) * img.width + Math.round(x)) * 4;
      return [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
    },
  };
}

describe.skipIf(!rasterizer)("Tiled's own renderer (tmxrasterizer) draws each cell with its terrain", () => {
  for (const { scenario } of bundled) {
    it(`${scenario.title} (${scenario.map.grid.kind})`, async () => {
      const stem = scenario.id;
      const out = join(dir, `${stem}.tmx`);
      await exportTiledFiles(scenario, 'tmx', out);
      const png = join(dir, `${stem}-render.png`);
      const run = spawnSync(rasterizer!, ['--show-layer', 'Terrain', out, png], { env: { ...process.env, QT_QPA_PLATFORM: 'offscreen' }, encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      const render = pixels(await loadImage(readFileSync(png)));
      const sheet = pixels(await loadImage(readFileSync(join(dir, `${stem}-terrain.png`))));
      const spec = gridSpecOf(scenario);
      const grid = createGrid(spec);
      const shape = tiledShapeOf(spec);
      const px = pixelMap(grid, shape);
      const types = scenario.map.terrainTypes;
      const terrain = decodeRows(scenario.map.terrain!, types.map((t) => t.code), spec.cols, spec.rows);
      const columns = Math.min(8, types.length);
      // What each terrain looks like at its tile's centre (fill, or a symbol drawn over the centre).
      const look = types.map((_, k) => sheet.at((k % columns) * shape.tilewidth + shape.tilewidth / 2, Math.floor(k / columns) * shape.tileheight + shape.tileheight / 2));
      let wrong = 0;
      const misses: string[] = [];
      for (let i = 0; i < grid.cellCount; i++) {
        const cell = grid.cellAt(i);
        const c = px.toTiled(grid.center(cell, GF_SIZE));
        const got = render.at(c.x, c.y);
        const want = look[terrain[i]!]!;
        const far = Math.max(...[0, 1, 2].map((ch) => Math.abs(got[ch]! - want[ch]!)));
        if (far > 16) {
          wrong++;
          if (misses.length < 5) misses.push(`${grid.label(cell)}: got rgb(${got.slice(0, 3).join(',')}) want rgb(${want.slice(0, 3).join(',')}) (${types[terrain[i]!]!.name})`);
        }
      }
      expect(misses, `${wrong} of ${grid.cellCount} cells`).toEqual([]);
      // The picture is the map's size: Tiled laid the tiles out where Gridfront's cells are.
      const last = px.toTiled(grid.center({ col: spec.cols - 1, row: spec.rows - 1 }, GF_SIZE));
      expect(render.width).toBeGreaterThan(last.x);
      expect(render.height).toBeGreaterThan(last.y);
    }, 30_000);
  }
});

describe('npm run export / npm run import', () => {
  it('exports a bundled scenario to TMJ with its pictures and imports it back to a scenario file with the same map', async () => {
    const { file, scenario } = bundled.find((b) => b.scenario.map.grid.kind === 'hex')!;
    const tmj = join(dir, 'cli', 'front.tmj');
    const log = console.log;
    const lines: string[] = [];
    console.log = (line: string) => void lines.push(line);
    try {
      expect(await main(['export', file, '--tmj', '--out', tmj])).toBe(0);
      expect(JSON.parse(lines[0]!).written).toEqual([tmj, join(dir, 'cli', 'front-terrain.png'), join(dir, 'cli', 'front-control.png')]);
      const back = join(dir, 'cli', 'back.json');
      expect(await main(['import', tmj, '--out', back])).toBe(0);
      const imported = JSON.parse(readFileSync(back, 'utf8')) as Scenario;
      expect(mapEssentials(imported)).toEqual(mapEssentials(scenario));
      expect(imported.title).toBe(scenario.title);
    } finally {
      console.log = log;
    }
  });

  it('refuses without a format flag, and lists the tiles to map when tiles carry no terrain', async () => {
    const err = console.error;
    const errors: string[] = [];
    console.error = (line: string) => void errors.push(line);
    try {
      expect(await main(['export', bundled[0]!.file, '--out', join(dir, 'x.tmx')])).toBe(2);
      expect(errors.join('\n')).toMatch(/--tmx/);
      const bare = join(dir, 'bare.tmx');
      writeFileSync(
        bare,
        `<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" orientation="orthogonal" renderorder="right-down" width="2" height="1" tilewidth="32" tileheight="32" infinite="0">\n <tileset firstgid="1" name="plain" tilewidth="32" tileheight="32" tilecount="4" columns="2"><image source="plain.png" width="64" height="64"/></tileset>\n <layer id="1" name="Ground" width="2" height="1"><data encoding="csv">1,4</data></layer>\n</map>\n`,
      );
      errors.length = 0;
      expect(await main(['import', bare, '--out', join(dir, 'bare.json')])).toBe(1);
      expect(errors.join('\n')).toMatch(/gid 4: tile 3 of tileset "plain" \(plain.png at 32,32\)/);
      expect(await main(['import', bare, '--out', join(dir, 'bare.json'), '--tile', '1=open', '--tile', '4=woods'])).toBe(0);
      const s = JSON.parse(readFileSync(join(dir, 'bare.json'), 'utf8')) as Scenario;
      expect(s.map.terrain).toEqual(['.w']);
    } finally {
      console.error = err;
    }
  });
});
