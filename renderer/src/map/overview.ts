// Whether a view has "too many chunks" in it (then a very large map is drawn as its overview
// bitmap): asked at every view change of a pan or zoom, so it is answered from the chunks'
// lattice in a few operations, and only near the limit by counting the chunks one by one.
import type { Rect } from '../../../shared/grid/types.js';
import { CHUNK, chunkRect } from './chunks.js';
import type { MapModel } from './model.js';

/**
 * Where the chunks' bounds lie: chunk column i spans x0 + i·stepX … + width, chunk row j spans
 * y0 + j·stepY … + height (full chunks; the grid's stagger is inside each chunk's margin).
 */
export interface ChunkLattice {
  readonly x0: number;
  readonly y0: number;
  readonly stepX: number;
  readonly stepY: number;
  readonly width: number;
  readonly height: number;
  readonly perRow: number;
  readonly perCol: number;
}

/**
 * The lattice of `model`'s chunks at `cellSize`, or null when they do not lie on one (fewer than
 * two chunks across or down, or bounds that stray from it by more than a cell: then count).
 */
export function chunkLattice(model: MapModel, cellSize: number): ChunkLattice | null {
  const perRow = Math.ceil(model.cols / CHUNK);
  const perCol = Math.ceil(model.rows / CHUNK);
  if (perRow < 3 || perCol < 3) return null;
  const rect = (i: number, j: number) =>
    chunkRect(model, cellSize, { c0: i * CHUNK, r0: j * CHUNK, c1: Math.min(model.cols, (i + 1) * CHUNK), r1: Math.min(model.rows, (j + 1) * CHUNK) });
  const a = rect(0, 0);
  const b = rect(1, 1);
  const lattice = { x0: a.x, y0: a.y, stepX: b.x - a.x, stepY: b.y - a.y, width: a.width, height: a.height, perRow, perCol };
  if (!(lattice.stepX > 0 && lattice.stepY > 0)) return null;
  // A full chunk far from the first must sit where the lattice says, within a cell.
  const i = perRow - 2;
  const j = perCol - 2;
  const far = rect(i, j);
  const off = Math.max(
    Math.abs(far.x - (lattice.x0 + i * lattice.stepX)),
    Math.abs(far.y - (lattice.y0 + j * lattice.stepY)),
    Math.abs(far.width - lattice.width),
    Math.abs(far.height - lattice.height),
  );
  return off <= cellSize ? lattice : null;
}

/**
 * Bounds on how many chunks reach into `view` (map px), from the lattice: `most` counts the view
 * grown by `slack` (a cell: the grid's stagger moves a chunk's bounds by up to half a cell) with the
 * last, partial column and row as if whole; `least` the view shrunk by it, without them.
 */
export function chunksAcross(l: ChunkLattice, view: Rect, slack: number): { least: number; most: number } {
  // Chunks first…last of a line (n of them) reach into [a, b]: origin + i·step < b and origin + i·step + size > a.
  const span = (a: number, b: number, origin: number, step: number, size: number, n: number) => {
    if (b <= a) return 0;
    const first = Math.max(0, Math.floor((a - origin - size) / step) + 1);
    const last = Math.min(n - 1, Math.ceil((b - origin) / step) - 1);
    return Math.max(0, last - first + 1);
  };
  const { x, y, width, height } = view;
  const most =
    span(x - slack, x + width + slack, l.x0, l.stepX, l.width, l.perRow) * span(y - slack, y + height + slack, l.y0, l.stepY, l.height, l.perCol);
  const least =
    span(x + slack, x + width - slack, l.x0, l.stepX, l.width, l.perRow - 1) *
    span(y + slack, y + height - slack, l.y0, l.stepY, l.height, l.perCol - 1);
  return { least, most };
}

/**
 * True when more than `limit` chunks reach into `view`: from the lattice when its bounds settle
 * it (far out on a large map, or a working view of a few chunks), else (or with no lattice) by
 * `count`, which looks at the chunks one by one.
 */
export function tooManyChunks(lattice: ChunkLattice | null, view: Rect, limit: number, slack: number, count: () => number): boolean {
  if (lattice) {
    const { least, most } = chunksAcross(lattice, view, slack);
    if (least > limit) return true;
    if (most <= limit) return false;
  }
  return count() > limit;
}
