// Unit counters over the map for the scenario editor: each starting unit as a small counter
// in its side's colour with its NATO branch symbol, strength and an elite mark. Up to three
// counters per side sit side by side in a cell (the stacking limit); more show as "+n".
// Drawn on a plain canvas over the map, positioned with the map renderer's cell centres, so
// it follows pan and zoom without touching the renderer's layers.
import type { Branch, Scenario } from '../../../../shared/format/scenario.types.js';
import type { MapRenderer } from '../../map/MapRenderer.js';

const SHOWN_PER_SIDE = 3;

/** Black or white, whichever reads better on a side colour. */
function ink(hex: string): string {
  const n = parseInt(hex.replace('#', '').slice(0, 6), 16);
  const r = (n >> 16) & 255;
  const g = (n >> 8) & 255;
  const b = n & 255;
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#111' : '#fff';
}

/** The NATO branch symbol inside a frame of w×h at (x, y). */
export function drawNatoSymbol(ctx: CanvasRenderingContext2D, branch: Branch, x: number, y: number, w: number, h: number, line: number): void {
  ctx.fillStyle = '#fff';
  ctx.fillRect(x, y, w, h);
  ctx.strokeStyle = '#111';
  ctx.lineWidth = line;
  ctx.strokeRect(x, y, w, h);
  ctx.beginPath();
  const cross = () => {
    ctx.moveTo(x, y);
    ctx.lineTo(x + w, y + h);
    ctx.moveTo(x + w, y);
    ctx.lineTo(x, y + h);
  };
  const track = () => {
    const rx = w * 0.3;
    const ry = h * 0.26;
    ctx.moveTo(x + w / 2 + rx, y + h / 2);
    ctx.ellipse(x + w / 2, y + h / 2, rx, ry, 0, 0, Math.PI * 2);
  };
  if (branch === 'infantry') cross();
  else if (branch === 'tank') track();
  else if (branch === 'mechanised') {
    cross();
    track();
  } else if (branch === 'cavalry') {
    ctx.moveTo(x, y + h);
    ctx.lineTo(x + w, y);
  } else {
    cross();
    // The parachute canopy under the cross.
    ctx.moveTo(x + w * 0.3, y + h * 0.82);
    ctx.quadraticCurveTo(x + w / 2, y + h * 0.45, x + w * 0.7, y + h * 0.82);
  }
  ctx.stroke();
}

interface CounterUnit {
  id: string;
  side: string;
  branch: Branch;
  strength: number;
  elite?: boolean;
}

/** One counter with its top-left corner at (x, y), s px square. */
export function drawCounter(ctx: CanvasRenderingContext2D, u: CounterUnit, colour: string, x: number, y: number, s: number, selected: boolean): void {
  const r = Math.max(1.5, s * 0.08);
  ctx.beginPath();
  ctx.roundRect(x, y, s, s, r);
  ctx.fillStyle = colour;
  ctx.shadowColor = 'rgba(0,0,0,0.35)';
  ctx.shadowBlur = s * 0.12;
  ctx.shadowOffsetY = s * 0.04;
  ctx.fill();
  ctx.shadowColor = 'transparent';
  ctx.lineWidth = selected ? Math.max(2, s * 0.08) : 1;
  ctx.strokeStyle = selected ? '#1f6feb' : 'rgba(0,0,0,0.55)';
  ctx.stroke();
  const fw = s * 0.62;
  const fh = s * 0.36;
  drawNatoSymbol(ctx, u.branch, x + (s - fw) / 2, y + s * 0.12, fw, fh, Math.max(1, s * 0.035));
  const fg = ink(colour);
  ctx.fillStyle = fg;
  ctx.font = `700 ${Math.round(s * 0.36)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.fillText(String(u.strength), x + s / 2, y + s * 0.9);
  if (u.elite) {
    // Elite: a gold star in the top-right corner.
    const cx = x + s * 0.86;
    const cy = y + s * 0.14;
    const R = s * 0.13;
    ctx.beginPath();
    for (let i = 0; i < 10; i++) {
      const a = -Math.PI / 2 + (i * Math.PI) / 5;
      const rr = i % 2 ? R * 0.45 : R;
      ctx.lineTo(cx + rr * Math.cos(a), cy + rr * Math.sin(a));
    }
    ctx.closePath();
    ctx.fillStyle = '#f2c230';
    ctx.fill();
    ctx.lineWidth = 0.75;
    ctx.strokeStyle = '#6b5200';
    ctx.stroke();
  }
}

/** Draws every starting unit of the scenario onto `ctx` (a canvas the size of the map view, CSS px). */
export function drawUnits(ctx: CanvasRenderingContext2D, scenario: Scenario, renderer: MapRenderer, selectedUnit: string | null): void {
  const cellPx = renderer.cellScreenPx;
  const byCell = new Map<string, CounterUnit[]>();
  for (const u of scenario.orderOfBattle) {
    const list = byCell.get(u.cell);
    if (list) list.push(u);
    else byCell.set(u.cell, [u]);
  }
  const w = ctx.canvas.clientWidth;
  const h = ctx.canvas.clientHeight;
  const colour = new Map(scenario.sides.map((s) => [s.id, s.colour]));
  for (const [ref, units] of byCell) {
    const [col, row] = ref.split(',').map(Number) as [number, number];
    const c = renderer.cellCenter({ col, row });
    if (!c || c.x < -cellPx || c.y < -cellPx || c.x > w + cellPx || c.y > h + cellPx) continue;
    const groups = scenario.sides.map((s) => units.filter((u) => u.side === s.id)).filter((g) => g.length > 0);
    const strays = units.filter((u) => !colour.has(u.side));
    if (strays.length) groups.push(strays);
    if (cellPx < 12) {
      // Too far out for counters: one dot per side present.
      groups.forEach((g, i) => {
        ctx.beginPath();
        ctx.arc(c.x + (i - (groups.length - 1) / 2) * 4, c.y, 2.5, 0, Math.PI * 2);
        ctx.fillStyle = colour.get(g[0]!.side) ?? '#666';
        ctx.fill();
      });
      continue;
    }
    const maxShown = Math.max(...groups.map((g) => Math.min(g.length, SHOWN_PER_SIDE)));
    const s = Math.min(cellPx * 0.46, (cellPx * 0.9) / maxShown, (cellPx * 0.86) / groups.length, 56);
    const gap = Math.max(1, s * 0.06);
    groups.forEach((g, gi) => {
      const shown = g.slice(0, SHOWN_PER_SIDE);
      const rowW = shown.length * s + (shown.length - 1) * gap;
      const y = c.y - (groups.length * s + (groups.length - 1) * gap) / 2 + gi * (s + gap);
      shown.forEach((u, i) => drawCounter(ctx, u, colour.get(u.side) ?? '#777', c.x - rowW / 2 + i * (s + gap), y, s, u.id === selectedUnit));
      if (g.length > SHOWN_PER_SIDE) {
        const label = `+${g.length - SHOWN_PER_SIDE}`;
        const bx = c.x + rowW / 2;
        const by = y;
        const br = Math.max(7, s * 0.24);
        ctx.beginPath();
        ctx.arc(bx, by, br, 0, Math.PI * 2);
        ctx.fillStyle = '#c62828';
        ctx.fill();
        ctx.lineWidth = 1.5;
        ctx.strokeStyle = '#fff';
        ctx.stroke();
        ctx.fillStyle = '#fff';
        ctx.font = `700 ${Math.round(br * 1.05)}px system-ui, sans-serif`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(label, bx, by + 0.5);
      }
    });
  }
}
