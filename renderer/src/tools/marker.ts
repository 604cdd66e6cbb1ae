// Markers: a click toggles the chosen marker on the cell (supply base of the chosen side,
// fortification, victory cell with its VP, reinforcement entry for the side); the name
// marker opens the cell's name for editing in place.
import { setEntry, setFortification, setSupplyBase, setVictory, FeaturesCommand } from '../../../shared/editor/index.js';
import type { ControlMode, PointerInput, Tool, ToolContext, Phase } from './types.js';
import { run, step } from './run.js';
import { sameCell } from './types.js';
import type { Cell } from '../../../shared/grid/types.js';
import { StrokeTool } from './stroke.js';
import { FrontLineTool } from './edges.js';
import { fillControl } from '../../../shared/editor/index.js';

const ACCENT = 'rgba(31,111,235,0.9)';

/** The edit a marker click makes on a cell; null when it changes nothing. */
export function markerCommand(ctx: ToolContext, cell: Cell): FeaturesCommand | null {
  const { doc, options } = ctx;
  const f = doc.featuresAt(cell);
  switch (options.marker) {
    case 'supply':
      return setSupplyBase(doc, cell, f?.supplyBase === options.side ? null : options.side);
    case 'fort':
      return setFortification(doc, cell, !f?.fortification);
    case 'victory':
      return setVictory(doc, cell, f?.victory ? null : { perTurn: options.victoryPerTurn, endGame: options.victoryEndGame });
    case 'entry': {
      const now = f?.entry ?? [];
      return setEntry(doc, cell, now.includes(options.side) ? now.filter((s) => s !== options.side) : [...now, options.side]);
    }
    case 'name':
      return null;
  }
}

export class MarkerTool implements Tool {
  phase: Phase = 'idle';
  private pressed: Cell | null = null;

  down(_ctx: ToolContext, p: PointerInput): void {
    this.pressed = p.cell;
    this.phase = 'pointing';
  }

  move(ctx: ToolContext, p: PointerInput): void {
    ctx.feedback(ctx.doc.grid.inMap(p.cell) ? [{ kind: 'cells', cells: [p.cell], colour: ACCENT }] : []);
  }

  up(ctx: ToolContext, p: PointerInput): void {
    const pressed = this.pressed;
    this.phase = 'idle';
    this.pressed = null;
    if (!pressed || !sameCell(pressed, p.cell) || !ctx.doc.grid.inMap(p.cell)) return;
    ctx.select(p.cell);
    if (ctx.options.marker === 'name') return ctx.editName(p.cell);
    run(ctx, () => markerCommand(ctx, p.cell));
  }

  cancel(ctx: ToolContext): void {
    this.phase = 'idle';
    this.pressed = null;
    ctx.feedback([]);
  }
}

/** The control painter: brush, flood fill or front line, by the chosen mode. */
export class ControlTool implements Tool {
  private readonly brush = new StrokeTool('control');
  private readonly front = new FrontLineTool();
  private pressed: Cell | null = null;
  private mode: ControlMode = 'brush';
  private filling = false;

  get phase(): Phase {
    return this.filling ? 'pointing' : this.mode === 'front' ? this.front.phase : this.brush.phase;
  }

  down(ctx: ToolContext, p: PointerInput): void {
    this.mode = ctx.options.controlMode;
    if (this.mode === 'brush') return this.brush.down(ctx, p);
    if (this.mode === 'front') return this.front.down(ctx, p);
    this.pressed = p.cell;
    this.filling = true;
  }

  move(ctx: ToolContext, p: PointerInput): void {
    const mode = this.phase === 'idle' ? ctx.options.controlMode : this.mode;
    if (mode === 'brush') return this.brush.move(ctx, p);
    if (mode === 'front') return this.front.move(ctx, p);
    ctx.feedback(ctx.doc.grid.inMap(p.cell) ? [{ kind: 'cells', cells: [p.cell], colour: ACCENT }] : []);
  }

  up(ctx: ToolContext, p: PointerInput): void {
    if (this.mode === 'brush') return this.brush.up(ctx);
    if (this.mode === 'front') return this.front.up(ctx);
    const pressed = this.pressed;
    this.pressed = null;
    this.filling = false;
    if (!pressed || !sameCell(pressed, p.cell) || !ctx.doc.grid.inMap(p.cell)) return;
    const side = ctx.doc.sides.find((s) => s.id === ctx.options.side)?.name ?? ctx.options.side;
    step(ctx, `Fill control (${side})`, () => run(ctx, () => fillControl(ctx.doc, p.cell, ctx.options.side)));
  }

  cancel(ctx: ToolContext): void {
    this.brush.cancel(ctx);
    this.front.cancel(ctx);
    this.pressed = null;
    this.filling = false;
  }
}
