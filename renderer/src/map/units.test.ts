import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stackLayout } from './units.js';

describe('counter stack layout', () => {
  it('keeps up to 3 counters per side apart and inside the cell, one row per side', () => {
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
        // Each side keeps its own row.
        const rows = new Set(slots.map((s) => `${s.side}:${s.y.toFixed(6)}`));
        expect(rows.size).toBe((a > 0 ? 1 : 0) + (b > 0 ? 1 : 0));
      }),
    );
  });

  it('a lone counter is drawn large enough to read (over a third of the cell)', () => {
    const [only] = stackLayout(0, 0, 100, [1, 0]);
    expect(only!.size).toBeGreaterThan(33);
  });
});
