// Shared vocabulary of the map designer's document layer: what a change looks like to the
// views, and what a command is. Everything here is pure (no DOM, no Node), so the same
// editing code runs in the renderer, in workers and in tests.
import type { CellId, EdgeId } from '../grid/index.js';
import type { MapDocument } from './document.js';

/** The four edge feature lists of a map, named as in the scenario file. */
export type EdgeFeature = 'rivers' | 'lakeShores' | 'roads' | 'rails';
export const EDGE_FEATURES: readonly EdgeFeature[] = ['rivers', 'lakeShores', 'roads', 'rails'];

/** The two per-cell layers held as typed arrays. */
export type CellLayer = 'terrain' | 'control';

/**
 * The parts of a scenario an edit can touch, as views care about them: the map's layers
 * (a painter redraws only those), its settings, and the rest of the scenario the panels edit.
 */
export type Layer =
  | CellLayer
  | 'edges'
  | 'features'
  | 'palette'
  | 'settings'
  | 'underlay'
  | 'units'
  | 'sides'
  /** Any top-level scenario field outside the map (title, calendar, order of battle...). */
  | 'scenario';

/** What an edit's size is counted in, for its label: "Paint Woods (12 cells)". */
export type AmountUnit = 'cell' | 'side' | 'position';

/** How big an edit is: a count and its unit (data, so a label is built from it, never parsed). */
export interface Amount {
  readonly count: number;
  readonly unit: AmountUnit;
}

/** "Paint Woods" + 12 cells → "Paint Woods (12 cells)"; without an amount, the title alone. */
export function labelOf(title: string, amount?: Amount | null): string {
  return amount ? `${title} (${count(amount.count, amount.unit)})` : title;
}

/**
 * What one applied command changed, so a view can redraw only what is dirty.
 * - `cells`: indices (`grid.index` order) whose terrain or control changed, or 'all'.
 * - `edges`: canonical ids of sides whose river/lake shore/road/rail changed.
 * - `features`: "col,row" of cells whose features (name, supply base...) changed.
 * - `palette`: terrain types were added, removed, recoloured or recategorised.
 * - `meta`: map settings (grid options, cell size, ground scale) changed.
 * - `units`: order of battle or reinforcements changed (only a resize does that here).
 * - `resized`: the grid's shape changed (size, kind, layout); every index is stale.
 * - `moved`: with `resized`, how far every cell's content went: what was at (col,row) is
 *   now at (col + cols, row + rows) (a resize with columns or rows added or removed on the
 *   left or top). Zero when content kept its coordinates.
 * - `fields`: top-level scenario fields outside the map that changed ("calendar", "sides").
 * - `layers`: every layer the change touched, so a view knows what to redraw without
 *   comparing copies (control borders reach into neighbouring tiles; terrain does not).
 */
export interface DocChange {
  cells: ReadonlySet<number> | 'all';
  layers: ReadonlySet<Layer>;
  fields: ReadonlySet<string>;
  edges: ReadonlySet<EdgeId>;
  features: ReadonlySet<CellId>;
  palette: boolean;
  meta: boolean;
  units: boolean;
  resized: boolean;
  moved: CellShift;
}

/** A shift of the whole map's content, in columns and rows. */
export interface CellShift {
  readonly cols: number;
  readonly rows: number;
}

/** A change builder: commands fill one while they apply. */
export class ChangeBuilder {
  cells: Set<number> | 'all' = new Set();
  edges = new Set<EdgeId>();
  features = new Set<CellId>();
  palette = false;
  meta = false;
  units = false;
  resized = false;
  moved: CellShift = { cols: 0, rows: 0 };
  /** Layers named by the command itself (which cell layer its cells are in, the underlay). */
  touched = new Set<Layer>();
  fields = new Set<string>();

  /** Says which layer the change is in (cell indices alone do not say terrain or control). */
  touch(layer: Layer): void {
    this.touched.add(layer);
  }

  allCells(): void {
    this.cells = 'all';
  }

  addCell(index: number): void {
    if (this.cells !== 'all') this.cells.add(index);
  }

  /** Folds another change into this one (used for composite commands and gestures). */
  merge(other: DocChange): void {
    if (other.cells === 'all') this.cells = 'all';
    else if (this.cells !== 'all') for (const i of other.cells) this.cells.add(i);
    for (const e of other.edges) this.edges.add(e);
    for (const f of other.features) this.features.add(f);
    for (const l of other.layers) this.touched.add(l);
    for (const f of other.fields) this.fields.add(f);
    this.palette ||= other.palette;
    this.meta ||= other.meta;
    this.units ||= other.units;
    this.resized ||= other.resized;
    this.moved = { cols: this.moved.cols + other.moved.cols, rows: this.moved.rows + other.moved.rows };
  }

  done(): DocChange {
    return {
      cells: this.cells,
      layers: this.layers(),
      fields: this.fields,
      edges: this.edges,
      features: this.features,
      palette: this.palette,
      meta: this.meta,
      units: this.units,
      resized: this.resized,
      moved: this.moved,
    };
  }

  private layers(): Set<Layer> {
    const l = new Set(this.touched);
    const cellsChanged = this.cells === 'all' || this.cells.size > 0;
    // Cells a command did not place in a layer could be in either.
    if ((cellsChanged && !l.has('terrain') && !l.has('control')) || this.resized) {
      l.add('terrain');
      l.add('control');
    }
    if (this.edges.size > 0 || this.resized) l.add('edges');
    if (this.features.size > 0 || this.resized) l.add('features');
    if (this.palette) l.add('palette');
    if (this.meta) l.add('settings');
    if (this.units) l.add('units');
    if (this.fields.size > 0) l.add('scenario');
    if (this.fields.has('sides')) l.add('sides');
    if (this.fields.has('orderOfBattle') || this.fields.has('reinforcements')) l.add('units');
    return l;
  }
}

/** True when a change touches nothing. */
export function isEmptyChange(c: DocChange): boolean {
  return (
    (c.cells !== 'all' && c.cells.size === 0) &&
    c.edges.size === 0 &&
    c.features.size === 0 &&
    c.fields.size === 0 &&
    !c.palette &&
    !c.meta &&
    !c.units &&
    !c.resized
  );
}

/**
 * One undoable edit. `apply` and `revert` are exact inverses on the document they were made
 * for: a command records the values it replaces when it is created, so reverting restores
 * them bit for bit. Both mutate the document's stores in place (a 1M-cell map cannot be
 * copied per brush dab) and report what they touched.
 */
export interface Command {
  /** What the undo menu shows: "Paint Woods (40 cells)" (`labelOf(title, amount)`). */
  readonly label: string;
  /** How many cells or sides the command changes, when it counts them (a gesture's label adds it). */
  readonly amount?: Amount;
  apply(doc: MapDocument): DocChange;
  revert(doc: MapDocument): DocChange;
  /**
   * Commands with the same key may merge when issued back to back outside a gesture
   * (typing a cell's name letter by letter makes one undo step).
   */
  readonly mergeKey?: string;
  /** This command followed by `next` as one command, or null when they cannot merge. */
  mergeWith?(next: Command): Command | null;
  /** True when applying would change nothing (e.g. a merge that cancelled out). */
  isNoop?(): boolean;
  /** Rough memory held for undo, in bytes, so the history can cap what it keeps. */
  readonly bytes?: number;
}

/** The same edit backwards: apply reverts and revert applies. */
export function invert(cmd: Command): Command {
  return {
    label: `Undo ${cmd.label}`,
    apply: (doc) => cmd.revert(doc),
    revert: (doc) => cmd.apply(doc),
  };
}

/** Bad editing input (unknown terrain id, name too long...): the message names the field. */
export class EditError extends RangeError {
  override name = 'EditError';
}

/** "1 cell" / "40 cells" */
export function count(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
