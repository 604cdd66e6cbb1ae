// A set of canonical side ids ("col,row,DIR") that can also answer by numbers: once asked for
// its side mask on a grid, it keeps one byte per cell with a bit per direction the cell owns,
// and keeps that mask in step with every add and delete. Region edits ask "which of these
// 30 000 sides carry a river?" — a typed-array read each instead of hashing a fresh string
// into a set of 100 000 (shared/editor/region.ts).
import type { EdgeId, GridGeometry } from '../grid/types.js';
import { OrderedSet } from './ordered.js';

interface Mask {
  readonly grid: GridGeometry;
  readonly cols: number;
  readonly rows: number;
  /** Owned direction → its bit number. */
  readonly bit: ReadonlyMap<string, number>;
  readonly bits: Uint8Array;
}

export class EdgeSet extends OrderedSet<EdgeId> {
  private mask: Mask | null = null;

  /**
   * Per in-map cell (by grid.index), the sides it owns that are in the set: bit k for
   * `grid.ownedDirections[k]`. Made on first call for a grid, kept up to date after that;
   * null on a network map (its links are not sides of cells). Do not write to it.
   */
  sideMask(grid: GridGeometry): Uint8Array | null {
    if (grid.network || grid.ownedDirections.length > 8) return null;
    if (this.mask?.grid !== grid) {
      const bit = new Map(grid.ownedDirections.map((d, k) => [d as string, k]));
      this.mask = { grid, cols: grid.spec.cols, rows: grid.spec.rows, bit, bits: new Uint8Array(grid.cellCount) };
      for (const e of this) this.mark(e, true);
    }
    return this.mask.bits;
  }

  override addAt(item: EdgeId, seq?: number): this {
    super.addAt(item, seq);
    if (this.mask) this.mark(item, true);
    return this;
  }

  override delete(item: EdgeId): boolean {
    const had = super.delete(item);
    if (had && this.mask) this.mark(item, false);
    return had;
  }

  override clear(): void {
    super.clear();
    this.mask = null;
  }

  protected override empty(): EdgeSet {
    return new EdgeSet();
  }

  private mark(e: EdgeId, on: boolean): void {
    const m = this.mask!;
    const first = e.indexOf(',');
    const second = e.indexOf(',', first + 1);
    if (first < 0 || second < 0) return;
    const col = Number(e.slice(0, first));
    const row = Number(e.slice(first + 1, second));
    const k = m.bit.get(e.slice(second + 1));
    // Border sides owned by a cell off the map have no byte (no region holds them).
    if (k === undefined || !Number.isInteger(col) || !Number.isInteger(row) || col < 0 || row < 0 || col >= m.cols || row >= m.rows) return;
    const i = row * m.cols + col;
    m.bits[i] = on ? m.bits[i]! | (1 << k) : m.bits[i]! & ~(1 << k);
  }
}
