// Pan/zoom maths, free of Konva and the DOM. A view maps map pixels to screen pixels:
// screen = map * scale + (x, y).

import type { Point, Rect } from '../../../shared/grid/types.js';

export interface View {
  readonly scale: number;
  readonly x: number;
  readonly y: number;
}

export interface ZoomLimits {
  readonly min: number;
  readonly max: number;
}

export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Zoom by `factor` keeping the map point under `at` (screen px) where it is. */
export function zoomAt(view: View, factor: number, at: Point, limits: ZoomLimits): View {
  const scale = clamp(view.scale * factor, limits.min, limits.max);
  const k = scale / view.scale;
  return { scale, x: at.x - (at.x - view.x) * k, y: at.y - (at.y - view.y) * k };
}

/** The view that shows all of `bounds` centred in a `width`×`height` screen with a margin. */
export function fitView(bounds: Rect, width: number, height: number, margin: number, limits: ZoomLimits): View {
  const sx = (width - 2 * margin) / Math.max(1, bounds.width);
  const sy = (height - 2 * margin) / Math.max(1, bounds.height);
  const scale = clamp(Math.min(sx, sy), limits.min, limits.max);
  return {
    scale,
    x: (width - bounds.width * scale) / 2 - bounds.x * scale,
    y: (height - bounds.height * scale) / 2 - bounds.y * scale,
  };
}

/** The map-pixel rectangle a screen of `width`×`height` shows. */
export function visibleRect(view: View, width: number, height: number): Rect {
  return { x: -view.x / view.scale, y: -view.y / view.scale, width: width / view.scale, height: height / view.scale };
}

export function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

export const toScreen = (view: View, p: Point): Point => ({ x: p.x * view.scale + view.x, y: p.y * view.scale + view.y });
export const toMap = (view: View, p: Point): Point => ({ x: (p.x - view.x) / view.scale, y: (p.y - view.y) / view.scale });

// --- the controller ------------------------------------------------------------------------

/** Which gestures a screen's viewport answers to. */
export interface PanZoomInput {
  /**
   * Whether a left-button drag starting with `e` pans (the Hand tool, Space held, or empty
   * board in test-play). Middle-button drags always pan. A press that does not move past a few
   * pixels stays a click: the screen's own handlers see it as usual.
   */
  leftPans?(e: PointerEvent): boolean;
  /** Pixels a press must move before it becomes a pan (default 3). */
  threshold?: number;
}

/** Screen px an arrow key pans by. */
export const ARROW_STEP = 80;
/** Zoom factor per +/− key or button. */
export const ZOOM_STEP = 1.25;
const WHEEL_RATE = 0.0015;
/** Pinch (Ctrl+wheel from a trackpad) zooms faster per pixel than a wheel's notch. */
const PINCH_RATE = 0.01;

/**
 * The one viewport and input controller of every map screen (designer, both test-plays, the
 * minimap), free of Konva, Svelte and the map: the view (map px → screen px), the size of the
 * screen and of the content, zoom limits, the gestures that change the view (middle-button,
 * Space and Hand drags, wheel about the cursor, trackpad pinch and two-finger scroll, two-finger
 * touch pinch, arrow and +/−/0 keys) and subscribers told of every change.
 *
 * A screen makes one, `attach`es it to the element the map is in, and asks `handled(e)` in its
 * own pointer handlers: an event the controller took for a pan is not also a click or a stroke.
 */
export class Viewport {
  private _view: View = { scale: 1, x: 0, y: 0 };
  private _width = 1;
  private _height = 1;
  private content: Rect | null = null;
  private readonly listeners = new Set<(view: View) => void>();
  private readonly taken = new WeakSet<Event>();
  private spaceHeld = false;
  private press: { pointer: number; x: number; y: number; moved: boolean; button: number } | null = null;
  private readonly touches = new Map<number, Point>();
  private pinch: { distance: number; scale: number } | null = null;
  private detachInput: (() => void) | null = null;
  /** The attached element, and its box on the page as last read (see local). */
  private element: HTMLElement | null = null;
  private box: { left: number; top: number } | null = null;

  constructor(
    public limits: ZoomLimits,
    /** Screen px left round the content by `fit`. */
    readonly margin = 24,
  ) {}

  get view(): View {
    return this._view;
  }
  get width(): number {
    return this._width;
  }
  get height(): number {
    return this._height;
  }
  /** A pan gesture is under way (for a grabbing cursor). */
  get panning(): boolean {
    return this.press?.moved === true || this.pinch !== null;
  }
  /** Space is held: a left drag pans. */
  get spaceDown(): boolean {
    return this.spaceHeld;
  }

  /** Called with the new view after every change; returns the unsubscribe. */
  subscribe(fn: (view: View) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  setView(view: View): void {
    const scale = clamp(view.scale, this.limits.min, this.limits.max);
    const v = scale === view.scale ? view : { ...view, scale };
    if (!Number.isFinite(v.x) || !Number.isFinite(v.y) || !Number.isFinite(v.scale)) return;
    this._view = v;
    for (const fn of [...this.listeners]) fn(v);
  }

  /** The screen's size in CSS px; a first real size fits the content. */
  setSize(width: number, height: number): void {
    if (width < 1 || height < 1) return;
    const first = this._width <= 1 || this._height <= 1;
    this._width = width;
    this._height = height;
    if (first && this.content) this.fit();
    else this.setView(this._view);
  }

  /** The content's extent (map px), what `fit` shows. */
  setContent(bounds: Rect | null): void {
    this.content = bounds;
  }

  fit(): void {
    if (!this.content) return;
    this.setView(fitView(this.content, this._width, this._height, this.margin, this.limits));
  }

  panBy(dx: number, dy: number): void {
    this.setView({ ...this._view, x: this._view.x + dx, y: this._view.y + dy });
  }

  /** Zoom by `factor` about `at` (screen px; the middle of the screen by default). */
  zoomBy(factor: number, at?: Point): void {
    this.setView(zoomAt(this._view, factor, at ?? { x: this._width / 2, y: this._height / 2 }, this.limits));
  }

  /** Puts map point `p` in the middle of the screen, at `scale` (the current one by default). */
  centreOn(p: Point, scale = this._view.scale): void {
    const s = clamp(scale, this.limits.min, this.limits.max);
    this.setView({ scale: s, x: this._width / 2 - p.x * s, y: this._height / 2 - p.y * s });
  }

  /** Shows `rect` (map px, e.g. one cell) as large as fits, centred, no larger than `maxScale`. */
  zoomToRect(rect: Rect, maxScale = this.limits.max): void {
    const v = fitView(rect, this._width, this._height, this.margin, { min: this.limits.min, max: Math.min(maxScale, this.limits.max) });
    this.setView(v);
  }

  /** Brings map point `p` into view (panning only) when it is within `margin` px of an edge or outside. */
  reveal(p: Point, margin = 60): void {
    const s = this.toScreen(p);
    if (s.x < margin || s.y < margin || s.x > this._width - margin || s.y > this._height - margin) this.centreOn(p);
  }

  toScreen(p: Point): Point {
    return toScreen(this._view, p);
  }
  toWorld(p: Point): Point {
    return toMap(this._view, p);
  }
  /** The map-px rectangle on screen. */
  visible(): Rect {
    return visibleRect(this._view, this._width, this._height);
  }

  /**
   * A pointer event's place in the attached element (CSS px from its top left). The element's box
   * is read once and kept until it may have moved (the element resized, the window resized or
   * something scrolled, a new press or the pointer coming back in): reading it for every pointer
   * event made the browser lay the page out again whenever a view change had touched the DOM
   * (the minimap's frame, the zoom in the status bar), once per event.
   */
  local(e: { clientX: number; clientY: number }): Point {
    const el = this.element;
    if (!el) return { x: e.clientX, y: e.clientY };
    const box = (this.box ??= el.getBoundingClientRect());
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  }

  /** True when the controller took `e` (a pan, pinch or wheel): the screen leaves it alone. */
  handled(e: Event): boolean {
    return this.taken.has(e);
  }

  /**
   * The view keys: arrows pan, + and − zoom, 0 fits, Space held makes a left drag pan. True when
   * the key was one of them (the caller prevents its default). Keys typed into fields are the
   * caller's to filter out.
   */
  key(e: KeyboardEvent): boolean {
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    switch (e.key) {
      case 'ArrowLeft':
        this.panBy(ARROW_STEP, 0);
        return true;
      case 'ArrowRight':
        this.panBy(-ARROW_STEP, 0);
        return true;
      case 'ArrowUp':
        this.panBy(0, ARROW_STEP);
        return true;
      case 'ArrowDown':
        this.panBy(0, -ARROW_STEP);
        return true;
      case '+':
      case '=':
        this.zoomBy(ZOOM_STEP);
        return true;
      case '-':
      case '_':
        this.zoomBy(1 / ZOOM_STEP);
        return true;
      case '0':
        this.fit();
        return true;
      case ' ':
        this.spaceHeld = true;
        return true;
      default:
        return false;
    }
  }

  keyUp(e: KeyboardEvent): void {
    if (e.key === ' ') this.spaceHeld = false;
  }

  /** Listens for the pan and zoom gestures on `el` (the box the map fills); returns the detach. */
  attach(el: HTMLElement, input: PanZoomInput = {}): () => void {
    this.detachInput?.();
    const threshold = input.threshold ?? 3;
    this.element = el;
    this.box = null;
    const moved = () => {
      this.box = null;
    };
    const local = (e: MouseEvent): Point => this.local(e);
    // Whatever can move the element on the page forgets its box (see local).
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(moved);
    resized?.observe(el);
    const win = typeof window === 'undefined' ? null : window;
    win?.addEventListener('resize', moved);
    win?.addEventListener('scroll', moved, { capture: true, passive: true });
    // Before the other listeners of a press or an entry see the event, so they read the box anew.
    el.addEventListener('pointerdown', moved, { capture: true });
    el.addEventListener('pointerenter', moved);
    const onWheel = (e: WheelEvent) => {
      if (over(e)) return;
      e.preventDefault();
      this.taken.add(e);
      const px = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? this._height : 1;
      if (e.ctrlKey) {
        // A trackpad pinch arrives as Ctrl+wheel with small deltas.
        this.zoomBy(Math.exp(-e.deltaY * px * PINCH_RATE), local(e));
      } else if (e.deltaX !== 0 && e.deltaMode === 0) {
        // Two fingers on a trackpad scroll both ways: pan.
        this.panBy(-e.deltaX, -e.deltaY);
      } else {
        this.zoomBy(Math.exp(-e.deltaY * px * WHEEL_RATE), local(e));
      }
    };
    // Panels laid over the map (the minimap, a name editor) keep their own pointer.
    const over = (e: Event) => e.target instanceof Element && e.target !== el && e.target.closest('[data-no-pan]') !== null;
    const onDown = (e: PointerEvent) => {
      if (over(e)) return;
      if (e.pointerType === 'touch') {
        this.touches.set(e.pointerId, local(e));
        if (this.touches.size === 2) {
          const [a, b] = [...this.touches.values()] as [Point, Point];
          this.pinch = { distance: Math.hypot(a.x - b.x, a.y - b.y), scale: this._view.scale };
          this.press = null;
          this.taken.add(e);
          return;
        }
      }
      const pans = e.button === 1 || (e.button === 0 && (this.spaceHeld || (input.leftPans?.(e) ?? false)));
      if (!pans) return;
      this.press = { pointer: e.pointerId, x: e.clientX, y: e.clientY, moved: false, button: e.button };
      el.setPointerCapture?.(e.pointerId);
      if (e.button === 1) {
        e.preventDefault();
        this.taken.add(e);
      }
    };
    const onMove = (e: PointerEvent) => {
      if (this.touches.has(e.pointerId)) this.touches.set(e.pointerId, local(e));
      if (this.pinch && this.touches.size === 2) {
        this.taken.add(e);
        const [a, b] = [...this.touches.values()] as [Point, Point];
        const d = Math.hypot(a.x - b.x, a.y - b.y);
        const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
        const target = (this.pinch.scale * d) / Math.max(1, this.pinch.distance);
        this.zoomBy(target / this._view.scale, mid);
        return;
      }
      const p = this.press;
      if (!p || p.pointer !== e.pointerId) return;
      const dx = e.clientX - p.x;
      const dy = e.clientY - p.y;
      if (!p.moved && Math.abs(dx) + Math.abs(dy) <= threshold) return;
      p.moved = true;
      p.x = e.clientX;
      p.y = e.clientY;
      this.taken.add(e);
      this.panBy(dx, dy);
    };
    const onUp = (e: PointerEvent) => {
      this.touches.delete(e.pointerId);
      if (this.pinch) {
        this.taken.add(e);
        if (this.touches.size < 2) this.pinch = null;
        return;
      }
      const p = this.press;
      if (!p || p.pointer !== e.pointerId) return;
      this.press = null;
      if (el.hasPointerCapture?.(e.pointerId)) el.releasePointerCapture(e.pointerId);
      if (p.moved || p.button === 1) this.taken.add(e);
      // Listeners that show a grab cursor learn the pan ended.
      if (p.moved) this.setView(this._view);
    };
    const onAux = (e: MouseEvent) => {
      if (e.button === 1) e.preventDefault();
    };
    // Not passive: the wheel zooms the map instead of scrolling the page.
    el.addEventListener('wheel', onWheel, { passive: false });
    el.addEventListener('pointerdown', onDown);
    el.addEventListener('pointermove', onMove);
    el.addEventListener('pointerup', onUp);
    el.addEventListener('pointercancel', onUp);
    el.addEventListener('auxclick', onAux);
    const detach = () => {
      resized?.disconnect();
      win?.removeEventListener('resize', moved);
      win?.removeEventListener('scroll', moved, { capture: true });
      el.removeEventListener('pointerdown', moved, { capture: true });
      el.removeEventListener('pointerenter', moved);
      if (this.element === el) {
        this.element = null;
        this.box = null;
      }
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('pointerdown', onDown);
      el.removeEventListener('pointermove', onMove);
      el.removeEventListener('pointerup', onUp);
      el.removeEventListener('pointercancel', onUp);
      el.removeEventListener('auxclick', onAux);
      this.press = null;
      this.pinch = null;
      this.touches.clear();
      if (this.detachInput === detach) this.detachInput = null;
    };
    this.detachInput = detach;
    return detach;
  }
}
