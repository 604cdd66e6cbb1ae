// One-click and one-drag terrain tools: the shapes (rectangle, ellipse, line, polygon), flood
// fill, picker, and the select tool.
import { cellsInEllipse, cellsInPolygon, cellsInRect, cellsOnLine, ellipseBox, floodRegion, paintTerrain } from '../../../shared/editor/index.js';
import type { Cell, Point } from '../../../shared/grid/types.js';
import { run, step } from './run.js';
import { pickAt } from './stroke.js';
import { sameCell, type Feedback, type Phase, type PointerInput, type Tool, type ToolContext } from './types.js';

const ACCENT = 'rgba(31,111,235,0.9)';
const terrainName = (ctx: ToolContext) => ctx.doc.terrainTypes.find((t) => t.id === ctx.options.terrain)?.name ?? ctx.options.terrain;

/**
 * A terrain shape dragged from one cell to another (rectangle, ellipse, line): the cells it
 * would paint show while dragging; release paints them as one undo step; Esc drops it.
 */
abstract class DragShapeTool implements Tool {
  phase: Phase = 'idle';
  private anchor: Cell | null = null;
  private shift = false;

  /** "rectangle", "ellipse", "line": the undo step says "Paint Woods ellipse (40 cells)". */
  abstract readonly shape: string;
  /** The cells (map indices) the shape from `a` to `b` paints. */
  abstract cells(ctx: ToolContext, a: Cell, b: Cell, shift: boolean): number[];
  /** More to show than the cells (an ellipse's curve). */
  extra(_ctx: ToolContext, _a: Cell, _b: Cell, _shift: boolean): Feedback[] {
    return [];
  }

  down(ctx: ToolContext, p: PointerInput): void {
    if (p.alt) return pickAt(ctx, p.cell);
    if (!ctx.doc.grid.inMap(p.cell)) return;
    this.anchor = p.cell;
    this.shift = p.shift;
    this.phase = 'pointing';
    this.preview(ctx, p.cell);
  }

  move(ctx: ToolContext, p: PointerInput): void {
    if (this.phase === 'idle' || !this.anchor) {
      ctx.feedback(ctx.doc.grid.inMap(p.cell) ? [{ kind: 'cells', cells: [p.cell], colour: ACCENT }] : []);
      return;
    }
    if (!sameCell(this.anchor, p.cell)) this.phase = 'dragging';
    this.shift = p.shift;
    this.preview(ctx, p.cell);
  }

  up(ctx: ToolContext, p: PointerInput): void {
    const anchor = this.anchor;
    this.phase = 'idle';
    this.anchor = null;
    ctx.feedback([]);
    if (!anchor) return;
    const cells = this.cells(ctx, anchor, p.cell, p.shift);
    step(ctx, `Paint ${terrainName(ctx)} ${this.shape}`, () => run(ctx, () => paintTerrain(ctx.doc, cells, ctx.options.terrain)));
  }

  cancel(ctx: ToolContext): void {
    this.phase = 'idle';
    this.anchor = null;
    ctx.feedback([]);
  }

  private preview(ctx: ToolContext, to: Cell): void {
    const grid = ctx.doc.grid;
    const a = this.anchor!;
    ctx.feedback([
      { kind: 'cells', cells: this.cells(ctx, a, to, this.shift).map((i) => grid.cellAt(i)), colour: ACCENT },
      ...this.extra(ctx, a, to, this.shift),
    ]);
  }
}

/** Drag from corner to corner; the rectangle is painted on release. */
export class RectTool extends DragShapeTool {
  readonly shape = 'rectangle';
  cells(ctx: ToolContext, a: Cell, b: Cell): number[] {
    return cellsInRect(ctx.doc.grid, a, b);
  }
}

/** Drag the box an ellipse fills (Shift: a circle); filled or only its rim (tool options). */
export class EllipseTool extends DragShapeTool {
  readonly shape = 'ellipse';
  cells(ctx: ToolContext, a: Cell, b: Cell, shift: boolean): number[] {
    return cellsInEllipse(ctx.doc.grid, a, b, ctx.size, { filled: ctx.options.shapeFilled, circle: shift });
  }
  override extra(ctx: ToolContext, a: Cell, b: Cell, shift: boolean): Feedback[] {
    const { x0, y0, x1, y1 } = ellipseBox(ctx.doc.grid, a, b, ctx.size, shift);
    const points = Array.from({ length: 64 }, (_, k) => {
      const t = (k / 64) * Math.PI * 2;
      return { x: (x0 + x1) / 2 + ((x1 - x0) / 2) * Math.cos(t), y: (y0 + y1) / 2 + ((y1 - y0) / 2) * Math.sin(t) };
    });
    return [{ kind: 'polygon', points, closed: true, colour: ACCENT }];
  }
}

/** Drag from one cell to another: the line of cells between them. */
export class LineTool extends DragShapeTool {
  readonly shape = 'line';
  cells(ctx: ToolContext, a: Cell, b: Cell): number[] {
    return cellsOnLine(ctx.doc.grid, a, b);
  }
}

/**
 * Click the corners of a polygon; a double-click, a click on the first corner or Enter closes it
 * and paints the cells whose centres are inside (one undo step); Esc drops it. The shape and its
 * cells follow the pointer while it is drawn.
 */
export class PolygonTool implements Tool {
  phase: Phase = 'idle';
  private points: Point[] = [];
  private pointer: Point | null = null;
  private lastDown = { time: 0, point: { x: 0, y: 0 } };

  down(ctx: ToolContext, p: PointerInput): void {
    if (p.alt && this.points.length === 0) return pickAt(ctx, p.cell);
    const now = performance.now();
    const near = (a: Point, px: number) => Math.hypot(a.x - p.point.x, a.y - p.point.y) * ctx.scale < px;
    const double = now - this.lastDown.time < 400 && near(this.lastDown.point, 6);
    this.lastDown = { time: now, point: p.point };
    if (this.points.length >= 3 && (double || near(this.points[0]!, 8))) {
      this.close(ctx);
      return;
    }
    if (double) return;
    this.points.push(p.point);
    this.pointer = p.point;
    this.phase = 'pointing';
    this.preview(ctx);
  }

  move(ctx: ToolContext, p: PointerInput): void {
    if (this.points.length === 0) {
      ctx.feedback(ctx.doc.grid.inMap(p.cell) ? [{ kind: 'cells', cells: [p.cell], colour: ACCENT }] : []);
      return;
    }
    this.pointer = p.point;
    this.preview(ctx);
  }

  up(): void {
    // Corners are put down on press; the shape stays open until closed.
  }

  enterKey(ctx: ToolContext): boolean {
    if (this.points.length === 0) return false;
    this.close(ctx);
    return true;
  }

  cancel(ctx: ToolContext): void {
    this.points = [];
    this.pointer = null;
    this.phase = 'idle';
    ctx.feedback([]);
  }

  private shape(): Point[] {
    const last = this.points[this.points.length - 1];
    const p = this.pointer;
    return p && last && (p.x !== last.x || p.y !== last.y) ? [...this.points, p] : [...this.points];
  }

  private preview(ctx: ToolContext): void {
    const grid = ctx.doc.grid;
    const pts = this.shape();
    ctx.feedback([
      { kind: 'cells', cells: cellsInPolygon(grid, pts, ctx.size).map((i) => grid.cellAt(i)), colour: ACCENT },
      { kind: 'polygon', points: pts, closed: pts.length >= 3, colour: ACCENT },
    ]);
  }

  private close(ctx: ToolContext): void {
    const pts = this.points;
    this.cancel(ctx);
    if (pts.length < 3) return ctx.report('A polygon needs three corners or more: click them on the map, then double-click or press Enter.');
    const cells = cellsInPolygon(ctx.doc.grid, pts, ctx.size);
    step(ctx, `Paint ${terrainName(ctx)} polygon`, () => run(ctx, () => paintTerrain(ctx.doc, cells, ctx.options.terrain)));
  }
}

/** A tool that acts on release over the cell it was pressed on. */
abstract class ClickTool implements Tool {
  phase: Phase = 'idle';
  private pressed: Cell | null = null;

  abstract click(ctx: ToolContext, p: PointerInput): void;

  down(ctx: ToolContext, p: PointerInput): void {
    this.pressed = p.cell;
    this.phase = 'pointing';
    if (p.alt) {
      pickAt(ctx, p.cell);
      this.pressed = null;
    }
  }

  move(ctx: ToolContext, p: PointerInput): void {
    ctx.feedback(ctx.doc.grid.inMap(p.cell) ? [{ kind: 'cells', cells: [p.cell], colour: ACCENT }] : []);
    if (this.phase === 'pointing' && this.pressed && !sameCell(this.pressed, p.cell)) this.phase = 'dragging';
  }

  up(ctx: ToolContext, p: PointerInput): void {
    const pressed = this.pressed;
    this.phase = 'idle';
    this.pressed = null;
    if (pressed && sameCell(pressed, p.cell) && ctx.doc.grid.inMap(p.cell)) this.click(ctx, p);
  }

  cancel(ctx: ToolContext): void {
    this.phase = 'idle';
    this.pressed = null;
    ctx.feedback([]);
  }
}

/** Flood fill: the connected region of the clicked cell's terrain takes the chosen terrain. */
export class FillTool extends ClickTool {
  click(ctx: ToolContext, p: PointerInput): void {
    const region = floodRegion(ctx.doc.grid, ctx.doc.terrain, p.cell);
    step(ctx, `Fill ${terrainName(ctx)}`, () => run(ctx, () => paintTerrain(ctx.doc, region.cells, ctx.options.terrain)));
  }
}

export class PickerTool extends ClickTool {
  click(ctx: ToolContext, p: PointerInput): void {
    pickAt(ctx, p.cell);
  }
}

/** Select: a click shows the cell in the inspector. */
export class SelectTool extends ClickTool {
  click(ctx: ToolContext, p: PointerInput): void {
    ctx.select(p.cell);
  }

  override up(ctx: ToolContext, p: PointerInput): void {
    const wasClick = this.phase === 'pointing';
    super.up(ctx, p);
    if (wasClick && !ctx.doc.grid.inMap(p.cell)) ctx.select(null);
  }
}
