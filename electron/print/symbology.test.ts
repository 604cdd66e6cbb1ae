// One symbology, four outputs: the same scenario drawn as a PDF page (single sheet), an SVG
// export, a PNG export and on screen (the screen's tile painter, tile by tile, through the
// canvas adapter), all at 2 px per map millimetre, rasterised and compared pixel by pixel.
// Text comes out in each output's own font, and anti-aliasing differs; colours, symbols, lines
// and markers must not. A deliberately different symbology must fail the same comparison.
//
// The PNG is the app's image export (electron/print/raster.ts: the painter on a Skia canvas,
// banded and encoded), decoded again. The PDF is turned into pixels by pdf.js
// (testing/pdf-pixels.ts) and the SVG by Skia's SVG renderer: `rasterisePdfPage` and
// `rasteriseSvg` below are the one place to swap in another rasteriser.
import { createCanvas, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import example from '../../scenarios/seed-000-example.json' with { type: 'json' };
import type { Scenario } from '../../shared/format/scenario.types.js';
import { canvasFonts } from '../../shared/paint/canvas-surface.js';
import { buildPaintModel } from '../../shared/paint/model.js';
import { layoutPrint } from '../../shared/print/layout.js';
import { toMm } from '../../shared/print/units.js';
import { ALL_MAP_LAYERS, paintTile } from '../../renderer/src/map/draw.js';
import { exportSvg } from '../../renderer/src/map/export.js';
import { layoutImage } from '../../shared/print/image.js';
import { renderLayoutPdf } from './pdf.js';
import { imageJob, rasterToBytes } from './raster.js';
import { renderPdfPage } from './testing/pdf-pixels.js';

const PX_PER_MM = 2;
/** The share of pixels (2×2 averaged) allowed to be off by more than 64 in a channel. */
const FAR = 0.015;
const DPI = PX_PER_MM * 25.4;

interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

const pixelsOf = (ctx: SKRSContext2D, width: number, height: number): Pixels => ({ width, height, data: ctx.getImageData(0, 0, width, height).data });

async function decode(png: Uint8Array): Promise<Pixels> {
  const img = await loadImage(Buffer.from(png));
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  return pixelsOf(ctx, img.width, img.height);
}

/** One page of a PDF as pixels at `dpi` (pdf.js on a Skia canvas; the one place to swap the rasteriser). */
async function rasterisePdfPage(pdf: Uint8Array, page: number, dpi: number): Promise<Pixels> {
  const img = await renderPdfPage(pdf, page, dpi);
  return { width: img.width, height: img.height, data: img.pixels };
}

/** An SVG drawn at `width`×`height` pixels (Skia's SVG renderer in @napi-rs/canvas). */
async function rasteriseSvg(svg: string, width: number, height: number): Promise<Pixels> {
  const sized = svg.replace(/width="[\d.]+mm" height="[\d.]+mm"/, `width="${width}" height="${height}"`);
  const img = await loadImage(Buffer.from(sized));
  const c = createCanvas(width, height);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(img, 0, 0, width, height);
  return pixelsOf(ctx, width, height);
}

/** A w×h window of `p` from (x, y), averaged over 2×2 blocks so a half-pixel shift of an edge counts little. */
function window(p: Pixels, x: number, y: number, w: number, h: number): Pixels {
  const W = Math.floor(w / 2);
  const H = Math.floor(h / 2);
  const data = new Uint8ClampedArray(W * H * 4);
  for (let j = 0; j < H; j++)
    for (let i = 0; i < W; i++)
      for (let ch = 0; ch < 3; ch++) {
        let sum = 0;
        for (const [dx, dy] of [
          [0, 0],
          [1, 0],
          [0, 1],
          [1, 1],
        ] as const) {
          const px = Math.min(p.width - 1, Math.max(0, x + i * 2 + dx));
          const py = Math.min(p.height - 1, Math.max(0, y + j * 2 + dy));
          sum += p.data[(py * p.width + px) * 4 + ch]!;
        }
        data[(j * W + i) * 4 + ch] = sum / 4;
      }
  return { width: W, height: H, data };
}

/** Mean channel difference and the share of pixels off by more than 64 in some channel. */
function compare(a: Pixels, b: Pixels): { mean: number; far: number } {
  expect([b.width, b.height]).toEqual([a.width, a.height]);
  let sum = 0;
  let far = 0;
  const n = a.width * a.height;
  for (let k = 0; k < n; k++) {
    let worst = 0;
    for (let ch = 0; ch < 3; ch++) {
      const d = Math.abs(a.data[k * 4 + ch]! - b.data[k * 4 + ch]!);
      sum += d;
      worst = Math.max(worst, d);
    }
    if (worst > 64) far++;
  }
  return { mean: sum / (n * 3), far: far / n };
}

const scenario = example as unknown as Scenario;
const layers = { ...ALL_MAP_LAYERS, units: false };

/** The map as the screen's tiles draw it: 256-pixel tiles, each clipped and painted on its own. */
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
  return pixelsOf(ctx, width, height);
}

/** The PNG export (the Export image dialog's and `npm run export`'s), decoded, cut to the map's bounds. */
async function png(s: Scenario): Promise<Pixels> {
  const layout = layoutImage(s, { size: { dpi: DPI } });
  const image = await decode(await rasterToBytes(imageJob(s, layout)));
  const b = buildPaintModel(s).grid.bounds(toMm(s.map.cellSize));
  const x = Math.round((b.x - layout.picture.x) * PX_PER_MM);
  const y = Math.round((b.y - layout.picture.y) * PX_PER_MM);
  const W = Math.round(b.width * PX_PER_MM);
  const H = Math.round(b.height * PX_PER_MM);
  const data = new Uint8ClampedArray(W * H * 4);
  for (let j = 0; j < H; j++) data.set(image.data.subarray(((y + j) * image.width + x) * 4, ((y + j) * image.width + x + W) * 4), j * W * 4);
  return { width: W, height: H, data };
}

async function pdfMap(s: Scenario): Promise<Pixels> {
  // The print's grid as the screen draws it, so the comparison is about the symbology.
  const layout = layoutPrint(s, { singleSheet: true, mode: 'full', lineWidthMm: 0.6, lineColour: '#8c8c8c' });
  const page = await rasterisePdfPage(await renderLayoutPdf(s, layout), 1, DPI);
  const area = layout.pages[0]!.furniture.mapAreaPt;
  const w = layout.pages[0]!.window;
  const bounds = layout.mapBounds;
  // The map's bounds on the page, in pixels.
  const x = Math.round(((area.x + (bounds.x - w.x) * (72 / 25.4)) / 72) * DPI);
  const y = Math.round(((area.y + (bounds.y - w.y) * (72 / 25.4)) / 72) * DPI);
  const out = createCanvas(Math.round(bounds.width * PX_PER_MM), Math.round(bounds.height * PX_PER_MM));
  const ctx = out.getContext('2d');
  const data = ctx.createImageData(out.width, out.height);
  for (let j = 0; j < out.height; j++)
    for (let i = 0; i < out.width; i++) {
      const src = ((y + j) * page.width + (x + i)) * 4;
      data.data.set(page.data.subarray(src, src + 4), (j * out.width + i) * 4);
    }
  return { width: out.width, height: out.height, data: data.data };
}

describe('one symbology on screen and in every export', () => {
  it('the PDF page, the SVG, the PNG and the screen tiles show the same map, pixel for pixel within a tolerance', async () => {
    const b = buildPaintModel(scenario).grid.bounds(toMm(scenario.map.cellSize));
    const W = Math.round(b.width * PX_PER_MM);
    const H = Math.round(b.height * PX_PER_MM);
    const ref = window(screen(scenario, W, H), 0, 0, W, H);
    const outputs = {
      png: window(await png(scenario), 0, 0, W, H),
      svg: window(await rasteriseSvg(exportSvg(scenario, layers, canvasFonts(createCanvas(1, 1).getContext('2d') as never) as never), W, H), 0, 0, W, H),
      pdf: window(await pdfMap(scenario), 0, 0, W, H),
    };
    for (const [name, pixels] of Object.entries(outputs)) {
      const d = compare(ref, pixels);
      // Fonts and anti-aliasing move about 1% of pixels; a different symbology far more (below).
      expect(d.far, `${name}: share of pixels far off`).toBeLessThan(FAR);
      expect(d.mean, `${name}: mean channel difference`).toBeLessThan(4);
    }
  }, 120_000);

  it('the comparison is not blind: the same map with woods drawn without trees fails it', () => {
    const bare = structuredClone(scenario);
    for (const t of bare.map.terrainTypes) if (t.id === 'woods') t.symbology = { symbol: 'none', pattern: 'none' };
    const b = buildPaintModel(scenario).grid.bounds(toMm(scenario.map.cellSize));
    const W = Math.round(b.width * PX_PER_MM);
    const H = Math.round(b.height * PX_PER_MM);
    const d = compare(window(screen(scenario, W, H), 0, 0, W, H), window(screen(bare, W, H), 0, 0, W, H));
    expect(d.far).toBeGreaterThan(FAR);
  });
});
