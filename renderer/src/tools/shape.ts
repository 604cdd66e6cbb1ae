// One-click and one-drag terrain tools: rectangle, flood fill, picker, and the select tool.
import { cellsInRect, floodRegion, paintTerrain } from '../../../shared/editor/index.js';
import type { Cell } from '../../../shared/grid/types.js';
import { run, step } from './run.js';
import { pickAt } from './stroke.js';
import { sameCell, type Phase, type PointerInput, type Tool, type ToolContext } from './types.js';

const ACCENT = 'rgba(31,111,235,0.9)';
const terrainName = (ctx: ToolContext) => ctx.doc.terrainTypes.find((t) => t.id === ctx.options.terrain)?.name ?? ctx.options.terrain;

/** Drag from corner to corner; the rectangle is painted on release. */
export class RectTool implements Tool {
  phase: Phase = 'idle';
  private anchor: Cell | null = null;

  down(ctx: ToolContext, p: PointerInput): void {
    if (p.alt) return pickAt(ctx, p.cell);
    if (!ctx.doc.grid.inMap(p.cell)) return;
    this.anchor = p.cell;
    this.phase = 'pointing';
    this.preview(ctx, p.cell);
  }

  move(ctx: ToolContext, p: PointerInput): void {
    if (this.phase === 'idle' || !this.anchor) {
      ctx.feedback(ctx.doc.grid.inMap(p.cell) ? [{ kind: 'cells', cells: [p.cell], colour: ACCENT }] : []);
      return;
    }
    if (!sameCell(this.anchor, p.cell)) this.phase = 'dragging';
    this.preview(ctx, p.cell);
  }

  up(ctx: ToolContext, p: PointerInput): void {
    const anchor = this.anchor;
    this.phase = 'idle';
    this.anchor = null;
    ctx.feedback([]);
    if (!anchor) return;
    const cells = cellsInRect(ctx.doc.grid, anchor, p.cell);
    step(ctx, `Paint ${terrainName(ctx)} rectangle`, () => run(ctx, () => paintTerrain(ctx.doc, cells, ctx.options.terrain)));
  }

  cancel(ctx: ToolContext): void {
    this.phase = 'idle';
    this.anchor = null;
    ctx.feedback([]);
  }

  private preview(ctx: ToolContext, to: Cell): void {
    const grid = ctx.doc.grid;
    ctx.feedback([{ kind: 'cells', cells: cellsInRect(grid, this.anchor!, to).map((i) => grid.cellAt(i)), colour: ACCENT }]);
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
