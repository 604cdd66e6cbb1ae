// Linear features as curves. Roads and rails are stored as the cell sides they cross; inside a
// cell the route runs from the middle of one crossed side to the middle of another as a cubic
// Bézier leaving each side square to it, so where two cells meet the two halves share the point
// and the direction: a route through any number of cells is one smooth line, never a staircase
// of centre-to-centre segments. A cell crossed on one side only (a road ending in a town) runs to
// its centre; three or more sides meet at the centre.
//
// Rivers run along sides, corner to corner. Each side is drawn as a curve whose direction at a
// corner is shared with the river side continuing from that corner, so a river bends smoothly
// round the cells; the optional wobble pushes the middle of each side a seeded distance aside.
import type { GridGeometry } from '../grid/types.js';
import { hash2 } from './symbols.js';

/** Per side k (the k-th of grid.sideDirections): its middle, relative to the cell centre, the inward normal and the distance in. */
export interface SideGeometry {
  mx: number;
  my: number;
  nx: number;
  ny: number;
  /** Distance from the side's middle to the centre line along the normal. */
  d: number;
}

const sideCache = new WeakMap<GridGeometry, SideGeometry[]>();

/** Side middles and normals at cell size 1 (scale by the size). */
export function sideGeometry(grid: GridGeometry): SideGeometry[] {
  let out = sideCache.get(grid);
  if (out) return out;
  const c = grid.cornerOffsets(1);
  out = grid.sideDirections.map((_, k) => {
    const a = c[k]!;
    const b = c[(k + 1) % c.length]!;
    const mx = (a.x + b.x) / 2;
    const my = (a.y + b.y) / 2;
    // Perpendicular to the side, pointing to the centre.
    let nx = -(b.y - a.y);
    let ny = b.x - a.x;
    const len = Math.hypot(nx, ny) || 1;
    nx /= len;
    ny /= len;
    if (nx * -mx + ny * -my < 0) {
      nx = -nx;
      ny = -ny;
    }
    return { mx, my, nx, ny, d: Math.abs(nx * mx + ny * my) };
  });
  sideCache.set(grid, out);
  return out;
}

/** How far along the normals a two-sided route's control points sit (× the distance to the centre). */
const PULL = 0.55;

/**
 * The cubic pieces of a route inside one cell (centre cx, cy; size S) crossing the sides in
 * `mask` (bit k = side k): pushed onto `out` as p0, c1, c2, p3 (8 numbers each).
 */
export function cellRouteCurves(mask: number, cx: number, cy: number, S: number, sides: readonly SideGeometry[], out: number[]): void {
  let n = 0;
  let first = -1;
  let second = -1;
  for (let k = 0; k < sides.length; k++)
    if (mask & (1 << k)) {
      if (n === 0) first = k;
      else if (n === 1) second = k;
      n++;
    }
  if (n === 0) return;
  if (n === 2) {
    const a = sides[first]!;
    const b = sides[second]!;
    const ax = cx + a.mx * S;
    const ay = cy + a.my * S;
    const bx = cx + b.mx * S;
    const by = cy + b.my * S;
    out.push(ax, ay, ax + a.nx * a.d * S * PULL, ay + a.ny * a.d * S * PULL, bx + b.nx * b.d * S * PULL, by + b.ny * b.d * S * PULL, bx, by);
    return;
  }
  // One side: to the centre; three or more: each side to the centre, where they meet.
  for (let k = 0; k < sides.length; k++) {
    if (!(mask & (1 << k))) continue;
    const a = sides[k]!;
    const ax = cx + a.mx * S;
    const ay = cy + a.my * S;
    out.push(ax, ay, ax + a.nx * a.d * S * 0.5, ay + a.ny * a.d * S * 0.5, cx + (ax - cx) * 0.25, cy + (ay - cy) * 0.25, cx, cy);
  }
}

/** A point on a cubic at t. */
export function cubicAt(c: ArrayLike<number>, o: number, t: number): { x: number; y: number } {
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const d = 3 * u * t * t;
  const e = t * t * t;
  return { x: a * c[o]! + b * c[o + 2]! + d * c[o + 4]! + e * c[o + 6]!, y: a * c[o + 1]! + b * c[o + 3]! + d * c[o + 5]! + e * c[o + 7]! };
}

/** A river side as curves at cell size 1: from P through an optional wobbled middle to Q. */
export interface RiverCurve {
  /** p0, c1, c2, p3 per cubic (one or two cubics), at cell size 1. */
  curves: number[];
}

interface Corner {
  x: number;
  y: number;
}

/**
 * The river side from P to Q as curves, given the far ends of the river sides that continue from
 * P and from Q (null where the river ends, forks or meets the map's edge there).
 */
export function riverSideCurve(P: Corner, Q: Corner, fromP: Corner | null, fromQ: Corner | null, wobble: number): RiverCurve {
  const L = Math.hypot(Q.x - P.x, Q.y - P.y) || 1;
  const ux = (Q.x - P.x) / L;
  const uy = (Q.y - P.y) / L;
  // Direction into the side at each end: along the chord of the two sides meeting there.
  const into = (at: Corner, to: Corner, other: Corner | null): [number, number] => {
    if (!other) return [(to.x - at.x) / L, (to.y - at.y) / L];
    const tx = to.x - other.x;
    const ty = to.y - other.y;
    const l = Math.hypot(tx, ty) || 1;
    return [tx / l, ty / l];
  };
  const [px, py] = into(P, Q, fromP);
  const [qx, qy] = into(Q, P, fromQ);
  if (wobble === 0) {
    const k = L * 0.36;
    return { curves: [P.x, P.y, P.x + px * k, P.y + py * k, Q.x + qx * k, Q.y + qy * k, Q.x, Q.y] };
  }
  // The middle pushed aside by a seeded amount, crossing it along the side.
  const h = hash2(Math.round((P.x + Q.x) * 512), Math.round((P.y + Q.y) * 512));
  const off = ((h & 0xffff) / 0xffff - 0.5) * 2 * wobble * L;
  const M = { x: (P.x + Q.x) / 2 - uy * off, y: (P.y + Q.y) / 2 + ux * off };
  const k = L * 0.2;
  return {
    curves: [
      P.x, P.y, P.x + px * k, P.y + py * k, M.x - ux * k, M.y - uy * k, M.x, M.y,
      M.x, M.y, M.x + ux * k, M.y + uy * k, Q.x + qx * k, Q.y + qy * k, Q.x, Q.y,
    ],
  };
}
