import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkRanges, chunkRect } from './chunks.js';
import { buildMapModel } from './model.js';
import { chunkLattice, tooManyChunks } from './overview.js';
import { GRID_KINDS, scenarioWithGrid } from './testing.js';
import { intersects } from './viewport.js';

describe('too many chunks in view (the overview test of every pan and zoom frame)', () => {
  it('decides as counting every chunk does, for every grid kind, view and limit', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GRID_KINDS),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 200 }),
        fc.record({ x: fc.integer({ min: -3000, max: 20000 }), y: fc.integer({ min: -3000, max: 20000 }), width: fc.integer({ min: 1, max: 22000 }), height: fc.integer({ min: 1, max: 22000 }) }),
        fc.integer({ min: 1, max: 150 }),
        (grid, cols, rows, view, limit) => {
          const model = buildMapModel(scenarioWithGrid(grid, cols, rows));
          const exact = chunkRanges(model).filter((r) => intersects(chunkRect(model, 100, r), view)).length;
          expect(tooManyChunks(chunkLattice(model, 100), view, limit, 100, () => exact)).toBe(exact > limit);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('does not count chunk by chunk when the view holds clearly more or clearly fewer than the limit', () => {
    const model = buildMapModel(scenarioWithGrid(GRID_KINDS[0], 1024, 1024));
    const lattice = chunkLattice(model, 100);
    expect(lattice).not.toBeNull();
    const b = model.grid.bounds(100);
    let counted = 0;
    const count = () => {
      counted++;
      return 0;
    };
    // The whole 1024×1024 map (4096 chunks) from far out, and a working view of a few chunks.
    expect(tooManyChunks(lattice, { x: b.x - 500, y: b.y - 500, width: b.width + 1000, height: b.height + 1000 }, 300, 100, count)).toBe(true);
    expect(tooManyChunks(lattice, { x: 40000, y: 40000, width: 4400, height: 2800 }, 300, 100, count)).toBe(false);
    expect(counted).toBe(0);
  });
});
