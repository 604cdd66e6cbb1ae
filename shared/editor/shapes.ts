// The cells of the terrain shape tools: a line of cells between two cells, an ellipse (or circle)
// filling the box two cells span, outlined or filled, and a polygon (cells whose centres are
// inside; cellsInPolygon in region.ts). All answer map indices; cells off the map are left out.
import type { Cell, GridGeometry } from '../grid/types.js';
import { cellsWithCentreIn } from './region.js';

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
  const box = ellipseBox(grid, a, b, size, options.circle);
  const cx = (box.x0 + box.x1) / 2;
  const cy = (box.y0 + box.y1) / 2;
  const rx = (box.x1 - box.x0) / 2;
  const ry = (box.y1 - box.y0) / 2;
  const insideAt = (x: number, y: number) => {
    const dx = (x - cx) / rx;
    const dy = (y - cy) / ry;
    return dx * dx + dy * dy <= 1 + 1e-9;
  };
  const cells = cellsWithCentreIn(grid, size, box, insideAt);
  if (options.filled) return cells;
  // The rim: cells with a side towards a cell outside the ellipse, or towards the map's edge.
  const { cols } = grid.spec;
  return cells.filter((i) => {
    const cell = { col: i % cols, row: Math.floor(i / cols) };
    return grid.sideDirections.some((d) => {
      const n = grid.step(cell, d);
      return !n || !insideAt(grid.centerX(n.col, n.row, size), grid.centerY(n.col, n.row, size));
    });
  });
}
