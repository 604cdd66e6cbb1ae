// Brush-like tools: terrain brush, eraser and the control brush. Pressing starts one undo
// gesture; every move paints the cells between the last two pointer samples (no gaps on a
// fast drag); releasing closes the gesture, so a whole stroke undoes in one step.
import { cellsAlongStroke, cellsInBrush, clearCellFeatures, eraseTerrain, paintTerrain, setControl, type Command } from '../../../shared/editor/index.js';
import type { Cell } from '../../../shared/grid/types.js';
import { run } from './run.js';
import { sameCell, type Phase, type PointerInput, type Tool, type ToolContext } from './types.js';

export type StrokeKind = 'terrain' | 'erase' | 'control';

const FOOTPRINT = { terrain: 'rgba(31,111,235,0.9)', erase: 'rgba(198,40,40,0.9)', control: 'rgba(31,111,235,0.9)' } as const;

export class StrokeTool implements Tool {
  phase: Phase = 'idle';
  private last: Cell | null = null;

  constructor(readonly kind: StrokeKind) {}

  label(ctx: ToolContext): string {
    const { doc, options } = ctx;
    if (this.kind === 'erase') return 'Erase';
    if (this.kind === 'control') return `Paint control (${doc.sides.find((s) => s.id === options.side)?.name ?? options.side})`;
    return `Paint ${doc.terrainTypes.find((t) => t.id === options.terrain)?.name ?? options.terrain}`;
  }

  down(ctx: ToolContext, p: PointerInput): void {
    if (p.alt && this.kind === 'terrain') return pickAt(ctx, p.cell);
    if (!ctx.doc.grid.inMap(p.cell)) return;
    ctx.history.beginGesture(this.label(ctx));
    this.phase = 'pointing';
    this.last = p.cell;
    this.paint(ctx, cellsInBrush(ctx.doc.grid, p.cell, ctx.options.brushSize - 1));
  }

  move(ctx: ToolContext, p: PointerInput): void {
    const grid = ctx.doc.grid;
    ctx.feedback(
      grid.inMap(p.cell)
        ? [{ kind: 'cells', cells: cellsInBrush(grid, p.cell, ctx.options.brushSize - 1).map((i) => grid.cellAt(i)), colour: FOOTPRINT[this.kind] }]
        : [],
    );
    if (this.phase === 'idle' || !this.last || sameCell(this.last, p.cell)) return;
    this.phase = 'dragging';
    this.paint(ctx, cellsAlongStroke(grid, this.last, p.cell, ctx.options.brushSize - 1));
    this.last = p.cell;
  }

  up(ctx: ToolContext): void {
    if (this.phase === 'idle') return;
    this.phase = 'idle';
    this.last = null;
    ctx.history.endGesture();
  }

  cancel(ctx: ToolContext): void {
    if (this.phase !== 'idle') ctx.history.cancelGesture();
    this.phase = 'idle';
    this.last = null;
    ctx.feedback([]);
  }

  private paint(ctx: ToolContext, cells: number[]): void {
    const { doc, options } = ctx;
    const commands: (() => Command | null)[] =
      this.kind === 'terrain'
        ? [() => paintTerrain(doc, cells, options.terrain)]
        : this.kind === 'control'
          ? [() => setControl(doc, cells, options.side)]
          : [() => eraseTerrain(doc, cells), () => clearCellFeatures(doc, cells.map((i) => doc.grid.cellAt(i)))];
    for (const make of commands) run(ctx, make);
  }
}

/** Picker: the terrain under the cell becomes the one the terrain tools paint. */
export function pickAt(ctx: ToolContext, cell: Cell): void {
  const { doc } = ctx;
  if (!doc.grid.inMap(cell)) return;
  const type = doc.terrainTypes[doc.terrain[doc.grid.index(cell)]!];
  if (type) ctx.pickTerrain(type.id);
}
