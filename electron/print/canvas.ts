// The drawing surface (shared/paint/surface.ts) as PDF content-stream operators. Callers draw
// in their own units (map millimetres on a tile) after `transform`, with y pointing down as on
// screen; text is flipped back upright. The operators are collected as text and added to the
// page as one stream compressed with Node's zlib: building pdf-lib operator objects and letting
// it deflate in JavaScript took most of the time on big maps. Opacity below 1 uses graphics
// states (/ExtGState) registered on the page when the stream is added.
import { deflateSync } from 'node:zlib';
import { PDFName, PDFNumber, type PDFDocument, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import type { Point, Rect } from '../../shared/grid/types.js';
import type { Align, FillRule, LineCap, LineJoin, Rgb, Surface, SurfaceFont, SurfaceImage } from '../../shared/paint/surface.js';

export { hexToRgb, lighten, type Align, type Rgb } from '../../shared/paint/surface.js';

/** A standard font plus its resource name on one page, with text made safe for its encoding. */
export class PageFont implements SurfaceFont {
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

/** A picture embedded in the document, with its resource name on one page. */
export class PageImage implements SurfaceImage {
  readonly key: PDFName;
  readonly width: number;
  readonly height: number;
  constructor(image: PDFImage, page: PDFPage) {
    this.key = page.node.newXObject('GFImage', image.ref);
    this.width = image.width;
    this.height = image.height;
  }
}

/** Coordinates to a thousandth of a unit (1 µm on a tile): far finer than any printer. */
function num(n: number): string {
  const r = Math.round(n * 1000) / 1000;
  return r === 0 ? '0' : String(r);
}

const rgb = (c: Rgb): string => `${num(c[0])} ${num(c[1])} ${num(c[2])}`;
const CAP: Record<LineCap, number> = { butt: 0, round: 1, square: 2 };
const JOIN: Record<LineJoin, number> = { miter: 0, round: 1, bevel: 2 };

export class Canvas implements Surface<PageFont> {
  private readonly parts: string[] = [];
  /** Graphics-state names used for opacity: name → [fill or stroke, value]. */
  private readonly alphas = new Map<string, ['ca' | 'CA', number]>();

  /** Fill and stroke opacity in force (in thousandths), with those of each save. */
  private opacity = { ca: 1000, CA: 1000 };
  private readonly saved: { ca: number; CA: number }[] = [];

  private op(text: string): this {
    this.parts.push(text);
    return this;
  }
  /** The operator that sets an opacity, or nothing when it is already in force. */
  private alpha(kind: 'ca' | 'CA', a: number): string {
    const v = Math.round(Math.min(1, Math.max(0, a)) * 1000);
    if (this.opacity[kind] === v) return '';
    this.opacity[kind] = v;
    const name = `GF${kind === 'ca' ? 'f' : 's'}${v}`;
    this.alphas.set(name, [kind, v / 1000]);
    return ` /${name} gs`;
  }
  save(): this {
    this.saved.push({ ...this.opacity });
    return this.op('q');
  }
  restore(): this {
    this.opacity = this.saved.pop() ?? { ca: 1000, CA: 1000 };
    return this.op('Q');
  }
  /** From here on, user (x,y) lands at (a·x + c·y + e, b·x + d·y + f) in the previous units. */
  transform(a: number, b: number, c: number, d: number, e: number, f: number): this {
    // Full precision here: the scale must be exact, whatever the rounding of coordinates.
    return this.op(`${a} ${b} ${c} ${d} ${e} ${f} cm`);
  }
  clip(rule: FillRule = 'nonzero'): this {
    return this.op(rule === 'evenodd' ? 'W* n' : 'W n');
  }
  clipRect(r: Rect): this {
    return this.rect(r).clip();
  }
  clipPolygon(points: readonly Point[]): this {
    return this.path(points, true).clip();
  }
  strokeStyle(colour: Rgb, width: number, dash: readonly number[] = [], alpha = 1): this {
    return this.op(`${rgb(colour)} RG ${num(width)} w [${dash.map(num).join(' ')}] 0 d${this.alpha('CA', alpha)}`);
  }
  fillStyle(colour: Rgb, alpha = 1): this {
    return this.op(`${rgb(colour)} rg${this.alpha('ca', alpha)}`);
  }
  lineStyle(cap: LineCap, join: LineJoin): this {
    return this.op(`${CAP[cap]} J ${JOIN[join]} j`);
  }
  roundJoins(): this {
    return this.lineStyle('round', 'round');
  }
  buttCaps(): this {
    return this.lineStyle('butt', 'miter');
  }
  moveTo(x: number, y: number): this {
    return this.op(`${num(x)} ${num(y)} m`);
  }
  lineTo(x: number, y: number): this {
    return this.op(`${num(x)} ${num(y)} l`);
  }
  bezierCurveTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): this {
    return this.op(`${num(c1x)} ${num(c1y)} ${num(c2x)} ${num(c2y)} ${num(x)} ${num(y)} c`);
  }
  closePath(): this {
    return this.op('h');
  }
  path(points: readonly Point[], close: boolean): this {
    points.forEach((p, i) => this.parts.push(`${num(p.x)} ${num(p.y)} ${i === 0 ? 'm' : 'l'}`));
    return close && points.length ? this.op('h') : this;
  }
  segment(a: Point, b: Point): this {
    return this.op(`${num(a.x)} ${num(a.y)} m ${num(b.x)} ${num(b.y)} l`);
  }
  circle(c: Point, r: number): this {
    return this.ellipse(c, r, r);
  }
  ellipse(c: Point, rx: number, ry: number): this {
    const kx = 0.5523 * rx;
    const ky = 0.5523 * ry;
    const pt = (x: number, y: number): string => `${num(x)} ${num(y)}`;
    return this.op(
      [
        `${pt(c.x + rx, c.y)} m`,
        `${pt(c.x + rx, c.y + ky)} ${pt(c.x + kx, c.y + ry)} ${pt(c.x, c.y + ry)} c`,
        `${pt(c.x - kx, c.y + ry)} ${pt(c.x - rx, c.y + ky)} ${pt(c.x - rx, c.y)} c`,
        `${pt(c.x - rx, c.y - ky)} ${pt(c.x - kx, c.y - ry)} ${pt(c.x, c.y - ry)} c`,
        `${pt(c.x + kx, c.y - ry)} ${pt(c.x + rx, c.y - ky)} ${pt(c.x + rx, c.y)} c h`,
      ].join(' '),
    );
  }
  rect(r: Rect): this {
    return this.op(`${num(r.x)} ${num(r.y)} ${num(r.width)} ${num(r.height)} re`);
  }
  stroke(): this {
    return this.op('S');
  }
  fill(rule: FillRule = 'nonzero'): this {
    return this.op(rule === 'evenodd' ? 'f*' : 'f');
  }
  fillAndStroke(rule: FillRule = 'nonzero'): this {
    return this.op(rule === 'evenodd' ? 'B*' : 'B');
  }
  /**
   * Text with its baseline at (x,y) in user units, upright on a y-down user space
   * (flipY) or a y-up one (PDF page space).
   */
  text(font: PageFont, size: number, x: number, y: number, text: string, align: Align = 'left', flipY = true, mode = 0): this {
    const clean = font.clean(text);
    const w = font.font.widthOfTextAtSize(clean, size);
    const dx = align === 'left' ? 0 : align === 'centre' ? -w / 2 : -w;
    const encoded = font.font.encodeText(clean).toString();
    return this.op(`BT ${mode} Tr ${font.key.toString()} ${num(size)} Tf 1 0 0 ${flipY ? -1 : 1} ${num(x + dx)} ${num(y)} Tm ${encoded} Tj ET`);
  }
  /**
   * Text over busy map content: first stroked wide in `halo` (a knock-out outline), then
   * filled in the current fill colour, so lines crossing it never hide a letter.
   */
  haloText(font: PageFont, size: number, x: number, y: number, text: string, halo: Rgb, align: Align = 'left', haloWidth = size * 0.22): this {
    this.save().op(`${rgb(halo)} RG ${num(haloWidth)} w 1 j [] 0 d`);
    this.text(font, size, x, y, text, align, true, 1);
    return this.restore().text(font, size, x, y, text, align);
  }
  /**
   * A picture filling `dest` (user units, y down), at opacity `alpha`: the image's unit square
   * (y up in PDF) mapped onto the rectangle, top row at dest.y.
   */
  image(img: PageImage, dest: Rect, alpha = 1): this {
    this.save();
    this.op(`${this.alpha('ca', alpha).trim()} ${num(dest.width)} 0 0 ${num(-dest.height)} ${num(dest.x)} ${num(dest.y + dest.height)} cm ${img.key.toString()} Do`.trim());
    return this.restore();
  }
  /** Adds what was drawn to the page as one compressed content stream. */
  flush(doc: PDFDocument, page: PDFPage): void {
    if (this.parts.length === 0) return;
    for (const [name, [kind, value]] of this.alphas) {
      page.node.setExtGState(PDFName.of(name), doc.context.obj({ Type: 'ExtGState', [kind]: PDFNumber.of(value) }));
    }
    const bytes = deflateSync(Buffer.from(this.parts.join('\n'), 'latin1'));
    const stream = doc.context.stream(bytes, { Filter: 'FlateDecode' });
    page.node.addContentStream(doc.context.register(stream));
    this.parts.length = 0;
  }
}

/** A canvas in paper space: (x, y-down pt) → PDF (x, H - y). */
export function paperCanvas(pageHeightPt: number): Canvas {
  return new Canvas().save().transform(1, 0, 0, -1, 0, pageHeightPt);
}
