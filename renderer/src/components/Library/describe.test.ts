import { describe, expect, it } from 'vitest';
import { checkBadge, gridText, relativeTime, sidesText, testPlayBlock } from './describe.js';

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
    expect(gridText({ gridKind: 'network', cols: 14, rows: 1 })).toBe('Network · 14 positions');
    expect(sidesText({ sides: ['Germans', 'Soviets'] })).toBe('Germans vs Soviets');
  });

  describe('check badge', () => {
    const base = { checkStatus: 'valid' as const, errorCount: 0, warningCount: 0, checkNotes: [] as string[] };

    it('a clean scenario is green and says Valid', () => {
      expect(checkBadge(base)).toMatchObject({ tone: 'ok', label: 'Valid' });
    });

    it('a scenario with only warnings is amber, counts them and lists the messages in the tooltip', () => {
      const badge = checkBadge({ ...base, warningCount: 2, checkNotes: ['Supply base inland', 'No tanks for the fuel shortage'] });
      expect(badge.tone).toBe('warn');
      expect(badge.label).toBe('2 warnings');
      expect(badge.tooltip).toContain('• Supply base inland');
      expect(badge.tooltip).toContain('• No tanks for the fuel shortage');
      expect(badge.tooltip).not.toMatch(/more/);
      expect(checkBadge({ ...base, warningCount: 1, checkNotes: ['x'] }).label).toBe('1 warning');
    });

    it('says how many more there are when the tooltip shows only the first few', () => {
      const badge = checkBadge({ ...base, warningCount: 7, checkNotes: ['a', 'b', 'c'] });
      expect(badge.tooltip).toMatch(/and 4 more/);
    });

    it('errors stay red and win over warnings', () => {
      const badge = checkBadge({ checkStatus: 'errors', errorCount: 1, warningCount: 3, checkNotes: ['Title is empty', 'a', 'b'] });
      expect(badge).toMatchObject({ tone: 'bad', label: '1 error' });
      expect(badge.tooltip.split('\n')[1]).toBe('• Title is empty');
      expect(badge.tooltip).toMatch(/and 1 more/);
    });
  });

  it('test-play is open to passing scenarios, warnings or not, and says why otherwise', () => {
    expect(testPlayBlock({ checkStatus: 'valid', errorCount: 0, trashedAt: null })).toBeNull();
    expect(testPlayBlock({ checkStatus: 'errors', errorCount: 2, trashedAt: null })).toMatch(/fix the 2 errors/);
    expect(testPlayBlock({ checkStatus: 'valid', errorCount: 0, trashedAt: 5 })).toMatch(/trash/);
  });
});
