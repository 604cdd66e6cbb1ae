import { describe, expect, it } from 'vitest';
import { countPlaywright, countVitest, formatTotals } from './test-report.js';

describe('test summary', () => {
  it('counts vitest results, with todo tests as skipped', () => {
    expect(countVitest({ numPassedTests: 10, numFailedTests: 2, numPendingTests: 1, numTodoTests: 1 })).toEqual({ passed: 10, failed: 2, skipped: 2 });
  });

  it('counts flaky Playwright tests as passed and errors outside tests as failures', () => {
    expect(countPlaywright({ stats: { expected: 4, unexpected: 1, flaky: 1, skipped: 1 }, errors: [{ message: 'web server' }] })).toEqual({ passed: 5, failed: 2, skipped: 1 });
  });

  it('reads a missing or garbled report as zero rather than crashing', () => {
    expect(countPlaywright(null)).toEqual({ passed: 0, failed: 0, skipped: 0 });
    expect(countVitest('nonsense')).toEqual({ passed: 0, failed: 0, skipped: 0 });
  });

  it('mentions skipped tests only when there are some', () => {
    expect(formatTotals({ passed: 3, failed: 0, skipped: 0 })).toBe('3 passed, 0 failed');
    expect(formatTotals({ passed: 3, failed: 1, skipped: 2 })).toBe('3 passed, 1 failed, 2 skipped');
  });
});
