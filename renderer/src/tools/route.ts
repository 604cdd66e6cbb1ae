// Road and rail tools: drag from cell to cell to lay a connection through each shared side;
// click on a connection (near the side it crosses) to remove it. Holding Shift while dragging
// lays one straight run of cells from the first cell, in the grid direction nearest the
// pointer's: shown while dragging, laid on release as one undo step. A road crossing a river
// side is drawn as a bridge by the renderer: no separate data.
import { connectPath, editEdges, straightCellRun } from '../../../shared/editor/index.js';
import type { Cell, EdgeId, Point } from '../../../shared/grid/types.js';
import { run, step } from './run.js';
import { sameCell, type Phase, type PointerInput, type Tool, type ToolContext } from './types.js';

const LAY = 'rgba(138,90,43,0.95)';
const REMOVE = 'rgba(198,40,40,0.95)';
/** A click this close (fraction of a cell) to a connection's line picks it. */
const PICK = 0.2;

export class RouteTool implements Tool {
  phase: Phase = 'idle';
  private last: Cell | null = null;
  private laid: Cell[] = [];
  /** The cell the drag started on. */
  private origin: Cell | null = null;
  /** Shift: the straight run the release lays. */
  private straight: Cell[] | null = null;

  constructor(readonly feature: 'roads' | 'rails') {}

  private get noun(): string {
    return this.feature === 'roads' ? 'road' : 'rail';
  }

  down(ctx: ToolContext, p: PointerInput): void {
    if (!ctx.doc.grid.inMap(p.cell)) return;
    this.phase = 'pointing';
    this.last = p.cell;
    this.laid = [p.cell];
    this.origin = p.cell;
    this.straight = null;
  }

  move(ctx: ToolContext, p: PointerInput): void {
    const grid = ctx.doc.grid;
    if (this.phase === 'idle' || !this.last) {
      const hit = connectionAt(ctx, this.feature, p.point, p.cell);
      ctx.feedback(hit ? [{ kind: 'edges', edges: [hit], colour: REMOVE, remove: true }] : grid.inMap(p.cell) ? [{ kind: 'cells', cells: [p.cell], colour: LAY }] : []);
      return;
    }
    if (this.origin && (p.shift || this.straight)) {
      // The free run laid so far is dropped: the straight one replaces it on release.
      if (!this.straight && this.phase === 'dragging') ctx.history.cancelGesture();
      this.straight = straightCellRun(grid, this.origin, p.point, ctx.size);
      this.phase = 'dragging';
      ctx.feedback([{ kind: 'path', cells: this.straight, colour: LAY }]);
      return;
    }
    if (sameCell(this.last, p.cell) || !grid.inMap(p.cell)) return;
    if (this.phase === 'pointing') ctx.history.beginGesture(`Lay ${this.noun}`);
    this.phase = 'dragging';
    // A fast drag may skip cells: lay the straight run of cells between the two samples.
    const path = grid.line(this.last, p.cell).filter((c) => grid.inMap(c));
    run(ctx, () => connectPath(ctx.doc, this.feature, path, 'add'));
    this.laid.push(...path.slice(1));
    this.last = p.cell;
    ctx.feedback([{ kind: 'path', cells: this.laid, colour: LAY }]);
  }

  up(ctx: ToolContext, p: PointerInput): void {
    const phase = this.phase;
    const straight = this.straight;
    this.phase = 'idle';
    this.last = null;
    this.laid = [];
    this.origin = null;
    this.straight = null;
    ctx.feedback([]);
    if (straight) {
      if (straight.length > 1) step(ctx, `Lay ${this.noun}`, () => run(ctx, () => connectPath(ctx.doc, this.feature, straight, 'add')));
      return;
    }
    if (phase === 'dragging') {
      ctx.history.endGesture();
      return;
    }
    if (phase !== 'pointing') return;
    const hit = connectionAt(ctx, this.feature, p.point, p.cell);
    if (hit) step(ctx, `Remove ${this.noun}`, () => run(ctx, () => editEdges(ctx.doc, this.feature, [hit], 'remove')));
  }

  cancel(ctx: ToolContext): void {
    if (this.phase === 'dragging' && !this.straight) ctx.history.cancelGesture();
    this.phase = 'idle';
    this.last = null;
    this.laid = [];
    this.origin = null;
    this.straight = null;
    ctx.feedback([]);
  }
}

/** The connection of `cell` whose drawn line (centre → side midpoint) passes nearest `p`, if close enough. */
export function connectionAt(ctx: ToolContext, feature: 'roads' | 'rails', p: Point, cell: Cell): EdgeId | null {
  const { grid } = ctx.doc;
  if (!grid.inMap(cell)) return null;
  const set = ctx.doc.edges[feature];
  const c = grid.center(cell, ctx.size);
  // Every connection meets at the centre: a click there names none of them.
  if (Math.hypot(p.x - c.x, p.y - c.y) < ctx.size * 0.2) return null;
  let best: EdgeId | null = null;
  let bestD = ctx.size * PICK;
  for (const dir of grid.sideDirections) {
    const e = grid.edgeOf(cell, dir);
    if (!e || !set.has(e)) continue;
    const [a, b] = grid.edgeEndpoints(e, ctx.size);
    const d = distanceToSegment(p, c, { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
    if (d < bestD) {
      bestD = d;
      best = e;
    }
  }
  return best;
}

function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}
