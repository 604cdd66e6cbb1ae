// The outline of a set of same-coloured cells: the sides they do not share, joined into closed
// loops. Filling those loops (nonzero) paints exactly the cells' polygons, with no anti-aliased
// seam inside the set and with a few long edges where a path per cell has six small ones each: a
// native rasteriser's cost goes with the edges it crosses on each row of pixels, so a wood of
// 2,000 hexes costs what its rim costs, not what its 12,000 cell sides cost.
//
// It works on grids whose cells are all the same centrally symmetric polygon, edge to edge (hexes
// of either orientation, squares): the cell across side k is found from the centre and the
// corners alone, its shared side is side k + n/2, and at each corner the boundary goes on along
// the next side of the cell it is in or, if that side is shared, into the cell across it. Other
// layouts (shifted rows of squares, networks) get null and the painter draws cell by cell.
import type { GridGeometry as Grid, Point } from '../grid/types.js';

/** For a cell of parity class (col & 1) + 2 (row & 1): the step (dcol, drow) to the cell across each side. */
interface Steps {
  dc: Int32Array;
  dr: Int32Array;
}

const stepsCache = new WeakMap<Grid, Steps | null>();

/** How a grid's cells meet (see the file's head), or null when not edge to edge by symmetry. */
function stepsOf(grid: Grid, corners: readonly Point[], S: number): Steps | null {
  const hit = stepsCache.get(grid);
  if (hit !== undefined) return hit;
  const n = corners.length;
  let out: Steps | null = { dc: new Int32Array(4 * n), dr: new Int32Array(4 * n) };
  const eps = S * 1e-6;
  const near = (a: Point, b: Point) => Math.abs(a.x - b.x) < eps && Math.abs(a.y - b.y) < eps;
  check: if (n % 2 !== 0 || n < 4) out = null;
  else
    for (let p = 0; p < 4; p++) {
      // A cell well inside any map's rows and columns with that parity (the maths is unbounded).
      const col = 10 + (p & 1);
      const row = 10 + (p >> 1);
      const cx = grid.centerX(col, row, S);
      const cy = grid.centerY(col, row, S);
      for (let k = 0; k < n; k++) {
        const a = corners[k]!;
        const b = corners[(k + 1) % n]!;
        // The cell across side k, mirrored through the side's middle.
        const there = { x: cx + a.x + b.x, y: cy + a.y + b.y };
        const c = grid.pixelToCell(there, S);
        const centre = { x: grid.centerX(c.col, c.row, S), y: grid.centerY(c.col, c.row, S) };
        // Its corners k + n/2 + 1 and k + n/2 must be this side's ends.
        const a2 = corners[(k + n / 2 + 1) % n]!;
        const b2 = corners[(k + n / 2) % n]!;
        if (!near(centre, there) || !near({ x: centre.x + a2.x, y: centre.y + a2.y }, { x: cx + a.x, y: cy + a.y }) || !near({ x: centre.x + b2.x, y: centre.y + b2.y }, { x: cx + b.x, y: cy + b.y })) {
          out = null;
          break check;
        }
        out.dc[p * n + k] = c.col - col;
        out.dr[p * n + k] = c.row - row;
      }
    }
  stepsCache.set(grid, out);
  return out;
}

/** List position + 1 of each grid cell in the set being outlined (0: not in it); reused, cleared after use. */
let member = new Int32Array(0);

/**
 * The outline of cells (grid index `index[i]`, centre `xs[i]`, `ys[i]`) for i in which[from..to):
 * closed loops as flat corner lists (x0, y0, x1, y1, …), in the cells' own corner order (holes run
 * the other way, so a nonzero fill leaves them out). Null when the grid's cells do not meet edge
 * to edge (see the file's head).
 */
export function cellOutlines(
  grid: Grid,
  cols: number,
  rows: number,
  S: number,
  corners: readonly Point[],
  index: ArrayLike<number>,
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  which: ArrayLike<number>,
  from: number,
  to: number,
): Float64Array[] | null {
  const steps = stepsOf(grid, corners, S);
  if (!steps) return null;
  const n = corners.length;
  const half = n / 2;
  const m = to - from;
  if (member.length < cols * rows) member = new Int32Array(cols * rows);
  for (let j = 0; j < m; j++) member[index[which[from + j]!]!] = j + 1;
  // The list position of the cell across side k of the cell at position j, or −1 when that cell is not in the set.
  const across = (j: number, k: number): number => {
    const g = index[which[from + j]!]!;
    const col = g % cols;
    const row = (g - col) / cols;
    const q = ((col & 1) + 2 * (row & 1)) * n + k;
    const c = col + steps.dc[q]!;
    const r = row + steps.dr[q]!;
    if (c < 0 || r < 0 || c >= cols || r >= rows) return -1;
    return member[r * cols + c]! - 1;
  };
  // Bit k set: side k of the cell is on the outline and not yet traced.
  const open = new Uint8Array(m);
  for (let j = 0; j < m; j++) {
    let bits = 0;
    for (let k = 0; k < n; k++) if (across(j, k) < 0) bits |= 1 << k;
    open[j] = bits;
  }
  const loops: Float64Array[] = [];
  const pts: number[] = [];
  for (let j0 = 0; j0 < m; j0++) {
    while (open[j0]! !== 0) {
      let k0 = 0;
      while (!(open[j0]! & (1 << k0))) k0++;
      pts.length = 0;
      let j = j0;
      let k = k0;
      // Side k of cell j runs from its corner k to corner k + 1; each side adds its first corner.
      for (let guard = 0; guard <= 6 * m * n; guard++) {
        open[j] = open[j]! & ~(1 << k);
        const i = which[from + j]!;
        pts.push(xs[i]! + corners[k]!.x, ys[i]! + corners[k]!.y);
        // On from the corner k + 1: along the cell's next side, or into the cell across it.
        k = (k + 1) % n;
        for (let turn = 0; turn < n; turn++) {
          const next = across(j, k);
          if (next < 0) break;
          j = next;
          k = (k + half + 1) % n;
        }
        if (j === j0 && k === k0) break;
      }
      loops.push(Float64Array.from(pts));
    }
  }
  for (let j = 0; j < m; j++) member[index[which[from + j]!]!] = 0;
  return loops;
}
