// The print drawing surface (shared/print/surface.ts) on a 2D canvas, so the dialog's preview
// runs the very drawing code the PDF writer runs. The caller sets the canvas transform (its
// own units → pixels) first, as the PDF writer does with its page transform.
import type { Point, Rect } from '../../../../shared/grid/types.js';
import { rgbToHex, type Align, type PrintFont, type PrintFonts, type PrintSurface, type Rgb } from '../../../../shared/print/surface.js';

// The PDF's standard Helvetica, or the closest the system has.
const FAMILY = 'Helvetica, Arial, "Liberation Sans", "Nimbus Sans", sans-serif';
const MEASURE_PX = 100;

export class CanvasFont implements PrintFont {
  /** The family it is drawn in (an SVG names it for its viewer). */
  readonly family = FAMILY;
  private readonly widths = new Map<string, number>();
  constructor(
    private readonly ctx: CanvasRenderingContext2D,
    readonly weight: 400 | 700,
  ) {}

  css(size: number): string {
    return `${this.weight} ${size}px ${FAMILY}`;
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

export function canvasFonts(ctx: CanvasRenderingContext2D): PrintFonts<CanvasFont> {
  return { regular: new CanvasFont(ctx, 400), bold: new CanvasFont(ctx, 700) };
}

const ALIGN: Record<Align, CanvasTextAlign> = { left: 'left', centre: 'center', right: 'right' };

export class CanvasSurface implements PrintSurface<CanvasFont> {
  private current = new Path2D();

  /**
   * `pxPerUnit`: screen pixels per drawing unit under the transform the caller set; lines
   * thinner than `minLinePx` are drawn at that width so hairlines stay visible on screen.
   */
  constructor(
    private readonly ctx: CanvasRenderingContext2D,
    private readonly pxPerUnit: number,
    private readonly minLinePx = 0.5,
  ) {}

  private take(): Path2D {
    const p = this.current;
    this.current = new Path2D();
    return p;
  }

  save(): this {
    this.ctx.save();
    return this;
  }
  restore(): this {
    this.ctx.restore();
    return this;
  }
  clipRect(r: Rect): this {
    this.rect(r);
    this.ctx.clip(this.take());
    return this;
  }
  clipPolygon(points: readonly Point[]): this {
    this.path(points, true);
    this.ctx.clip(this.take());
    return this;
  }
  strokeStyle(colour: Rgb, width: number, dash: readonly number[] = []): this {
    this.ctx.strokeStyle = rgbToHex(colour);
    this.ctx.lineWidth = Math.max(width, this.minLinePx / this.pxPerUnit);
    this.ctx.setLineDash([...dash]);
    return this;
  }
  fillStyle(colour: Rgb): this {
    this.ctx.fillStyle = rgbToHex(colour);
    return this;
  }
  roundJoins(): this {
    this.ctx.lineCap = 'round';
    this.ctx.lineJoin = 'round';
    return this;
  }
  buttCaps(): this {
    this.ctx.lineCap = 'butt';
    this.ctx.lineJoin = 'miter';
    return this;
  }
  path(points: readonly Point[], close: boolean): this {
    points.forEach((p, i) => (i === 0 ? this.current.moveTo(p.x, p.y) : this.current.lineTo(p.x, p.y)));
    if (close) this.current.closePath();
    return this;
  }
  segment(a: Point, b: Point): this {
    this.current.moveTo(a.x, a.y);
    this.current.lineTo(b.x, b.y);
    return this;
  }
  circle(c: Point, r: number): this {
    return this.ellipse(c, r, r);
  }
  ellipse(c: Point, rx: number, ry: number): this {
    // A subpath of its own, as in PDF: no line joins it to what came before.
    this.current.moveTo(c.x + rx, c.y);
    this.current.ellipse(c.x, c.y, rx, ry, 0, 0, Math.PI * 2);
    this.current.closePath();
    return this;
  }
  rect(r: Rect): this {
    this.current.rect(r.x, r.y, r.width, r.height);
    return this;
  }
  stroke(): this {
    this.ctx.stroke(this.take());
    return this;
  }
  fill(): this {
    this.ctx.fill(this.take());
    return this;
  }
  text(font: CanvasFont, size: number, x: number, y: number, text: string, align: Align = 'left'): this {
    const ctx = this.ctx;
    ctx.font = font.css(size);
    ctx.textAlign = ALIGN[align];
    ctx.textBaseline = 'alphabetic';
    ctx.fillText(text, x, y);
    return this;
  }
  haloText(font: CanvasFont, size: number, x: number, y: number, text: string, halo: Rgb, align: Align = 'left'): this {
    const ctx = this.ctx;
    ctx.save();
    ctx.font = font.css(size);
    ctx.textAlign = ALIGN[align];
    ctx.textBaseline = 'alphabetic';
    ctx.strokeStyle = rgbToHex(halo);
    ctx.lineWidth = size * 0.22;
    ctx.lineJoin = 'round';
    ctx.setLineDash([]);
    ctx.strokeText(text, x, y);
    ctx.restore();
    return this.text(font, size, x, y, text, align);
  }
}
