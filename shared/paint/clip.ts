// A clip (a region lifted off a map: shared/editor/region.ts) as a small map the painter can
// draw, so the floating paste, the stamp being put down and the stamps' thumbnails look exactly
// as the cells will once placed: the same fills, tree and marsh symbols, curved roads, rivers,
// side features and markers as the map's tiles, print and exports, from the one painter.
//
// The clip's cells are put on a grid of the target map's kind just big enough to hold them.
// Lattice coordinates keep a shape when moved (region.ts), so the cells' centres on this grid
// differ from their centres on the map by one translation: the painter's picture is drawn with
// the clip's origin cell (`origin`) on the map cell the clip is anchored to.
import { remapFeatures, selectionOutline, toLattice, fromLattice, type Clip } from '../editor/region.js';
import type { CellFeatures, PlacedUnit, Side, SideFeature } from '../format/scenario.types.js';
import { createGrid } from '../grid/index.js';
import type { Cell, EdgeId, GridGeometry, Point, Rect } from '../grid/types.js';
import { NONE, type PaintModel } from './model.js';

export interface ClipPaint {
  readonly model: PaintModel;
  /** The cell of the model's grid the clip's origin (lattice 0,0) stands on. */
  readonly origin: Cell;
  /** The model's indices of the clip's cells. */
  readonly cells: readonly number[];
}

/** What the clip takes from the map it is shown on: its sides (control and unit colours) and the default victory value. */
export interface ClipBase {
  readonly sides: readonly Side[];
  readonly defaultVictoryVp: number;
}

/**
 * The clip as a map on `grid`'s kind of grid (the map it will be put on, or was taken from).
 * Terrain types are the clip's own; sides are matched as placeClip matches them (by id, else
 * by position), so control tints and counters take the map's colours. Cells the clip does not
 * cover have no terrain: the caller draws inside `cells` only (see clipOutline).
 */
export function clipPaintModel(grid: GridGeometry, clip: Clip, base: ClipBase): ClipPaint {
  if (grid.network) throw new RangeError('a network map has no regions of cells');
  // The clip with its origin on the lattice's origin, then moved by an even number of columns
  // and rows (offset grids alternate by parity: an even move shifts every cell by just that) so
  // that every cell has a place on a grid from 0,0.
  const raw = clip.cells.map((c) => fromLattice(grid, c.q, c.r));
  const even = (n: number) => (n % 2 === 0 ? n : n + 1);
  const dc = even(Math.max(0, -Math.min(...raw.map((c) => c.col))));
  const dr = even(Math.max(0, -Math.min(...raw.map((c) => c.row))));
  const origin = { col: dc, row: dr };
  const o = toLattice(grid, origin);
  const at = (q: number, r: number): Cell => fromLattice(grid, o.q + q, o.r + r);
  const placed = clip.cells.map((c) => at(c.q, c.r));
  const cols = Math.max(...placed.map((c) => c.col)) + 1;
  const rows = Math.max(...placed.map((c) => c.row)) + 1;
  if (placed.some((c) => c.col < 0 || c.row < 0)) throw new RangeError('a clip cell fell off its grid');
  const g = createGrid({ ...grid.spec, cols, rows });

  const sideIds = base.sides.map((s) => s.id);
  const sideOf = (id: string) => (sideIds.includes(id) ? id : (sideIds[clip.sides.indexOf(id)] ?? id));
  const typeIndex = new Map(clip.terrainTypes.map((t, i) => [t.id, i]));
  const terrain = new Uint8Array(g.cellCount).fill(NONE);
  const control = new Uint8Array(g.cellCount).fill(NONE);
  const features = new Map<number, CellFeatures>();
  const cells: number[] = [];
  clip.cells.forEach((c, k) => {
    const i = g.index(placed[k]!);
    cells.push(i);
    terrain[i] = typeIndex.get(c.terrain) ?? NONE;
    const id = clip.sides[c.control];
    const s = id === undefined ? -1 : sideIds.indexOf(sideOf(id));
    control[i] = s < 0 ? NONE : s;
    if (c.features) features.set(i, remapFeatures(c.features, sideOf));
  });
  const edgeSet = (list: Clip['edges'][keyof Clip['edges']]): Set<EdgeId> => {
    const out = new Set<EdgeId>();
    for (const e of list) {
      const id = g.edgeBetween(at(e[0], e[1]), at(e[2], e[3]));
      if (id) out.add(id);
    }
    return out;
  };
  const sideFeatures: SideFeature[] = (clip.sideFeatures ?? []).map((sf) => ({
    ...sf.feature,
    sides: sf.sides.flatMap((e) => {
      const from = at(e[0], e[1]);
      const dir = g.directionTo(from, at(e[2], e[3]));
      return dir ? [`${from.col},${from.row},${dir}`] : [];
    }),
  }));
  const units = new Map<number, PlacedUnit[]>();
  for (const u of clip.units) {
    const cell = at(u.q, u.r);
    const i = g.index(cell);
    const list = units.get(i) ?? [];
    list.push({ ...u.unit, side: sideOf(u.unit.side), cell: g.ref(cell) } as PlacedUnit);
    units.set(i, list);
  }
  const model: PaintModel = {
    grid: g,
    cols,
    rows,
    terrainTypes: clip.terrainTypes,
    sides: base.sides,
    terrain,
    control,
    features,
    riverSet: edgeSet(clip.edges.rivers),
    lakeShoreSet: edgeSet(clip.edges.lakeShores),
    roadSet: edgeSet(clip.edges.roads),
    railSet: edgeSet(clip.edges.rails),
    ...(sideFeatures.length ? { sideFeatures } : {}),
    defaultVictoryVp: base.defaultVictoryVp,
    units,
  };
  return { model, origin, cells };
}

/** The polygon of each of the clip's cells on the model's grid at cell size `size`. */
export function clipCellPolygons(paint: ClipPaint, size: number): Point[][] {
  const g = paint.model.grid;
  const corners = g.cornerOffsets(size);
  return paint.cells.map((i) => {
    const c = g.center(g.cellAt(i), size);
    return corners.map((p) => ({ x: c.x + p.x, y: c.y + p.y }));
  });
}

/**
 * The boundary of a region of cells as closed rings (map px at cell size `size`): filled with the
 * even-odd rule they cover exactly the region, holes left open. A few hundred points for a
 * 100×100 block where its cells' polygons would be ten thousand (a clip path that big is slow).
 */
export function regionRings(grid: GridGeometry, cells: readonly number[], size: number): Point[][] {
  const segments = selectionOutline(grid, cells).map((e) => grid.edgeEndpoints(e, size));
  const key = (p: Point) => `${Math.round(p.x * 1000)},${Math.round(p.y * 1000)}`;
  const ends = new Map<string, number[]>();
  segments.forEach(([a, b], i) => {
    for (const p of [a, b]) {
      const list = ends.get(key(p));
      if (list) list.push(i);
      else ends.set(key(p), [i]);
    }
  });
  // Every corner of a region's boundary joins an even number of its sides: walking from side to
  // unused side closes each ring where it started (any split into rings fills the same even-odd).
  const used = new Uint8Array(segments.length);
  const rings: Point[][] = [];
  for (let s = 0; s < segments.length; s++) {
    if (used[s]) continue;
    used[s] = 1;
    const [start, first] = segments[s]!;
    const ring = [start];
    let at = first;
    while (key(at) !== key(start)) {
      ring.push(at);
      const next = ends.get(key(at))!.find((i) => !used[i]);
      if (next === undefined) break;
      used[next] = 1;
      const [a, b] = segments[next]!;
      at = key(a) === key(at) ? b : a;
    }
    rings.push(ring);
  }
  return rings;
}

/** The box round the clip's cells on the model's grid at cell size `size`. */
export function clipBounds(paint: ClipPaint, size: number): Rect {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const poly of clipCellPolygons(paint, size))
    for (const p of poly) {
      x0 = Math.min(x0, p.x);
      y0 = Math.min(y0, p.y);
      x1 = Math.max(x1, p.x);
      y1 = Math.max(y1, p.y);
    }
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}
