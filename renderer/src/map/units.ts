// Unit counters drawn on a canvas: the map painter's counter (shared/paint/counters.ts: side
// colour, NATO branch symbol, strength, elite star — the same in every export) with the play
// state over it (selection ring, status chips, reduced face, facing). No game or Konva imports,
// so the test-play board and the scenario editor (start positions) share it.
// Sizes are in the caller's units (map pixels on the board); `scale` only keeps hairlines
// crisp.

import { darken, parseHex, rgba } from './colour.js';
import type { GridGeometry, Rect } from '../../../shared/grid/types.js';
import type { CounterBoxes } from '../../../shared/paint/place-names.js';
import { CanvasSurface, canvasFonts } from '../../../shared/paint/canvas-surface.js';
import { counter, stackBoxes, stackLayout, type CounterSlot } from '../../../shared/paint/counters.js';
import { darken as paintDarken, hexToRgb } from '../../../shared/paint/surface.js';

export { stackBoxes, stackLayout, type CounterSlot };

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

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/** One counter of side `size`, centred on (cx, cy): the map's counter (shared/paint/counters.ts) and the play state over it. */
export function drawCounter(ctx: CanvasRenderingContext2D, cx: number, cy: number, size: number, spec: CounterSpec, scale = 1): void {
  const x = cx - size / 2;
  const y = cy - size / 2;
  const rgb = parseHex(spec.colour);
  const expended = spec.markers.includes('expended');
  ctx.save();
  const surface = new CanvasSurface(ctx, scale, 1);
  const colour = hexToRgb(spec.colour);
  counter(surface, canvasFonts(ctx).bold, { x: cx, y: cy }, size, { branch: spec.branch, strength: spec.strength, elite: spec.elite, colour: expended ? paintDarken(colour, 0.1) : colour, ...(spec.factors ? { factors: spec.factors } : {}) });
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
