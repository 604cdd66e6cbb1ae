// The drawing surface (surface.ts) on a Canvas 2D context: the screen's map tiles, thumbnails,
// the print preview and PNG export in the renderer, and any Node canvas with the same API
// (@napi-rs/canvas) in the command line and tests. The context is typed by the few members used,
// so this file needs neither the DOM nor Node.
//
// The caller sets the context's transform (its units → pixels) first. Paths are built on the
// context itself and cleared after each paint, which keeps the surface's PDF-like model without
// allocating a Path2D per shape.
import type { Point, Rect } from '../grid/types.js';
import { rgbToCss, type Align, type FillRule, type LineCap, type LineJoin, type Rgb, type Surface, type SurfaceFont, type SurfaceFonts, type SurfaceImage } from './surface.js';

/** The members of CanvasRenderingContext2D this surface uses. */
export interface Canvas2D {
  save(): void;
  restore(): void;
  transform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  bezierCurveTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): void;
  closePath(): void;
  rect(x: number, y: number, w: number, h: number): void;
  ellipse(x: number, y: number, rx: number, ry: number, rotation: number, start: number, end: number): void;
  fill(rule?: FillRule): void;
  stroke(): void;
  clip(rule?: FillRule): void;
  setLineDash(segments: number[]): void;
  fillText(text: string, x: number, y: number): void;
  strokeText(text: string, x: number, y: number): void;
  measureText(text: string): { width: number };
  drawImage(image: never, x: number, y: number, w: number, h: number): void;
  fillStyle: unknown;
  strokeStyle: unknown;
  lineWidth: number;
  lineCap: string;
  lineJoin: string;
  globalAlpha: number;
  font: string;
  textAlign: string;
  textBaseline: string;
}

/** The system's Helvetica or its nearest: what the PDF's standard fonts look like. */
export const SANS = 'Helvetica, Arial, "Liberation Sans", "Nimbus Sans", sans-serif';
const MEASURE_PX = 100;

export class CanvasFont implements SurfaceFont {
  private readonly widths = new Map<string, number>();
  constructor(
    private readonly ctx: Canvas2D,
    readonly weight: 400 | 700,
    /** The family it is drawn in (an SVG names it for its viewer). */
    readonly family = SANS,
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
      if (this.widths.size > 4000) this.widths.clear();
      this.widths.set(text, w);
    }
    return w * size;
  }
}

export function canvasFonts(ctx: Canvas2D, family = SANS): SurfaceFonts<CanvasFont> {
  return { regular: new CanvasFont(ctx, 400, family), bold: new CanvasFont(ctx, 700, family) };
}

const ALIGN: Record<Align, string> = { left: 'left', centre: 'center', right: 'right' };

export class CanvasSurface implements Surface<CanvasFont> {
  private fillAlpha = 1;
  private strokeAlpha = 1;
  private readonly saved: [number, number][] = [];

  /**
   * `pxPerUnit`: device pixels per drawing unit under the transform the caller set; lines
   * thinner than `minLinePx` are drawn at that width so hairlines stay visible.
   */
  constructor(
    readonly ctx: Canvas2D,
    private readonly pxPerUnit = 1,
    private readonly minLinePx = 0,
  ) {
    ctx.beginPath();
  }

  save(): this {
    this.saved.push([this.fillAlpha, this.strokeAlpha]);
    this.ctx.save();
    return this;
  }
  restore(): this {
    [this.fillAlpha, this.strokeAlpha] = this.saved.pop() ?? [1, 1];
    this.ctx.restore();
    return this;
  }
  transform(a: number, b: number, c: number, d: number, e: number, f: number): this {
    this.ctx.transform(a, b, c, d, e, f);
    return this;
  }
  fillStyle(colour: Rgb, alpha = 1): this {
    this.ctx.fillStyle = rgbToCss(colour);
    this.fillAlpha = alpha;
    return this;
  }
  strokeStyle(colour: Rgb, width: number, dash: readonly number[] = [], alpha = 1): this {
    const ctx = this.ctx;
    ctx.strokeStyle = rgbToCss(colour);
    ctx.lineWidth = this.minLinePx > 0 ? Math.max(width, this.minLinePx / this.pxPerUnit) : width;
    ctx.setLineDash(dash as number[]);
    this.strokeAlpha = alpha;
    return this;
  }
  lineStyle(cap: LineCap, join: LineJoin): this {
    this.ctx.lineCap = cap;
    this.ctx.lineJoin = join;
    return this;
  }
  roundJoins(): this {
    return this.lineStyle('round', 'round');
  }
  buttCaps(): this {
    return this.lineStyle('butt', 'miter');
  }
  moveTo(x: number, y: number): this {
    this.ctx.moveTo(x, y);
    return this;
  }
  lineTo(x: number, y: number): this {
    this.ctx.lineTo(x, y);
    return this;
  }
  bezierCurveTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): this {
    this.ctx.bezierCurveTo(c1x, c1y, c2x, c2y, x, y);
    return this;
  }
  closePath(): this {
    this.ctx.closePath();
    return this;
  }
  path(points: readonly Point[], close: boolean): this {
    const ctx = this.ctx;
    for (let i = 0; i < points.length; i++) {
      const p = points[i]!;
      if (i === 0) ctx.moveTo(p.x, p.y);
      else ctx.lineTo(p.x, p.y);
    }
    if (close && points.length) ctx.closePath();
    return this;
  }
  segment(a: Point, b: Point): this {
    this.ctx.moveTo(a.x, a.y);
    this.ctx.lineTo(b.x, b.y);
    return this;
  }
  circle(c: Point, r: number): this {
    return this.ellipse(c, r, r);
  }
  ellipse(c: Point, rx: number, ry: number): this {
    // A subpath of its own, as in PDF: no line joins it to what came before.
    this.ctx.moveTo(c.x + rx, c.y);
    this.ctx.ellipse(c.x, c.y, rx, ry, 0, 0, Math.PI * 2);
    this.ctx.closePath();
    return this;
  }
  rect(r: Rect): this {
    this.ctx.rect(r.x, r.y, r.width, r.height);
    return this;
  }
  private withAlpha(alpha: number, paint: () => void): void {
    if (alpha >= 1) return paint();
    const ctx = this.ctx;
    const before = ctx.globalAlpha;
    ctx.globalAlpha = before * alpha;
    paint();
    ctx.globalAlpha = before;
  }
  fill(rule: FillRule = 'nonzero'): this {
    this.withAlpha(this.fillAlpha, () => this.ctx.fill(rule));
    this.ctx.beginPath();
    return this;
  }
  stroke(): this {
    this.withAlpha(this.strokeAlpha, () => this.ctx.stroke());
    this.ctx.beginPath();
    return this;
  }
  fillAndStroke(rule: FillRule = 'nonzero'): this {
    this.withAlpha(this.fillAlpha, () => this.ctx.fill(rule));
    this.withAlpha(this.strokeAlpha, () => this.ctx.stroke());
    this.ctx.beginPath();
    return this;
  }
  clip(rule: FillRule = 'nonzero'): this {
    this.ctx.clip(rule);
    this.ctx.beginPath();
    return this;
  }
  clipRect(r: Rect): this {
    return this.rect(r).clip();
  }
  clipPolygon(points: readonly Point[]): this {
    return this.path(points, true).clip();
  }
  text(font: CanvasFont, size: number, x: number, y: number, text: string, align: Align = 'left'): this {
    const ctx = this.ctx;
    ctx.font = font.css(size);
    ctx.textAlign = ALIGN[align];
    ctx.textBaseline = 'alphabetic';
    this.withAlpha(this.fillAlpha, () => ctx.fillText(text, x, y));
    return this;
  }
  haloText(font: CanvasFont, size: number, x: number, y: number, text: string, halo: Rgb, align: Align = 'left', haloWidth = size * 0.22): this {
    const ctx = this.ctx;
    ctx.save();
    ctx.font = font.css(size);
    ctx.textAlign = ALIGN[align];
    ctx.textBaseline = 'alphabetic';
    ctx.strokeStyle = rgbToCss(halo);
    ctx.lineWidth = haloWidth;
    ctx.lineJoin = 'round';
    ctx.setLineDash([]);
    ctx.strokeText(text, x, y);
    ctx.restore();
    return this.text(font, size, x, y, text, align);
  }
  image(img: SurfaceImage, dest: Rect, alpha = 1): this {
    this.withAlpha(alpha, () => this.ctx.drawImage(img as never, dest.x, dest.y, dest.width, dest.height));
    return this;
  }
}
