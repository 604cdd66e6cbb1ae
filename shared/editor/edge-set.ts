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
  /** Owned direction's letters (char codes, first << 8 | second) → its bit number + 1; 0 for none. */
  readonly bit: Uint8Array;
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
      const bit = new Uint8Array(1 << 16);
      grid.ownedDirections.forEach((d, k) => {
        if (d.length <= 2) bit[dirCode(d, 0)] = k + 1;
      });
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
    // Read by char codes: a big map's sets hold 100 000 sides, and slicing each id into three
    // strings and two numbers made the first mask cost more than the edit it speeds up.
    const m = this.mask!;
    const n = e.length;
    let at = 0;
    let col = 0;
    let row = 0;
    for (let part = 0; part < 2; part++) {
      let sign = 1;
      if (e.charCodeAt(at) === 45 /* - */) {
        sign = -1;
        at++;
      }
      const start = at;
      let v = 0;
      for (let c = e.charCodeAt(at); c >= 48 && c <= 57; c = e.charCodeAt(++at)) v = v * 10 + (c - 48);
      if (at === start || e.charCodeAt(at) !== 44 /* , */) return;
      at++;
      if (part === 0) col = sign * v;
      else row = sign * v;
    }
    const left = n - at;
    const k = left === 1 || left === 2 ? m.bit[dirCode(e, at)]! - 1 : -1;
    // Border sides owned by a cell off the map have no byte (no region holds them).
    if (k < 0 || col < 0 || row < 0 || col >= m.cols || row >= m.rows) return;
    const i = row * m.cols + col;
    m.bits[i] = on ? m.bits[i]! | (1 << k) : m.bits[i]! & ~(1 << k);
  }
}

/** A one- or two-letter direction at `at` as one number (first char code << 8 | second, or 0). */
function dirCode(s: string, at: number): number {
  const a = s.charCodeAt(at);
  const b = at + 1 < s.length ? s.charCodeAt(at + 1) : 0;
  return a > 0xff || b > 0xff ? 0 : (a << 8) | b;
}
