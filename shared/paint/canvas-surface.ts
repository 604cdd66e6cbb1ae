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

/** The Path2D forms of fill, stroke and clip (a Path2D made by the surface's makePath). */
interface WithPaths {
  fill(path: unknown, rule?: FillRule): void;
  stroke(path: unknown): void;
  clip(path: unknown, rule?: FillRule): void;
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

/** Polygons handed to polygonsAt, kept until the path is painted. */
interface Polygons {
  corners: readonly Point[];
  xs: ArrayLike<number>;
  ys: ArrayLike<number>;
  which: ArrayLike<number>;
  from: number;
  to: number;
}

/** Closed polygons as flat corner lists (x0, y0, x1, y1, …), kept until the path is painted. */
interface Loops {
  loops: readonly ArrayLike<number>[];
}

/** A coordinate in path data: thousandths of a drawing unit are finer than any pixel drawn. */
const coord = (v: number): number => Math.round(v * 1000) / 1000;

export class CanvasSurface implements Surface<CanvasFont> {
  private fillAlpha = 1;
  private strokeAlpha = 1;
  private readonly saved: [number, number][] = [];
  /** polygonsAt's polygons not yet painted. */
  private pending: (Polygons | Loops)[] = [];
  /** Whether the context's own path has anything since the last paint. */
  private onContext = false;

  /**
   * `pxPerUnit`: device pixels per drawing unit under the transform the caller set; lines
   * thinner than `minLinePx` are drawn at that width so hairlines stay visible. `makePath`
   * turns SVG path data into a Path2D (`(d) => new Path2D(d)`): given it, polygonsAt hands a
   * batch of polygons to the canvas in one call instead of one per corner.
   */
  constructor(
    readonly ctx: Canvas2D,
    private readonly pxPerUnit = 1,
    private readonly minLinePx = 0,
    private readonly makePath?: (d: string) => unknown,
  ) {
    ctx.beginPath();
  }

  polygonsAt(corners: readonly Point[], xs: ArrayLike<number>, ys: ArrayLike<number>, which: ArrayLike<number>, from: number, to: number): this {
    const p = { corners, xs, ys, which, from, to };
    if (this.makePath) this.pending.push(p);
    else this.trace(p);
    return this;
  }

  /**
   * Closed polygons (flat corner lists), each a subpath of its own, held like polygonsAt's until
   * the path is painted. For a subclass that offers the surface's `polygons`.
   */
  protected addLoops(loops: readonly ArrayLike<number>[]): void {
    if (this.makePath) this.pending.push({ loops });
    else this.trace({ loops });
  }

  /** Polygons onto the context's own path, corner by corner. */
  private trace(p: Polygons | Loops): void {
    const ctx = this.ctx;
    if ('loops' in p) {
      for (const l of p.loops) {
        if (l.length < 6) continue;
        ctx.moveTo(l[0]!, l[1]!);
        for (let k = 2; k < l.length; k += 2) ctx.lineTo(l[k]!, l[k + 1]!);
        ctx.closePath();
      }
      this.onContext = true;
      return;
    }
    const c = p.corners;
    for (let j = p.from; j < p.to; j++) {
      const i = p.which[j]!;
      const x = p.xs[i]!;
      const y = p.ys[i]!;
      ctx.moveTo(x + c[0]!.x, y + c[0]!.y);
      for (let k = 1; k < c.length; k++) ctx.lineTo(x + c[k]!.x, y + c[k]!.y);
      ctx.closePath();
    }
    this.onContext = true;
  }

  /** The pending polygons as one Path2D, or null when the context's path is to be painted (they are traced onto it then). */
  private takePending(): unknown {
    if (this.pending.length === 0) return null;
    const list = this.pending;
    this.pending = [];
    if (this.onContext || !this.makePath) {
      for (const p of list) this.trace(p);
      return null;
    }
    let d = '';
    for (const p of list) {
      if ('loops' in p) {
        for (const l of p.loops) {
          if (l.length < 6) continue;
          d += `M${coord(l[0]!)} ${coord(l[1]!)}`;
          for (let k = 2; k < l.length; k += 2) d += `L${coord(l[k]!)} ${coord(l[k + 1]!)}`;
          d += 'z';
        }
        continue;
      }
      const c = p.corners;
      // Every polygon has the same shape: its corners after the first as relative steps, once.
      let steps = '';
      for (let k = 1; k < c.length; k++) steps += `l${coord(c[k]!.x - c[k - 1]!.x)} ${coord(c[k]!.y - c[k - 1]!.y)}`;
      steps += 'z';
      const x0 = c[0]!.x;
      const y0 = c[0]!.y;
      for (let j = p.from; j < p.to; j++) {
        const i = p.which[j]!;
        d += `M${coord(p.xs[i]! + x0)} ${coord(p.ys[i]! + y0)}${steps}`;
      }
    }
    return this.makePath(d);
  }

  /** Paints the current path with `op`, given the Path2D of pending polygons or null for the context's path. */
  private paint(op: (path: unknown) => void): void {
    op(this.takePending());
    this.ctx.beginPath();
    this.onContext = false;
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
    this.onContext = true;
    return this;
  }
  lineTo(x: number, y: number): this {
    this.ctx.lineTo(x, y);
    this.onContext = true;
    return this;
  }
  bezierCurveTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): this {
    this.ctx.bezierCurveTo(c1x, c1y, c2x, c2y, x, y);
    this.onContext = true;
    return this;
  }
  closePath(): this {
    this.ctx.closePath();
    this.onContext = true;
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
    this.onContext = true;
    return this;
  }
  segment(a: Point, b: Point): this {
    this.ctx.moveTo(a.x, a.y);
    this.ctx.lineTo(b.x, b.y);
    this.onContext = true;
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
    this.onContext = true;
    return this;
  }
  rect(r: Rect): this {
    this.ctx.rect(r.x, r.y, r.width, r.height);
    this.onContext = true;
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
  private fillWith(path: unknown, rule: FillRule): void {
    this.withAlpha(this.fillAlpha, () => (path ? (this.ctx as unknown as WithPaths).fill(path, rule) : this.ctx.fill(rule)));
  }
  private strokeWith(path: unknown): void {
    this.withAlpha(this.strokeAlpha, () => (path ? (this.ctx as unknown as WithPaths).stroke(path) : this.ctx.stroke()));
  }
  fill(rule: FillRule = 'nonzero'): this {
    this.paint((path) => this.fillWith(path, rule));
    return this;
  }
  stroke(): this {
    this.paint((path) => this.strokeWith(path));
    return this;
  }
  fillAndStroke(rule: FillRule = 'nonzero'): this {
    this.paint((path) => {
      this.fillWith(path, rule);
      this.strokeWith(path);
    });
    return this;
  }
  clip(rule: FillRule = 'nonzero'): this {
    this.paint((path) => (path ? (this.ctx as unknown as WithPaths).clip(path, rule) : this.ctx.clip(rule)));
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
