// The network tool (positions and links): click empty map to place a position; drag a
// position to move it (it follows the pointer), or drop it on another position to link the
// two (links are of the type the tool's options choose); drag a link to bend it (a new waypoint
// follows the pointer) or a waypoint to move it; click a link to select it (the inspector edits
// its type); Delete removes the position or link last clicked. Points snap to a 5 mm grid
// (Shift: no snapping). Every gesture is one undo step.
import { addLink, addPosition, deleteLinks, deletePositions, movePosition, setWaypoints, snapPoint, waypointSlot } from '../../../shared/editor/commands/network.js';
import type { MapPoint, NetworkGrid } from '../../../shared/format/scenario.types.js';
import type { Cell } from '../../../shared/grid/types.js';
import { run } from './run.js';
import type { Phase, PointerInput, Tool, ToolContext } from './types.js';

export const SNAP_MM = 5;
const ACCENT = 'rgba(31,111,235,0.9)';
/** How near (screen pixels) a press must be to a link or waypoint to take it. */
const HIT_PX = 8;

type Grab =
  | { kind: 'position'; index: number; id: string }
  | { kind: 'link'; link: string; slot: number; insert: boolean; bends: readonly MapPoint[] }
  | { kind: 'none' };

export class NetworkTool implements Tool {
  phase: Phase = 'idle';
  private grab: Grab = { kind: 'none' };
  private start: MapPoint | null = null;
  /** The position or link last clicked or placed (what Delete removes). */
  private picked: { kind: 'position' | 'link'; id: string } | null = null;
  /** True while a drag's live edit is open in the history (one undo step when it ends). */
  private live = false;

  private mmOf(ctx: ToolContext, p: PointerInput): MapPoint {
    const unit = ctx.doc.grid.network!.layout.unit;
    return { x: (p.point.x * unit) / ctx.size, y: (p.point.y * unit) / ctx.size };
  }

  private snapped(ctx: ToolContext, p: PointerInput): MapPoint {
    return snapPoint(ctx.doc.gridSettings as NetworkGrid, this.mmOf(ctx, p), p.shift ? 0 : SNAP_MM);
  }

  private positionAt(ctx: ToolContext, p: PointerInput): number {
    const net = ctx.doc.grid.network;
    return net ? net.positionAt(this.mmOf(ctx, p)) : -1;
  }

  down(ctx: ToolContext, p: PointerInput): void {
    const net = ctx.doc.grid.network;
    if (!net) return;
    const at = this.mmOf(ctx, p);
    this.start = at;
    this.phase = 'pointing';
    const pos = net.positionAt(at);
    if (pos >= 0) {
      this.grab = { kind: 'position', index: pos, id: net.positions[pos]!.id };
      return;
    }
    const tolerance = (HIT_PX / Math.max(ctx.scale, 1e-6)) * (net.layout.unit / ctx.size);
    const hit = net.nearestLink(at);
    if (hit && hit.distance <= tolerance) {
      const link = net.links[hit.link]!;
      const near = link.waypoints.findIndex((w) => Math.hypot(w.x - at.x, w.y - at.y) <= tolerance);
      const bends = [...link.waypoints];
      this.grab = near >= 0 ? { kind: 'link', link: link.id, slot: near, insert: false, bends } : { kind: 'link', link: link.id, slot: waypointSlot(net.linkPolyline(hit.link), at), insert: true, bends };
      return;
    }
    this.grab = { kind: 'none' };
  }

  move(ctx: ToolContext, p: PointerInput): void {
    const net = ctx.doc.grid.network;
    if (!net) return;
    if (this.phase === 'idle') {
      const pos = this.positionAt(ctx, p);
      ctx.feedback(pos >= 0 ? [{ kind: 'cells', cells: [{ col: pos, row: 0 }], colour: ACCENT }] : []);
      return;
    }
    const at = this.mmOf(ctx, p);
    if (this.start && Math.hypot(at.x - this.start.x, at.y - this.start.y) * (ctx.size / net.layout.unit) * ctx.scale > 3) this.phase = 'dragging';
    if (this.phase !== 'dragging') return;
    this.follow(ctx, p);
  }

  /** Another position than the one dragged under the pointer (the dragged one follows the pointer, so it is under it too), or -1. */
  private dropTarget(ctx: ToolContext, p: PointerInput, dragged: number): number {
    const net = ctx.doc.grid.network!;
    const at = this.mmOf(ctx, p);
    const hit = net.positionAt(at);
    if (hit !== dragged) return hit;
    for (let i = 0; i < net.positions.length; i++) if (i !== dragged && net.contains(i, at)) return i;
    return -1;
  }

  private nameOf(ctx: ToolContext, id: string): string {
    const p = (ctx.doc.gridSettings as NetworkGrid).positions.find((q) => q.id === id);
    return p?.label ?? id;
  }

  /** Starts the drag's live edit (one undo step named `label`) unless it is open. */
  private begin(ctx: ToolContext, label: string): void {
    if (this.live) return;
    ctx.history.beginGesture(label);
    this.live = true;
  }

  /** Takes back what the drag changed so far (the position goes back, the bend goes). */
  private takeBack(ctx: ToolContext): void {
    if (!this.live) return;
    ctx.history.cancelGesture();
    this.live = false;
  }

  /** The map follows the drag: the position or the bend moves with the pointer; over another position, the link to be drawn shows instead. */
  private follow(ctx: ToolContext, p: PointerInput): void {
    const grab = this.grab;
    if (grab.kind === 'position') {
      const over = this.dropTarget(ctx, p, grab.index);
      const from: Cell = { col: grab.index, row: 0 };
      if (over >= 0) {
        this.takeBack(ctx);
        ctx.feedback([{ kind: 'path', cells: [from, { col: over, row: 0 }], colour: ACCENT }]);
        return;
      }
      this.begin(ctx, `Move ${this.nameOf(ctx, grab.id)}`);
      run(ctx, () => movePosition(ctx.doc, grab.id, this.snapped(ctx, p)));
      ctx.feedback([{ kind: 'cells', cells: [from], colour: ACCENT }]);
    } else if (grab.kind === 'link') {
      const net = ctx.doc.grid.network!;
      const l = net.linkIndexOf(grab.link);
      if (l < 0) return;
      const link = net.links[l]!;
      const bends = [...grab.bends];
      const to = this.snapped(ctx, p);
      if (grab.insert) bends.splice(grab.slot, 0, to);
      else bends[grab.slot] = to;
      this.begin(ctx, `${grab.insert ? 'Bend link' : 'Move bend of'} ${this.nameOf(ctx, link.from)}–${this.nameOf(ctx, link.to)}`);
      run(ctx, () => setWaypoints(ctx.doc, grab.link, bends));
    }
  }

  up(ctx: ToolContext, p: PointerInput): void {
    const net = ctx.doc.grid.network;
    const grab = this.grab;
    const dragged = this.phase === 'dragging';
    if (dragged && net) this.follow(ctx, p);
    this.phase = 'idle';
    this.grab = { kind: 'none' };
    this.start = null;
    ctx.feedback([]);
    if (!net) return this.takeBack(ctx);
    if (!dragged) {
      if (grab.kind === 'position') {
        this.picked = { kind: 'position', id: grab.id };
        ctx.select({ col: grab.index, row: 0 });
      } else if (grab.kind === 'link') {
        this.picked = { kind: 'link', id: grab.link };
        ctx.select(null);
        ctx.selectLink(grab.link);
      } else {
        let placed: string | null = null;
        run(ctx, () => {
          const made = addPosition(ctx.doc, this.snapped(ctx, p), { terrain: ctx.options.terrain, side: ctx.options.side });
          placed = made.id;
          return made.command;
        });
        if (placed) {
          this.picked = { kind: 'position', id: placed };
          const cell = ctx.doc.grid.parseRef(placed);
          if (cell) ctx.select(cell);
        }
      }
      return;
    }
    if (grab.kind === 'position') {
      const over = this.dropTarget(ctx, p, grab.index);
      if (over >= 0) {
        this.takeBack(ctx);
        const to = ctx.doc.grid.network!.positions[over]!.id;
        run(ctx, () => addLink(ctx.doc, grab.id, to, ctx.options.linkType).command);
      }
      this.picked = { kind: 'position', id: grab.id };
    }
    if (this.live) {
      ctx.history.endGesture();
      this.live = false;
    }
  }

  cancel(ctx: ToolContext): void {
    this.takeBack(ctx);
    this.phase = 'idle';
    this.grab = { kind: 'none' };
    this.start = null;
    ctx.feedback([]);
  }

  /** Delete: removes the position or link last clicked or placed; true when the key was used. */
  deleteKey(ctx: ToolContext): boolean {
    const picked = this.picked;
    if (!picked) return false;
    this.picked = null;
    if (picked.kind === 'link') {
      if (run(ctx, () => deleteLinks(ctx.doc, [picked.id]))) ctx.selectLink(null);
    } else if (run(ctx, () => deletePositions(ctx.doc, [picked.id]))) ctx.select(null);
    return true;
  }
}
