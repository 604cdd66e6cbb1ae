// The Stamp tool: the chosen stamp (or, painting at random, the stamp each cell picks) floats
// under the pointer as a paste does — R / Shift+R turn it, M mirrors it — and a click puts it
// down, one undo step per placement. Dragging keeps stamping: a new stamp goes down each time
// the pointer reaches a cell the stroke has not yet covered. Esc puts the stamp away.
import type { RegionController, StampChooser } from './region.svelte.js';
import type { Phase, PointerInput, Tool, ToolContext } from './types.js';

/** Where the Stamp tool gets its stamps (the Stamps panel's choice; state/stamps.svelte.ts). */
export interface StampSource {
  /** The chooser for the open map, or a sentence saying why nothing can be stamped. */
  chooser(ctx: ToolContext): StampChooser | string;
}

export class StampTool implements Tool {
  phase: Phase = 'idle';
  /** Cells the stroke under way has stamped (map indices). */
  private covered = new Set<number>();

  constructor(
    private readonly region: RegionController,
    private readonly source: StampSource,
  ) {}

  /** Floats the stamp at the pointer if none floats; false (and said) when there is nothing to stamp. */
  private ready(ctx: ToolContext, p: PointerInput, tell: boolean): boolean {
    if (this.region.floatingMode === 'stamp') return true;
    if (this.region.isFloating) return false;
    const choose = this.source.chooser(ctx);
    if (typeof choose === 'string') {
      if (tell) ctx.report(choose);
      return false;
    }
    return this.region.floatStamp(choose, p.cell);
  }

  down(ctx: ToolContext, p: PointerInput): void {
    if (!this.ready(ctx, p, true)) return;
    this.region.moveFloating(p.cell);
    this.covered.clear();
    this.phase = 'dragging';
    this.stamp(ctx, p);
  }

  move(ctx: ToolContext, p: PointerInput): void {
    if (!ctx.doc.grid.inMap(p.cell) && this.phase === 'idle' && !this.region.isFloating) return;
    if (!this.ready(ctx, p, false)) return;
    this.region.moveFloating(p.cell);
    if (this.phase === 'dragging' && ctx.doc.grid.inMap(p.cell) && !this.covered.has(ctx.doc.grid.index(p.cell))) this.stamp(ctx, p);
  }

  up(): void {
    this.phase = 'idle';
    this.covered.clear();
  }

  cancel(): void {
    this.phase = 'idle';
    this.covered.clear();
    if (this.region.floatingMode === 'stamp') this.region.cancelFloating();
  }

  /** Off the map the stamp is not shown (it still turns with the bar's buttons); it comes back under the pointer. */
  leave(): void {
    if (this.region.floatingMode === 'stamp') this.region.hideFloating(true);
  }

  private stamp(ctx: ToolContext, p: PointerInput): void {
    if (!ctx.doc.grid.inMap(p.cell)) return;
    for (const i of this.region.place()) this.covered.add(i);
    // The pointer's own cell counts as done even where the stamp has a hole.
    this.covered.add(ctx.doc.grid.index(p.cell));
  }
}
