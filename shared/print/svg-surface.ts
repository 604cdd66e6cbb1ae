// The print drawing surface (surface.ts) as SVG text, so an exported SVG shows the map exactly
// as the PDF prints it. Pure string building: it runs anywhere shared/ does.
//
// PDF's model maps onto SVG like this: a shape is gathered into path data until `fill` or
// `stroke` writes it out as one <path> in the current colours; `save`/`restore` keep those
// colours and widths; a clip opens a <g clip-path> that the matching `restore` closes, so
// clips nest as in PDF. Paint in the same style one after another (every woods cell, say)
// is merged into one <path>, and texts styled alike share one <g> of attributes, which keeps
// files of big maps small. `layer` names a group for each part of the drawing (terrain,
// rivers...), which editors such as Inkscape show as layers.
import type { Point, Rect } from '../grid/index.js';
import { rgbToHex, type Align, type FillRule, type LineCap, type LineJoin, type PrintFont, type PrintSurface, type Rgb, type SurfaceImage } from './surface.js';
import { ellipseCurves } from './surface.js';

/** A font an SVG viewer can show; widths come from whoever measured it. */
export interface SvgFont extends PrintFont {
  /** CSS font-family list. */
  readonly family: string;
  readonly weight: number;
}

/** A picture an SVG can show: its pixel size and a data URL of its bytes. */
export interface SvgImage extends SurfaceImage {
  readonly href: string;
}

/** An SVG image from PNG or JPEG bytes of `width`×`height` pixels. */
export function svgImage(bytes: Uint8Array, mime: 'image/png' | 'image/jpeg', width: number, height: number): SvgImage {
  return { width, height, href: `data:${mime};base64,${base64(bytes)}` };
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 without Buffer or btoa, so shared/ stays free of Node and the DOM. */
function base64(bytes: Uint8Array): string {
  const out: string[] = [];
  let chunk = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    chunk += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]! + (b === undefined ? '=' : B64[(n >> 6) & 63]!) + (c === undefined ? '=' : B64[n & 63]!);
    if (chunk.length >= 8192) {
      out.push(chunk);
      chunk = '';
    }
  }
  out.push(chunk);
  return out.join('');
}

/** [a b c d e f]: x' = a·x + c·y + e, y' = b·x + d·y + f. */
type Matrix = readonly [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

interface Style {
  stroke: string;
  strokeAlpha: number;
  width: number;
  dash: readonly number[];
  fill: string;
  fillAlpha: number;
  cap: LineCap;
  join: LineJoin;
  m: Matrix;
  /** How much the transform scales lengths (line widths, text sizes). */
  k: number;
  /** <g> elements opened since the matching save (clips). */
  groups: number;
}

const ANCHOR: Record<Align, string> = { left: 'start', centre: 'middle', right: 'end' };

export const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export class SvgSurface implements PrintSurface<SvgFont> {
  private readonly body: string[] = [];
  private readonly defs: string[] = [];
  private style: Style = { stroke: '#000000', strokeAlpha: 1, width: 1, dash: [], fill: '#000000', fillAlpha: 1, cap: 'butt', join: 'miter', m: IDENTITY, k: 1, groups: 0 };
  private readonly saved: Style[] = [];
  private d = '';
  /**
   * The last paint, still open to merge paint of the same style into: a <path> whose data
   * grows, or a run of <text> elements sharing their style in one <g>.
   */
  private pending: { kind: 'path'; attrs: string; d: string } | { kind: 'text'; attrs: string; items: string[] } | null = null;
  private clips = 0;
  private layerOpen = false;

  /** `digits`: decimals kept in coordinates (of the caller's unit). */
  constructor(private readonly digits = 2) {}

  private n(v: number): string {
    const k = 10 ** this.digits;
    return String(Math.round(v * k) / k);
  }

  /** A point of the caller's, transformed, as "x y". */
  private p(x: number, y: number): string {
    const m = this.style.m;
    return `${this.n(m[0] * x + m[2] * y + m[4])} ${this.n(m[1] * x + m[3] * y + m[5])}`;
  }

  private flush(): void {
    const p = this.pending;
    if (!p) return;
    if (p.kind === 'path') this.body.push(`<path ${p.attrs} d="${p.d}"/>`);
    else if (p.items.length === 1) this.body.push(p.items[0]!.replace('<text ', `<text ${p.attrs} `));
    else this.body.push(`<g ${p.attrs}>`, p.items.join('\n'), '</g>');
    this.pending = null;
  }

  private write(line: string): void {
    this.flush();
    this.body.push(line);
  }

  /** Paints the gathered shape with `attrs`, merged into the previous path when it is painted alike. */
  private paint(attrs: string): this {
    const d = this.d;
    this.d = '';
    if (!d) return this;
    if (this.pending?.kind === 'path' && this.pending.attrs === attrs) this.pending.d += d;
    else {
      this.flush();
      this.pending = { kind: 'path', attrs, d };
    }
    return this;
  }

  /** Writes a <text> at (x, y) styled by `attrs`, grouped with the texts before it when they are styled alike. */
  private textRun(attrs: string, x: number, y: number, text: string): this {
    const [tx, ty] = this.p(x, y).split(' ');
    const item = `<text x="${tx}" y="${ty}">${escapeXml(text)}</text>`;
    if (this.pending?.kind === 'text' && this.pending.attrs === attrs) this.pending.items.push(item);
    else {
      this.flush();
      this.pending = { kind: 'text', attrs, items: [item] };
    }
    return this;
  }

  /** Starts a named group for what follows, closing the previous one; ignored inside a save. */
  layer(name: string): this {
    if (this.saved.length > 0) return this;
    if (this.layerOpen) this.write('</g>');
    this.write(`<g id="${escapeXml(name)}">`);
    this.layerOpen = true;
    return this;
  }

  save(): this {
    this.saved.push(this.style);
    this.style = { ...this.style, groups: 0 };
    return this;
  }

  restore(): this {
    const previous = this.saved.pop();
    if (!previous) return this;
    for (let k = 0; k < this.style.groups; k++) this.write('</g>');
    this.style = previous;
    return this;
  }

  clip(rule: FillRule = 'nonzero'): this {
    const d = this.d;
    this.d = '';
    const id = `clip${++this.clips}`;
    this.defs.push(`<clipPath id="${id}"><path${rule === 'evenodd' ? ' clip-rule="evenodd"' : ''} d="${d}"/></clipPath>`);
    this.write(`<g clip-path="url(#${id})">`);
    this.style.groups++;
    return this;
  }

  clipRect(r: Rect): this {
    return this.rect(r).clip();
  }

  clipPolygon(points: readonly Point[]): this {
    return this.path(points, true).clip();
  }

  transform(a: number, b: number, c: number, d: number, e: number, f: number): this {
    const m = this.style.m;
    this.style.m = [m[0] * a + m[2] * b, m[1] * a + m[3] * b, m[0] * c + m[2] * d, m[1] * c + m[3] * d, m[0] * e + m[2] * f + m[4], m[1] * e + m[3] * f + m[5]];
    const n = this.style.m;
    this.style.k = Math.sqrt(Math.abs(n[0] * n[3] - n[1] * n[2]));
    return this;
  }

  strokeStyle(colour: Rgb, width: number, dash: readonly number[] = [], alpha = 1): this {
    this.style.stroke = rgbToHex(colour);
    this.style.width = width;
    this.style.dash = [...dash];
    this.style.strokeAlpha = alpha;
    return this;
  }

  fillStyle(colour: Rgb, alpha = 1): this {
    this.style.fill = rgbToHex(colour);
    this.style.fillAlpha = alpha;
    return this;
  }

  lineStyle(cap: LineCap, join: LineJoin): this {
    this.style.cap = cap;
    this.style.join = join;
    return this;
  }

  roundJoins(): this {
    return this.lineStyle('round', 'round');
  }

  buttCaps(): this {
    return this.lineStyle('butt', 'miter');
  }

  moveTo(x: number, y: number): this {
    this.d += `M${this.p(x, y)}`;
    return this;
  }

  lineTo(x: number, y: number): this {
    this.d += `L${this.p(x, y)}`;
    return this;
  }

  bezierCurveTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): this {
    this.d += `C${this.p(c1x, c1y)} ${this.p(c2x, c2y)} ${this.p(x, y)}`;
    return this;
  }

  closePath(): this {
    this.d += 'Z';
    return this;
  }

  path(points: readonly Point[], close: boolean): this {
    points.forEach((q, i) => (this.d += `${i === 0 ? 'M' : 'L'}${this.p(q.x, q.y)}`));
    if (close && points.length) this.d += 'Z';
    return this;
  }

  segment(a: Point, b: Point): this {
    this.d += `M${this.p(a.x, a.y)}L${this.p(b.x, b.y)}`;
    return this;
  }

  circle(c: Point, r: number): this {
    return this.ellipse(c, r, r);
  }

  ellipse(c: Point, rx: number, ry: number): this {
    if (this.style.m !== IDENTITY && (this.style.m[1] !== 0 || this.style.m[2] !== 0)) {
      ellipseCurves(this, c, rx, ry);
      return this;
    }
    // Two half arcs: a subpath of its own, as in PDF.
    const m = this.style.m;
    const [a, b] = [this.n(rx * Math.abs(m[0])), this.n(ry * Math.abs(m[3]))];
    this.d += `M${this.p(c.x + rx, c.y)}A${a} ${b} 0 1 0 ${this.p(c.x - rx, c.y)}A${a} ${b} 0 1 0 ${this.p(c.x + rx, c.y)}Z`;
    return this;
  }

  rect(r: Rect): this {
    const [x0, y0, x1, y1] = [r.x, r.y, r.x + r.width, r.y + r.height];
    this.d += `M${this.p(x0, y0)}L${this.p(x1, y0)}L${this.p(x1, y1)}L${this.p(x0, y1)}Z`;
    return this;
  }

  private strokeAttrs(): string {
    const s = this.style;
    const caps = ` stroke-linecap="${s.cap}" stroke-linejoin="${s.join}"`;
    const dash = s.dash.length ? ` stroke-dasharray="${s.dash.map((v) => this.n(v * s.k)).join(' ')}"` : '';
    const alpha = s.strokeAlpha < 1 ? ` stroke-opacity="${this.n(s.strokeAlpha)}"` : '';
    return `stroke="${s.stroke}" stroke-width="${this.n(s.width * s.k)}"${caps}${dash}${alpha}`;
  }

  private fillAttrs(rule: FillRule): string {
    const s = this.style;
    return `fill="${s.fill}"${s.fillAlpha < 1 ? ` fill-opacity="${this.n(s.fillAlpha)}"` : ''}${rule === 'evenodd' ? ' fill-rule="evenodd"' : ''}`;
  }

  stroke(): this {
    return this.paint(`fill="none" ${this.strokeAttrs()}`);
  }

  fill(rule: FillRule = 'nonzero'): this {
    return this.paint(this.fillAttrs(rule));
  }

  fillAndStroke(rule: FillRule = 'nonzero'): this {
    return this.paint(`${this.fillAttrs(rule)} ${this.strokeAttrs()}`);
  }

  private textAttrs(font: SvgFont, size: number, align: Align): string {
    const s = this.style;
    const alpha = s.fillAlpha < 1 ? ` fill-opacity="${this.n(s.fillAlpha)}"` : '';
    return `font-family="${escapeXml(font.family)}" font-weight="${font.weight}" font-size="${this.n(size * s.k)}" text-anchor="${ANCHOR[align]}" fill="${s.fill}"${alpha}`;
  }

  text(font: SvgFont, size: number, x: number, y: number, text: string, align: Align = 'left'): this {
    return this.textRun(this.textAttrs(font, size, align), x, y, text);
  }

  haloText(font: SvgFont, size: number, x: number, y: number, text: string, halo: Rgb, align: Align = 'left', haloWidth = size * 0.22): this {
    const ring = `stroke="${rgbToHex(halo)}" stroke-width="${this.n(haloWidth * this.style.k)}" stroke-linejoin="round" paint-order="stroke"`;
    return this.textRun(`${this.textAttrs(font, size, align)} ${ring}`, x, y, text);
  }

  /**
   * A picture (`SvgImage`: its data URL) filling `dest`, under the current transform as an SVG
   * matrix, so a rotated underlay stays one <image> an editor can still move.
   */
  image(img: SvgImage, dest: Rect, alpha = 1): this {
    const m = this.style.m;
    const matrix = m === IDENTITY ? '' : ` transform="matrix(${m.map((v) => String(Math.round(v * 1e6) / 1e6)).join(' ')})"`;
    const opacity = alpha < 1 ? ` opacity="${this.n(alpha)}"` : '';
    this.write(`<image x="${dest.x}" y="${dest.y}" width="${dest.width}" height="${dest.height}" preserveAspectRatio="none" href="${escapeXml(img.href)}"${matrix}${opacity}/>`);
    return this;
  }

  /**
   * The finished document: `viewBox` in the drawing's units, shown `width`×`height` of
   * `unit` (e.g. millimetres, for true printed size).
   */
  toSvg(viewBox: Rect, size: { width: number; height: number; unit: string }, title: string): string {
    this.flush();
    while (this.saved.length) this.restore();
    const tail = this.layerOpen ? ['</g>'] : [];
    const box = [viewBox.x, viewBox.y, viewBox.width, viewBox.height].map((v) => this.n(v)).join(' ');
    return [
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${box}" width="${this.n(size.width)}${size.unit}" height="${this.n(size.height)}${size.unit}">`,
      `<title>${escapeXml(title)}</title>`,
      ...(this.defs.length ? ['<defs>', ...this.defs, '</defs>'] : []),
      ...this.body,
      ...tail,
      '</svg>',
    ].join('\n');
  }
}
