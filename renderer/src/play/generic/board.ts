// Any ruleset's game drawn over the static map from one side's observation: control that
// changed since the start, zones of control and the cells that may be clicked now, drawn by one
// shape; and the counters as that side sees them (factor line, front or back face, facing,
// face-down tokens), placed for their own nodes (map/counter-nodes.ts).
import type { Direction } from '../../../../shared/grid/types.js';
import { counterSymbol, declarations, type CounterLayout, type LineOfSight, type Observation, type ObservedUnit } from '../../../../shared/rules/index.js';
import { CELL_SIZE } from '../../map/MapRenderer.js';
import type { MapModel } from '../../map/model.js';
import { stackLayout, type CounterSpec } from '../../map/units.js';
import type { CounterPlacement } from '../../map/counter-nodes.js';
import type { Cell } from '../../../../shared/grid/types.js';
import type { CellMark } from './intent.js';

export interface GenericPicture {
  observation: Observation;
  sides: readonly { id: string; colour: string }[];
  initialControl: ArrayLike<number>;
  marks: ReadonlyMap<string, CellMark>;
  zoc: readonly string[];
  selected: readonly string[];
  /** A network map's positions and links (the painter draws the links; the ones an attack goes down are picked out here). */
  network?: NetworkPicture | null;
  /** The hover aid of a unit that may fire: the cells its fire reaches, and the line to the hovered cell. */
  aim?: Aim | null;
}

export interface NetworkPicture {
  positions: readonly { id: string; label?: string; x: number; y: number }[];
  links: readonly { id: string; from: string; to: string; type?: string; waypoints?: readonly { x: number; y: number }[] }[];
  /** Links to pick out: [from, to] position ids (an attack down a link). */
  picked: readonly (readonly [string, string])[];
}

/** What a hovered cell means to the selected unit's fire (from the rules' public queries). */
export interface Aim {
  from: string;
  reach: readonly string[];
  to: string | null;
  los: LineOfSight | null;
  /** The hovered cell can be fired on. */
  ok: boolean;
}

/** The hover aid in words: whether the cell can be fired on, at what range, and why not. */
export function aimWords(a: { ok: boolean; range: number | null; los: LineOfSight | null; unitRange: number | null; facing: boolean; label: string; target: string | null }): string {
  const at = a.range !== null ? `range ${a.range}` : '';
  if (a.unitRange === 0) return `${a.label}: this unit does not fire.`;
  if (a.los && !a.los.clear) return `${a.label}: line of sight blocked${a.los.reason ? ` — ${a.los.reason}` : ''}${at ? ` (${at})` : ''}.`;
  if (a.ok) return `${a.label}: can be fired on${a.target ? ` (${a.target})` : ''}, ${at || 'in range'}.`;
  if (a.unitRange !== null && a.range !== null && a.range > a.unitRange) return `${a.label}: out of range — ${at}, its range is ${a.unitRange}.`;
  if (a.facing) return `${a.label}: out of its arc of fire${at ? ` (${at})` : ''}.`;
  return `${a.label}: no target to fire on here${at ? ` (${at})` : ''}.`;
}

const MARK: Record<CellMark, { stroke: string; fill: string; dash: number[] }> = {
  pick: { stroke: '#d97706', fill: 'rgba(250,204,21,0.20)', dash: [] },
  move: { stroke: '#15803d', fill: 'rgba(34,197,94,0.25)', dash: [] },
  attack: { stroke: '#b91c1c', fill: 'rgba(239,68,68,0.25)', dash: [] },
  fire: { stroke: '#c2410c', fill: 'rgba(249,115,22,0.22)', dash: [10, 5] },
  chosen: { stroke: '#1d4ed8', fill: 'rgba(59,130,246,0.22)', dash: [] },
  candidate: { stroke: '#1d4ed8', fill: 'rgba(59,130,246,0.06)', dash: [8, 6] },
  cell: { stroke: '#7e22ce', fill: 'rgba(168,85,247,0.22)', dash: [] },
};

export const markStyle = (m: CellMark) => MARK[m];

const DEG: Record<Direction, number> = { N: 0, NE: 60, E: 90, SE: 120, S: 180, SW: 240, W: 270, NW: 300 };

/** Degrees clockwise from north a facing points on this grid (hex sides at 60°, squares at 45°). */
export function facingDegrees(model: MapModel, facing: Direction): number {
  if (model.grid.spec.kind === 'hex') return DEG[facing];
  return { N: 0, NE: 45, E: 90, SE: 135, S: 180, SW: 225, W: 270, NW: 315 }[facing];
}

function cellPath(ctx: CanvasRenderingContext2D, model: MapModel, cell: Cell): void {
  const pts = model.grid.corners(cell, CELL_SIZE);
  ctx.beginPath();
  pts.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
  ctx.closePath();
}

function hexAlpha(colour: string, alpha: number): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!m) return `rgba(120,120,120,${alpha})`;
  return `rgba(${parseInt(m[1]!, 16)},${parseInt(m[2]!, 16)},${parseInt(m[3]!, 16)},${alpha})`;
}

export function counterSpec(model: MapModel, u: ObservedUnit, colour: string, selected: boolean, layout?: Pick<CounterLayout, 'typeKey' | 'symbols'>): CounterSpec {
  if (u.hidden) return { branch: 'unknown', strength: 0, factors: '?', elite: false, colour, markers: [] };
  const strength = typeof u.values?.strength === 'number' ? u.values.strength : 0;
  return {
    // The ruleset's unit type picks the symbol where its layout says so (an artillery stand's dot).
    branch: layout ? counterSymbol(layout, u.branch ?? 'infantry', u.values) : (u.branch ?? 'infantry'),
    strength,
    ...(u.factors ? { factors: u.factors } : {}),
    elite: u.values?.elite === true,
    colour,
    markers: [],
    back: u.face === 'back',
    highlight: selected ? 'selected' : null,
    ...(u.facing ? { facingDeg: facingDegrees(model, u.facing) } : {}),
  };
}

/** Units on the map grouped by cell, per side in the order given (a unit of no listed side goes with the first). */
export function unitsByCell(units: readonly ObservedUnit[], sides: readonly { id: string }[]): Map<string, ObservedUnit[][]> {
  const byCell = new Map<string, ObservedUnit[][]>();
  for (const u of units) {
    if (u.where !== 'onMap' || u.cell === null) continue;
    let row = byCell.get(u.cell);
    if (!row) byCell.set(u.cell, (row = sides.map(() => [])));
    const k = sides.findIndex((s) => s.id === u.side);
    row[k < 0 ? 0 : k]!.push(u);
  }
  return byCell;
}

/** Draws the picture under the counters (the counters are nodes of their own: genericCounters). */
export function drawGeneric(ctx: CanvasRenderingContext2D, scale: number, model: MapModel, pic: GenericPicture): void {
  const { observation: o, sides } = pic;
  if (pic.network) drawNetwork(ctx, scale, model, pic.network);
  if (o.control) {
    for (const [ref, owner] of Object.entries(o.control)) {
      const cell = model.grid.parseRef(ref);
      if (!cell || !model.grid.inMap(cell)) continue;
      const k = sides.findIndex((s) => s.id === owner);
      if (k < 0 || k === pic.initialControl[model.grid.index(cell)]) continue;
      cellPath(ctx, model, cell);
      ctx.fillStyle = hexAlpha(sides[k]!.colour, 0.3);
      ctx.fill();
      ctx.save();
      ctx.clip();
      ctx.strokeStyle = hexAlpha(sides[k]!.colour, 0.9);
      ctx.lineWidth = 8;
      cellPath(ctx, model, cell);
      ctx.stroke();
      ctx.restore();
    }
  }
  for (const ref of pic.zoc) {
    const cell = model.grid.parseRef(ref);
    if (!cell) continue;
    cellPath(ctx, model, cell);
    ctx.save();
    ctx.clip();
    ctx.strokeStyle = 'rgba(127,29,29,0.35)';
    ctx.lineWidth = 3 / Math.max(scale, 0.3);
    const c = model.grid.center(cell, CELL_SIZE);
    for (let d = -CELL_SIZE; d <= CELL_SIZE; d += 14) {
      ctx.beginPath();
      ctx.moveTo(c.x + d - CELL_SIZE, c.y + CELL_SIZE);
      ctx.lineTo(c.x + d + CELL_SIZE, c.y - CELL_SIZE);
      ctx.stroke();
    }
    ctx.restore();
  }
  for (const [ref, mark] of pic.marks) {
    const cell = model.grid.parseRef(ref);
    if (!cell || !model.grid.inMap(cell)) continue;
    const st = MARK[mark];
    cellPath(ctx, model, cell);
    ctx.fillStyle = st.fill;
    ctx.fill();
    ctx.save();
    ctx.setLineDash(st.dash.map((d) => d / Math.max(scale, 0.3)));
    ctx.lineWidth = Math.max(3 / scale, 3);
    ctx.strokeStyle = st.stroke;
    ctx.lineJoin = 'round';
    ctx.stroke();
    ctx.restore();
  }
  if (pic.aim) drawAim(ctx, scale, model, pic.aim);
}

/**
 * The counters the observing side sees, where each stands (map px: its cell's stack) and how
 * it looks; `movable`: the units the rules offer a move now (they may be dragged).
 */
export function genericCounters(model: MapModel, pic: Pick<GenericPicture, 'observation' | 'sides' | 'selected'>, movable: ReadonlySet<string>): CounterPlacement[] {
  const colourOf = new Map(pic.sides.map((s) => [s.id, s.colour]));
  const layout = declarations().find((d) => d.id === pic.observation.ruleset)?.counter;
  const out: CounterPlacement[] = [];
  for (const [ref, bySide] of unitsByCell(pic.observation.units, pic.sides)) {
    const cell = model.grid.parseRef(ref);
    if (!cell) continue;
    const c = model.grid.center(cell, CELL_SIZE);
    for (const s of stackLayout(c.x, c.y, CELL_SIZE * 0.95, bySide.map((u) => u.length))) {
      const u = bySide[s.side]![s.index]!;
      const spec = counterSpec(model, u, colourOf.get(u.side) ?? '#777777', pic.selected.includes(u.id), layout);
      out.push({ unit: u.id, cell: ref, x: s.x, y: s.y, size: s.size, spec, movable: movable.has(u.id) });
    }
  }
  return out;
}

function drawAim(ctx: CanvasRenderingContext2D, scale: number, model: MapModel, aim: Aim): void {
  const px = (n: number) => n / Math.max(scale, 0.3);
  for (const ref of aim.reach) {
    const cell = model.grid.parseRef(ref);
    if (!cell || !model.grid.inMap(cell)) continue;
    cellPath(ctx, model, cell);
    ctx.fillStyle = 'rgba(234,88,12,0.10)';
    ctx.fill();
    ctx.strokeStyle = 'rgba(194,65,12,0.45)';
    ctx.lineWidth = px(1.5);
    ctx.stroke();
  }
  const from = model.grid.parseRef(aim.from);
  const to = aim.to ? model.grid.parseRef(aim.to) : null;
  if (!from || !to) return;
  const a = model.grid.center(from, CELL_SIZE);
  const b = model.grid.center(to, CELL_SIZE);
  const blocked = aim.los && !aim.los.clear && aim.los.blockedAt ? model.grid.parseRef(aim.los.blockedAt) : null;
  const stop = blocked ? model.grid.center(blocked, CELL_SIZE) : b;
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineWidth = px(3);
  ctx.strokeStyle = aim.ok ? '#15803d' : '#b91c1c';
  ctx.beginPath();
  ctx.moveTo(a.x, a.y);
  ctx.lineTo(stop.x, stop.y);
  ctx.stroke();
  if (blocked || !aim.ok) {
    ctx.setLineDash([px(6), px(6)]);
    ctx.strokeStyle = 'rgba(185,28,28,0.55)';
    ctx.beginPath();
    ctx.moveTo(stop.x, stop.y);
    ctx.lineTo(b.x, b.y);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  if (blocked) {
    const r = CELL_SIZE * 0.18;
    ctx.lineWidth = px(4);
    ctx.strokeStyle = '#b91c1c';
    ctx.beginPath();
    ctx.moveTo(stop.x - r, stop.y - r);
    ctx.lineTo(stop.x + r, stop.y + r);
    ctx.moveTo(stop.x + r, stop.y - r);
    ctx.lineTo(stop.x - r, stop.y + r);
    ctx.stroke();
  }
  ctx.beginPath();
  ctx.arc(b.x, b.y, CELL_SIZE * 0.12, 0, Math.PI * 2);
  ctx.fillStyle = aim.ok ? '#15803d' : '#b91c1c';
  ctx.fill();
  ctx.restore();
}

/** The links an attack goes down (red, through their bends), position outlines and labels: a network board the player can read. */
function drawNetwork(ctx: CanvasRenderingContext2D, scale: number, model: MapModel, net: NetworkPicture): void {
  const px = (n: number) => n / Math.max(scale, 0.2);
  const at = new Map<string, { x: number; y: number }>();
  for (const p of net.positions) {
    const c = model.grid.parseRef(p.id);
    if (c) at.set(p.id, model.grid.center(c, CELL_SIZE));
  }
  // Millimetres to board pixels, from two positions apart (for the bends of links).
  const [p0, p1] = net.positions.filter((p) => at.has(p.id)).reduce<[typeof net.positions[number] | null, typeof net.positions[number] | null]>(
    ([a, b], p) => (!a ? [p, b] : !b && p.x !== a.x && p.y !== a.y ? [a, p] : [a, b]),
    [null, null],
  );
  const toPx = (q: { x: number; y: number }) => {
    if (!p0 || !p1) return q;
    const a = at.get(p0.id)!;
    const b = at.get(p1.id)!;
    const sx = (b.x - a.x) / (p1.x - p0.x);
    const sy = (b.y - a.y) / (p1.y - p0.y);
    return { x: a.x + (q.x - p0.x) * sx, y: a.y + (q.y - p0.y) * sy };
  };
  const picked = (l: { from: string; to: string }) => net.picked.some(([a, b]) => (a === l.from && b === l.to) || (a === l.to && b === l.from));
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  // The map painter draws every link under the board; only the picked ones are drawn again here.
  for (const l of net.links) {
    const a = at.get(l.from);
    const b = at.get(l.to);
    if (!a || !b || !picked(l)) continue;
    ctx.beginPath();
    ctx.moveTo(a.x, a.y);
    for (const w of l.waypoints ?? []) {
      const q = toPx(w);
      ctx.lineTo(q.x, q.y);
    }
    ctx.lineTo(b.x, b.y);
    ctx.strokeStyle = '#b91c1c';
    ctx.lineWidth = px(5);
    ctx.stroke();
  }
  ctx.setLineDash([]);
  ctx.font = `600 ${px(11)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  for (const p of net.positions) {
    const c = model.grid.parseRef(p.id);
    if (!c) continue;
    cellPath(ctx, model, c);
    ctx.fillStyle = 'rgba(255,255,255,0.55)';
    ctx.fill();
    ctx.strokeStyle = 'rgba(55,65,81,0.8)';
    ctx.lineWidth = px(1.2);
    ctx.stroke();
    if (!p.label) continue;
    const top = Math.min(...model.grid.corners(c, CELL_SIZE).map((q) => q.y));
    const m = at.get(p.id)!;
    ctx.fillStyle = '#1f2937';
    ctx.fillText(p.label, m.x, top - px(2));
  }
  ctx.restore();
}
