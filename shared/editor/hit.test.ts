import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGrid, type Cell } from '../grid/index.js';
import { brushFootprint, cellsAlongStroke, cellsInBrush, cellsInRect, edgeUnderPointer, edgesAlongPointer, floodRegion } from './hit.js';
import { GRID_CASES } from './testing.js';

const SIZE = 40;
const TOL = SIZE * 0.2;
const gridOf = (c: (typeof GRID_CASES)[number], cols = 9, rows = 8) => createGrid({ ...c.grid, cols, rows });
const mid = (a: { x: number; y: number }, b: { x: number; y: number }) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

describe('edgeUnderPointer', () => {
  for (const c of GRID_CASES) {
    describe(c.name, () => {
      const grid = gridOf(c);
      it('picks each side of a cell at its midpoint and a little inside the cell', () => {
        const cell = { col: 4, row: 4 };
        const centre = grid.center(cell, SIZE);
        for (const d of grid.sideDirections) {
          const edge = grid.edgeOf(cell, d)!;
          const [p, q] = grid.edgeEndpoints(edge, SIZE);
          const m = mid(p, q);
          expect(edgeUnderPointer(grid, m, SIZE, TOL), `${d} midpoint`).toBe(edge);
          // A few pixels towards the centre is still that side.
          const len = Math.hypot(centre.x - m.x, centre.y - m.y);
          const inside = { x: m.x + ((centre.x - m.x) / len) * TOL * 0.5, y: m.y + ((centre.y - m.y) / len) * TOL * 0.5 };
          expect(edgeUnderPointer(grid, inside, SIZE, TOL), `${d} inside`).toBe(edge);
        }
      });

      it('picks nothing near a cell’s centre', () => {
        expect(edgeUnderPointer(grid, grid.center({ col: 4, row: 4 }, SIZE), SIZE, TOL)).toBeNull();
      });

      it('picks a border side of the map (owned by a cell outside it)', () => {
        const corner = { col: 0, row: 0 };
        for (const d of grid.sideDirections) {
          const edge = grid.edgeOf(corner, d)!;
          const [a, b] = grid.edgeCells(edge);
          if (grid.inMap(a) && grid.inMap(b)) continue;
          const [p, q] = grid.edgeEndpoints(edge, SIZE);
          expect(edgeUnderPointer(grid, mid(p, q), SIZE, TOL)).toBe(edge);
        }
      });

      it('a drag across a row of cells passes each side between them once, in order', () => {
        const a = { col: 2, row: 4 };
        const b = grid.step(grid.step(a, grid.sideDirections[1]!)!, grid.sideDirections[1]!)!;
        const from = grid.center(a, SIZE);
        const to = grid.center(b, SIZE);
        const path = grid.line(a, b);
        const crossed = grid.edgesAlongPath(path);
        expect(edgesAlongPointer(grid, from, to, SIZE, TOL).filter((e) => crossed.includes(e))).toEqual(crossed);
      });
    });
  }
});

describe('cellsInBrush', () => {
  const expected: Record<string, [number, number]> = {
    hex: [7, 19],
    square4: [5, 13],
    square8: [9, 25],
    offsetSquare: [7, 19],
  };
  for (const c of GRID_CASES) {
    const key = c.grid.kind === 'square' ? `square${c.grid.adjacency}` : c.grid.kind;
    it(`${c.name}: brush sizes 1, 2, 3 cover 1, ${expected[key]!.join(', ')} cells away from the border`, () => {
      const grid = gridOf(c);
      const cell = { col: 4, row: 4 };
      expect(cellsInBrush(grid, cell, 0)).toEqual([grid.index(cell)]);
      expect(cellsInBrush(grid, cell, 1)).toHaveLength(expected[key]![0]);
      expect(cellsInBrush(grid, cell, 2)).toHaveLength(expected[key]![1]);
    });

    it(`${c.name}: the brush is exactly the in-map cells within its radius (any cell, any radius)`, () => {
      const grid = gridOf(c, 7, 6);
      fc.assert(
        fc.property(fc.integer({ min: -2, max: 8 }), fc.integer({ min: -2, max: 7 }), fc.integer({ min: 0, max: 3 }), (col, row, r) => {
          const centre = { col, row };
          const want: number[] = [];
          for (let i = 0; i < grid.cellCount; i++) if (grid.distance(centre, grid.cellAt(i)) <= r) want.push(i);
          expect(cellsInBrush(grid, centre, r).sort((a, b) => a - b)).toEqual(want);
        }),
        { numRuns: 60 },
      );
    });
  }

  it('a stroke between two pointer samples leaves no gap', () => {
    const grid = createGrid({ kind: 'hex', cols: 20, rows: 10 });
    const cells = new Set(cellsAlongStroke(grid, { col: 1, row: 1 }, { col: 15, row: 7 }, 0));
    for (const c of grid.line({ col: 1, row: 1 }, { col: 15, row: 7 })) expect(cells.has(grid.index(c))).toBe(true);
  });
});

describe('cellsInRect', () => {
  it('covers the rectangle between two corners in either order, clipped to the map', () => {
    const grid = createGrid({ kind: 'square', cols: 5, rows: 4 });
    expect(cellsInRect(grid, { col: 3, row: 2 }, { col: 1, row: 1 })).toEqual([6, 7, 8, 11, 12, 13]);
    expect(cellsInRect(grid, { col: -5, row: 3 }, { col: 1, row: 9 })).toEqual([15, 16]);
  });
});

describe('floodRegion', () => {
  const grid = createGrid({ kind: 'square', cols: 5, rows: 5 });
  // A ring of 1s around the centre cell, 0 elsewhere.
  const values = new Uint8Array(25);
  for (const c of [6, 7, 8, 11, 13, 16, 17, 18]) values[c] = 1;

  it('fills the connected same-value region and stops at other values', () => {
    const r = floodRegion(grid, values, { col: 0, row: 0 });
    expect(r.cells).toHaveLength(16);
    expect(r.cells).not.toContain(12);
    expect(floodRegion(grid, values, { col: 2, row: 2 }).cells).toEqual([12]);
  });

  it('stops at the limit and says so', () => {
    const r = floodRegion(grid, values, { col: 0, row: 0 }, { limit: 5 });
    expect(r.cells).toHaveLength(5);
    expect(r.truncated).toBe(true);
  });

  it('does not cross blocked sides', () => {
    const blocked = new Set<string>();
    // A wall between columns 0 and 1 on every row.
    for (let row = 0; row < 5; row++) blocked.add(grid.edgeBetween({ col: 0, row }, { col: 1, row })!);
    const open = new Uint8Array(25);
    expect(floodRegion(grid, open, { col: 0, row: 0 }, { blocked }).cells.sort((a, b) => a - b)).toEqual([0, 5, 10, 15, 20]);
  });

  it('on an 8-way grid a diagonal step does not squeeze past a blocked side', () => {
    const g8 = createGrid({ kind: 'square', adjacency: 8, cols: 2, rows: 2 });
    const blocked = new Set([g8.edgeBetween({ col: 0, row: 0 }, { col: 1, row: 0 })!, g8.edgeBetween({ col: 0, row: 0 }, { col: 0, row: 1 })!]);
    const start: Cell = { col: 0, row: 0 };
    expect(floodRegion(g8, new Uint8Array(4), start, { blocked }).cells).toEqual([0]);
  });

  it('a start off the map gives nothing', () => {
    expect(floodRegion(grid, values, { col: 9, row: 0 }).cells).toEqual([]);
  });
});

describe('brushFootprint: what the brush control says it paints', () => {
  const kinds = [
    { name: 'flat-top hex', spec: { kind: 'hex', orientation: 'flat', offset: 'odd', adjacency: 4 }, cells: [1, 7, 19], shape: 'a hex 5 cells across' },
    { name: 'pointy-top hex', spec: { kind: 'hex', orientation: 'pointy', offset: 'even', adjacency: 4 }, cells: [1, 7, 19], shape: 'a hex 5 cells across' },
    { name: '4-way square', spec: { kind: 'square', orientation: 'flat', offset: 'odd', adjacency: 4 }, cells: [1, 5, 13], shape: 'a diamond 5 cells across' },
    { name: '8-way square', spec: { kind: 'square', orientation: 'flat', offset: 'odd', adjacency: 8 }, cells: [1, 9, 25], shape: 'a 5 × 5 square' },
    { name: 'offset square', spec: { kind: 'offsetSquare', orientation: 'flat', offset: 'odd', adjacency: 4 }, cells: [1, 7, 19], shape: 'a patch 5 cells across' },
  ] as const;
  for (const k of kinds) {
    it(`on a ${k.name} grid sizes 1, 2, 3 paint ${k.cells.join(', ')} cells, as a dab in the middle of a map does`, () => {
      const grid = createGrid({ ...k.spec, cols: 15, rows: 15 });
      for (const size of [1, 2, 3]) {
        const f = brushFootprint(k.spec, size);
        expect(f.cells).toBe(k.cells[size - 1]);
        expect(cellsInBrush(grid, { col: 7, row: 7 }, size - 1)).toHaveLength(f.cells!);
        expect(cellsInBrush(grid, { col: 6, row: 6 }, size - 1)).toHaveLength(f.cells!);
      }
      expect(brushFootprint(k.spec, 3).shape).toBe(k.shape);
      expect(brushFootprint(k.spec, 1)).toEqual({ cells: 1, across: 1, shape: 'one cell' });
    });
  }
  it('on a network the brush says it takes the positions within its size in links, as cellsInBrush does', () => {
    const spec = { kind: 'network', orientation: 'flat', offset: 'odd', adjacency: 4 } as const;
    expect(brushFootprint(spec, 1)).toEqual({ cells: null, across: 1, shape: 'one position' });
    expect(brushFootprint(spec, 2).shape).toBe('a position and every position within 1 link of it');
    expect(brushFootprint(spec, 3)).toMatchObject({ cells: null, shape: 'a position and every position within 2 links of it' });
  });
});
