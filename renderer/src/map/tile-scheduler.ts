// The tile scheduler: which tiles of the static map exist, and when they are made. Missing
// tiles of the current view are made a few milliseconds' worth per frame, nearest the middle of
// the screen first; while the zoom is changing none are made (old ones are stretched until the
// view settles). An edit repaints just the part of the current tiles it touches, clipped,
// when the map is next drawn (the edits until then together, each area painted once on a
// scratch canvas and copied into the tiles it touches, the screen copying it from there too),
// and those tiles are painted again whole once edits pause ("settling"), so a tile is always
// what painting it afresh gives. The painting itself is the caller's (`paint`).
import type { Rect } from '../../../shared/grid/types.js';
import type { DetailLevel } from './lod.js';
import { nearestFirst, pixelRectIn, slotsCovering, tileRect, TileStore, type Level, type Slot, type StoredTile } from './tiles.js';
import { intersects } from './viewport.js';

/** How long the zoom (or an edit) must stay still before tiles are made (or settled). */
export const SETTLE_MS = 120;
/** The biggest edit painted once for several tiles (device px; about four tiles' worth). */
const SCRATCH_MAX_PX = 512 * 512;
const SCRATCH_MARGIN = 4;
/** A scratch canvas this size (device px) or smaller is not made smaller. */
const SCRATCH_MIN_PX = 128 * 128;
/** Memory for tiles: 32 M device pixels (128 MB). */
const TILE_CAP_PX = 32 * 1024 * 1024;

/** A tiling plus what its tiles are drawn with. */
export interface MapLevel extends Level {
  /** screen pixels per map pixel */
  readonly scale: number;
  readonly detail: DetailLevel;
}

export type Tile = StoredTile<HTMLCanvasElement>;

/** What changed in a tile painted again in place since the compositor last asked (see takeRepainted). */
export interface Repainted {
  /** The box of the tile's pixels that changed (tile px). */
  readonly box: Rect;
  /**
   * Where the same pixels can be read apart from the tile: the canvas the edit was painted on
   * and the box's top-left pixel in it. Copying them to the screen from there leaves the
   * screen's canvas holding no snapshot of the tile, which the next patch into the tile would
   * otherwise copy whole first (Chromium's canvases are copy-on-write). Absent when only the
   * tile has them (painted whole, or by two edits since).
   */
  readonly from?: { readonly canvas: HTMLCanvasElement; readonly x: number; readonly y: number };
}

/** What the scheduler needs to know of the view and the map. */
export interface TileView {
  /** The tiling of the current view. */
  level(): MapLevel;
  /** The map px on screen. */
  visible(): Rect;
  /** The map's bounds (map px), null with no map. */
  bounds(): Rect | null;
  /** One cell's size in map px (tiles reach a cell past the bounds, for strokes and names). */
  readonly cellSize: number;
}

export class TileScheduler {
  readonly store: TileStore<HTMLCanvasElement>;
  private readonly pool: HTMLCanvasElement[] = [];
  /**
   * Tiles an edit patched in place, to be painted again whole on a later frame: a patch is
   * clipped to the cells the edit touched, and a stroke's anti-aliased edge can come out a
   * shade apart from the same stroke in a whole tile's path.
   */
  private readonly settling = new Set<Tile>();
  /** Tiles painted again in place since the compositor last asked, and what changed (see takeRepainted). */
  private repainted = new Map<Tile, Repainted>();
  /** Areas (map px) edits changed that the tiles do not show yet (see patch, flush). */
  private readonly waiting: Rect[] = [];
  /**
   * Where edits are painted once, then copied into each tile they touch (see paintOnce): one
   * canvas per edit of a flush, so each keeps its pixels until the compositor has copied them.
   */
  private readonly scratch: HTMLCanvasElement[] = [];
  private editedAt = -Infinity;
  private scaleChangedAt = -Infinity;
  private zoomTimer: ReturnType<typeof setTimeout> | null = null;
  private editTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly view: TileView,
    /** Paints the map in `rect` (map px) onto a tile's context set up for `level`; `only` clips to a part. */
    private readonly paint: (ctx: CanvasRenderingContext2D, rect: Rect, level: MapLevel, only?: Rect) => void,
    /** Asks for another frame. */
    private readonly requestFrame: () => void,
  ) {
    this.store = new TileStore<HTMLCanvasElement>(TILE_CAP_PX, 2, (c) => {
      if (this.pool.length < 64) this.pool.push(c);
    });
  }

  /** The zoom changed: no tiles are made until it holds still. */
  zoomed(): void {
    this.scaleChangedAt = performance.now();
  }

  /** Tiles of the current view (with `ring`, that many tiles around it too). */
  visibleSlots(level: MapLevel, ring = 0): Slot[] {
    const v = this.view.visible();
    const bounds = this.view.bounds();
    const pad = ring * (level.size / level.ratio);
    const clipped = bounds ? clip({ x: v.x - pad, y: v.y - pad, width: v.width + 2 * pad, height: v.height + 2 * pad }, bounds, this.view.cellSize) : null;
    return clipped ? slotsCovering(level, clipped) : [];
  }

  /** Tiles of the current view still to be made or settled (0 once the map on screen is sharp). */
  pending(): number {
    const level = this.view.level();
    const visible = this.visibleSlots(level);
    // Edits not yet painted into the tiles count too (see patch).
    let n = this.waiting.length;
    for (const s of visible) {
      const tile = this.store.get(level, s);
      if (!tile) n++;
      else if (this.settling.has(tile)) n++;
    }
    return n;
  }

  /** One frame's work within `budgetMs`; true when more is left for the next frame. */
  work(frame: number, budgetMs: number): boolean {
    const wait = SETTLE_MS - (performance.now() - this.scaleChangedAt);
    if (wait > 0) {
      // Mid-zoom: stretch what there is; come back once the zoom has held still.
      if (this.zoomTimer) clearTimeout(this.zoomTimer);
      this.zoomTimer = setTimeout(() => {
        this.zoomTimer = null;
        this.requestFrame();
      }, wait);
      return false;
    }
    return this.makeTiles(frame, budgetMs, true) || this.settleTiles(budgetMs);
  }

  /**
   * Makes missing tiles of the current view, nearest the middle first, until `budgetMs` is
   * spent (one at least); with `ring`, then a ring of tiles around the view, for panning.
   * True when some are still missing.
   */
  makeTiles(frame: number, budgetMs: number, ring: boolean): boolean {
    const level = this.view.level();
    const v = this.view.visible();
    const cx = v.x + v.width / 2;
    const cy = v.y + v.height / 2;
    const t0 = performance.now();
    let made = 0;
    for (const rings of ring ? [0, 1] : [0]) {
      // Only the missing ones are put in order: on most frames (a pan over made tiles) none are.
      const missing = this.visibleSlots(level, rings).filter((slot) => !this.store.get(level, slot));
      for (const slot of nearestFirst(level, missing, cx, cy)) {
        if (made > 0 && performance.now() - t0 > budgetMs) return true;
        this.makeTile(level, slot, frame);
        made++;
      }
    }
    // The view is sharp: older zooms only cost memory now.
    this.store.dropOthers(level);
    return false;
  }

  /**
   * An edit changed what `area` (map px) shows: the current tiles there are repainted in part
   * when the map is next drawn (`flush`), and whole once edits pause. Several edits before a
   * draw (the commands of one paste, an eraser's two per sample, pointer samples quicker than
   * frames) are painted once, overlapping areas as one.
   */
  patch(area: Rect): void {
    let r = area;
    for (let k = 0; k < this.waiting.length; ) {
      const p = this.waiting[k]!;
      if (touches(p, r)) {
        r = unite(p, r);
        this.waiting.splice(k, 1);
        k = 0;
      } else k++;
    }
    this.waiting.push(r);
    this.editedAt = performance.now();
    this.requestFrame();
  }

  /** True while edits wait to be painted into the tiles (see flush). */
  get patchesPending(): boolean {
    return this.waiting.length > 0;
  }

  /**
   * Paints the edits made since the last flush into the tiles of `level` (the current zoom), and
   * drops the older zooms' tiles they make out of date. Called before the tiles are drawn.
   */
  flush(level: MapLevel | null): void {
    if (this.waiting.length === 0) return;
    const areas = this.waiting.splice(0);
    if (!level) return;
    const tiles = this.store.tilesOf(level);
    let k = 0;
    for (const area of areas) {
      const hit = tiles.filter((tile) => intersects(tileRect(level, tile.slot), area));
      if (hit.length === 0) continue;
      if (this.paintOnce(level, hit, area, k)) k++;
      else for (const tile of hit) this.repaint(tile, area);
    }
    for (const area of areas) this.store.dropOverlapping(level, area);
  }

  /** Paints whole again, now, the current tiles `area` (map px) touches (not an edit under way). */
  repaintWhole(level: MapLevel | null, area: Rect): void {
    if (level)
      for (const tile of this.store.tilesOf(level))
        if (intersects(tileRect(level, tile.slot), area)) {
          this.settling.delete(tile);
          this.paintWhole(tile);
        }
    if (level) this.store.dropOverlapping(level, area);
    this.requestFrame();
  }

  /**
   * The tiles whose pictures changed in place (an edit's patch, a settle) since the last call,
   * each with the box of the pixels that changed (tile px: a patch's part, the whole tile when
   * painted whole) and where else they can be read: the screen need only copy these again when
   * the view and the tiles in it are as before.
   */
  takeRepainted(): Map<Tile, Repainted> {
    const out = this.repainted;
    this.repainted = new Map();
    return out;
  }

  /** Forgets every tile (a new map). */
  clear(): void {
    this.waiting.length = 0;
    this.store.clear();
    this.settling.clear();
    this.repainted.clear();
  }

  destroy(): void {
    if (this.zoomTimer) clearTimeout(this.zoomTimer);
    if (this.editTimer) clearTimeout(this.editTimer);
    this.clear();
    this.pool.length = 0;
    this.scratch.length = 0;
  }

  /**
   * Paints whole again the tiles edits patched, once the pointer has let go of the map for a
   * moment, within `budgetMs`. True when some are still to do.
   */
  private settleTiles(budgetMs: number): boolean {
    if (this.settling.size === 0) return false;
    // Not while a stroke goes on: patches keep up with the pointer, whole tiles would not.
    const wait = SETTLE_MS - (performance.now() - this.editedAt);
    if (wait > 0) {
      if (this.editTimer) clearTimeout(this.editTimer);
      this.editTimer = setTimeout(() => {
        this.editTimer = null;
        this.requestFrame();
      }, wait);
      return false;
    }
    const level = this.view.level();
    const t0 = performance.now();
    for (const tile of [...this.settling]) {
      if (performance.now() - t0 > budgetMs) return true;
      this.settling.delete(tile);
      if (tile.level !== level || this.store.get(level, tile.slot) !== tile) continue;
      this.paintWhole(tile);
    }
    return false;
  }

  /** Paints a tile again from scratch. */
  private paintWhole(tile: Tile): void {
    const level = tile.level as MapLevel;
    const ctx = tile.canvas.getContext('2d')!;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, level.size, level.size);
    ctx.setTransform(level.ratio, 0, 0, level.ratio, -tile.slot.i * level.size, -tile.slot.j * level.size);
    this.paint(ctx, tileRect(level, tile.slot), level);
    this.markRepainted(tile, { x: 0, y: 0, width: level.size, height: level.size });
  }

  /** Adds `px` (tile px; the same pixels at `from`) to what changed in `tile` since the compositor last asked. */
  private markRepainted(tile: Tile, px: Rect, from?: Repainted['from']): void {
    const was = this.repainted.get(tile);
    // Painted twice: only the tile has both edits' pixels.
    this.repainted.set(tile, was ? { box: unite(was.box, px) } : from ? { box: px, from } : { box: px });
  }

  private makeTile(level: MapLevel, slot: Slot, frame: number): void {
    const canvas = this.pool.pop() ?? document.createElement('canvas');
    if (canvas.width !== level.size || canvas.height !== level.size) {
      canvas.width = level.size;
      canvas.height = level.size;
    }
    const ctx = canvas.getContext('2d')!;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, level.size, level.size);
    ctx.setTransform(level.ratio, 0, 0, level.ratio, -slot.i * level.size, -slot.j * level.size);
    this.paint(ctx, tileRect(level, slot), level);
    this.store.put(level, slot, canvas, frame);
  }

  /** Repaints the part of a tile that `area` (map px) covers, in the tile (an area too big for a scratch canvas). */
  private repaint(tile: Tile, area: Rect): void {
    const level = tile.level as MapLevel;
    const px = pixelRectIn(level, tile.slot, area);
    if (!px) return;
    const ctx = clearedPart(tile, px);
    ctx.beginPath();
    ctx.rect(px.x, px.y, px.width, px.height);
    ctx.clip();
    const ox = tile.slot.i * level.size;
    const oy = tile.slot.j * level.size;
    ctx.setTransform(level.ratio, 0, 0, level.ratio, -ox, -oy);
    const part = { x: (px.x + ox) / level.ratio, y: (px.y + oy) / level.ratio, width: px.width / level.ratio, height: px.height / level.ratio };
    this.paint(ctx, part, level, part);
    ctx.restore();
    this.markRepainted(tile, px);
    this.settling.add(tile);
  }

  /**
   * An edit's area (a brush sample): painted once on scratch canvas `k` in the tiling's device
   * pixels, then copied pixel for pixel into the part of each tile it touches (one painting
   * for an area across tile borders), the scratch canvas keeping the pixels for the screen's
   * copy (see Repainted.from). False (nothing done) when the area is too big for a scratch
   * canvas: then each tile paints its own part.
   */
  private paintOnce(level: MapLevel, tiles: readonly Tile[], area: Rect, k: number): boolean {
    const { ratio, size } = level;
    // The area's device pixels in the tiling, within the tiles it touches.
    let x0 = Math.floor(area.x * ratio);
    let y0 = Math.floor(area.y * ratio);
    let x1 = Math.ceil((area.x + area.width) * ratio);
    let y1 = Math.ceil((area.y + area.height) * ratio);
    let tx0 = Infinity;
    let ty0 = Infinity;
    let tx1 = -Infinity;
    let ty1 = -Infinity;
    for (const t of tiles) {
      tx0 = Math.min(tx0, t.slot.i * size);
      ty0 = Math.min(ty0, t.slot.j * size);
      tx1 = Math.max(tx1, (t.slot.i + 1) * size);
      ty1 = Math.max(ty1, (t.slot.j + 1) * size);
    }
    x0 = Math.max(x0, tx0);
    y0 = Math.max(y0, ty0);
    x1 = Math.min(x1, tx1);
    y1 = Math.min(y1, ty1);
    const w = x1 - x0;
    const h = y1 - y0;
    if (w <= 0 || h <= 0) return true;
    if (w * h > SCRATCH_MAX_PX) return false;
    // A margin round the part painted: Skia rasterises a shape's edge at the canvas's own edge
    // a shade apart from the same edge inside a clip, as tiles paint their parts.
    const m = SCRATCH_MARGIN;
    const scratch = this.scratchFor(k, w + 2 * m, h + 2 * m);
    const sctx = scratch.getContext('2d')!;
    sctx.save();
    sctx.setTransform(1, 0, 0, 1, 0, 0);
    sctx.clearRect(m, m, w, h);
    sctx.beginPath();
    sctx.rect(m, m, w, h);
    sctx.clip();
    sctx.setTransform(ratio, 0, 0, ratio, m - x0, m - y0);
    const part = { x: x0 / ratio, y: y0 / ratio, width: w / ratio, height: h / ratio };
    this.paint(sctx, part, level, part);
    sctx.restore();
    for (const tile of tiles) {
      const ox = tile.slot.i * size;
      const oy = tile.slot.j * size;
      const px = pixelRectIn(level, tile.slot, area);
      if (!px) continue;
      const from = { canvas: scratch, x: px.x + ox - x0 + m, y: px.y + oy - y0 + m };
      const ctx = clearedPart(tile, px);
      ctx.drawImage(scratch, from.x, from.y, px.width, px.height, px.x, px.y, px.width, px.height);
      ctx.restore();
      this.markRepainted(tile, px, from);
      this.settling.add(tile);
    }
    return true;
  }

  /**
   * Scratch canvas `k`, at least `width` × `height`, its old pixels no longer pointed at. Kept
   * near the size asked (a big one shrinks back): a canvas held by a snapshot (the screen's copy
   * from it) is copied whole before it is painted again.
   */
  private scratchFor(k: number, width: number, height: number): HTMLCanvasElement {
    const canvas = (this.scratch[k] ??= document.createElement('canvas'));
    for (const [tile, r] of this.repainted) if (r.from?.canvas === canvas) this.repainted.set(tile, { box: r.box });
    if (canvas.width < width || canvas.height < height || canvas.width * canvas.height > 4 * Math.max(width * height, SCRATCH_MIN_PX)) {
      canvas.width = Math.max(width, Math.min(canvas.width, 2 * width));
      canvas.height = Math.max(height, Math.min(canvas.height, 2 * height));
    }
    return canvas;
  }
}

/**
 * A tile's 2D context with its state saved, in device pixels, and `px` (a pixel rectangle of the
 * tile) cleared: ready for what is painted again there. The caller restores it.
 */
function clearedPart(tile: Tile, px: { x: number; y: number; width: number; height: number }): CanvasRenderingContext2D {
  const ctx = tile.canvas.getContext('2d')!;
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(px.x, px.y, px.width, px.height);
  return ctx;
}

/** True when two rectangles overlap or meet. */
function touches(a: Rect, b: Rect): boolean {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
}

function unite(a: Rect, b: Rect): Rect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

/** `view` cut down to the map's bounds grown by a cell (room for strokes and names); null when apart. */
function clip(view: Rect, bounds: Rect, cell: number): Rect | null {
  const x0 = Math.max(view.x, bounds.x - cell);
  const y0 = Math.max(view.y, bounds.y - cell);
  const x1 = Math.min(view.x + view.width, bounds.x + bounds.width + cell);
  const y1 = Math.min(view.y + view.height, bounds.y + bounds.height + cell);
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null;
}
