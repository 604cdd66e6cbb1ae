// Region operations of the map designer: selections of cells, clips (everything inside a
// selection, lifted off the map), the grid's symmetries applied to a clip, and a clip put
// back on a map at an anchor cell. Pure: the renderer's selection tools, the clipboard and
// the stamps all work through these.
//
// Coordinates. A clip holds its cells in lattice coordinates relative to its origin cell,
// never in offset (col,row) coordinates: on a hex map the same shape has different offset
// coordinates in odd and even columns, so offsets neither translate nor rotate. Hexes use
// axial coordinates (q,r) — cube coordinates with s = −q−r left out — converted from offset
// coordinates with the grid's shift axis (columns on flat-top, rows on pointy-top maps) and
// parity; offset squares ("brick" rows) use the pointy-top axial form, whose six neighbours
// are theirs; squares use (col,row) as they are. In every lattice a cell's centre is a
// linear function of its coordinates, so a clip moved to another anchor keeps its shape.
//
// Symmetries (clockwise on screen, y down):
//   hex     rotate 60°:  (q,r,s) → (−r,−s,−q)            mirror left–right: flat (q,r,s) → (−q,−s,−r),
//                                                                          pointy (q,r,s) → (s,r,q)
//   square  rotate 90°:  (x,y) → (−y,x)                  mirror: (x,y) → (−x,y)
//   brick   rotate 180°: (q,r) → (−q,−r)                 mirror as pointy hex
// A clip from a flat-top map pasted on a pointy-top one keeps every cell's neighbours (the
// lattices are the same); hex and square clips do not mix.
//
// What a region holds: every cell's terrain, control and features (name, supply base,
// fortification, victory, entry, setup), the units standing in it, and the edge features
// (rivers, lake shores, roads, rails) on sides whose two cells are both in it. A clip names
// terrain types and sides by id and carries the terrain types it uses, so it can be pasted
// into another scenario: missing terrain types join that map's palette, sides are matched by
// id and otherwise by position (first side, second side).
//
// The scenario's own side features (map.sideFeatures: escarpments, walls, borders) belong to a
// region as rivers do: a side whose two cells are both in it. Such a side is kept in order, from
// the cell it is written from (the cell a one-sided symbol such as an escarpment's ticks faces)
// to the other, so turning or mirroring the clip keeps the ticks toward the same cell of it. A
// clip carries each feature's definition, so pasting into a scenario without that feature adds it.
import { offsetToQ, offsetToR, axialToCol, axialToRow, type ShiftAxis, type ShiftSign } from '../grid/offset.js';
import type { Cell, CellId, EdgeId, GridGeometry, Point } from '../grid/index.js';
import type { CellFeatures, PlacedUnit, SideFeature, TerrainType } from '../format/scenario.types.js';
import type { MapDocument } from './document.js';
import { CompositeCommand } from './history.js';
import { EdgeSet } from './edge-set.js';
import { CellsCommand } from './commands/cells.js';
import { EdgesCommand } from './commands/edges.js';
import { FeaturesCommand } from './commands/features.js';
import { StateCommand } from './commands/state.js';
import { SideFeaturesCommand } from './commands/side-features.js';
import { EDGE_FEATURES, EditError, count, type Command, type EdgeFeature } from './types.js';

export type Lattice = 'hex-flat' | 'hex-pointy' | 'square' | 'brick';

/** One cell of a clip: where it sits from the origin, and what it holds. */
export interface ClipCell {
  readonly q: number;
  readonly r: number;
  /** Terrain type id. */
  readonly terrain: string;
  /** Index into the clip's `sides`. */
  readonly control: number;
  readonly features?: CellFeatures;
}

/** A side between two cells of the clip, as the two cells' coordinates [qa, ra, qb, rb], smaller first. */
export type ClipEdge = readonly [number, number, number, number];

export interface ClipUnit {
  readonly q: number;
  readonly r: number;
  /** The unit as placed, without its cell (the clip's coordinates say where it stands). */
  readonly unit: Omit<PlacedUnit, 'cell'>;
}

/**
 * A side feature's sides inside a clip. Each side is [qa, ra, qb, rb] written from (qa, ra):
 * the cell its one-sided symbol faces, so the order matters (unlike ClipEdge's).
 */
export interface ClipSideFeature {
  /** The feature's definition where the clip was taken (its look and what it blocks), without its sides. */
  readonly feature: Omit<SideFeature, 'sides'>;
  readonly sides: readonly ClipEdge[];
}

/** Everything in a region of a map, lifted off it. Plain data (JSON-safe): it may be kept in the library. */
export interface Clip {
  readonly lattice: Lattice;
  /** Sorted by r, then q. */
  readonly cells: readonly ClipCell[];
  /** Per edge feature, sorted. */
  readonly edges: Readonly<Record<EdgeFeature, readonly ClipEdge[]>>;
  /** In the order of the scenario's order of battle. */
  readonly units: readonly ClipUnit[];
  /** The terrain types the cells use, as defined where the clip was taken. */
  readonly terrainTypes: readonly TerrainType[];
  /** Side ids the control indices and the features' and units' side ids refer to. */
  readonly sides: readonly [string, string];
  /** The scenario's own side features with sides inside the clip; absent when none (and in clips made before they were carried). */
  readonly sideFeatures?: readonly ClipSideFeature[];
}

// ---- lattices ----------------------------------------------------------------------------

/** The lattice a grid's cells form; throws EditError on a network map (it has no regions of cells). */
export function latticeOf(grid: GridGeometry): Lattice {
  const s = grid.spec;
  if (s.kind === 'network') throw new EditError('a network map has no rows or columns: regions of cells need a grid of hexes or squares');
  if (s.kind === 'hex') return s.orientation === 'flat' ? 'hex-flat' : 'hex-pointy';
  return s.kind === 'square' ? 'square' : 'brick';
}

function shiftOf(grid: GridGeometry): { axis: ShiftAxis; sign: ShiftSign } {
  const s = grid.spec;
  const sign: ShiftSign = s.offset === 'odd' ? -1 : 1;
  if (s.kind === 'hex') return { axis: s.orientation === 'flat' ? 'col' : 'row', sign };
  if (s.kind === 'offsetSquare') return { axis: 'row', sign };
  return { axis: 'none', sign };
}

/** A cell's lattice coordinates on this grid. */
export function toLattice(grid: GridGeometry, cell: Cell): { q: number; r: number } {
  const { axis, sign } = shiftOf(grid);
  return { q: offsetToQ(axis, sign, cell.col, cell.row), r: offsetToR(axis, sign, cell.col, cell.row) };
}

/** The cell at lattice coordinates on this grid (may lie off the map). */
export function fromLattice(grid: GridGeometry, q: number, r: number): Cell {
  const { axis, sign } = shiftOf(grid);
  return { col: axialToCol(axis, sign, q, r), row: axialToRow(axis, sign, q, r) };
}

/** Whether a clip taken on one lattice can go on another (hexes of either orientation mix). */
export function latticesFit(a: Lattice, b: Lattice): boolean {
  const family = (l: Lattice) => (l === 'hex-flat' || l === 'hex-pointy' ? 'hex' : l);
  return family(a) === family(b);
}

/** Degrees of one rotation step on a lattice: 60 on hexes, 90 on squares, 180 on brick rows. */
export function rotationStep(lattice: Lattice): number {
  return lattice === 'square' ? 90 : lattice === 'brick' ? 180 : 60;
}

type Point2 = readonly [number, number];

function rotatePoint(lattice: Lattice, [q, r]: Point2): Point2 {
  if (lattice === 'square') return [-r, q];
  if (lattice === 'brick') return [-q, -r];
  const s = -q - r;
  return [-r, -s];
}

function mirrorPoint(lattice: Lattice, [q, r]: Point2): Point2 {
  if (lattice === 'square') return [-q, r];
  if (lattice === 'hex-flat') return [-q, q + r];
  return [-q - r, r]; // pointy hex and brick rows
}

// ---- clips ---------------------------------------------------------------------------------

const byRQ = (a: { q: number; r: number }, b: { q: number; r: number }) => a.r - b.r || a.q - b.q;

function edgeKey(a: Point2, b: Point2): ClipEdge {
  return a[1] < b[1] || (a[1] === b[1] && a[0] <= b[0]) ? [a[0], a[1], b[0], b[1]] : [b[0], b[1], a[0], a[1]];
}

const byEdge = (x: ClipEdge, y: ClipEdge) => x[1] - y[1] || x[0] - y[0] || x[3] - y[3] || x[2] - y[2];

function mapClip(clip: Clip, turn: (p: Point2) => Point2): Clip {
  // Adding zero turns −0 into 0, so clips compare and serialise alike.
  const f = (p: Point2): Point2 => {
    const [q, r] = turn(p);
    return [q + 0, r + 0];
  };
  const edges = {} as Record<EdgeFeature, ClipEdge[]>;
  for (const k of EDGE_FEATURES) edges[k] = clip.edges[k].map((e) => edgeKey(f([e[0], e[1]]), f([e[2], e[3]]))).sort(byEdge);
  const turnSide = (e: ClipEdge): ClipEdge => {
    const a = f([e[0], e[1]]);
    const b = f([e[2], e[3]]);
    return [a[0], a[1], b[0], b[1]];
  };
  return {
    ...clip,
    ...(clip.sideFeatures ? { sideFeatures: clip.sideFeatures.map((sf) => ({ ...sf, sides: sf.sides.map(turnSide).sort(byEdge) })) } : {}),
    cells: clip.cells.map((c) => {
      const [q, r] = f([c.q, c.r]);
      return { ...c, q, r };
    }).sort(byRQ),
    edges,
    units: clip.units.map((u) => {
      const [q, r] = f([u.q, u.r]);
      return { ...u, q, r };
    }),
  };
}

/**
 * The clip turned clockwise by `steps` of its lattice's rotation (60° hex, 90° square, 180°
 * brick rows) about its origin; negative steps turn anticlockwise.
 */
export function rotateClip(clip: Clip, steps: number): Clip {
  const n = 360 / rotationStep(clip.lattice);
  const k = ((steps % n) + n) % n;
  if (k === 0) return clip;
  return mapClip(clip, (p) => {
    let out = p;
    for (let i = 0; i < k; i++) out = rotatePoint(clip.lattice, out);
    return out;
  });
}

/** The clip mirrored left–right about its origin's vertical axis. */
export function mirrorClip(clip: Clip): Clip {
  return mapClip(clip, (p) => mirrorPoint(clip.lattice, p));
}

/** Turn then mirror, as the floating paste shows it. */
export function transformClip(clip: Clip, t: { rotation: number; mirrored: boolean }): Clip {
  const turned = rotateClip(clip, t.rotation);
  return t.mirrored ? mirrorClip(turned) : turned;
}

/**
 * Every side between two cells of a selection, each once, as its owner cell's map index and
 * the owned direction's number in `grid.ownedDirections`. Worked out once per region edit and
 * matched against each edge feature: the neighbour across each owned side is found by index
 * arithmetic (the step to it depends only on the parity of the shifted line).
 */
interface InteriorSides {
  readonly owner: Int32Array;
  readonly dir: Uint8Array;
  readonly length: number;
}

function interiorSides(grid: GridGeometry, inside: (i: number) => boolean, indices: readonly number[]): InteriorSides {
  const { cols, rows } = grid.spec;
  const { axis } = shiftOf(grid);
  const steps: { k: number; dcol: [number, number]; drow: [number, number] }[] = [];
  grid.ownedDirections.forEach((dir, k) => {
    if (!grid.sideDirections.includes(dir)) return;
    const dcol: [number, number] = [0, 0];
    const drow: [number, number] = [0, 0];
    for (const p of [0, 1] as const) {
      // A cell whose column and row both have parity p: the shifted line's parity, whichever it is.
      const from = { col: 2 + p, row: 2 + p };
      const to = grid.step(from, dir)!;
      dcol[p] = to.col - from.col;
      drow[p] = to.row - from.row;
    }
    steps.push({ k, dcol, drow });
  });
  const owner = new Int32Array(indices.length * steps.length);
  const dir = new Uint8Array(indices.length * steps.length);
  let n = 0;
  for (const i of indices) {
    const col = i % cols;
    const row = (i - col) / cols;
    const p = axis === 'col' ? col & 1 : axis === 'row' ? row & 1 : 0;
    for (const s of steps) {
      const c = col + s.dcol[p]!;
      const r = row + s.drow[p]!;
      if (c < 0 || r < 0 || c >= cols || r >= rows || !inside(r * cols + c)) continue;
      owner[n] = i;
      dir[n++] = s.k;
    }
  }
  return { owner, dir, length: n };
}

/** The sides of a selection's interior (see interiorSides) that carry an edge feature, in interior order. */
function featureSides(sides: () => InteriorSides, feature: EdgeFeature, doc: MapDocument): EdgeId[] {
  const set = doc.edges[feature];
  const out: EdgeId[] = [];
  if (set.size === 0) return out;
  const grid = doc.grid;
  const { owner, dir, length } = sides();
  const dirs = grid.ownedDirections;
  const mask = set instanceof EdgeSet ? set.sideMask(grid) : null;
  for (let j = 0; j < length; j++) {
    const i = owner[j]!;
    const k = dir[j]!;
    if (mask && !(mask[i]! & (1 << k))) continue;
    const e = grid.edgeOf(grid.cellAt(i), dirs[k]!);
    if (e && (mask || set.has(e))) out.push(e);
  }
  return out;
}

/** A function answering `interiorSides` of a selection, worked out on first call only. */
function lazySides(grid: GridGeometry, inside: (i: number) => boolean, indices: readonly number[]): () => InteriorSides {
  let sides: InteriorSides | null = null;
  return () => (sides ??= interiorSides(grid, inside, indices));
}

/** A membership test over map indices, cheap for big selections. */
function membership(grid: GridGeometry, indices: readonly number[]): (i: number) => boolean {
  if (indices.length > 2048) {
    const mark = new Uint8Array(grid.cellCount);
    for (const i of indices) mark[i] = 1;
    return (i) => mark[i] === 1;
  }
  const set = new Set(indices);
  return (i) => set.has(i);
}

/** A written side "col,row,DIR": the cell it is written from and the cell across. */
function writtenCells(grid: GridGeometry, written: string): [Cell, Cell] | null {
  const m = /^(-?\d+),(-?\d+),([A-Z]+)$/.exec(written);
  if (!m) return null;
  const from = { col: Number(m[1]), row: Number(m[2]) };
  const to = grid.step(from, m[3] as Parameters<GridGeometry['step']>[1]);
  return to ? [from, to] : null;
}

/** Whether a written side runs between two cells of the region (both on the map and inside). */
function sideInside(grid: GridGeometry, inside: (i: number) => boolean, written: string): [Cell, Cell] | null {
  const cells = writtenCells(grid, written);
  if (!cells) return null;
  const [a, b] = cells;
  return grid.inMap(a) && grid.inMap(b) && inside(grid.index(a)) && inside(grid.index(b)) ? cells : null;
}

/** The layer id of a side feature in the Layers panel (and map.layers). */
const sideLayer = (id: string) => `side:${id}`;

/** In-map indices of a selection, each once, in map order. */
export function normaliseSelection(grid: GridGeometry, indices: Iterable<number>): number[] {
  const out = [...new Set(indices)].filter((i) => Number.isInteger(i) && i >= 0 && i < grid.cellCount);
  return out.sort((a, b) => a - b);
}

/** The selected cell nearest the middle of the selection's bounding box (a clip's natural origin). */
export function centreCell(grid: GridGeometry, indices: readonly number[]): Cell {
  if (indices.length === 0) throw new EditError('the selection is empty');
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const i of indices) {
    const c = grid.cellAt(i);
    const x = grid.centerX(c.col, c.row, 1);
    const y = grid.centerY(c.col, c.row, 1);
    x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
  }
  const mx = (x0 + x1) / 2;
  const my = (y0 + y1) / 2;
  let best = indices[0]!;
  let bestD = Infinity;
  for (const i of indices) {
    const c = grid.cellAt(i);
    const d = (grid.centerX(c.col, c.row, 1) - mx) ** 2 + (grid.centerY(c.col, c.row, 1) - my) ** 2;
    if (d < bestD - 1e-9) {
      bestD = d;
      best = i;
    }
  }
  return grid.cellAt(best);
}

/**
 * Lifts everything in the selected cells (map indices) off the document, in coordinates
 * relative to `origin` (default: the cell nearest the selection's middle).
 */
export function extractClip(doc: MapDocument, indices: Iterable<number>, origin?: Cell): Clip {
  const grid = doc.grid;
  const lattice = latticeOf(grid);
  const list = normaliseSelection(grid, indices);
  if (list.length === 0) throw new EditError('the selection is empty');
  const o = toLattice(grid, origin ?? centreCell(grid, list));
  const rel = (cell: Cell): Point2 => {
    const l = toLattice(grid, cell);
    return [l.q - o.q, l.r - o.r];
  };
  const inside = membership(grid, list);
  const used = new Set<number>();
  const cells: ClipCell[] = list.map((i) => {
    const cell = grid.cellAt(i);
    const [q, r] = rel(cell);
    const t = doc.terrain[i]!;
    used.add(t);
    const features = doc.cells.get(grid.ref(cell));
    return { q, r, terrain: doc.terrainTypes[t]!.id, control: doc.control[i]!, ...(features ? { features: structuredClone(features) } : {}) };
  });
  const edges = {} as Record<EdgeFeature, ClipEdge[]>;
  const sides = lazySides(grid, inside, list);
  for (const f of EDGE_FEATURES) {
    edges[f] = featureSides(sides, f, doc).map((e) => {
      const [a, b] = grid.edgeCells(e);
      return edgeKey(rel(a), rel(b));
    }).sort(byEdge);
  }
  const units: ClipUnit[] = [];
  for (const u of doc.orderOfBattle) {
    const cell = grid.parseRef(u.cell);
    if (!cell || !grid.inMap(cell) || !inside(grid.index(cell))) continue;
    const [q, r] = rel(cell);
    const { cell: _cell, ...rest } = structuredClone(u);
    units.push({ q, r, unit: rest });
  }
  const sideFeatures: ClipSideFeature[] = [];
  for (const f of doc.sideFeatures) {
    const sides: ClipEdge[] = [];
    for (const written of f.sides) {
      const cells = sideInside(grid, inside, written);
      if (!cells) continue;
      const [a, b] = [rel(cells[0]), rel(cells[1])];
      sides.push([a[0], a[1], b[0], b[1]]);
    }
    if (sides.length === 0) continue;
    const { sides: _sides, ...feature } = structuredClone(f);
    sideFeatures.push({ feature, sides: sides.sort(byEdge) });
  }
  return {
    lattice,
    cells: cells.sort(byRQ),
    edges,
    units,
    terrainTypes: [...used].sort((a, b) => a - b).map((t) => ({ ...doc.terrainTypes[t]! })),
    sides: [doc.sides[0].id, doc.sides[1].id],
    ...(sideFeatures.length ? { sideFeatures } : {}),
  };
}

/**
 * The side features with their sides between cells of the region replaced by `want` (feature
 * id → sides as written; a feature the map lacks is added from `defs`). Locked features keep
 * theirs. Null when nothing changes.
 */
function replaceRegionSides(
  doc: MapDocument,
  inside: (i: number) => boolean,
  want: ReadonlyMap<string, readonly string[]>,
  defs: ReadonlyMap<string, Omit<SideFeature, 'sides'>>,
  lock: ReadonlySet<string>,
): { next: SideFeature[]; changed: number } | null {
  const grid = doc.grid;
  let changed = 0;
  const next: SideFeature[] = doc.sideFeatures.map((f) => {
    if (lock.has(sideLayer(f.id))) return f;
    const wanted = want.get(f.id) ?? [];
    const kept = f.sides.filter((w) => !sideInside(grid, inside, w));
    const before = new Set(f.sides.filter((w) => sideInside(grid, inside, w)));
    const after = new Set(wanted);
    let n = 0;
    for (const w of before) if (!after.has(w)) n++;
    for (const w of after) if (!before.has(w)) n++;
    if (n === 0) return f;
    changed += n;
    return { ...f, sides: [...kept, ...wanted] };
  });
  for (const [id, sides] of want) {
    if (sides.length === 0 || doc.sideFeatures.some((f) => f.id === id) || lock.has(sideLayer(id))) continue;
    const def = defs.get(id);
    if (!def) continue;
    if (next.length >= 32) throw new EditError(`the clip's side feature "${def.name}" does not fit: a map has at most 32 side features`);
    next.push({ ...structuredClone(def), sides: [...sides] });
    changed += sides.length;
  }
  return changed === 0 ? null : { next, changed };
}

/** What of a clip fell off the map when it was put down. */
export interface Dropped {
  cells: number;
  edges: number;
  units: number;
}

export interface ClipPlacement {
  /** The edit, or null when it would change nothing. */
  command: Command | null;
  /** Map indices the clip covers. */
  cells: number[];
  dropped: Dropped;
  /** Terrain types the clip brought into this map's palette. */
  addedTypes: TerrainType[];
}

/** Where each clip cell lands with the clip's origin on `anchor`: a cell, or null off the map. */
export function clipFootprint(grid: GridGeometry, clip: Clip, anchor: Cell): (Cell | null)[] {
  const a = toLattice(grid, anchor);
  return clip.cells.map((c) => {
    const cell = fromLattice(grid, a.q + c.q, a.r + c.r);
    return grid.inMap(cell) ? cell : null;
  });
}

const PRINTABLE = Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i));

/**
 * The edit that puts a clip down with its origin on `anchor`: the covered cells take the
 * clip's terrain, control and features (a clip cell without features clears the cell's),
 * the sides between covered cells take the clip's rivers, lake shores, roads, rails and side
 * features (escarpments, walls... a feature this map lacks is added), and
 * the clip's units join the order of battle (with fresh ids where theirs are taken). Cells,
 * sides and units that land off the map are counted in `dropped`.
 */
export function placeClip(doc: MapDocument, clip: Clip, anchor: Cell, label?: string): ClipPlacement {
  const grid = doc.grid;
  const lattice = latticeOf(grid);
  if (!latticesFit(clip.lattice, lattice)) {
    throw new EditError(`a clip taken on a ${describeLattice(clip.lattice)} map cannot be put on a ${describeLattice(lattice)} map`);
  }
  const a = toLattice(grid, anchor);
  const { axis, sign } = shiftOf(grid);
  const at = (q: number, r: number): Cell => ({ col: axialToCol(axis, sign, a.q + q, a.r + r), row: axialToRow(axis, sign, a.q + q, a.r + r) });
  const dropped: Dropped = { cells: 0, edges: 0, units: 0 };
  const parts: Command[] = [];
  const lock = lockedLayers(doc);

  // Palette: the clip's types by id; missing ones join the palette (with a free code if theirs is taken).
  const palette = [...doc.terrainTypes];
  const addedTypes: TerrainType[] = [];
  const typeIndex = new Map<string, number>();
  palette.forEach((t, i) => typeIndex.set(t.id, i));
  for (const t of clip.terrainTypes) {
    if (typeIndex.has(t.id)) continue;
    if (palette.length >= 94) throw new EditError(`the clip's terrain "${t.name}" does not fit: this map's palette is full`);
    const codes = new Set(palette.map((p) => p.code));
    const code = codes.has(t.code) ? PRINTABLE.find((c) => !codes.has(c))! : t.code;
    const added = { ...t, code };
    typeIndex.set(t.id, palette.length);
    palette.push(added);
    addedTypes.push(added);
  }
  if (addedTypes.length > 0) parts.push(new StateCommand(`Add ${count(addedTypes.length, 'terrain type')}`, { terrainTypes: doc.terrainTypes }, { terrainTypes: palette }));

  // Sides: by id, else by position.
  const sideIds = [doc.sides[0].id, doc.sides[1].id];
  const sideMap = new Map<string, string>();
  clip.sides.forEach((id, i) => sideMap.set(id, sideIds.includes(id) ? id : sideIds[i]!));
  const side = (id: string) => sideMap.get(id) ?? id;
  const controlOf = (k: number) => {
    const id = clip.sides[k];
    return id === undefined ? k : sideIds.indexOf(side(id));
  };

  // Cells: terrain, control, features.
  const covered: number[] = [];
  const tIdx: number[] = [], tBefore: number[] = [], tAfter: number[] = [];
  const cIdx: number[] = [], cBefore: number[] = [], cAfter: number[] = [];
  const swaps = new Map<CellId, { before: CellFeatures | undefined; seq: number | undefined; after: CellFeatures | undefined }>();
  const featured = doc.cells.size < clip.cells.length ? featuredCells(doc) : null;
  for (const c of clip.cells) {
    const cell = at(c.q, c.r);
    if (!grid.inMap(cell)) {
      dropped.cells++;
      continue;
    }
    const i = grid.index(cell);
    covered.push(i);
    const t = typeIndex.get(c.terrain);
    if (t === undefined) throw new EditError(`the clip's terrain "${c.terrain}" is not among its terrain types`);
    if (doc.terrain[i] !== t && !lock.has('terrain')) {
      tIdx.push(i); tBefore.push(doc.terrain[i]!); tAfter.push(t);
    }
    const s = controlOf(c.control);
    if (s >= 0 && doc.control[i] !== s && !lock.has('control')) {
      cIdx.push(i); cBefore.push(doc.control[i]!); cAfter.push(s);
    }
    // A cell with no features before and none in the clip stays without (most of a big paste).
    const known = featured ? featured.get(i) : grid.ref(cell);
    if (known === undefined && !c.features) continue;
    const id = known ?? grid.ref(cell);
    const before = doc.cells.get(id);
    const after = keepLocked(before, c.features ? remapFeatures(c.features, side) : undefined, lock);
    if (JSON.stringify(before) !== JSON.stringify(after)) swaps.set(id, { before, seq: doc.cells.seqOf(id), after });
  }
  const title = label ?? 'Paste';
  if (tIdx.length > 0) parts.push(new CellsCommand('terrain', title, Int32Array.from(tIdx), Uint8Array.from(tBefore), Uint8Array.from(tAfter)));
  if (cIdx.length > 0) parts.push(new CellsCommand('control', title, Int32Array.from(cIdx), Uint8Array.from(cBefore), Uint8Array.from(cAfter)));
  if (swaps.size > 0) parts.push(new FeaturesCommand(title, swaps));

  // Sides between covered cells: exactly the clip's.
  const inside = membership(grid, covered);
  const interior = lazySides(grid, inside, covered);
  for (const f of EDGE_FEATURES) {
    if (lock.has(f)) continue;
    const want = new Set<EdgeId>();
    for (const e of clip.edges[f]) {
      const ca = at(e[0], e[1]);
      const cb = at(e[2], e[3]);
      const id = grid.edgeBetween(ca, cb);
      if (!id || (!grid.inMap(ca) && !grid.inMap(cb))) {
        dropped.edges++;
        continue;
      }
      want.add(id);
    }
    const set = doc.edges[f];
    const removed: [EdgeId, number][] = [];
    for (const e of featureSides(interior, f, doc)) if (!want.has(e)) removed.push([e, set.seqOf(e)!]);
    const added = [...want].filter((e) => !set.has(e));
    if (removed.length + added.length > 0) parts.push(new EdgesCommand(f, title, added, removed));
  }

  // The scenario's own side features between covered cells: exactly the clip's, each written from the same cell of the clip.
  if (doc.sideFeatures.length > 0 || clip.sideFeatures?.length) {
    const want = new Map<string, string[]>();
    const defs = new Map<string, Omit<SideFeature, 'sides'>>();
    for (const sf of clip.sideFeatures ?? []) {
      defs.set(sf.feature.id, sf.feature);
      const list: string[] = [];
      for (const e of sf.sides) {
        const from = at(e[0], e[1]);
        const to = at(e[2], e[3]);
        const dir = grid.inMap(from) && grid.inMap(to) ? grid.directionTo(from, to) : null;
        if (!dir) {
          dropped.edges++;
          continue;
        }
        list.push(`${from.col},${from.row},${dir}`);
      }
      want.set(sf.feature.id, list);
    }
    const sides = replaceRegionSides(doc, inside, want, defs, lock);
    if (sides) parts.push(new SideFeaturesCommand(title, doc.sideFeatures, sides.next, sides.changed));
  }

  // Units: appended, fresh ids where theirs are taken.
  if (clip.units.length > 0 && !lock.has('units')) {
    const taken = new Set<string>([...doc.orderOfBattle.map((u) => u.id), ...(doc.reinforcements ?? []).map((r) => r.unit.id)]);
    const fresh = (id: string) => {
      if (!taken.has(id)) return id;
      const stem = id.replace(/-\d+$/, '');
      let n = 2;
      while (taken.has(`${stem}-${n}`)) n++;
      return `${stem}-${n}`;
    };
    const units: PlacedUnit[] = [];
    for (const u of clip.units) {
      const cell = at(u.q, u.r);
      if (!grid.inMap(cell)) {
        dropped.units++;
        continue;
      }
      const id = fresh(u.unit.id);
      taken.add(id);
      units.push({ ...structuredClone(u.unit), id, side: side(u.unit.side), cell: grid.ref(cell) });
    }
    if (units.length > 0) parts.push(new StateCommand(title, { orderOfBattle: doc.orderOfBattle }, { orderOfBattle: [...doc.orderOfBattle, ...units] }));
  }

  const command = parts.length === 0 ? null : new CompositeCommand(`${title} (${count(covered.length, 'cell')})`, parts);
  return { command, cells: covered, dropped, addedTypes };
}

/** The map's cells with features, by index: fewer lookups than asking for every cell of a big paste. */
function featuredCells(doc: MapDocument): Map<number, CellId> {
  const grid = doc.grid;
  const out = new Map<number, CellId>();
  for (const id of doc.cells.keys()) {
    const cell = grid.parseRef(id);
    if (cell && grid.inMap(cell)) out.set(grid.index(cell), id);
  }
  return out;
}

/** The layers locked in the Layers panel (map.layers): region edits leave them as they are. */
function lockedLayers(doc: MapDocument): Set<string> {
  const settings = doc.layerView?.settings ?? {};
  return new Set(Object.keys(settings).filter((id) => settings[id]?.locked));
}

/**
 * A cell's features as an edit would leave them (`after`), with what locked layers hold kept
 * from `before`: its name (names layer) and its markers (supply base, fort, victory, entry...).
 */
function keepLocked(before: CellFeatures | undefined, after: CellFeatures | undefined, lock: ReadonlySet<string>): CellFeatures | undefined {
  const names = lock.has('names');
  const markers = lock.has('markers');
  if (!names && !markers) return after;
  const { name: beforeName, ...beforeMarkers } = before ?? {};
  const { name: afterName, ...afterMarkers } = after ?? {};
  const out: CellFeatures = { ...(markers ? beforeMarkers : afterMarkers) };
  const name = names ? beforeName : afterName;
  if (name !== undefined) out.name = name;
  return Object.keys(out).length ? out : undefined;
}

export function remapFeatures(f: CellFeatures, side: (id: string) => string): CellFeatures {
  const out: CellFeatures = structuredClone(f);
  if (out.supplyBase !== undefined) out.supplyBase = side(out.supplyBase);
  if (out.setup !== undefined) out.setup = side(out.setup);
  if (out.entry) out.entry = out.entry.map(side);
  return out;
}

/**
 * The edit that empties the selected cells: terrain back to the palette's first type (the
 * map's ground), features cleared, rivers, lake shores, roads, rails and side features
 * between selected cells removed, units standing there taken off the map. Control stays (every cell has a side).
 */
export function clearRegion(doc: MapDocument, indices: Iterable<number>, label = 'Delete'): Command | null {
  const grid = doc.grid;
  latticeOf(grid);
  const list = normaliseSelection(grid, indices);
  const parts: Command[] = [];
  const lock = lockedLayers(doc);
  const tIdx: number[] = [], tBefore: number[] = [];
  const swaps = new Map<CellId, { before: CellFeatures | undefined; seq: number | undefined; after: CellFeatures | undefined }>();
  for (const i of list) {
    if (doc.terrain[i] !== 0 && !lock.has('terrain')) {
      tIdx.push(i);
      tBefore.push(doc.terrain[i]!);
    }
    const id = grid.ref(grid.cellAt(i));
    const before = doc.cells.get(id);
    const after = keepLocked(before, undefined, lock);
    if (before && JSON.stringify(before) !== JSON.stringify(after)) swaps.set(id, { before, seq: doc.cells.seqOf(id), after });
  }
  if (tIdx.length > 0) parts.push(new CellsCommand('terrain', label, Int32Array.from(tIdx), Uint8Array.from(tBefore), new Uint8Array(tIdx.length)));
  if (swaps.size > 0) parts.push(new FeaturesCommand(label, swaps));
  const inside = membership(grid, list);
  const interior = lazySides(grid, inside, list);
  for (const f of EDGE_FEATURES) {
    if (lock.has(f)) continue;
    const removed = featureSides(interior, f, doc).map((e): [EdgeId, number] => [e, doc.edges[f].seqOf(e)!]);
    if (removed.length > 0) parts.push(new EdgesCommand(f, label, [], removed));
  }
  if (doc.sideFeatures.length > 0) {
    const sides = replaceRegionSides(doc, inside, new Map(), new Map(), lock);
    if (sides) parts.push(new SideFeaturesCommand(label, doc.sideFeatures, sides.next, sides.changed));
  }
  const kept = lock.has('units') ? doc.orderOfBattle : doc.orderOfBattle.filter((u) => {
    const cell = grid.parseRef(u.cell);
    return !(cell && grid.inMap(cell) && inside(grid.index(cell)));
  });
  if (kept.length !== doc.orderOfBattle.length) parts.push(new StateCommand(label, { orderOfBattle: doc.orderOfBattle }, { orderOfBattle: kept }));
  return parts.length === 0 ? null : new CompositeCommand(`${label} (${count(list.length, 'cell')})`, parts);
}

function describeLattice(l: Lattice): string {
  return l === 'square' ? 'square' : l === 'brick' ? 'offset-square' : 'hex';
}

// ---- selections ----------------------------------------------------------------------------

/** Cells whose centre lies inside a closed polygon (map pixels at cell size `size`), in map order. */
export function cellsInPolygon(grid: GridGeometry, polygon: readonly Point[], size: number): number[] {
  if (polygon.length < 3 || grid.network) return [];
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const p of polygon) {
    x0 = Math.min(x0, p.x); x1 = Math.max(x1, p.x); y0 = Math.min(y0, p.y); y1 = Math.max(y1, p.y);
  }
  return cellsWithCentreIn(grid, size, { x0, y0, x1, y1 }, (x, y) => pointInPolygon(x, y, polygon));
}

/**
 * The map's cells (indices, in map order) whose centre at cell size `size` passes `inside`, for a
 * shape held in the box x0..x1, y0..y1 (map pixels): only the cells over the box, and one more
 * round them, are looked at. The lasso's polygon and the ellipse tool ask it.
 */
export function cellsWithCentreIn(
  grid: GridGeometry,
  size: number,
  box: { x0: number; y0: number; x1: number; y1: number },
  inside: (x: number, y: number) => boolean,
): number[] {
  const { cols, rows } = grid.spec;
  const a = grid.pixelToCell({ x: box.x0, y: box.y0 }, size);
  const b = grid.pixelToCell({ x: box.x1, y: box.y1 }, size);
  const c0 = Math.max(0, Math.min(a.col, b.col) - 1), c1 = Math.min(cols - 1, Math.max(a.col, b.col) + 1);
  const r0 = Math.max(0, Math.min(a.row, b.row) - 1), r1 = Math.min(rows - 1, Math.max(a.row, b.row) + 1);
  const out: number[] = [];
  for (let row = r0; row <= r1; row++) {
    for (let col = c0; col <= c1; col++) {
      if (inside(grid.centerX(col, row, size), grid.centerY(col, row, size))) out.push(row * cols + col);
    }
  }
  return out;
}

function pointInPolygon(x: number, y: number, poly: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!, b = poly[j]!;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** The sides on a selection's outline (one cell in, the other out or off the map), for drawing it. */
export function selectionOutline(grid: GridGeometry, indices: readonly number[]): EdgeId[] {
  const inside = membership(grid, indices);
  const out: EdgeId[] = [];
  for (const i of indices) {
    const cell = grid.cellAt(i);
    for (const dir of grid.sideDirections) {
      const other = grid.step(cell, dir);
      if (other && grid.inMap(other) && inside(grid.index(other))) continue;
      const e = grid.edgeOf(cell, dir);
      if (e) out.push(e);
    }
  }
  return out;
}

/** How a selection gesture combines with the current selection. */
export type SelectMode = 'replace' | 'add' | 'subtract';

export function combineSelection(current: readonly number[], next: readonly number[], mode: SelectMode): number[] {
  if (mode === 'replace') return [...new Set(next)].sort((a, b) => a - b);
  const set = new Set(current);
  for (const i of next) {
    if (mode === 'add') set.add(i);
    else set.delete(i);
  }
  return [...set].sort((a, b) => a - b);
}
