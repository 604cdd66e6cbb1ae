// The drawing surface: the one interface the map painter (shared/paint) draws on, whatever the
// output. Implemented by
// - the screen and PNG export: a CanvasRenderingContext2D adapter (renderer/src/map/canvas-surface.ts),
// - the print PDF: PDF content-stream operators (electron/print/canvas.ts),
// - SVG export: SVG text (shared/print/svg-surface.ts),
// - in Node (CLI, tests): a raster surface over a Skia canvas (electron/print/raster.ts).
//
// It is a subset of the Canvas 2D API in PDF's painting model. Rules every implementation keeps:
//
// Units and axes
//   Callers draw in their own units (map millimetres in print, map pixels on screen) with y
//   pointing down. The caller that owns the output sets the first `transform` (units → pixels or
//   points); the painter itself never needs rotation or skew but may scale and translate.
//
// Colours
//   One convention everywhere: `Rgb` channels from 0 to 1, plus an optional opacity from 0 to 1
//   (default 1). No CSS strings cross this interface.
//
// Paths
//   `moveTo`/`lineTo`/`bezierCurveTo`/`closePath` build the current path, as on a canvas;
//   `path`, `segment`, `rect`, `circle` and `ellipse` are conveniences that add to it (each
//   circle/ellipse/rect is a closed subpath of its own). `fill`, `stroke`, `fillAndStroke` and
//   `clip` paint (or clip to) the current path and then clear it, as PDF does — unlike a canvas,
//   a caller never calls beginPath. Fill rule: nonzero unless `evenodd` is asked for.
//
// State
//   `save`/`restore` keep the transform, fill and stroke colours and opacity, line width, dash,
//   caps and joins, and the clip. `clip` intersects the clip with the current path until the
//   matching `restore`.
//
// Lines
//   `strokeStyle` sets colour, width (in the caller's units, scaled by the transform), dash
//   pattern (lengths in the caller's units; empty = solid) and opacity. `lineStyle` sets caps and
//   joins; `roundJoins()` = round caps and joins, `buttCaps()` = butt caps and mitred joins.
//
// Text
//   `text` draws with its baseline at (x, y) in the fill colour, aligned left, centred or right on
//   x; `haloText` first strokes the glyph outlines `haloWidth` wide (default 0.22 × size, round
//   joins) in `halo`, then fills, so lines under a label never hide a letter. Fonts are objects the
//   surface made (`SurfaceFonts`): the painter only asks them for widths. Text is never rotated.
//
// Images
//   `image` (optional) draws a bitmap the surface can use, scaled into `dest` — for underlays.
//   Imported SVG terrain symbols do not need it: the painter draws them as paths.
//
// Layers
//   `layer(name)` (optional) marks where a named part of the drawing starts (terrain, rivers,
//   roads...); surfaces that keep layers (SVG: a <g id>) group what follows, others ignore it.
import type { Point, Rect } from '../grid/types.js';

/** A colour with channels from 0 to 1. */
export type Rgb = readonly [number, number, number];

export type Align = 'left' | 'centre' | 'right';
export type FillRule = 'nonzero' | 'evenodd';
export type LineCap = 'butt' | 'round' | 'square';
export type LineJoin = 'miter' | 'round' | 'bevel';

/** A font the surface can draw with; widths in the caller's units at a given size. */
export interface SurfaceFont {
  width(text: string, size: number): number;
}

export interface SurfaceFonts<F extends SurfaceFont = SurfaceFont> {
  regular: F;
  bold: F;
}

/** A bitmap a surface can draw (its own kind: an HTMLCanvasElement, a PDF image XObject...). */
export interface SurfaceImage {
  readonly width: number;
  readonly height: number;
}

export interface Surface<F extends SurfaceFont = SurfaceFont> {
  save(): this;
  restore(): this;
  /** Multiplies the current transform by [a c e; b d f] (canvas `transform` semantics). */
  transform(a: number, b: number, c: number, d: number, e: number, f: number): this;

  fillStyle(colour: Rgb, alpha?: number): this;
  strokeStyle(colour: Rgb, width: number, dash?: readonly number[], alpha?: number): this;
  lineStyle(cap: LineCap, join: LineJoin): this;
  /** Round caps and joins. */
  roundJoins(): this;
  /** Butt caps and mitred joins. */
  buttCaps(): this;

  moveTo(x: number, y: number): this;
  lineTo(x: number, y: number): this;
  bezierCurveTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): this;
  closePath(): this;
  /** A polyline (closed when `close`) as a subpath of its own. */
  path(points: readonly Point[], close: boolean): this;
  /**
   * Optional: the closed polygon `corners` (offsets) around each point (xs[i], ys[i]) for i in
   * which[from..to), each as a subpath of its own: what moveTo/lineTo/closePath per polygon
   * give, in one call, for surfaces where each path call costs (a native canvas). The painter
   * lays its cells' fills and outlines down with it where a surface has it.
   */
  polygonsAt?(corners: readonly Point[], xs: ArrayLike<number>, ys: ArrayLike<number>, which: ArrayLike<number>, from: number, to: number): this;
  /**
   * Optional: closed polygons, each a flat list of corners (x0, y0, x1, y1, …), as subpaths of
   * their own in one call. A surface that has it (a native raster) is handed the terrain fills as
   * the outline of each colour's cells together (shared/paint/outline.ts): a few long edges where
   * a path per cell has six short ones, the same picture without the seams between the cells.
   */
  polygons?(loops: readonly ArrayLike<number>[]): this;
  segment(a: Point, b: Point): this;
  circle(c: Point, r: number): this;
  ellipse(c: Point, rx: number, ry: number): this;
  rect(r: Rect): this;

  fill(rule?: FillRule): this;
  stroke(): this;
  /** Fills, then strokes the same path. */
  fillAndStroke(rule?: FillRule): this;
  /** Clips later drawing to the current path (until the matching restore). */
  clip(rule?: FillRule): this;
  clipRect(r: Rect): this;
  clipPolygon(points: readonly Point[]): this;

  /** Text with its baseline at (x, y), in the fill colour. */
  text(font: F, size: number, x: number, y: number, text: string, align?: Align): this;
  /** Text stroked `haloWidth` wide (default 0.22 × size) in `halo` first, then filled. */
  haloText(font: F, size: number, x: number, y: number, text: string, halo: Rgb, align?: Align, haloWidth?: number): this;

  image?(img: SurfaceImage, dest: Rect, alpha?: number): this;
  layer?(name: string): this;
  /**
   * Optional: what `draw` paints around (0, 0), no farther than `reach` drawing units from it,
   * drawn at (x, y). The same `key` always means the same picture, so a surface may keep it as a
   * bitmap and stamp that wherever the key comes again (a native raster, where a blit costs a
   * fraction of the fills it stands for); a surface without it has the painter draw in place.
   */
  stamp?(key: string, x: number, y: number, reach: number, draw: (s: Surface<F>) => void): this;
}

/** The four cubic arcs of an ellipse; 0.5523 is the usual control-point factor for a quarter. */
export function ellipseCurves(s: Pick<Surface, 'moveTo' | 'bezierCurveTo' | 'closePath'>, c: Point, rx: number, ry: number): void {
  const kx = 0.5523 * rx;
  const ky = 0.5523 * ry;
  s.moveTo(c.x + rx, c.y);
  s.bezierCurveTo(c.x + rx, c.y + ky, c.x + kx, c.y + ry, c.x, c.y + ry);
  s.bezierCurveTo(c.x - kx, c.y + ry, c.x - rx, c.y + ky, c.x - rx, c.y);
  s.bezierCurveTo(c.x - rx, c.y - ky, c.x - kx, c.y - ry, c.x, c.y - ry);
  s.bezierCurveTo(c.x + kx, c.y - ry, c.x + rx, c.y - ky, c.x + rx, c.y);
  s.closePath();
}

export function hexToRgb(hex: string): Rgb {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return [0.78, 0.78, 0.78];
  const n = Number.parseInt(m[1]!, 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/** Mix a colour toward white: t = 0 keeps it, 1 gives white. */
export function lighten(c: Rgb, t: number): Rgb {
  return [c[0] + (1 - c[0]) * t, c[1] + (1 - c[1]) * t, c[2] + (1 - c[2]) * t];
}

/** Mix a colour toward black: t = 0 keeps it, 1 gives black. */
export function darken(c: Rgb, t: number): Rgb {
  return [c[0] * (1 - t), c[1] * (1 - t), c[2] * (1 - t)];
}

/** `top` over `bottom` at opacity `alpha`: what a translucent fill shows, as an opaque colour. */
export function mix(bottom: Rgb, top: Rgb, alpha: number): Rgb {
  return [bottom[0] + (top[0] - bottom[0]) * alpha, bottom[1] + (top[1] - bottom[1]) * alpha, bottom[2] + (top[2] - bottom[2]) * alpha];
}

/** Relative brightness from 0 (black) to 1 (white), to pick ink that reads on a fill. */
export function luminance(c: Rgb): number {
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

/** "#rrggbb" for a colour, for surfaces that take CSS colours. */
export function rgbToHex(c: Rgb): string {
  return `#${c.map((v) => Math.round(Math.min(1, Math.max(0, v)) * 255).toString(16).padStart(2, '0')).join('')}`;
}

/** A CSS colour with opacity, for canvas surfaces. */
export function rgbToCss(c: Rgb, alpha = 1): string {
  if (alpha >= 1) return rgbToHex(c);
  const b = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 255);
  return `rgba(${b(c[0])},${b(c[1])},${b(c[2])},${Math.round(alpha * 1000) / 1000})`;
}
