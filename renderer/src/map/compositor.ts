// The map's Konva stage, used as Konva: a static layer whose pictures are Konva nodes (the
// mosaic, one shape copying the finished tiles in view — the tile canvases the scheduler keeps
// are its cached bitmaps; a shape drawing the stand-ins where tiles are still missing; and the
// overview image of a very large map seen from far out); the traced picture (map.underlay) on
// its own layer; and an interactive layer of real nodes for what the pointer touches: a shape
// drawing the hovered and the selected cell's outlines, a shape for what a screen draws over the
// map (the designer's tool feedback, the test-play picture) and the test-play counters, a node
// each (counter-nodes.ts). Only public Konva API.
//
// The static layer is not transformed: tiles are placed in whole device pixels, so a tile on
// screen is its canvas pixel for pixel. Nothing on it is pointed at, so the tiles are not a
// Konva.Image each: measured with bench:editor (a pan at 32 px per cell, about 30 tiles in
// view), placing and drawing a node per tile cost a pan frame 0.2–0.3 ms more than the one
// shape's copies, the whole frame of the map before Konva (514db07) being 0.6 ms. After an
// edit, with the view and the tiles in it as before, only the pixels the edit painted again are
// cleared and copied (see planParts), not every tile in view.
//
// The underlay layer carries the view (map px → CSS px). The interactive layer carries it only
// while the test-play counters are on it (Konva hit-tests them between frames, in map px); its
// two shapes draw straight at the view instead (see atView), since moving a layer's transform
// every frame of a pan (its children's caches cleared, change events fired) and four Konva.Lines
// for two outlines cost the pan frame more than the map before Konva spent on all of it.
import Konva from 'konva';
import type { Point, Rect } from '../../../shared/grid/types.js';
import type { ChunkCache } from './chunk-cache.js';
import { union } from './chunk-cache.js';
import type { MapLevel, Repainted, Tile } from './tile-scheduler.js';
import { slotNumber, tileRect, tileSpan, type Slot, type TileStore } from './tiles.js';
import { intersects, type View } from './viewport.js';

// Draws are asked for explicitly (a frame of the map's loop, a redraw after an outline or the
// underlay changed); nodes brought up to date while a layer is being drawn must not ask for yet
// another draw, or the map would redraw itself every frame. This is the app's only Konva user.
Konva.autoDrawEnabled = false;

/**
 * A piece of a tile copied to the static layer's canvas when the layer is drawn in part: the
 * pixels (sx, sy, width × height) of `canvas` (the tile, or the scratch canvas the edit was
 * painted on, with the same pixels) go to (dx, dy) of the layer's canvas, device px.
 */
export interface Part {
  readonly canvas: HTMLCanvasElement;
  readonly sx: number;
  readonly sy: number;
  readonly dx: number;
  readonly dy: number;
  readonly width: number;
  readonly height: number;
}

/** What the static layer's canvas shows: these tiles, each at its place in the tiling (device px from ox, oy). */
export interface Shown {
  readonly tiles: readonly Tile[];
  readonly ox: number;
  readonly oy: number;
  /** The canvas's size, device px. */
  readonly width: number;
  readonly height: number;
}

/** What the compositor shows, asked for each time the static layer is drawn. */
export interface StaticSource {
  /** Nothing to show yet. */
  empty(): boolean;
  /** Far out on a very large map: the overview bitmap instead of tiles. */
  overview(): boolean;
  level(): MapLevel;
  visibleSlots(level: MapLevel): Slot[];
  readonly tiles: TileStore<HTMLCanvasElement>;
  readonly chunks: ChunkCache;
  /** The map's bounds (map px), for the overview image. */
  bounds(): Rect | null;
  /** The frame number stamped on tiles drawn (the store keeps recently drawn ones). */
  frame(): number;
  /**
   * Tiles whose pictures changed in place since the last call (an edit's patch, a settle),
   * each with the box of its pixels that changed (tile px) and where else they can be read.
   */
  repainted(): ReadonlyMap<Tile, Repainted>;
}

/** How the static layer on screen compares with the tiles it shows (see MapStage.checkScreen). */
export interface ScreenCheck {
  /** How the tiles were drawn: one shape copying them all, or the overview image instead. */
  mode: 'mosaic' | 'overview';
  tiles: number;
  /** Pixels of the layer that differ from the tile they belong to. */
  pixelsOff: number;
  /** How often the layer has been drawn in part (only the pixels an edit painted again) so far. */
  drawsInPart: number;
}

/** A cell outline to show (map px), styled as hover or selection. */
export type Outline = readonly Point[] | null;

export class MapStage {
  private readonly stage: Konva.Stage;
  private readonly staticLayer: Konva.Layer;
  private readonly standIns: Konva.Shape;
  /** Copies the finished tiles in view, each at its place in the tiling (whole device px from ox, oy). */
  private readonly mosaic: Konva.Shape;
  private mosaicTiles: { tiles: Tile[]; ox: number; oy: number } | null = null;
  /** While the layer is drawn in part: the pieces of tiles the mosaic copies, and nothing else. */
  private parts: readonly Part[] | null = null;
  /** Far out: the overview image, drawn by one shape straight at the view (see drawOverview). */
  private readonly overview: Konva.Shape;
  private overviewImage: { bitmap: CanvasImageSource; at: Rect } | null = null;
  private readonly underlayLayer: Konva.Layer;
  private readonly underlayNode: Konva.Image;
  private readonly interactiveLayer: Konva.Layer;
  /** The hovered and the selected cell's outlines (map px), drawn by one shape (see drawOutlines). */
  private hoverOutline: Outline = null;
  private selectedOutline: Outline = null;
  private counters: Konva.Group | null = null;
  private overlayDrawer: ((ctx: CanvasRenderingContext2D, scale: number) => void) | null = null;
  /** The interactive layer's 2D context (the layer keeps its canvas element; a resize sizes it). */
  private interactiveContext: CanvasRenderingContext2D | null = null;
  /**
   * The interactive layer's canvas was cleared and nothing drawn on it, and nothing to draw has
   * come since: drawing it again would clear a blank canvas (see drawInteractive).
   */
  private interactiveBlank = false;
  private view: View = { scale: 1, x: 0, y: 0 };
  /**
   * Layers whose picture is out of date (their content, or the view they carry, changed since
   * they were last drawn): a draw covers only these, so a pan does not clear the hidden
   * underlay's canvas, a hover change does not redraw the map, and a layer asked for by both
   * the map's frame and an outline change is drawn once.
   */
  private readonly stale = new Set<Konva.Layer>();
  private drawRequested = false;
  private destroyed = false;
  /**
   * What the stand-in shape draws this frame: where tiles are missing (the box round them, and
   * the missing slots by slotNumber), in the tiling's device px.
   */
  private gap: { rect: Rect; slots: Set<number>; level: MapLevel; ox: number; oy: number } | null = null;
  /**
   * What the static layer's canvas shows since its last draw: these tiles, each copied whole
   * at its place in the tiling (device px origin ox, oy), on a canvas this size. Null when it
   * shows something else too (stand-ins, the overview) or must be drawn afresh (a resize).
   */
  private shown: Shown | null = null;
  /** True while a draw planned by drawStatic runs (its beforeDraw must not plan again). */
  private planned = false;
  private drawsInPart = 0;

  constructor(
    private readonly container: HTMLDivElement,
    width: number,
    height: number,
    private readonly source: StaticSource,
  ) {
    this.stage = new Konva.Stage({ container, width, height, listening: false });
    this.staticLayer = new Konva.Layer({ listening: false });
    this.standIns = new Konva.Shape({ listening: false, visible: false, sceneFunc: (ctx) => this.drawStandIns(ctx) });
    this.mosaic = new Konva.Shape({ listening: false, visible: false, sceneFunc: (ctx) => this.drawMosaic(ctx) });
    this.overview = new Konva.Shape({ listening: false, visible: false, sceneFunc: (ctx) => this.drawOverview(ctx) });
    this.staticLayer.add(this.standIns, this.mosaic, this.overview);
    // The nodes follow the view and the tiles made so far each time the layer is drawn (also
    // when Konva draws it itself, after a resize: then whole).
    this.staticLayer.on('beforeDraw', () => {
      if (!this.planned) this.syncStatic(false);
    });

    this.underlayLayer = new Konva.Layer({ listening: false, visible: false });
    this.underlayNode = new Konva.Image({ image: undefined, listening: false });
    this.underlayLayer.add(this.underlayNode);

    this.interactiveLayer = new Konva.Layer({ listening: false });
    const outlines = new Konva.Shape({ listening: false, sceneFunc: () => this.drawOutlines(this.atView()) });
    // What a screen draws over the map, with the layer's own 2D context (map px, view applied).
    const overlay = new Konva.Shape({
      listening: false,
      sceneFunc: () => {
        if (this.overlayDrawer) this.overlayDrawer(this.atView(), this.view.scale);
      },
    });
    this.interactiveLayer.add(outlines, overlay);
    this.stage.add(this.staticLayer, this.underlayLayer, this.interactiveLayer);
    // The layers carrying the view are moved to it as they are drawn (see setView); the
    // interactive layer only while it listens (its shapes draw at the view themselves).
    this.underlayLayer.on('beforeDraw', () => this.follow(this.underlayLayer));
    this.interactiveLayer.on('beforeDraw', () => {
      if (this.interactiveLayer.listening()) this.follow(this.interactiveLayer);
    });
  }

  get pixelRatio(): number {
    return this.staticLayer.getCanvas().getPixelRatio() || 1;
  }

  /** The layers, for the benchmarks' frame probe (their draws count as the map's work). */
  get layers(): readonly Konva.Layer[] {
    return this.stage.getLayers();
  }

  containerBox(): DOMRect {
    return this.container.getBoundingClientRect();
  }

  resize(width: number, height: number): void {
    this.shown = null;
    this.stage.size({ width, height });
  }

  setView(view: View): void {
    this.view = view;
    // A listening layer is hit-tested between frames (the test-play counters' drags): its nodes
    // follow the view at once. Otherwise the layers carrying the view are moved when next drawn,
    // once per frame however many pointer events came in (a Konva transform change is not free).
    if (this.interactiveLayer.listening()) this.follow(this.interactiveLayer);
    if (this.underlayLayer.visible()) this.stale.add(this.underlayLayer);
    // The static and interactive layers are drawn by the frame that follows a view change (see draw).
  }

  /** Puts `node` where the view says (map px → CSS px), in one change of its transform, unless it is there. */
  private follow(node: Konva.Node): void {
    const v = this.view;
    if (node.x() === v.x && node.y() === v.y && node.scaleX() === v.scale && node.scaleY() === v.scale) return;
    node.setAttrs({ x: v.x, y: v.y, scaleX: v.scale, scaleY: v.scale });
  }

  /**
   * Draws `layer`'s scene; its hit graph only while it listens (a layer that does not listen has
   * none, and Konva's draw would still size and clear its hit canvas each time).
   */
  private drawLayer(layer: Konva.Layer): void {
    layer.drawScene();
    // The layer's own flag: the stage listens exactly when the interactive layer does (counterGroup).
    if (layer.listening()) layer.drawHit();
  }

  /** Puts the traced picture under the map's terrain (`below`) or over the map. */
  setUnderlayBelow(below: boolean): void {
    if (below === (this.underlayLayer.getZIndex() === 0)) return;
    if (below) this.underlayLayer.moveToBottom();
    else this.underlayLayer.zIndex(1);
    this.redraw(this.underlayLayer);
  }

  /**
   * Draws the static and the interactive layer now (what the screens draw over the map follows
   * their state, which may have changed with the map), and the underlay when out of date.
   */
  draw(): void {
    this.stale.add(this.staticLayer);
    this.stale.add(this.interactiveLayer);
    this.drawStale();
  }

  /** Redraws the interactive layer on the next animation frame. */
  redrawOverlay(): void {
    this.redraw(this.interactiveLayer);
  }

  setUnderlay(u: { image: CanvasImageSource; x: number; y: number; scale: number; rotation: number; opacity: number } | null, cellSize: number): void {
    if (!u) this.underlayLayer.visible(false);
    else {
      this.underlayNode.setAttrs({ image: u.image, x: u.x * cellSize, y: u.y * cellSize, scaleX: u.scale * cellSize, scaleY: u.scale * cellSize, rotation: u.rotation, opacity: u.opacity });
      this.underlayLayer.visible(true);
    }
    // Hidden, its canvas is not shown (display: none): nothing to clear.
    if (u) this.redraw(this.underlayLayer);
  }

  setHover(outline: Outline): void {
    this.hoverOutline = outline;
    this.redraw(this.interactiveLayer);
  }

  setSelected(outline: Outline): void {
    this.selectedOutline = outline;
    this.redraw(this.interactiveLayer);
  }

  setOverlayDrawer(draw: ((ctx: CanvasRenderingContext2D, scale: number) => void) | null): void {
    this.overlayDrawer = draw;
    this.redraw(this.interactiveLayer);
  }

  /**
   * The group of test-play counter nodes (map/counter-nodes.ts), over the overlay; made on first
   * use, when the stage and the interactive layer start listening so Konva's hit canvas finds them.
   */
  counterGroup(): Konva.Group {
    if (!this.counters) {
      this.counters = new Konva.Group();
      this.interactiveLayer.add(this.counters);
      this.interactiveLayer.listening(true);
      this.stage.listening(true);
      // Hit-tested from now on between frames too: at the view now (see setView).
      this.follow(this.interactiveLayer);
    }
    return this.counters;
  }

  destroy(): void {
    this.destroyed = true;
    this.stage.destroy();
  }

  /**
   * For tests, once every tile in view is made: the static layer drawn now, compared pixel by
   * pixel with the tiles it shows, each where the tiling puts it. Null while tiles are missing.
   */
  checkScreen(): ScreenCheck | null {
    // Drawn as a frame draws it (only what changed, when the view is as before), so the check
    // covers what drawing in part leaves on screen too.
    this.drawStatic();
    if (this.gap) return null;
    if (this.overview.visible()) return { mode: 'overview', tiles: 0, pixelsOff: 0, drawsInPart: this.drawsInPart };
    const layer = this.staticLayer.getNativeCanvasElement();
    const screen = layer.getContext('2d')!.getImageData(0, 0, layer.width, layer.height).data;
    const tiles = this.mosaicTiles?.tiles ?? [];
    const dpr = this.pixelRatio;
    const ox = Math.round(this.view.x * dpr);
    const oy = Math.round(this.view.y * dpr);
    let pixelsOff = 0;
    for (const tile of tiles) {
      const size = tile.level.size;
      const x0 = tile.slot.i * size + ox;
      const y0 = tile.slot.j * size + oy;
      const left = Math.max(0, x0);
      const top = Math.max(0, y0);
      const right = Math.min(layer.width, x0 + size);
      const bottom = Math.min(layer.height, y0 + size);
      if (right <= left || bottom <= top) continue;
      const own = tile.canvas.getContext('2d')!.getImageData(left - x0, top - y0, right - left, bottom - top).data;
      for (let y = top; y < bottom; y++)
        for (let x = left; x < right; x++) {
          const a = (y * layer.width + x) * 4;
          const b = ((y - top) * (right - left) + (x - left)) * 4;
          if (screen[a] !== own[b] || screen[a + 1] !== own[b + 1] || screen[a + 2] !== own[b + 2] || screen[a + 3] !== own[b + 3]) pixelsOff++;
        }
    }
    return { mode: 'mosaic', tiles: tiles.length, pixelsOff, drawsInPart: this.drawsInPart };
  }

  /**
   * The interactive layer's 2D context with the view applied (map px → device px), whatever
   * transform the layer has: the shapes drawing with it need not follow the view.
   */
  private atView(): CanvasRenderingContext2D {
    // The layer keeps its canvas element (a resize sizes it), so its context is looked up once.
    const c = (this.interactiveContext ??= this.interactiveLayer.getNativeCanvasElement().getContext('2d')!);
    const v = this.view;
    const k = this.pixelRatio;
    c.setTransform(v.scale * k, 0, 0, v.scale * k, v.x * k, v.y * k);
    return c;
  }

  /**
   * The hovered cell's outline (tinted inside) under the selected cell's, each a white halo
   * under a blue line, lines `width` CSS px wide at any zoom. `c` has the view applied.
   */
  private drawOutlines(c: CanvasRenderingContext2D): void {
    if (this.hoverOutline) outline(c, this.hoverOutline, this.pixelRatio, HOVER);
    if (this.selectedOutline) outline(c, this.selectedOutline, this.pixelRatio, SELECTED);
  }

  /** `layer` is drawn again on the next animation frame (or sooner, by the map's own frame). */
  private redraw(layer: Konva.Layer): void {
    this.stale.add(layer);
    this.requestDraw();
  }

  private requestDraw(): void {
    if (this.drawRequested || this.destroyed) return;
    this.drawRequested = true;
    requestAnimationFrame(() => {
      this.drawRequested = false;
      if (!this.destroyed) this.drawStale();
    });
  }

  /** Draws the layers whose picture is out of date, in stacking order. */
  private drawStale(): void {
    if (this.stale.size === 0) return;
    for (const layer of this.stage.getLayers()) {
      if (!this.stale.delete(layer)) continue;
      if (layer === this.staticLayer) this.drawStatic();
      else if (layer === this.interactiveLayer) this.drawInteractive();
      else this.drawLayer(layer);
    }
  }

  /**
   * Draws the interactive layer, unless it would stay blank: nothing on it now, and its canvas
   * already cleared with nothing on it (a pan with no outline, no screen drawing over the map
   * and no counters would otherwise clear the blank canvas every frame).
   */
  private drawInteractive(): void {
    const blank = !this.hoverOutline && !this.selectedOutline && !this.overlayDrawer && !this.counters?.hasChildren();
    if (blank && this.interactiveBlank) return;
    this.drawLayer(this.interactiveLayer);
    this.interactiveBlank = blank;
  }

  /**
   * Draws the static layer: whole, or, when the view and the tiles in it are as at the last
   * draw, only the pixels painted again since (a brush stroke's patches), or nothing at all.
   */
  private drawStatic(): void {
    const plan = this.syncStatic(true);
    if (plan === 'none') return;
    this.planned = true;
    // Drawn in part: the canvas is not cleared; the mosaic clears and copies just the pieces
    // of tiles that changed (the rest of the canvas still shows the same tiles at the same place).
    const parts = plan === 'whole' ? null : plan;
    if (parts) {
      this.staticLayer.clearBeforeDraw(false);
      this.parts = parts;
      this.drawsInPart++;
    }
    try {
      this.drawLayer(this.staticLayer);
    } finally {
      this.planned = false;
      if (parts) {
        this.staticLayer.clearBeforeDraw(true);
        this.parts = null;
      }
    }
  }

  /**
   * The static layer's nodes for this frame: the finished tiles of the current zoom copied in
   * whole device px, over stand-ins where some are missing (tiles of earlier zooms, stretched,
   * over the chunks' cell bitmaps); or, far out, the overview image.
   */
  private syncStatic(inPart: boolean): 'whole' | 'none' | Part[] {
    const src = this.source;
    const repainted = src.repainted();
    const ready: Tile[] = [];
    this.gap = null;
    this.mosaicTiles = null;
    let plan: 'whole' | 'none' | Part[] = 'whole';
    if (src.empty() || src.overview()) {
      this.shown = null;
      const bitmap = src.empty() ? null : src.chunks.overviewBitmap();
      const b = src.bounds();
      // No Konva node follows the view here: moving a node's transform every frame of a pan
      // (its caches cleared, change events fired) cost more than the image's own copy.
      this.overviewImage = bitmap && b ? { bitmap, at: b } : null;
      this.overview.visible(this.overviewImage !== null);
    } else {
      this.overviewImage = null;
      this.overview.visible(false);
      const level = src.level();
      const dpr = this.pixelRatio;
      const frame = src.frame();
      // Whole device pixels for the tile grid, so neighbouring tiles meet without seams.
      const ox = Math.round(this.view.x * dpr);
      const oy = Math.round(this.view.y * dpr);
      let missing: Rect | null = null;
      const slots = new Set<number>();
      for (const slot of src.visibleSlots(level)) {
        const tile = src.tiles.get(level, slot);
        if (!tile) {
          missing = union(missing, tileRect(level, slot));
          slots.add(slotNumber(slot.i, slot.j));
          continue;
        }
        ready.push(tile);
        tile.used = frame;
      }
      if (missing) this.gap = { rect: missing, slots, level, ox, oy };
      // Konva's record of the canvas's size in device px (not the element's, a DOM read per frame).
      const canvas = this.staticLayer.getCanvas();
      const now = this.gap ? null : { tiles: ready, ox, oy, width: canvas.width, height: canvas.height };
      if (inPart) plan = planParts(this.shown, now, repainted);
      // What the canvas shows after this draw.
      this.shown = now;
      this.mosaicTiles = { tiles: ready, ox, oy };
    }
    this.mosaic.visible(this.mosaicTiles !== null);
    this.standIns.visible(this.gap !== null);
    return plan;
  }

  /**
   * The tiles in view, each copied pixel for pixel at its place in the tiling; drawn in part,
   * only the pieces of them that changed.
   */
  private drawMosaic(ctx: Konva.Context): void {
    const m = this.mosaicTiles;
    if (!m) return;
    ctx.save();
    if (this.parts) {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      copyParts(ctx, this.parts);
    } else {
      ctx.setTransform(1, 0, 0, 1, m.ox, m.oy);
      for (const tile of m.tiles) {
        const size = tile.level.size;
        ctx.drawImage(tile.canvas, tile.slot.i * size, tile.slot.j * size);
      }
    }
    ctx.restore();
  }

  /** The overview image where the map lies, at the view (map px → device px). */
  private drawOverview(ctx: Konva.Context): void {
    const o = this.overviewImage;
    if (!o) return;
    const v = this.view;
    const k = this.pixelRatio;
    ctx.save();
    ctx.setTransform(v.scale * k, 0, 0, v.scale * k, v.x * k, v.y * k);
    ctx.drawImage(o.bitmap, o.at.x, o.at.y, o.at.width, o.at.height);
    ctx.restore();
  }

  /**
   * Where tiles are missing: the chunks' cell bitmaps, then older zooms' tiles stretched over
   * them; only those that reach into a missing tile (the finished ones cover the rest).
   */
  private drawStandIns(ctx: Konva.Context): void {
    const g = this.gap;
    if (!g) return;
    const src = this.source;
    const frame = src.frame();
    const span = tileSpan(g.level);
    const needed = (x: number, y: number, width: number, height: number) => {
      const i1 = Math.ceil((x + width) / span);
      const j1 = Math.ceil((y + height) / span);
      for (let j = Math.floor(y / span); j < j1; j++) for (let i = Math.floor(x / span); i < i1; i++) if (g.slots.has(slotNumber(i, j))) return true;
      return false;
    };
    ctx.save();
    ctx.setTransform(g.level.ratio, 0, 0, g.level.ratio, g.ox, g.oy);
    ctx.imageSmoothingEnabled = false;
    // Chunks share their block's bitmap: each is drawn once.
    const drawn = new Set<HTMLCanvasElement>();
    for (const entry of src.chunks.in(g.rect)) {
      const r = entry.geometry.rect;
      if (!needed(r.x, r.y, r.width, r.height)) continue;
      const b = src.chunks.bitmap(entry);
      if (drawn.has(b.canvas)) continue;
      drawn.add(b.canvas);
      ctx.drawImage(b.canvas, b.left, b.top, b.width, b.height);
    }
    ctx.imageSmoothingEnabled = true;
    for (const tile of src.tiles.backdrop(g.level) as Tile[]) {
      const r = tileRect(tile.level, tile.slot);
      if (!intersects(r, g.rect) || !needed(r.x, r.y, r.width, r.height)) continue;
      ctx.drawImage(tile.canvas, r.x, r.y, r.width, r.height);
      tile.used = frame;
    }
    ctx.restore();
  }
}


/** How a cell outline looks: its line (CSS px wide at any zoom) over a white halo 2 px wider, and a tint inside. */
interface OutlineStyle {
  readonly colour: string;
  readonly width: number;
  readonly fill: string | null;
}

const HOVER: OutlineStyle = { colour: 'rgba(31,111,235,0.9)', width: 2, fill: 'rgba(31,111,235,0.10)' };
const SELECTED: OutlineStyle = { colour: '#1f6feb', width: 3, fill: null };
const HALO = 'rgba(255,255,255,0.9)';

/**
 * One cell outline on `c` (view applied; `k` device px per CSS px): the path in map px, filled
 * there, then stroked at k alone, so its lines are as wide on screen at every zoom.
 */
function outline(c: CanvasRenderingContext2D, pts: readonly Point[], k: number, style: OutlineStyle): void {
  if (pts.length === 0) return;
  c.beginPath();
  c.moveTo(pts[0]!.x, pts[0]!.y);
  for (let i = 1; i < pts.length; i++) c.lineTo(pts[i]!.x, pts[i]!.y);
  c.closePath();
  if (style.fill) {
    c.fillStyle = style.fill;
    c.fill();
  }
  c.save();
  c.setTransform(k, 0, 0, k, 0, 0);
  c.lineJoin = 'round';
  c.strokeStyle = HALO;
  c.lineWidth = style.width + 2;
  c.stroke();
  c.strokeStyle = style.colour;
  c.lineWidth = style.width;
  c.stroke();
  c.restore();
}

/**
 * Whether the static layer can be drawn in part: when the canvas shows (`was`) the same tiles at
 * the same place as this draw would (`now`; null with stand-ins in view), only the pixels
 * painted again since need copying: for each such tile in view, its changed box (`repainted`,
 * tile px) where it falls on the canvas, read from the tile or from where the edit was painted. None when nothing in view changed; 'whole' otherwise.
 */
export function planParts(was: Shown | null, now: Shown | null, repainted: ReadonlyMap<Tile, Repainted>): 'whole' | 'none' | Part[] {
  if (!now || !was) return 'whole';
  if (was.ox !== now.ox || was.oy !== now.oy || was.width !== now.width || was.height !== now.height) return 'whole';
  if (was.tiles.length !== now.tiles.length || was.tiles.some((t, k) => t !== now.tiles[k])) return 'whole';
  const parts: Part[] = [];
  if (repainted.size === 0) return 'none';
  for (const tile of now.tiles) {
    const r = repainted.get(tile);
    if (!r) continue;
    const px = r.box;
    const size = tile.level.size;
    // The tile's origin on the canvas; the box cut to the canvas.
    const tx = tile.slot.i * size + now.ox;
    const ty = tile.slot.j * size + now.oy;
    const x0 = Math.max(0, tx + px.x);
    const y0 = Math.max(0, ty + px.y);
    const x1 = Math.min(now.width, tx + px.x + px.width);
    const y1 = Math.min(now.height, ty + px.y + px.height);
    if (x1 <= x0 || y1 <= y0) continue;
    // Read from where the edit was painted when it can be (see Repainted.from), else from the tile.
    const f = r.from;
    const sx = f ? f.x + (x0 - tx - px.x) : x0 - tx;
    const sy = f ? f.y + (y0 - ty - px.y) : y0 - ty;
    parts.push({ canvas: f ? f.canvas : tile.canvas, sx, sy, dx: x0, dy: y0, width: x1 - x0, height: y1 - y0 });
  }
  return parts.length ? parts : 'none';
}

/** What parts are copied onto: a 2D context, or Konva's wrapper of one. */
export interface PartTarget {
  clearRect(x: number, y: number, width: number, height: number): void;
  drawImage(image: HTMLCanvasElement, sx: number, sy: number, sw: number, sh: number, dx: number, dy: number, dw: number, dh: number): void;
}

/**
 * Clears and copies each part onto `ctx` (device px, no transform). The tiles are copied 1:1 at
 * whole pixels, so a piece copied is exactly what copying the whole tile puts there.
 */
export function copyParts(ctx: PartTarget, parts: readonly Part[]): void {
  for (const p of parts) {
    ctx.clearRect(p.dx, p.dy, p.width, p.height);
    ctx.drawImage(p.canvas, p.sx, p.sy, p.width, p.height, p.dx, p.dy, p.width, p.height);
  }
}
