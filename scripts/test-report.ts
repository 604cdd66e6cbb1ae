// Reads test counts out of the JSON reports vitest and Playwright write.

export interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}

function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/**
 * vitest's json reporter (Jest-compatible fields). A test file that fails to load (an import
 * that does not resolve, a syntax error) has no tests to fail: its entry in `testResults` is
 * failed with no failed assertion, and it counts as one failure.
 */
export function countVitest(report: unknown): Totals {
  const r = (report ?? {}) as Record<string, unknown>;
  const files = Array.isArray(r.testResults) ? (r.testResults as unknown[]) : [];
  const unloaded = files.filter((f) => {
    const file = (f ?? {}) as { status?: unknown; assertionResults?: unknown };
    const assertions = Array.isArray(file.assertionResults) ? (file.assertionResults as { status?: unknown }[]) : [];
    return file.status === 'failed' && !assertions.some((a) => a?.status === 'failed');
  }).length;
  return {
    passed: num(r.numPassedTests),
    failed: num(r.numFailedTests) + unloaded,
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
