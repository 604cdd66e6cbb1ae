import { describe, expect, it } from 'vitest';
import { readSideId, type SideIdParts } from '../../../shared/editor/edge-set.js';
import { createGrid } from '../../../shared/grid/index.js';
import type { CellGridSpec } from '../../../shared/grid/types.js';
import { GRID_KINDS } from './testing.js';
import { sideEnds } from './thumbnail.js';

describe('thumbnail rivers', () => {
  for (const kind of GRID_KINDS) {
    it(`puts every side's ends exactly where grid.edgeEndpoints does (${kind.kind} ${'orientation' in kind ? kind.orientation : ''} ${'offset' in kind ? kind.offset : ''} ${'adjacency' in kind ? kind.adjacency : ''})`, () => {
      const grid = createGrid({ ...kind, cols: 7, rows: 6 } as CellGridSpec);
      for (const size of [100, 37.5]) {
        const ends = sideEnds(grid, size);
        // Every direction a cell owns has its ends, so no side falls back to the slow path.
        expect(ends.size).toBe(grid.ownedDirections.length);
        const id: SideIdParts = { col: 0, row: 0, dir: 0 };
        let checked = 0;
        // The sides of every cell, the map's outer sides (owned by cells off the map) among them.
        for (let row = 0; row < 6; row++)
          for (let col = 0; col < 7; col++)
            for (const d of grid.sideDirections) {
              const e = grid.edgeOf({ col, row }, d)!;
              expect(readSideId(e, id)).toBe(true);
              const [a, b] = ends.get(id.dir)!;
              const cx = grid.centerX(id.col, id.row, size);
              const cy = grid.centerY(id.col, id.row, size);
              const [p, q] = grid.edgeEndpoints(e, size);
              expect([cx + a.x, cy + a.y, cx + b.x, cy + b.y]).toEqual([p.x, p.y, q.x, q.y]);
              checked++;
            }
        expect(checked).toBe(7 * 6 * grid.sideDirections.length);
      }
    });
  }
});
