// The map canvas: a Konva stage with a static layer (the map: terrain, features, labels)
// and an interactive layer (hover, selection, tool feedback, units) that redraws on its own.
// Plain TypeScript: the Svelte view owns one and forwards input to it.
//
// The static map is drawn from screen-aligned tiles (see tiles.ts). Cells live in chunks of
// 16×16 with their geometry precomputed; a tile is painted from the chunks that reach into
// it. Frames only copy finished tiles; missing tiles are made a few milliseconds' worth per
// frame, nearest the middle of the screen first, while the tiles of the previous zoom (or,
// failing those, each chunk's cell bitmap) stand in for them. While the zoom is changing no
// tiles are made at all: old ones are stretched until the view settles. An edit repaints
// just the part of the current tiles it touches, clipped, so a brush stroke costs little
// more than the few cells it paints.

import Konva from 'konva';
import type { Cell, EdgeId, GridGeometry, Point, Rect } from '../../../shared/grid/types.js';
import { paintCacheOf } from '../../../shared/paint/cache.js';
import { canvasFonts, type CanvasFont } from '../../../shared/paint/canvas-surface.js';
import { approxTextWidth, namesMoved, type CounterBoxes, type NameObstacles, type PlacedName } from '../../../shared/paint/place-names.js';
import type { SurfaceFonts } from '../../../shared/paint/surface.js';
import { paintCells } from './bitmap.js';
import { CHUNK, chunkRanges, chunkRect } from './chunks.js';
import { ALL_MAP_LAYERS, drawBitmap, paintTile, sameMapLayers, type MapLayers } from './draw.js';
import { detailFor, detailKey, type DetailLevel } from './lod.js';
import { drawThumbnail } from './thumbnail.js';
import type { MapModel } from './model.js';
import { nearestFirst, pixelRectIn, slotsCovering, tileRect, tileSizeFor, TileStore, type Level, type Slot, type StoredTile } from './tiles.js';
import { fitView, intersects, toMap, toScreen, visibleRect, zoomAt, type View, type ZoomLimits } from './viewport.js';

/** Map pixels across one cell; all map geometry is computed at this size. */
export const CELL_SIZE = 100;
/**
 * With more chunks than this in view (only on very large maps, far out), the map is drawn as
 * one overview bitmap instead: thousands of chunks would each cover a few pixels.
 */
const OVERVIEW_CHUNKS = 300;
/** Longest side of the overview bitmap, in pixels. */
const OVERVIEW_PX = 1024;
/** How long the zoom must stay still before tiles are made at the new zoom. */
const SETTLE_MS = 120;
/** Main-thread time per frame spent making tiles (one tile is always made). */
const TILE_BUDGET_MS = 6;
/** Memory for tiles: 32 M device pixels (128 MB). */
const TILE_CAP_PX = 32 * 1024 * 1024;

/** A block of CHUNK × CHUNK cells: the unit of the far-zoom bitmaps and of "how much is in view". */
interface ChunkEntry {
  geometry: { c0: number; r0: number; c1: number; r1: number; rect: Rect };
  /** Far-zoom terrain bitmap, also the stand-in for missing tiles; made on first need. */
  bitmap: { canvas: HTMLCanvasElement; left: number; top: number; width: number; height: number } | null;
}

/** A tiling plus what its tiles are drawn with. */
interface MapLevel extends Level {
  /** screen pixels per map pixel */
  readonly scale: number;
  readonly detail: DetailLevel;
}

/** How far the tiles on screen are from a fresh paint (see checkTiles). */
export interface TileCheck {
  tiles: number;
  slight: number;
  large: number;
  maxDifference: number;
  /** The most different pixel: where (map pixels) and its colour in a fresh paint and on the tile. */
  worst: { x: number; y: number; fresh: number[]; tile: number[] } | null;
  /** The box (map pixels) round every pixel a shade off. */
  slightArea: Rect | null;
}

export interface MapRendererEvents {
  /** The view changed (pan or zoom). */
  onView?(view: View): void;
  /** A full frame of the static map has been drawn after a model change. */
  onFirstDraw?(ms: number): void;
}

export class MapRenderer {
  readonly stage: Konva.Stage;
  private readonly staticLayer: Konva.Layer;
  /** The traced picture (map.underlay), over the map and under hover and selection. */
  private readonly underlayLayer: Konva.Layer;
  private readonly underlayNode: Konva.Image;
  private readonly interactiveLayer: Konva.Layer;
  private readonly overlay: Konva.Shape;
  private overviewBitmap: HTMLCanvasElement | null = null;
  private overviewMode = false;
  /** Part of the overview bitmap that edits have made out of date. */
  private overviewStale: Rect | null = null;
  private model: MapModel | null = null;
  /** The grid layout the tiles and chunks were made for. */
  private shownGrid: GridGeometry | null = null;
  private chunks: ChunkEntry[] = [];
  /** Fonts the painter measures names with (a canvas of their own, so tiles' state never leaks in). */
  private fonts: SurfaceFonts<CanvasFont> | null = null;
  private _view: View = { scale: 1, x: 0, y: 0 };
  private detail: DetailLevel = detailFor(CELL_SIZE);
  private level: MapLevel | null = null;
  private readonly tiles: TileStore<HTMLCanvasElement>;
  private readonly pool: HTMLCanvasElement[] = [];
  /**
   * Tiles an edit patched in place, to be painted again whole on a later frame: a patch is
   * clipped to the cells the edit touched, and a stroke's anti-aliased edge can come out a
   * shade apart from the same stroke in a whole tile's path. The patch shows the edit at once;
   * the repaint makes the tile exactly what painting it afresh gives.
   */
  private readonly settling = new Set<StoredTile<HTMLCanvasElement>>();
  private editedAt = -Infinity;
  private settlingTimer: ReturnType<typeof setTimeout> | null = null;
  /** Bumped when the layer toggles or the whole map's content change: every tile is redone. */
  private layersVersion = 0;
  private contentVersion = 0;
  private frameNo = 0;
  private frameRequested = false;
  private scaleChangedAt = -Infinity;
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  private hover: Cell | null = null;
  private selected: Cell | null = null;
  private layers: MapLayers = { ...ALL_MAP_LAYERS };
  /** The counters the overlay draws over the map, which place names keep clear of. */
  private counters: CounterBoxes | null = null;
  /** Extra interactive drawing (the designer's tool feedback), in map pixels. */
  private overlayDrawer: ((ctx: CanvasRenderingContext2D, scale: number) => void) | null = null;
  private width: number;
  private height: number;
  private destroyed = false;

  constructor(
    private readonly container: HTMLDivElement,
    private readonly events: MapRendererEvents = {},
  ) {
    this.width = Math.max(1, container.clientWidth);
    this.height = Math.max(1, container.clientHeight);
    this.stage = new Konva.Stage({ container, width: this.width, height: this.height, listening: false });
    this.staticLayer = new Konva.Layer({ listening: false });
    this.interactiveLayer = new Konva.Layer({ listening: false });
    this.staticLayer.add(new Konva.Shape({ listening: false, sceneFunc: (ctx) => this.composite(ctx._context) }));
    this.overlay = new Konva.Shape({ listening: false, sceneFunc: (ctx) => this.drawOverlay(ctx._context) });
    this.interactiveLayer.add(this.overlay);
    this.underlayLayer = new Konva.Layer({ listening: false, visible: false });
    this.underlayNode = new Konva.Image({ image: undefined, listening: false });
    this.underlayLayer.add(this.underlayNode);
    this.stage.add(this.staticLayer, this.underlayLayer, this.interactiveLayer);
    this.tiles = new TileStore<HTMLCanvasElement>(TILE_CAP_PX, 2, (c) => {
      if (this.pool.length < 64) this.pool.push(c);
    });
  }

  get view(): View {
    return this._view;
  }

  /** The part of the map on screen, in cells (one cell is 1 across flats, from the map's top left). */
  get visibleCells(): Rect {
    const r = visibleRect(this._view, this.width, this.height);
    return { x: r.x / CELL_SIZE, y: r.y / CELL_SIZE, width: r.width / CELL_SIZE, height: r.height / CELL_SIZE };
  }

  /**
   * Shows `image` placed as map.underlay says (cell units, scale in cells per image pixel,
   * rotation in degrees about its top-left corner), or hides the underlay with null.
   */
  setUnderlay(u: { image: CanvasImageSource; x: number; y: number; scale: number; rotation: number; opacity: number } | null): void {
    if (!u) {
      this.underlayLayer.visible(false);
    } else {
      this.underlayNode.setAttrs({
        image: u.image,
        x: u.x * CELL_SIZE,
        y: u.y * CELL_SIZE,
        scaleX: u.scale * CELL_SIZE,
        scaleY: u.scale * CELL_SIZE,
        rotation: u.rotation,
        opacity: u.opacity,
      });
      this.underlayLayer.visible(true);
    }
    this.underlayLayer.batchDraw();
  }

  /** A point on the map view (CSS px from its top left) in cells from the map's top left. */
  pointInCells(p: Point): Point {
    const m = toMap(this._view, p);
    return { x: m.x / CELL_SIZE, y: m.y / CELL_SIZE };
  }

  /** Screen pixels across one cell at the current zoom. */
  get cellScreenPx(): number {
    return CELL_SIZE * this._view.scale;
  }

  /** Zoom as a fraction of physical size (1 = the printed cell size at 96 CSS px per inch). */
  get zoom(): number {
    return this.model ? this.cellScreenPx / this.model.physicalCellPx : 1;
  }

  /** Tiles of the current view still to be made (0 once the map on screen is sharp). */
  get pendingTiles(): number {
    if (!this.model || this.overviewMode) return 0;
    const level = this.currentLevel();
    const visible = this.visibleSlots(level);
    const settling = visible.filter((s) => {
      const tile = this.tiles.get(level, s);
      return tile !== undefined && this.settling.has(tile);
    }).length;
    return visible.filter((s) => !this.tiles.get(level, s)).length + settling;
  }

  private get limits(): ZoomLimits {
    // From a whole 4096-cell map on screen to a single cell filling it.
    return { min: 0.2 / CELL_SIZE, max: 1600 / CELL_SIZE };
  }

  private get pixelRatio(): number {
    return this.staticLayer.getCanvas().getPixelRatio() || 1;
  }

  /** Shows `model`, fitted to the window unless `view` says where to look. */
  setModel(model: MapModel, view?: View): void {
    const t0 = performance.now();
    this.tiles.clear();
    this.settling.clear();
    this.model = model;
    this.shownGrid = model.grid;
    paintCacheOf(model).reset();
    this.chunks = chunkRanges(model).map((range) => ({ geometry: { ...range, rect: chunkRect(model, CELL_SIZE, range) }, bitmap: null }));
    this.contentVersion++;
    this.overviewBitmap = null;
    this.hover = null;
    this.selected = null;
    this._view = view ?? fitView(model.grid.bounds(CELL_SIZE), this.width, this.height, 24, this.limits);
    this.applyView(false);
    // Make every visible tile and draw now, so the time below covers the whole first frame.
    if (!this.overviewMode) this.makeTiles(Infinity, false);
    this.stage.draw();
    const ms = performance.now() - t0;
    this.events.onFirstDraw?.(ms);
    this.requestFrame();
  }

  /**
   * The open map changed shape (resized, or laid out anew): keeps the zoom and the ground in
   * the middle of the screen where it was, following `moved` (how far a resize shifted every
   * cell), so a designer working on one edge stays there. A map that was wholly in view is
   * fitted again, so added rows and columns show.
   */
  reshape(model: MapModel, moved: { cols: number; rows: number }): void {
    // The layout drawn until now (a live model already answers with the new one).
    const old = this.shownGrid;
    const v = this._view;
    const seen = visibleRect(v, this.width, this.height);
    const b = old?.bounds(CELL_SIZE);
    if (!old || !b || (b.x >= seen.x && b.y >= seen.y && b.x + b.width <= seen.x + seen.width && b.y + b.height <= seen.y + seen.height)) {
      this.setModel(model);
      return;
    }
    const middle = { x: this.width / 2, y: this.height / 2 };
    const anchor = old.pixelToCell(toMap(v, middle), CELL_SIZE);
    const at = toScreen(v, old.center(anchor, CELL_SIZE));
    const now = model.grid.center({ col: anchor.col + moved.cols, row: anchor.row + moved.rows }, CELL_SIZE);
    this.setModel(model, { scale: v.scale, x: at.x - now.x * v.scale, y: at.y - now.y * v.scale });
  }

  /**
   * Redraw after the model's data changed in place. With `cells`, only what lies around them
   * is repainted (and the chunks holding them or, when control may have changed, their
   * neighbours are rebuilt); without, the whole map is, edge lists included. `edges` are
   * sides whose features changed (moved into or out of their chunk's lists); `neighbours:
   * false` says no control changed (terrain, features), so neighbouring cells' borders stand.
   */
  invalidate(cells?: readonly Cell[], edges?: Iterable<EdgeId>, neighbours = true): void {
    const model = this.model;
    if (!model) return;
    const cache = paintCacheOf(model);
    if (!cells) {
      cache.reset();
      for (const entry of this.chunks) entry.bitmap = null;
      this.overviewBitmap = null;
      this.contentVersion++;
      this.requestFrame();
      return;
    }
    const { grid } = model;
    const perRow = Math.ceil(model.cols / CHUNK);
    const dirty = new Set<ChunkEntry>();
    const box = grid.cellBox(CELL_SIZE);
    // Strokes (rivers, borders, bridges) reach a little past a cell's outline.
    const grow = Math.max(box.width, box.height) * 0.3;
    let region: Rect | null = null;
    const mark = (c: Cell) => {
      if (!grid.inMap(c)) return;
      const entry = this.chunks[Math.floor(c.row / CHUNK) * perRow + Math.floor(c.col / CHUNK)];
      if (entry) dirty.add(entry);
      const p = grid.center(c, CELL_SIZE);
      region = union(region, { x: p.x - box.width / 2 - grow, y: p.y - box.height / 2 - grow, width: box.width + 2 * grow, height: box.height + 2 * grow });
    };
    for (const c of cells) {
      mark(c);
      if (neighbours) for (const n of grid.neighbours(c)) mark(n);
    }
    if (!region) return;
    let area: Rect = region;
    // Names are placed for the whole map: an edit can move a name (or its neighbours') nearby.
    const avoid = this.nameObstacles();
    const before = cache.placedNames(avoid).list;
    cache.changed(cells, edges);
    const after = cache.placedNames(avoid).list;
    for (const r of this.namesMovedArea(before, after)) area = union(area, r);
    for (const entry of dirty) entry.bitmap = null;
    this.repaintArea(area);
  }

  /**
   * Tells the map where counters are drawn over it (cell index to boxes in cell units from the
   * cell's centre; null: none), so place names keep clear of them. Repaints the names that move.
   */
  setCounters(counters: CounterBoxes | null): void {
    if ((counters?.key ?? null) === (this.counters?.key ?? null)) return;
    const model = this.model;
    if (!model) {
      this.counters = counters;
      return;
    }
    const cache = paintCacheOf(model);
    const before = cache.placedNames(this.nameObstacles()).list;
    this.counters = counters;
    const after = cache.placedNames(this.nameObstacles()).list;
    let area: Rect | null = null;
    for (const r of this.namesMovedArea(before, after)) area = union(area, r);
    if (!area) return;
    // Not an edit under way: the few tiles the moved names touch are painted again whole, now.
    const level = this.level;
    if (level)
      for (const tile of this.tiles.tilesOf(level))
        if (intersects(tileRect(level, tile.slot), area)) {
          this.settling.delete(tile);
          this.paintWhole(tile);
        }
    if (level) this.tiles.dropOverlapping(level, area);
    if (this.overviewBitmap) this.overviewStale = union(this.overviewStale, area);
    this.requestFrame();
  }

  /**
   * For tests: the place names as placed now and the counters they keep clear of, as boxes in
   * container pixels (a name's box from the placement's text-width estimate, baseline to cap).
   */
  labelBoxes(): { names: { cell: string; text: string; box: Rect }[]; counters: { cell: string; box: Rect }[] } {
    const model = this.model;
    if (!model) return { names: [], counters: [] };
    const v = this._view;
    const k = CELL_SIZE * v.scale;
    const at = (index: number) => {
      const cell = { col: index % model.cols, row: Math.floor(index / model.cols) };
      return { ref: model.grid.ref(cell), c: toScreen(v, model.grid.center(cell, CELL_SIZE)) };
    };
    const names = paintCacheOf(model)
      .placedNames(this.nameObstacles())
      .list.map((n) => {
        const { ref, c } = at(n.index);
        const half = (approxTextWidth(n.text, n.bold) * n.size) / 2;
        const box = { x: c.x + (n.dx - half) * k, y: c.y + (n.dy - n.size * 0.75) * k, width: 2 * half * k, height: n.size * 0.95 * k };
        return { cell: ref, text: n.text, box };
      });
    const counters: { cell: string; box: Rect }[] = [];
    for (const [index, boxes] of this.counters?.byIndex ?? []) {
      const { ref, c } = at(index);
      for (const r of boxes) counters.push({ cell: ref, box: { x: c.x + r.x * k, y: c.y + r.y * k, width: r.width * k, height: r.height * k } });
    }
    return { names, counters };
  }

  private nameObstacles(): NameObstacles {
    return { markers: this.layers.markers, units: false, counters: this.counters };
  }

  /** The boxes (map pixels) of the names that differ between two placements. */
  private namesMovedArea(before: readonly PlacedName[], after: readonly PlacedName[]): Rect[] {
    if (after === before || !this.model) return [];
    return namesMoved(this.model, before, after).map((r) => ({ x: r.x * CELL_SIZE, y: r.y * CELL_SIZE, width: r.width * CELL_SIZE, height: r.height * CELL_SIZE }));
  }

  /** Repaints `area` (map pixels) of the current tiles at once, and whole once edits pause. */
  private repaintArea(area: Rect): void {
    const level = this.level;
    if (level)
      for (const tile of this.tiles.tilesOf(level))
        if (intersects(tileRect(level, tile.slot), area)) {
          this.repaint(tile, area);
          this.settling.add(tile);
        }
    this.editedAt = performance.now();
    if (level) this.tiles.dropOverlapping(level, area);
    // The overview is patched when next shown, once for all the edits made meanwhile.
    if (this.overviewBitmap) this.overviewStale = union(this.overviewStale, area);
    this.requestFrame();
  }

  resize(width: number, height: number): void {
    if (width < 1 || height < 1) return;
    const first = this.width <= 1 || this.height <= 1;
    this.width = width;
    this.height = height;
    this.stage.size({ width, height });
    if (first && this.model) this.fit();
    else this.applyView(true);
  }

  setView(view: View): void {
    this._view = view;
    this.applyView(true);
  }

  fit(): void {
    if (!this.model) return;
    this.setView(fitView(this.model.grid.bounds(CELL_SIZE), this.width, this.height, 24, this.limits));
  }

  zoomBy(factor: number, at?: Point): void {
    const p = at ?? { x: this.width / 2, y: this.height / 2 };
    this.setView(zoomAt(this._view, factor, p, this.limits));
  }

  /** Physical size: the printed cell size on screen. */
  zoomToActualSize(): void {
    if (!this.model) return;
    this.zoomBy(this.model.physicalCellPx / this.cellScreenPx);
  }

  panBy(dx: number, dy: number): void {
    this.setView({ ...this._view, x: this._view.x + dx, y: this._view.y + dy });
  }

  /** The cell under a point in container pixels (may lie outside the map). */
  cellAt(p: Point): Cell | null {
    if (!this.model) return null;
    return this.model.grid.pixelToCell(toMap(this._view, p), CELL_SIZE);
  }

  /** Centre of a cell in container pixels. */
  cellCenter(cell: Cell): Point | null {
    if (!this.model) return null;
    return toScreen(this._view, this.model.grid.center(cell, CELL_SIZE));
  }

  setHover(cell: Cell | null): void {
    if (sameCell(cell, this.hover)) return;
    this.hover = cell;
    this.interactiveLayer.batchDraw();
  }

  setSelected(cell: Cell | null): void {
    if (sameCell(cell, this.selected)) return;
    this.selected = cell;
    this.interactiveLayer.batchDraw();
  }

  /** Draws extra feedback on the interactive layer (map pixels; `scale` = screen px per map px). */
  setOverlayDrawer(draw: ((ctx: CanvasRenderingContext2D, scale: number) => void) | null): void {
    this.overlayDrawer = draw;
    this.interactiveLayer.batchDraw();
  }

  /**
   * Shows or hides map layers and sets their opacity (the Layers panel, the View toggles), and
   * puts the underlay over the map or under its terrain (`underlayBelow`).
   */
  setLayers(layers: MapLayers, underlayBelow = false): void {
    if (underlayBelow !== (this.underlayLayer.getZIndex() === 0)) {
      if (underlayBelow) this.underlayLayer.moveToBottom();
      else this.underlayLayer.zIndex(1);
      this.stage.batchDraw();
    }
    // The view panel restates the layers whenever it mounts; the same set again must not
    // throw away the tiles of the map on screen.
    if (sameMapLayers(this.layers, layers)) return;
    this.layers = { ...layers };
    this.layersVersion++;
    this.requestFrame();
  }

  /**
   * Self-check for tests: repaints every tile of the current zoom afresh and compares it with
   * the tile on screen (edits patch tiles in place). Anti-aliased line edges near a patch
   * may differ a little, because a stroke's pixels depend on the other segments in its path;
   * so pixels are counted by how far they are off: `slight` (> 16 of 255 in some channel, a
   * faint tint) and `large` (> 48: a wrong colour or a missing line).
   */
  checkTiles(): TileCheck {
    const out: TileCheck = { tiles: 0, slight: 0, large: 0, maxDifference: 0, worst: null, slightArea: null };
    const level = this.level;
    if (!level || !this.model) return out;
    const fresh = document.createElement('canvas');
    fresh.width = fresh.height = level.size;
    const fctx = fresh.getContext('2d', { willReadFrequently: true })!;
    for (const tile of this.tiles.tilesOf(level)) {
      fctx.setTransform(1, 0, 0, 1, 0, 0);
      fctx.clearRect(0, 0, level.size, level.size);
      fctx.setTransform(level.ratio, 0, 0, level.ratio, -tile.slot.i * level.size, -tile.slot.j * level.size);
      this.paint(fctx, tileRect(level, tile.slot), level);
      const a = fctx.getImageData(0, 0, level.size, level.size).data;
      const b = tile.canvas.getContext('2d')!.getImageData(0, 0, level.size, level.size).data;
      for (let k = 0; k < a.length; k += 4) {
        const d = Math.max(Math.abs(a[k]! - b[k]!), Math.abs(a[k + 1]! - b[k + 1]!), Math.abs(a[k + 2]! - b[k + 2]!), Math.abs(a[k + 3]! - b[k + 3]!));
        if (d > 16) {
          out.slight++;
          const mx = (tile.slot.i * level.size + ((k / 4) % level.size)) / level.ratio;
          const my = (tile.slot.j * level.size + Math.floor(k / 4 / level.size)) / level.ratio;
          const b = out.slightArea;
          out.slightArea = b
            ? { x: Math.min(b.x, mx), y: Math.min(b.y, my), width: Math.max(b.x + b.width, mx) - Math.min(b.x, mx), height: Math.max(b.y + b.height, my) - Math.min(b.y, my) }
            : { x: mx, y: my, width: 0, height: 0 };
        }
        if (d > 48) out.large++;
        if (d > out.maxDifference) {
          const px = (k / 4) % level.size;
          const py = Math.floor(k / 4 / level.size);
          out.worst = { x: (tile.slot.i * level.size + px) / level.ratio, y: (tile.slot.j * level.size + py) / level.ratio, fresh: [...a.slice(k, k + 4)], tile: [...b.slice(k, k + 4)] };
        }
        out.maxDifference = Math.max(out.maxDifference, d);
      }
      out.tiles++;
    }
    return out;
  }

  /** Redraw the interactive layer only (tool feedback moved). */
  redrawOverlay(): void {
    this.interactiveLayer.batchDraw();
  }

  destroy(): void {
    this.destroyed = true;
    if (this.settleTimer) clearTimeout(this.settleTimer);
    if (this.settlingTimer) clearTimeout(this.settlingTimer);
    this.tiles.clear();
    this.settling.clear();
    this.pool.length = 0;
    this.chunks = [];
    this.stage.destroy();
  }

  // --- internals -------------------------------------------------------------------------

  private applyView(draw: boolean): void {
    const v = this._view;
    this.stage.scale({ x: v.scale, y: v.scale });
    this.stage.position({ x: v.x, y: v.y });
    this.detail = detailFor(this.cellScreenPx);
    if (!this.level || Math.abs(this.level.scale - v.scale) > 1e-12) this.scaleChangedAt = performance.now();
    const view = visibleRect(v, this.width, this.height);
    let count = 0;
    for (const entry of this.chunks) if (intersects(entry.geometry.rect, view)) count++;
    this.overviewMode = count > OVERVIEW_CHUNKS;
    this.events.onView?.(v);
    if (draw) this.requestFrame();
  }

  /** The tiling for the current view; a new one whenever what tiles show would change. */
  private currentLevel(): MapLevel {
    const scale = this._view.scale;
    const ratio = scale * this.pixelRatio;
    const key = `${ratio.toPrecision(10)}|${detailKey(this.detail)}|l${this.layersVersion}|c${this.contentVersion}`;
    if (this.level?.key !== key) {
      this.level = { key, ratio, scale, size: tileSizeFor(CELL_SIZE * ratio), detail: this.detail };
    }
    return this.level;
  }

  private visibleSlots(level: MapLevel, ring = 0): Slot[] {
    const v = visibleRect(this._view, this.width, this.height);
    const pad = ring * (level.size / level.ratio);
    const clipped = this.model ? clip({ x: v.x - pad, y: v.y - pad, width: v.width + 2 * pad, height: v.height + 2 * pad }, this.model.grid.bounds(CELL_SIZE), CELL_SIZE) : null;
    return clipped ? slotsCovering(level, clipped) : [];
  }

  private requestFrame(): void {
    if (this.frameRequested || this.destroyed) return;
    this.frameRequested = true;
    requestAnimationFrame(() => this.renderFrame());
  }

  /** One frame: make what tiles the budget allows, then draw the stage. */
  private renderFrame(): void {
    this.frameRequested = false;
    if (this.destroyed) return;
    this.frameNo++;
    let more = false;
    if (this.model && !this.overviewMode) {
      const wait = SETTLE_MS - (performance.now() - this.scaleChangedAt);
      if (wait > 0) {
        // Mid-zoom: stretch what there is; come back once the zoom has held still.
        if (this.settleTimer) clearTimeout(this.settleTimer);
        this.settleTimer = setTimeout(() => {
          this.settleTimer = null;
          this.requestFrame();
        }, wait);
      } else more = this.makeTiles(TILE_BUDGET_MS, true) || this.settleTiles(TILE_BUDGET_MS);
    }
    this.stage.draw();
    if (this.level) this.tiles.trim(this.level, this.frameNo);
    if (more) this.requestFrame();
  }

  /**
   * Makes missing tiles of the current view, nearest the middle first, until `budgetMs` is
   * spent (one at least); with `ring`, then a ring of tiles around the view, for panning.
   * True when some are still missing.
   */
  private makeTiles(budgetMs: number, ring: boolean): boolean {
    const level = this.currentLevel();
    const v = visibleRect(this._view, this.width, this.height);
    const cx = v.x + v.width / 2;
    const cy = v.y + v.height / 2;
    const t0 = performance.now();
    let made = 0;
    for (const rings of ring ? [0, 1] : [0]) {
      for (const slot of nearestFirst(level, this.visibleSlots(level, rings), cx, cy)) {
        if (this.tiles.get(level, slot)) continue;
        if (made > 0 && performance.now() - t0 > budgetMs) return true;
        this.makeTile(level, slot);
        made++;
      }
    }
    // The view is sharp: older zooms only cost memory now.
    this.tiles.dropOthers(level);
    return false;
  }

  /**
   * Paints whole again the tiles edits patched (see `settling`), once the pointer has let go
   * of the map for a moment, within `budgetMs`. True when some are still to do.
   */
  private settleTiles(budgetMs: number): boolean {
    if (this.settling.size === 0) return false;
    // Not while a stroke goes on: patches keep up with the pointer, whole tiles would not.
    const wait = SETTLE_MS - (performance.now() - this.editedAt);
    if (wait > 0) {
      if (this.settlingTimer) clearTimeout(this.settlingTimer);
      this.settlingTimer = setTimeout(() => {
        this.settlingTimer = null;
        this.requestFrame();
      }, wait);
      return false;
    }
    const level = this.currentLevel();
    const t0 = performance.now();
    for (const tile of [...this.settling]) {
      if (performance.now() - t0 > budgetMs) return true;
      this.settling.delete(tile);
      if (tile.level !== level || this.tiles.get(level, tile.slot) !== tile) continue;
      this.paintWhole(tile);
    }
    return false;
  }

  /** Paints a tile again from scratch. */
  private paintWhole(tile: StoredTile<HTMLCanvasElement>): void {
    const level = tile.level as MapLevel;
    const ctx = tile.canvas.getContext('2d')!;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, level.size, level.size);
    ctx.setTransform(level.ratio, 0, 0, level.ratio, -tile.slot.i * level.size, -tile.slot.j * level.size);
    this.paint(ctx, tileRect(level, tile.slot), level);
  }

  private makeTile(level: MapLevel, slot: Slot): void {
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
    this.tiles.put(level, slot, canvas, this.frameNo);
  }

  /** Repaints the part of a tile that `area` (map pixels) covers. */
  private repaint(tile: StoredTile<HTMLCanvasElement>, area: Rect): void {
    const level = tile.level as MapLevel;
    const px = pixelRectIn(level, tile.slot, area);
    if (!px) return;
    const ctx = tile.canvas.getContext('2d')!;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(px.x, px.y, px.width, px.height);
    ctx.beginPath();
    ctx.rect(px.x, px.y, px.width, px.height);
    ctx.clip();
    const ox = tile.slot.i * level.size;
    const oy = tile.slot.j * level.size;
    ctx.setTransform(level.ratio, 0, 0, level.ratio, -ox, -oy);
    const part = { x: (px.x + ox) / level.ratio, y: (px.y + oy) / level.ratio, width: px.width / level.ratio, height: px.height / level.ratio };
    this.paint(ctx, part, level, part);
    ctx.restore();
  }

  /** Draws the map in `rect` (map pixels): far out the chunks' cell bitmaps, else the painter. */
  private paint(ctx: CanvasRenderingContext2D, rect: Rect, level: MapLevel, only?: Rect): void {
    const model = this.model;
    if (!model) return;
    if (level.detail.bitmap) {
      for (const entry of this.chunksIn(rect)) {
        const b = (entry.bitmap ??= makeBitmap(model, entry.geometry));
        drawBitmap(ctx, b.canvas, b.left, b.top, b.width, b.height);
      }
      return;
    }
    this.fonts ??= canvasFonts(document.createElement('canvas').getContext('2d')!);
    paintTile(ctx, model, CELL_SIZE, only ?? rect, level.ratio, this.layers, this.fonts, this.counters);
  }

  /** Chunks whose drawing can reach into `rect` (map pixels). */
  private chunksIn(rect: Rect): ChunkEntry[] {
    const model = this.model;
    if (!model) return [];
    const { grid } = model;
    const box = grid.cellBox(CELL_SIZE);
    const m = CELL_SIZE * 0.6 + Math.max(box.width, box.height);
    const a = grid.pixelToCell({ x: rect.x - m, y: rect.y - m }, CELL_SIZE);
    const b = grid.pixelToCell({ x: rect.x + rect.width + m, y: rect.y + rect.height + m }, CELL_SIZE);
    const perRow = Math.ceil(model.cols / CHUNK);
    const perCol = Math.ceil(model.rows / CHUNK);
    const k = (v: number, n: number) => Math.min(n - 1, Math.max(0, Math.floor(v / CHUNK)));
    const i0 = k(Math.min(a.col, b.col) - 1, perRow);
    const i1 = k(Math.max(a.col, b.col) + 1, perRow);
    const j0 = k(Math.min(a.row, b.row) - 1, perCol);
    const j1 = k(Math.max(a.row, b.row) + 1, perCol);
    const out: ChunkEntry[] = [];
    for (let j = j0; j <= j1; j++)
      for (let i = i0; i <= i1; i++) {
        const entry = this.chunks[j * perRow + i];
        if (entry && intersects(entry.geometry.rect, rect)) out.push(entry);
      }
    return out;
  }

  /**
   * The static layer's one shape: finished tiles of the current zoom, over stand-ins where
   * some are missing (tiles of earlier zooms, stretched, over the chunks' cell bitmaps).
   */
  private composite(ctx: CanvasRenderingContext2D): void {
    const model = this.model;
    if (!model) return;
    if (this.overviewMode) {
      this.drawOverview(ctx, model);
      return;
    }
    const level = this.currentLevel();
    const dpr = this.pixelRatio;
    // Whole device pixels for the tile grid, so neighbouring tiles meet without seams.
    const ox = Math.round(this._view.x * dpr);
    const oy = Math.round(this._view.y * dpr);
    const ready: StoredTile<HTMLCanvasElement>[] = [];
    let missing: Rect | null = null;
    for (const slot of this.visibleSlots(level)) {
      const tile = this.tiles.get(level, slot);
      if (tile) ready.push(tile);
      else missing = union(missing, tileRect(level, slot));
    }
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (missing) {
      const gap: Rect = missing;
      ctx.setTransform(level.ratio, 0, 0, level.ratio, ox, oy);
      for (const entry of this.chunksIn(gap)) {
        const b = (entry.bitmap ??= makeBitmap(model, entry.geometry));
        drawBitmap(ctx, b.canvas, b.left, b.top, b.width, b.height);
      }
      ctx.imageSmoothingEnabled = true;
      for (const tile of this.tiles.backdrop(level)) {
        const r = tileRect(tile.level, tile.slot);
        if (!intersects(r, gap)) continue;
        ctx.drawImage(tile.canvas, r.x, r.y, r.width, r.height);
        tile.used = this.frameNo;
      }
      ctx.setTransform(1, 0, 0, 1, 0, 0);
    }
    for (const tile of ready) {
      ctx.drawImage(tile.canvas, tile.slot.i * level.size + ox, tile.slot.j * level.size + oy);
      tile.used = this.frameNo;
    }
    ctx.restore();
  }

  private drawOverview(ctx: CanvasRenderingContext2D, model: MapModel): void {
    const bounds = model.grid.bounds(CELL_SIZE);
    if (!this.overviewBitmap) {
      const k = OVERVIEW_PX / Math.max(bounds.width, bounds.height);
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bounds.width * k));
      canvas.height = Math.max(1, Math.round(bounds.height * k));
      drawThumbnail(canvas, model);
      this.overviewBitmap = canvas;
      this.overviewStale = null;
    }
    if (this.overviewStale) {
      drawThumbnail(this.overviewBitmap, model, 1, this.overviewStale);
      this.overviewStale = null;
    }
    ctx.drawImage(this.overviewBitmap, bounds.x, bounds.y, bounds.width, bounds.height);
  }
  private drawOverlay(ctx: CanvasRenderingContext2D): void {
    const model = this.model;
    if (!model) return;
    const scale = this._view.scale;
    const outline = (cell: Cell, colour: string, width: number, fill: string | null) => {
      if (!model.grid.inMap(cell)) return;
      const pts = model.grid.corners(cell, CELL_SIZE);
      ctx.beginPath();
      pts.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
      ctx.closePath();
      if (fill) {
        ctx.fillStyle = fill;
        ctx.fill();
      }
      ctx.lineJoin = 'round';
      ctx.strokeStyle = 'rgba(255,255,255,0.9)';
      ctx.lineWidth = (width + 2) / scale;
      ctx.stroke();
      ctx.strokeStyle = colour;
      ctx.lineWidth = width / scale;
      ctx.stroke();
    };
    if (this.hover && !sameCell(this.hover, this.selected)) outline(this.hover, 'rgba(31,111,235,0.9)', 2, 'rgba(31,111,235,0.10)');
    if (this.selected) outline(this.selected, '#1f6feb', 3, null);
    this.overlayDrawer?.(ctx, scale);
  }
}

function sameCell(a: Cell | null, b: Cell | null): boolean {
  return a === b || (a !== null && b !== null && a.col === b.col && a.row === b.row);
}

function makeBitmap(model: MapModel, g: { c0: number; r0: number; c1: number; r1: number }) {
  const bmp = paintCells(model, CELL_SIZE, g.c0, g.r0, g.c1, g.r1);
  const canvas = document.createElement('canvas');
  canvas.width = bmp.image.width;
  canvas.height = bmp.image.height;
  canvas.getContext('2d')!.putImageData(bmp.image, 0, 0);
  return {
    canvas,
    left: bmp.left,
    top: bmp.top,
    width: bmp.image.width * bmp.pixelWidth,
    height: bmp.image.height * bmp.pixelHeight,
  };
}

/** The smallest rectangle holding both (`a` may be none yet). */
function union(a: Rect | null, b: Rect): Rect {
  if (!a) return b;
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
