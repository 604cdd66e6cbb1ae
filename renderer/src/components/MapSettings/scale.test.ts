import { describe, expect, it } from 'vitest';
import { scaleDenominator, scaleText } from './scale.js';

describe('map scale', () => {
  it('40 km on a 10 cm cell is 1:400,000', () => {
    expect(scaleDenominator({ value: 10, unit: 'cm' }, 40)).toBe(400_000);
    expect(scaleText({ value: 10, unit: 'cm' }, 40)).toBe('1:400,000');
  });
  it('reads millimetres and inches', () => {
    expect(scaleDenominator({ value: 16, unit: 'mm' }, 8)).toBe(500_000);
    expect(scaleDenominator({ value: 1, unit: 'in' }, 2.54)).toBe(100_000);
  });
  it('shows a dash for a zero size instead of infinity', () => {
    expect(scaleText({ value: 0, unit: 'cm' }, 10)).toBe('—');
  });
});
