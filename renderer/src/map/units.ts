// Unit counters drawn on a canvas: a side-coloured square with the NATO branch symbol,
// strength, an elite star and status markers. Pure canvas code with no game or Konva
// imports, so the test-play board and the scenario editor (start positions) share it.
// Sizes are in the caller's units (map pixels on the board); `scale` only keeps hairlines
// crisp.

import { darken, luminance, parseHex, rgba } from './colour.js';
import type { GridGeometry, Rect } from '../../../shared/grid/types.js';
import type { CounterBoxes } from '../../../shared/paint/place-names.js';
import { SYMBOL_MARKS } from '../../../shared/paint/unit-symbols.js';

export type Branch = 'infantry' | 'tank' | 'mechanised' | 'cavalry' | 'airborne' | string;
export type CounterMarker = 'expended' | 'out-of-supply' | 'isolated' | 'desperate';

export interface CounterSpec {
  branch: Branch;
  strength: number;
  elite: boolean;
  /** Side colour, "#rrggbb". */
  colour: string;
  markers: readonly CounterMarker[];
  /** Drawn with a highlight ring (activated, selected). */
  highlight?: 'active' | 'selected' | null;
  /** The factor line the counter prints ("9-6"), drawn instead of the bare strength. */
  factors?: string;
  /** The back (reduced) face shows: a pale band across the top, as printed half-strength sides do. */
  back?: boolean;
  /** Facing, in degrees clockwise from north: a wedge on the counter's edge points that way. */
  facingDeg?: number;
}

/** Marker chips: letter, fill and the sentence a legend shows. */
export const MARKER_STYLE: Record<CounterMarker, { letter: string; fill: string; label: string }> = {
  expended: { letter: 'E', fill: '#6b7280', label: 'Expended' },
  'out-of-supply': { letter: 'S', fill: '#d97706', label: 'Out of supply' },
  isolated: { letter: 'I', fill: '#c2410c', label: 'Isolated' },
  desperate: { letter: 'D', fill: '#7f1d1d', label: 'Desperate' },
};

/** Draws the NATO frame and branch symbol into the box (x, y, w, h). */
export function drawBranchSymbol(ctx: CanvasRenderingContext2D, branch: Branch, x: number, y: number, w: number, h: number, ink: string): void {
  ctx.save();
  ctx.lineWidth = Math.max(w, h) * 0.075;
  ctx.strokeStyle = ink;
  ctx.fillStyle = '#ffffff';
  ctx.lineJoin = 'miter';
  ctx.fillRect(x, y, w, h);
  ctx.strokeRect(x, y, w, h);
  const cross = () => {
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + w, y + h);
    ctx.moveTo(x + w, y);
    ctx.lineTo(x, y + h);
    ctx.stroke();
  };
  const oval = () => {
    const rx = w * 0.3;
    const ry = h * 0.26;
    const cx = x + w / 2;
    const cy = y + h / 2;
    ctx.beginPath();
    ctx.moveTo(cx - rx + ry, cy - ry);
    ctx.lineTo(cx + rx - ry, cy - ry);
    ctx.arc(cx + rx - ry, cy, ry, -Math.PI / 2, Math.PI / 2);
    ctx.lineTo(cx - rx + ry, cy + ry);
    ctx.arc(cx - rx + ry, cy, ry, Math.PI / 2, (3 * Math.PI) / 2);
    ctx.closePath();
    ctx.stroke();
  };
  switch (branch) {
    case 'infantry':
      cross();
      break;
    case 'tank':
      oval();
      break;
    case 'mechanised':
      cross();
      oval();
      break;
    case 'cavalry':
      ctx.beginPath();
      ctx.moveTo(x, y + h);
      ctx.lineTo(x + w, y);
      ctx.stroke();
      break;
    case 'airborne': {
      cross();
      // The airborne modifier: two canopy arcs side by side along the bottom of the frame.
      const r = w * 0.13;
      const base = y + h * 0.94;
      ctx.save();
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(x + w / 2 - 2 * r, base - r * 1.1, 4 * r, r * 1.1);
      ctx.restore();
      ctx.beginPath();
      ctx.arc(x + w / 2 - r, base, r, Math.PI, 2 * Math.PI);
      ctx.arc(x + w / 2 + r, base, r, Math.PI, 2 * Math.PI);
      ctx.stroke();
      break;
    }
    default: {
      const marks = SYMBOL_MARKS[branch];
      if (marks) {
        // A ruleset's own unit type (artillery, engineers...): its marks from the one definition.
        ctx.fillStyle = ink;
        for (const m of marks) {
          ctx.beginPath();
          if (m.kind === 'dot') ctx.arc(x + w * m.x, y + h * m.y, Math.min(w, h) * m.r, 0, Math.PI * 2);
          else m.points.forEach(([px, py], k) => (k === 0 ? ctx.moveTo(x + w * px, y + h * py) : ctx.lineTo(x + w * px, y + h * py)));
          if (m.kind === 'line') {
            if (m.closed) ctx.closePath();
            ctx.stroke();
          } else ctx.fill();
        }
        break;
      }
      // Unknown branch: the bare frame with its initial.
      ctx.fillStyle = ink;
      ctx.font = `600 ${h * 0.6}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(String(branch).slice(0, 1).toUpperCase(), x + w / 2, y + h / 2);
    }
  }
  ctx.restore();
}

function star(ctx: CanvasRenderingContext2D, cx: number, cy: number, r: number): void {
  ctx.beginPath();
  for (let k = 0; k < 10; k++) {
    const a = -Math.PI / 2 + (k * Math.PI) / 5;
    const rr = k % 2 === 0 ? r : r * 0.45;
    const px = cx + Math.cos(a) * rr;
    const py = cy + Math.sin(a) * rr;
    if (k === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  }
  ctx.closePath();
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/** One counter of side `size`, centred on (cx, cy). */
export function drawCounter(ctx: CanvasRenderingContext2D, cx: number, cy: number, size: number, spec: CounterSpec, scale = 1): void {
  const x = cx - size / 2;
  const y = cy - size / 2;
  const rgb = parseHex(spec.colour);
  const ink = luminance(rgb) > 0.6 ? '#111827' : '#ffffff';
  const expended = spec.markers.includes('expended');
  ctx.save();
  // Shadow lifts the counter off the map.
  ctx.shadowColor = 'rgba(0,0,0,0.35)';
  ctx.shadowBlur = size * 0.12 * scale;
  ctx.shadowOffsetY = size * 0.04 * scale;
  roundRect(ctx, x, y, size, size, size * 0.1);
  ctx.fillStyle = expended ? rgba(darken(rgb, 0.1), 1) : spec.colour;
  ctx.fill();
  ctx.shadowColor = 'transparent';
  ctx.lineWidth = Math.max(size * 0.03, 1 / scale);
  ctx.strokeStyle = rgba(darken(rgb, 0.45), 1);
  ctx.stroke();
  if (spec.highlight) {
    roundRect(ctx, x - size * 0.08, y - size * 0.08, size * 1.16, size * 1.16, size * 0.14);
    ctx.lineWidth = Math.max(size * 0.07, 2 / scale);
    ctx.strokeStyle = spec.highlight === 'selected' ? '#facc15' : '#38bdf8';
    ctx.stroke();
  }
  if (spec.back) {
    // The reduced face: a pale band across the top of the counter.
    ctx.save();
    roundRect(ctx, x, y, size, size, size * 0.1);
    ctx.clip();
    ctx.fillStyle = 'rgba(255,255,255,0.85)';
    ctx.fillRect(x, y, size, size * 0.1);
    ctx.restore();
  }
  if (spec.branch === 'unknown') {
    // A face-down counter (a unit the viewing side has not identified): the side's colour, an
    // inner border and a question mark; nothing of the unit itself.
    roundRect(ctx, x + size * 0.12, y + size * 0.12, size * 0.76, size * 0.76, size * 0.06);
    ctx.lineWidth = Math.max(size * 0.035, 1 / scale);
    ctx.strokeStyle = ink === '#ffffff' ? 'rgba(255,255,255,0.55)' : 'rgba(17,24,39,0.45)';
    ctx.stroke();
    ctx.fillStyle = ink;
    ctx.font = `700 ${size * 0.5}px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText('?', cx, cy + size * 0.03);
  } else {
    // NATO symbol in the upper part, strength (or the factor line) centred below.
    const sw = size * 0.58;
    const sh = size * 0.4;
    drawBranchSymbol(ctx, spec.branch, cx - sw / 2, y + size * 0.12, sw, sh, '#111827');
    ctx.fillStyle = ink;
    const text = spec.factors ?? String(spec.strength);
    const fontPx = text.length > 4 ? size * 0.26 : text.length > 2 ? size * 0.3 : size * 0.36;
    ctx.font = `700 ${fontPx}px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'alphabetic';
    ctx.fillText(text, cx, y + size * 0.93);
  }
  if (spec.facingDeg !== undefined) {
    // A wedge outside the counter's edge, pointing the way the unit faces.
    const a = (spec.facingDeg * Math.PI) / 180;
    const r0 = size * 0.56;
    const r1 = size * 0.74;
    const w = size * 0.16;
    const dx = Math.sin(a);
    const dy = -Math.cos(a);
    ctx.beginPath();
    ctx.moveTo(cx + dx * r1, cy + dy * r1);
    ctx.lineTo(cx + dx * r0 - dy * w, cy + dy * r0 + dx * w);
    ctx.lineTo(cx + dx * r0 + dy * w, cy + dy * r0 - dx * w);
    ctx.closePath();
    ctx.fillStyle = rgba(darken(rgb, 0.35), 1);
    ctx.fill();
  }
  if (spec.elite) {
    star(ctx, x + size * 0.13, y + size * 0.8, size * 0.11);
    ctx.fillStyle = '#facc15';
    ctx.fill();
    ctx.lineWidth = size * 0.025;
    ctx.strokeStyle = '#713f12';
    ctx.stroke();
  }
  if (expended) {
    // Expended counters are greyed, as if turned face down.
    roundRect(ctx, x, y, size, size, size * 0.1);
    ctx.fillStyle = 'rgba(255,255,255,0.38)';
    ctx.fill();
  }
  // Status chips down the right edge, overlapping the border so they read at small sizes.
  const r = size * 0.15;
  let k = 0;
  for (const m of spec.markers) {
    const style = MARKER_STYLE[m];
    const mx = x + size - r * 0.35;
    const my = y + r * 0.6 + k * r * 2.05;
    ctx.beginPath();
    ctx.arc(mx, my, r, 0, Math.PI * 2);
    ctx.fillStyle = style.fill;
    ctx.fill();
    ctx.lineWidth = size * 0.03;
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
    ctx.fillStyle = '#ffffff';
    ctx.font = `800 ${r * 1.35}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(style.letter, mx, my + r * 0.05);
    k++;
  }
  ctx.restore();
}

/** Where each counter of a cell goes: one row per side present, up to 3 (or more) per row. */
export interface CounterSlot {
  side: number;
  index: number;
  x: number;
  y: number;
  size: number;
}

/**
 * Lays out the counters of one cell centred on (cx, cy) in a cell `cellSize` across:
 * `counts[s]` counters of side s, each side in its own row(s), sides in the order given. A
 * side alone in its cell with three or more counters takes rows of two, so they stay large.
 */
export function stackLayout(cx: number, cy: number, cellSize: number, counts: readonly number[]): CounterSlot[] {
  const present = counts.map((n, side) => ({ n, side })).filter((r) => r.n > 0);
  if (present.length === 0) return [];
  const rows: { side: number; first: number; n: number }[] = [];
  for (const p of present) {
    const perRow = present.length === 1 && p.n >= 3 ? 2 : p.n;
    for (let first = 0; first < p.n; first += perRow) rows.push({ side: p.side, first, n: Math.min(perRow, p.n - first) });
  }
  const widest = Math.max(...rows.map((r) => r.n));
  const gap = cellSize * 0.04;
  const byWidth = (cellSize * 0.78 - gap * (widest - 1)) / widest;
  const byHeight = (cellSize * 0.72 - gap * (rows.length - 1)) / rows.length;
  const size = Math.min(cellSize * 0.42, byWidth, byHeight);
  const slots: CounterSlot[] = [];
  const top = cy - (rows.length * size + (rows.length - 1) * gap) / 2 + size / 2;
  rows.forEach((r, ri) => {
    const left = cx - (r.n * size + (r.n - 1) * gap) / 2 + size / 2;
    for (let k = 0; k < r.n; k++) slots.push({ side: r.side, index: r.first + k, x: left + k * (size + gap), y: top + ri * (size + gap), size });
  });
  return slots;
}

/** Draws a cell's counters: `sides[s]` lists side s's counters in stacking order. */
export function drawStack(
  ctx: CanvasRenderingContext2D,
  cx: number,
  cy: number,
  cellSize: number,
  sides: readonly (readonly CounterSpec[])[],
  scale = 1,
): CounterSlot[] {
  const slots = stackLayout(cx, cy, cellSize, sides.map((s) => s.length));
  for (const slot of slots) drawCounter(ctx, slot.x, slot.y, slot.size, sides[slot.side]![slot.index]!, scale);
  return slots;
}

/**
 * The boxes a cell's counters cover, in cell units from the cell's centre, as drawStack lays
 * them out in a stack `across` cells wide (`counts[s]` counters of side s), shadow included.
 */
export function stackBoxes(counts: readonly number[], across: number): Rect[] {
  return stackLayout(0, 0, across, counts).map((s) => ({ x: s.x - s.size / 2, y: s.y - s.size / 2, width: s.size, height: s.size * 1.08 }));
}

/**
 * Every cell's counter boxes (see stackBoxes), for place names to keep clear of: `cells` maps
 * a cell index to its counters per side.
 */
export function counterBoxes(cells: Iterable<readonly [number, readonly number[]]>, across: number): CounterBoxes {
  const byIndex = new Map<number, Rect[]>();
  const parts: string[] = [];
  for (const [index, counts] of cells) {
    if (!counts.some((n) => n > 0)) continue;
    byIndex.set(index, stackBoxes(counts, across));
    parts.push(`${index}:${counts.join(',')}`);
  }
  parts.sort();
  return { key: `${across}/${parts.join(';')}`, byIndex };
}

/** counterBoxes for counters keyed by cell reference ("0304", a position id); refs off the map are left out. */
export function counterBoxesByRef(grid: Pick<GridGeometry, 'parseRef' | 'inMap' | 'index'>, cells: Iterable<readonly [string, readonly number[]]>, across: number): CounterBoxes {
  const byIndex: [number, readonly number[]][] = [];
  for (const [ref, counts] of cells) {
    const cell = grid.parseRef(ref);
    if (cell && grid.inMap(cell)) byIndex.push([grid.index(cell), counts]);
  }
  return counterBoxes(byIndex, across);
}
