import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHUNK, bucketEdges, chunkRanges, chunkRect } from './chunks.js';
import { buildMapModel } from './model.js';
import { GRID_KINDS, scenarioWithGrid } from './testing.js';

describe('map chunks', () => {
  it('cover every cell exactly once', () => {
    fc.assert(
      fc.property(fc.constantFrom(...GRID_KINDS), fc.integer({ min: 1, max: 70 }), fc.integer({ min: 1, max: 70 }), (grid, cols, rows) => {
        const model = buildMapModel(scenarioWithGrid(grid, cols, rows));
        const seen = new Uint8Array(cols * rows);
        for (const r of chunkRanges(model)) {
          expect(r.c1 - r.c0).toBeLessThanOrEqual(CHUNK);
          expect(r.r1 - r.r0).toBeLessThanOrEqual(CHUNK);
          for (let row = r.r0; row < r.r1; row++) for (let col = r.c0; col < r.c1; col++) seen[row * cols + col]!++;
        }
        expect(seen.every((n) => n === 1)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it("a chunk's bounds contain every corner of its cells, so culling never hides a visible cell", () => {
    fc.assert(
      fc.property(fc.constantFrom(...GRID_KINDS), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 }), (grid, cols, rows) => {
        const model = buildMapModel(scenarioWithGrid(grid, cols, rows));
        for (const r of chunkRanges(model)) {
          const rect = chunkRect(model, 100, r);
          for (let row = r.r0; row < r.r1; row++)
            for (let col = r.c0; col < r.c1; col++)
              for (const p of model.grid.corners({ col, row }, 100)) {
                expect(p.x).toBeGreaterThanOrEqual(rect.x);
                expect(p.y).toBeGreaterThanOrEqual(rect.y);
                expect(p.x).toBeLessThanOrEqual(rect.x + rect.width);
                expect(p.y).toBeLessThanOrEqual(rect.y + rect.height);
              }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('each river, road and rail side is drawn by exactly one chunk', () => {
    fc.assert(
      fc.property(fc.constantFrom(...GRID_KINDS), fc.integer({ min: 2, max: 50 }), fc.integer({ min: 2, max: 50 }), fc.integer(), (grid, cols, rows, seed) => {
        const s = scenarioWithGrid(grid, cols, rows);
        const probe = buildMapModel(s).grid;
        const all = probe.allEdges();
        // A deterministic spread of sides, border sides included.
        const pick = all.filter((_, i) => (i * 2654435761 + seed) % 5 === 0);
        s.map.rivers = pick;
        s.map.roads = pick;
        const model = buildMapModel(s);
        const buckets = bucketEdges(model);
        for (const map of [buckets.rivers, buckets.roads]) {
          const drawn = [...map.values()].flat();
          expect(drawn.length).toBe(pick.length);
          expect(new Set(drawn)).toEqual(new Set(model.rivers));
        }
      }),
      { numRuns: 40 },
    );
  });
});
