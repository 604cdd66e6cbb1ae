// Find and replace in the map designer: which cells answer a query (terrain, a name, units,
// control, a marker, a line along or through one of the cell's sides, a custom side feature),
// all criteria together, and the one command that turns one terrain into another in a set of
// cells (the selection or the whole map).
//
//   const hits = findCells(doc, { terrain: 'woods', line: 'roads' });   // sorted map indices
//   history.run(replaceTerrain(doc, 'woods', 'open'));                  // "Replace Woods with Open (37 cells)"
import type { CellFeatures, SideId } from '../format/scenario.types.js';
import type { MapDocument } from './document.js';
import { setLayerCells, type CellsCommand } from './commands/cells.js';
import { EditError, type EdgeFeature } from './types.js';

/** The markers a cell may carry (cell features other than its name). */
export type MarkerKind = 'supplyBase' | 'fortification' | 'victory' | 'entry' | 'setup';
export const MARKER_KINDS: readonly MarkerKind[] = ['supplyBase', 'fortification', 'victory', 'entry', 'setup'];
export const MARKER_NAMES: Record<MarkerKind, string> = {
  supplyBase: 'Supply base',
  fortification: 'Fortification',
  victory: 'Victory cell',
  entry: 'Entry cell',
  setup: 'Setup marker',
};

const LINE_WORDS: Record<EdgeFeature, string> = { rivers: 'on a river', lakeShores: 'on a lake shore', roads: 'on a road', rails: 'on a rail line' };

/**
 * What to look for. Every criterion given must hold (they combine with "and"); an empty query
 * finds nothing (see `hasCriteria`).
 */
export interface FindQuery {
  /** Terrain type id. */
  terrain?: string;
  /** Part of the cell's name, in any case ("bogu" finds Boguslav). */
  name?: string;
  /** Units stand in the cell at the start: of any side, or of this side. */
  units?: 'any' | SideId;
  /** The side controlling the cell. */
  control?: SideId;
  /** The cell carries this marker. */
  marker?: MarkerKind;
  /** A river or lake shore runs along one of the cell's sides, or a road or rail leaves it. */
  line?: EdgeFeature;
  /** A custom side feature (map.sideFeatures id) runs along one of the cell's sides. */
  sideFeature?: string;
  /** Only among these cells (map indices: the selection). */
  within?: readonly number[];
}

/** True when the query names at least one thing to look for (`within` alone is not one). */
export function hasCriteria(q: FindQuery): boolean {
  return (
    q.terrain !== undefined ||
    (q.name !== undefined && q.name.trim() !== '') ||
    q.units !== undefined ||
    q.control !== undefined ||
    q.marker !== undefined ||
    q.line !== undefined ||
    q.sideFeature !== undefined
  );
}

/**
 * The cells answering every criterion of `q`, as map indices in `grid.index` order. Throws
 * EditError naming the criterion when it names a terrain type, side or side feature the map
 * does not have.
 */
export function findCells(doc: MapDocument, q: FindQuery): number[] {
  if (!hasCriteria(q)) return [];
  const grid = doc.grid;
  const n = grid.cellCount;
  // One byte per cell: the number of criteria the cell meets so far; a cell is a hit when it
  // meets them all. Cheap per criterion on a million-cell map.
  const met = new Uint8Array(n);
  let needed = 0;
  const within = q.within ? new Uint8Array(n) : null;
  if (q.within) for (const i of q.within) if (i >= 0 && i < n) within![i] = 1;

  const mark = (i: number) => {
    if (met[i] === needed - 1) met[i] = needed;
  };
  const each = (test: (i: number) => boolean) => {
    needed++;
    for (let i = 0; i < n; i++) if (met[i] === needed - 1 && test(i)) met[i] = needed;
  };

  if (q.terrain !== undefined) {
    const t = doc.terrainTypes.findIndex((x) => x.id === q.terrain);
    if (t < 0) throw new EditError(`Find: this map has no terrain "${q.terrain}"`);
    const terrain = doc.terrain;
    each((i) => terrain[i] === t);
  }
  if (q.control !== undefined) {
    const s = doc.sides.findIndex((x) => x.id === q.control);
    if (s < 0) throw new EditError(`Find: this scenario has no side "${q.control}"`);
    const control = doc.control;
    each((i) => control[i] === s);
  }
  const name = q.name?.trim().toLocaleLowerCase();
  if (name || q.marker !== undefined) {
    const hits: number[] = [];
    for (const [ref, f] of doc.cells.entries()) {
      if (name && !(f.name ?? '').toLocaleLowerCase().includes(name)) continue;
      if (q.marker !== undefined && !hasMarker(f, q.marker)) continue;
      const cell = grid.parseRef(ref);
      if (cell && grid.inMap(cell)) hits.push(grid.index(cell));
    }
    needed++;
    for (const i of hits) mark(i);
  }
  if (q.units !== undefined) {
    if (q.units !== 'any' && !doc.sides.some((x) => x.id === q.units)) throw new EditError(`Find: this scenario has no side "${q.units}"`);
    needed++;
    for (const u of doc.orderOfBattle) {
      if (q.units !== 'any' && u.side !== q.units) continue;
      const cell = grid.parseRef(u.cell);
      if (cell && grid.inMap(cell)) mark(grid.index(cell));
    }
  }
  if (q.line !== undefined) {
    needed++;
    for (const e of doc.edges[q.line]) markEdge(e);
  }
  if (q.sideFeature !== undefined) {
    const f = doc.sideFeatures.find((x) => x.id === q.sideFeature);
    if (!f) throw new EditError(`Find: this map has no side feature "${q.sideFeature}"`);
    needed++;
    for (const s of f.sides) {
      const e = grid.parseEdge(s);
      if (e) markEdge(e);
    }
  }
  function markEdge(e: string): void {
    for (const cell of grid.edgeCells(e)) if (grid.inMap(cell)) mark(grid.index(cell));
  }

  const out: number[] = [];
  for (let i = 0; i < n; i++) if (met[i] === needed && (!within || within[i])) out.push(i);
  return out;
}

function hasMarker(f: CellFeatures, kind: MarkerKind): boolean {
  switch (kind) {
    case 'supplyBase':
      return f.supplyBase !== undefined;
    case 'fortification':
      return f.fortification === true;
    case 'victory':
      return f.victory !== undefined;
    case 'entry':
      return (f.entry?.length ?? 0) > 0;
    case 'setup':
      return f.setup !== undefined;
  }
}

/** The query in words, for the panel and the status line: "Woods, on a road, controlled by Soviets". */
export function describeQuery(doc: MapDocument, q: FindQuery): string {
  const side = (id: string) => doc.sides.find((s) => s.id === id)?.name ?? id;
  const parts: string[] = [];
  if (q.terrain !== undefined) parts.push(doc.terrainTypes.find((t) => t.id === q.terrain)?.name ?? q.terrain);
  if (q.name?.trim()) parts.push(`named “…${q.name.trim()}…”`);
  if (q.units !== undefined) parts.push(q.units === 'any' ? 'with units' : `with ${side(q.units)} units`);
  if (q.control !== undefined) parts.push(`controlled by ${side(q.control)}`);
  if (q.marker !== undefined) parts.push(`with a ${MARKER_NAMES[q.marker].toLocaleLowerCase()}`);
  if (q.line !== undefined) parts.push(LINE_WORDS[q.line]);
  if (q.sideFeature !== undefined) parts.push(`along ${doc.sideFeatures.find((f) => f.id === q.sideFeature)?.name ?? q.sideFeature}`);
  return parts.join(', ');
}

/**
 * Turns terrain `fromId` into `toId` in `cells` (map indices; the whole map when omitted): one
 * command labelled "Replace Woods with Open (37 cells)", or null when no cell there is `fromId`.
 * Throws EditError naming the terrain when the map has no such type, or the two are the same.
 */
export function replaceTerrain(doc: MapDocument, fromId: string, toId: string, cells?: readonly number[]): CellsCommand | null {
  const from = doc.terrainTypes.findIndex((t) => t.id === fromId);
  const to = doc.terrainTypes.findIndex((t) => t.id === toId);
  if (from < 0) throw new EditError(`Replace: this map has no terrain "${fromId}"`);
  if (to < 0) throw new EditError(`Replace: this map has no terrain "${toId}"`);
  const fromName = doc.terrainTypes[from]!.name;
  if (from === to) throw new EditError(`Replace: ${fromName} with ${fromName} changes nothing; choose another terrain to put in its place`);
  const terrain = doc.terrain;
  const picked: number[] = [];
  if (cells) {
    for (const i of cells) if (terrain[i] === from) picked.push(i);
  } else {
    for (let i = 0; i < terrain.length; i++) if (terrain[i] === from) picked.push(i);
  }
  return setLayerCells(doc, 'terrain', picked, to, `Replace ${fromName} with ${doc.terrainTypes[to]!.name}`);
}
