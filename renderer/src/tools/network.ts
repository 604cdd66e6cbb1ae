// The network tool (positions and links): click empty map to place a position; drag a
// position to move it, or drop it on another position to link the two; drag a link to bend
// it (a new waypoint where it is let go); drag a waypoint to move it; Delete removes the
// position last clicked. Points snap to a 5 mm grid (Shift: no snapping). Every gesture is
// one command, so one undo step.
import { addLink, addPosition, deletePositions, movePosition, setWaypoints, snapPoint, waypointSlot } from '../../../shared/editor/commands/network.js';
import type { MapPoint, NetworkGrid } from '../../../shared/format/scenario.types.js';
import type { Cell } from '../../../shared/grid/types.js';
import { run } from './run.js';
import type { Phase, PointerInput, Tool, ToolContext } from './types.js';

export const SNAP_MM = 5;
const ACCENT = 'rgba(31,111,235,0.9)';
/** How near (screen pixels) a press must be to a link or waypoint to take it. */
const HIT_PX = 8;

type Grab = { kind: 'position'; index: number } | { kind: 'link'; link: string; slot: number; insert: boolean } | { kind: 'none' };

export class NetworkTool implements Tool {
  phase: Phase = 'idle';
  private grab: Grab = { kind: 'none' };
  private start: MapPoint | null = null;
  /** The position last clicked or placed (what Delete removes). */
  private picked: string | null = null;

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
      this.grab = { kind: 'position', index: pos };
      return;
    }
    const tolerance = (HIT_PX / Math.max(ctx.scale, 1e-6)) * (net.layout.unit / ctx.size);
    const hit = net.nearestLink(at);
    if (hit && hit.distance <= tolerance) {
      const link = net.links[hit.link]!;
      const bends = link.waypoints;
      const near = bends.findIndex((w) => Math.hypot(w.x - at.x, w.y - at.y) <= tolerance);
      this.grab = near >= 0 ? { kind: 'link', link: link.id, slot: near, insert: false } : { kind: 'link', link: link.id, slot: waypointSlot(net.linkPolyline(hit.link), at), insert: true };
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
    if (this.grab.kind === 'position') {
      const over = this.positionAt(ctx, p);
      const from: Cell = { col: this.grab.index, row: 0 };
      ctx.feedback(over >= 0 && over !== this.grab.index ? [{ kind: 'path', cells: [from, { col: over, row: 0 }], colour: ACCENT }] : [{ kind: 'cells', cells: [from], colour: ACCENT }]);
    }
  }

  up(ctx: ToolContext, p: PointerInput): void {
    const net = ctx.doc.grid.network;
    const grab = this.grab;
    const dragged = this.phase === 'dragging';
    this.phase = 'idle';
    this.grab = { kind: 'none' };
    this.start = null;
    ctx.feedback([]);
    if (!net) return;
    if (!dragged) {
      if (grab.kind === 'position') {
        this.picked = net.positions[grab.index]!.id;
        ctx.select({ col: grab.index, row: 0 });
      } else if (grab.kind === 'none') {
        let placed: string | null = null;
        run(ctx, () => {
          const made = addPosition(ctx.doc, this.snapped(ctx, p), { terrain: ctx.options.terrain, side: ctx.options.side });
          placed = made.id;
          return made.command;
        });
        if (placed) {
          this.picked = placed;
          const cell = ctx.doc.grid.parseRef(placed);
          if (cell) ctx.select(cell);
        }
      }
      return;
    }
    if (grab.kind === 'position') {
      const id = net.positions[grab.index]!.id;
      const over = this.positionAt(ctx, p);
      if (over >= 0 && over !== grab.index) {
        const to = net.positions[over]!.id;
        run(ctx, () => addLink(ctx.doc, id, to).command);
      } else if (over < 0 || over === grab.index) {
        run(ctx, () => movePosition(ctx.doc, id, this.snapped(ctx, p)));
      }
      this.picked = id;
    } else if (grab.kind === 'link') {
      const l = net.linkIndexOf(grab.link);
      if (l < 0) return;
      const bends = [...net.links[l]!.waypoints];
      const to = this.snapped(ctx, p);
      if (grab.insert) bends.splice(grab.slot, 0, to);
      else bends[grab.slot] = to;
      run(ctx, () => setWaypoints(ctx.doc, grab.link, bends, grab.insert ? 'Bend link' : 'Move bend of'));
    }
  }

  cancel(ctx: ToolContext): void {
    this.phase = 'idle';
    this.grab = { kind: 'none' };
    this.start = null;
    ctx.feedback([]);
  }

  /** Delete: removes the position last clicked or placed; true when the key was used. */
  deleteKey(ctx: ToolContext): boolean {
    if (!this.picked) return false;
    const id = this.picked;
    this.picked = null;
    if (run(ctx, () => deletePositions(ctx.doc, [id]))) ctx.select(null);
    return true;
  }
}
