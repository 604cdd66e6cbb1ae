// Shift-straight strokes on every grid kind: a run of sides is collinear midpoints half a
// neighbour step apart, in the run direction nearest the pointer, never across the side it
// starts from; a run of cells steps one neighbour direction from the first cell.
import { describe, expect, it } from 'vitest';
import { createGrid } from '../grid/index.js';
import { gridSpecOf } from '../format/defaults.js';
import { straightCellRun, straightSideRun } from './straight.js';
import { GRID_CASES, blankScenario } from './testing.js';

const SIZE = 100;
const angle = (v: { x: number; y: number }) => Math.atan2(v.y, v.x);
const diff = (a: number, b: number) => Math.abs(Math.atan2(Math.sin(a - b), Math.cos(a - b)));

for (const gc of GRID_CASES) {
  describe(gc.name, () => {
    const grid = createGrid(gridSpecOf(blankScenario(gc.grid, 24, 20)));
    const start = { col: 11, row: 9 };
    const mid = (e: string) => {
      const [p, q] = grid.edgeEndpoints(e, SIZE);
      return { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
    };

    it('a run of sides is straight, evenly spaced, and follows the pointer within half a direction step', () => {
      const runDirs = new Set<number>();
      for (const dir of grid.sideDirections) {
        const side = grid.edgeOf(start, dir)!;
        const m = mid(side);
        for (let k = 0; k < 16; k++) {
          const t = (k / 16) * Math.PI * 2;
          const run = straightSideRun(grid, side, { x: m.x + Math.cos(t) * SIZE * 5, y: m.y + Math.sin(t) * SIZE * 5 }, SIZE);
          expect(run[0]).toBe(side);
          expect(new Set(run).size).toBe(run.length);
          if (run.length < 3) continue;
          const pts = run.map(mid);
          const step = { x: pts[1]!.x - pts[0]!.x, y: pts[1]!.y - pts[0]!.y };
          for (let j = 2; j < pts.length; j++) {
            expect(pts[j]!.x - pts[j - 1]!.x).toBeCloseTo(step.x, 6);
            expect(pts[j]!.y - pts[j - 1]!.y).toBeCloseTo(step.y, 6);
          }
          // Close to the pointer's direction (the grid offers a run every 60° or less each way).
          expect(diff(angle(step), t)).toBeLessThan(Math.PI / 2 + 1e-6);
          // Never across the side: the run's sides are not the neighbours of one cell in a line through it.
          const [a, b] = grid.edgeCells(side);
          const across = angle({ x: grid.center(b, SIZE).x - grid.center(a, SIZE).x, y: grid.center(b, SIZE).y - grid.center(a, SIZE).y });
          expect(Math.min(diff(angle(step), across), diff(angle(step), across + Math.PI))).toBeGreaterThan(0.1);
          runDirs.add(Math.round((angle(step) * 180) / Math.PI));
          // As far as the pointer went along the run (to the nearest side).
          const reach = Math.hypot(pts.at(-1)!.x - m.x, pts.at(-1)!.y - m.y);
          const stepLen = Math.hypot(step.x, step.y);
          const along = (Math.cos(t) * step.x + Math.sin(t) * step.y) / stepLen * SIZE * 5;
          expect(Math.abs(reach - along)).toBeLessThanOrEqual(stepLen / 2 + 1e-6);
        }
      }
      // Hexes offer 6 run directions, squares 4 (8 with diagonals) over all sides.
      const want = gc.grid.kind === 'hex' ? 6 : gc.grid.kind === 'square' ? (gc.grid.adjacency === 8 ? 8 : 4) : 6;
      expect(runDirs.size).toBeGreaterThanOrEqual(Math.min(want, 4));
    });

    it('a run of cells steps one direction through a side, the nearest to the pointer', () => {
      const c = grid.center(start, SIZE);
      for (const dir of grid.sideDirections) {
        const n = grid.step(start, dir)!;
        const v = { x: grid.center(n, SIZE).x - c.x, y: grid.center(n, SIZE).y - c.y };
        // The pointer four steps away in this direction, nudged a little sideways.
        const run = straightCellRun(grid, start, { x: c.x + v.x * 4 + v.y * 0.15, y: c.y + v.y * 4 - v.x * 0.15 }, SIZE);
        expect(run).toHaveLength(5);
        expect(run[0]).toEqual(start);
        for (let k = 1; k < run.length; k++) expect(grid.step(run[k - 1]!, dir)).toEqual(run[k]);
      }
      expect(straightCellRun(grid, start, c, SIZE)).toEqual([start]);
      // Stops at the map's edge.
      const edge = straightCellRun(grid, { col: 1, row: 9 }, { x: -SIZE * 20, y: grid.center({ col: 1, row: 9 }, SIZE).y }, SIZE);
      for (const cell of edge) expect(grid.inMap(cell)).toBe(true);
    });
  });
}
