// Side tools: rivers and lake shores (click or drag along cell sides; the first side touched
// decides whether the drag adds or removes), and the control front line (drag along sides,
// release to split control between the sides along it).
import {
  editEdges, editSideFeature, edgeUnderPointer, edgesAlongPointer, featureSides, fillToFrontLine, sideFrom, straightSideRun, type EdgeMode,
} from '../../../shared/editor/index.js';
import type { EdgeId, Point } from '../../../shared/grid/types.js';
import { run, step } from './run.js';
import type { Phase, PointerInput, Tool, ToolContext } from './types.js';

/** How close to a side (fraction of a cell) the pointer must be to pick it. */
export const SIDE_TOLERANCE = 0.24;
const ADD = 'rgba(31,111,235,0.95)';
const REMOVE = 'rgba(198,40,40,0.95)';

export function sideAt(ctx: ToolContext, p: Point): EdgeId | null {
  return edgeUnderPointer(ctx.doc.grid, p, ctx.size, ctx.size * SIDE_TOLERANCE);
}

/**
 * A tool that strokes along cell sides: a press starts one undoable gesture, release ends it,
 * Esc cancels it; between strokes it shows the side under the pointer. Holding Shift while
 * drawing makes the stroke one straight run of sides from the first side, in the grid's run
 * direction nearest the pointer's: shown while dragging, put down on release as one undo step.
 */
abstract class SideStrokeTool implements Tool {
  phase: Phase = 'idle';
  protected last: Point | null = null;
  /** The side the stroke started on, where the pointer was, and the stroke's undo label. */
  protected origin: { side: EdgeId; point: Point; label: string } | null = null;
  /** Shift: the straight run the release puts down. */
  private straight: EdgeId[] | null = null;

  abstract down(ctx: ToolContext, p: PointerInput): void;
  abstract move(ctx: ToolContext, p: PointerInput): void;
  protected abstract hover(ctx: ToolContext, side: EdgeId | null): void;
  /** Draws (or removes) `sides`; `from(side)` is where the pointer stood for it (the cell a one-sided symbol faces). */
  protected abstract apply(ctx: ToolContext, sides: readonly EdgeId[], from: (side: EdgeId) => Point): void;
  protected abstract get removing(): boolean;

  /** Starts a stroke on `side`: one gesture named `label`. */
  protected begin(ctx: ToolContext, side: EdgeId, p: PointerInput, label: string): void {
    ctx.history.beginGesture(label);
    this.phase = 'pointing';
    this.last = p.point;
    this.origin = { side, point: p.point, label };
    this.straight = null;
  }

  /** With Shift held (or once the stroke went straight), the move reshapes the straight run; true when it did. */
  protected straighten(ctx: ToolContext, p: PointerInput): boolean {
    const o = this.origin;
    if (this.phase === 'idle' || !o || !(p.shift || this.straight)) return false;
    // The free stroke drawn so far is dropped: the straight run replaces it on release.
    if (!this.straight) ctx.history.cancelGesture();
    this.straight = straightSideRun(ctx.doc.grid, o.side, p.point, ctx.size);
    this.phase = 'dragging';
    const removing = this.removing;
    ctx.feedback([{ kind: 'edges', edges: this.straight, colour: removing ? REMOVE : ADD, remove: removing }]);
    return true;
  }

  up(ctx: ToolContext, p: PointerInput): void {
    const straight = this.straight;
    const o = this.origin;
    if (straight && o) {
      const grid = ctx.doc.grid;
      const mid = (e: EdgeId) => {
        const [a, b] = grid.edgeEndpoints(e, ctx.size);
        return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      };
      const m0 = mid(o.side);
      // Each side of the run is written from the cell on the pointer's side of the run, as the first was.
      step(ctx, o.label, () => this.apply(ctx, straight, (e) => {
        const m = mid(e);
        return { x: o.point.x + m.x - m0.x, y: o.point.y + m.y - m0.y };
      }));
    } else if (this.phase !== 'idle') ctx.history.endGesture();
    this.phase = 'idle';
    this.last = null;
    this.origin = null;
    this.straight = null;
    this.hover(ctx, sideAt(ctx, p.point));
  }

  cancel(ctx: ToolContext): void {
    if (this.phase !== 'idle' && !this.straight) ctx.history.cancelGesture();
    this.phase = 'idle';
    this.last = null;
    this.origin = null;
    this.straight = null;
    ctx.feedback([]);
  }
}

export class WaterTool extends SideStrokeTool {
  private mode: EdgeMode = 'add';

  constructor(readonly feature: 'rivers' | 'lakeShores') {
    super();
  }

  private get noun(): string {
    return this.feature === 'rivers' ? 'river' : 'lake shore';
  }

  down(ctx: ToolContext, p: PointerInput): void {
    const side = sideAt(ctx, p.point);
    if (!side) return;
    this.mode = ctx.doc.edges[this.feature].has(side) ? 'remove' : 'add';
    this.begin(ctx, side, p, `${this.mode === 'add' ? 'Add' : 'Remove'} ${this.noun}`);
    run(ctx, () => editEdges(ctx.doc, this.feature, [side], this.mode));
    this.hover(ctx, side);
  }

  protected get removing(): boolean {
    return this.mode === 'remove';
  }

  protected apply(ctx: ToolContext, sides: readonly EdgeId[]): void {
    run(ctx, () => editEdges(ctx.doc, this.feature, sides, this.mode));
  }

  move(ctx: ToolContext, p: PointerInput): void {
    if (this.straighten(ctx, p)) return;
    if (this.phase === 'idle' || !this.last) return this.hover(ctx, sideAt(ctx, p.point));
    const sides = edgesAlongPointer(ctx.doc.grid, this.last, p.point, ctx.size, ctx.size * SIDE_TOLERANCE);
    this.last = p.point;
    if (sides.length === 0) return this.hover(ctx, null);
    this.phase = 'dragging';
    run(ctx, () => editEdges(ctx.doc, this.feature, sides, this.mode));
    this.hover(ctx, sides[sides.length - 1]!);
  }

  protected hover(ctx: ToolContext, side: EdgeId | null): void {
    if (!side) return ctx.feedback([]);
    const removing = this.phase === 'idle' ? ctx.doc.edges[this.feature].has(side) : this.mode === 'remove';
    ctx.feedback([{ kind: 'edges', edges: [side], colour: removing ? REMOVE : ADD, remove: removing }]);
  }
}

/**
 * The scenario's own side features (escarpments, walls, borders, streams: options.sideFeature),
 * drawn like rivers: click or drag along sides, the first side deciding add or remove. Each side
 * is kept as written from the cell the pointer was in, which a one-sided symbol (an
 * escarpment's ticks) faces: draw an escarpment from its lower ground.
 */
export class SideFeatureTool extends SideStrokeTool {
  private mode: 'add' | 'remove' = 'add';

  private feature(ctx: ToolContext) {
    return ctx.doc.sideFeatures.find((f) => f.id === ctx.options.sideFeature) ?? null;
  }

  /** A side as written from the cell under the pointer (or the side's owner when the pointer is off the map). */
  private written(ctx: ToolContext, side: EdgeId, at: Point): string {
    const grid = ctx.doc.grid;
    const [a, b] = grid.edgeCells(side);
    const cell = grid.pixelToCell(at, ctx.size);
    const from = cell.col === b.col && cell.row === b.row && grid.inMap(b) ? b : grid.inMap(a) ? a : b;
    return sideFrom(ctx.doc, from, side);
  }

  down(ctx: ToolContext, p: PointerInput): void {
    const f = this.feature(ctx);
    if (!f) return ctx.report('Choose a side feature to draw in the Layers panel (or define one there).');
    const side = sideAt(ctx, p.point);
    if (!side) return;
    this.mode = featureSides(ctx.doc, f.id).has(side) ? 'remove' : 'add';
    this.begin(ctx, side, p, `${this.mode === 'add' ? 'Draw' : 'Remove'} ${f.name.toLowerCase()}`);
    run(ctx, () => editSideFeature(ctx.doc, f.id, [this.written(ctx, side, p.point)], this.mode));
    this.hover(ctx, side);
  }

  protected get removing(): boolean {
    return this.mode === 'remove';
  }

  protected apply(ctx: ToolContext, sides: readonly EdgeId[], from: (side: EdgeId) => Point): void {
    const f = this.feature(ctx);
    if (f) run(ctx, () => editSideFeature(ctx.doc, f.id, sides.map((e) => this.written(ctx, e, from(e))), this.mode));
  }

  move(ctx: ToolContext, p: PointerInput): void {
    if (this.straighten(ctx, p)) return;
    const f = this.feature(ctx);
    if (this.phase === 'idle' || !this.last || !f) return this.hover(ctx, sideAt(ctx, p.point));
    const sides = edgesAlongPointer(ctx.doc.grid, this.last, p.point, ctx.size, ctx.size * SIDE_TOLERANCE);
    const from = this.last;
    this.last = p.point;
    if (sides.length === 0) return this.hover(ctx, null);
    this.phase = 'dragging';
    run(ctx, () => editSideFeature(ctx.doc, f.id, sides.map((e) => this.written(ctx, e, from)), this.mode));
    this.hover(ctx, sides[sides.length - 1]!);
  }

  protected hover(ctx: ToolContext, side: EdgeId | null): void {
    const f = this.feature(ctx);
    if (!side || !f) return ctx.feedback([]);
    const removing = this.phase === 'idle' ? featureSides(ctx.doc, f.id).has(side) : this.mode === 'remove';
    ctx.feedback([{ kind: 'edges', edges: [side], colour: removing ? REMOVE : ADD, remove: removing }]);
  }
}

/** Draws a front line along sides; on release each side's control spreads up to it. */
export class FrontLineTool implements Tool {
  phase: Phase = 'idle';
  private line: EdgeId[] = [];
  private last: Point | null = null;

  down(ctx: ToolContext, p: PointerInput): void {
    const side = sideAt(ctx, p.point);
    this.phase = 'pointing';
    this.last = p.point;
    this.line = side ? [side] : [];
    this.show(ctx, side);
  }

  move(ctx: ToolContext, p: PointerInput): void {
    if (this.phase === 'idle' || !this.last) return this.show(ctx, sideAt(ctx, p.point));
    for (const s of edgesAlongPointer(ctx.doc.grid, this.last, p.point, ctx.size, ctx.size * SIDE_TOLERANCE)) if (!this.line.includes(s)) this.line.push(s);
    this.last = p.point;
    this.phase = 'dragging';
    this.show(ctx, null);
  }

  up(ctx: ToolContext): void {
    const line = this.line;
    this.phase = 'idle';
    this.line = [];
    this.last = null;
    ctx.feedback([]);
    if (line.length === 0) return;
    step(ctx, 'Fill to front line', () => run(ctx, () => fillToFrontLine(ctx.doc, line)));
  }

  cancel(ctx: ToolContext): void {
    this.phase = 'idle';
    this.line = [];
    this.last = null;
    ctx.feedback([]);
  }

  private show(ctx: ToolContext, hover: EdgeId | null): void {
    const edges = hover && !this.line.includes(hover) ? [...this.line, hover] : this.line;
    ctx.feedback(edges.length ? [{ kind: 'edges', edges, colour: 'rgba(198,40,40,0.95)' }] : []);
  }
}
