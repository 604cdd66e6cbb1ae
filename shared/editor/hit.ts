// Geometry helpers for the designer's tools that the grid itself does not offer: which side
// is under the pointer, which cells a brush, rectangle or fill covers. All return cell
// indices (`grid.index` order), which is what the layer commands take.
import type { Cell, EdgeId, GridGeometry, Point } from '../grid/index.js';
import { neighbourCapacity, neighbourIndices, neighbourTable } from './neighbours.js';

/**
 * The side under the pointer when it lies within `tolerance` pixels of it (the side must
 * touch the map), else null. A tolerance of about a fifth of `size` feels right for drawing
 * rivers: near a cell's centre nothing is picked, near its rim the side is.
 */
export function edgeUnderPointer(grid: GridGeometry, p: Point, size: number, tolerance: number): EdgeId | null {
  const hit = grid.nearestEdge(p, size);
  return hit && hit.distance <= tolerance ? hit.edge : null;
}

/**
 * Sides passed while the pointer moved from `from` to `to` (a drag between two pointer
 * events), in order and without repeats: the segment is sampled every eighth of a cell so a
 * fast drag does not skip sides.
 */
export function edgesAlongPointer(grid: GridGeometry, from: Point, to: Point, size: number, tolerance: number): EdgeId[] {
  const length = Math.hypot(to.x - from.x, to.y - from.y);
  const steps = Math.max(1, Math.ceil(length / (size / 8)));
  const out: EdgeId[] = [];
  for (let k = 0; k <= steps; k++) {
    const t = k / steps;
    const e = edgeUnderPointer(grid, { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t }, size, tolerance);
    if (e !== null && out[out.length - 1] !== e && !out.includes(e)) out.push(e);
  }
  return out;
}

/**
 * Cells within `radius` steps of `cell` (grid distance): radius 0 is the cell, 1 adds the
 * first ring, 2 the second: brush sizes 1, 2 and 3. Off-map cells are left out.
 */
export function cellsInBrush(grid: GridGeometry, cell: Cell, radius: number): number[] {
  const r = Math.max(0, Math.floor(radius));
  if (grid.network) {
    // On a network "within r steps" is within r links.
    if (!grid.inMap(cell)) return [];
    const dist = grid.network.distancesFrom([grid.index(cell)]);
    const near: number[] = [];
    dist.forEach((d, i) => {
      if (d !== -1 && d <= r) near.push(i);
    });
    return near;
  }
  const out: number[] = [];
  // A ring of radius r never leaves the box r+1 around the centre in offset coordinates.
  const { cols, rows } = grid.spec;
  const c0 = Math.max(0, cell.col - r - 1);
  const c1 = Math.min(cols - 1, cell.col + r + 1);
  const r0 = Math.max(0, cell.row - r - 1);
  const r1 = Math.min(rows - 1, cell.row + r + 1);
  for (let row = r0; row <= r1; row++) {
    for (let col = c0; col <= c1; col++) {
      if (r === 0 ? col === cell.col && row === cell.row : grid.distance(cell, { col, row }) <= r) out.push(row * cols + col);
    }
  }
  return out;
}

/**
 * Cells of the offset-coordinate rectangle spanned by two corner cells (inclusive), clipped to
 * the map. On a network: the positions whose centres lie in the box the two centres span.
 */
export function cellsInRect(grid: GridGeometry, a: Cell, b: Cell): number[] {
  if (grid.network) {
    if (!grid.inMap(a) || !grid.inMap(b)) return [];
    const pa = grid.network.positions[grid.index(a)]!;
    const pb = grid.network.positions[grid.index(b)]!;
    const [x0, x1] = [Math.min(pa.x, pb.x), Math.max(pa.x, pb.x)];
    const [y0, y1] = [Math.min(pa.y, pb.y), Math.max(pa.y, pb.y)];
    return grid.network.positions.flatMap((p, i) => (p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1 ? [i] : []));
  }
  const { cols, rows } = grid.spec;
  const c0 = Math.max(0, Math.min(a.col, b.col));
  const c1 = Math.min(cols - 1, Math.max(a.col, b.col));
  const r0 = Math.max(0, Math.min(a.row, b.row));
  const r1 = Math.min(rows - 1, Math.max(a.row, b.row));
  const out: number[] = [];
  for (let row = r0; row <= r1; row++) for (let col = c0; col <= c1; col++) out.push(row * cols + col);
  return out;
}

/** Cells a brush of `radius` covers when dragged from a to b (no gaps between pointer samples). */
export function cellsAlongStroke(grid: GridGeometry, a: Cell, b: Cell, radius: number): number[] {
  const seen = new Set<number>();
  for (const c of grid.line(a, b)) for (const i of cellsInBrush(grid, c, radius)) seen.add(i);
  return [...seen];
}

export interface FloodOptions {
  /** Stop after this many cells (default: the whole map); `truncated` then says so. */
  limit?: number;
  /** Sides the fill may not cross (e.g. a drawn front line or rivers). */
  blocked?: ReadonlySet<EdgeId>;
}

export interface FloodResult {
  cells: number[];
  truncated: boolean;
}

/**
 * The connected region of cells holding the same value as `start` in `values` (a terrain or
 * control layer), moving between neighbours (8-way squares include diagonals, except where a
 * blocked side is squeezed past). Breadth first, so a limited fill grows evenly around the start.
 */
export function floodRegion(grid: GridGeometry, values: Uint8Array, start: Cell, options: FloodOptions = {}): FloodResult {
  if (!grid.inMap(start)) return { cells: [], truncated: false };
  const limit = options.limit ?? grid.cellCount;
  const blocked = options.blocked && options.blocked.size > 0 ? options.blocked : null;
  const first = grid.index(start);
  const value = values[first]!;
  const seen = new Uint8Array(grid.cellCount);
  seen[first] = 1;
  const out: number[] = [first];
  const table = neighbourTable(grid);
  const near = new Int32Array(neighbourCapacity(grid));
  for (let head = 0; head < out.length; head++) {
    const i = out[head]!;
    const n = neighbourIndices(grid, table, i, near);
    for (let k = 0; k < n; k++) {
      const j = near[k]!;
      if (seen[j] || values[j] !== value) continue;
      if (blocked && crossesBlocked(grid, grid.cellAt(i), grid.cellAt(j), blocked)) continue;
      if (out.length >= limit) return { cells: out, truncated: true };
      seen[j] = 1;
      out.push(j);
    }
  }
  return { cells: out, truncated: false };
}

/** Whether a step between neighbours crosses a blocked side (or, diagonally, squeezes past one). */
export function crossesBlocked(grid: GridGeometry, a: Cell, b: Cell, blocked: ReadonlySet<EdgeId>): boolean {
  const e = grid.edgeBetween(a, b);
  if (e !== null) return blocked.has(e);
  return grid.diagonalSides(a, b).some((s) => blocked.has(s));
}
