import { describe, expect, it } from 'vitest';
import { confidenceAtLeast, histogram, niceBucketWidth, rate, summarize, wilson } from './stats.js';

describe('Wilson score interval (95%)', () => {
  it('gives the textbook interval for 5 successes in 10 trials', () => {
    const { low, high } = wilson(5, 10);
    expect(low).toBeCloseTo(0.2366, 4);
    expect(high).toBeCloseTo(0.7634, 4);
  });

  it('starts at 0 for no successes and reaches z²/(n+z²) above', () => {
    const { low, high } = wilson(0, 10);
    expect(low).toBe(0);
    expect(high).toBeCloseTo(0.2775, 4);
  });

  it('is the mirror image for all successes', () => {
    const { low, high } = wilson(10, 10);
    expect(low).toBeCloseTo(0.7225, 4);
    expect(high).toBe(1);
  });

  it('narrows around the observed rate as trials grow (81 of 263)', () => {
    const { low, high } = wilson(81, 263);
    expect(low).toBeCloseTo(0.2553, 3);
    expect(high).toBeCloseTo(0.3662, 3);
    const wide = wilson(8, 26);
    expect(wide.high - wide.low).toBeGreaterThan(high - low);
  });

  it('is uninformative with no trials and refuses impossible counts', () => {
    expect(wilson(0, 0)).toEqual({ low: 0, high: 1 });
    expect(() => wilson(11, 10)).toThrow(RangeError);
  });

  it('rate() pairs the proportion with its interval', () => {
    const r = rate(3, 4);
    expect(r.rate).toBe(0.75);
    expect(r.ci95).toEqual(wilson(3, 4));
  });
});

describe('histogram buckets', () => {
  it('aligns buckets on multiples of the width, lower bound inclusive', () => {
    expect(histogram([-7, -5, -1, 0, 4, 5, 12], 5)).toEqual([
      { from: -10, to: -5, count: 1 },
      { from: -5, to: 0, count: 2 },
      { from: 0, to: 5, count: 2 },
      { from: 5, to: 10, count: 1 },
      { from: 10, to: 15, count: 1 },
    ]);
  });

  it('keeps empty buckets between the extremes and counts every value once', () => {
    const values = [0, 0, 30];
    const h = histogram(values, 10);
    expect(h.map((b) => b.count)).toEqual([2, 0, 0, 1]);
    expect(h.reduce((t, b) => t + b.count, 0)).toBe(values.length);
  });

  it('is empty for no values and refuses a non-positive width', () => {
    expect(histogram([], 5)).toEqual([]);
    expect(() => histogram([1], 0)).toThrow(RangeError);
  });

  it('picks round widths for about the requested number of buckets', () => {
    expect(niceBucketWidth([-40, 60], 10)).toBe(10);
    expect(niceBucketWidth([0, 23], 12)).toBe(2);
    expect(niceBucketWidth([3, 3])).toBe(1);
  });
});

describe('summary statistics', () => {
  it('uses the sample standard deviation', () => {
    const s = summarize([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(s.mean).toBe(5);
    expect(s.sd).toBeCloseTo(2.138, 3);
    expect(s.min).toBe(2);
    expect(s.max).toBe(9);
  });

  it('is all zeros for no values', () => {
    expect(summarize([])).toEqual({ count: 0, mean: 0, sd: 0, min: 0, max: 0 });
  });
});

describe('confidence that a rate is at least a bar (exact one-sided binomial)', () => {
  it('30 wins of 30 make a 90% bar 95.8% sure (1 − 0.9³⁰), 28 of 28 not quite 95%', () => {
    expect(confidenceAtLeast(30, 30, 0.9)).toBeCloseTo(1 - 0.9 ** 30, 12);
    expect(confidenceAtLeast(30, 30, 0.9)).toBeGreaterThan(0.95);
    expect(confidenceAtLeast(28, 28, 0.9)).toBeLessThan(0.95);
  });

  it('matches the binomial tail worked by hand: 39 of 40 against 90% is 1 − 0.9³⁹ · 4.9', () => {
    expect(confidenceAtLeast(39, 40, 0.9)).toBeCloseTo(1 - 0.9 ** 39 * 4.9, 12);
  });

  it('a rate at the bar proves nothing: 90 of 100 against 90% is under one half', () => {
    expect(confidenceAtLeast(90, 100, 0.9)).toBeLessThan(0.5);
    expect(confidenceAtLeast(96, 100, 0.9)).toBeCloseTo(0.9763, 3);
    expect(confidenceAtLeast(0, 10, 0.5)).toBe(0);
  });

  it('grows with the wins and with the number of trials at the same rate', () => {
    expect(confidenceAtLeast(58, 60, 0.9)).toBeGreaterThan(confidenceAtLeast(57, 60, 0.9));
    expect(confidenceAtLeast(190, 200, 0.9)).toBeGreaterThan(confidenceAtLeast(19, 20, 0.9));
  });

  it('refuses counts and bars that are not counts and rates', () => {
    expect(() => confidenceAtLeast(11, 10, 0.9)).toThrow(RangeError);
    expect(() => confidenceAtLeast(5, 10, 1)).toThrow(RangeError);
  });
});
