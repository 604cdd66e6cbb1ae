// Authoring view of the shared grid geometry: cells as [col, row] tuples, which keeps the
// scenario descriptions in scripts/author/scenarios/ short.
import { createGrid, type Direction, type GridGeometry } from '../../shared/grid/index.js';
import type { CellGrid } from '../../shared/format/scenario.types.js';

export type CellPos = readonly [col: number, row: number];

export interface AuthorGrid {
  readonly geometry: GridGeometry;
  cols: number;
  rows: number;
  inMap(c: CellPos): boolean;
  neighbours(c: CellPos): CellPos[];
  directionTo(a: CellPos, b: CellPos): Direction | null;
  /** True when two cells are neighbours sharing a side (not an 8-way diagonal). */
  sharesSide(a: CellPos, b: CellPos): boolean;
  /** Canonical "col,row,DIR" of the side two adjacent cells share; throws when they share none. */
  edgeBetween(a: CellPos, b: CellPos): string;
  /** Adjacent cells from a to b inclusive. */
  line(a: CellPos, b: CellPos): CellPos[];
}

const cell = ([col, row]: CellPos) => ({ col, row });
const pos = (c: { col: number; row: number }): CellPos => [c.col, c.row];

export function authorGrid(spec: CellGrid): AuthorGrid {
  const g = createGrid(spec);
  return {
    geometry: g,
    cols: spec.cols,
    rows: spec.rows,
    inMap: (c) => g.inMap(cell(c)),
    neighbours: (c) => g.neighbours(cell(c)).map(pos),
    directionTo: (a, b) => g.directionTo(cell(a), cell(b)),
    sharesSide: (a, b) => g.edgeBetween(cell(a), cell(b)) !== null,
    edgeBetween(a, b) {
      const e = g.edgeBetween(cell(a), cell(b));
      if (e === null) throw new Error(`cells ${a} and ${b} share no side`);
      return e;
    },
    line: (a, b) => g.line(cell(a), cell(b)).map(pos),
  };
}
