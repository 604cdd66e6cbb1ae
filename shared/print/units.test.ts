import { describe, expect, it } from 'vitest';
import { mmToPt, parseLength, parsePaper, toMm } from './units.js';
import { rowLetters, tileLabel } from './labels.js';
import { groupThousands, mapScale } from './scale.js';

describe('print units', () => {
  it('1 pt is 1/72 inch, so 25.4 mm is 72 pt and 210 mm is 595.2756 pt', () => {
    expect(mmToPt(25.4)).toBe(72);
    expect(mmToPt(210)).toBeCloseTo(595.2756, 4);
  });

  it('reads cell sizes written as 10cm, 4 in, 12.5mm', () => {
    expect(parseLength('10cm')).toEqual({ value: 10, unit: 'cm' });
    expect(toMm(parseLength('4 in')!)).toBeCloseTo(101.6, 12);
    expect(parseLength('12.5mm')).toEqual({ value: 12.5, unit: 'mm' });
    expect(parseLength('ten cm')).toBeNull();
    expect(parseLength('10')).toBeNull();
  });

  it('reads named papers and custom WxH sizes', () => {
    expect(parsePaper('a3')).toEqual({ name: 'A3' });
    const poster = parsePaper('24x36in') as { width: number; height: number };
    expect(poster.width).toBeCloseTo(609.6, 9);
    expect(poster.height).toBeCloseTo(914.4, 9);
    expect(parsePaper('600x900mm')).toEqual({ width: 600, height: 900 });
    expect(parsePaper('B5')).toBeNull();
  });

  it('tile rows are lettered A…Z then AA, AB', () => {
    expect(rowLetters(0)).toBe('A');
    expect(rowLetters(25)).toBe('Z');
    expect(rowLetters(26)).toBe('AA');
    expect(tileLabel(1, 2)).toBe('B3');
  });

  it('the scale ratio is ground distance over printed size (4 in per 40 km ≈ 1:393,701)', () => {
    expect(groupThousands(1234567)).toBe('1,234,567');
    expect(mapScale(40, 101.6, '4 in').text).toBe('40 km per cell (4 in) = 1:393,701');
  });
});
