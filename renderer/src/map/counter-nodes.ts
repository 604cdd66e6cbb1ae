// The test-play counters as Konva nodes on the map's interactive layer: one Konva.Shape per
// counter on the board, placed in map px, whose sceneFunc draws the one counter design
// (shared/paint/counters.ts through map/units.ts's drawCounter and the canvas surface) and whose
// hitFunc is its square, so Konva's hit canvas answers "which counter is under the pointer".
// Nodes are kept across redraws, keyed by unit id: a new picture of the game only moves,
// restyles, adds or removes what changed, and the layer's draw skips counters off screen.
//
// A counter being carried follows the pointer (`carry`); let go (`release`), it glides to
// wherever the game now has it: back to the cell it left when the drop was refused, into its
// new cell when the move was made. Counters the game moves by itself (the bot, an undo) glide
// too when only a few move at once. Under prefers-reduced-motion nothing glides.
import Konva from 'konva';
import type { Point } from '../../../shared/grid/types.js';
import { drawCounter, type CounterSpec } from './units.js';

/** Where one counter stands on the board and how it looks. */
export interface CounterPlacement {
  unit: string;
  /** The cell (reference) the counter stands in. */
  cell: string;
  /** Map px: the counter's centre. */
  x: number;
  y: number;
  /** Map px across. */
  size: number;
  spec: CounterSpec;
  /** The player may drag it now (a move the rules offer). */
  movable: boolean;
}

/** A counter node as it is now, for the page test hook: position in container CSS px. */
export interface CounterNodeInfo {
  unit: string;
  cell: string;
  x: number;
  y: number;
  size: number;
  draggable: boolean;
}

/** How long a released or moved counter glides, ms. */
export const GLIDE_MS = 180;
/** More counters than this moving at once jump instead (a new turn, an undo of many moves). */
const MAX_GLIDES = 8;

interface Entry {
  shape: Konva.Shape;
  placement: CounterPlacement;
  tween: Konva.Tween | null;
}

export class CounterNodes {
  private readonly entries = new Map<string, Entry>();
  /** The faint square left where a carried counter stood. */
  private readonly gap: Konva.Rect;
  private carried: string | null = null;
  /** Released, waiting for the game to say where it now stands (the next frame). */
  private readonly released = new Set<string>();

  constructor(
    private readonly group: Konva.Group,
    private readonly reducedMotion: () => boolean = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches,
  ) {
    this.gap = new Konva.Rect({ listening: false, visible: false, fill: 'rgba(203,213,225,0.6)', stroke: 'rgba(71,85,105,0.7)', strokeWidth: 1.5, strokeScaleEnabled: false, dash: [4, 3] });
    group.add(this.gap);
    // Counters off screen are not drawn (nor hit-tested) this frame.
    group.getLayer()?.on('beforeDraw.counters', () => this.cull());
  }

  /** Shows the counters of `placements` (in drawing order), reusing each unit's node. */
  sync(placements: readonly CounterPlacement[]): void {
    const seen = new Set<string>();
    const moved: Entry[] = [];
    placements.forEach((p, order) => {
      seen.add(p.unit);
      let e = this.entries.get(p.unit);
      if (!e) {
        const shape = new Konva.Shape({ x: p.x, y: p.y, perfectDrawEnabled: false });
        const entry: Entry = { shape, placement: p, tween: null };
        // Drawn with the one counter design, with the layer's own 2D context (the node's transform applied).
        shape.sceneFunc((_ctx, node) => {
          const ctx = node.getLayer()?.getNativeCanvasElement().getContext('2d');
          const q = entry.placement;
          if (ctx) drawCounter(ctx, 0, 0, q.size, q.spec, node.getAbsoluteScale().x);
        });
        shape.hitFunc((ctx, node) => {
          const s = entry.placement.size;
          ctx.beginPath();
          ctx.rect(-s / 2, -s / 2, s, s);
          ctx.closePath();
          ctx.fillStrokeShape(node);
        });
        this.group.add(shape);
        this.entries.set(p.unit, (e = entry));
      } else {
        const was = e.placement;
        e.placement = p;
        const still = this.carried === p.unit || this.released.has(p.unit);
        if (!still && (was.x !== p.x || was.y !== p.y)) moved.push(e);
      }
      e.shape.setAttrs({ unit: p.unit, movable: p.movable });
      if (e.shape.zIndex() !== order + 1) e.shape.zIndex(order + 1);
    });
    for (const [unit, e] of this.entries) {
      if (seen.has(unit)) continue;
      e.tween?.destroy();
      e.shape.destroy();
      this.entries.delete(unit);
      this.released.delete(unit);
      if (this.carried === unit) this.stopCarrying();
    }
    // The bot's moves (and the few a player makes by clicking) glide; a whole new picture jumps.
    const glide = moved.length <= MAX_GLIDES;
    for (const e of moved) {
      if (glide) this.glide(e);
      else this.place(e);
    }
    if (this.carried) this.entries.get(this.carried)?.shape.moveToTop();
    this.redraw();
  }

  /** The counter under `p` (container CSS px), by Konva's hit test; null over no counter. */
  unitAt(p: Point): { unit: string; movable: boolean } | null {
    const shape = this.group.getStage()?.getIntersection(p);
    if (!shape || shape.getParent() !== this.group) return null;
    const e = this.entries.get(String(shape.getAttr('unit')));
    return e ? { unit: e.placement.unit, movable: e.placement.movable } : null;
  }

  /** The counter of `unit` follows the pointer, at `at` (map px), over every other counter. */
  carry(unit: string, at: Point): void {
    const e = this.entries.get(unit);
    if (!e) return;
    if (this.carried !== unit) {
      this.carried = unit;
      e.tween?.destroy();
      e.tween = null;
      const { x, y, size } = e.placement;
      this.gap.setAttrs({ x: x - size / 2, y: y - size / 2, width: size, height: size, cornerRadius: size * 0.1, visible: true });
      e.shape.moveToTop();
    }
    e.shape.position(at);
    this.redraw();
  }

  /**
   * The carried counter was let go and the game told of the drop: on the next frame, once the
   * game's new picture is in, it glides to where the game has it (back where it was, or its new cell).
   */
  release(unit: string): void {
    if (this.carried === unit) this.stopCarrying();
    const e = this.entries.get(unit);
    if (!e) return;
    this.released.add(unit);
    requestAnimationFrame(() => {
      if (!this.released.delete(unit)) return;
      const now = this.entries.get(unit);
      if (now) this.glide(now);
    });
  }

  /** A carry given up (the pointer lost): the counter goes straight back. */
  cancel(): void {
    const unit = this.carried;
    if (!unit) return;
    this.stopCarrying();
    const e = this.entries.get(unit);
    if (e) this.place(e);
    this.redraw();
  }

  /** Every counter node: where it is now (container CSS px) and whether it may be dragged. */
  snapshot(): CounterNodeInfo[] {
    return [...this.entries.values()].map((e) => {
      const p = e.shape.getAbsolutePosition();
      const s = e.shape.getAbsoluteScale().x;
      return { unit: e.placement.unit, cell: e.placement.cell, x: p.x, y: p.y, size: e.placement.size * s, draggable: e.placement.movable };
    });
  }

  destroy(): void {
    for (const e of this.entries.values()) {
      e.tween?.destroy();
      e.shape.destroy();
    }
    this.entries.clear();
    this.released.clear();
    this.carried = null;
    this.gap.destroy();
    this.group.getLayer()?.off('beforeDraw.counters');
  }

  private stopCarrying(): void {
    this.carried = null;
    this.gap.visible(false);
  }

  private place(e: Entry): void {
    e.tween?.destroy();
    e.tween = null;
    e.shape.position({ x: e.placement.x, y: e.placement.y });
  }

  private glide(e: Entry): void {
    const from = e.shape.position();
    const { x, y } = e.placement;
    if (this.reducedMotion() || (from.x === x && from.y === y)) {
      this.place(e);
      this.redraw();
      return;
    }
    e.tween?.destroy();
    const tween = new Konva.Tween({
      node: e.shape,
      duration: GLIDE_MS / 1000,
      easing: Konva.Easings.EaseOut,
      x,
      y,
      onFinish: () => {
        if (e.tween === tween) e.tween = null;
        tween.destroy();
        this.redraw();
      },
    });
    e.tween = tween;
    tween.play();
  }

  private cull(): void {
    const stage = this.group.getStage();
    if (!stage) return;
    const t = this.group.getAbsoluteTransform().copy().invert();
    const a = t.point({ x: 0, y: 0 });
    const b = t.point({ x: stage.width(), y: stage.height() });
    for (const e of this.entries.values()) {
      const { x, y } = e.shape.position();
      const r = e.placement.size;
      e.shape.visible(x + r >= a.x && x - r <= b.x && y + r >= a.y && y - r <= b.y);
    }
  }

  private redraw(): void {
    this.group.getLayer()?.batchDraw();
  }
}
