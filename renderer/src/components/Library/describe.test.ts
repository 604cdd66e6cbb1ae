import { describe, expect, it } from 'vitest';
import { gridText, relativeTime, sidesText } from './describe.js';

describe('library texts', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  it('last-edited times read as people say them, then fall back to the date', () => {
    expect(relativeTime(now - 10_000, now)).toBe('just now');
    expect(relativeTime(now - 5 * 60_000, now)).toBe('5 min ago');
    expect(relativeTime(now - 3 * 3_600_000, now)).toBe('3 h ago');
    expect(relativeTime(now - 26 * 3_600_000, now)).toBe('yesterday');
    expect(relativeTime(now - 4 * 86_400_000, now)).toBe('4 days ago');
    expect(relativeTime(now - 40 * 86_400_000, now)).toMatch(/2026/);
  });

  it('grid and sides lines name the grid kind, size and both sides', () => {
    expect(gridText({ gridKind: 'offsetSquare', cols: 12, rows: 10 })).toBe('Offset square · 12×10');
    expect(gridText({ gridKind: 'hex', cols: 7, rows: 7 })).toBe('Hex · 7×7');
    expect(sidesText({ sides: ['Germans', 'Soviets'] })).toBe('Germans vs Soviets');
  });
});
