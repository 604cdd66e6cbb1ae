// Pan/zoom maths, free of Konva and the DOM. A view maps map pixels to screen pixels:
// screen = map * scale + (x, y).

import type { Point, Rect } from '../../../shared/grid/types.js';

export interface View {
  readonly scale: number;
  readonly x: number;
  readonly y: number;
}

export interface ZoomLimits {
  readonly min: number;
  readonly max: number;
}

export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Zoom by `factor` keeping the map point under `at` (screen px) where it is. */
export function zoomAt(view: View, factor: number, at: Point, limits: ZoomLimits): View {
  const scale = clamp(view.scale * factor, limits.min, limits.max);
  const k = scale / view.scale;
  return { scale, x: at.x - (at.x - view.x) * k, y: at.y - (at.y - view.y) * k };
}

/** The view that shows all of `bounds` centred in a `width`×`height` screen with a margin. */
export function fitView(bounds: Rect, width: number, height: number, margin: number, limits: ZoomLimits): View {
  const sx = (width - 2 * margin) / Math.max(1, bounds.width);
  const sy = (height - 2 * margin) / Math.max(1, bounds.height);
  const scale = clamp(Math.min(sx, sy), limits.min, limits.max);
  return {
    scale,
    x: (width - bounds.width * scale) / 2 - bounds.x * scale,
    y: (height - bounds.height * scale) / 2 - bounds.y * scale,
  };
}

/** The map-pixel rectangle a screen of `width`×`height` shows. */
export function visibleRect(view: View, width: number, height: number): Rect {
  return { x: -view.x / view.scale, y: -view.y / view.scale, width: width / view.scale, height: height / view.scale };
}

export function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

export const toScreen = (view: View, p: Point): Point => ({ x: p.x * view.scale + view.x, y: p.y * view.scale + view.y });
export const toMap = (view: View, p: Point): Point => ({ x: (p.x - view.x) / view.scale, y: (p.y - view.y) / view.scale });
