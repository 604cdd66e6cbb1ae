// Reads test counts out of the JSON reports vitest and Playwright write.

export interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}

function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** vitest's json reporter (Jest-compatible fields). */
export function countVitest(report: unknown): Totals {
  const r = (report ?? {}) as Record<string, unknown>;
  return {
    passed: num(r.numPassedTests),
    failed: num(r.numFailedTests),
    skipped: num(r.numPendingTests) + num(r.numTodoTests),
  };
}

/** Playwright's json reporter: flaky tests passed on a retry, so they count as passed. */
export function countPlaywright(report: unknown): Totals {
  const stats = ((report ?? {}) as { stats?: Record<string, unknown> }).stats ?? {};
  const errors = ((report ?? {}) as { errors?: unknown[] }).errors;
  return {
    passed: num(stats.expected) + num(stats.flaky),
    // Errors outside any test (config, web server, a file that fails to load) are failures too.
    failed: num(stats.unexpected) + (Array.isArray(errors) ? errors.length : 0),
    skipped: num(stats.skipped),
  };
}

export function formatTotals(t: Totals): string {
  return `${t.passed} passed, ${t.failed} failed${t.skipped ? `, ${t.skipped} skipped` : ''}`;
}
