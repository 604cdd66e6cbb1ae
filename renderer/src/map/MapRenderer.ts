// The map canvas of every map screen (designer, test-play): plain TypeScript that a Svelte view
// owns and talks to. It puts together the parts, each in a file of its own:
// - viewport.ts: the view and the pan/zoom gestures (one controller, shared with the minimap);
// - chunk-cache.ts: blocks of 16×16 cells with their geometry and far-zoom bitmaps;
// - tile-scheduler.ts: screen-aligned tiles of the static map, made a few milliseconds' worth
//   per frame nearest the middle first, patched in place by edits and settled after;
// - compositor.ts: the Konva stage (tiles as Konva.Image nodes; hover, selection and a
//   screen's own drawing on the interactive layer);
// - probe.ts: what tests and benchmarks measure.
// Here: the open map, what changes it (edits, layers, counters, underlay) and the frame loop.

import type { Cell, EdgeId, GridGeometry, Point, Rect } from '../../../shared/grid/types.js';
import { paintCacheOf } from '../../../shared/paint/cache.js';
import { canvasFonts, type CanvasFont } from '../../../shared/paint/canvas-surface.js';
import { namesMoved, type CounterBoxes, type NameObstacles, type PlacedName } from '../../../shared/paint/place-names.js';
import type { SurfaceFonts } from '../../../shared/paint/surface.js';
import { ChunkCache, union, type ChunkEntry } from './chunk-cache.js';
import { CHUNK } from './chunks.js';
import { chunkLattice, tooManyChunks, type ChunkLattice } from './overview.js';
import { MapStage, type ScreenCheck } from './compositor.js';
import { CounterNodes } from './counter-nodes.js';
import { ALL_MAP_LAYERS, drawBitmap, paintTile, sameMapLayers, type MapLayers } from './draw.js';
import { detailFor, detailKey, type DetailLevel } from './lod.js';
import type { MapModel } from './model.js';
import { checkTiles, frameProbe, labelBoxes, type FrameProbe, type TileCheck } from './probe.js';
import { TileScheduler, type MapLevel } from './tile-scheduler.js';
import { tileSizeFor } from './tiles.js';
import { toMap, toScreen, visibleRect, Viewport, type View } from './viewport.js';

export type { TileCheck } from './probe.js';

/** Map pixels across one cell; all map geometry is computed at this size. */
export const CELL_SIZE = 100;
/**
 * With more chunks than this in view (only on very large maps, far out), the map is drawn as
 * one overview bitmap instead: thousands of chunks would each cover a few pixels.
 */
const OVERVIEW_CHUNKS = 300;
/** Main-thread time per frame spent making tiles (one tile is always made). */
const TILE_BUDGET_MS = 6;

export interface MapRendererEvents {
  /** The view changed (pan or zoom). */
  onView?(view: View): void;
  /** A full frame of the static map has been drawn after a model change. */
  onFirstDraw?(ms: number): void;
}

export class MapRenderer {
  /** The view: pan and zoom, and the gestures that change them (shared with the minimap). */
  readonly viewport: Viewport;
  private readonly picture: MapStage;
  private counterNodes: CounterNodes | null = null;
  private readonly chunks = new ChunkCache(CELL_SIZE);
  private readonly scheduler: TileScheduler;
  /** Where the open map's chunks lie, for the overview test of every view change (null: count them). */
  private lattice: ChunkLattice | null = null;
  /** Whether the map is drawn as its overview, and for which view and screen size (see overviewMode). */
  private overview: { view: View; width: number; height: number; on: boolean } | null = null;
  private model: MapModel | null = null;
  /** The grid layout the tiles and chunks were made for. */
  private shownGrid: GridGeometry | null = null;
  /** Fonts the painter measures names with (a canvas of their own, so tiles' state never leaks in). */
  private fonts: SurfaceFonts<CanvasFont> | null = null;
  private detail: DetailLevel = detailFor(CELL_SIZE);
  private level: MapLevel | null = null;
  /** Bumped when the layer toggles or the whole map's content change: every tile is redone. */
  private layersVersion = 0;
  private contentVersion = 0;
  private frameNo = 0;
  private frameRequested = false;
  private hover: Cell | null = null;
  private selected: Cell | null = null;
  private layers: MapLayers = { ...ALL_MAP_LAYERS };
  /** The counters the overlay draws over the map, which place names keep clear of. */
  private counters: CounterBoxes | null = null;
  /** Whether a tile of the open map has been drawn by the painter (names and all) rather than from cell bitmaps. */
  private painted = false;
  private destroyed = false;
  private readonly unsubscribe: () => void;

  constructor(
    container: HTMLDivElement,
    private readonly events: MapRendererEvents = {},
  ) {
    // From a whole 4096-cell map on screen to a single cell filling it.
    this.viewport = new Viewport({ min: 0.2 / CELL_SIZE, max: 1600 / CELL_SIZE });
    this.viewport.setSize(Math.max(1, container.clientWidth), Math.max(1, container.clientHeight));
    this.scheduler = new TileScheduler(
      {
        level: () => this.currentLevel(),
        visible: () => this.viewport.visible(),
        bounds: () => this.model?.grid.bounds(CELL_SIZE) ?? null,
        cellSize: CELL_SIZE,
      },
      (ctx, rect, level, only) => this.paint(ctx, rect, level, only),
      () => this.requestFrame(),
    );
    this.picture = new MapStage(container, this.width, this.height, {
      empty: () => this.model === null,
      overview: () => this.overviewMode,
      level: () => this.currentLevel(),
      visibleSlots: (level) => this.scheduler.visibleSlots(level),
      tiles: this.scheduler.store,
      chunks: this.chunks,
      bounds: () => this.model?.grid.bounds(CELL_SIZE) ?? null,
      frame: () => this.frameNo,
      // Edits made since the last draw are painted into the tiles first (once for them all).
      repainted: () => {
        this.flushPatches();
        return this.scheduler.takeRepainted();
      },
    });
    this.unsubscribe = this.viewport.subscribe(() => this.applyView(true));
  }

  get view(): View {
    return this.viewport.view;
  }
  private get width(): number {
    return this.viewport.width;
  }
  private get height(): number {
    return this.viewport.height;
  }

  /** The part of the map on screen, in cells (one cell is 1 across flats, from the map's top left). */
  get visibleCells(): Rect {
    const r = this.viewport.visible();
    return { x: r.x / CELL_SIZE, y: r.y / CELL_SIZE, width: r.width / CELL_SIZE, height: r.height / CELL_SIZE };
  }

  /**
   * Shows `image` placed as map.underlay says (cell units, scale in cells per image pixel,
   * rotation in degrees about its top-left corner), or hides the underlay with null.
   */
  setUnderlay(u: { image: CanvasImageSource; x: number; y: number; scale: number; rotation: number; opacity: number } | null): void {
    this.picture.setUnderlay(u, CELL_SIZE);
  }

  /** A point on the map view (CSS px from its top left) in cells from the map's top left. */
  pointInCells(p: Point): Point {
    const m = toMap(this.view, p);
    return { x: m.x / CELL_SIZE, y: m.y / CELL_SIZE };
  }

  /** Screen pixels across one cell at the current zoom. */
  get cellScreenPx(): number {
    return CELL_SIZE * this.view.scale;
  }

  /** Zoom as a fraction of physical size (1 = the printed cell size at 96 CSS px per inch). */
  get zoom(): number {
    return this.model ? this.cellScreenPx / this.model.physicalCellPx : 1;
  }

  /** Tiles of the current view still to be made (0 once the map on screen is sharp). */
  get pendingTiles(): number {
    if (!this.model || this.overviewMode) return 0;
    return this.scheduler.pending();
  }

  /** Shows `model`, fitted to the window unless `view` says where to look. */
  setModel(model: MapModel, view?: View): void {
    const t0 = performance.now();
    this.scheduler.clear();
    this.painted = false;
    this.model = model;
    this.shownGrid = model.grid;
    paintCacheOf(model).reset();
    this.chunks.reset(model);
    this.lattice = chunkLattice(model, CELL_SIZE);
    this.overview = null;
    this.contentVersion++;
    this.hover = null;
    this.selected = null;
    this.picture.setHover(null);
    this.picture.setSelected(null);
    this.viewport.setContent(model.grid.bounds(CELL_SIZE));
    if (view) this.viewport.setView(view);
    else this.viewport.fit();
    // Make every visible tile and draw now, so the time below covers the whole first frame.
    if (!this.overviewMode) this.scheduler.makeTiles(this.frameNo, Infinity, false);
    this.picture.draw();
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
    const v = this.view;
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
      this.chunks.forgetAll();
      this.contentVersion++;
      this.requestFrame();
      return;
    }
    const { grid } = model;
    const { cols, rows } = model;
    const dirty = new Set<ChunkEntry>();
    const box = grid.cellBox(CELL_SIZE);
    // Strokes (rivers, borders, bridges) reach a little past a cell's outline.
    const grow = Math.max(box.width, box.height) * 0.3;
    // One pass over the cells, without making a point or a neighbour list per cell (a pasted
    // block is ten thousand cells): the box round their centres, and the chunks holding them.
    // Their neighbours lie within one step, column and row, so the four diagonal cells name
    // every chunk a neighbour can be in, and one step's reach from the centres covers theirs.
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    let last: ChunkEntry | undefined;
    const chunk = (col: number, row: number) => {
      if (col < 0 || row < 0 || col >= cols || row >= rows) return;
      const entry = this.chunks.entryOf({ col, row });
      if (entry && entry !== last) dirty.add((last = entry));
    };
    for (const c of cells) {
      if (!grid.inMap(c)) continue;
      const x = grid.centerX(c.col, c.row, CELL_SIZE);
      const y = grid.centerY(c.col, c.row, CELL_SIZE);
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      chunk(c.col, c.row);
      if (neighbours) {
        chunk(c.col - 1, c.row - 1);
        chunk(c.col + 1, c.row - 1);
        chunk(c.col - 1, c.row + 1);
        chunk(c.col + 1, c.row + 1);
      }
    }
    if (x0 === Infinity) return;
    const reach = neighbours ? neighbourReach(grid) : { x: 0, y: 0 };
    const region: Rect = {
      x: x0 - reach.x - box.width / 2 - grow,
      y: y0 - reach.y - box.height / 2 - grow,
      width: x1 - x0 + 2 * reach.x + box.width + 2 * grow,
      height: y1 - y0 + 2 * reach.y + box.height + 2 * grow,
    };
    let area: Rect = region;
    // Names are placed for the whole map: an edit can move a name (or its neighbours') nearby.
    const avoid = this.nameObstacles();
    const before = cache.placedNames(avoid).list;
    cache.changed(cells, edges);
    const after = cache.placedNames(avoid).list;
    for (const r of this.namesMovedArea(before, after)) area = union(area, r);
    // The overview is patched when next shown, once for all the edits made meanwhile.
    this.chunks.forget(dirty, area);
    // Painted into the tiles when the map is next drawn, together with the other edits until then.
    this.scheduler.patch(area);
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
    // No tile drawn by the painter yet (a map just opened, seen from far out as cell bitmaps):
    // no name is on screen to move, and placing them (twice, over the whole map) can wait
    // until a tile shows them.
    if (!this.painted) {
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
    this.chunks.forget([], area);
    this.scheduler.repaintWhole(this.level, area);
  }

  /**
   * For tests: the place names as placed now and the counters they keep clear of, as boxes in
   * container pixels (a name's box from the placement's text-width estimate, baseline to cap).
   */
  labelBoxes(): { names: { cell: string; text: string; box: Rect }[]; counters: { cell: string; box: Rect }[] } {
    if (!this.model) return { names: [], counters: [] };
    return labelBoxes(this.model, this.view, CELL_SIZE, this.nameObstacles());
  }

  resize(width: number, height: number): void {
    if (width < 1 || height < 1) return;
    this.picture.resize(width, height);
    this.viewport.setSize(width, height);
  }

  /** Physical size: the printed cell size on screen. */
  zoomToActualSize(): void {
    if (!this.model) return;
    this.viewport.zoomBy(this.model.physicalCellPx / this.cellScreenPx);
  }

  /** The cell under a point in container pixels (may lie outside the map). */
  cellAt(p: Point): Cell | null {
    if (!this.model) return null;
    return this.model.grid.pixelToCell(toMap(this.view, p), CELL_SIZE);
  }

  /** Centre of a cell in container pixels. */
  cellCenter(cell: Cell): Point | null {
    if (!this.model) return null;
    return toScreen(this.view, this.model.grid.center(cell, CELL_SIZE));
  }

  setHover(cell: Cell | null): void {
    if (sameCell(cell, this.hover)) return;
    this.hover = cell;
    this.showOutlines();
  }

  setSelected(cell: Cell | null): void {
    if (sameCell(cell, this.selected)) return;
    this.selected = cell;
    this.showOutlines();
  }

  /** Draws extra feedback on the interactive layer (map pixels; `scale` = screen px per map px). */
  setOverlayDrawer(draw: ((ctx: CanvasRenderingContext2D, scale: number) => void) | null): void {
    this.picture.setOverlayDrawer(draw);
  }

  /** The test-play counters, a Konva node each on the interactive layer (made on first use). */
  get playCounters(): CounterNodes {
    return (this.counterNodes ??= new CounterNodes(this.picture.counterGroup()));
  }

  /**
   * Shows or hides map layers and sets their opacity (the Layers panel, the View toggles), and
   * puts the underlay over the map or under its terrain (`underlayBelow`).
   */
  setLayers(layers: MapLayers, underlayBelow = false): void {
    this.picture.setUnderlayBelow(underlayBelow);
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
   * may differ a little, because a stroke's pixels depend on the other segments in its path.
   */
  checkTiles(): TileCheck {
    const level = this.level;
    if (!level || !this.model) return { tiles: 0, slight: 0, large: 0, maxDifference: 0, worst: null, slightArea: null };
    this.flushPatches();
    return checkTiles(level, this.scheduler.store.tilesOf(level), (ctx, rect, l) => this.paint(ctx, rect, l));
  }

  /** For tests: the static layer on screen against the tiles it shows (see MapStage.checkScreen). */
  checkScreen(): ScreenCheck | null {
    return this.model ? this.picture.checkScreen() : null;
  }

  /** Draws the stage now rather than on the next frame (benchmarks time a stroke with it). */
  drawNow(): void {
    this.picture.draw();
  }

  /** Where the map's box is on the page (client px). */
  containerBox(): DOMRect {
    return this.picture.containerBox();
  }

  /**
   * For benchmarks: per animation frame, the main-thread time the map spent (view changes,
   * making tiles, layer draws) and the frame interval, until `stop`.
   */
  startFrameProbe(): FrameProbe {
    return frameProbe([
      [this, 'applyView', 'view'],
      [this, 'renderFrame', 'frame'],
      [this.scheduler, 'work', 'tiles'],
      [this.scheduler, 'makeTiles', 'tiles'],
      [this.picture, 'draw', 'draw'],
      // A layer is drawn by its draw (scene and hit graph) or by its scene and hit graph drawn apart.
      ...this.picture.layers.flatMap((l) => (['draw', 'drawScene', 'drawHit'] as const).map((m) => [l, m, 'draw'] as const)),
    ]);
  }

  /** Redraw the interactive layer only (tool feedback moved). */
  redrawOverlay(): void {
    this.picture.redrawOverlay();
  }

  destroy(): void {
    this.destroyed = true;
    this.unsubscribe();
    this.scheduler.destroy();
    this.chunks.clear();
    this.counterNodes?.destroy();
    this.picture.destroy();
  }

  // --- internals -------------------------------------------------------------------------

  private showOutlines(): void {
    const model = this.model;
    const corners = (cell: Cell | null) => (model && cell && model.grid.inMap(cell) ? model.grid.corners(cell, CELL_SIZE) : null);
    this.picture.setHover(this.hover && !sameCell(this.hover, this.selected) ? corners(this.hover) : null);
    this.picture.setSelected(corners(this.selected));
  }

  /** Paints the edits made since the last draw into the current zoom's tiles. */
  private flushPatches(): void {
    if (this.scheduler.patchesPending) this.scheduler.flush(this.model ? this.currentLevel() : null);
  }

  private nameObstacles(): NameObstacles {
    return { markers: this.layers.markers, units: false, counters: this.counters };
  }

  /** The boxes (map pixels) of the names that differ between two placements. */
  private namesMovedArea(before: readonly PlacedName[], after: readonly PlacedName[]): Rect[] {
    if (after === before || !this.model) return [];
    return namesMoved(this.model, before, after).map((r) => ({ x: r.x * CELL_SIZE, y: r.y * CELL_SIZE, width: r.width * CELL_SIZE, height: r.height * CELL_SIZE }));
  }

  private applyView(draw: boolean): void {
    const v = this.view;
    this.picture.setView(v);
    this.detail = detailFor(this.cellScreenPx);
    if (!this.level || Math.abs(this.level.scale - v.scale) > 1e-12) this.scheduler.zoomed();
    this.events.onView?.(v);
    if (draw) this.requestFrame();
  }

  /**
   * Far out on a very large map: too many chunks in view, the overview bitmap is shown instead of
   * tiles. Worked out when asked, once per view (a pan's pointer events come faster than frames).
   */
  private get overviewMode(): boolean {
    const o = this.overview;
    const { view, width, height } = this;
    if (o && o.view === view && o.width === width && o.height === height) return o.on;
    // A map of no more chunks than that is never drawn as its overview: nothing to count. On a
    // larger one the chunks' lattice mostly settles it without counting them (see overview.ts).
    const model = this.model;
    const many = model !== null && Math.ceil(model.cols / CHUNK) * Math.ceil(model.rows / CHUNK) > OVERVIEW_CHUNKS;
    const seen = visibleRect(view, width, height);
    const on = many && tooManyChunks(this.lattice, seen, OVERVIEW_CHUNKS, CELL_SIZE, () => this.chunks.countIn(seen, OVERVIEW_CHUNKS));
    this.overview = { view, width, height, on };
    return on;
  }

  /** The tiling for the current view; a new one whenever what tiles show would change. */
  private currentLevel(): MapLevel {
    const scale = this.view.scale;
    const ratio = scale * this.picture.pixelRatio;
    const key = `${ratio.toPrecision(10)}|${detailKey(this.detail)}|l${this.layersVersion}|c${this.contentVersion}`;
    if (this.level?.key !== key) {
      this.level = { key, ratio, scale, size: tileSizeFor(CELL_SIZE * ratio), detail: this.detail };
    }
    return this.level;
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
    this.flushPatches();
    const more = this.model && !this.overviewMode ? this.scheduler.work(this.frameNo, TILE_BUDGET_MS) : false;
    this.picture.draw();
    if (this.level) this.scheduler.store.trim(this.level, this.frameNo);
    if (more) this.requestFrame();
  }

  /** Draws the map in `rect` (map pixels): far out the chunks' cell bitmaps, else the painter. */
  private paint(ctx: CanvasRenderingContext2D, rect: Rect, level: MapLevel, only?: Rect): void {
    const model = this.model;
    if (!model) return;
    if (level.detail.bitmap) {
      for (const b of this.chunks.bitmapsIn(rect)) drawBitmap(ctx, b.canvas, b.left, b.top, b.width, b.height);
      return;
    }
    this.fonts ??= canvasFonts(document.createElement('canvas').getContext('2d')!);
    this.painted = true;
    paintTile(ctx, model, CELL_SIZE, only ?? rect, level.ratio, this.layers, this.fonts, this.counters);
  }
}

function sameCell(a: Cell | null, b: Cell | null): boolean {
  return a === b || (a !== null && b !== null && a.col === b.col && a.row === b.row);
}

const reaches = new WeakMap<GridGeometry, Point>();

/** How far (map px at CELL_SIZE) a neighbour's centre lies from a cell's, at most, across and down. */
function neighbourReach(grid: GridGeometry): Point {
  let r = reaches.get(grid);
  if (!r) {
    let x = 0;
    let y = 0;
    // Both parities of the shifted line (hex columns or rows, brick rows).
    for (const c of [{ col: 2, row: 2 }, { col: 3, row: 3 }]) {
      for (const d of grid.directions) {
        const n = grid.step(c, d);
        if (!n) continue;
        x = Math.max(x, Math.abs(grid.centerX(n.col, n.row, CELL_SIZE) - grid.centerX(c.col, c.row, CELL_SIZE)));
        y = Math.max(y, Math.abs(grid.centerY(n.col, n.row, CELL_SIZE) - grid.centerY(c.col, c.row, CELL_SIZE)));
      }
    }
    reaches.set(grid, (r = { x, y }));
  }
  return r;
}
