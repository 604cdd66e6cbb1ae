// The merged outline of a set of cells fills exactly those cells: for random sets on every grid
// whose cells meet edge to edge (hexes, squares, bricks), every cell's centre (and a point near each corner) is inside the
// loops by nonzero winding exactly when the cell is in the set, the loops' area is the cells'
// area, and no side two cells of the set share is on an outline.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGrid } from '../grid/index.js';
import type { GridGeometry, Point } from '../grid/types.js';
import { cellOutlines } from './outline.js';

const S = 10;
const COLS = 9;
const ROWS = 8;

const GRIDS = [
  { name: 'flat-top hexes, odd columns shifted', grid: createGrid({ kind: 'hex', orientation: 'flat', offset: 'odd', cols: COLS, rows: ROWS }) },
  { name: 'flat-top hexes, even columns shifted', grid: createGrid({ kind: 'hex', orientation: 'flat', offset: 'even', cols: COLS, rows: ROWS }) },
  { name: 'pointy-top hexes, odd rows shifted', grid: createGrid({ kind: 'hex', orientation: 'pointy', offset: 'odd', cols: COLS, rows: ROWS }) },
  { name: 'pointy-top hexes, even rows shifted', grid: createGrid({ kind: 'hex', orientation: 'pointy', offset: 'even', cols: COLS, rows: ROWS }) },
  { name: 'squares', grid: createGrid({ kind: 'square', cols: COLS, rows: ROWS }) },
  // Bricks: each side of a cell is half a square's side, shared with one cell of the next row.
  { name: 'squares in shifted rows', grid: createGrid({ kind: 'offsetSquare', cols: COLS, rows: ROWS }) },
];

/** The cells list the painter hands over: every cell of the map, index and centre. */
function allCells(grid: GridGeometry) {
  const n = COLS * ROWS;
  const index = new Int32Array(n);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let r = 0; r < ROWS; r++)
    for (let c = 0; c < COLS; c++) {
      const i = r * COLS + c;
      index[i] = i;
      xs[i] = grid.centerX(c, r, S);
      ys[i] = grid.centerY(c, r, S);
    }
  return { index, xs, ys };
}

/** Nonzero winding number of the loops around p. */
function winding(loops: readonly Float64Array[], p: Point): number {
  let w = 0;
  for (const l of loops)
    for (let k = 0; k < l.length; k += 2) {
      const ax = l[k]!;
      const ay = l[k + 1]!;
      const bx = l[(k + 2) % l.length]!;
      const by = l[(k + 3) % l.length]!;
      const cross = (bx - ax) * (p.y - ay) - (p.x - ax) * (by - ay);
      if (ay <= p.y && by > p.y && cross > 0) w++;
      else if (ay > p.y && by <= p.y && cross < 0) w--;
    }
  return w;
}

function area(loops: readonly Float64Array[]): number {
  let a = 0;
  for (const l of loops) for (let k = 0; k < l.length; k += 2) a += l[k]! * l[(k + 3) % l.length]! - l[(k + 2) % l.length]! * l[k + 1]!;
  return a / 2;
}

function polygonArea(points: readonly Point[]): number {
  let a = 0;
  for (let k = 0; k < points.length; k++) a += points[k]!.x * points[(k + 1) % points.length]!.y - points[(k + 1) % points.length]!.x * points[k]!.y;
  return a / 2;
}

describe('cellOutlines', () => {
  for (const { name, grid } of GRIDS) {
    it(`fills exactly the cells of the set on ${name}`, () => {
      const corners = grid.cornerOffsets(S);
      const cellArea = polygonArea(corners);
      const cells = allCells(grid);
      fc.assert(
        fc.property(fc.uniqueArray(fc.integer({ min: 0, max: COLS * ROWS - 1 }), { minLength: 1, maxLength: COLS * ROWS }), (chosen) => {
          const which = Int32Array.from(chosen);
          const loops = cellOutlines(grid, COLS, ROWS, S, corners, cells.index, cells.xs, cells.ys, which, 0, which.length);
          expect(loops).not.toBeNull();
          const inSet = new Set(chosen);
          for (let i = 0; i < COLS * ROWS; i++) {
            const c = { x: cells.xs[i]!, y: cells.ys[i]! };
            // The centre and points just inside each corner: the whole cell, not only its middle.
            const probes = [c, ...corners.map((k) => ({ x: c.x + k.x * 0.9, y: c.y + k.y * 0.9 }))];
            for (const p of probes) expect(winding(loops!, p) !== 0, `cell ${i} at (${p.x}, ${p.y})`).toBe(inSet.has(i));
          }
          // Signed: holes run against the cells' own turn and take their area off.
          expect(area(loops!)).toBeCloseTo(cellArea * chosen.length, 6);
          // Fewer corners than a polygon per cell whenever two cells of the set touch.
          const corners1 = loops!.reduce((n, l) => n + l.length / 2, 0);
          expect(corners1).toBeLessThanOrEqual(chosen.length * corners.length);
        }),
        { numRuns: 60, seed: 16 },
      );
    });
  }

  it('traces a block of seven hexes as one loop of eighteen corners, with no side inside it', () => {
    const grid = GRIDS[0]!.grid;
    const cells = allCells(grid);
    // (4,4) and its six neighbours: a flower whose rim has 18 sides.
    const ring = [grid.index({ col: 4, row: 4 }), ...grid.neighbours({ col: 4, row: 4 }).map((c) => grid.index(c))];
    const loops = cellOutlines(grid, COLS, ROWS, S, grid.cornerOffsets(S), cells.index, cells.xs, cells.ys, Int32Array.from(ring), 0, ring.length)!;
    expect(loops).toHaveLength(1);
    expect(loops[0]!.length / 2).toBe(18);
  });

  it('leaves a ring of cells with its hole open', () => {
    const grid = GRIDS[4]!.grid;
    const cells = allCells(grid);
    const ring: number[] = [];
    for (let r = 2; r <= 4; r++) for (let c = 2; c <= 4; c++) if (r !== 3 || c !== 3) ring.push(r * COLS + c);
    const loops = cellOutlines(grid, COLS, ROWS, S, grid.cornerOffsets(S), cells.index, cells.xs, cells.ys, Int32Array.from(ring), 0, ring.length)!;
    expect(loops).toHaveLength(2);
    expect(winding(loops, { x: cells.xs[3 * COLS + 3]!, y: cells.ys[3 * COLS + 3]! })).toBe(0);
    expect(Math.abs(area(loops))).toBeCloseTo(8 * S * S, 6);
  });
});
