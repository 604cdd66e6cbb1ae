// The region selection tools: rectangle, lasso and magic wand (the connected cells of one
// terrain). Shift adds to the selection, Alt takes away. Dragging inside the selection moves
// what it holds; while a clip floats (a paste or a move), a click puts it down.
import { cellsInRect, type SelectMode } from '../../../shared/editor/index.js';
import type { Cell } from '../../../shared/grid/types.js';
import type { RegionController } from './region.svelte.js';
import { sameCell, type Phase, type PointerInput, type Tool, type ToolContext } from './types.js';

const ACCENT = 'rgba(31,111,235,0.9)';

const modeOf = (p: PointerInput): SelectMode => (p.shift ? 'add' : p.alt ? 'subtract' : 'replace');

abstract class RegionTool implements Tool {
  phase: Phase = 'idle';
  /** The press lifted the selection (a move) or fell on a floating paste. */
  private carrying = false;

  constructor(protected readonly region: RegionController) {}

  protected abstract start(ctx: ToolContext, p: PointerInput): void;
  protected abstract drag(ctx: ToolContext, p: PointerInput): void;
  protected abstract finish(ctx: ToolContext, p: PointerInput): void;
  protected abstract reset(ctx: ToolContext): void;

  down(ctx: ToolContext, p: PointerInput): void {
    if (this.region.isFloating) {
      this.carrying = true;
      this.phase = 'pointing';
      this.region.moveFloating(p.cell);
      return;
    }
    if (modeOf(p) === 'replace' && this.region.has(p.cell)) {
      ctx.feedback([]);
      this.carrying = true;
      this.phase = 'pointing';
      this.region.beginMove(p.cell);
      return;
    }
    this.start(ctx, p);
  }

  move(ctx: ToolContext, p: PointerInput): void {
    if (this.region.isFloating) {
      if (this.phase === 'pointing') this.phase = 'dragging';
      this.region.moveFloating(p.cell);
      return;
    }
    this.drag(ctx, p);
  }

  up(ctx: ToolContext, p: PointerInput): void {
    if (this.carrying) {
      this.carrying = false;
      this.phase = 'idle';
      this.region.moveFloating(p.cell);
      this.region.place();
      return;
    }
    this.finish(ctx, p);
  }

  cancel(ctx: ToolContext): void {
    this.carrying = false;
    this.phase = 'idle';
    this.region.cancelFloating();
    this.reset(ctx);
    ctx.feedback([]);
  }

  protected hover(ctx: ToolContext, cell: Cell): void {
    ctx.feedback(ctx.doc.grid.inMap(cell) ? [{ kind: 'cells', cells: [cell], colour: ACCENT }] : []);
  }
}

/** Drag a rectangle of cells; a click picks one cell. */
export class MarqueeTool extends RegionTool {
  private anchor: Cell | null = null;
  private mode: SelectMode = 'replace';

  protected start(ctx: ToolContext, p: PointerInput): void {
    this.anchor = p.cell;
    this.mode = modeOf(p);
    this.phase = 'pointing';
    this.preview(ctx, p.cell);
  }

  protected drag(ctx: ToolContext, p: PointerInput): void {
    if (!this.anchor) return this.hover(ctx, p.cell);
    if (!sameCell(this.anchor, p.cell)) this.phase = 'dragging';
    this.preview(ctx, p.cell);
  }

  protected finish(ctx: ToolContext, p: PointerInput): void {
    const anchor = this.anchor;
    this.reset(ctx);
    if (anchor) this.region.selectRect(anchor, p.cell, this.mode);
  }

  protected reset(ctx: ToolContext): void {
    this.anchor = null;
    this.phase = 'idle';
    ctx.feedback([]);
  }

  private preview(ctx: ToolContext, to: Cell): void {
    const grid = ctx.doc.grid;
    ctx.feedback([{ kind: 'cells', cells: cellsInRect(grid, this.anchor!, to).map((i) => grid.cellAt(i)), colour: ACCENT }]);
  }
}

/** Draw round the cells to select (their centres inside the loop); a click clears the selection. */
export class LassoTool extends RegionTool {
  private mode: SelectMode = 'replace';
  private drawing = false;

  protected start(ctx: ToolContext, p: PointerInput): void {
    this.mode = modeOf(p);
    this.drawing = true;
    this.phase = 'pointing';
    ctx.feedback([]);
    this.region.beginLasso(p.point);
  }

  protected drag(ctx: ToolContext, p: PointerInput): void {
    if (!this.drawing) return this.hover(ctx, p.cell);
    this.phase = 'dragging';
    this.region.extendLasso(p.point);
  }

  protected finish(ctx: ToolContext, p: PointerInput): void {
    if (!this.drawing) return;
    this.region.extendLasso(p.point);
    this.drawing = false;
    this.phase = 'idle';
    this.region.endLasso(this.mode);
    ctx.feedback([]);
  }

  protected reset(): void {
    this.drawing = false;
    this.phase = 'idle';
    this.region.cancelLasso();
  }
}

/** Click a cell: every cell of its terrain connected to it. */
export class WandTool extends RegionTool {
  private pressed: Cell | null = null;
  private mode: SelectMode = 'replace';

  protected start(_ctx: ToolContext, p: PointerInput): void {
    this.pressed = p.cell;
    this.mode = modeOf(p);
    this.phase = 'pointing';
  }

  protected drag(ctx: ToolContext, p: PointerInput): void {
    this.hover(ctx, p.cell);
  }

  protected finish(ctx: ToolContext, p: PointerInput): void {
    const pressed = this.pressed;
    this.reset();
    if (!pressed || !sameCell(pressed, p.cell)) return;
    if (ctx.doc.grid.inMap(p.cell)) this.region.selectWand(p.cell, this.mode);
    else if (this.mode === 'replace') this.region.setSelection([]);
  }

  protected reset(): void {
    this.pressed = null;
    this.phase = 'idle';
  }
}
