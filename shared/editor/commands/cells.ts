// Edits of the per-cell layers (terrain, control): painting, erasing, filling. A command keeps
// the indices it touches with the value each had before and has after, in typed arrays, so a
// million-cell flood fill costs a few megabytes and reverts exactly.
import type { MapDocument } from '../document.js';
import { ChangeBuilder, EditError, labelOf, type Amount, type CellLayer, type Command, type DocChange } from '../types.js';

/** Above this share of the map, a change reports 'all' instead of listing every index. */
const ALL_CELLS_SHARE = 0.25;

export class CellsCommand implements Command {
  private indices: Int32Array;
  private before: Uint8Array;
  private after: Uint8Array;
  private length: number;
  /** Built on the first merge: where an index sits in the arrays. */
  private slots: Map<number, number> | null = null;

  constructor(
    readonly layer: CellLayer,
    /** "Paint Woods", "Set control: Soviets": the label adds the cell count. */
    readonly title: string,
    indices: Int32Array,
    before: Uint8Array,
    after: Uint8Array,
  ) {
    this.indices = indices;
    this.before = before;
    this.after = after;
    this.length = indices.length;
  }

  get size(): number {
    return this.length;
  }

  get amount(): Amount {
    return { count: this.length, unit: 'cell' };
  }

  get label(): string {
    return labelOf(this.title, this.amount);
  }

  get bytes(): number {
    return this.indices.length * 6;
  }

  apply(doc: MapDocument): DocChange {
    return this.write(doc, this.after);
  }

  revert(doc: MapDocument): DocChange {
    return this.write(doc, this.before);
  }

  private write(doc: MapDocument, values: Uint8Array): DocChange {
    const target = doc[this.layer];
    const change = new ChangeBuilder();
    change.touch(this.layer);
    const n = this.length;
    for (let k = 0; k < n; k++) target[this.indices[k]!] = values[k]!;
    if (n > target.length * ALL_CELLS_SHARE) change.allCells();
    else for (let k = 0; k < n; k++) change.addCell(this.indices[k]!);
    return change.done();
  }

  isNoop(): boolean {
    for (let k = 0; k < this.length; k++) if (this.before[k] !== this.after[k]) return false;
    return true;
  }

  /**
   * Absorbs a later edit of the same layer: cells already touched keep their first `before`
   * and take the new `after`; new cells are appended. Mutates this command, which is only
   * done while it is still the open end of a gesture or the top undo step.
   */
  mergeWith(next: Command): Command | null {
    if (!(next instanceof CellsCommand) || next.layer !== this.layer) return null;
    if (!this.slots) {
      this.slots = new Map();
      for (let k = 0; k < this.length; k++) this.slots.set(this.indices[k]!, k);
    }
    for (let j = 0; j < next.length; j++) {
      const index = next.indices[j]!;
      const slot = this.slots.get(index);
      if (slot !== undefined) this.after[slot] = next.after[j]!;
      else {
        this.grow();
        this.indices[this.length] = index;
        this.before[this.length] = next.before[j]!;
        this.after[this.length] = next.after[j]!;
        this.slots.set(index, this.length++);
      }
    }
    return this;
  }

  private grow(): void {
    if (this.length < this.indices.length) return;
    const cap = Math.max(16, this.indices.length * 2);
    const indices = new Int32Array(cap);
    indices.set(this.indices.subarray(0, this.length));
    const before = new Uint8Array(cap);
    before.set(this.before.subarray(0, this.length));
    const after = new Uint8Array(cap);
    after.set(this.after.subarray(0, this.length));
    this.indices = indices;
    this.before = before;
    this.after = after;
  }
}

/**
 * A command setting each of `cells` (indices) to `value`, or null when none would change.
 * Indices outside the map are ignored, duplicates count once.
 */
export function setLayerCells(doc: MapDocument, layer: CellLayer, cells: Iterable<number>, value: number, title: string): CellsCommand | null {
  const data = doc[layer];
  const list = Array.isArray(cells) ? (cells as number[]) : [...cells];
  // Small brush dabs dedupe with a Set; big fills with one byte per map cell.
  const mark = list.length > 4096 ? new Uint8Array(data.length) : null;
  const seen = mark ? null : new Set<number>();
  const indices = new Int32Array(list.length);
  const before = new Uint8Array(list.length);
  let n = 0;
  for (let k = 0; k < list.length; k++) {
    const i = list[k]!;
    if (!Number.isInteger(i) || i < 0 || i >= data.length) continue;
    if (mark) {
      if (mark[i]) continue;
      mark[i] = 1;
    } else {
      if (seen!.has(i)) continue;
      seen!.add(i);
    }
    if (data[i] !== value) {
      indices[n] = i;
      before[n++] = data[i]!;
    }
  }
  if (n === 0) return null;
  // Copies, so a command for a few cells out of a big list holds no more than it needs.
  return new CellsCommand(layer, title, indices.slice(0, n), before.slice(0, n), new Uint8Array(n).fill(value));
}

/** Paint terrain type `typeId` on cells (indices, e.g. from cellsInBrush / cellsInRect / floodRegion). */
export function paintTerrain(doc: MapDocument, cells: Iterable<number>, typeId: string): CellsCommand | null {
  const t = doc.terrainIndex(typeId);
  return setLayerCells(doc, 'terrain', cells, t, `Paint ${doc.terrainTypes[t]!.name}`);
}

/** Erase to the palette's first terrain type, the map's default ground. */
export function eraseTerrain(doc: MapDocument, cells: Iterable<number>): CellsCommand | null {
  return setLayerCells(doc, 'terrain', cells, 0, 'Erase');
}

/** Give cells to a side. */
export function setControl(doc: MapDocument, cells: Iterable<number>, sideId: string): CellsCommand | null {
  const s = doc.sideIndex(sideId);
  return setLayerCells(doc, 'control', cells, s, `Set control: ${doc.sides[s]!.name}`);
}

/** Values per index for a generic layer rewrite (front-line fill): only differing cells are kept. */
export function rewriteLayer(doc: MapDocument, layer: CellLayer, next: Uint8Array, title: string): CellsCommand | null {
  const data = doc[layer];
  if (next.length !== data.length) throw new EditError(`${layer}: expected ${data.length} cells, got ${next.length}`);
  const picked: number[] = [];
  for (let i = 0; i < data.length; i++) if (data[i] !== next[i]) picked.push(i);
  if (picked.length === 0) return null;
  const indices = Int32Array.from(picked);
  const before = new Uint8Array(indices.length);
  const after = new Uint8Array(indices.length);
  indices.forEach((i, k) => {
    before[k] = data[i]!;
    after[k] = next[i]!;
  });
  return new CellsCommand(layer, title, indices, before, after);
}
