// The map's far-zoom pictures, kept between frames: per block of CHUNK × CHUNK cells its
// geometry (the unit of "how much is in view") and, made on first need, its cell bitmap (the
// terrain at far zoom, and the stand-in for tiles not made yet); and one overview bitmap of the
// whole map for very large maps seen from far out. Edits make bitmaps stale; they are made
// again when next drawn.
import type { Cell, Rect } from '../../../shared/grid/types.js';
import { paintCells } from './bitmap.js';
import { CHUNK, chunkRanges, chunkRect } from './chunks.js';
import type { MapModel } from './model.js';
import { drawThumbnail } from './thumbnail.js';
import { intersects } from './viewport.js';

/** Longest side of the overview bitmap, in pixels. */
const OVERVIEW_PX = 1024;

export interface ChunkBitmap {
  canvas: HTMLCanvasElement;
  /** Where it goes, in map px. */
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A block of CHUNK × CHUNK cells. */
export interface ChunkEntry {
  readonly geometry: { c0: number; r0: number; c1: number; r1: number; rect: Rect };
  /** Far-zoom terrain bitmap, also the stand-in for missing tiles; made on first need. */
  bitmap: ChunkBitmap | null;
}

export class ChunkCache {
  private model: MapModel | null = null;
  private entries: ChunkEntry[] = [];
  private overview: HTMLCanvasElement | null = null;
  /** Part of the overview bitmap that edits have made out of date. */
  private overviewStale: Rect | null = null;

  constructor(private readonly cellSize: number) {}

  /** Lays the chunks of a newly shown map out; every bitmap is dropped. */
  reset(model: MapModel): void {
    this.model = model;
    this.entries = chunkRanges(model).map((range) => ({ geometry: { ...range, rect: chunkRect(model, this.cellSize, range) }, bitmap: null }));
    this.overview = null;
    this.overviewStale = null;
  }

  clear(): void {
    this.entries = [];
    this.overview = null;
    this.model = null;
  }

  /**
   * How many chunks reach into `rect` (map px); counting stops past `atMost` (asked per view
   * change, so it looks only at the chunks round the rectangle, not at every chunk of the map).
   */
  countIn(rect: Rect, atMost = Infinity): number {
    const r = this.range(rect);
    if (!r) return 0;
    let n = 0;
    for (let j = r.j0; j <= r.j1; j++)
      for (let i = r.i0; i <= r.i1; i++) {
        const entry = this.entries[j * r.perRow + i];
        if (entry && intersects(entry.geometry.rect, rect) && ++n > atMost) return n;
      }
    return n;
  }

  /** The chunk holding `cell`. */
  entryOf(cell: Cell): ChunkEntry | undefined {
    const model = this.model;
    if (!model) return undefined;
    const perRow = Math.ceil(model.cols / CHUNK);
    return this.entries[Math.floor(cell.row / CHUNK) * perRow + Math.floor(cell.col / CHUNK)];
  }

  /** Chunks whose drawing can reach into `rect` (map px). */
  in(rect: Rect): ChunkEntry[] {
    const r = this.range(rect);
    if (!r) return [];
    const out: ChunkEntry[] = [];
    for (let j = r.j0; j <= r.j1; j++)
      for (let i = r.i0; i <= r.i1; i++) {
        const entry = this.entries[j * r.perRow + i];
        if (entry && intersects(entry.geometry.rect, rect)) out.push(entry);
      }
    return out;
  }

  /** The chunks (columns i0–i1, rows j0–j1 of chunks) that can reach into `rect` (map px). */
  private range(rect: Rect): { i0: number; i1: number; j0: number; j1: number; perRow: number } | null {
    const model = this.model;
    if (!model) return null;
    const { grid } = model;
    const box = grid.cellBox(this.cellSize);
    const m = this.cellSize * 0.6 + Math.max(box.width, box.height);
    const a = grid.pixelToCell({ x: rect.x - m, y: rect.y - m }, this.cellSize);
    const b = grid.pixelToCell({ x: rect.x + rect.width + m, y: rect.y + rect.height + m }, this.cellSize);
    const perRow = Math.ceil(model.cols / CHUNK);
    const perCol = Math.ceil(model.rows / CHUNK);
    const k = (v: number, n: number) => Math.min(n - 1, Math.max(0, Math.floor(v / CHUNK)));
    const i0 = k(Math.min(a.col, b.col) - 1, perRow);
    const i1 = k(Math.max(a.col, b.col) + 1, perRow);
    const j0 = k(Math.min(a.row, b.row) - 1, perCol);
    const j1 = k(Math.max(a.row, b.row) + 1, perCol);
    return { i0, i1, j0, j1, perRow };
  }

  /** The chunk's cell bitmap, made now if it is missing. */
  bitmap(entry: ChunkEntry): ChunkBitmap {
    return (entry.bitmap ??= makeBitmap(this.model!, this.cellSize, entry.geometry));
  }

  /** Every bitmap is out of date (the whole map changed). */
  forgetAll(): void {
    for (const entry of this.entries) entry.bitmap = null;
    this.overview = null;
  }

  /** These chunks' bitmaps are out of date, and the overview's part `area` (map px). */
  forget(entries: Iterable<ChunkEntry>, area: Rect | null): void {
    for (const entry of entries) entry.bitmap = null;
    if (this.overview && area) this.overviewStale = union(this.overviewStale, area);
  }

  /** The whole map as one bitmap (patched where edits made it stale), placed over `bounds` (map px). */
  overviewBitmap(): HTMLCanvasElement | null {
    const model = this.model;
    if (!model) return null;
    if (!this.overview) {
      const bounds = model.grid.bounds(this.cellSize);
      const k = OVERVIEW_PX / Math.max(bounds.width, bounds.height);
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bounds.width * k));
      canvas.height = Math.max(1, Math.round(bounds.height * k));
      drawThumbnail(canvas, model);
      this.overview = canvas;
      this.overviewStale = null;
    }
    if (this.overviewStale) {
      drawThumbnail(this.overview, model, 1, this.overviewStale);
      this.overviewStale = null;
    }
    return this.overview;
  }
}

function makeBitmap(model: MapModel, cellSize: number, g: { c0: number; r0: number; c1: number; r1: number }): ChunkBitmap {
  const bmp = paintCells(model, cellSize, g.c0, g.r0, g.c1, g.r1);
  const canvas = document.createElement('canvas');
  canvas.width = bmp.image.width;
  canvas.height = bmp.image.height;
  canvas.getContext('2d')!.putImageData(bmp.image, 0, 0);
  return { canvas, left: bmp.left, top: bmp.top, width: bmp.image.width * bmp.pixelWidth, height: bmp.image.height * bmp.pixelHeight };
}

/** The smallest rectangle holding both (`a` may be none yet). */
export function union(a: Rect | null, b: Rect): Rect {
  if (!a) return b;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}
