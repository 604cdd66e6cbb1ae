// Network maps in the painter: each position drawn in its own shape (box or ellipse at the
// designer's size, not the map's default cell box), and the links between them, from the
// border of one shape to the border of the other through the link's bends, in the look of the
// painter's roads and railways (ordinary links as plain lines). Links lie under the positions
// and their labels: the painter draws them before the terrain fills.
import type { GridGeometry, NetworkQueries, Rect } from '../grid/types.js';
import { INK } from './markers.js';
import { hexToRgb, type Rgb, type Surface, type SurfaceFont } from './surface.js';

export const ROAD: Rgb = hexToRgb('#9a4a1c');
export const ROAD_FILL: Rgb = hexToRgb('#f6d88f');
export const RAIL: Rgb = hexToRgb('#22252a');
const LINK: Rgb = hexToRgb('#55575c');

/** The kinds of line a link is drawn as. */
export type LinkLook = 'road' | 'rail' | 'ordinary';

export function linkLook(type: string): LinkLook {
  const t = type.toLowerCase();
  if (t.includes('rail')) return 'rail';
  if (t.includes('road')) return 'road';
  return 'ordinary';
}

/** Adds position `i`'s own outline (drawing units at cell size `size`) to the current path. */
export function positionPath<F extends SurfaceFont>(s: Surface<F>, grid: GridGeometry, i: number, size: number): void {
  const pts = grid.corners({ col: i, row: 0 }, size);
  if (pts.length === 0) return;
  s.moveTo(pts[0]!.x, pts[0]!.y);
  for (let k = 1; k < pts.length; k++) s.lineTo(pts[k]!.x, pts[k]!.y);
  s.closePath();
}

/**
 * The links drawn in a region, as polylines in drawing units (cell size `size`), grouped by
 * look: each from where it leaves its first position's shape to where it enters the second's.
 */
export function linkLines(net: NetworkQueries, size: number, region: Rect, margin: number): Record<LinkLook, { x: number; y: number }[][]> {
  const k = size / net.layout.unit;
  const out: Record<LinkLook, { x: number; y: number }[][]> = { road: [], rail: [], ordinary: [] };
  const x0 = region.x - margin;
  const y0 = region.y - margin;
  const x1 = region.x + region.width + margin;
  const y1 = region.y + region.height + margin;
  net.links.forEach((link, l) => {
    if (!net.linkEnds(l)) return;
    const line = net.linkDrawnPolyline(l).map((p) => ({ x: p.x * k, y: p.y * k }));
    if (line.length < 2) return;
    let bx0 = Infinity;
    let by0 = Infinity;
    let bx1 = -Infinity;
    let by1 = -Infinity;
    for (const p of line) {
      bx0 = Math.min(bx0, p.x);
      by0 = Math.min(by0, p.y);
      bx1 = Math.max(bx1, p.x);
      by1 = Math.max(by1, p.y);
    }
    if (bx1 < x0 || bx0 > x1 || by1 < y0 || by0 > y1) return;
    out[linkLook(link.type)].push(line);
  });
  return out;
}

export interface LinkPaint {
  /** Device pixels per drawing unit. */
  pxPerUnit: number;
  outline: boolean;
  /** A nominal width, kept at least `minPx` device pixels wide. */
  minLine: (nominal: number, minPx: number) => number;
}

/** Strokes a network's links in `region` (cell size `S`): ordinary links, then roads, then railways. */
export function paintLinks<F extends SurfaceFont>(s: Surface<F>, net: NetworkQueries, S: number, region: Rect, paint: LinkPaint): void {
  const lines = linkLines(net, S, region, S * 0.25);
  const px = S * paint.pxPerUnit;
  const each = (list: { x: number; y: number }[][]) => {
    for (const line of list) s.path(line, false);
    s.stroke();
  };
  if (lines.ordinary.length) {
    s.roundJoins().strokeStyle(paint.outline ? INK : LINK, paint.minLine(S * 0.04, 1.2));
    each(lines.ordinary);
  }
  if (lines.road.length) {
    s.roundJoins();
    if (px >= 40 && !paint.outline) {
      s.strokeStyle(ROAD, S * 0.075);
      each(lines.road);
      s.strokeStyle(ROAD_FILL, S * 0.04);
      each(lines.road);
    } else {
      s.strokeStyle(paint.outline ? INK : ROAD, paint.minLine(S * 0.055, 1.4), paint.outline ? [S * 0.06, S * 0.03] : []);
      each(lines.road);
    }
  }
  if (lines.rail.length) {
    s.roundJoins().strokeStyle(RAIL, paint.minLine(S * 0.025, 1.1));
    each(lines.rail);
    if (px >= 16) {
      // Sleepers: the track stroked wide with a short dash draws cross-ties square to the line.
      s.buttCaps().strokeStyle(RAIL, S * 0.09, [S * 0.02, S * 0.08]);
      each(lines.rail);
    }
  }
}
