// Start positions on the map for the scenario editor: every starting unit as a counter
// (the map painter's counter, shared/paint/counters.ts via map/units.ts: side colour, NATO symbol, strength,
// elite star), each side's units in a row of up to three per cell (the stacking limit);
// more show as a red "+n" badge so an over-stacked cell stands out.
// Drawn on a plain canvas over the map, placed with the map renderer's cell centres, so it
// follows pan and zoom without touching the renderer's layers.
import type { Scenario } from '../../../../shared/format/scenario.types.js';
import type { MapRenderer } from '../../map/MapRenderer.js';
import { counterBoxesByRef, drawStack, type CounterSpec } from '../../map/units.js';
import type { CounterBoxes } from '../../../../shared/paint/place-names.js';
import type { GridGeometry } from '../../../../shared/grid/types.js';
import { cellOfRef } from './meta.js';
import { CanvasSurface, canvasFonts } from '../../../../shared/paint/canvas-surface.js';
import { overflowBadge } from '../../../../shared/paint/counters.js';

const SHOWN_PER_SIDE = 3;

function badge(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, text: string): void {
  const s = new CanvasSurface(ctx, 1, 1);
  overflowBadge(s, canvasFonts(ctx).bold, { x, y }, r, Number(text.slice(1)));
}

/** Each cell's starting units as drawUnits groups them: counters shown per side (scenario order, then units of no known side). */
function shownCounts(scenario: Scenario): Map<string, number[]> {
  const known = new Set(scenario.sides.map((s) => s.id));
  const out = new Map<string, number[]>();
  for (const u of scenario.orderOfBattle) {
    let row = out.get(u.cell);
    if (!row) out.set(u.cell, (row = scenario.sides.map(() => 0).concat(0)));
    const k = known.has(u.side) ? scenario.sides.findIndex((s) => s.id === u.side) : scenario.sides.length;
    row[k] = Math.min(SHOWN_PER_SIDE, row[k]! + 1);
  }
  return out;
}

/** Where drawUnits puts counters, for the map's place names to keep clear of them. */
export function unitBoxes(scenario: Scenario, grid: Pick<GridGeometry, 'parseRef' | 'inMap' | 'index'>): CounterBoxes {
  // Each cell's counters: drawStack one cell across (see drawUnits); empty sides take no row.
  const cells = [...shownCounts(scenario)].map(([ref, counts]) => [ref, counts.filter((n) => n > 0)] as const);
  return counterBoxesByRef(grid, cells, 1);
}

/** Draws every starting unit of the scenario onto `ctx` (a canvas the size of the map view, CSS px). */
export function drawUnits(ctx: CanvasRenderingContext2D, scenario: Scenario, renderer: MapRenderer, selectedUnit: string | null): void {
  const cellPx = renderer.cellScreenPx;
  const byCell = new Map<string, Scenario['orderOfBattle']>();
  for (const u of scenario.orderOfBattle) {
    const list = byCell.get(u.cell);
    if (list) list.push(u);
    else byCell.set(u.cell, [u]);
  }
  const w = ctx.canvas.clientWidth;
  const h = ctx.canvas.clientHeight;
  const colour = new Map(scenario.sides.map((s) => [s.id, s.colour]));
  for (const [ref, units] of byCell) {
    const cell = cellOfRef(scenario, ref);
    const c = cell && renderer.cellCenter(cell);
    if (!c || c.x < -cellPx || c.y < -cellPx || c.x > w + cellPx || c.y > h + cellPx) continue;
    // One row per side, sides in scenario order; a unit naming no known side gets its own row.
    const groups = scenario.sides.map((s) => units.filter((u) => u.side === s.id));
    const strays = units.filter((u) => !colour.has(u.side));
    if (strays.length) groups.push(strays);
    const present = groups.filter((g) => g.length > 0);
    if (cellPx < 14) {
      // Too far out for counters: one dot per side present.
      present.forEach((g, i) => {
        ctx.beginPath();
        ctx.arc(c.x + (i - (present.length - 1) / 2) * 5, c.y, 2.5, 0, Math.PI * 2);
        ctx.fillStyle = colour.get(g[0]!.side) ?? '#666';
        ctx.fill();
      });
      continue;
    }
    const specs: CounterSpec[][] = present.map((g) =>
      g.slice(0, SHOWN_PER_SIDE).map((u) => ({
        branch: u.branch,
        strength: u.strength,
        elite: !!u.elite,
        colour: colour.get(u.side) ?? '#777777',
        markers: [],
        highlight: u.id === selectedUnit ? 'selected' : null,
      })),
    );
    const slots = drawStack(ctx, c.x, c.y, cellPx, specs);
    present.forEach((g, gi) => {
      if (g.length <= SHOWN_PER_SIDE) return;
      const last = slots.filter((s) => s.side === gi).at(-1);
      if (last) badge(ctx, last.x + last.size / 2, last.y - last.size / 2, Math.max(7, last.size * 0.28), `+${g.length - SHOWN_PER_SIDE}`);
    });
  }
}
