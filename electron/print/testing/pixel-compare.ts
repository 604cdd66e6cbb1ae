// Test helper: two pictures of the same map compared pixel by pixel, within a tolerance that
// lets anti-aliasing and a half-pixel shift of an edge pass and a different colour, symbol or
// line fail. Used by the symbology tests (electron/print/symbology.test.ts and
// e2e/symbology-pixels.spec.ts), which rasterise the screen, the PNG, the SVG and the PDF at
// one scale. Never imported by the product.
import { createCanvas, loadImage } from '@napi-rs/canvas';

/** RGBA pixels, row by row. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export interface Tolerance {
  /** Pixels are averaged over blocks this many pixels square before they are compared. */
  block: number;
  /** A block is "far off" when some channel differs by more than this (0–255). */
  channel: number;
  /** The share of pixels that may be far off (text in another font, anti-aliasing). */
  farShare: number;
  /** The share of blocks that may be solidly far off (see Difference.solid). */
  solidShare: number;
  /** The largest mean channel difference over the whole picture. */
  mean: number;
}

/**
 * What one map's outputs may differ by. Measured on the seed-000 map at 2 px per mm against
 * the screen: the PNG 0%, the SVG 1.2%, the PDF 2.5% of blocks far off (fonts, anti-aliasing,
 * the print's opaque grid line over rivers), at most 0.11% solidly; the same outputs with the
 * woods' green changed 8–11% far off and 4.7–5% solidly, the woods drawn without trees 0.8%
 * solidly. In the designer at 100 px a cell (e2e/symbology-pixels.spec.ts) the PDF's default
 * grid line (0.3 mm black, over rivers and roads) puts 4.2% far off, 0.01% solidly.
 */
export const SYMBOLOGY_TOLERANCE: Tolerance = { block: 3, channel: 32, farShare: 0.06, solidShare: 0.004, mean: 6 };

export interface Difference {
  width: number;
  height: number;
  /** Share of (block-averaged) pixels off by more than the tolerance's channel difference. */
  far: number;
  /** Share of blocks far off whose eight neighbours are far off too: a patch of another colour or a missing symbol, not an edge drawn a pixel aside. */
  solid: number;
  /** Mean channel difference, 0–255. */
  mean: number;
  /** The reference faded to grey, far-off pixels in red, solidly far-off ones in dark red: for a person to look at. */
  diff: Pixels;
}

/** `w`×`h` pixels of `p` from (x, y); outside `p` is white. */
export function crop(p: Pixels, x: number, y: number, w: number, h: number): Pixels {
  const data = new Uint8ClampedArray(w * h * 4).fill(255);
  for (let j = 0; j < h; j++) {
    const sy = y + j;
    if (sy < 0 || sy >= p.height) continue;
    const from = Math.max(0, -x);
    const to = Math.min(w, p.width - x);
    if (to <= from) continue;
    data.set(p.data.subarray((sy * p.width + x + from) * 4, (sy * p.width + x + to) * 4), (j * w + from) * 4);
  }
  return { width: w, height: h, data };
}

/** `p` averaged over n×n blocks, so an edge that moved by a fraction of a pixel, or a hairline, counts little. */
export function blocks(p: Pixels, n: number): Pixels {
  const W = Math.floor(p.width / n);
  const H = Math.floor(p.height / n);
  const data = new Uint8ClampedArray(W * H * 4);
  const area = n * n;
  for (let j = 0; j < H; j++)
    for (let i = 0; i < W; i++)
      for (let ch = 0; ch < 4; ch++) {
        let sum = 0;
        for (let dy = 0; dy < n; dy++) {
          const row = ((j * n + dy) * p.width + i * n) * 4 + ch;
          for (let dx = 0; dx < n; dx++) sum += p.data[row + dx * 4]!;
        }
        data[(j * W + i) * 4 + ch] = sum / area;
      }
  return { width: W, height: H, data };
}

/** Compares two pictures of one size, block-averaged; see Difference. */
export function compare(a: Pixels, b: Pixels, tolerance: Tolerance = SYMBOLOGY_TOLERANCE): Difference {
  if (a.width !== b.width || a.height !== b.height) throw new RangeError(`pictures of different sizes: ${a.width}×${a.height} and ${b.width}×${b.height}`);
  const A = blocks(a, tolerance.block);
  const B = blocks(b, tolerance.block);
  const n = A.width * A.height;
  const diff = new Uint8ClampedArray(n * 4);
  const isFar = new Uint8Array(n);
  let sum = 0;
  let far = 0;
  for (let k = 0; k < n; k++) {
    let worst = 0;
    for (let ch = 0; ch < 3; ch++) {
      const d = Math.abs(A.data[k * 4 + ch]! - B.data[k * 4 + ch]!);
      sum += d;
      if (d > worst) worst = d;
    }
    const o = k * 4;
    if (worst > tolerance.channel) {
      far++;
      isFar[k] = 1;
      diff.set([230, 0, 0, 255], o);
    } else {
      const grey = 0.299 * A.data[o]! + 0.587 * A.data[o + 1]! + 0.114 * A.data[o + 2]!;
      const faded = 170 + grey / 3;
      diff.set([faded, faded, faded, 255], o);
    }
  }
  let solid = 0;
  for (let j = 1; j < A.height - 1; j++)
    for (let i = 1; i < A.width - 1; i++) {
      let all = true;
      for (let dy = -1; dy <= 1 && all; dy++) for (let dx = -1; dx <= 1 && all; dx++) all = isFar[(j + dy) * A.width + i + dx] === 1;
      if (all) {
        solid++;
        diff.set([120, 0, 0, 255], (j * A.width + i) * 4);
      }
    }
  return { width: A.width, height: A.height, far: far / n, solid: solid / n, mean: sum / (n * 3), diff: { width: A.width, height: A.height, data: diff } };
}

/** Whether a difference is within the tolerance. */
export function within(d: Difference, tolerance: Tolerance = SYMBOLOGY_TOLERANCE): boolean {
  return d.far <= tolerance.farShare && d.solid <= tolerance.solidShare && d.mean <= tolerance.mean;
}

/**
 * `picture` cut to `w`×`h` from about (x, y) where it best matches `reference` (same size):
 * rounding a fractional origin can leave a picture a pixel off, which is not a symbology
 * difference. Tries every shift up to `reach` pixels and keeps the closest; `prepare` is applied to
 * each cut before it is compared.
 */
export function aligned(
  reference: Pixels,
  picture: Pixels,
  x: number,
  y: number,
  prepare: (p: Pixels) => Pixels = (p) => p,
  reach = 1,
  tolerance: Tolerance = SYMBOLOGY_TOLERANCE,
): { pixels: Pixels; difference: Difference; dx: number; dy: number } {
  let best: { pixels: Pixels; difference: Difference; dx: number; dy: number } | null = null;
  for (let dy = -reach; dy <= reach; dy++)
    for (let dx = -reach; dx <= reach; dx++) {
      const pixels = prepare(crop(picture, Math.round(x) + dx, Math.round(y) + dy, reference.width, reference.height));
      const difference = compare(reference, pixels, tolerance);
      if (!best || difference.mean < best.difference.mean) best = { pixels, difference, dx, dy };
    }
  return best!;
}

/** A PNG (or any picture @napi-rs/canvas reads) as pixels, on white. */
export async function decode(bytes: Uint8Array): Promise<Pixels> {
  const img = await loadImage(Buffer.from(bytes));
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, img.width, img.height);
  ctx.drawImage(img, 0, 0);
  return { width: img.width, height: img.height, data: ctx.getImageData(0, 0, img.width, img.height).data };
}

/** Pixels as PNG bytes, to save and look at. */
export function encode(p: Pixels): Buffer {
  const c = createCanvas(p.width, p.height);
  const ctx = c.getContext('2d');
  const img = ctx.createImageData(p.width, p.height);
  img.data.set(p.data);
  ctx.putImageData(img, 0, 0);
  return c.toBuffer('image/png');
}

/** An SVG drawn `width` pixels wide by resvg (@resvg/resvg-js), on white. */
export async function rasteriseSvg(svg: string, width: number): Promise<Pixels> {
  const { Resvg } = await import('@resvg/resvg-js');
  const r = new Resvg(svg, { fitTo: { mode: 'width', value: width }, background: '#ffffff', font: { loadSystemFonts: true } });
  const img = r.render();
  return { width: img.width, height: img.height, data: new Uint8ClampedArray(img.pixels) };
}
