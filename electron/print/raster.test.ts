import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { crc32 } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import type { CellGrid, Scenario } from '../../shared/format/scenario.types.js';
import { createGrid } from '../../shared/grid/index.js';
import { layoutImage } from '../../shared/print/image.js';
import { layoutPrint } from '../../shared/print/layout.js';
import { PrintOptionsError } from '../../shared/print/options.js';
import { PT_PER_MM } from '../../shared/print/units.js';
import { PngBandWriter, tableCrc32 } from './png-stream.js';
import { createCanvas, Path2D } from '@napi-rs/canvas';
import { sha256Hex } from '../library/images.js';
import { BandPainter, bandingOf, decodeUnderlay, HELPER_MIN_PIXELS, imageJob, printPageJob, RasterSurface, rasterize, rasterToBytes } from './raster.js';
import { canvasFonts, CanvasSurface, type Canvas2D } from '../../shared/paint/canvas-surface.js';
import { compare, type Pixels } from './testing/pixel-compare.js';
import { gridSpecOf } from '../../shared/format/defaults.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const seed = (): Scenario => JSON.parse(readFileSync(join(root, 'scenarios/seed-000-example.json'), 'utf8')) as Scenario;

const decode = (bytes: Uint8Array): PNG => PNG.sync.read(Buffer.from(bytes));
const grey = (png: PNG, x: number, y: number): number => {
  const i = (y * png.width + x) * 4;
  return 0.299 * png.data[i]! + 0.587 * png.data[i + 1]! + 0.114 * png.data[i + 2]!;
};

describe('PNG written band by band', () => {
  it('decodes to the very rows that went in, whatever the band sizes', async () => {
    const width = 37;
    const height = 53;
    const rgba = new Uint8Array(width * height * 4);
    for (let i = 0; i < rgba.length; i++) rgba[i] = i % 4 === 3 ? 255 : (i * 7919) % 251;
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    sink.on('data', (c: Buffer) => chunks.push(c));
    const png = new PngBandWriter(sink, width, height, { dpi: 150, text: { Title: 'Bands' } });
    let row = 0;
    for (const rows of [1, 20, 7, 25]) {
      await png.writeBand(rgba.subarray(row * width * 4), rows);
      row += rows;
    }
    await png.end();
    const out = decode(Buffer.concat(chunks));
    expect([out.width, out.height]).toEqual([width, height]);
    expect(Buffer.from(out.data).equals(Buffer.from(rgba))).toBe(true);
  });

  it('writes RGB (the pixels are opaque) with every chunk whole, and refuses a band that is not opaque', async () => {
    // A width that is not a multiple of four: the last pixels of a row are packed one by one.
    const width = 7;
    const rgba = new Uint8Array(width * 2 * 4).fill(255);
    for (let i = 0; i < rgba.length; i += 4) [rgba[i], rgba[i + 1], rgba[i + 2]] = [i % 256, (i * 3) % 256, (i * 5) % 256];
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    sink.on('data', (c: Buffer) => chunks.push(c));
    const png = new PngBandWriter(sink, width, 2, { dpi: 300, text: { Title: 'Flat – map' } });
    await png.writeBand(rgba, 2);
    await png.end();
    const bytes = Buffer.concat(chunks);
    expect(bytes[25]).toBe(2); // IHDR's colour type: RGB
    // Every chunk's CRC is the CRC of its type and data (pngjs's reader below would refuse a bad one too).
    const types: string[] = [];
    for (let at = 8; at < bytes.length; ) {
      const len = bytes.readUInt32BE(at);
      types.push(bytes.toString('latin1', at + 4, at + 8));
      expect(bytes.readUInt32BE(at + 8 + len)).toBe(tableCrc32(bytes.subarray(at + 4, at + 8 + len), 0));
      at += 12 + len;
    }
    // zlib's output comes in pieces, an IDAT each.
    expect([...new Set(types)]).toEqual(['IHDR', 'pHYs', 'tEXt', 'IDAT', 'IEND']);
    const out = decode(bytes);
    expect(Buffer.from(out.data).equals(Buffer.from(rgba))).toBe(true);

    const seeThrough = rgba.slice();
    seeThrough[4 * 5 + 3] = 254;
    const next = new PngBandWriter(new PassThrough(), width, 2);
    await expect(next.writeBand(seeThrough, 2)).rejects.toThrow(/opaque/);
    // A band not on a 4-byte boundary (read byte by byte) is checked too.
    const odd = new Uint8Array(seeThrough.length + 1);
    odd.set(seeThrough, 1);
    await expect(new PngBandWriter(new PassThrough(), width, 2).writeBand(odd.subarray(1), 2)).rejects.toThrow(/opaque/);
  });

  it("pngjs's table CRC (for Node before 20.15) agrees with zlib's, continued across pieces", () => {
    const data = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 7919) % 256));
    expect(tableCrc32(data, 0)).toBe(crc32(data));
    expect(tableCrc32(data.subarray(300), tableCrc32(data.subarray(0, 300), 0))).toBe(crc32(data));
  });

  it('refuses rows past the image and an image missing rows', async () => {
    const png = new PngBandWriter(new PassThrough(), 4, 3);
    await expect(png.writeBand(new Uint8Array(4 * 4 * 4).fill(255), 4)).rejects.toThrow(/past the image's 3 rows/);
    await png.writeBand(new Uint8Array(4 * 4 * 2).fill(255), 2);
    await expect(png.end()).rejects.toThrow(/2 of its 3 rows/);
  });
});

describe('image layout', () => {
  it('a width in pixels is the image width exactly; the height keeps the map in proportion', () => {
    const l = layoutImage(seed(), { size: { widthPx: 1280 } });
    expect(l.widthPx).toBe(1280);
    expect(l.heightPx).toBe(Math.ceil(l.area.height * l.pxPerMm));
    const framed = layoutImage(seed(), { size: { widthPx: 1280 }, frame: true });
    expect(framed.widthPx).toBe(1280);
    // The frame takes room left of the map and below it (its panel).
    expect(framed.area.x - framed.picture.x).toBeGreaterThan(0);
    expect(framed.heightPx).toBeGreaterThan(l.heightPx);
  });

  it('dpi is pixels per inch at print scale, and cell-px pixels across a cell', () => {
    const s = seed();
    const byDpi = layoutImage(s, { size: { dpi: 150 } });
    expect(byDpi.pxPerMm).toBeCloseTo(150 / 25.4, 9);
    const byCell = layoutImage(s, { size: { cellPx: 24 } });
    expect(byCell.pxPerMm * byCell.cellSizeMm).toBeCloseTo(24, 9);
  });

  it('a view shows only its part of the map, cut to the map', () => {
    const s = seed();
    const l = layoutImage(s, { size: { cellPx: 50 }, view: { x: 2, y: 3, width: 4, height: 2 } });
    expect(l.area.x).toBeCloseTo(2 * l.cellSizeMm, 9);
    expect(l.widthPx).toBe(200);
    expect(l.heightPx).toBe(100);
    expect(() => layoutImage(s, { size: { cellPx: 50 }, view: { x: 500, y: 500, width: 4, height: 2 } })).toThrow(PrintOptionsError);
  });

  it('names the bad size', () => {
    for (const size of [{ widthPx: 3 }, { dpi: 0 }, { cellPx: 1e6 }]) {
      try {
        layoutImage(seed(), { size });
        expect.unreachable();
      } catch (e) {
        expect((e as PrintOptionsError).problems[0]!.field).toBe(Object.keys(size)[0]);
      }
    }
    const huge = seed();
    huge.map.grid = { ...(huge.map.grid as CellGrid), cols: 2000, rows: 2000 };
    expect(() => layoutImage(huge, { size: { cellPx: 200 } })).toThrow(/at most 100000 px a side/);
  });
});

describe('raster export', () => {
  it('a 10 cm hex on a PNG page at 600 dpi measures 100.0 mm ± 0.2 across flats', async () => {
    const scenario = seed();
    const layout = layoutPrint(scenario, { mode: 'grid', paper: 'A4', cellSize: { value: 10, unit: 'cm' } });
    const page = layout.pages.find((p) => p.wholeCells.length > 0)!;
    const cell = page.wholeCells.find((c) => page.registrationMarks.every((m) => Math.abs(m.at.x - createGrid(gridSpecOf(scenario)).center(c, 100).x) > 6))!;
    const png = decode(await rasterToBytes(printPageJob(scenario, layout, page.index + 1, 600)));
    const centre = createGrid(gridSpecOf(scenario)).center(cell, layout.cellSizeMm);
    const toPx = (pt: number): number => (pt / 72) * 600;
    const area = page.furniture.mapAreaPt;
    const x = Math.round(toPx(area.x + (centre.x - page.window.x) * PT_PER_MM));
    const y0 = Math.round(toPx(area.y + (centre.y - page.window.y) * PT_PER_MM));
    /** Middle of the first dark run from the centre going up or down. */
    const edge = (dir: 1 | -1): number => {
      let y = y0;
      while (grey(png, x, y) >= 128) y += dir;
      const start = y;
      while (grey(png, x, y) < 128) y += dir;
      return (start + y - dir) / 2;
    };
    const mm = ((edge(1) - edge(-1)) / 600) * 25.4;
    expect(Math.abs(mm - 100)).toBeLessThanOrEqual(0.2);
  });

  it('drawing in many bands gives the picture one band gives', async () => {
    const scenario = seed();
    const layout = layoutImage(scenario, { size: { cellPx: 40 }, layers: { units: true } });
    const whole = decode(await rasterToBytes(imageJob(scenario, layout)));
    const banded = decode(await rasterToBytes({ ...imageJob(scenario, layout), bandBytes: layout.widthPx * 4 * 23 }));
    expect([banded.width, banded.height]).toEqual([whole.width, whole.height]);
    let differ = 0;
    let worst = 0;
    for (let i = 0; i < whole.data.length; i++) {
      const d = Math.abs(whole.data[i]! - banded.data[i]!);
      if (d > 2) differ++;
      worst = Math.max(worst, d);
    }
    // Nothing is missing or doubled at band joins (a missing road or grid line is a difference
    // of 100 or more over dozens of pixels). Bands are drawn with overlapping rows, so a join
    // is not an edge of the canvas; what is left is Skia's sub-pixel rounding on the edge of a
    // stroke whose device coordinates moved by the band's whole-pixel offset: a coverage step
    // (at most about 1/8, 32 levels) on a few edge pixels.
    expect(worst).toBeLessThanOrEqual(32);
    expect(differ / whole.data.length).toBeLessThan(0.005);
  });

  it('the underlay picture is drawn only when asked, where the scenario places it', async () => {
    const c = createCanvas(50, 50);
    const ctx = c.getContext('2d');
    ctx.fillStyle = '#ff0000';
    ctx.fillRect(0, 0, 50, 50);
    const red = c.encodeSync('png');
    const scenario = seed();
    // 50 px × 0.04 = 2 cells square, its top-left corner at cell units (1, 1), fully opaque.
    scenario.map.underlay = { image: `${sha256Hex(red)}.png`, width: 50, height: 50, x: 1, y: 1, scale: 0.04, opacity: 1 };
    const redAt = (png: PNG, cx: number, cy: number) => {
      const i = (cy * png.width + cx) * 4;
      return png.data[i]! > 240 && png.data[i + 1]! < 30 && png.data[i + 2]! < 30;
    };
    const plain = layoutImage(scenario, { size: { cellPx: 40 } });
    expect(plain.underlay).toBe(false);
    const without = decode(await rasterToBytes(imageJob(scenario, plain)));
    const asked = layoutImage(scenario, { size: { cellPx: 40 }, underlay: true });
    const withIt = decode(await rasterToBytes(imageJob(scenario, asked, await decodeUnderlay(scenario, red))));
    // The middle of the picture: cell units (2, 2) → pixels from the image's own origin.
    const px = Math.round((2 * asked.cellSizeMm - asked.picture.x) * asked.pxPerMm);
    const py = Math.round((2 * asked.cellSizeMm - asked.picture.y) * asked.pxPerMm);
    expect(redAt(withIt, px, py)).toBe(true);
    expect(redAt(without, px, py)).toBe(false);
    // Outside the picture the two images agree.
    expect(redAt(withIt, Math.round(px + 2.5 * 40), py)).toBe(false);
    scenario.map.underlay.print = true;
    expect(layoutImage(scenario, { size: { cellPx: 40 } }).underlay).toBe(true);
  });

  it('cell numbers stay readable over woods, marsh, towns and railways: they keep a rim of their cell\'s colour', async () => {
    const scenario = seed();
    const grid = createGrid(gridSpecOf(scenario));
    // Big cells (numbers 16 px high): what a printed mat shows. Drawn whole, then with nothing
    // but fills, grid and numbers: within each number's box the two must agree.
    const all = { terrain: true, symbols: true, grid: true, coordinates: true, rivers: false, roads: true, control: false, markers: false, names: false, units: false };
    const full = layoutImage(scenario, { size: { cellPx: 220 } });
    const withLayers = (layers: typeof all) => ({ ...full, style: { ...full.style, layers: { ...full.style.layers, ...layers } } });
    const a = decode(await rasterToBytes(imageJob(scenario, withLayers(all))));
    const b = decode(await rasterToBytes(imageJob(scenario, withLayers({ ...all, symbols: false, roads: false }))));
    const S = full.cellSizeMm;
    const top = grid.cornerOffsets(S).reduce((m, p) => Math.min(m, p.y), 0);
    const size = S * 0.075;
    // 0301 and 0103 (woods), 0403 (marsh), 0504 (a town under a railway), 0503 (a railway).
    const checked = ['0301', '0103', '0403', '0504', '0503'];
    let apart = 0;
    for (const label of checked) {
      const cell = grid.cellAt([...Array(grid.cellCount).keys()].find((i) => grid.label(grid.cellAt(i)) === label)!);
      const c = grid.center(cell, S);
      const toPx = (x: number, y: number) => [Math.round((x - full.picture.x) * full.pxPerMm), Math.round((y - full.picture.y) * full.pxPerMm)] as const;
      // The digits' box: four digits about 0.55 × size wide each, from the baseline up 0.7 × size.
      const [x0, y0] = toPx(c.x - 1.05 * size, c.y + top * 0.72 + size * 0.9 - 0.7 * size);
      const [x1, y1] = toPx(c.x + 1.05 * size, c.y + top * 0.72 + size * 0.9);
      let worst = 0;
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) worst = Math.max(worst, Math.abs(grey(a, x, y) - grey(b, x, y)));
      // Anti-aliasing of the rim's outer edge only; a tree or a railway tie is 60+ apart.
      expect(worst, `cell ${label}`).toBeLessThan(40);
      // Not blind: next to the number (left of it, same height) the symbols or the railway do show.
      for (let y = y0; y <= y1; y++) for (let x = x0 - Math.round(2.2 * size * full.pxPerMm); x < x0 - Math.round(0.4 * size * full.pxPerMm); x++) if (Math.abs(grey(a, x, y) - grey(b, x, y)) > 60) apart++;
    }
    expect(apart).toBeGreaterThan(0);
  });

  it('cells under three pixels are sampled: each cell centre shows its terrain colour', async () => {
    const scenario = seed();
    const layout = layoutImage(scenario, { size: { cellPx: 2.5 }, layers: { terrain: true, rivers: false, roads: false, control: false, markers: false, names: false, units: false } });
    const png = decode(await rasterToBytes(imageJob(scenario, layout)));
    const grid = createGrid(gridSpecOf(scenario));
    const s = layout.cellSizeMm;
    let same = 0;
    for (let i = 0; i < grid.cellCount; i++) {
      const cell = grid.cellAt(i);
      const c = grid.center(cell, s);
      const x = Math.floor((c.x - layout.picture.x) * layout.pxPerMm);
      const y = Math.floor((c.y - layout.picture.y) * layout.pxPerMm);
      const code = scenario.map.terrain![cell.row]![cell.col]!;
      const want = scenario.map.terrainTypes.find((t) => t.code === code)!.colour;
      const at = (y * png.width + x) * 4;
      const got = `#${[0, 1, 2].map((j) => png.data[at + j]!.toString(16).padStart(2, '0')).join('')}`;
      if (got === want.toLowerCase()) same++;
    }
    expect(same).toBe(grid.cellCount);
  });

  it('a picture stamped many times is the picture drawn in place (symbols of every cell of woods and towns)', async () => {
    const scenario = seed();
    // 200 px a cell: pictures too big to keep are drawn in place, at their own cells.
    for (const cellPx of [24, 60, 200]) {
      const layout = layoutImage(scenario, { size: { cellPx }, view: { x: 0, y: 0, width: 14, height: 12 }, layers: { units: false } });
      const job = imageJob(scenario, layout);
      const draw = (stamped: boolean): Pixels => {
        const canvas = createCanvas(job.width, job.height);
        const ctx = canvas.getContext('2d');
        ctx.fillStyle = '#ffffff';
        ctx.fillRect(0, 0, job.width, job.height);
        const k = job.scale;
        ctx.setTransform(k, 0, 0, k, -job.origin.x * k, -job.origin.y * k);
        const surface = stamped ? new RasterSurface(ctx, k) : new CanvasSurface(ctx as unknown as Canvas2D, k, 0.6, (d) => new Path2D(d));
        job.draw(surface, canvasFonts(ctx as unknown as Canvas2D), { x: job.origin.x, y: job.origin.y, width: job.width / k, height: job.height / k });
        return { width: job.width, height: job.height, data: new Uint8ClampedArray(canvas.data()) };
      };
      const inPlace = draw(false);
      const stamped = draw(true);
      const d = compare(inPlace, stamped);
      // Each symbol sits within 1/8 px of its place: anti-aliasing differences only.
      expect(d.far).toBe(0);
      expect(d.mean).toBeLessThan(0.5);
      // Not blind: without its symbols the same view is far off.
      const bare = imageJob(scenario, { ...layout, style: { ...layout.style, layers: { ...layout.style.layers, symbols: false } } });
      const canvas = createCanvas(job.width, job.height);
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, job.width, job.height);
      ctx.setTransform(job.scale, 0, 0, job.scale, -job.origin.x * job.scale, -job.origin.y * job.scale);
      bare.draw(new RasterSurface(ctx, job.scale), canvasFonts(ctx as unknown as Canvas2D), { x: job.origin.x, y: job.origin.y, width: job.width / job.scale, height: job.height / job.scale });
      expect(compare(stamped, { width: job.width, height: job.height, data: new Uint8ClampedArray(canvas.data()) }).far).toBeGreaterThan(0.01);
    }
  });

  it('bands drawn by a helper make the very PNG one thread makes', async () => {
    const scenario = seed();
    const layout = layoutImage(scenario, { size: { cellPx: 40 }, layers: { units: true } });
    const job = { ...imageJob(scenario, layout), bandBytes: layout.widthPx * 4 * 97 };
    expect(bandingOf(job).bands).toBeGreaterThan(3);
    // A helper as the worker thread is one (band-worker.ts): its own painter of the same job.
    const other = new BandPainter(job, bandingOf(job));
    const asked: number[] = [];
    const helper = {
      draw: async (b: number) => (asked.push(b), new Uint8Array(other.draw(b))),
      close: async () => undefined,
    };
    const png = async (h?: typeof helper) => {
      const sink = new PassThrough();
      const chunks: Buffer[] = [];
      sink.on('data', (c: Buffer) => chunks.push(c));
      await rasterize(job, sink, undefined, h);
      return Buffer.concat(chunks);
    };
    const alone = await png();
    const helped = await png(helper);
    expect(asked.length).toBe(Math.floor(bandingOf(job).bands / 2));
    expect(asked.every((b) => b % 2 === 1)).toBe(true);
    expect(helped.equals(alone)).toBe(true);
  });

  it('npm run export draws a big image on two threads, and the PNG is the one a single thread draws', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gridfront-export-'));
    try {
      const run = (threads: string, out: string) =>
        spawnSync(process.execPath, ['scripts/cli.mjs', 'export', 'scenarios/seed-000-example.json', '--png', '--width', '3000', '--layers', 'terrain,rivers,roads,names', '--out', out], {
          cwd: root,
          encoding: 'utf8',
          env: { ...process.env, GRIDFRONT_EXPORT_THREADS: threads },
        });
      const two = run('2', join(dir, 'two.png'));
      const one = run('1', join(dir, 'one.png'));
      expect([two.stderr, one.stderr]).toEqual(['', '']);
      expect([two.status, one.status]).toEqual([0, 0]);
      const report = JSON.parse(two.stdout) as { width: number; height: number; bands: number; threads: number };
      expect(report.width * report.height).toBeGreaterThanOrEqual(HELPER_MIN_PIXELS);
      expect(report.bands).toBeGreaterThan(1);
      expect(report.threads).toBe(2);
      expect((JSON.parse(one.stdout) as { threads: number }).threads).toBe(1);
      expect(readFileSync(join(dir, 'two.png')).equals(readFileSync(join(dir, 'one.png')))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('npm run export writes a PNG of the asked width and says so in JSON', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gridfront-export-'));
    try {
      const out = join(dir, 'map.png');
      const r = spawnSync(process.execPath, ['scripts/cli.mjs', 'export', 'scenarios/seed-000-example.json', '--png', '--width', '640', '--frame', '--out', out], { cwd: root, encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const report = JSON.parse(r.stdout) as { width: number; height: number };
      const png = decode(readFileSync(out));
      expect([png.width, png.height]).toEqual([640, report.height]);
      const bad = spawnSync(process.execPath, ['scripts/cli.mjs', 'export', 'scenarios/seed-000-example.json', '--png', '--width', '640', '--dpi', '100', '--out', out], { cwd: root, encoding: 'utf8' });
      expect(bad.status).toBe(2);
      expect(bad.stderr).toMatch(/exactly one of --width, --dpi and --cell-px/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
