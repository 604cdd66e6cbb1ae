// Control helpers beyond the plain brush: fill a contiguous region, and "fill to front line".
//
// Fill to front line: the designer draws the front as a chain of cell sides (with the same
// gesture as a river) and the map is split along it. Each side's control spreads from its
// seeds: its supply bases, the cells of its units in the order of battle, and any extra
// cells the tool passes (e.g. where the designer clicked). Spreading moves cell to cell and
// never crosses a side of the drawn line. Every cell goes to the side whose seeds reach it in
// fewer steps; cells both reach equally soon, and cells neither reaches (a pocket cut off
// by the line with no seed in it), keep their current control. With a front line that runs
// from map edge to map edge and seeds on both sides, every cell ends up on its own side of
// the line, whatever the line's shape. The result is one undoable command.
//
// The front may also (or instead) be given as a path of cells, the cells the front runs
// through: spreading may enter such a cell but never leaves it, so the path walls the two
// sides apart, and each front cell goes to the side that reaches it first (ties keep their
// control). On an 8-way square grid a diagonal step of the path would leave a gap at the
// corner, so the path is closed there with one orthogonal cell.
import type { Cell, EdgeId } from '../../grid/index.js';
import type { MapDocument } from '../document.js';
import { crossesBlocked, floodRegion } from '../hit.js';
import { neighbourCapacity, neighbourIndices, neighbourTable } from '../neighbours.js';
import { EditError } from '../types.js';
import { rewriteLayer, setControl, type CellsCommand } from './cells.js';

/** Give the whole same-control region around `start` to a side (bounded by `limit` cells). */
export function fillControl(doc: MapDocument, start: Cell, sideId: string, limit?: number): CellsCommand | null {
  const region = floodRegion(doc.grid, doc.control, start, { limit });
  return setControl(doc, region.cells, sideId);
}

export interface FrontLineOptions {
  /** Extra seed cells per side id, on top of supply bases and units. */
  seeds?: Readonly<Record<string, readonly Cell[]>>;
  /** The front as a path of adjacent cells it runs through (see above), with or without sides. */
  frontCells?: readonly Cell[];
}

/** The seed cells of each side (by side index): supply bases, placed units, extra seeds. */
export function frontLineSeeds(doc: MapDocument, options: FrontLineOptions = {}): Cell[][] {
  const seeds: Cell[][] = doc.sides.map(() => []);
  const add = (sideId: string, cell: Cell | null) => {
    const s = doc.sides.findIndex((x) => x.id === sideId);
    if (s >= 0 && cell && doc.grid.inMap(cell)) seeds[s]!.push(cell);
  };
  for (const [ref, f] of doc.cells.entries()) if (f.supplyBase) add(f.supplyBase, doc.grid.parseRef(ref));
  for (const u of doc.orderOfBattle) add(u.side, doc.grid.parseRef(u.cell));
  for (const [sideId, cells] of Object.entries(options.seeds ?? {})) {
    doc.sideIndex(sideId);
    for (const c of cells) add(sideId, c);
  }
  return seeds;
}

/** Control split along a front line (see the top of this file); null when nothing changes. */
export function fillToFrontLine(doc: MapDocument, line: Iterable<EdgeId>, options: FrontLineOptions = {}): CellsCommand | null {
  const grid = doc.grid;
  const blocked = new Set<EdgeId>();
  for (const e of line) {
    const canonical = grid.parseEdge(e);
    if (!canonical) throw new EditError(`front line: "${e}" is not a side of this grid`);
    blocked.add(canonical);
  }
  const seeds = frontLineSeeds(doc, options);
  const wall = frontWall(doc, options.frontCells ?? []);
  const distances = seeds.map((cells) => spread(doc, cells, blocked, wall));
  const next = Uint8Array.from(doc.control);
  for (let i = 0; i < next.length; i++) {
    let best = -1;
    let bestDist = Infinity;
    let tie = false;
    distances.forEach((dist, s) => {
      const d = dist[i]!;
      if (d < 0) return;
      if (d < bestDist) {
        best = s;
        bestDist = d;
        tie = false;
      } else if (d === bestDist) tie = true;
    });
    if (best >= 0 && !tie) next[i] = best;
  }
  return rewriteLayer(doc, 'control', next, 'Fill to front line');
}

/** Steps from the nearest seed to every cell without crossing a blocked side; -1 where unreached. */
function spread(doc: MapDocument, seeds: readonly Cell[], blocked: ReadonlySet<EdgeId>, wall: Uint8Array | null): Int32Array {
  const grid = doc.grid;
  const dist = new Int32Array(grid.cellCount).fill(-1);
  const queue: number[] = [];
  for (const c of seeds) {
    const i = grid.index(c);
    if (dist[i] === -1) {
      dist[i] = 0;
      queue.push(i);
    }
  }
  const table = neighbourTable(grid);
  const near = new Int32Array(neighbourCapacity(grid));
  const check = blocked.size > 0;
  for (let head = 0; head < queue.length; head++) {
    const i = queue[head]!;
    // A front cell is claimed by whoever reaches it, but control does not pass through it.
    if (wall && wall[i]) continue;
    const n = neighbourIndices(grid, table, i, near);
    for (let k = 0; k < n; k++) {
      const j = near[k]!;
      if (dist[j] !== -1 || (check && crossesBlocked(grid, grid.cellAt(i), grid.cellAt(j), blocked))) continue;
      dist[j] = dist[i]! + 1;
      queue.push(j);
    }
  }
  return dist;
}

/** One byte per cell marking the front's cells, with 8-way diagonal steps closed up; null when none. */
function frontWall(doc: MapDocument, path: readonly Cell[]): Uint8Array | null {
  if (path.length === 0) return null;
  const grid = doc.grid;
  const wall = new Uint8Array(grid.cellCount);
  const mark = (c: Cell) => {
    if (grid.inMap(c)) wall[grid.index(c)] = 1;
  };
  path.forEach((c, k) => {
    mark(c);
    const prev = path[k - 1];
    if (prev && prev.col !== c.col && prev.row !== c.row && grid.spec.kind === 'square') mark({ col: c.col, row: prev.row });
  });
  return wall;
}
