// Shift-constrained straight strokes of the edge tools: a river (lake shore, custom side
// feature) along a straight run of cell sides, a road or rail along a straight line of cells,
// each in the grid direction nearest the pointer's.
//
// Sides: the run from a side is the sides whose midpoints lie on the line through its midpoint
// parallel to a neighbour direction, half a neighbour step apart (on hexes the zigzag between two
// rows of cells; on squares the sides along a grid line, or with 8 neighbours the staircase along
// a diagonal). A direction across the side itself is no run.
import type { Cell, EdgeId, GridGeometry, Point } from '../grid/types.js';

/** The centre-to-centre vector of each neighbour direction (map pixels), measured in the middle of the map. */
function neighbourVectors(grid: GridGeometry, size: number, sidesOnly: boolean): Point[] {
  const { cols, rows } = grid.spec as { cols: number; rows: number };
  const mid = { col: Math.floor(cols / 2), row: Math.floor(rows / 2) };
  const c = grid.center(mid, size);
  const out: Point[] = [];
  for (const d of sidesOnly ? grid.sideDirections : grid.directions) {
    const n = grid.step(mid, d);
    if (n) {
      const p = grid.center(n, size);
      out.push({ x: p.x - c.x, y: p.y - c.y });
    }
  }
  return out;
}

/** The straight run of cells from `from` towards `towards` (map pixels) along the nearest direction through a side; `from` first. */
export function straightCellRun(grid: GridGeometry, from: Cell, towards: Point, size: number): Cell[] {
  if (grid.network || !grid.inMap(from)) return [];
  const c = grid.center(from, size);
  const want = { x: towards.x - c.x, y: towards.y - c.y };
  const wantLen = Math.hypot(want.x, want.y);
  let best: { dir: (typeof grid.sideDirections)[number]; along: number; step: number; cos: number } | null = null;
  // Roads and rails cross sides: only the directions through a side (not a square's corner).
  for (const dir of grid.sideDirections) {
    const n = grid.step(from, dir);
    if (!n || wantLen === 0) continue;
    const p = grid.center(n, size);
    const v = { x: p.x - c.x, y: p.y - c.y };
    const len = Math.hypot(v.x, v.y);
    const along = (want.x * v.x + want.y * v.y) / len;
    const cos = along / wantLen;
    if (!best || cos > best.cos + 1e-9) best = { dir, along, step: len, cos };
  }
  const out: Cell[] = [from];
  if (!best || best.along <= 0) return out;
  const steps = Math.round(best.along / best.step);
  let cell = from;
  for (let k = 0; k < steps; k++) {
    const n = grid.step(cell, best.dir);
    if (!n || !grid.inMap(n)) break;
    out.push(n);
    cell = n;
  }
  return out;
}

/**
 * The straight run of sides from side `from` towards `towards` (map pixels), in the run direction
 * nearest the pointer's; `from` first. Sides with no cell on the map end it.
 */
export function straightSideRun(grid: GridGeometry, from: EdgeId, towards: Point, size: number): EdgeId[] {
  if (grid.network) return [];
  const [a, b] = grid.edgeCells(from);
  const pa = grid.center(a, size);
  const pb = grid.center(b, size);
  const across = { x: pb.x - pa.x, y: pb.y - pa.y };
  const [e0, e1] = grid.edgeEndpoints(from, size);
  const m = { x: (e0.x + e1.x) / 2, y: (e0.y + e1.y) / 2 };
  const want = { x: towards.x - m.x, y: towards.y - m.y };
  const wantLen = Math.hypot(want.x, want.y);
  if (wantLen === 0) return [from];
  let best: { v: Point; cos: number } | null = null;
  for (const v of neighbourVectors(grid, size, false)) {
    // Parallel to the step across the side: no run of sides that way.
    const cross = Math.abs(v.x * across.y - v.y * across.x) / (Math.hypot(v.x, v.y) * Math.hypot(across.x, across.y));
    if (cross < 1e-6) continue;
    const cos = (want.x * v.x + want.y * v.y) / (Math.hypot(v.x, v.y) * wantLen);
    if (!best || cos > best.cos + 1e-9) best = { v, cos };
  }
  if (!best || best.cos <= 0) return [from];
  const half = { x: best.v.x / 2, y: best.v.y / 2 };
  const halfLen = Math.hypot(half.x, half.y);
  const proj = (want.x * half.x + want.y * half.y) / halfLen;
  const out: EdgeId[] = [from];
  const tol = size * 1e-3;
  // Sides lie every half step (hexes, diagonals) or every whole step (squares along an axis,
  // where the half steps are corners): the run ends at the side nearest the pointer.
  let spacing = 0;
  for (let j = 1; j <= Math.ceil(proj / halfLen) + 2; j++) {
    const p = { x: m.x + half.x * j, y: m.y + half.y * j };
    const hit = grid.nearestEdge(p, size);
    if (!hit) break;
    const [q0, q1] = grid.edgeEndpoints(hit.edge, size);
    if (Math.hypot((q0.x + q1.x) / 2 - p.x, (q0.y + q1.y) / 2 - p.y) > tol) continue;
    spacing ||= j * halfLen;
    if (j * halfLen > proj + spacing / 2) break;
    if (!grid.edgeCells(hit.edge).some((c) => grid.inMap(c))) break;
    if (!out.includes(hit.edge)) out.push(hit.edge);
  }
  return out;
}
