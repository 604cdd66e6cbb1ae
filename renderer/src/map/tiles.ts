// Screen-aligned tiles of the static map. At one zoom ("level") the map is cut into square
// tiles of a fixed size in device pixels; each tile holds the finished picture of its part
// of the map (terrain, features and labels of every chunk that reaches into it). A frame
// then costs one bitmap copy per visible tile, however many cells they show, and an edit
// repaints only the part of the few tiles it touches.
//
// This module is the bookkeeping: which tiles a rectangle needs, in which order to make
// them, and a store that keeps the tiles of recent levels under a memory cap. Free of the
// DOM: the canvas is whatever the caller stores.

import type { Rect } from '../../../shared/grid/types.js';

/** One zoom's tiling: device pixels per map pixel and the tile side in device pixels. */
export interface Level {
  /** Changes whenever what a tile shows would change (zoom, detail, layers, content). */
  readonly key: string;
  /** device pixels per map pixel (view scale × device pixel ratio) */
  readonly ratio: number;
  /** tile side in device pixels */
  readonly size: number;
}

export interface Slot {
  readonly i: number;
  readonly j: number;
}

/**
 * Tile side for a zoom, from the size of a cell in device pixels. The cost of a tile grows
 * with the cells in it, so tiles are smaller where cells are small: a 128-pixel tile of
 * 6-pixel hexes holds about 500 of them, a few milliseconds of drawing.
 */
export function tileSizeFor(cellDevicePx: number): number {
  return cellDevicePx < 16 ? 128 : 256;
}

/** Map pixels across one tile. */
export const tileSpan = (level: Level): number => level.size / level.ratio;

/** The map rectangle a tile covers. */
export function tileRect(level: Level, slot: Slot): Rect {
  const span = tileSpan(level);
  return { x: slot.i * span, y: slot.j * span, width: span, height: span };
}

/** Tiles that together cover `rect` (map pixels), row by row. */
export function slotsCovering(level: Level, rect: Rect): Slot[] {
  const span = tileSpan(level);
  const i0 = Math.floor(rect.x / span);
  const j0 = Math.floor(rect.y / span);
  const i1 = Math.ceil((rect.x + rect.width) / span);
  const j1 = Math.ceil((rect.y + rect.height) / span);
  const out: Slot[] = [];
  for (let j = j0; j < j1; j++) for (let i = i0; i < i1; i++) out.push({ i, j });
  return out;
}

/** Nearest to the point first: the middle of the screen sharpens before its edges. */
export function nearestFirst(level: Level, slots: readonly Slot[], x: number, y: number): Slot[] {
  const span = tileSpan(level);
  const d = (s: Slot) => ((s.i + 0.5) * span - x) ** 2 + ((s.j + 0.5) * span - y) ** 2;
  return [...slots].sort((a, b) => d(a) - d(b));
}

/** A tile's pixel rectangle that covers the part of `rect` (map pixels) inside the tile. */
export function pixelRectIn(level: Level, slot: Slot, rect: Rect): { x: number; y: number; width: number; height: number } | null {
  const ox = slot.i * level.size;
  const oy = slot.j * level.size;
  const x0 = Math.max(0, Math.floor(rect.x * level.ratio - ox));
  const y0 = Math.max(0, Math.floor(rect.y * level.ratio - oy));
  const x1 = Math.min(level.size, Math.ceil((rect.x + rect.width) * level.ratio - ox));
  const y1 = Math.min(level.size, Math.ceil((rect.y + rect.height) * level.ratio - oy));
  if (x1 <= x0 || y1 <= y0) return null;
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

export interface StoredTile<C> {
  readonly level: Level;
  readonly slot: Slot;
  readonly canvas: C;
  /** frame number of the last frame that drew it */
  used: number;
}

/** A number naming tile slot (i, j) (slots lie well within ±32768 of the origin): no string per lookup. */
export const slotNumber = (i: number, j: number): number => (j + 32768) * 65536 + (i + 32768);
const slotKey = (s: Slot) => slotNumber(s.i, s.j);

/**
 * Tiles of the current level and of a few earlier ones (drawn, scaled, under the current
 * level while it is being made). Least recently drawn tiles go first when the store holds
 * more pixels than its cap; tiles drawn in the current frame are never dropped.
 */
export class TileStore<C> {
  private readonly levels = new Map<string, { level: Level; tiles: Map<number, StoredTile<C>> }>();
  private pixels = 0;

  constructor(
    private readonly capPixels: number,
    /** How many levels besides the current one to keep as backdrop. */
    private readonly keepLevels = 2,
    private readonly release: (canvas: C) => void = () => {},
  ) {}

  get totalPixels(): number {
    return this.pixels;
  }

  get(level: Level, slot: Slot): StoredTile<C> | undefined {
    return this.levels.get(level.key)?.tiles.get(slotKey(slot));
  }

  put(level: Level, slot: Slot, canvas: C, frame: number): StoredTile<C> {
    let entry = this.levels.get(level.key);
    if (!entry) {
      entry = { level, tiles: new Map() };
      this.levels.set(level.key, entry);
    }
    const key = slotKey(slot);
    const old = entry.tiles.get(key);
    if (old) this.drop(entry.tiles, key, old);
    const tile: StoredTile<C> = { level, slot, canvas, used: frame };
    entry.tiles.set(key, tile);
    this.pixels += level.size * level.size;
    // A re-inserted level moves to the back, so the map keeps levels in order of use.
    this.levels.delete(level.key);
    this.levels.set(level.key, entry);
    return tile;
  }

  /** Every stored tile of levels other than `current`, most recently used level last. */
  backdrop(current: Level): StoredTile<C>[] {
    const out: StoredTile<C>[] = [];
    for (const [key, entry] of this.levels) if (key !== current.key) out.push(...entry.tiles.values());
    return out;
  }

  /** Stored tiles of `level`. */
  tilesOf(level: Level): StoredTile<C>[] {
    return [...(this.levels.get(level.key)?.tiles.values() ?? [])];
  }

  /** Drops tiles of levels other than `current` that overlap `rect` (their picture is out of date). */
  dropOverlapping(current: Level, rect: Rect): void {
    for (const [key, entry] of this.levels) {
      if (key === current.key) continue;
      for (const [k, t] of entry.tiles) {
        const r = tileRect(t.level, t.slot);
        if (r.x < rect.x + rect.width && rect.x < r.x + r.width && r.y < rect.y + rect.height && rect.y < r.y + r.height) this.drop(entry.tiles, k, t);
      }
    }
    this.pruneEmpty();
  }

  /** Drops every level but `current`. */
  dropOthers(current: Level): void {
    for (const [key, entry] of this.levels) if (key !== current.key) for (const [k, t] of entry.tiles) this.drop(entry.tiles, k, t);
    this.pruneEmpty();
  }

  clear(): void {
    for (const entry of this.levels.values()) for (const [k, t] of entry.tiles) this.drop(entry.tiles, k, t);
    this.levels.clear();
  }

  /** Keeps at most `keepLevels` old levels and the pixel cap, sparing tiles used in `frame`. */
  trim(current: Level, frame: number): void {
    const old = [...this.levels.keys()].filter((k) => k !== current.key);
    for (const key of old.slice(0, Math.max(0, old.length - this.keepLevels))) {
      const entry = this.levels.get(key)!;
      for (const [k, t] of entry.tiles) this.drop(entry.tiles, k, t);
    }
    if (this.pixels > this.capPixels) {
      const all: { tiles: Map<number, StoredTile<C>>; key: number; tile: StoredTile<C> }[] = [];
      for (const entry of this.levels.values()) for (const [key, tile] of entry.tiles) all.push({ tiles: entry.tiles, key, tile });
      all.sort((a, b) => a.tile.used - b.tile.used);
      for (const { tiles, key, tile } of all) {
        if (this.pixels <= this.capPixels) break;
        if (tile.used >= frame) break;
        this.drop(tiles, key, tile);
      }
    }
    this.pruneEmpty();
  }

  private drop(tiles: Map<number, StoredTile<C>>, key: number, tile: StoredTile<C>): void {
    tiles.delete(key);
    this.pixels -= tile.level.size * tile.level.size;
    this.release(tile.canvas);
  }

  private pruneEmpty(): void {
    for (const [key, entry] of this.levels) if (entry.tiles.size === 0) this.levels.delete(key);
  }
}
