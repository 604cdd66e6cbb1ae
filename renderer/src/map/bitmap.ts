// Terrain as a bitmap: one block of pixels per cell, for views where cells are too small to
// draw as shapes and for mini-maps. Staggered grids use 2-pixel blocks so the half-cell
// shift of every other column (or row) survives: a flat-top hex is 1×2 pixels, a pointy-top
// hex or an offset square 2×1, a square 1×1.

import { blend, type Rgb } from './colour.js';
import { NONE, type MapModel } from './model.js';

/** How strongly a controlling side's colour tints its cells (shared with vector drawing). */
export { CONTROL_TINT } from '../../../shared/paint/painter.js';
import { CONTROL_TINT } from '../../../shared/paint/painter.js';
const UNKNOWN: Rgb = [255, 0, 255];

export interface CellBitmap {
  readonly image: ImageData;
  /** Where the bitmap sits on the map, in map pixels at cell size `size`. */
  readonly left: number;
  readonly top: number;
  readonly pixelWidth: number;
  readonly pixelHeight: number;
}

/** Size in map pixels of one bitmap pixel, and the cell footprint in bitmap pixels. */
export function bitmapMetrics(model: MapModel, size: number): { pw: number; ph: number; fw: number; fh: number } {
  const box = model.grid.cellBox(size);
  const { kind, orientation } = model.grid.spec;
  if (kind === 'hex' && orientation === 'flat') return { pw: box.width * 0.75, ph: box.height / 2, fw: 1, fh: 2 };
  if (kind === 'hex') return { pw: box.width / 2, ph: box.height * 0.75, fw: 2, fh: 1 };
  if (kind === 'offsetSquare') return { pw: box.width / 2, ph: box.height, fw: 2, fh: 1 };
  return { pw: box.width, ph: box.height, fw: 1, fh: 1 };
}

/** Colour of a cell as the map shows it from afar: terrain, tinted by the controlling side. */
export function cellColour(model: MapModel, index: number, tint = true): Rgb {
  const t = model.terrain[index]!;
  const base = t === NONE ? UNKNOWN : model.terrainRgb[t]!;
  const s = model.control[index]!;
  if (!tint || s === NONE || t === NONE || !model.terrainTinted[t]) return base;
  return blend(base, model.sideRgb[s]!, CONTROL_TINT);
}

/** Paint cells [c0,c1)×[r0,r1) into an ImageData; pixels no cell covers stay transparent. */
export function paintCells(
  model: MapModel,
  size: number,
  c0: number,
  r0: number,
  c1: number,
  r1: number,
  tint = true,
): CellBitmap {
  const { grid } = model;
  const { pw, ph, fw, fh } = bitmapMetrics(model, size);
  let left = Infinity;
  let top = Infinity;
  // Corner cells alone do not bound a staggered range, so scan the outer ring's first two lines.
  for (let r = r0; r < Math.min(r1, r0 + 2); r++) {
    for (let c = c0; c < c1; c++) {
      left = Math.min(left, grid.centerX(c, r, size) - (fw * pw) / 2);
      top = Math.min(top, grid.centerY(c, r, size) - (fh * ph) / 2);
    }
  }
  for (let r = r0; r < r1; r++) {
    for (let c = c0; c < Math.min(c1, c0 + 2); c++) {
      left = Math.min(left, grid.centerX(c, r, size) - (fw * pw) / 2);
      top = Math.min(top, grid.centerY(c, r, size) - (fh * ph) / 2);
    }
  }
  const w = Math.max(1, Math.round(((c1 - c0) * (fw === 2 ? 2 : 1)) + (fw === 2 ? 1 : 0)));
  const h = Math.max(1, Math.round(((r1 - r0) * (fh === 2 ? 2 : 1)) + (fh === 2 ? 1 : 0)));
  const bitmap = { image: new ImageData(w, h), left, top, pixelWidth: pw, pixelHeight: ph };
  repaintCells(model, size, bitmap, c0, r0, c1, r1, tint);
  return bitmap;
}

/**
 * Paints cells [c0,c1)×[r0,r1) again into `bitmap` (made by paintCells for cells including
 * them): each cell's own pixels, no other's. Returns the box of pixels written (null: none),
 * for putImageData's dirty rectangle.
 */
export function repaintCells(
  model: MapModel,
  size: number,
  bitmap: CellBitmap,
  c0: number,
  r0: number,
  c1: number,
  r1: number,
  tint = true,
): PixelRect | null {
  const { grid, cols } = model;
  const { pw, ph, fw, fh } = bitmapMetrics(model, size);
  const { image, left, top } = bitmap;
  const { width: w, height: h } = image;
  // One 32-bit write per pixel, the colour looked up by terrain and control code.
  const pixels = new Uint32Array(image.data.buffer, image.data.byteOffset, w * h);
  const colourOf = packedColours(model, tint);
  const dx0 = (fw * pw) / 2 + left;
  const dy0 = (fh * ph) / 2 + top;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  // On a lattice (every grid but a network) a cell's x depends on its column and the parity of
  // its row, its y on its row and the parity of its column: the pixel places are worked out
  // once per column and per row, not asked of the grid per cell.
  const lattice = !grid.network;
  const pxOf: Int32Array[] = [];
  const pyOf: Int32Array[] = [];
  if (lattice) {
    for (let k = 0; k < 2; k++) {
      const xs = (pxOf[k] = new Int32Array(c1 - c0));
      for (let c = c0; c < c1; c++) xs[c - c0] = Math.round((grid.centerX(c, r0 + k, size) - dx0) / pw);
      const ys = (pyOf[k] = new Int32Array(r1 - r0));
      for (let r = r0; r < r1; r++) ys[r - r0] = Math.round((grid.centerY(c0 + k, r, size) - dy0) / ph);
    }
  }
  for (let r = r0; r < r1; r++) {
    const xs = pxOf[(r - r0) & 1];
    for (let c = c0; c < c1; c++) {
      const px = xs ? xs[c - c0]! : Math.round((grid.centerX(c, r, size) - dx0) / pw);
      const py = lattice ? pyOf[(c - c0) & 1]![r - r0]! : Math.round((grid.centerY(c, r, size) - dy0) / ph);
      const colour = colourOf(r * cols + c);
      if (px >= 0 && py >= 0 && px + fw <= w && py + fh <= h) {
        // A cell is at most 2×2 pixels (bitmapMetrics): written straight, no loop.
        const o = py * w + px;
        pixels[o] = colour;
        if (fw === 2) pixels[o + 1] = colour;
        if (fh === 2) {
          pixels[o + w] = colour;
          if (fw === 2) pixels[o + w + 1] = colour;
        }
      } else {
        for (let y = Math.max(0, py); y < Math.min(h, py + fh); y++)
          for (let x = Math.max(0, px); x < Math.min(w, px + fw); x++) pixels[y * w + x] = colour;
      }
      if (px < x0) x0 = px;
      if (py < y0) y0 = py;
      if (px + fw > x1) x1 = px + fw;
      if (py + fh > y1) y1 = py + fh;
    }
  }
  x0 = Math.max(0, x0);
  y0 = Math.max(0, y0);
  x1 = Math.min(w, x1);
  y1 = Math.min(h, y1);
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null;
}

/** Where a thumbnail puts the map: map pixel (at `size`) → thumbnail pixel is p * scale + o. */
export function thumbnailFrame(model: MapModel, width: number, height: number) {
  const size = 100;
  const bounds = model.grid.bounds(size);
  const scale = Math.min(width / bounds.width, height / bounds.height);
  const ox = (width - bounds.width * scale) / 2 - bounds.x * scale;
  const oy = (height - bounds.height * scale) / 2 - bounds.y * scale;
  return { size, bounds, scale, ox, oy };
}

/** A block of thumbnail pixels: x, y, width, height. */
export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A thumbnail of the whole map, `width`×`height` pixels, letterboxed. Each pixel asks the
 * grid which cell it falls in, so cells keep their true shape at any thumbnail size and
 * the cost depends on the thumbnail's pixels, not on the number of cells. With `part`, only
 * that block of the thumbnail is painted (the ImageData is the block's size), to patch a
 * thumbnail after an edit.
 */
export function paintThumbnail(model: MapModel, width: number, height: number, part?: PixelRect): ImageData {
  const { size, scale, ox, oy } = thumbnailFrame(model, width, height);
  const px0 = part?.x ?? 0;
  const py0 = part?.y ?? 0;
  const w = part?.width ?? width;
  const h = part?.height ?? height;
  const image = new ImageData(w, h);
  const data = image.data;
  // A whole-map overview is a million pixels: one 32-bit write each, its colour looked up by
  // the cell's terrain and control codes (a handful of pairs), nothing allocated per pixel.
  const pixels = new Uint32Array(data.buffer, data.byteOffset, w * h);
  const colourOf = packedColours(model);
  const { grid, cols, rows } = model;
  // Where cells are big enough to tell apart, a slightly darker pixel marks their borders.
  const borders = grid.cellBox(size).height * scale >= 12;
  const owner = borders ? new Int32Array(w * h).fill(-1) : null;
  const at = { x: 0, y: 0 };
  for (let y = 0; y < h; y++) {
    at.y = (py0 + y + 0.5 - oy) / scale;
    for (let x = 0; x < w; x++) {
      at.x = (px0 + x + 0.5 - ox) / scale;
      const cell = grid.pixelToCell(at, size);
      const { col, row } = cell;
      if (col < 0 || row < 0 || col >= cols || row >= rows) continue;
      const i = row * cols + col;
      if (owner) owner[y * w + x] = i;
      pixels[y * w + x] = colourOf(i);
    }
  }
  if (owner) {
    for (let y = 1; y < h; y++)
      for (let x = 1; x < w; x++) {
        const p = y * w + x;
        const i = owner[p]!;
        if (i < 0 || (i === owner[p - 1] && i === owner[p - w])) continue;
        const o = p * 4;
        data[o] = data[o]! * 0.82;
        data[o + 1] = data[o + 1]! * 0.82;
        data[o + 2] = data[o + 2]! * 0.82;
      }
  }
  return image;
}

/** Whether this machine stores a 32-bit number's low byte first (ImageData's R is then its low byte). */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * A cell's opaque colour (cellColour) as one 32-bit pixel in ImageData byte order, cached per
 * terrain and control code pair: the colour depends on nothing else.
 */
export function packedColours(model: MapModel, tint = true): (index: number) => number {
  const { terrain, control } = model;
  const table = new Uint32Array(1 << 16); // (terrain << 8 | control) → pixel; 0 = not made yet (alpha is never 0)
  return (i) => {
    const k = (terrain[i]! << 8) | control[i]!;
    const hit = table[k]!;
    if (hit !== 0) return hit;
    const [r, g, b] = cellColour(model, i, tint);
    return (table[k] = LITTLE_ENDIAN ? ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0 : ((r << 24) | (g << 16) | (b << 8) | 255) >>> 0);
  };
}
