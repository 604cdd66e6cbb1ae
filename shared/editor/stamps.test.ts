import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { newStampSeed, pickStamp, stampFitProblem } from './stamps.js';

describe('which maps a stamp fits', () => {
  it('fits a map of the grid it was made on, and nothing else, saying why', () => {
    expect(stampFitProblem('Village', 'hex-flat', 'hex-flat')).toBeNull();
    expect(stampFitProblem('Village', 'square', 'square')).toBeNull();
    expect(stampFitProblem('Village', 'hex-flat', 'hex-pointy')).toBe(
      '“Village” was made on a map of flat-top hexes; this map has pointy-top hexes. A stamp is used on maps of the grid it was made on.',
    );
    expect(stampFitProblem('Forest edge', 'square', 'hex-flat')).toMatch(/made on a map of squares; this map has flat-top hexes/);
    expect(stampFitProblem('Farm', 'square', 'brick')).toMatch(/this map has offset squares/);
    expect(stampFitProblem('Farm', 'square', null)).toMatch(/network of positions/);
  });
});

describe('random choice among stamps', () => {
  it('depends only on the seed and the cell: the same stroke puts down the same stamps', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.array(fc.tuple(fc.nat(2000), fc.nat(2000)), { maxLength: 30 }), fc.integer({ min: 1, max: 9 }), (seed, cells, n) => {
        const a = cells.map(([c, r]) => pickStamp(seed, c, r, n));
        const b = cells.map(([c, r]) => pickStamp(seed, c, r, n));
        expect(a).toEqual(b);
        for (const k of a) expect(k >= 0 && k < n && Number.isInteger(k)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('uses every stamp over a stroke, about as often each, and another seed gives another stroke', () => {
    const counts = [0, 0, 0];
    const strokeA: number[] = [];
    const strokeB: number[] = [];
    for (let col = 0; col < 60; col++)
      for (let row = 0; row < 50; row++) {
        const k = pickStamp(42, col, row, 3);
        counts[k]!++;
        if (row === 0) {
          strokeA.push(k);
          strokeB.push(pickStamp(43, col, row, 3));
        }
      }
    for (const c of counts) expect(c).toBeGreaterThan(800); // 1000 each if even
    expect(strokeA).not.toEqual(strokeB);
  });

  it('one stamp is always the one; none is an error', () => {
    expect(pickStamp(7, 3, 4, 1)).toBe(0);
    expect(() => pickStamp(7, 3, 4, 0)).toThrow(/no stamps/);
  });

  it('makes 32-bit seeds', () => {
    expect(newStampSeed(() => 0)).toBe(0);
    expect(newStampSeed(() => 0.999999999)).toBeLessThanOrEqual(0xffffffff);
  });
});
