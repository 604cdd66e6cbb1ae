// The game drawn over the static map, on the renderer's interactive layer: control that
// changed since the start, supply reach and cells the player may use now, drawn by one shape;
// and where each unit counter stands, for the counters' own nodes (map/counter-nodes.ts).
// Rebuilt from the engine's view; the terrain underneath is never redrawn.
import type { GameView, UnitView } from '../../../shared/rules/types.js';
import type { Cell } from '../../../shared/grid/types.js';
import { CELL_SIZE } from '../map/MapRenderer.js';
import type { MapModel } from '../map/model.js';
import { stackLayout, type CounterMarker, type CounterSpec } from '../map/units.js';
import type { CounterPlacement } from '../map/counter-nodes.js';

export type Mark = 'activate' | 'move' | 'strategic' | 'rail' | 'drop' | 'attack' | 'retreat' | 'breakthrough' | 'pick';

export interface BoardPicture {
  view: GameView;
  /** Scenario sides in order, with colours. */
  sides: readonly { id: string; colour: string; code: string }[];
  /** Starting control per cell index (index into sides), as the map model holds it. */
  initialControl: ArrayLike<number>;
  marks: ReadonlyMap<string, Mark>;
  selectedUnit: string | null;
  supplyOverlay: boolean;
}

const MARK_STYLE: Record<Mark, { stroke: string; fill: string; dash: number[] }> = {
  activate: { stroke: '#d97706', fill: 'rgba(250,204,21,0.22)', dash: [] },
  move: { stroke: '#15803d', fill: 'rgba(34,197,94,0.25)', dash: [] },
  strategic: { stroke: '#1d4ed8', fill: 'rgba(59,130,246,0.16)', dash: [10, 6] },
  rail: { stroke: '#6d28d9', fill: 'rgba(139,92,246,0.16)', dash: [10, 6] },
  drop: { stroke: '#c2410c', fill: 'rgba(249,115,22,0.16)', dash: [4, 5] },
  attack: { stroke: '#b91c1c', fill: 'rgba(239,68,68,0.22)', dash: [] },
  retreat: { stroke: '#7e22ce', fill: 'rgba(168,85,247,0.22)', dash: [] },
  breakthrough: { stroke: '#15803d', fill: 'rgba(34,197,94,0.25)', dash: [6, 4] },
  pick: { stroke: '#b45309', fill: 'rgba(245,158,11,0.2)', dash: [] },
};

export function markStyle(m: Mark): { stroke: string; fill: string; dash: number[] } {
  return MARK_STYLE[m];
}

export function markersOf(u: UnitView): CounterMarker[] {
  const m: CounterMarker[] = [];
  if (u.activation === 'expended') m.push('expended');
  if (u.supply !== 'in-supply') m.push(u.supply);
  return m;
}

/** Units on the map grouped by cell, per side in scenario order. */
export function unitsByCell(view: GameView, sides: readonly { id: string }[]): Map<string, UnitView[][]> {
  const out = new Map<string, UnitView[][]>();
  for (const u of view.units) {
    if (u.where !== 'onMap' || u.cell === null) continue;
    let row = out.get(u.cell);
    if (!row) out.set(u.cell, (row = sides.map(() => [])));
    const k = sides.findIndex((s) => s.id === u.side);
    row[k < 0 ? 0 : k]!.push(u);
  }
  return out;
}

function cellPath(ctx: CanvasRenderingContext2D, model: MapModel, cell: Cell): void {
  const pts = model.grid.corners(cell, CELL_SIZE);
  ctx.beginPath();
  pts.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
  ctx.closePath();
}

/** Draws the picture under the counters (the counters are nodes of their own: boardCounters). */
export function drawBoard(ctx: CanvasRenderingContext2D, scale: number, model: MapModel, pic: BoardPicture): void {
  const { view, sides } = pic;
  // Control taken since the start: the new owner's colour over the old tint, with a rim.
  for (let row = 0; row < model.rows; row++)
    for (let col = 0; col < model.cols; col++) {
    const cell = { col, row };
    const owner = view.control[model.grid.ref(cell)];
    const k = sides.findIndex((s) => s.id === owner);
    const side = sides[k];
    if (!side || k === pic.initialControl[model.grid.index(cell)]) continue;
    cellPath(ctx, model, cell);
    ctx.fillStyle = hexAlpha(side.colour, 0.3);
    ctx.fill();
    ctx.save();
    ctx.clip();
    ctx.strokeStyle = hexAlpha(side.colour, 0.9);
    ctx.lineWidth = 8;
    cellPath(ctx, model, cell);
    ctx.stroke();
    ctx.restore();
  }
  if (pic.supplyOverlay) drawSupply(ctx, model, pic);
  for (const [cellId, mark] of pic.marks) {
    const cell = model.grid.parseRef(cellId);
    if (!cell || !model.grid.inMap(cell)) continue;
    const st = MARK_STYLE[mark];
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
    if (mark === 'drop') {
      // A small canopy marks airborne drop zones.
      const c = model.grid.center(cell, CELL_SIZE);
      ctx.beginPath();
      ctx.arc(c.x, c.y - 30, 9, Math.PI, 0);
      ctx.moveTo(c.x - 9, c.y - 30);
      ctx.lineTo(c.x, c.y - 18);
      ctx.lineTo(c.x + 9, c.y - 30);
      ctx.strokeStyle = st.stroke;
      ctx.lineWidth = 2;
      ctx.stroke();
    }
  }
}

/**
 * The counters of the picture, where each stands (map px: its cell's stack laid out as the one
 * counter design lays stacks out) and how it looks; `movable`: the units the player may drag now.
 */
export function boardCounters(model: MapModel, pic: Pick<BoardPicture, 'view' | 'sides' | 'selectedUnit'>, movable: ReadonlySet<string>): CounterPlacement[] {
  const colourOf = new Map(pic.sides.map((s) => [s.id, s.colour]));
  const out: CounterPlacement[] = [];
  for (const [cellId, bySide] of unitsByCell(pic.view, pic.sides)) {
    const cell = model.grid.parseRef(cellId);
    if (!cell) continue;
    const c = model.grid.center(cell, CELL_SIZE);
    for (const s of stackLayout(c.x, c.y, CELL_SIZE * 0.95, bySide.map((u) => u.length))) {
      const u = bySide[s.side]![s.index]!;
      const spec: CounterSpec = {
        branch: u.branch,
        strength: u.strength,
        elite: u.elite,
        colour: colourOf.get(u.side) ?? '#777777',
        markers: markersOf(u),
        highlight: u.id === pic.selectedUnit ? 'selected' : u.activation === 'active' ? 'active' : null,
      };
      out.push({ unit: u.id, cell: cellId, x: s.x, y: s.y, size: s.size, spec, movable: movable.has(u.id) });
    }
  }
  return out;
}

function drawSupply(ctx: CanvasRenderingContext2D, model: MapModel, pic: BoardPicture): void {
  // A dot per side in the upper corners of each cell it can trace supply from (left: first
  // side, right: second), clear of the cell label and the counters.
  pic.sides.forEach((side, k) => {
    const cells = pic.view.supplyCells[side.id] ?? [];
    ctx.fillStyle = side.colour;
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 2;
    for (const id of cells) {
      const cell = model.grid.parseRef(id);
      if (!cell) continue;
      const c = model.grid.center(cell, CELL_SIZE);
      ctx.beginPath();
      ctx.arc(c.x + (k === 0 ? -31 : 31), c.y - 26, 6.5, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
    }
  });
}

function hexAlpha(colour: string, alpha: number): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!m) return `rgba(120,120,120,${alpha})`;
  return `rgba(${parseInt(m[1]!, 16)},${parseInt(m[2]!, 16)},${parseInt(m[3]!, 16)},${alpha})`;
}
