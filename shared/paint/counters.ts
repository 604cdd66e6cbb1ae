// Unit counters on the map, one design for the screen and every export: a side-coloured square
// with rounded corners and a darker edge, the NATO branch box (natoSymbol, shared with the
// tabletop kit), the strength (or the factor line) below it, a gold star for elite units. A
// cell's counters stand one row per side, up to SHOWN_PER_SIDE of a side; more show as a red
// "+n" badge. The designer's start positions, the painter's units layer (PNG, SVG, PDF) and the
// test-play board all draw them with these functions, in drawing units around a point.
import type { Point, Rect } from '../grid/types.js';
import { GOLD, INK, natoSymbol, starPoints, WHITE } from './markers.js';
import { darken, luminance, type Rgb, type Surface, type SurfaceFont } from './surface.js';

/** Counters of one side shown in a cell; the rest are counted on a badge. */
export const SHOWN_PER_SIDE = 3;

/** What a counter's face shows. */
export interface CounterFace {
  branch: string;
  strength: number;
  elite: boolean;
  colour: Rgb;
  /** The factor line the counter prints ("9-6"), drawn instead of the bare strength. */
  factors?: string;
}

/** Where each counter of a cell goes: one row per side present. */
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

/**
 * The boxes a cell's counters cover, in cell units from the cell's centre, as stackLayout lays
 * them out in a stack `across` cells wide (`counts[s]` counters of side s), shadow included.
 */
export function stackBoxes(counts: readonly number[], across: number): Rect[] {
  return stackLayout(0, 0, across, counts).map((s) => ({ x: s.x - s.size / 2, y: s.y - s.size / 2, width: s.size, height: s.size * 1.08 }));
}

/**
 * A cell's units grouped as a stack shows them: one group per side in the order of `sides`,
 * then units of no known side; empty groups left out.
 */
export function sideGroups<U extends { side: string }>(units: readonly U[], sides: readonly { id: string }[]): U[][] {
  const known = new Set(sides.map((s) => s.id));
  const groups = sides.map((s) => units.filter((u) => u.side === s.id));
  groups.push(units.filter((u) => !known.has(u.side)));
  return groups.filter((g) => g.length > 0);
}

/** How many counters of each group a stack shows. */
export const shownCounts = (groups: readonly (readonly unknown[])[]): number[] => groups.map((g) => Math.min(SHOWN_PER_SIDE, g.length));

/** A rounded rectangle's outline as a path on `s`. */
function roundedRect(s: Surface, x: number, y: number, w: number, h: number, r: number): void {
  const k = r * 0.4477; // r × (1 − 0.5523): the control points of a quarter circle.
  s.moveTo(x + r, y)
    .lineTo(x + w - r, y)
    .bezierCurveTo(x + w - k, y, x + w, y + k, x + w, y + r)
    .lineTo(x + w, y + h - r)
    .bezierCurveTo(x + w, y + h - k, x + w - k, y + h, x + w - r, y + h)
    .lineTo(x + r, y + h)
    .bezierCurveTo(x + k, y + h, x, y + h - k, x, y + h - r)
    .lineTo(x, y + r)
    .bezierCurveTo(x, y + k, x + k, y, x + r, y)
    .closePath();
}

/** The outline of a counter `size` across centred on `c` (for a caller's highlight or overlay). */
export function counterOutline(s: Surface, c: Point, size: number, grow = 0): void {
  roundedRect(s, c.x - size / 2 - grow, c.y - size / 2 - grow, size + 2 * grow, size + 2 * grow, size * 0.1 + grow);
}

/** One counter `size` across centred on `c`. */
export function counter<F extends SurfaceFont>(s: Surface<F>, bold: F, c: Point, size: number, face: CounterFace): void {
  const x = c.x - size / 2;
  const y = c.y - size / 2;
  // A soft shadow lifts the counter off the map: two offset layers, lighter outside.
  s.fillStyle([0, 0, 0], 0.14);
  roundedRect(s, x + size * 0.02, y + size * 0.05, size + size * 0.02, size + size * 0.03, size * 0.12);
  s.fill();
  s.fillStyle([0, 0, 0], 0.18);
  roundedRect(s, x + size * 0.01, y + size * 0.035, size, size, size * 0.1);
  s.fill();
  s.fillStyle(face.colour).buttCaps().strokeStyle(darken(face.colour, 0.45), size * 0.03);
  roundedRect(s, x, y, size, size, size * 0.1);
  s.fillAndStroke();
  const light = luminance(face.colour) > 0.6;
  if (face.branch === 'unknown') {
    // A face-down counter (a unit the viewing side has not identified): the side's colour, an
    // inner border and a question mark; nothing of the unit itself.
    s.strokeStyle(light ? INK : WHITE, size * 0.035);
    roundedRect(s, x + size * 0.12, y + size * 0.12, size * 0.76, size * 0.76, size * 0.06);
    s.stroke();
    s.fillStyle(light ? INK : WHITE).text(bold, size * 0.5, c.x, y + size * 0.68, '?', 'centre');
    return;
  }
  // NATO symbol in the upper part, strength (or the factor line) centred below.
  const sw = size * 0.58;
  const sh = size * 0.4;
  s.strokeStyle(INK, Math.max(sw, sh) * 0.075);
  natoSymbol(s, { x: c.x - sw / 2, y: y + size * 0.12, width: sw, height: sh }, face.branch);
  const text = face.factors ?? String(face.strength);
  const textSize = text.length > 4 ? size * 0.26 : text.length > 2 ? size * 0.3 : size * 0.36;
  s.fillStyle(light ? INK : WHITE).text(bold, textSize, c.x, y + size * 0.93, text, 'centre');
  if (face.elite) {
    s.fillStyle(GOLD).roundJoins().strokeStyle([0.44, 0.25, 0.07], size * 0.025);
    s.path(starPoints({ x: x + size * 0.13, y: y + size * 0.8 }, size * 0.11, 5, 0.45), true).fillAndStroke();
  }
}

/** The red "+n" badge at a stack's last counter of a side that has more than it shows. */
export function overflowBadge<F extends SurfaceFont>(s: Surface<F>, bold: F, c: Point, r: number, more: number): void {
  s.fillStyle([0.78, 0.16, 0.16]).strokeStyle(WHITE, r * 0.2).circle(c, r).fillAndStroke();
  s.fillStyle(WHITE).text(bold, r * 1.05, c.x, c.y + r * 0.37, `+${more}`, 'centre');
}

/**
 * A cell's stack centred on `c` in a cell `cellSize` across: `groups[g]` are one side's
 * counters in stacking order (see sideGroups). Returns where each shown counter went.
 */
export function counterStack<F extends SurfaceFont>(s: Surface<F>, bold: F, c: Point, cellSize: number, groups: readonly (readonly CounterFace[])[]): CounterSlot[] {
  const slots = stackLayout(c.x, c.y, cellSize, shownCounts(groups));
  for (const slot of slots) counter(s, bold, slot, slot.size, groups[slot.side]![slot.index]!);
  groups.forEach((g, gi) => {
    if (g.length <= SHOWN_PER_SIDE) return;
    const last = slots.filter((x) => x.side === gi).at(-1);
    if (last) overflowBadge(s, bold, { x: last.x + last.size / 2, y: last.y - last.size / 2 }, last.size * 0.28, g.length - SHOWN_PER_SIDE);
  });
  return slots;
}
