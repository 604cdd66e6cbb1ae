// One symbology, four outputs: the same scenario drawn as a PDF page (single sheet), an SVG
// export, a PNG export and on screen (the screen's tile painter, tile by tile, through the
// canvas adapter, with the designer's start-position counters over it), all at 2 px per map
// millimetre, rasterised and compared pixel by pixel (testing/pixel-compare.ts). Text comes out
// in each output's own font, and anti-aliasing differs; colours, symbols, lines, markers and
// counters must not. An output drawn with one colour changed must fail the same comparison.
// e2e/symbology-pixels.spec.ts does the same with the real designer on screen.
//
// The PNG is the app's image export (electron/print/raster.ts: the painter on a Skia canvas,
// banded and encoded), decoded again. The PDF is turned into pixels by pdf.js
// (testing/pdf-pixels.ts) and the SVG by resvg (@resvg/resvg-js).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import example from '../../scenarios/seed-000-example.json' with { type: 'json' };
import type { Scenario } from '../../shared/format/scenario.types.js';
import { canvasFonts } from '../../shared/paint/canvas-surface.js';
import { sideGroups } from '../../shared/paint/counters.js';
import { buildPaintModel } from '../../shared/paint/model.js';
import { layoutPrint } from '../../shared/print/layout.js';
import { toMm } from '../../shared/print/units.js';
import { ALL_MAP_LAYERS, paintTile } from '../../renderer/src/map/draw.js';
import { exportSvg } from '../../renderer/src/map/export.js';
import { drawStack } from '../../renderer/src/map/units.js';
import { layoutImage } from '../../shared/print/image.js';
import { renderLayoutPdf } from './pdf.js';
import { imageJob, rasterToBytes } from './raster.js';
import { renderPdfPage } from './testing/pdf-pixels.js';
import { aligned, compare, decode, encode, rasteriseSvg, SYMBOLOGY_TOLERANCE, within, type Pixels } from './testing/pixel-compare.js';

const PX_PER_MM = 2;
const DPI = PX_PER_MM * 25.4;
const OUTPUT = path.join(import.meta.dirname, '..', '..', 'e2e', 'output', 'symbology');

const scenario = example as unknown as Scenario;
const layers = { ...ALL_MAP_LAYERS, units: true };

/** The map as the designer draws it: 256-pixel tiles, each clipped and painted on its own, and the start-position counters over them. */
function screen(s: Scenario, width: number, height: number): Pixels {
  const model = buildPaintModel(s);
  const size = 100;
  const ratio = (toMm(s.map.cellSize) * PX_PER_MM) / size;
  const c = createCanvas(width, height);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  const fonts = canvasFonts(ctx as never);
  const b = model.grid.bounds(size);
  const T = 256;
  for (let ty = 0; ty < height; ty += T)
    for (let tx = 0; tx < width; tx += T) {
      ctx.save();
      ctx.beginPath();
      ctx.rect(tx, ty, T, T);
      ctx.clip();
      ctx.setTransform(ratio, 0, 0, ratio, -b.x * ratio, -b.y * ratio);
      paintTile(ctx as never, model, size, { x: b.x + tx / ratio, y: b.y + ty / ratio, width: T / ratio, height: T / ratio }, ratio, ALL_MAP_LAYERS, fonts);
      ctx.restore();
    }
  // The start positions, as the designer's overlay (components/Scenario/counters.ts) draws them in screen pixels.
  for (const [index, list] of model.units) {
    const at = model.grid.center(model.grid.cellAt(index), size);
    const sides = sideGroups(list, s.sides).map((g) =>
      g.slice(0, 3).map((u) => ({ branch: u.branch, strength: u.strength, elite: !!u.elite, colour: s.sides.find((x) => x.id === u.side)?.colour ?? '#777777', markers: [] })),
    );
    drawStack(ctx as never, (at.x - b.x) * ratio, (at.y - b.y) * ratio, size * ratio, sides);
  }
  return { width, height, data: ctx.getImageData(0, 0, width, height).data };
}

/** The map's bounds in pixels at PX_PER_MM. */
function mapSize(s: Scenario): { W: number; H: number } {
  const b = buildPaintModel(s).grid.bounds(toMm(s.map.cellSize));
  return { W: Math.round(b.width * PX_PER_MM), H: Math.round(b.height * PX_PER_MM) };
}

/** The PNG export (the Export image dialog's and `npm run export`'s), decoded, cut to the map's bounds. */
/** An output: the whole picture and where the map's bounds start in it (fractional: see aligned). */
interface Output {
  picture: Pixels;
  x: number;
  y: number;
}

async function png(s: Scenario): Promise<Output> {
  const layout = layoutImage(s, { size: { dpi: DPI }, layers: { units: true } });
  const image = await decode(await rasterToBytes(imageJob(s, layout)));
  const b = buildPaintModel(s).grid.bounds(toMm(s.map.cellSize));
  return { picture: image, x: (b.x - layout.picture.x) * PX_PER_MM, y: (b.y - layout.picture.y) * PX_PER_MM };
}

/** The SVG export drawn by resvg, cut to the map's bounds. */
async function svg(s: Scenario): Promise<Output> {
  const text = exportSvg(s, layers, canvasFonts(createCanvas(1, 1).getContext('2d') as never) as never);
  const [vx, vy, vw] = /viewBox="([-\d.]+) ([-\d.]+) ([-\d.]+)/.exec(text)!.slice(1).map(Number) as [number, number, number];
  const b = buildPaintModel(s).grid.bounds(toMm(s.map.cellSize));
  return { picture: await rasteriseSvg(text, Math.round(vw * PX_PER_MM)), x: (b.x - vx) * PX_PER_MM, y: (b.y - vy) * PX_PER_MM };
}

/** A one-sheet print with units, drawn by pdf.js, cut to the map's bounds. */
async function pdf(s: Scenario): Promise<Output> {
  const layout = layoutPrint(s, { singleSheet: true, mode: 'full', layers: { units: true } });
  const page = await renderPdfPage(await renderLayoutPdf(s, layout), 1, DPI);
  const area = layout.pages[0]!.furniture.mapAreaPt;
  const w = layout.pages[0]!.window;
  const bounds = layout.mapBounds;
  const x = ((area.x + (bounds.x - w.x) * (72 / 25.4)) / 72) * DPI;
  const y = ((area.y + (bounds.y - w.y) * (72 / 25.4)) / 72) * DPI;
  return { picture: { width: page.width, height: page.height, data: page.pixels }, x, y };
}

const outputs = { png, svg, pdf };

describe('one symbology on screen and in every export', () => {
  it('the PDF page, the SVG, the PNG and the screen show the same map, pixel for pixel within a tolerance', async () => {
    const { W, H } = mapSize(scenario);
    const ref = screen(scenario, W, H);
    mkdirSync(OUTPUT, { recursive: true });
    writeFileSync(path.join(OUTPUT, 'node-screen.png'), encode(ref));
    for (const [name, draw] of Object.entries(outputs)) {
      const out = await draw(scenario);
      const { pixels, difference: d } = aligned(ref, out.picture, out.x, out.y);
      writeFileSync(path.join(OUTPUT, `node-${name}.png`), encode(pixels));
      writeFileSync(path.join(OUTPUT, `node-${name}-diff.png`), encode(d.diff));
      // Fonts and anti-aliasing move about 1% of pixels; a changed colour far more (below).
      expect(within(d), `${name}: ${(d.far * 100).toFixed(2)}% far off (at most ${SYMBOLOGY_TOLERANCE.farShare * 100}%), ${(d.solid * 100).toFixed(2)}% solidly (at most ${SYMBOLOGY_TOLERANCE.solidShare * 100}%), mean ${d.mean.toFixed(2)} (at most ${SYMBOLOGY_TOLERANCE.mean})`).toBe(true);
    }
  }, 120_000);

  it('the comparison is not blind: each output drawn with the woods in another green fails it', async () => {
    const { W, H } = mapSize(scenario);
    const ref = screen(scenario, W, H);
    const changed = structuredClone(scenario);
    const woods = changed.map.terrainTypes.find((t) => t.id === 'woods')!;
    // A darker, bluer green: a designer would notice; anti-aliasing never does this.
    woods.colour = '#3f6f5a';
    for (const [name, draw] of Object.entries(outputs)) {
      const out = await draw(changed);
      const d = aligned(ref, out.picture, out.x, out.y).difference;
      expect(within(d), `${name} with other woods: ${(d.far * 100).toFixed(2)}% far off, mean ${d.mean.toFixed(2)}`).toBe(false);
    }
  }, 120_000);

  it('the comparison is not blind: the same map with woods drawn without trees fails it', () => {
    const bare = structuredClone(scenario);
    for (const t of bare.map.terrainTypes) if (t.id === 'woods') t.symbology = { symbol: 'none', pattern: 'none' };
    const { W, H } = mapSize(scenario);
    const d = compare(screen(scenario, W, H), screen(bare, W, H));
    expect(within(d)).toBe(false);
  });
});
