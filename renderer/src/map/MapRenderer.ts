// The map canvas: Konva stage with a static layer (terrain and features, drawn per chunk,
// cached, culled to the viewport) and an interactive layer (hover, selection) that redraws
// on its own. Plain TypeScript: the Svelte view owns one and forwards input to it.

import Konva from 'konva';
import type { Cell, EdgeId, Point } from '../../../shared/grid/types.js';
import { paintCells } from './bitmap.js';
import { CHUNK, bucketEdges, buildChunk, chunkKeyOf, chunkRanges, chunkRect, type ChunkGeometry, type EdgeBuckets } from './chunks.js';
import { drawBase, drawBitmap, drawFeatures, drawLabels, type DrawContext, type MapLayers } from './draw.js';
import { detailFor, detailKey, type DetailLevel } from './lod.js';
import { drawThumbnail } from './thumbnail.js';
import type { MapModel } from './model.js';
import { fitView, intersects, toMap, toScreen, visibleRect, zoomAt, type View, type ZoomLimits } from './viewport.js';

/** Map pixels across one cell; all map geometry is computed at this size. */
export const CELL_SIZE = 100;
/**
 * Largest side, in device pixels, of a chunk's cached bitmap. Beyond it a chunk draws live:
 * at such zooms only a few chunks are on screen, and three 1024² caches per chunk already
 * cost 12 MB.
 */
const MAX_CACHE_PX = 1024;
/**
 * With more chunks than this in view (only on very large maps, far out), the map is drawn as
 * one overview bitmap instead: thousands of chunk shapes would each cover a few pixels.
 */
const OVERVIEW_CHUNKS = 300;
/** Longest side of the overview bitmap, in pixels. */
const OVERVIEW_PX = 1024;
/** How long the view must stay still before chunks are re-cached at the new zoom. */
const SETTLE_MS = 140;

type Pass = 'base' | 'features' | 'labels';

interface ChunkEntry {
  geometry: ChunkGeometry;
  shapes: Record<Pass, Konva.Shape> | null;
  /** Far-zoom terrain bitmap, made on first need. */
  bitmap: { canvas: HTMLCanvasElement; left: number; top: number; width: number; height: number } | null;
  /** detail key + scale the cache was made at; null when not cached */
  cachedAt: string | null;
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
  private readonly interactiveLayer: Konva.Layer;
  private readonly groups: Record<Pass, Konva.Group>;
  private readonly overlay: Konva.Shape;
  private readonly overviewShape: Konva.Shape;
  private overviewBitmap: HTMLCanvasElement | null = null;
  private overviewMode = false;
  private model: MapModel | null = null;
  private edges: EdgeBuckets | null = null;
  private chunks: ChunkEntry[] = [];
  private corners: Point[] = [];
  private _view: View = { scale: 1, x: 0, y: 0 };
  private detail: DetailLevel = detailFor(CELL_SIZE);
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  private hover: Cell | null = null;
  private selected: Cell | null = null;
  private layers: MapLayers = { grid: true, coordinates: true, terrain: true, edges: true, routes: true, control: true, markers: true };
  /** Extra interactive drawing (the designer's tool feedback), in map pixels. */
  private overlayDrawer: ((ctx: CanvasRenderingContext2D, scale: number) => void) | null = null;
  private width: number;
  private height: number;

  constructor(
    private readonly container: HTMLDivElement,
    private readonly events: MapRendererEvents = {},
  ) {
    this.width = Math.max(1, container.clientWidth);
    this.height = Math.max(1, container.clientHeight);
    this.stage = new Konva.Stage({ container, width: this.width, height: this.height, listening: false });
    this.staticLayer = new Konva.Layer({ listening: false });
    this.interactiveLayer = new Konva.Layer({ listening: false });
    this.groups = {
      base: new Konva.Group({ listening: false }),
      features: new Konva.Group({ listening: false }),
      labels: new Konva.Group({ listening: false }),
    };
    this.overviewShape = new Konva.Shape({
      listening: false,
      visible: false,
      sceneFunc: (ctx) => this.drawOverview(ctx._context),
    });
    this.staticLayer.add(this.overviewShape, this.groups.base, this.groups.features, this.groups.labels);
    this.overlay = new Konva.Shape({ listening: false, sceneFunc: (ctx) => this.drawOverlay(ctx._context) });
    this.interactiveLayer.add(this.overlay);
    this.stage.add(this.staticLayer, this.interactiveLayer);
  }

  get view(): View {
    return this._view;
  }

  /** Screen pixels across one cell at the current zoom. */
  get cellScreenPx(): number {
    return CELL_SIZE * this._view.scale;
  }

  /** Zoom as a fraction of physical size (1 = the printed cell size at 96 CSS px per inch). */
  get zoom(): number {
    return this.model ? this.cellScreenPx / this.model.physicalCellPx : 1;
  }

  private get limits(): ZoomLimits {
    // From a whole 4096-cell map on screen to a single cell filling it.
    return { min: 0.2 / CELL_SIZE, max: 1600 / CELL_SIZE };
  }

  setModel(model: MapModel): void {
    const t0 = performance.now();
    this.clearChunks();
    this.model = model;
    this.edges = bucketEdges(model);
    const c = model.grid.center({ col: 0, row: 0 }, CELL_SIZE);
    this.corners = model.grid.corners({ col: 0, row: 0 }, CELL_SIZE).map((p) => ({ x: p.x - c.x, y: p.y - c.y }));
    this.chunks = chunkRanges(model).map((range) => ({
      geometry: lazyGeometry(model, range, () => this.edges!),
      shapes: null,
      bitmap: null,
      cachedAt: null,
    }));
    this.overviewBitmap = null;
    this.hover = null;
    this.selected = null;
    this._view = fitView(model.grid.bounds(CELL_SIZE), this.width, this.height, 24, this.limits);
    this.applyView(false);
    // Draw synchronously so the time below covers the whole first frame of the map.
    this.stage.draw();
    const ms = performance.now() - t0;
    this.events.onFirstDraw?.(ms);
    this.scheduleSettle();
  }

  /**
   * Redraw after the model's data changed in place. With `cells`, only the chunks holding
   * them or their neighbours (whose control borders may change) are rebuilt; without, the
   * whole map is, edge lists included. `edges` are sides whose features changed (moved into
   * or out of their chunk's lists); `neighbours: false` skips neighbouring chunks when no
   * control changed (terrain, features).
   */
  invalidate(cells?: readonly Cell[], edges?: Iterable<EdgeId>, neighbours = true): void {
    const model = this.model;
    if (!model) return;
    let dirty: Set<ChunkEntry>;
    if (cells && edges && this.edges) rebucket(model, this.edges, edges);
    if (!cells) {
      this.edges = bucketEdges(model);
      dirty = new Set(this.chunks);
    } else {
      dirty = new Set();
      const perRow = Math.ceil(model.cols / CHUNK);
      const mark = (c: Cell) => {
        if (!model.grid.inMap(c)) return;
        const entry = this.chunks[Math.floor(c.row / CHUNK) * perRow + Math.floor(c.col / CHUNK)];
        if (entry) dirty.add(entry);
      };
      for (const c of cells) {
        mark(c);
        if (neighbours) for (const n of model.grid.neighbours(c)) mark(n);
      }
    }
    this.overviewBitmap = null;
    for (const entry of dirty) {
      const range = entry.geometry;
      entry.geometry = lazyGeometry(model, { c0: range.c0, r0: range.r0, c1: range.c1, r1: range.r1 }, () => this.edges!);
      entry.bitmap = null;
      this.uncache(entry);
    }
    this.staticLayer.batchDraw();
    this.scheduleSettle();
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

  /** Shows or hides map layers (terrain, control, edges, routes, markers, grid, coordinates). */
  setLayers(layers: MapLayers): void {
    this.layers = { ...layers };
    for (const entry of this.chunks) this.uncache(entry);
    this.staticLayer.batchDraw();
    this.scheduleSettle();
  }

  /** Redraw the interactive layer only (tool feedback moved). */
  redrawOverlay(): void {
    this.interactiveLayer.batchDraw();
  }

  destroy(): void {
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.clearChunks();
    this.stage.destroy();
  }

  // --- internals -------------------------------------------------------------------------

  private applyView(draw: boolean): void {
    const v = this._view;
    this.stage.scale({ x: v.scale, y: v.scale });
    this.stage.position({ x: v.x, y: v.y });
    const detail = detailFor(this.cellScreenPx);
    const lodChanged = detailKey(detail) !== detailKey(this.detail);
    this.detail = detail;
    // Far out there are no labels to draw; skip the pass instead of drawing empty shapes.
    this.groups.labels.visible(!detail.bitmap && !this.overviewMode);
    this.cull(lodChanged);
    this.events.onView?.(v);
    if (draw) {
      this.stage.batchDraw();
      this.scheduleSettle();
    }
  }

  /** Create shapes for chunks in view, destroy the rest; switch to the overview when too many. */
  private cull(lodChanged: boolean): void {
    const view = visibleRect(this._view, this.width, this.height);
    let count = 0;
    for (const entry of this.chunks) if (intersects(entry.geometry.rect, view)) count++;
    const overview = count > OVERVIEW_CHUNKS;
    if (overview !== this.overviewMode) {
      this.overviewMode = overview;
      this.overviewShape.visible(overview);
      for (const g of Object.values(this.groups)) g.visible(!overview);
      if (!overview) this.groups.labels.visible(!this.detail.bitmap);
    }
    for (const entry of this.chunks) {
      const inView = !overview && intersects(entry.geometry.rect, view);
      if (inView && !entry.shapes) entry.shapes = this.createShapes(entry);
      else if (!inView && entry.shapes) this.destroyShapes(entry);
      else if (inView && lodChanged && entry.shapes) this.uncache(entry);
    }
  }

  private createShapes(entry: ChunkEntry): Record<Pass, Konva.Shape> {
    const make = (pass: Pass) => {
      const shape = new Konva.Shape({
        listening: false,
        perfectDrawEnabled: false,
        sceneFunc: (ctx) => this.drawChunk(ctx._context, entry, pass),
      });
      this.groups[pass].add(shape);
      return shape;
    };
    return { base: make('base'), features: make('features'), labels: make('labels') };
  }

  private destroyShapes(entry: ChunkEntry): void {
    if (!entry.shapes) return;
    for (const s of Object.values(entry.shapes)) s.destroy();
    entry.shapes = null;
    entry.cachedAt = null;
  }

  private uncache(entry: ChunkEntry): void {
    if (!entry.shapes || entry.cachedAt === null) return;
    for (const s of Object.values(entry.shapes)) s.clearCache();
    entry.cachedAt = null;
  }

  private clearChunks(): void {
    for (const e of this.chunks) this.destroyShapes(e);
    this.chunks = [];
  }

  private drawChunk(ctx: CanvasRenderingContext2D, entry: ChunkEntry, pass: Pass): void {
    const model = this.model;
    if (!model) return;
    const geometry = entry.geometry;
    const d: DrawContext = {
      ctx,
      model,
      chunk: geometry,
      size: CELL_SIZE,
      scale: this._view.scale,
      detail: this.detail,
      corners: this.corners,
      layers: this.layers,
    };
    if (pass === 'base') {
      if (this.detail.bitmap) {
        const b = (entry.bitmap ??= makeBitmap(model, geometry));
        drawBitmap(ctx, b.canvas, b.left, b.top, b.width, b.height);
      } else drawBase(d);
    } else if (pass === 'features') drawFeatures(d);
    else if (!this.detail.bitmap) drawLabels(d);
  }

  private scheduleSettle(): void {
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => {
      this.settleTimer = null;
      this.cacheVisible();
    }, SETTLE_MS);
  }

  /** Cache chunks in view at the current zoom so panning blits bitmaps instead of re-drawing. */
  private cacheVisible(): void {
    const key = `${detailKey(this.detail)}@${this._view.scale.toFixed(5)}`;
    const ratio = this._view.scale * (window.devicePixelRatio || 1);
    let changed = false;
    for (const entry of this.chunks) {
      if (!entry.shapes || entry.cachedAt === key) continue;
      const r = entry.geometry.rect;
      if (Math.max(r.width, r.height) * ratio > MAX_CACHE_PX) {
        this.uncache(entry);
        continue;
      }
      for (const [pass, shape] of Object.entries(entry.shapes)) {
        // Far out the label pass is hidden; an empty cache would only hold memory.
        if (pass === 'labels' && this.detail.bitmap) shape.clearCache();
        else shape.cache({ x: r.x, y: r.y, width: r.width, height: r.height, pixelRatio: ratio });
      }
      entry.cachedAt = key;
      changed = true;
    }
    if (changed) this.staticLayer.batchDraw();
  }

  private drawOverview(ctx: CanvasRenderingContext2D): void {
    const model = this.model;
    if (!model) return;
    const bounds = model.grid.bounds(CELL_SIZE);
    if (!this.overviewBitmap) {
      const k = OVERVIEW_PX / Math.max(bounds.width, bounds.height);
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(bounds.width * k));
      canvas.height = Math.max(1, Math.round(bounds.height * k));
      drawThumbnail(canvas, model);
      this.overviewBitmap = canvas;
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

/** Moves changed sides into or out of their owner chunk's lists, so a partial redraw sees them. */
function rebucket(model: MapModel, buckets: EdgeBuckets, changed: Iterable<EdgeId>): void {
  const sets = { rivers: model.riverSet, lakeShores: model.lakeShoreSet, roads: model.roadSet, rails: model.railSet } as const;
  for (const edge of changed) {
    const [a, b] = model.grid.edgeCells(edge);
    const owner = model.grid.inMap(a) ? a : model.grid.inMap(b) ? b : null;
    if (!owner) continue;
    const key = chunkKeyOf(owner);
    for (const feature of ['rivers', 'lakeShores', 'roads', 'rails'] as const) {
      const list = buckets[feature].get(key) ?? [];
      const at = list.indexOf(edge);
      const has = sets[feature].has(edge);
      if (has && at < 0) list.push(edge);
      else if (!has && at >= 0) list.splice(at, 1);
      buckets[feature].set(key, list);
    }
  }
}

/** Chunk geometry is built the first time the chunk is drawn (its rect is cheap, the rest is not). */
function lazyGeometry(
  model: MapModel,
  range: { c0: number; r0: number; c1: number; r1: number },
  edges: () => EdgeBuckets,
): ChunkGeometry {
  let built: ChunkGeometry | null = null;
  const get = () => (built ??= buildChunk(model, CELL_SIZE, range, edges()));
  return {
    ...range,
    key: '',
    rect: chunkRect(model, CELL_SIZE, range),
    get centers() {
      return get().centers;
    },
    get rivers() {
      return get().rivers;
    },
    get lakeShores() {
      return get().lakeShores;
    },
    get roads() {
      return get().roads;
    },
    get rails() {
      return get().rails;
    },
    get sharedRoutes() {
      return get().sharedRoutes;
    },
    get bridges() {
      return get().bridges;
    },
    get borders() {
      return get().borders;
    },
  };
}

function makeBitmap(model: MapModel, g: ChunkGeometry) {
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
