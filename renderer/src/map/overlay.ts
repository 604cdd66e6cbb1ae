// Draws the designer tools' feedback (brush footprint, rectangle, hovered side, road being
// laid) on the interactive layer, in map pixels. Strokes keep a constant screen width.
import type { GridGeometry } from '../../../shared/grid/types.js';
import type { Feedback } from '../tools/types.js';

export function drawFeedback(ctx: CanvasRenderingContext2D, grid: GridGeometry, size: number, scale: number, feedback: readonly Feedback[]): void {
  ctx.save();
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  for (const f of feedback) {
    if (f.kind === 'cells') {
      ctx.beginPath();
      for (const cell of f.cells) {
        if (!grid.inMap(cell)) continue;
        const pts = grid.corners(cell, size);
        pts.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
        ctx.closePath();
      }
      ctx.fillStyle = f.colour.replace(/[\d.]+\)$/, '0.14)');
      ctx.fill();
      ctx.strokeStyle = 'rgba(255,255,255,0.9)';
      ctx.lineWidth = 3.5 / scale;
      ctx.stroke();
      ctx.strokeStyle = f.colour;
      ctx.lineWidth = 1.75 / scale;
      ctx.stroke();
    } else if (f.kind === 'edges') {
      ctx.beginPath();
      for (const e of f.edges) {
        const [a, b] = grid.edgeEndpoints(e, size);
        ctx.moveTo(a.x, a.y);
        ctx.lineTo(b.x, b.y);
      }
      ctx.strokeStyle = 'rgba(255,255,255,0.95)';
      ctx.lineWidth = Math.max(7 / scale, size * 0.1);
      ctx.stroke();
      ctx.strokeStyle = f.colour;
      ctx.lineWidth = Math.max(4 / scale, size * 0.06);
      if (f.remove) ctx.setLineDash([size * 0.08, size * 0.06]);
      ctx.stroke();
      ctx.setLineDash([]);
    } else if (f.kind === 'polygon') {
      if (f.points.length < 2) continue;
      ctx.beginPath();
      f.points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
      if (f.closed) ctx.closePath();
      ctx.strokeStyle = 'rgba(255,255,255,0.9)';
      ctx.lineWidth = 4 / scale;
      ctx.stroke();
      ctx.strokeStyle = f.colour;
      ctx.lineWidth = 1.75 / scale;
      ctx.setLineDash([6 / scale, 4 / scale]);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.fillStyle = f.colour;
      for (const p of f.points.slice(0, f.closed ? undefined : -1)) {
        ctx.beginPath();
        ctx.arc(p.x, p.y, 3.5 / scale, 0, Math.PI * 2);
        ctx.fill();
      }
    } else {
      ctx.beginPath();
      f.cells.forEach((cell, i) => {
        const p = grid.center(cell, size);
        if (i === 0) ctx.moveTo(p.x, p.y);
        else ctx.lineTo(p.x, p.y);
      });
      ctx.strokeStyle = 'rgba(255,255,255,0.9)';
      ctx.lineWidth = 7 / scale;
      ctx.stroke();
      ctx.strokeStyle = f.colour;
      ctx.lineWidth = 3 / scale;
      ctx.stroke();
    }
  }
  ctx.restore();
}
