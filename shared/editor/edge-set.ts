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
    if (!readSideId(e, scratch)) return;
    const { col, row } = scratch;
    const k = m.bit[scratch.dir]! - 1;
    // Border sides owned by a cell off the map have no byte (no region holds them).
    if (k < 0 || col < 0 || row < 0 || col >= m.cols || row >= m.rows) return;
    const i = row * m.cols + col;
    m.bits[i] = on ? m.bits[i]! | (1 << k) : m.bits[i]! & ~(1 << k);
  }
}

/** A side id read by `readSideId`: its cell, and its one- or two-letter direction as one number (`dirCode`). */
export interface SideIdParts {
  col: number;
  row: number;
  dir: number;
}

const scratch: SideIdParts = { col: 0, row: 0, dir: 0 };

/**
 * Reads a side id written as the format writes it, "col,row,DIR" (whole numbers without
 * leading zeros or "-0", a one- or two-letter direction), by char codes into `out`; false
 * when `e` is in any other form (spaces, lower case, "007"). Nothing is allocated, so a big
 * map's 100 000 sides read in a few milliseconds.
 */
export function readSideId(e: string, out: SideIdParts): boolean {
  let at = 0;
  for (let part = 0; part < 2; part++) {
    const negative = e.charCodeAt(at) === 45; /* - */
    if (negative) at++;
    const start = at;
    let v = 0;
    for (let c = e.charCodeAt(at); c >= 48 && c <= 57; c = e.charCodeAt(++at)) v = v * 10 + (c - 48);
    const digits = at - start;
    // Up to nine digits keeps the number exact; a leading zero (or -0) is not how a number is written.
    if (digits === 0 || digits > 9 || (e.charCodeAt(start) === 48 && (digits > 1 || negative))) return false;
    if (e.charCodeAt(at) !== 44 /* , */) return false;
    at++;
    if (part === 0) out.col = negative ? -v : v;
    else out.row = negative ? -v : v;
  }
  const left = e.length - at;
  if (left !== 1 && left !== 2) return false;
  for (let k = at; k < e.length; k++) {
    const c = e.charCodeAt(k);
    if (c < 65 || c > 90) return false; // A–Z
  }
  out.dir = dirCode(e, at);
  return true;
}

/**
 * `grid.parseEdge` for a map's whole list of sides: an id already canonical (read by
 * `readSideId`, in a direction the cell owns) is its own canonical form and is returned as
 * it is, without a pattern match or a new string; any other goes through `grid.parseEdge`.
 */
export function sideParser(grid: GridGeometry): (text: string) => EdgeId | null {
  const owned = new Set(grid.network ? [] : grid.ownedDirections.filter((d) => d.length <= 2).map((d) => dirCode(d, 0)));
  const parts: SideIdParts = { col: 0, row: 0, dir: 0 };
  return (text) => (readSideId(text, parts) && owned.has(parts.dir) ? text : grid.parseEdge(text));
}

/** A one- or two-letter direction at `at` as one number (first char code << 8 | second, or 0). */
export function dirCode(s: string, at: number): number {
  const a = s.charCodeAt(at);
  const b = at + 1 < s.length ? s.charCodeAt(at + 1) : 0;
  return a > 0xff || b > 0xff ? 0 : (a << 8) | b;
}
