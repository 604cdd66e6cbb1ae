// The map's far-zoom pictures, kept between frames: per block of CHUNK × CHUNK cells its
// geometry (the unit of "how much is in view", and of what an edit makes stale); per larger
// block of BLOCK × BLOCK cells, made on first need, a cell bitmap (the terrain at far zoom,
// and the stand-in for tiles not made yet); and one overview bitmap of the whole map for very
// large maps seen from far out. Edits make the cells of their chunks stale in the bitmap
// holding them; those cells are painted again when it is next drawn.
//
// Why bitmaps bigger than chunks: a map's first frame at far zoom needs the bitmaps of every
// chunk in view, and each canvas costs its making, context and pixel upload whatever its size
// (a 200×200 map: 169 chunk canvases took 57 of its first frame's 80 ms; one block, ~5).
import type { Cell, Rect } from '../../../shared/grid/types.js';
import { paintCells, repaintCells, type CellBitmap } from './bitmap.js';
import { CHUNK, chunkRanges, chunkRect } from './chunks.js';
import type { MapModel } from './model.js';
import { drawThumbnail } from './thumbnail.js';
import { intersects } from './viewport.js';

/** Longest side of the overview bitmap, in pixels. */
const OVERVIEW_PX = 1024;
/**
 * Cells across one cell bitmap (a multiple of CHUNK): a 200×200 map has one, 1024×1024 sixteen
 * (256×513 pixels each for flat-top hexes, half a megabyte), made only where they are seen.
 */
export const BLOCK = 256;
/**
 * Block bitmaps kept at most (a megabyte each with their pixels): more than a view at far zoom
 * needs (about 12 on a large screen), so panning round a 4096×4096 map does not keep them all.
 */
export const KEPT_BLOCKS = 24;

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
  /** The block whose bitmap holds this chunk's cells. */
  readonly block: Block;
}

/** A block of BLOCK × BLOCK cells and its far-zoom terrain bitmap (also the stand-in for missing tiles). */
interface Block {
  readonly c0: number;
  readonly r0: number;
  readonly c1: number;
  readonly r1: number;
  /** Made on first need; the pixels are kept to paint stale cells again. */
  picture: { bitmap: ChunkBitmap; cells: CellBitmap } | null;
  /** When it was last handed out (a count of bitmap calls), for dropping the least recently used. */
  used: number;
  /** Cells (a box of them) edits made out of date since the bitmap was last drawn. */
  stale: { c0: number; r0: number; c1: number; r1: number } | null;
}

export class ChunkCache {
  private model: MapModel | null = null;
  private entries: ChunkEntry[] = [];
  private overview: HTMLCanvasElement | null = null;
  /** Blocks whose bitmap is made, and the count of bitmap calls (the clock for `used`). */
  private readonly made = new Set<Block>();
  private clock = 0;
  /** Part of the overview bitmap that edits have made out of date. */
  private overviewStale: Rect | null = null;

  constructor(private readonly cellSize: number) {}

  /** Lays the chunks of a newly shown map out; every bitmap is dropped. */
  reset(model: MapModel): void {
    this.model = model;
    this.made.clear();
    const perRow = Math.ceil(model.cols / BLOCK);
    const blocks: Block[] = [];
    for (let r0 = 0; r0 < model.rows; r0 += BLOCK)
      for (let c0 = 0; c0 < model.cols; c0 += BLOCK)
        blocks.push({ c0, r0, c1: Math.min(model.cols, c0 + BLOCK), r1: Math.min(model.rows, r0 + BLOCK), picture: null, stale: null, used: 0 });
    this.entries = chunkRanges(model).map((range) => ({
      geometry: { ...range, rect: chunkRect(model, this.cellSize, range) },
      block: blocks[Math.floor(range.r0 / BLOCK) * perRow + Math.floor(range.c0 / BLOCK)]!,
    }));
    this.overview = null;
    this.overviewStale = null;
  }

  clear(): void {
    this.entries = [];
    this.made.clear();
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

  /**
   * The cell bitmap holding the chunk's cells, made now if it is missing, its stale cells painted
   * again. Chunks of one block share it: draw each bitmap once (see bitmapsIn).
   */
  bitmap(entry: ChunkEntry): ChunkBitmap {
    const block = entry.block;
    const model = this.model!;
    block.used = ++this.clock;
    if (!block.picture) {
      if (this.made.size >= KEPT_BLOCKS) this.dropOldest();
      const cells = paintCells(model, this.cellSize, block.c0, block.r0, block.c1, block.r1);
      const canvas = document.createElement('canvas');
      canvas.width = cells.image.width;
      canvas.height = cells.image.height;
      canvas.getContext('2d')!.putImageData(cells.image, 0, 0);
      const bitmap = { canvas, left: cells.left, top: cells.top, width: cells.image.width * cells.pixelWidth, height: cells.image.height * cells.pixelHeight };
      block.picture = { bitmap, cells };
      block.stale = null;
      this.made.add(block);
    } else if (block.stale) {
      const s = block.stale;
      const { cells, bitmap } = block.picture;
      const px = repaintCells(model, this.cellSize, cells, s.c0, s.r0, s.c1, s.r1);
      if (px) bitmap.canvas.getContext('2d')!.putImageData(cells.image, 0, 0, px.x, px.y, px.width, px.height);
      block.stale = null;
    }
    return block.picture.bitmap;
  }

  private dropOldest(): void {
    let oldest: Block | null = null;
    for (const b of this.made) if (!oldest || b.used < oldest.used) oldest = b;
    if (!oldest) return;
    oldest.picture = null;
    oldest.stale = null;
    this.made.delete(oldest);
  }

  /** The cell bitmaps of the chunks that reach into `rect` (map px), each once. */
  bitmapsIn(rect: Rect): ChunkBitmap[] {
    const out: ChunkBitmap[] = [];
    const seen = new Set<Block>();
    for (const entry of this.in(rect)) {
      if (seen.has(entry.block)) continue;
      seen.add(entry.block);
      out.push(this.bitmap(entry));
    }
    return out;
  }

  /** Every bitmap is out of date (the whole map changed). */
  forgetAll(): void {
    for (const block of this.made) {
      block.picture = null;
      block.stale = null;
    }
    this.made.clear();
    this.overview = null;
  }

  /** These chunks' cells are out of date in their bitmaps, and the overview's part `area` (map px). */
  forget(entries: Iterable<ChunkEntry>, area: Rect | null): void {
    for (const { block, geometry: g } of entries) {
      if (!block.picture) continue;
      const s = block.stale;
      block.stale = s ? { c0: Math.min(s.c0, g.c0), r0: Math.min(s.r0, g.r0), c1: Math.max(s.c1, g.c1), r1: Math.max(s.r1, g.r1) } : { c0: g.c0, r0: g.r0, c1: g.c1, r1: g.r1 };
    }
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

/** The smallest rectangle holding both (`a` may be none yet). */
export function union(a: Rect | null, b: Rect): Rect {
  if (!a) return b;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}
