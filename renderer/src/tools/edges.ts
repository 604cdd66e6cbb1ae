// Side tools: rivers and lake shores (click or drag along cell sides; the first side touched
// decides whether the drag adds or removes), and the control front line (drag along sides,
// release to split control between the sides along it).
import { editEdges, editSideFeature, edgeUnderPointer, edgesAlongPointer, featureSides, fillToFrontLine, sideFrom, type EdgeMode } from '../../../shared/editor/index.js';
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
 * Esc cancels it; between strokes it shows the side under the pointer.
 */
abstract class SideStrokeTool implements Tool {
  phase: Phase = 'idle';
  protected last: Point | null = null;

  abstract down(ctx: ToolContext, p: PointerInput): void;
  abstract move(ctx: ToolContext, p: PointerInput): void;
  protected abstract hover(ctx: ToolContext, side: EdgeId | null): void;

  up(ctx: ToolContext, p: PointerInput): void {
    if (this.phase !== 'idle') ctx.history.endGesture();
    this.phase = 'idle';
    this.last = null;
    this.hover(ctx, sideAt(ctx, p.point));
  }

  cancel(ctx: ToolContext): void {
    if (this.phase !== 'idle') ctx.history.cancelGesture();
    this.phase = 'idle';
    this.last = null;
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
    ctx.history.beginGesture(`${this.mode === 'add' ? 'Add' : 'Remove'} ${this.noun}`);
    this.phase = 'pointing';
    this.last = p.point;
    run(ctx, () => editEdges(ctx.doc, this.feature, [side], this.mode));
    this.hover(ctx, side);
  }

  move(ctx: ToolContext, p: PointerInput): void {
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
    ctx.history.beginGesture(`${this.mode === 'add' ? 'Draw' : 'Remove'} ${f.name.toLowerCase()}`);
    this.phase = 'pointing';
    this.last = p.point;
    run(ctx, () => editSideFeature(ctx.doc, f.id, [this.written(ctx, side, p.point)], this.mode));
    this.hover(ctx, side);
  }

  move(ctx: ToolContext, p: PointerInput): void {
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
