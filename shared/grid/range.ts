// Ranges between cells as rules measure them, and the cells within a range (and an arc).
//
// - 'orthogonal': steps through shared sides only. On squares that is the Manhattan distance
//   whatever the grid's adjacency (The Portable Wargame: "through the sides of grid squares and
//   not through the corners"); on hexes and offset squares every neighbour shares a side, so it
//   is the hex distance.
// - 'grid': steps by the grid's own adjacency (an 8-way square grid counts a diagonal as one).
//
//   rangeBetween(g, { col: 0, row: 0 }, { col: 2, row: 3 });          // 5 on squares
//   cellsInRange(g, { col: 4, row: 4 }, 3);                           // every cell 1..3 away
//   cellsInArc(g, { col: 4, row: 4 }, 'N', 90, 6);                    // a field gun's fire zone
import { inArc } from './facing.js';
import type { Cell, Direction, GridGeometry } from './types.js';

export type RangeMetric = 'orthogonal' | 'grid';

/** Steps between two cells counted the ruleset's way (see the file comment). */
export function rangeBetween(grid: GridGeometry, a: Cell, b: Cell, metric: RangeMetric = 'orthogonal'): number {
  if (metric === 'orthogonal' && grid.spec.kind === 'square') return Math.abs(a.col - b.col) + Math.abs(a.row - b.row);
  return grid.distance(a, b);
}

/** Every in-map cell whose range from `from` is at least `min` (default 1) and at most `max`, row by row. */
export function cellsInRange(grid: GridGeometry, from: Cell, max: number, metric: RangeMetric = 'orthogonal', min = 1): Cell[] {
  const out: Cell[] = [];
  if (max < min) return out;
  // Every metric here is at least the larger of the column and row differences on squares and
  // at least the row difference less half the column difference on hexes; a box of ±max (±2max
  // rows for bricks and hexes) holds every candidate.
  const reach = grid.spec.kind === 'square' ? max : 2 * max + 1;
  const { cols, rows } = grid.spec;
  for (let row = Math.max(0, from.row - reach); row <= Math.min(rows - 1, from.row + reach); row++) {
    for (let col = Math.max(0, from.col - reach); col <= Math.min(cols - 1, from.col + reach); col++) {
      const c = { col, row };
      const r = rangeBetween(grid, from, c, metric);
      if (r >= min && r <= max) out.push(c);
    }
  }
  return out;
}

/**
 * Every in-map cell within `max` (and at least `min`) of a unit in `from` that also lies in its
 * arc of `arcDegrees` about `facing`, boundaries included: the cells it could fire at.
 */
export function cellsInArc(
  grid: GridGeometry,
  from: Cell,
  facing: Direction,
  arcDegrees: number,
  max: number,
  metric: RangeMetric = 'orthogonal',
  min = 1,
): Cell[] {
  return cellsInRange(grid, from, max, metric, min).filter((c) => inArc(grid, from, facing, c, arcDegrees));
}
