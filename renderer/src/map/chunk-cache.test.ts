import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChunkCache } from './chunk-cache.js';
import { chunkRanges, chunkRect } from './chunks.js';
import { buildMapModel } from './model.js';
import { GRID_KINDS, scenarioWithGrid } from './testing.js';
import { intersects } from './viewport.js';

describe('the chunk cache', () => {
  // The map asks how many chunks are in view on every view change (over 300: the overview is
  // shown instead of tiles), so it looks only at the chunks round the view: the answer must be
  // the count over every chunk of the map, for every grid kind and any rectangle, in or out of it.
  it('counts and lists the chunks reaching into a rectangle as a look at every chunk does', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GRID_KINDS),
        fc.integer({ min: 1, max: 80 }),
        fc.integer({ min: 1, max: 80 }),
        fc.record({ x: fc.integer({ min: -2000, max: 9000 }), y: fc.integer({ min: -2000, max: 9000 }), width: fc.integer({ min: 1, max: 9000 }), height: fc.integer({ min: 1, max: 9000 }) }),
        fc.integer({ min: 0, max: 30 }),
        (grid, cols, rows, rect, atMost) => {
          const model = buildMapModel(scenarioWithGrid(grid, cols, rows));
          const cache = new ChunkCache(100);
          cache.reset(model);
          const all = chunkRanges(model).map((r) => chunkRect(model, 100, r));
          const expected = all.filter((r) => intersects(r, rect)).length;
          expect(cache.countIn(rect)).toBe(expected);
          expect(cache.in(rect).length).toBe(expected);
          // With a cap, counting stops at the first chunk past it.
          expect(cache.countIn(rect, atMost)).toBe(Math.min(expected, atMost + 1));
        },
      ),
      { numRuns: 200 },
    );
  });
});
