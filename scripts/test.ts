// `npm test`: every check the project has, in order, stopping at the first stage that
// fails, and always ending with one line "N passed, N failed[, N skipped]" that sums the
// unit (vitest) and end-to-end (Playwright) JSON reports. A stage that fails before the
// tests run (generated code, types, build) counts as one failure, so the line never
// claims success for a run that stopped early.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countPlaywright, countVitest, formatTotals, type Totals } from './test-report.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
const unitReport = path.join(results, 'unit.json');
const e2eReport = path.join(results, 'e2e.json');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

interface Stage {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** Where this stage's test counts come from, if it runs tests. */
  report?: { file: string; count: (json: unknown) => Totals };
}

const stages: Stage[] = [
  // Chromium, fonts: installed here when missing, else a sentence and nothing runs.
  { name: 'machine prerequisites', command: process.execPath, args: [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(root, 'scripts', 'prerequisites.ts')] },
  { name: 'generated code is up to date', command: npm, args: ['run', '--silent', 'check:gen'] },
  { name: 'typecheck', command: npm, args: ['run', '--silent', 'typecheck'] },
  { name: 'build', command: npm, args: ['run', '--silent', 'build'] },
  { name: 'build for the end-to-end tests', command: npm, args: ['run', '--silent', 'build:e2e'] },
  { name: 'unit tests', command: npx, args: ['vitest', 'run'], env: { GF_JSON_REPORT: '1' }, report: { file: unitReport, count: countVitest } },
  { name: 'end-to-end tests', command: npx, args: ['playwright', 'test'], report: { file: e2eReport, count: countPlaywright } },
];

// Old reports must never be counted for this run.
rmSync(unitReport, { force: true });
rmSync(e2eReport, { force: true });
mkdirSync(results, { recursive: true });

const totals: Totals = { passed: 0, failed: 0, skipped: 0 };
const lines: string[] = [];
let stopped = false;

for (const stage of stages) {
  if (stopped) {
    lines.push(`  -    ${stage.name} (not run)`);
    continue;
  }
  console.log(`\n=== ${stage.name}: ${[path.basename(stage.command), ...stage.args].join(' ')}`);
  const started = Date.now();
  const run = spawnSync(stage.command, stage.args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...stage.env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = run.status === 0;

  let counted: Totals | null = null;
  if (stage.report && existsSync(stage.report.file)) {
    try {
      counted = stage.report.count(JSON.parse(readFileSync(stage.report.file, 'utf8')));
    } catch (err) {
      console.error(`Could not read ${path.relative(root, stage.report.file)}: ${(err as Error).message}`);
    }
  }
  if (counted) {
    totals.passed += counted.passed;
    totals.failed += counted.failed;
    totals.skipped += counted.skipped;
  }
  // A failing stage with no failed test to show for it (crash, missing report, type
  // error) still counts once.
  if (!ok && (!counted || counted.failed === 0)) totals.failed += 1;

  lines.push(`  ${ok ? 'ok ' : 'FAIL'}  ${stage.name} (${seconds}s${counted ? `; ${formatTotals(counted)}` : ''})`);
  if (!ok) stopped = true;
}

console.log('\nSummary:');
for (const line of lines) console.log(line);
console.log(formatTotals(totals));
process.exit(stopped || totals.failed > 0 ? 1 : 0);
