// Dragging a counter on a test-play board, the same for every ruleset (the operational board
// and the generic one): a press on a counter that may move now picks it up once the pointer has
// moved a few pixels; it follows the pointer (a ghost in map px) and, let go, the board is told
// the cell under the pointer, where it turns the drop into the rules' move or shows why not.
// A press anywhere else is the viewport's (a pan) or a click.
import type { Point } from '../../../shared/grid/types.js';

export interface CounterGhost {
  unit: string;
  /** Map px: where the counter is drawn while it follows the pointer. */
  x: number;
  y: number;
}

export class CounterDrag {
  private press: { unit: string; pointer: number; x: number; y: number; moved: boolean } | null = null;

  constructor(private readonly threshold = 4) {}

  /** A counter is being dragged (moved past the threshold). */
  get dragging(): boolean {
    return this.press?.moved === true;
  }

  /** A press on the counter of `unit` (one that may move now); false when `unit` is null. */
  down(e: PointerEvent, unit: string | null): boolean {
    if (e.button !== 0 || !unit) return false;
    this.press = { unit, pointer: e.pointerId, x: e.clientX, y: e.clientY, moved: false };
    return true;
  }

  /** The ghost to draw after a move (`at`: the pointer in map px), or null while not dragging. */
  move(e: PointerEvent, at: Point): CounterGhost | null {
    const p = this.press;
    if (!p || p.pointer !== e.pointerId) return null;
    if (!p.moved && Math.abs(e.clientX - p.x) + Math.abs(e.clientY - p.y) <= this.threshold) return null;
    p.moved = true;
    return { unit: p.unit, x: at.x, y: at.y };
  }

  /** The drag that ended with `e` (`moved` false: it was a click on the counter), or null. */
  up(e: PointerEvent): { unit: string; moved: boolean } | null {
    const p = this.press;
    if (!p || p.pointer !== e.pointerId) return null;
    this.press = null;
    return { unit: p.unit, moved: p.moved };
  }

  cancel(): void {
    this.press = null;
  }
}
