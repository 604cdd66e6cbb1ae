// Plane geometry of network maps in map millimetres: a position's drawn shape (box or
// ellipse), where a line leaves it, and distances to polylines.
import type { NetworkPosition, Point } from './types.js';

const CIRCLE_POINTS = 32;

export function shapeContains(pos: NetworkPosition, p: Point): boolean {
  const dx = p.x - pos.x;
  const dy = p.y - pos.y;
  const hw = pos.width / 2;
  const hh = pos.height / 2;
  if (pos.shape === 'box') return Math.abs(dx) <= hw && Math.abs(dy) <= hh;
  return (dx / hw) ** 2 + (dy / hh) ** 2 <= 1;
}

/** Outline clockwise (y down) from the top left: 4 corners of a box, 32 points of an ellipse from its top. */
export function shapeOutline(pos: NetworkPosition): Point[] {
  const hw = pos.width / 2;
  const hh = pos.height / 2;
  if (pos.shape === 'box') {
    return [
      { x: pos.x - hw, y: pos.y - hh },
      { x: pos.x + hw, y: pos.y - hh },
      { x: pos.x + hw, y: pos.y + hh },
      { x: pos.x - hw, y: pos.y + hh },
    ];
  }
  const out: Point[] = [];
  for (let k = 0; k < CIRCLE_POINTS; k++) {
    const a = (2 * Math.PI * k) / CIRCLE_POINTS;
    out.push({ x: pos.x + hw * Math.sin(a), y: pos.y - hh * Math.cos(a) });
  }
  return out;
}

/**
 * How far along the ray from the shape's centre towards `toward` the outline lies, as a
 * fraction of the distance to `toward` (1 or more when `toward` is inside the shape).
 */
export function exitFraction(pos: NetworkPosition, toward: Point): number {
  const dx = toward.x - pos.x;
  const dy = toward.y - pos.y;
  if (dx === 0 && dy === 0) return Infinity;
  const hw = pos.width / 2;
  const hh = pos.height / 2;
  if (pos.shape === 'box') return Math.min(dx === 0 ? Infinity : hw / Math.abs(dx), dy === 0 ? Infinity : hh / Math.abs(dy));
  return 1 / Math.sqrt((dx / hw) ** 2 + (dy / hh) ** 2);
}

/**
 * Where the segment a→b first touches a position's drawn shape, as a fraction of its length
 * (0 when a is inside), or null when it misses the shape. Exact: in the shape's own frame,
 * scaled to a unit box or unit circle, it is a slab or a quadratic intersection.
 */
export function segmentEntry(pos: NetworkPosition, a: Point, b: Point): number | null {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const hw = pos.width / 2;
  const hh = pos.height / 2;
  // In the shape's own frame scaled to a unit box / unit circle, the question is linear.
  const ax = (a.x - pos.x) / hw;
  const ay = (a.y - pos.y) / hh;
  const vx = dx / hw;
  const vy = dy / hh;
  if (pos.shape === 'circle') {
    // |A + tV|² = 1
    const A = vx * vx + vy * vy;
    const B = 2 * (ax * vx + ay * vy);
    const C = ax * ax + ay * ay - 1;
    if (C <= 0) return 0;
    if (A === 0) return null;
    const disc = B * B - 4 * A * C;
    if (disc < 0) return null;
    const t = (-B - Math.sqrt(disc)) / (2 * A);
    return t >= 0 && t <= 1 ? t : null;
  }
  // Slab intersection with the box [-1, 1]².
  let t0 = 0;
  let t1 = 1;
  for (const [p, v] of [
    [ax, vx],
    [ay, vy],
  ] as const) {
    if (v === 0) {
      if (p < -1 || p > 1) return null;
      continue;
    }
    let lo = (-1 - p) / v;
    let hi = (1 - p) / v;
    if (lo > hi) [lo, hi] = [hi, lo];
    t0 = Math.max(t0, lo);
    t1 = Math.min(t1, hi);
    // A segment that only touches the box (at a corner or along a side) touches it: the
    // divisions above can put t0 a rounding error past t1 there, where contains() says inside.
    if (t0 > t1 + 1e-9) return null;
  }
  return Math.min(t0, 1);
}

export function segmentDistance(p: Point, a: Point, b: Point): number {
  const vx = b.x - a.x;
  const vy = b.y - a.y;
  const len2 = vx * vx + vy * vy;
  let t = len2 === 0 ? 0 : ((p.x - a.x) * vx + (p.y - a.y) * vy) / len2;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return Math.hypot(p.x - (a.x + t * vx), p.y - (a.y + t * vy));
}

export function polylineDistance(p: Point, line: readonly Point[]): number {
  if (line.length === 1) return Math.hypot(p.x - line[0]!.x, p.y - line[0]!.y);
  let best = Infinity;
  for (let i = 1; i < line.length; i++) best = Math.min(best, segmentDistance(p, line[i - 1]!, line[i]!));
  return best;
}

export function polylineLength(line: readonly Point[]): number {
  let sum = 0;
  for (let i = 1; i < line.length; i++) sum += Math.hypot(line[i]!.x - line[i - 1]!.x, line[i]!.y - line[i - 1]!.y);
  return sum;
}

/**
 * A centre-to-centre polyline trimmed at both ends to where it leaves the end shapes. Bends
 * inside an end shape are dropped; when the shapes overlap so much that nothing is left
 * outside them, the untrimmed line is returned.
 */
export function trimToShapes(line: readonly Point[], from: NetworkPosition, to: NetworkPosition): Point[] {
  if (line.length < 2) return [...line];
  // First point after the start that lies outside the start shape.
  let i = 1;
  while (i < line.length && shapeContains(from, line[i]!)) i++;
  // Last point before the end that lies outside the end shape.
  let j = line.length - 2;
  while (j >= 0 && shapeContains(to, line[j]!)) j--;
  if (i >= line.length || j < 0 || i > j + 1) return [...line];
  const exit = (pos: NetworkPosition, inside: Point, outside: Point): Point => {
    // The outline point on the segment inside → outside: exact for a segment from the
    // centre, by bisection for one from a bend inside the shape.
    if (inside.x === pos.x && inside.y === pos.y) {
      const t = exitFraction(pos, outside);
      return { x: pos.x + (outside.x - pos.x) * t, y: pos.y + (outside.y - pos.y) * t };
    }
    let lo = 0;
    let hi = 1;
    for (let k = 0; k < 40; k++) {
      const mid = (lo + hi) / 2;
      const q = { x: inside.x + (outside.x - inside.x) * mid, y: inside.y + (outside.y - inside.y) * mid };
      if (shapeContains(pos, q)) lo = mid;
      else hi = mid;
    }
    return { x: inside.x + (outside.x - inside.x) * lo, y: inside.y + (outside.y - inside.y) * lo };
  };
  const start = exit(from, line[i - 1]!, line[i]!);
  const end = exit(to, line[j + 1]!, line[j]!);
  return [start, ...line.slice(i, j + 1), end];
}
