// Offset (col,row) <-> axial (q,r) conversions, after Red Blob Games' "offset coordinates".
// One formula covers every grid: `axis` says which lines are shifted (columns for flat-top
// hexes, rows for pointy-top hexes and brick grids, none for squares) and `sign` is -1 when
// odd lines are shifted, +1 when even ones are. Integer-only, so safe in hot paths.

export type ShiftAxis = 'col' | 'row' | 'none';

/** -1 for odd-shifted lines, +1 for even-shifted ones. */
export type ShiftSign = -1 | 1;

export function offsetToQ(axis: ShiftAxis, sign: ShiftSign, col: number, row: number): number {
  return axis === 'row' ? col - (row + sign * (row & 1)) / 2 : col;
}

export function offsetToR(axis: ShiftAxis, sign: ShiftSign, col: number, row: number): number {
  return axis === 'col' ? row - (col + sign * (col & 1)) / 2 : row;
}

export function axialToCol(axis: ShiftAxis, sign: ShiftSign, q: number, r: number): number {
  return axis === 'row' ? q + (r + sign * (r & 1)) / 2 : q;
}

export function axialToRow(axis: ShiftAxis, sign: ShiftSign, q: number, r: number): number {
  return axis === 'col' ? r + (q + sign * (q & 1)) / 2 : r;
}
