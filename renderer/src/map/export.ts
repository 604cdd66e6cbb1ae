// Whole-map image export, drawn by the one map painter (shared/paint) the screen uses. PNG: on
// an off-screen canvas at a chosen number of pixels per cell. SVG: on an SVG surface in
// millimetres at the printed cell size, so it stays sharp and editable and matches the printed
// map; nothing is read back from a canvas.
import { gridSpecOf } from '../../../shared/format/defaults.js';
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { createGrid } from '../../../shared/grid/index.js';
import { buildPaintModel, type PaintModel } from '../../../shared/paint/model.js';
import type { PaintStyle } from '../../../shared/paint/painter.js';
import type { PrintFonts } from '../../../shared/print/surface.js';
import { SvgSurface, type SvgFont } from '../../../shared/print/svg-surface.js';
import { toMm } from '../../../shared/print/units.js';
import { CanvasSurface, canvasFonts, type Canvas2D } from '../../../shared/paint/canvas-surface.js';
import type { Rect } from '../../../shared/grid/types.js';
import { framedBounds, frameTextOf, NO_FRAME, paintFramedMap, type FrameParts } from '../../../shared/paint/frame.js';
import { ALL_MAP_LAYERS, screenStyle, type MapLayers } from './draw.js';
import type { MapModel } from './model.js';

/** Map pixels per cell the geometry is computed at. */
const SIZE = 100;
/** Browsers refuse canvases much larger than this on a side. */
export const MAX_PNG_SIDE = 16384;

/** Largest pixels-per-cell a PNG of this map can have. */
export function maxPngCellPx(model: PaintModel): number {
  const b = model.grid.bounds(SIZE);
  return Math.floor((MAX_PNG_SIDE / Math.max(b.width, b.height)) * SIZE);
}

/** The size in pixels of a PNG of the map at `cellPx` pixels per cell (grown by the frame when asked). */
export function pngSize(model: PaintModel, cellPx: number, layers: SvgLayers, frame: FrameParts): { width: number; height: number; scale: number; bounds: Rect } {
  const scale = Math.min(cellPx, maxPngCellPx(model)) / SIZE;
  const bounds = framedBounds(model, SIZE, frame, exportStyle(layers, scale));
  return { width: Math.max(1, Math.ceil(bounds.width * scale)), height: Math.max(1, Math.ceil(bounds.height * scale)), scale, bounds };
}

/**
 * Draws the PNG's picture into a context of `pngSize` pixels: white paper, the map by the painter
 * the screen's tiles use, over the whole map at once, and the frame when asked. With `scenario`
 * the units layer can show the start positions (the live map has none of its own).
 */
export function drawPng(ctx: Canvas2D & { setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void }, model: MapModel, cellPx: number, layers: SvgLayers, scenario?: Scenario, frame: FrameParts = NO_FRAME): void {
  const painted: PaintModel = layers.units && scenario && !model.units ? Object.assign(Object.create(model) as MapModel, { units: buildPaintModel(scenario, model.grid).units }) : model;
  const parts = scenario ? frame : NO_FRAME;
  const { scale, bounds: b } = pngSize(painted, cellPx, layers, parts);
  ctx.setTransform(scale, 0, 0, scale, -b.x * scale, -b.y * scale);
  paintFramedMap(new CanvasSurface(ctx, scale, 0.6), canvasFonts(ctx), painted, SIZE, exportStyle(layers, scale), parts, frameTextOf(scenario));
}

/** The whole map as a PNG blob at `cellPx` pixels across a cell. */
export async function exportPng(model: MapModel, cellPx: number, layers: SvgLayers = { ...ALL_MAP_LAYERS, units: false }, scenario?: Scenario, frame: FrameParts = NO_FRAME): Promise<Blob> {
  const size = pngSize(model, cellPx, layers, scenario ? frame : NO_FRAME);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser could not make a drawing surface for the image.');
  drawPng(ctx, model, cellPx, layers, scenario, frame);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The PNG could not be encoded.'))), 'image/png'));
}

/** Cells past which an SVG grows too large (tens of megabytes) to open in an editor; a PNG or the print suits such maps. */
export const MAX_SVG_CELLS = 160_000;

/** What the SVG shows: the View panel's layer toggles. */
export interface SvgLayers extends MapLayers {
  units: boolean;
}

/**
 * The whole map as SVG text, drawn by the map painter in millimetres at the printed cell size:
 * the file opens at true size, looks like the PNG and the PDF, and keeps each part of the map
 * (terrain, symbols, control, rivers, roads, bridges, grid, markers, names, coordinates, units)
 * in a named group.
 */
export function exportSvg(scenario: Scenario, layers: SvgLayers, fonts: PrintFonts<SvgFont>, frame: FrameParts = NO_FRAME): string {
  const spec = gridSpecOf(scenario);
  const cells = spec.cols * spec.rows;
  if (cells > MAX_SVG_CELLS) {
    throw new RangeError(`This map has ${cells.toLocaleString('en')} cells; an SVG of it would be too large to open. Export a PNG, or print it as a PDF.`);
  }
  const grid = createGrid(spec);
  const size = toMm(scenario.map.cellSize);
  const model = buildPaintModel(scenario, grid);
  // Legibility as on a 300 dpi print: everything a printed map shows.
  const style = exportStyle(layers, 300 / 25.4);
  const bounds = framedBounds(model, size, frame, style);
  // Tenths of a millimetre are finer than any printer draws.
  const svg = new SvgSurface(1);
  paintFramedMap(svg, fonts, model, size, style, frame, frameTextOf(scenario));
  return svg.toSvg(bounds, { width: bounds.width, height: bounds.height, unit: 'mm' }, scenario.title);
}


/** What an exported image shows, from the View panel's toggles, at `pxPerUnit` device pixels per drawing unit. */
export function exportStyle(layers: SvgLayers, pxPerUnit: number): PaintStyle {
  const style = screenStyle(pxPerUnit, layers);
  return { ...style, layers: { ...style.layers, units: layers.units } };
}

/** Offers a blob to the user as a file download (the browser or Electron asks where). */
export function download(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
