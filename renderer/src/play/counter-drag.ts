// Dragging a counter on a test-play board, the same for every ruleset (the operational board
// and the generic one). The counters are Konva nodes (map/counter-nodes.ts): Konva's hit test
// says which counter a press is on; a press on one that may move now picks it up once the
// pointer has moved a few pixels, and the node follows the pointer. Let go, the board is told
// the cell under the pointer and turns the drop into the rules' move or shows why not; the node
// then glides to where the game has it (its new cell, or back where it was).
// A press anywhere else is the viewport's (a pan) or a click.
import type { Cell, Point } from '../../../shared/grid/types.js';
import type { CounterNodes } from '../map/counter-nodes.js';

/** What the drag needs of the board's map (a MapRenderer). */
export interface DragMap {
  readonly playCounters: CounterNodes;
  readonly viewport: { toWorld(p: Point): Point };
  cellAt(p: Point): Cell | null;
}

export interface DragBoard {
  /** The map on screen, or null before it is made. */
  map(): DragMap | null;
  /** `unit` was picked up: the board shows its moves while it is carried. */
  pickUp(unit: string): void;
  /** `unit` was let go over `cell` (null: off the map): the rules' move there, or why not. */
  drop(unit: string, cell: Cell | null): void;
}

export class CounterDrag {
  private press: { unit: string; pointer: number; x: number; y: number; moved: boolean } | null = null;

  constructor(
    private readonly board: DragBoard,
    private readonly threshold = 4,
  ) {}

  /** A counter is being carried (moved past the threshold). */
  get dragging(): boolean {
    return this.press?.moved === true;
  }

  /** The counter under `at` (board px), by Konva's hit test, and whether it may be dragged now. */
  counterAt(at: Point): { unit: string; movable: boolean } | null {
    return this.board.map()?.playCounters.unitAt(at) ?? null;
  }

  /** The unit whose counter under `at` may be dragged now, or null. */
  movableAt(at: Point): string | null {
    const c = this.counterAt(at);
    return c?.movable ? c.unit : null;
  }

  /** The cursor over `at`: grabbing while carrying, grab over a counter that may move, else the default. */
  cursor(at: Point): 'grabbing' | 'grab' | 'default' {
    if (this.dragging) return 'grabbing';
    return this.movableAt(at) ? 'grab' : 'default';
  }

  /** A press at `at` (board px): true when it is on a counter that may move (the board captures the pointer). */
  down(e: PointerEvent, at: Point): boolean {
    const unit = e.button === 0 ? this.movableAt(at) : null;
    if (!unit) return false;
    this.press = { unit, pointer: e.pointerId, x: e.clientX, y: e.clientY, moved: false };
    return true;
  }

  /** The pointer moved to `at` (board px): the carried counter follows. True while carrying. */
  move(e: PointerEvent, at: Point): boolean {
    const p = this.press;
    const map = this.board.map();
    if (!p || p.pointer !== e.pointerId || !map) return false;
    if (!p.moved && Math.abs(e.clientX - p.x) + Math.abs(e.clientY - p.y) <= this.threshold) return false;
    if (!p.moved) {
      p.moved = true;
      this.board.pickUp(p.unit);
    }
    map.playCounters.carry(p.unit, map.viewport.toWorld(at));
    return true;
  }

  /**
   * The press ended at `at` (board px). A carried counter is dropped (the board's rules decide)
   * and glides to where the game then has it. Returns the press (`moved` false: a click on the
   * counter), or null when there was none.
   */
  up(e: PointerEvent, at: Point): { unit: string; moved: boolean } | null {
    const p = this.press;
    if (!p || p.pointer !== e.pointerId) return null;
    this.press = null;
    const map = this.board.map();
    if (p.moved && map) {
      this.board.drop(p.unit, map.cellAt(at));
      map.playCounters.release(p.unit);
    }
    return { unit: p.unit, moved: p.moved };
  }

  /** The pointer was lost: a carried counter goes straight back. */
  cancel(): void {
    if (this.press?.moved) this.board.map()?.playCounters.cancel();
    this.press = null;
  }
}
