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
import { rgbToHex, type Align, type PrintFont, type PrintSurface, type Rgb } from './surface.js';

/** A font an SVG viewer can show; widths come from whoever measured it. */
export interface SvgFont extends PrintFont {
  /** CSS font-family list. */
  readonly family: string;
  readonly weight: number;
}

interface Style {
  stroke: string;
  width: number;
  dash: readonly number[];
  fill: string;
  round: boolean;
  /** <g> elements opened since the matching save (clips). */
  groups: number;
}

const ANCHOR: Record<Align, string> = { left: 'start', centre: 'middle', right: 'end' };

export const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export class SvgSurface implements PrintSurface<SvgFont> {
  private readonly body: string[] = [];
  private readonly defs: string[] = [];
  private style: Style = { stroke: '#000000', width: 1, dash: [], fill: '#000000', round: false, groups: 0 };
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
    const item = `<text x="${this.n(x)}" y="${this.n(y)}">${escapeXml(text)}</text>`;
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

  private clip(): this {
    const d = this.d;
    this.d = '';
    const id = `clip${++this.clips}`;
    this.defs.push(`<clipPath id="${id}"><path d="${d}"/></clipPath>`);
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

  strokeStyle(colour: Rgb, width: number, dash: readonly number[] = []): this {
    this.style.stroke = rgbToHex(colour);
    this.style.width = width;
    this.style.dash = [...dash];
    return this;
  }

  fillStyle(colour: Rgb): this {
    this.style.fill = rgbToHex(colour);
    return this;
  }

  roundJoins(): this {
    this.style.round = true;
    return this;
  }

  buttCaps(): this {
    this.style.round = false;
    return this;
  }

  path(points: readonly Point[], close: boolean): this {
    points.forEach((p, i) => (this.d += `${i === 0 ? 'M' : 'L'}${this.n(p.x)} ${this.n(p.y)}`));
    if (close && points.length) this.d += 'Z';
    return this;
  }

  segment(a: Point, b: Point): this {
    this.d += `M${this.n(a.x)} ${this.n(a.y)}L${this.n(b.x)} ${this.n(b.y)}`;
    return this;
  }

  circle(c: Point, r: number): this {
    return this.ellipse(c, r, r);
  }

  ellipse(c: Point, rx: number, ry: number): this {
    // Two half arcs: a subpath of its own, as in PDF.
    const [y, a, b] = [this.n(c.y), this.n(rx), this.n(ry)];
    this.d += `M${this.n(c.x + rx)} ${y}A${a} ${b} 0 1 0 ${this.n(c.x - rx)} ${y}A${a} ${b} 0 1 0 ${this.n(c.x + rx)} ${y}Z`;
    return this;
  }

  rect(r: Rect): this {
    const [x0, y0, x1, y1] = [this.n(r.x), this.n(r.y), this.n(r.x + r.width), this.n(r.y + r.height)];
    this.d += `M${x0} ${y0}L${x1} ${y0}L${x1} ${y1}L${x0} ${y1}Z`;
    return this;
  }

  stroke(): this {
    const s = this.style;
    const caps = s.round ? ' stroke-linecap="round" stroke-linejoin="round"' : ' stroke-linecap="butt" stroke-linejoin="miter"';
    const dash = s.dash.length ? ` stroke-dasharray="${s.dash.map((v) => this.n(v)).join(' ')}"` : '';
    return this.paint(`fill="none" stroke="${s.stroke}" stroke-width="${this.n(s.width)}"${caps}${dash}`);
  }

  fill(): this {
    return this.paint(`fill="${this.style.fill}"`);
  }

  private textAttrs(font: SvgFont, size: number, align: Align): string {
    return `font-family="${escapeXml(font.family)}" font-weight="${font.weight}" font-size="${this.n(size)}" text-anchor="${ANCHOR[align]}" fill="${this.style.fill}"`;
  }

  text(font: SvgFont, size: number, x: number, y: number, text: string, align: Align = 'left'): this {
    return this.textRun(this.textAttrs(font, size, align), x, y, text);
  }

  haloText(font: SvgFont, size: number, x: number, y: number, text: string, halo: Rgb, align: Align = 'left'): this {
    const ring = `stroke="${rgbToHex(halo)}" stroke-width="${this.n(size * 0.22)}" stroke-linejoin="round" paint-order="stroke"`;
    return this.textRun(`${this.textAttrs(font, size, align)} ${ring}`, x, y, text);
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
