import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitView, toMap, toScreen, visibleRect, zoomAt } from './viewport.js';

const limits = { min: 0.001, max: 100 };
const view = fc.record({
  scale: fc.double({ min: 0.01, max: 10, noNaN: true }),
  x: fc.double({ min: -5000, max: 5000, noNaN: true }),
  y: fc.double({ min: -5000, max: 5000, noNaN: true }),
});
const point = fc.record({ x: fc.double({ min: 0, max: 2000, noNaN: true }), y: fc.double({ min: 0, max: 2000, noNaN: true }) });

describe('viewport', () => {
  it('zooming keeps the map point under the cursor where it was', () => {
    fc.assert(
      fc.property(view, point, fc.double({ min: 0.2, max: 5, noNaN: true }), (v, at, factor) => {
        const before = toMap(v, at);
        const after = toScreen(zoomAt(v, factor, at, limits), before);
        expect(after.x).toBeCloseTo(at.x, 6);
        expect(after.y).toBeCloseTo(at.y, 6);
      }),
    );
  });

  it('zoom never leaves the allowed range', () => {
    fc.assert(
      fc.property(view, point, fc.double({ min: 1e-6, max: 1e6, noNaN: true }), (v, at, factor) => {
        const s = zoomAt(v, factor, at, limits).scale;
        expect(s).toBeGreaterThanOrEqual(limits.min);
        expect(s).toBeLessThanOrEqual(limits.max);
      }),
    );
  });

  it('fit to window shows the whole map inside the margin, centred', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 100000 }),
        fc.integer({ min: 10, max: 100000 }),
        fc.integer({ min: 200, max: 3000 }),
        fc.integer({ min: 200, max: 3000 }),
        (bw, bh, w, h) => {
          const bounds = { x: 0, y: 0, width: bw, height: bh };
          const v = fitView(bounds, w, h, 20, limits);
          const seen = visibleRect(v, w, h);
          expect(seen.x).toBeLessThanOrEqual(bounds.x + 1e-6);
          expect(seen.y).toBeLessThanOrEqual(bounds.y + 1e-6);
          expect(seen.x + seen.width).toBeGreaterThanOrEqual(bounds.x + bounds.width - 1e-6);
          expect(seen.y + seen.height).toBeGreaterThanOrEqual(bounds.y + bounds.height - 1e-6);
          const c = toScreen(v, { x: bw / 2, y: bh / 2 });
          expect(c.x).toBeCloseTo(w / 2, 6);
          expect(c.y).toBeCloseTo(h / 2, 6);
        },
      ),
    );
  });
});
