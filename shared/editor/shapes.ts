// The cells of the terrain shape tools: a line of cells between two cells, an ellipse (or circle)
// filling the box two cells span, outlined or filled, and a polygon (cells whose centres are
// inside; cellsInPolygon in region.ts). All answer map indices; cells off the map are left out.
import type { Cell, GridGeometry } from '../grid/types.js';

/** The cells a straight line from `a` to `b` passes through (both ends included), each next to the one before. */
export function cellsOnLine(grid: GridGeometry, a: Cell, b: Cell): number[] {
  if (grid.network) return [];
  return grid.line(a, b).filter((c) => grid.inMap(c)).map((c) => grid.index(c));
}

export interface EllipseOptions {
  /** Every cell inside (true) or only its rim (false). */
  filled: boolean;
  /** A circle: the box is made square on the side of `b` (Shift while dragging). */
  circle?: boolean;
}

/** The box (map pixels) the ellipse from cell `a` to cell `b` fills: both cells lie inside it. */
export function ellipseBox(grid: GridGeometry, a: Cell, b: Cell, size: number, circle = false): { x0: number; y0: number; x1: number; y1: number } {
  const pa = grid.center(a, size);
  const pb = grid.center(b, size);
  const box = grid.cellBox(size);
  const w = Math.abs(pb.x - pa.x) + box.width;
  const h = Math.abs(pb.y - pa.y) + box.height;
  // The corner beyond `a` stays; the box grows towards `b`.
  const sx = pb.x >= pa.x ? 1 : -1;
  const sy = pb.y >= pa.y ? 1 : -1;
  const W = circle ? Math.max(w, h) : w;
  const H = circle ? Math.max(w, h) : h;
  const ax = pa.x - (sx * box.width) / 2;
  const ay = pa.y - (sy * box.height) / 2;
  const bx = ax + sx * W;
  const by = ay + sy * H;
  return { x0: Math.min(ax, bx), y0: Math.min(ay, by), x1: Math.max(ax, bx), y1: Math.max(ay, by) };
}

/**
 * The cells whose centres lie inside the ellipse filling the box from cell `a` to cell `b`
 * (`ellipseBox`); with `filled: false`, only those with a side towards a cell outside it (or
 * towards the map's edge), a ring one cell thick.
 */
export function cellsInEllipse(grid: GridGeometry, a: Cell, b: Cell, size: number, options: EllipseOptions): number[] {
  if (grid.network) return [];
  const { x0, y0, x1, y1 } = ellipseBox(grid, a, b, size, options.circle);
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const rx = (x1 - x0) / 2;
  const ry = (y1 - y0) / 2;
  const inside = (col: number, row: number) => {
    const dx = (grid.centerX(col, row, size) - cx) / rx;
    const dy = (grid.centerY(col, row, size) - cy) / ry;
    return dx * dx + dy * dy <= 1 + 1e-9;
  };
  const { cols, rows } = grid.spec as { cols: number; rows: number };
  const p = grid.pixelToCell({ x: x0, y: y0 }, size);
  const q = grid.pixelToCell({ x: x1, y: y1 }, size);
  const c0 = Math.max(0, Math.min(p.col, q.col) - 1), c1 = Math.min(cols - 1, Math.max(p.col, q.col) + 1);
  const r0 = Math.max(0, Math.min(p.row, q.row) - 1), r1 = Math.min(rows - 1, Math.max(p.row, q.row) + 1);
  const out: number[] = [];
  for (let row = r0; row <= r1; row++) {
    for (let col = c0; col <= c1; col++) {
      if (!inside(col, row)) continue;
      if (!options.filled) {
        const cell = { col, row };
        const rim = grid.sideDirections.some((d) => {
          const n = grid.step(cell, d);
          return !n || !inside(n.col, n.row);
        });
        if (!rim) continue;
      }
      out.push(grid.index({ col, row }));
    }
  }
  return out.sort((m, n) => m - n);
}
