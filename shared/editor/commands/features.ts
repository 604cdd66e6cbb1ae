// Edits of cell features: name, supply base, fortification, victory value, entry sides.
// Feature objects are immutable: a command swaps a cell's object for a new one and keeps the
// old one (and its place in the file) for undo.
import type { Cell, CellId } from '../../grid/index.js';
import type { CellFeatures, VictoryValue } from '../../format/scenario.types.js';
import type { MapDocument } from '../document.js';
import { ChangeBuilder, EditError, labelOf, type Amount, type Command, type DocChange } from '../types.js';

interface FeatureSwap {
  before: CellFeatures | undefined;
  /** Position of the cell's entry in the file's `cells` object, when it had one. */
  seq: number | undefined;
  after: CellFeatures | undefined;
}

export class FeaturesCommand implements Command {
  constructor(
    readonly title: string,
    private readonly swaps: ReadonlyMap<CellId, FeatureSwap>,
    /** Set for single-field edits of one cell, so typing a name letter by letter is one step. */
    readonly mergeKey?: string,
  ) {}

  get size(): number {
    return this.swaps.size;
  }

  /** Counted only past one cell: naming a cell is "Name 0304 “Kursk”", not "(1 cell)". */
  get amount(): Amount | undefined {
    return this.swaps.size === 1 ? undefined : { count: this.swaps.size, unit: 'cell' };
  }

  get label(): string {
    return labelOf(this.title, this.amount);
  }

  apply(doc: MapDocument): DocChange {
    const change = new ChangeBuilder();
    for (const [id, s] of this.swaps) {
      if (s.after) doc.cells.set(id, s.after);
      else doc.cells.delete(id);
      change.features.add(id);
    }
    return change.done();
  }

  revert(doc: MapDocument): DocChange {
    const change = new ChangeBuilder();
    for (const [id, s] of this.swaps) {
      if (s.before) doc.cells.set(id, s.before, s.seq);
      else doc.cells.delete(id);
      change.features.add(id);
    }
    return change.done();
  }

  isNoop(): boolean {
    for (const s of this.swaps.values()) if (!sameFeatures(s.before, s.after)) return false;
    return true;
  }

  mergeWith(next: Command): Command | null {
    if (!(next instanceof FeaturesCommand)) return null;
    const swaps = new Map(this.swaps);
    for (const [id, s] of next.swaps) {
      const first = swaps.get(id);
      swaps.set(id, first ? { before: first.before, seq: first.seq, after: s.after } : s);
    }
    return new FeaturesCommand(next.title, swaps, this.mergeKey);
  }
}

/**
 * A change to one cell's features. `undefined` leaves a field as it is; `null` (or an empty
 * name / entry list, or `fortification: false`) removes it. A cell left with no features is
 * dropped from the file's `cells`.
 */
export interface FeaturePatch {
  name?: string | null;
  supplyBase?: string | null;
  fortification?: boolean | null;
  victory?: VictoryValue | null;
  entry?: readonly string[] | null;
}

/** Apply a patch to a cell's features; null when nothing changes. Throws EditError naming the bad field. */
export function editCellFeatures(doc: MapDocument, cell: Cell, patch: FeaturePatch, title = 'Edit cell'): FeaturesCommand | null {
  const id = checkCell(doc, cell);
  const before = doc.cells.get(id);
  const after = patched(doc, id, before, patch);
  if (sameFeatures(before, after)) return null;
  const fields = Object.keys(patch).filter((k) => patch[k as keyof FeaturePatch] !== undefined);
  const mergeKey = fields.length === 1 ? `feature:${fields[0]}:${id}` : undefined;
  return new FeaturesCommand(title, new Map([[id, { before, seq: doc.cells.seqOf(id), after }]]), mergeKey);
}

export const setCellName = (doc: MapDocument, cell: Cell, name: string | null) =>
  editCellFeatures(doc, cell, { name }, name ? `Name ${doc.grid.ref(cell)} "${name}"` : `Clear name of ${doc.grid.ref(cell)}`);

export const setSupplyBase = (doc: MapDocument, cell: Cell, sideId: string | null) =>
  editCellFeatures(doc, cell, { supplyBase: sideId }, sideId ? `Supply base (${sideId})` : 'Remove supply base');

export const setFortification = (doc: MapDocument, cell: Cell, on: boolean) =>
  editCellFeatures(doc, cell, { fortification: on }, on ? 'Fortify cell' : 'Remove fortification');

export const setVictory = (doc: MapDocument, cell: Cell, victory: VictoryValue | null) =>
  editCellFeatures(doc, cell, { victory }, victory ? 'Set victory value' : 'Remove victory cell');

export const setEntry = (doc: MapDocument, cell: Cell, sideIds: readonly string[] | null) =>
  editCellFeatures(doc, cell, { entry: sideIds }, sideIds?.length ? 'Set entry sides' : 'Remove entry cell');

/** Remove every feature of the given cells (the feature eraser); null when none had any. */
export function clearCellFeatures(doc: MapDocument, cells: Iterable<Cell>): FeaturesCommand | null {
  const swaps = new Map<CellId, FeatureSwap>();
  for (const cell of cells) {
    const id = doc.grid.ref(cell);
    const before = doc.cells.get(id);
    if (before && !swaps.has(id)) swaps.set(id, { before, seq: doc.cells.seqOf(id), after: undefined });
  }
  return swaps.size ? new FeaturesCommand('Clear cell features', swaps) : null;
}

function checkCell(doc: MapDocument, cell: Cell): CellId {
  if (!doc.grid.inMap(cell)) {
    throw new EditError(doc.grid.network ? `position ${cell.col} is not on this network map` : `cell ${cell.col},${cell.row} is not on this ${doc.cols}×${doc.rows} map`);
  }
  return doc.grid.ref(cell);
}

function patched(doc: MapDocument, id: CellId, before: CellFeatures | undefined, patch: FeaturePatch): CellFeatures | undefined {
  const next: CellFeatures = { ...before };
  const where = `cell ${id}`;
  if (patch.name !== undefined) {
    if (patch.name === null || patch.name === '') delete next.name;
    else if (patch.name.length > 80) throw new EditError(`${where}: name is ${patch.name.length} characters long; at most 80`);
    else next.name = patch.name;
  }
  if (patch.supplyBase !== undefined) {
    if (patch.supplyBase === null) delete next.supplyBase;
    else {
      doc.sideIndex(patch.supplyBase);
      next.supplyBase = patch.supplyBase;
    }
  }
  if (patch.fortification !== undefined) {
    if (patch.fortification) next.fortification = true;
    else delete next.fortification;
  }
  if (patch.victory !== undefined) {
    if (patch.victory === null) delete next.victory;
    else {
      const v: VictoryValue = {};
      for (const key of ['perTurn', 'endGame'] as const) {
        const n = patch.victory[key];
        if (n === undefined) continue;
        if (!Number.isInteger(n) || n < 0 || n > 99) throw new EditError(`${where}: victory ${key} must be a whole number from 0 to 99; got ${n}`);
        v[key] = n;
      }
      next.victory = v;
    }
  }
  if (patch.entry !== undefined) {
    if (patch.entry === null || patch.entry.length === 0) delete next.entry;
    else {
      for (const s of patch.entry) doc.sideIndex(s);
      if (new Set(patch.entry).size !== patch.entry.length) throw new EditError(`${where}: entry lists a side twice`);
      next.entry = [...patch.entry];
    }
  }
  // Written in the schema's key order, so clearing a field and setting it again gives the same object.
  const ordered: CellFeatures = {};
  for (const key of FEATURE_KEYS) if (next[key] !== undefined) (ordered as Record<string, unknown>)[key] = next[key];
  return Object.keys(ordered).length > 0 ? ordered : undefined;
}

const FEATURE_KEYS = ['name', 'supplyBase', 'fortification', 'victory', 'entry'] as const;

function sameFeatures(a: CellFeatures | undefined, b: CellFeatures | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
