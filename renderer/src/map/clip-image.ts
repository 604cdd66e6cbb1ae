// A clip drawn by the map painter into a canvas of its own: the floating paste and the stamp
// being put down show exactly what the cells will look like once placed (shared/paint/clip.ts),
// and the Stamps panel's thumbnails are the same picture, fitted.
import { selectionOutline, type Clip } from '../../../shared/editor/index.js';
import type { GridGeometry, Point, Rect } from '../../../shared/grid/types.js';
import { CanvasSurface, canvasFonts } from '../../../shared/paint/canvas-surface.js';
import { clipBounds, clipPaintModel, regionRings, type ClipBase, type ClipPaint } from '../../../shared/paint/clip.js';
import { paintMap } from '../../../shared/paint/painter.js';
import { ALL_MAP_LAYERS, screenStyle, type MapLayers } from './draw.js';

export interface ClipImage {
  readonly canvas: HTMLCanvasElement;
  /** Where the canvas goes, in map pixels from the centre of the cell the clip is anchored to. */
  readonly box: Rect;
  /** Device pixels per map pixel it was painted at. */
  readonly ratio: number;
  /** The outer sides of the clip's cells, in map pixels from the same centre. */
  readonly outline: Path2D;
}

/** The outer sides of `cells` on `grid` (map px at cell size `size`), moved by `-at`. */
export function outlinePath(grid: GridGeometry, cells: readonly number[], size: number, at: Point = { x: 0, y: 0 }): Path2D {
  const path = new Path2D();
  for (const e of selectionOutline(grid, cells)) {
    const [a, b] = grid.edgeEndpoints(e, size);
    path.moveTo(a.x - at.x, a.y - at.y);
    path.lineTo(b.x - at.x, b.y - at.y);
  }
  return path;
}

/** A clip's outline: white under the accent colour, `width` screen px wide at `scale` screen px per unit. */
export function strokeOutline(ctx: CanvasRenderingContext2D, outline: Path2D, scale: number, width = 2): void {
  ctx.lineJoin = 'round';
  ctx.strokeStyle = 'rgba(255,255,255,0.95)';
  ctx.lineWidth = (2 * width) / scale;
  ctx.stroke(outline);
  ctx.strokeStyle = '#1f6feb';
  ctx.lineWidth = width / scale;
  ctx.stroke(outline);
}

/** The most device pixels a side of the picture, and the whole picture, may have (a big clip far in is drawn a little soft). */
const MAX_SIDE = 4096;
const MAX_PIXELS = 8_000_000;

/** Paints the clip's cells (and nothing around them) with the painter at `ratio` device px per map px on `ctx`, whose transform maps the model's map px. */
function paintClipCells(ctx: CanvasRenderingContext2D, paint: ClipPaint, size: number, ratio: number, layers: MapLayers, units: boolean): void {
  ctx.beginPath();
  for (const ring of regionRings(paint.model.grid, paint.cells, size)) {
    ring.forEach((p, k) => (k === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
    ctx.closePath();
  }
  // Outside the clip's cells the model has no terrain: nothing there is drawn.
  ctx.clip('evenodd');
  const screen = screenStyle(ratio, layers);
  // Cell numbers would be the small grid's, not the map's: left out.
  const style = { ...screen, layers: { ...screen.layers, coordinates: false, units } };
  paintMap(new CanvasSurface(ctx, ratio, 0.6), { model: paint.model, size, region: clipBounds(paint, size), style, fonts: canvasFonts(ctx) });
}

/**
 * The clip painted as it will look on `grid` (the map it floats over) at `ratio` device px per
 * map px, with that map's layers shown or hidden and its sides' colours.
 */
export function clipImage(grid: GridGeometry, clip: Clip, base: ClipBase, size: number, ratio: number, layers: MapLayers = ALL_MAP_LAYERS): ClipImage {
  const paint = clipPaintModel(grid, clip, base);
  const b = clipBounds(paint, size);
  const r = Math.min(ratio, MAX_SIDE / Math.max(b.width, b.height, 1), Math.sqrt(MAX_PIXELS / Math.max(b.width * b.height, 1)));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.ceil(b.width * r));
  canvas.height = Math.max(1, Math.ceil(b.height * r));
  const ctx = canvas.getContext('2d')!;
  ctx.setTransform(r, 0, 0, r, -b.x * r, -b.y * r);
  paintClipCells(ctx, paint, size, r, layers, true);
  const o = paint.model.grid.center(paint.origin, size);
  return { canvas, box: { x: b.x - o.x, y: b.y - o.y, width: b.width, height: b.height }, ratio: r, outline: outlinePath(paint.model.grid, paint.cells, size, o) };
}

/**
 * The clip fitted into a `width` × `height` canvas with `pad` px round it (the Stamps panel's
 * thumbnail), drawn by the painter as on the map at that size. Answers the model and the
 * transform from its map px (cell size 100) to the canvas, for what is drawn over it.
 */
export function paintClipFitted(canvas: HTMLCanvasElement, grid: GridGeometry, clip: Clip, base: ClipBase, pad: number): { paint: ClipPaint; transform: DOMMatrix2DInit } | null {
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const size = 100;
  const paint = clipPaintModel(grid, clip, base);
  const b = clipBounds(paint, size);
  const k = Math.min((canvas.width - 2 * pad) / b.width, (canvas.height - 2 * pad) / b.height);
  const transform = { a: k, b: 0, c: 0, d: k, e: canvas.width / 2 - (b.x + b.width / 2) * k, f: canvas.height / 2 - (b.y + b.height / 2) * k };
  ctx.save();
  ctx.setTransform(transform);
  paintClipCells(ctx, paint, size, k, ALL_MAP_LAYERS, true);
  ctx.restore();
  return { paint, transform };
}
