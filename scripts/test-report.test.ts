import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countPlaywright, countVitest, formatTotals } from './test-report.js';

describe('test summary', () => {
  it('counts vitest results, with todo tests as skipped', () => {
    expect(countVitest({ numPassedTests: 10, numFailedTests: 2, numPendingTests: 1, numTodoTests: 1 })).toEqual({ passed: 10, failed: 2, skipped: 2 });
  });

  it('counts a test file that fails to load as a failure, once, beside its failed tests', () => {
    const report = {
      numPassedTests: 3,
      numFailedTests: 1,
      testResults: [
        { name: 'a.test.ts', status: 'passed', assertionResults: [{ status: 'passed' }, { status: 'passed' }] },
        { name: 'b.test.ts', status: 'failed', assertionResults: [{ status: 'passed' }, { status: 'failed' }] },
        { name: 'c.test.ts', status: 'failed', message: 'Failed to load url ./gone.js', assertionResults: [] },
      ],
    };
    expect(countVitest(report)).toEqual({ passed: 3, failed: 2, skipped: 0 });
  });

  it("reads vitest's own report of a run where one file imports what is missing and one does not parse", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gf-report-'));
    try {
      writeFileSync(path.join(dir, 'good.test.js'), "it('adds', () => { expect(1 + 1).toBe(2); });\n");
      writeFileSync(path.join(dir, 'missing.test.js'), "import { gone } from './gone.js';\nit('never runs', () => { expect(gone).toBe(1); });\n");
      writeFileSync(path.join(dir, 'syntax.test.js'), "it('never parses', () => {\n");
      const out = path.join(dir, 'report.json');
      const vitest = path.join(import.meta.dirname, '..', 'node_modules', 'vitest', 'vitest.mjs');
      const run = spawnSync(process.execPath, [vitest, 'run', '--root', dir, '--globals', '--reporter=json', `--outputFile=${out}`], { encoding: 'utf8', timeout: 60_000 });
      expect(run.status).toBe(1);
      expect(countVitest(JSON.parse(readFileSync(out, 'utf8')))).toEqual({ passed: 1, failed: 2, skipped: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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
