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

/** The designer's layers as the screen draws them (the Layers panel and the View toggles). */
export interface MapLayers {
  grid: boolean;
  coordinates: boolean;
  terrain: boolean;
  control: boolean;
  rivers: boolean;
  lakeShores: boolean;
  /** roads and their bridges */
  roads: boolean;
  rails: boolean;
  /** supply bases, forts, victory and entry cells */
  markers: boolean;
  /** cell names */
  names: boolean;
  /** Translucent layers, 0 to 1 by layer id (shared/paint/layers.ts); absent: opaque. */
  opacity?: Partial<Record<string, number>>;
  /** Hidden layers of single side features (side:<id>). */
  hidden?: readonly string[];
}

export const ALL_MAP_LAYERS: MapLayers = { grid: true, coordinates: true, terrain: true, control: true, rivers: true, lakeShores: true, roads: true, rails: true, markers: true, names: true };

/** True when two sets of layers draw the same. */
export function sameMapLayers(a: MapLayers, b: MapLayers): boolean {
  const keys = Object.keys(ALL_MAP_LAYERS) as (keyof MapLayers)[];
  return keys.every((k) => a[k] === b[k]) && JSON.stringify([a.opacity ?? {}, a.hidden ?? []]) === JSON.stringify([b.opacity ?? {}, b.hidden ?? []]);
}

/** A network's position names on screen are drawn at least this large (device px) where they fit: the designer reads them at the whole-map zoom. */
export const SCREEN_LABEL_PX = 11;

/** The painter's style for the screen at `pxPerUnit` device pixels per map pixel. */
export function screenStyle(pxPerUnit: number, layers: MapLayers = ALL_MAP_LAYERS): PaintStyle {
  const style = defaultStyle(pxPerUnit, {
    terrain: layers.terrain,
    symbols: layers.terrain,
    control: layers.control,
    rivers: layers.rivers,
    shores: layers.lakeShores,
    roads: layers.roads,
    rails: layers.rails,
    grid: layers.grid,
    markers: layers.markers,
    names: layers.names,
    coordinates: layers.coordinates,
    units: false,
  });
  return { ...style, minTextPx: 6, labelMinPx: SCREEN_LABEL_PX, ...(layers.opacity ? { opacity: layers.opacity } : {}), ...(layers.hidden?.length ? { hidden: layers.hidden } : {}) };
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
