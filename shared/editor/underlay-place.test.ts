import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calibrate, fitOverMap, imageToMap, mapToImage } from './underlay.js';

const point = fc.record({ x: fc.double({ min: -500, max: 5000, noNaN: true }), y: fc.double({ min: -500, max: 5000, noNaN: true }) });

describe('underlay placement', () => {
  it('two-point calibration puts both picked picture points on their map points', () => {
    fc.assert(
      fc.property(point, point, point, point, (a, b, m, n) => {
        fc.pre(Math.hypot(a.x - b.x, a.y - b.y) > 10 && Math.hypot(m.x - n.x, m.y - n.y) > 1);
        const u = calibrate([a, b], [m, n]);
        for (const [img, map] of [[a, m], [b, n]] as const) {
          const got = imageToMap(u, img);
          expect(got.x).toBeCloseTo(map.x, 6);
          expect(got.y).toBeCloseTo(map.y, 6);
        }
        expect(u.rotation).toBeGreaterThanOrEqual(-180);
        expect(u.rotation).toBeLessThanOrEqual(180);
      }),
      { numRuns: 200 },
    );
  });

  it('map to picture undoes picture to map', () => {
    fc.assert(
      fc.property(point, fc.double({ min: 0.001, max: 10, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }), point, (o, scale, rotation, p) => {
        const u = { x: o.x, y: o.y, scale, rotation };
        const back = mapToImage(u, imageToMap(u, p));
        expect(back.x).toBeCloseTo(p.x, 5);
        expect(back.y).toBeCloseTo(p.y, 5);
      }),
      { numRuns: 200 },
    );
  });

  it('a scan turned 90° clockwise and twice the size is found as such', () => {
    // Picture x runs down the map: image (0,0) → (10,0), (100,0) → (10,20).
    const u = calibrate([{ x: 0, y: 0 }, { x: 100, y: 0 }], [{ x: 10, y: 0 }, { x: 10, y: 20 }]);
    expect(u.rotation).toBeCloseTo(90, 9);
    expect(u.scale).toBeCloseTo(0.2, 9);
    expect([u.x, u.y]).toEqual([10, 0]);
  });

  it('points too close to tell apart are refused in words', () => {
    expect(() => calibrate([{ x: 5, y: 5 }, { x: 6, y: 5 }], [{ x: 0, y: 0 }, { x: 3, y: 3 }])).toThrow(/picture are too close/);
    expect(() => calibrate([{ x: 5, y: 5 }, { x: 600, y: 5 }], [{ x: 3, y: 3 }, { x: 3, y: 3 }])).toThrow(/map are the same/);
  });

  it('a first placement fits the picture over the map, centred', () => {
    expect(fitOverMap(1000, 500, { width: 20, height: 20 })).toEqual({ x: 0, y: 5, scale: 0.02, rotation: 0 });
  });
});
