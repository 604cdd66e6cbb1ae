// The print drawing surface (surface.ts) on any Canvas 2D context: a browser's canvas or
// OffscreenCanvas, or a Skia canvas in Node (@napi-rs/canvas, see electron/print/raster.ts).
// A thin adapter: each surface call maps onto one or two context calls, so a new surface
// method is a line here. The context is described structurally (the calls used, nothing
// more) so shared/ stays free of DOM and Node types and both kinds of canvas fit.
//
// Two things keep it fast where every call into the canvas costs (in Node each is a native
// call, ~1-2 µs): shapes are gathered as SVG path data and handed over as one Path2D per
// paint (in whole sixteenths of a device pixel: integers turn into text many times faster
// than fractions, and anti-aliasing resolves no finer), and paint in the same style one after another (every woods cell, the grid's sides)
// is merged into one path and painted once. Styles are applied to the context when a paint
// is flushed, and only those that changed. The result is what painting each shape alone
// gives, less the faint seams anti-aliasing leaves between neighbouring fills.
import type { Point, Rect } from '../grid/index.js';
import { rgbToHex, type Align, type PrintFont, type PrintSurface, type Rgb } from './surface.js';

type LineCap = 'butt' | 'round' | 'square';
type LineJoin = 'bevel' | 'miter' | 'round';
type TextAlign = 'center' | 'end' | 'left' | 'right' | 'start';
type TextBaseline = 'alphabetic' | 'bottom' | 'hanging' | 'ideographic' | 'middle' | 'top';

/** The part of CanvasRenderingContext2D the surface uses. */
export interface Canvas2D<P = unknown> {
  save(): void;
  restore(): void;
  fill(path: P): void;
  stroke(path: P): void;
  clip(path: P): void;
  fillStyle: unknown;
  strokeStyle: unknown;
  lineWidth: number;
  lineCap: LineCap;
  lineJoin: LineJoin;
  setLineDash(segments: number[]): void;
  font: string;
  textAlign: TextAlign;
  textBaseline: TextBaseline;
  fillText(text: string, x: number, y: number): void;
  strokeText(text: string, x: number, y: number): void;
  measureText(text: string): { width: number };
}

/** The PDF's standard Helvetica, or the closest the system has. */
export const CANVAS_FONT_FAMILY = 'Helvetica, Arial, "Liberation Sans", "Nimbus Sans", "DejaVu Sans", sans-serif';
const MEASURE_PX = 100;

export class Canvas2DFont implements PrintFont {
  /** The family it is drawn in (an SVG names it for its viewer). */
  readonly family = CANVAS_FONT_FAMILY;
  private readonly widths = new Map<string, number>();
  constructor(
    private readonly ctx: Canvas2D,
    readonly weight: 400 | 700,
  ) {}

  css(size: number): string {
    return `${this.weight} ${size}px ${this.family}`;
  }

  /** Measured once at a large size and scaled: widths are linear in size, tiny sizes round badly. */
  width(text: string, size: number): number {
    let w = this.widths.get(text);
    if (w === undefined) {
      this.ctx.save();
      this.ctx.font = this.css(MEASURE_PX);
      w = this.ctx.measureText(text).width / MEASURE_PX;
      this.ctx.restore();
      this.widths.set(text, w);
    }
    return w * size;
  }
}

export function canvas2dFonts(ctx: Canvas2D): { regular: Canvas2DFont; bold: Canvas2DFont } {
  return { regular: new Canvas2DFont(ctx, 400), bold: new Canvas2DFont(ctx, 700) };
}

const ALIGN: Record<Align, TextAlign> = { left: 'left', centre: 'center', right: 'right' };


const cssColours = new Map<number, string>();

/** "#rrggbb" for a colour, remembered: the drawing code asks for the same few colours per cell. */
function css(c: Rgb): string {
  const key = Math.round(c[0] * 255) * 65536 + Math.round(c[1] * 255) * 256 + Math.round(c[2] * 255);
  let text = cssColours.get(key);
  if (text === undefined) {
    text = rgbToHex(c);
    cssColours.set(key, text);
  }
  return text;
}

/** Path data merged into one paint at most (about 2,000 hexes' outlines). */
const MERGE_CHARS = 64 * 1024;

interface PaintState {
  fill: string;
  stroke: string;
  width: number;
  dash: string;
  cap: LineCap;
  join: LineJoin;
}

export class Canvas2DSurface<P = unknown> implements PrintSurface<Canvas2DFont> {
  private state: PaintState = { fill: '#000000', stroke: '#000000', width: 1, dash: '', cap: 'butt', join: 'miter' };
  private readonly stack: PaintState[] = [];
  /** What the context has now, so unchanged styles are not set again. */
  private applied: PaintState | null = null;
  private d = '';
  private pending: { key: string; kind: 'fill' | 'stroke'; state: PaintState; d: string } | null = null;

  /** Path data units per drawing unit. */
  private readonly q: number;

  /**
   * `newPath(d, k)` makes the context's Path2D from SVG path data whose coordinates are to be
   * multiplied by `k` (Path2D.addPath with a scale). `pxPerUnit`: device pixels per drawing
   * unit under the transform the caller set; lines thinner than `minLinePx` are drawn at that
   * width so hairlines stay visible.
   */
  constructor(
    readonly ctx: Canvas2D<P>,
    private readonly newPath: (d: string, scale: number) => P,
    private readonly pxPerUnit: number,
    private readonly minLinePx = 0.5,
  ) {
    this.q = 16 * pxPerUnit;
  }

  private n(v: number): string {
    return String(Math.round(v * this.q));
  }

  /** Paints what is still gathered; call before reading the pixels or changing the transform. */
  flush(): this {
    const p = this.pending;
    if (!p) return this;
    this.pending = null;
    const ctx = this.ctx;
    const a = this.applied;
    const s = p.state;
    if (p.kind === 'fill') {
      if (a?.fill !== s.fill) ctx.fillStyle = s.fill;
    } else {
      if (a?.stroke !== s.stroke) ctx.strokeStyle = s.stroke;
      if (a?.width !== s.width) ctx.lineWidth = s.width;
      if (a?.dash !== s.dash) ctx.setLineDash(s.dash ? s.dash.split(',').map(Number) : []);
      if (a?.cap !== s.cap) ctx.lineCap = s.cap;
      if (a?.join !== s.join) ctx.lineJoin = s.join;
    }
    this.applied = p.kind === 'fill' ? { ...(a ?? s), fill: s.fill } : { ...s, fill: a?.fill ?? s.fill };
    const path = this.newPath(p.d, 1 / this.q);
    if (p.kind === 'fill') ctx.fill(path);
    else ctx.stroke(path);
    return this;
  }

  private paint(kind: 'fill' | 'stroke'): this {
    const d = this.d;
    this.d = '';
    if (!d) return this;
    const s = this.state;
    const key = kind === 'fill' ? `f${s.fill}` : `s${s.stroke} ${s.width} ${s.dash} ${s.cap} ${s.join}`;
    // Painted in pieces of bounded length: a path string growing for the whole map would
    // outlive the young generation and keep the garbage collector busy.
    if (this.pending?.key === key && this.pending.d.length < MERGE_CHARS) this.pending.d += d;
    else {
      this.flush();
      this.pending = { key, kind, state: s, d };
    }
    return this;
  }

  save(): this {
    this.flush();
    this.stack.push(this.state);
    this.ctx.save();
    return this;
  }
  restore(): this {
    this.flush();
    this.state = this.stack.pop() ?? this.state;
    this.ctx.restore();
    // The context is back to what it had at the save; what that was is not tracked.
    this.applied = null;
    return this;
  }
  private clipTo(): this {
    this.flush();
    const d = this.d;
    this.d = '';
    this.ctx.clip(this.newPath(d || 'M0 0Z', 1 / this.q));
    return this;
  }
  clipRect(r: Rect): this {
    return this.rect(r).clipTo();
  }
  clipPolygon(points: readonly Point[]): this {
    return this.path(points, true).clipTo();
  }
  strokeStyle(colour: Rgb, width: number, dash: readonly number[] = []): this {
    this.state = { ...this.state, stroke: css(colour), width: Math.max(width, this.minLinePx / this.pxPerUnit), dash: dash.join(',') };
    return this;
  }
  fillStyle(colour: Rgb): this {
    const fill = css(colour);
    if (fill !== this.state.fill) this.state = { ...this.state, fill };
    return this;
  }
  roundJoins(): this {
    this.state = { ...this.state, cap: 'round', join: 'round' };
    return this;
  }
  buttCaps(): this {
    this.state = { ...this.state, cap: 'butt', join: 'miter' };
    return this;
  }
  path(points: readonly Point[], close: boolean): this {
    // The first point absolute, the rest as steps from the one before (in the same whole
    // units, so nothing drifts): short numbers are what Skia's path parser reads fastest.
    if (points.length === 0) return this;
    const q = this.q;
    let px = Math.round(points[0]!.x * q);
    let py = Math.round(points[0]!.y * q);
    let d = `M${px} ${py}`;
    for (let i = 1; i < points.length; i++) {
      const x = Math.round(points[i]!.x * q);
      const y = Math.round(points[i]!.y * q);
      d += `l${x - px} ${y - py}`;
      px = x;
      py = y;
    }
    this.d += close ? `${d}z` : d;
    return this;
  }
  segment(a: Point, b: Point): this {
    const q = this.q;
    const x = Math.round(a.x * q);
    const y = Math.round(a.y * q);
    this.d += `M${x} ${y}l${Math.round(b.x * q) - x} ${Math.round(b.y * q) - y}`;
    return this;
  }
  circle(c: Point, r: number): this {
    return this.ellipse(c, r, r);
  }
  ellipse(c: Point, rx: number, ry: number): this {
    // Two arcs, closed: a subpath of its own, as in PDF.
    const x0 = this.n(c.x + rx);
    const x1 = this.n(c.x - rx);
    const y = this.n(c.y);
    this.d += `M${x0} ${y}A${this.n(rx)} ${this.n(ry)} 0 1 1 ${x1} ${y}A${this.n(rx)} ${this.n(ry)} 0 1 1 ${x0} ${y}Z`;
    return this;
  }
  rect(r: Rect): this {
    this.d += `M${this.n(r.x)} ${this.n(r.y)}h${this.n(r.width)}v${this.n(r.height)}h${this.n(-r.width)}Z`;
    return this;
  }
  stroke(): this {
    return this.paint('stroke');
  }
  fill(): this {
    return this.paint('fill');
  }
  text(font: Canvas2DFont, size: number, x: number, y: number, text: string, align: Align = 'left'): this {
    this.flush();
    const ctx = this.ctx;
    ctx.fillStyle = this.state.fill;
    if (this.applied) this.applied = { ...this.applied, fill: this.state.fill };
    ctx.font = font.css(size);
    ctx.textAlign = ALIGN[align];
    ctx.textBaseline = 'alphabetic';
    ctx.fillText(text, x, y);
    return this;
  }
  haloText(font: Canvas2DFont, size: number, x: number, y: number, text: string, halo: Rgb, align: Align = 'left'): this {
    this.flush();
    const ctx = this.ctx;
    ctx.save();
    ctx.font = font.css(size);
    ctx.textAlign = ALIGN[align];
    ctx.textBaseline = 'alphabetic';
    ctx.strokeStyle = css(halo);
    ctx.lineWidth = size * 0.22;
    ctx.lineJoin = 'round';
    ctx.setLineDash([]);
    ctx.strokeText(text, x, y);
    ctx.restore();
    return this.text(font, size, x, y, text, align);
  }
}
