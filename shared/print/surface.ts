// The drawing surface the print drawing code (map-draw.ts, symbols.ts, furniture.ts) talks
// to. The PDF writer implements it with PDF content-stream operators, the print dialog's
// preview with a 2D canvas, so both show the same map from one set of drawing decisions.
//
// The model is PDF's: shapes add to a current path, which `fill` or `stroke` paints and then
// clears; `save`/`restore` keep colours, widths, dashes, caps and the clip. Callers draw in
// their own units with y pointing down.
import type { Point, Rect } from '../grid/index.js';

/** A colour with channels from 0 to 1. */
export type Rgb = readonly [number, number, number];

export type Align = 'left' | 'centre' | 'right';

/** A font the surface can draw with; widths in the caller's units at a given size. */
export interface PrintFont {
  width(text: string, size: number): number;
}

export interface PrintFonts<F extends PrintFont = PrintFont> {
  regular: F;
  bold: F;
}

export interface PrintSurface<F extends PrintFont = PrintFont> {
  save(): this;
  restore(): this;
  /** Clips later drawing to the rectangle / polygon (until the matching restore). */
  clipRect(r: Rect): this;
  clipPolygon(points: readonly Point[]): this;
  strokeStyle(colour: Rgb, width: number, dash?: readonly number[]): this;
  fillStyle(colour: Rgb): this;
  /** Round caps and joins. */
  roundJoins(): this;
  /** Butt caps and mitred joins. */
  buttCaps(): this;
  path(points: readonly Point[], close: boolean): this;
  segment(a: Point, b: Point): this;
  circle(c: Point, r: number): this;
  ellipse(c: Point, rx: number, ry: number): this;
  rect(r: Rect): this;
  stroke(): this;
  fill(): this;
  /** Text with its baseline at (x, y), in the fill colour. */
  text(font: F, size: number, x: number, y: number, text: string, align?: Align): this;
  /** Text stroked wide in `halo` first, then filled, so lines crossing it never hide a letter. */
  haloText(font: F, size: number, x: number, y: number, text: string, halo: Rgb, align?: Align): this;
  /** Where a named part of the drawing begins (terrain, rivers...); surfaces that keep layers, as SVG does, group what follows. */
  layer?(name: string): this;
}

export function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/** Mix a colour toward white: t = 0 keeps it, 1 gives white. */
export function lighten(c: Rgb, t: number): Rgb {
  return [c[0] + (1 - c[0]) * t, c[1] + (1 - c[1]) * t, c[2] + (1 - c[2]) * t];
}

/** Relative brightness from 0 (black) to 1 (white), to pick ink that reads on a fill. */
export function luminance(c: Rgb): number {
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

/** "#rrggbb" for a colour, for surfaces that take CSS colours. */
export function rgbToHex(c: Rgb): string {
  return `#${c.map((v) => Math.round(Math.min(1, Math.max(0, v)) * 255).toString(16).padStart(2, '0')).join('')}`;
}
