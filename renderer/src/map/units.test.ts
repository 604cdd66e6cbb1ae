import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stackLayout } from './units.js';

describe('counter stack layout', () => {
  it('keeps up to 3 counters per side apart and inside the cell, each side in its own rows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 40, max: 200 }), (a, b, cell) => {
        const slots = stackLayout(0, 0, cell, [a, b]);
        expect(slots).toHaveLength(a + b);
        for (const s of slots) {
          expect(Math.abs(s.x) + s.size / 2).toBeLessThanOrEqual(cell * 0.4 + 1e-9);
          expect(Math.abs(s.y) + s.size / 2).toBeLessThanOrEqual(cell * 0.4 + 1e-9);
        }
        for (const p of slots)
          for (const q of slots) {
            if (p === q) continue;
            const apart = Math.abs(p.x - q.x) >= p.size - 1e-9 || Math.abs(p.y - q.y) >= p.size - 1e-9;
            expect(apart).toBe(true);
          }
        // Sides never share a row, and every counter of a side has its own index.
        const sideOfRow = new Map<string, number>();
        for (const s of slots) {
          const y = s.y.toFixed(6);
          expect(sideOfRow.get(y) ?? s.side).toBe(s.side);
          sideOfRow.set(y, s.side);
        }
        for (const [side, n] of [a, b].entries()) expect(slots.filter((s) => s.side === side).map((s) => s.index).sort()).toEqual([...Array(n).keys()]);
      }),
    );
  });

  it('a lone counter is drawn large enough to read (over a third of the cell), a lone stack of 3 near it', () => {
    const [only] = stackLayout(0, 0, 100, [1, 0]);
    expect(only!.size).toBeGreaterThan(33);
    expect(stackLayout(0, 0, 100, [0, 3])[0]!.size).toBeGreaterThan(30);
  });
});
