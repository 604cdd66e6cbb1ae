// The screen's side of map drawing. What the map looks like is decided once, by the painter in
// shared/paint (the same code the print, SVG and PNG use); this file holds what only the screen
// needs: the designer's layer toggles turned into the painter's layers and legibility limits,
// and the far-zoom bitmap, where cells are a few pixels and drawn as a block of colour each.
import type { Rect } from '../../../shared/grid/types.js';
import { CanvasSurface, type Canvas2D, type CanvasFont } from '../../../shared/paint/canvas-surface.js';
import type { PaintModel } from '../../../shared/paint/model.js';
import type { CounterBoxes } from '../../../shared/paint/place-names.js';
import { defaultStyle, paintMap, type PaintStyle } from '../../../shared/paint/painter.js';
import type { SurfaceFonts } from '../../../shared/paint/surface.js';

export { SANS as FONT } from '../../../shared/paint/canvas-surface.js';

/** The designer's layer toggles. */
export interface MapLayers {
  grid: boolean;
  coordinates: boolean;
  terrain: boolean;
  /** rivers and lake shores */
  edges: boolean;
  /** roads, rails and bridges */
  routes: boolean;
  control: boolean;
  /** markers and cell names */
  markers: boolean;
}

export const ALL_MAP_LAYERS: MapLayers = { grid: true, coordinates: true, terrain: true, edges: true, routes: true, control: true, markers: true };

/** The painter's style for the screen at `pxPerUnit` device pixels per map pixel. */
export function screenStyle(pxPerUnit: number, layers: MapLayers = ALL_MAP_LAYERS): PaintStyle {
  const style = defaultStyle(pxPerUnit, {
    terrain: layers.terrain,
    symbols: layers.terrain,
    control: layers.control,
    rivers: layers.edges,
    roads: layers.routes,
    grid: layers.grid,
    markers: layers.markers,
    names: layers.markers,
    coordinates: layers.coordinates,
    units: false,
  });
  return { ...style, minTextPx: 6 };
}

/**
 * Paints `rect` (map pixels at cell size `size`) of a screen tile whose context maps map pixels
 * to device pixels at `ratio`: the painter with the screen's style. The caller clears and clips.
 */
export function paintTile(
  ctx: Canvas2D,
  model: PaintModel,
  size: number,
  rect: Rect,
  ratio: number,
  layers: MapLayers,
  fonts: SurfaceFonts<CanvasFont>,
  counters: CounterBoxes | null = null,
): void {
  paintMap(new CanvasSurface(ctx, ratio, 0.6), { model, size, region: rect, style: { ...screenStyle(ratio, layers), counters }, fonts });
}

/** Terrain as a scaled bitmap (far zoom). */
export function drawBitmap(
  ctx: CanvasRenderingContext2D,
  bitmap: CanvasImageSource,
  left: number,
  top: number,
  width: number,
  height: number,
): void {
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(bitmap, left, top, width, height);
  ctx.imageSmoothingEnabled = true;
}
