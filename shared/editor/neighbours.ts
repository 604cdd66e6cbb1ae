// Neighbour lookup by cell index for whole-map walks (flood fill, front-line fill) on maps
// of up to a million cells, where allocating a Cell per neighbour would dominate. On every
// grid kind the offsets to a cell's neighbours depend only on whether its column and row are
// odd or even, so four small tables, read off the grid itself, describe them all. A network
// map's neighbours are its links, read from its link graph instead.
import type { GridGeometry } from '../grid/index.js';

export interface NeighbourTable {
  /** Per parity class (colOdd * 2 + rowOdd): column and row offsets, in `grid.directions` order. */
  readonly dc: readonly Int8Array[];
  readonly dr: readonly Int8Array[];
}

const tables = new WeakMap<GridGeometry, NeighbourTable>();

export function neighbourTable(grid: GridGeometry): NeighbourTable {
  let t = tables.get(grid);
  if (t) return t;
  const dc: Int8Array[] = [];
  const dr: Int8Array[] = [];
  for (let cls = 0; cls < 4; cls++) {
    // A representative cell of this parity class, away from any border.
    const c = { col: 4 + (cls >> 1), row: 4 + (cls & 1) };
    const steps = grid.directions.map((d) => grid.step(c, d)!);
    dc.push(Int8Array.from(steps.map((s) => s.col - c.col)));
    dr.push(Int8Array.from(steps.map((s) => s.row - c.row)));
  }
  t = { dc, dr };
  tables.set(grid, t);
  return t;
}

/** How long the `out` buffer of neighbourIndices must be: 8 on a grid, a network's most links at one position. */
export function neighbourCapacity(grid: GridGeometry): number {
  const net = grid.network;
  if (!net) return 8;
  let most = 0;
  for (let i = 0; i < net.positions.length; i++) most = Math.max(most, net.linksOf(i).length);
  return most;
}

/**
 * Writes the in-map neighbour indices of cell `index` into `out` and returns how many there
 * are (at most neighbourCapacity), in `grid.directions` order, like `grid.neighbours`.
 */
export function neighbourIndices(grid: GridGeometry, table: NeighbourTable, index: number, out: Int32Array): number {
  if (grid.network) {
    const near = grid.network.neighbours(index);
    out.set(near);
    return near.length;
  }
  const { cols, rows } = grid.spec;
  const row = (index / cols) | 0;
  const col = index - row * cols;
  const cls = ((col & 1) << 1) | (row & 1);
  const dc = table.dc[cls]!;
  const dr = table.dr[cls]!;
  let n = 0;
  for (let k = 0; k < dc.length; k++) {
    const c = col + dc[k]!;
    const r = row + dr[k]!;
    if (c >= 0 && c < cols && r >= 0 && r < rows) out[n++] = r * cols + c;
  }
  return n;
}
