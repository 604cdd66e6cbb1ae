import { describe, expect, it } from 'vitest';
import { createGrid } from '../grid/index.js';
import { neighbourIndices, neighbourTable } from './neighbours.js';
import { GRID_CASES } from './testing.js';

describe('neighbour lookup by index', () => {
  for (const c of GRID_CASES) {
    it(`${c.name}: gives the same neighbours, in the same order, as the grid, border cells included`, () => {
      for (const [cols, rows] of [[7, 6], [1, 5], [4, 1]] as const) {
        const grid = createGrid({ ...c.grid, cols, rows });
        const table = neighbourTable(grid);
        const out = new Int32Array(8);
        for (let i = 0; i < grid.cellCount; i++) {
          const n = neighbourIndices(grid, table, i, out);
          expect([...out.subarray(0, n)]).toEqual(grid.neighbours(grid.cellAt(i)).map((x) => grid.index(x)));
        }
      }
    });
  }
});
