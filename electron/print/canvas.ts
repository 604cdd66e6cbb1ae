// A thin drawing surface over pdf-lib's content operators. Callers draw in their own units
// (map millimetres on a tile) after `transform`, with y pointing down as on screen; text is
// flipped back upright. Operators are collected and written to the page in one go.
import {
  appendBezierCurve,
  beginText,
  clip,
  closePath,
  concatTransformationMatrix,
  endPath,
  endText,
  fill,
  lineTo,
  moveTo,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setDashPattern,
  setFillingRgbColor,
  setFontAndSize,
  setLineCap,
  setLineJoin,
  setLineWidth,
  setStrokingRgbColor,
  setTextMatrix,
  setTextRenderingMode,
  TextRenderingMode,
  showText,
  stroke,
  LineCapStyle,
  LineJoinStyle,
  type PDFFont,
  type PDFName,
  type PDFOperator,
  type PDFPage,
} from 'pdf-lib';
import type { Point, Rect } from '../../shared/grid/index.js';

export type Rgb = readonly [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/** Mix a colour toward white: t = 0 keeps it, 1 gives white. */
export function lighten(c: Rgb, t: number): Rgb {
  return [c[0] + (1 - c[0]) * t, c[1] + (1 - c[1]) * t, c[2] + (1 - c[2]) * t];
}

export type Align = 'left' | 'centre' | 'right';

/** A standard font plus its resource name on one page, with text made safe for its encoding. */
export class PageFont {
  readonly key: PDFName;
  private readonly safe = new Map<string, string>();
  constructor(
    readonly font: PDFFont,
    page: PDFPage,
  ) {
    this.key = page.node.newFontDictionary(font.name, font.ref);
  }

  /** Characters the font's encoding lacks become "?" rather than throwing. */
  clean(text: string): string {
    let out = '';
    for (const ch of text) {
      let ok = this.safe.get(ch);
      if (ok === undefined) {
        try {
          this.font.encodeText(ch);
          ok = ch;
        } catch {
          ok = '?';
        }
        this.safe.set(ch, ok);
      }
      out += ok;
    }
    return out;
  }

  width(text: string, size: number): number {
    return this.font.widthOfTextAtSize(this.clean(text), size);
  }
}

export class Canvas {
  readonly ops: PDFOperator[] = [];

  save(): this {
    this.ops.push(pushGraphicsState());
    return this;
  }
  restore(): this {
    this.ops.push(popGraphicsState());
    return this;
  }
  /** From here on, user (x,y) lands on the page at (a·x + e, d·y + f) in PDF points. */
  transform(a: number, d: number, e: number, f: number): this {
    this.ops.push(concatTransformationMatrix(a, 0, 0, d, e, f));
    return this;
  }
  clipRect(r: Rect): this {
    this.ops.push(rectangle(r.x, r.y, r.width, r.height), clip(), endPath());
    return this;
  }
  clipPolygon(points: readonly Point[]): this {
    this.path(points, true);
    this.ops.push(clip(), endPath());
    return this;
  }
  strokeStyle(colour: Rgb, width: number, dash: number[] = []): this {
    this.ops.push(setStrokingRgbColor(colour[0], colour[1], colour[2]), setLineWidth(width), setDashPattern(dash, 0));
    return this;
  }
  fillStyle(colour: Rgb): this {
    this.ops.push(setFillingRgbColor(colour[0], colour[1], colour[2]));
    return this;
  }
  roundJoins(): this {
    this.ops.push(setLineCap(LineCapStyle.Round), setLineJoin(LineJoinStyle.Round));
    return this;
  }
  buttCaps(): this {
    this.ops.push(setLineCap(LineCapStyle.Butt), setLineJoin(LineJoinStyle.Miter));
    return this;
  }
  path(points: readonly Point[], close: boolean): this {
    points.forEach((p, i) => this.ops.push(i === 0 ? moveTo(p.x, p.y) : lineTo(p.x, p.y)));
    if (close) this.ops.push(closePath());
    return this;
  }
  segment(a: Point, b: Point): this {
    this.ops.push(moveTo(a.x, a.y), lineTo(b.x, b.y));
    return this;
  }
  circle(c: Point, r: number): this {
    // Four cubic arcs; 0.5523 is the usual control-point factor for a quarter circle.
    const k = 0.5523 * r;
    this.ops.push(
      moveTo(c.x + r, c.y),
      appendBezierCurve(c.x + r, c.y + k, c.x + k, c.y + r, c.x, c.y + r),
      appendBezierCurve(c.x - k, c.y + r, c.x - r, c.y + k, c.x - r, c.y),
      appendBezierCurve(c.x - r, c.y - k, c.x - k, c.y - r, c.x, c.y - r),
      appendBezierCurve(c.x + k, c.y - r, c.x + r, c.y - k, c.x + r, c.y),
      closePath(),
    );
    return this;
  }
  ellipse(c: Point, rx: number, ry: number): this {
    const kx = 0.5523 * rx;
    const ky = 0.5523 * ry;
    this.ops.push(
      moveTo(c.x + rx, c.y),
      appendBezierCurve(c.x + rx, c.y + ky, c.x + kx, c.y + ry, c.x, c.y + ry),
      appendBezierCurve(c.x - kx, c.y + ry, c.x - rx, c.y + ky, c.x - rx, c.y),
      appendBezierCurve(c.x - rx, c.y - ky, c.x - kx, c.y - ry, c.x, c.y - ry),
      appendBezierCurve(c.x + kx, c.y - ry, c.x + rx, c.y - ky, c.x + rx, c.y),
      closePath(),
    );
    return this;
  }
  rect(r: Rect): this {
    this.ops.push(rectangle(r.x, r.y, r.width, r.height));
    return this;
  }
  stroke(): this {
    this.ops.push(stroke());
    return this;
  }
  fill(): this {
    this.ops.push(fill());
    return this;
  }
  /**
   * Text with its baseline at (x,y) in user units, upright on a y-down user space
   * (flipY) or a y-up one (PDF page space).
   */
  text(font: PageFont, size: number, x: number, y: number, text: string, align: Align = 'left', flipY = true): this {
    const clean = font.clean(text);
    const w = font.font.widthOfTextAtSize(clean, size);
    const dx = align === 'left' ? 0 : align === 'centre' ? -w / 2 : -w;
    this.ops.push(beginText(), setFontAndSize(font.key, size), setTextMatrix(1, 0, 0, flipY ? -1 : 1, x + dx, y), showText(font.font.encodeText(clean)), endText());
    return this;
  }
  /**
   * Text over busy map content: first stroked wide in `halo` (a knock-out outline), then
   * filled in the current fill colour, so lines crossing it never hide a letter.
   */
  haloText(font: PageFont, size: number, x: number, y: number, text: string, halo: Rgb, align: Align = 'left'): this {
    this.save();
    this.ops.push(
      setStrokingRgbColor(halo[0], halo[1], halo[2]),
      setLineWidth(size * 0.22),
      setLineJoin(LineJoinStyle.Round),
      setDashPattern([], 0),
      setTextRenderingMode(TextRenderingMode.Outline),
    );
    this.text(font, size, x, y, text, align);
    this.ops.push(setTextRenderingMode(TextRenderingMode.Fill));
    this.restore();
    return this.text(font, size, x, y, text, align);
  }
  flush(page: PDFPage): void {
    page.pushOperators(...this.ops);
    this.ops.length = 0;
  }
}
