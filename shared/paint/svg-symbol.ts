// An imported SVG as a terrain symbol: read once (svg-parser for the markup, svgpath to bring
// every shape to absolute lines and cubic curves), scaled to a unit box, and then drawn as paths
// on any surface — so it stays vector in the PDF and the SVG export, and needs no image support.
// Understood: path, rect, circle, ellipse, line, polyline, polygon and groups, with transforms and
// fill, stroke, stroke-width and fill-rule (attributes or style); currentColor takes the symbol
// colour. Text, gradients and embedded images are left out.
import { parse, type ElementNode, type Node } from 'svg-parser';
import svgpath from 'svgpath';
import { hexToRgb, type FillRule, type Rgb, type Surface } from './surface.js';

type Paint = Rgb | 'current' | null;

export interface SvgShape {
  /** Commands: 0 = move x y, 1 = line x y, 2 = cubic c1x c1y c2x c2y x y, 3 = close. In the unit box (-0.5..0.5). */
  ops: number[];
  fill: Paint;
  stroke: Paint;
  /** In units of the box. */
  strokeWidth: number;
  rule: FillRule;
}

export interface SvgSymbol {
  shapes: SvgShape[];
}

const NAMED: Record<string, string> = {
  black: '#000000',
  white: '#ffffff',
  red: '#ff0000',
  green: '#008000',
  blue: '#0000ff',
  grey: '#808080',
  gray: '#808080',
  brown: '#a52a2a',
  darkgreen: '#006400',
  navy: '#000080',
  olive: '#808000',
  maroon: '#800000',
};

function colourOf(v: string | undefined, inherited: Paint): Paint {
  if (v === undefined || v === 'inherit') return inherited;
  const t = v.trim().toLowerCase();
  if (t === 'none' || t === 'transparent' || t.startsWith('url(')) return null;
  if (t === 'currentcolor') return 'current';
  const named = NAMED[t];
  if (named) return hexToRgb(named);
  let m = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(t);
  if (m) return hexToRgb(`#${m[1]}${m[1]}${m[2]}${m[2]}${m[3]}${m[3]}`);
  if (/^#[0-9a-f]{6}$/.test(t)) return hexToRgb(t);
  m = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)/.exec(t);
  if (m) return [Number(m[1]) / 255, Number(m[2]) / 255, Number(m[3]) / 255];
  return inherited;
}

interface Inherited {
  fill: Paint;
  stroke: Paint;
  strokeWidth: number;
  rule: FillRule;
  transform: string;
}

function props(el: ElementNode): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(el.properties ?? {})) out[k] = String(v);
  for (const decl of (out.style ?? '').split(';')) {
    const [k, v] = decl.split(':');
    if (k && v) out[k.trim()] = v.trim();
  }
  return out;
}

function shapePath(tag: string, p: Record<string, string>): string | null {
  const n = (k: string, d = 0) => (p[k] === undefined ? d : Number.parseFloat(p[k]!)) || d;
  switch (tag) {
    case 'path':
      return p.d ?? null;
    case 'rect': {
      const [x, y, w, h] = [n('x'), n('y'), n('width'), n('height')];
      return w > 0 && h > 0 ? `M${x} ${y}H${x + w}V${y + h}H${x}Z` : null;
    }
    case 'circle':
    case 'ellipse': {
      const [cx, cy] = [n('cx'), n('cy')];
      const rx = tag === 'circle' ? n('r') : n('rx');
      const ry = tag === 'circle' ? n('r') : n('ry');
      return rx > 0 && ry > 0 ? `M${cx + rx} ${cy}A${rx} ${ry} 0 1 0 ${cx - rx} ${cy}A${rx} ${ry} 0 1 0 ${cx + rx} ${cy}Z` : null;
    }
    case 'line':
      return `M${n('x1')} ${n('y1')}L${n('x2')} ${n('y2')}`;
    case 'polyline':
    case 'polygon': {
      const nums = (p.points ?? '').trim().split(/[\s,]+/).map(Number).filter((v) => Number.isFinite(v));
      if (nums.length < 4) return null;
      let d = `M${nums[0]} ${nums[1]}`;
      for (let i = 2; i + 1 < nums.length; i += 2) d += `L${nums[i]} ${nums[i + 1]}`;
      return tag === 'polygon' ? `${d}Z` : d;
    }
    default:
      return null;
  }
}

/** Reads an SVG's shapes; null when it holds none that can be drawn. Throws nothing. */
export function parseSvgSymbol(markup: string): SvgSymbol | null {
  let root: ElementNode | undefined;
  try {
    const tree = parse(markup);
    root = (tree.children as Node[]).find((c): c is ElementNode => c.type === 'element' && c.tagName === 'svg');
  } catch {
    return null;
  }
  if (!root) return null;
  const raw: { ops: number[]; fill: Paint; stroke: Paint; strokeWidth: number; rule: FillRule }[] = [];
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  const walk = (el: ElementNode, inh: Inherited) => {
    const p = props(el);
    const here: Inherited = {
      fill: colourOf(p.fill, inh.fill),
      stroke: colourOf(p.stroke, inh.stroke),
      strokeWidth: p['stroke-width'] !== undefined ? Number.parseFloat(p['stroke-width']) || inh.strokeWidth : inh.strokeWidth,
      rule: p['fill-rule'] === 'evenodd' ? 'evenodd' : p['fill-rule'] === 'nonzero' ? 'nonzero' : inh.rule,
      transform: `${inh.transform} ${p.transform ?? ''}`.trim(),
    };
    const tag = el.tagName ?? '';
    if (['defs', 'clipPath', 'mask', 'symbol', 'title', 'desc', 'metadata', 'style', 'text', 'image', 'linearGradient', 'radialGradient', 'pattern'].includes(tag)) return;
    const d = shapePath(tag, p);
    if (d) {
      const ops: number[] = [];
      try {
        svgpath(d).transform(here.transform).abs().unarc().unshort().iterate((seg, _i, x, y) => {
          const [cmd, ...a] = seg as [string, ...number[]];
          switch (cmd) {
            case 'M':
              ops.push(0, a[0]!, a[1]!);
              break;
            case 'L':
              ops.push(1, a[0]!, a[1]!);
              break;
            case 'H':
              ops.push(1, a[0]!, y);
              break;
            case 'V':
              ops.push(1, x, a[0]!);
              break;
            case 'C':
              ops.push(2, a[0]!, a[1]!, a[2]!, a[3]!, a[4]!, a[5]!);
              break;
            case 'Q': {
              // A quadratic as the cubic it equals.
              const [qx, qy, ex, ey] = a as [number, number, number, number];
              ops.push(2, x + (2 / 3) * (qx - x), y + (2 / 3) * (qy - y), ex + (2 / 3) * (qx - ex), ey + (2 / 3) * (qy - ey), ex, ey);
              break;
            }
            case 'Z':
            case 'z':
              ops.push(3);
              break;
          }
        });
      } catch {
        return;
      }
      for (let i = 0; i < ops.length; ) {
        const op = ops[i]!;
        const count = op === 0 || op === 1 ? 2 : op === 2 ? 6 : 0;
        for (let k = 0; k < count; k += 2) {
          const x = ops[i + 1 + k]!;
          const y = ops[i + 2 + k]!;
          x0 = Math.min(x0, x);
          y0 = Math.min(y0, y);
          x1 = Math.max(x1, x);
          y1 = Math.max(y1, y);
        }
        i += 1 + count;
      }
      if (ops.length && (here.fill || here.stroke)) raw.push({ ops, fill: here.fill, stroke: here.stroke, strokeWidth: here.strokeWidth, rule: here.rule });
    }
    for (const c of el.children) if (typeof c !== 'string' && c.type === 'element') walk(c, here);
  };
  walk(root, { fill: [0, 0, 0], stroke: null, strokeWidth: 1, rule: 'nonzero', transform: '' });
  if (!raw.length || !(x1 > x0 || y1 > y0)) return null;
  // Into a unit box centred on 0, keeping the proportions.
  const k = 1 / Math.max(x1 - x0, y1 - y0);
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const shapes = raw.map((r) => {
    const ops = r.ops.slice();
    for (let i = 0; i < ops.length; ) {
      const op = ops[i]!;
      const count = op === 0 || op === 1 ? 2 : op === 2 ? 6 : 0;
      for (let j = 0; j < count; j += 2) {
        ops[i + 1 + j] = (ops[i + 1 + j]! - cx) * k;
        ops[i + 2 + j] = (ops[i + 2 + j]! - cy) * k;
      }
      i += 1 + count;
    }
    return { ops, fill: r.fill, stroke: r.stroke, strokeWidth: r.strokeWidth * k, rule: r.rule };
  });
  return { shapes };
}

/** Draws every instance (x, y, scale triples) of a symbol `w` wide: one paint per shape for all of them. */
export function drawSvgBatch(s: Surface, sym: SvgSymbol, at: readonly number[], w: number, colour: Rgb): void {
  for (const shape of sym.shapes) {
    for (let i = 0; i < at.length; i += 3) {
      const ox = at[i]!;
      const oy = at[i + 1]!;
      const k = w * at[i + 2]!;
      const o = shape.ops;
      for (let j = 0; j < o.length; ) {
        const op = o[j]!;
        if (op === 0) s.moveTo(ox + o[j + 1]! * k, oy + o[j + 2]! * k), (j += 3);
        else if (op === 1) s.lineTo(ox + o[j + 1]! * k, oy + o[j + 2]! * k), (j += 3);
        else if (op === 2) s.bezierCurveTo(ox + o[j + 1]! * k, oy + o[j + 2]! * k, ox + o[j + 3]! * k, oy + o[j + 4]! * k, ox + o[j + 5]! * k, oy + o[j + 6]! * k), (j += 7);
        else s.closePath(), (j += 1);
      }
    }
    const fill = shape.fill === 'current' ? colour : shape.fill;
    const stroke = shape.stroke === 'current' ? colour : shape.stroke;
    if (fill) s.fillStyle(fill);
    if (stroke) s.roundJoins().strokeStyle(stroke, shape.strokeWidth * w);
    if (fill && stroke) s.fillAndStroke(shape.rule);
    else if (fill) s.fill(shape.rule);
    else s.stroke();
  }
}
