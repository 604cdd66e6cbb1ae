// What the painter derives from a map and keeps between draws: each cell's crossed sides as bit
// masks (roads, rails, rivers, shores), river curves, terrain looks and placed names. Kept per
// model; the screen's model changes in place, so whoever edits it says what changed.
import type { Cell, EdgeId } from '../grid/types.js';
import { terrainLook, type TerrainLook } from './look.js';
import type { PaintModel } from './model.js';
import { legibleNames, obstaclesKey, placeNames, type LegibleNames, type NameObstacles, type PlacedName, type SmallNames } from './place-names.js';
import { riverSideCurve, type RiverCurve } from './routes.js';
import { legibleNetworkNames, placeNetworkNames } from './network-names.js';
import { parseSvgSymbol, type SvgSymbol } from './svg-symbol.js';

export type EdgeKind = 'roads' | 'rails' | 'rivers' | 'shores';

export class PaintCache {
  private masks: Record<EdgeKind, Uint8Array> | null = null;
  private readonly rivers = new Map<EdgeId, RiverCurve>();
  private riverWobble = -1;
  private lookList: { types: readonly unknown[]; looks: TerrainLook[]; svgs: (SvgSymbol | null)[] } | null = null;
  private names = new Map<string, { list: PlacedName[]; byIndex: Map<number, PlacedName> }>();

  constructor(readonly model: PaintModel) {}

  /** Everything may have changed (a new layout, a reload). */
  reset(): void {
    this.masks = null;
    this.rivers.clear();
    this.lookList = null;
    this.names.clear();
  }

  /** Sides whose features changed, cells whose features (names, markers, units) or terrain changed. */
  changed(cells: readonly Cell[] | undefined, edges: Iterable<EdgeId> | undefined): void {
    if (edges) {
      let any = false;
      const sets = this.sets();
      for (const e of edges) {
        any = true;
        if (this.masks) this.updateEdge(e, sets);
      }
      // A changed river side bends its neighbours: river curves are cheap to make again.
      if (any) this.rivers.clear();
    }
    // Names depend on the markers, units and importance (terrain) of cells with features: placed
    // again only when such a cell changed (a brush stroke over plain ground leaves them be).
    if (cells && this.names.size && cells.some((c) => this.model.grid.inMap(c) && this.touchesNames(this.model.grid.index(c)))) this.names.clear();
  }

  /** Cells that had features or units when names were last placed. */
  private placedFrom = new Set<number>();

  private touchesNames(index: number): boolean {
    return this.placedFrom.has(index) || this.model.features.has(index) || !!this.model.units?.has(index);
  }

  /** The palette changed (colours, symbols). */
  paletteChanged(): void {
    this.lookList = null;
    this.names.clear();
  }

  looks(): TerrainLook[] {
    const types = this.model.terrainTypes;
    if (this.lookList?.types !== types || this.lookList.looks.length !== types.length) {
      const looks = types.map(terrainLook);
      this.lookList = { types, looks, svgs: looks.map((l) => (l.symbol === 'svg' && l.svg ? parseSvgSymbol(l.svg) : null)) };
    }
    return this.lookList.looks;
  }

  svgSymbol(type: number): SvgSymbol | null {
    this.looks();
    return this.lookList!.svgs[type] ?? null;
  }

  mask(kind: EdgeKind): Uint8Array {
    const n = this.model.cols * this.model.rows;
    if (!this.masks || this.masks.roads.length !== n) this.buildMasks();
    return this.masks![kind];
  }

  private sets(): Record<EdgeKind, ReadonlySet<EdgeId>> {
    const m = this.model;
    return { roads: m.roadSet, rails: m.railSet, rivers: m.riverSet, shores: m.lakeShoreSet };
  }

  private buildMasks(): void {
    const n = this.model.cols * this.model.rows;
    this.masks = { roads: new Uint8Array(n), rails: new Uint8Array(n), rivers: new Uint8Array(n), shores: new Uint8Array(n) };
    const sets = this.sets();
    for (const kind of ['roads', 'rails', 'rivers', 'shores'] as const) for (const e of sets[kind]) this.setBits(kind, e, true);
  }

  private updateEdge(e: EdgeId, sets = this.sets()): void {
    // The side's two cells are worked out once for the four kinds (a paste changes thousands of sides).
    const at = this.sideAt(e);
    if (!at) return;
    for (const kind of ['roads', 'rails', 'rivers', 'shores'] as const) this.setBits(kind, e, sets[kind].has(e), at);
  }

  /** A canonical side's owner cell, its side number there, and the cell across (null off the grid). */
  private sideAt(e: EdgeId): { col: number; row: number; k: number; other: { col: number; row: number } | null } | null {
    const { grid } = this.model;
    const first = e.indexOf(',');
    const second = e.indexOf(',', first + 1);
    const col = Number(e.slice(0, first));
    const row = Number(e.slice(first + 1, second));
    const dirs = grid.sideDirections;
    const k = dirs.indexOf(e.slice(second + 1) as (typeof dirs)[number]);
    if (k < 0 || !Number.isInteger(col) || !Number.isInteger(row)) return null;
    return { col, row, k, other: grid.step({ col, row }, dirs[k]!) };
  }

  private setBits(kind: EdgeKind, e: EdgeId, on: boolean, known?: ReturnType<PaintCache['sideAt']>): void {
    const at = known ?? this.sideAt(e);
    if (!at) return;
    const dirs = this.model.grid.sideDirections;
    const { col, row, k, other } = at;
    // A canonical id is "col,row,DIR" with DIR a side its owner owns; the cell across sees the
    // same side half way round its own sides (every grid's sides come in opposite pairs).
    const mask = this.masks![kind];
    const put = (c: number, r: number, side: number) => {
      if (c < 0 || r < 0 || c >= this.model.cols || r >= this.model.rows) return;
      const i = r * this.model.cols + c;
      mask[i] = on ? mask[i]! | (1 << side) : mask[i]! & ~(1 << side);
    };
    put(col, row, k);
    if (other) put(other.col, other.row, (k + dirs.length / 2) % dirs.length);
  }

  /** The river side `edge` as curves at cell size 1. */
  riverCurve(edge: EdgeId, wobble: number): RiverCurve {
    if (wobble !== this.riverWobble) {
      this.rivers.clear();
      this.riverWobble = wobble;
    }
    let c = this.rivers.get(edge);
    if (c) return c;
    const { grid } = this.model;
    const [P, Q] = grid.edgeEndpoints(edge, 1);
    c = riverSideCurve(P, Q, this.continuation(edge, P), this.continuation(edge, Q), wobble);
    this.rivers.set(edge, c);
    return c;
  }

  /** The far end of the one other river side meeting `edge` at corner P, or null (none, or a fork). */
  private continuation(edge: EdgeId, P: { x: number; y: number }): { x: number; y: number } | null {
    const { grid } = this.model;
    const rivers = this.model.riverSet;
    const seen = new Set<string>();
    const found = new Map<EdgeId, { x: number; y: number }>();
    const offsets = grid.cornerOffsets(1);
    for (let a = 0; a < 8; a++) {
      const t = (a * Math.PI) / 4 + 0.2;
      const cell = grid.pixelToCell({ x: P.x + Math.cos(t) * 0.08, y: P.y + Math.sin(t) * 0.08 }, 1);
      const key = `${cell.col},${cell.row}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const cx = grid.centerX(cell.col, cell.row, 1);
      const cy = grid.centerY(cell.col, cell.row, 1);
      grid.sideDirections.forEach((dir, k) => {
        const p = offsets[k]!;
        const q = offsets[(k + 1) % offsets.length]!;
        const atP = Math.abs(cx + p.x - P.x) < 1e-6 && Math.abs(cy + p.y - P.y) < 1e-6;
        const atQ = Math.abs(cx + q.x - P.x) < 1e-6 && Math.abs(cy + q.y - P.y) < 1e-6;
        if (!atP && !atQ) return;
        const e = grid.edgeOf(cell, dir);
        if (!e || e === edge || !rivers.has(e)) return;
        found.set(e, atP ? { x: cx + q.x, y: cy + q.y } : { x: cx + p.x, y: cy + p.y });
      });
    }
    return found.size === 1 ? [...found.values()][0]! : null;
  }

  private legible: { key: string; placed: PlacedName[]; names: LegibleNames } | null = null;

  /** The names drawn at `cellPx` device pixels a cell, none under `minPx` (see legibleNames). */
  legibleNames(avoid: NameObstacles, cellPx: number, minPx: number, mode: SmallNames): LegibleNames {
    const { list } = this.placedNames(avoid);
    const key = `${obstaclesKey(avoid)}|${cellPx}|${minPx}|${mode}`;
    if (this.legible?.key !== key || this.legible.placed !== list) this.legible = { key, placed: list, names: this.model.grid.network ? legibleNetworkNames(this.model, avoid, cellPx, minPx) : legibleNames(this.model, list, cellPx, minPx, mode) };
    return this.legible.names;
  }

  /** Every name placed (cell units), and by cell index. */
  placedNames(avoid: NameObstacles): { list: PlacedName[]; byIndex: Map<number, PlacedName> } {
    const key = obstaclesKey(avoid);
    let entry = this.names.get(key);
    if (!entry) {
      // Counters move all through a game: keep the placement for the latest counters only.
      if (avoid.counters) for (const k of this.names.keys()) if (k.includes('|')) this.names.delete(k);
      if (this.names.size === 0) this.placedFrom = new Set([...this.model.features.keys(), ...(this.model.units?.keys() ?? [])]);
      const list = this.model.grid.network ? placeNetworkNames(this.model, avoid) : placeNames(this.model, avoid);
      entry = { list, byIndex: new Map(list.map((n) => [n.index, n])) };
      this.names.set(key, entry);
    }
    return entry;
  }
}

const caches = new WeakMap<PaintModel, PaintCache>();

/** The cache of a model (made on first use). */
export function paintCacheOf(model: PaintModel): PaintCache {
  let c = caches.get(model);
  if (!c) caches.set(model, (c = new PaintCache(model)));
  return c;
}
