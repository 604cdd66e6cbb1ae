// The terrain shape tools' cells on every grid kind: a line is unbroken from end to end; an
// ellipse holds both dragged cells, is symmetric about its box, and its outline is the filled
// shape's rim; Shift's circle is as tall as it is wide.
import { describe, expect, it } from 'vitest';
import { createGrid } from '../grid/index.js';
import { gridSpecOf } from '../format/defaults.js';
import { cellsInEllipse, cellsOnLine, ellipseBox } from './shapes.js';
import { GRID_CASES, blankScenario } from './testing.js';

const SIZE = 100;

for (const gc of GRID_CASES) {
  describe(gc.name, () => {
    const grid = createGrid(gridSpecOf(blankScenario(gc.grid, 30, 24)));
    const at = (i: number) => grid.cellAt(i);

    it('a line runs from cell to cell without a gap, both ends included', () => {
      const a = { col: 2, row: 3 };
      const b = { col: 19, row: 14 };
      const line = cellsOnLine(grid, a, b);
      expect(at(line[0]!)).toEqual(a);
      expect(at(line[line.length - 1]!)).toEqual(b);
      for (let k = 1; k < line.length; k++) expect(grid.adjacent(at(line[k - 1]!), at(line[k]!))).toBe(true);
      expect(new Set(line).size).toBe(line.length);
      expect(cellsOnLine(grid, a, a)).toEqual([grid.index(a)]);
    });

    it('a filled ellipse holds both dragged cells and its centre; the outline is its rim', () => {
      const a = { col: 4, row: 4 };
      const b = { col: 18, row: 13 };
      const filled = cellsInEllipse(grid, a, b, SIZE, { filled: true });
      const set = new Set(filled);
      expect(set.has(grid.index({ col: 11, row: 8 })) || set.has(grid.index({ col: 11, row: 9 }))).toBe(true);
      // It reaches across the whole box (the cells inside touch each of its sides).
      const box = ellipseBox(grid, a, b, SIZE);
      const cell = grid.cellBox(SIZE);
      const pts = filled.map((i) => grid.center(at(i), SIZE));
      expect(Math.min(...pts.map((p) => p.x))).toBeLessThan(box.x0 + cell.width);
      expect(Math.max(...pts.map((p) => p.x))).toBeGreaterThan(box.x1 - cell.width);
      expect(Math.min(...pts.map((p) => p.y))).toBeLessThan(box.y0 + cell.height);
      expect(Math.max(...pts.map((p) => p.y))).toBeGreaterThan(box.y1 - cell.height);
      // Corners of the box are out.
      expect(set.has(grid.index(a))).toBe(false);
      const outline = cellsInEllipse(grid, a, b, SIZE, { filled: false });
      expect(outline.length).toBeGreaterThan(10);
      expect(outline.length).toBeLessThan(filled.length);
      const rim = new Set(outline);
      for (const i of filled) {
        const outside = grid.sideDirections.some((d) => {
          const n = grid.step(at(i), d);
          return !n || !set.has(grid.index(n));
        });
        expect(rim.has(i)).toBe(outside);
      }
    });

    it('Shift makes a circle: as many cells across as down, grown towards the pointer', () => {
      const a = { col: 5, row: 5 };
      const circle = cellsInEllipse(grid, a, { col: 20, row: 8 }, SIZE, { filled: true, circle: true });
      const box = ellipseBox(grid, a, { col: 20, row: 8 }, SIZE, true);
      expect(box.x1 - box.x0).toBeCloseTo(box.y1 - box.y0, 6);
      const pts = circle.map((i) => grid.center(at(i), SIZE));
      const w = Math.max(...pts.map((p) => p.x)) - Math.min(...pts.map((p) => p.x));
      const h = Math.max(...pts.map((p) => p.y)) - Math.min(...pts.map((p) => p.y));
      expect(Math.abs(w - h)).toBeLessThan(grid.cellBox(SIZE).width * 1.01);
      // The box starts at a's side and grows right and down.
      expect(box.x0).toBeLessThan(grid.center(a, SIZE).x);
      expect(box.y0).toBeLessThan(grid.center(a, SIZE).y);
    });

    it('cells off the map are left out', () => {
      const line = cellsOnLine(grid, { col: -5, row: 2 }, { col: 3, row: 2 });
      for (const i of line) expect(grid.inMap(at(i))).toBe(true);
      const e = cellsInEllipse(grid, { col: -4, row: -4 }, { col: 4, row: 4 }, SIZE, { filled: true });
      expect(e.length).toBeGreaterThan(0);
      for (const i of e) expect(i).toBeGreaterThanOrEqual(0);
    });
  });
}
