// The designer's Find panel (Ctrl+F): the query being typed, the cells it finds in the open
// map (found again after every edit), which hit Next/Previous stand on, and Replace. The search
// itself is shared/editor/find.ts; this file ties it to the view (centring on a hit, the overlay
// that marks the hits) and to the region selection (Select all).
import {
  describeQuery, findCells, hasCriteria, replaceTerrain, type EdgeFeature, type FindQuery, type MapDocument, type MarkerKind,
} from '../../../shared/editor/index.js';
import type { Cell } from '../../../shared/grid/types.js';

/** What the panel needs of the editor around it. */
export interface FindHost {
  doc(): MapDocument | null;
  /** Bumps on every applied command (results are found again). */
  version(): number;
  /** The region selection (map indices). */
  selection(): readonly number[];
  setSelection(cells: readonly number[]): void;
  /** Centres the view on a cell, close enough to read it, and selects it. */
  show(cell: Cell): void;
  /** Runs one command as one undo step; false (said to the user) when refused. */
  run(make: (doc: MapDocument) => ReturnType<typeof replaceTerrain>): boolean;
  /** True (having said so) when the layer is locked. */
  refuseLocked(layer: string): boolean;
  redraw(): void;
}

/** The panel's fields: '' is "any" (the criterion is not used). */
export interface FindFields {
  terrain: string;
  name: string;
  units: string;
  control: string;
  marker: '' | MarkerKind;
  line: '' | EdgeFeature;
  sideFeature: string;
  /** Only among the selected cells. */
  inSelection: boolean;
}

export const EMPTY_FIELDS: FindFields = { terrain: '', name: '', units: '', control: '', marker: '', line: '', sideFeature: '', inSelection: false };

export class FindState {
  open = $state(false);
  fields = $state<FindFields>({ ...EMPTY_FIELDS });
  /** The hit Next/Previous last went to (index into `results`), or -1. */
  current = $state(-1);
  /** Replace: the terrain put in place of the one searched for. */
  replaceWith = $state('');
  /** Where Replace acts. */
  replaceIn = $state<'map' | 'selection'>('map');
  /** What the last Replace said (done, refused). */
  said = $state('');
  /** Bumps when the panel asks its first field for focus (Ctrl+F again). */
  focusTick = $state(0);

  constructor(private readonly host: FindHost) {}

  /** The query the fields make. */
  get query(): FindQuery {
    const f = this.fields;
    const q: FindQuery = {};
    if (f.terrain) q.terrain = f.terrain;
    if (f.name.trim()) q.name = f.name;
    if (f.units) q.units = f.units;
    if (f.control) q.control = f.control;
    if (f.marker) q.marker = f.marker;
    if (f.line) q.line = f.line;
    if (f.sideFeature) q.sideFeature = f.sideFeature;
    if (f.inSelection) q.within = this.host.selection();
    return q;
  }

  get hasQuery(): boolean {
    return hasCriteria(this.query);
  }

  /** The cells found now (map indices, map order), or a problem with the query. */
  readonly outcome = $derived.by((): { cells: readonly number[]; problem: string } => {
    void this.host.version();
    const doc = this.host.doc();
    if (!this.open || !doc) return { cells: [], problem: '' };
    try {
      return { cells: findCells(doc, this.query), problem: '' };
    } catch (err) {
      if (err instanceof RangeError) return { cells: [], problem: err.message };
      throw err;
    }
  });

  get results(): readonly number[] {
    return this.outcome.cells;
  }

  /** The query in words ("Woods, on a road"). */
  get description(): string {
    const doc = this.host.doc();
    return doc ? describeQuery(doc, this.query) : '';
  }

  /** The hit Next/Previous stand on, when it is still one of the results. */
  get currentCell(): number | null {
    const r = this.results;
    return this.current >= 0 && this.current < r.length ? r[this.current]! : null;
  }

  show(): void {
    this.open = true;
    this.focusTick++;
    this.host.redraw();
  }

  close(): void {
    this.open = false;
    this.current = -1;
    this.said = '';
    this.host.redraw();
  }

  /** Another map is shown: an empty query (its terrains and sides may not be this map's). */
  reset(): void {
    this.open = false;
    this.fields = { ...EMPTY_FIELDS };
    this.current = -1;
    this.replaceWith = '';
    this.replaceIn = 'map';
    this.said = '';
  }

  /** A field changed: Next starts again from the first hit. */
  edited(): void {
    this.current = -1;
    this.said = '';
    this.host.redraw();
  }

  next(dir: 1 | -1 = 1): void {
    const r = this.results;
    const doc = this.host.doc();
    if (r.length === 0 || !doc) return;
    this.current = this.current < 0 || this.current >= r.length ? (dir === 1 ? 0 : r.length - 1) : (this.current + dir + r.length) % r.length;
    this.host.show(doc.grid.cellAt(r[this.current]!));
    this.host.redraw();
  }

  /** Select all: the hits become the region selection (copy, delete, stamp work on it). */
  selectAll(): void {
    this.host.setSelection(this.results);
    this.host.redraw();
  }

  /**
   * Replaces the terrain searched for with `replaceWith` in the selection or the whole map: one
   * undo step ("Replace Woods with Open (37 cells)"); a locked terrain layer refuses it.
   */
  replace(): boolean {
    const doc = this.host.doc();
    const from = this.fields.terrain;
    const to = this.replaceWith;
    if (!doc) return false;
    if (!from || !to) {
      this.said = 'Choose the terrain to find and the terrain to put in its place.';
      return false;
    }
    if (this.host.refuseLocked('terrain')) {
      this.said = 'Terrain layer is locked: unlock it in the Layers panel to replace terrain.';
      return false;
    }
    const sel = this.replaceIn === 'selection' ? this.host.selection() : undefined;
    if (sel && sel.length === 0) {
      this.said = 'Nothing is selected: select cells first, or replace in the whole map.';
      return false;
    }
    let label = '';
    const done = this.host.run((d) => {
      const cmd = replaceTerrain(d, from, to, sel);
      label = cmd?.label ?? '';
      return cmd;
    });
    const name = (id: string) => doc.terrainTypes.find((t) => t.id === id)?.name ?? id;
    if (done) this.said = `${label}.`;
    else if (!label) this.said = `No ${name(from)} ${sel ? 'in the selection' : 'on the map'} to replace.`;
    this.current = -1;
    this.host.redraw();
    return done;
  }

  // ---- drawing (map pixels, on the interactive layer) ----

  private cache: { cells: readonly number[]; doc: MapDocument; path: Path2D } | null = null;

  draw(ctx: CanvasRenderingContext2D, scale: number, size: number): void {
    const doc = this.host.doc();
    if (!this.open || !doc) return;
    const cells = this.results;
    if (cells.length === 0) return;
    const grid = doc.grid;
    if (!this.cache || this.cache.cells !== cells || this.cache.doc !== doc) {
      const path = new Path2D();
      for (const i of cells) {
        const pts = grid.corners(grid.cellAt(i), size);
        pts.forEach((p, k) => (k === 0 ? path.moveTo(p.x, p.y) : path.lineTo(p.x, p.y)));
        path.closePath();
      }
      this.cache = { cells, doc, path };
    }
    ctx.save();
    ctx.lineJoin = 'round';
    ctx.fillStyle = 'rgba(255, 196, 0, 0.18)';
    ctx.fill(this.cache.path);
    ctx.strokeStyle = 'rgba(214, 136, 0, 0.95)';
    ctx.lineWidth = 1.5 / scale;
    ctx.stroke(this.cache.path);
    const at = this.currentCell;
    if (at !== null) {
      const pts = grid.corners(grid.cellAt(at), size);
      ctx.beginPath();
      pts.forEach((p, k) => (k === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
      ctx.closePath();
      ctx.fillStyle = 'rgba(255, 176, 0, 0.35)';
      ctx.fill();
      ctx.strokeStyle = 'rgba(255,255,255,0.95)';
      ctx.lineWidth = 6 / scale;
      ctx.stroke();
      ctx.strokeStyle = '#d97800';
      ctx.lineWidth = 3 / scale;
      ctx.stroke();
    }
    ctx.restore();
  }
}
