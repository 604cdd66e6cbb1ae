// `npm test`: every check the project has, in order, stopping at the first stage that
// fails, and always ending with one line "N passed, N failed[, N skipped]" that sums the
// unit (vitest) and end-to-end (Playwright) JSON reports. A stage that fails before the
// tests run (generated code, types, build) counts as one failure, so the line never
// claims success for a run that stopped early.
import { spawn, spawnSync } from 'node:child_process';
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

interface Step {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** Where this stage's test counts come from, if it runs tests. */
  report?: { file: string; count: (json: unknown) => Totals };
}

/** A step, or steps that run side by side (each its own process; their output is shown whole as each ends). */
type Stage = Step | { together: Step[] };

const stages: Stage[] = [
  // Chromium, fonts: installed here when missing, else a sentence and nothing runs.
  { name: 'machine prerequisites', command: process.execPath, args: [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(root, 'scripts', 'prerequisites.ts')] },
  { name: 'generated code is up to date', command: npm, args: ['run', '--silent', 'check:gen'] },
  // The two type checkers (tsc, svelte-check) are one thread each; the builds go beside them.
  // Three processes on two cores: svelte-check after tsc (as `npm run typecheck` does) left the
  // builds done and one core idle for the second half (119 s to 77 s on a loaded machine).
  {
    together: [
      { name: 'typecheck (tsc)', command: npm, args: ['run', '--silent', 'typecheck:ts'] },
      { name: 'typecheck (svelte-check)', command: npm, args: ['run', '--silent', 'typecheck:svelte'] },
      // The main process's own check (build:electron) is the typecheck stage's too: not twice.
      { name: 'build, and build for the end-to-end tests', command: npm, args: ['run', '--silent', 'build:all'], env: { GF_BUILD_SKIP_TYPECHECK: '1' } },
    ],
  },
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

interface Outcome {
  ok: boolean;
  seconds: string;
}

function runAlone(step: Step): Outcome {
  console.log(`\n=== ${step.name}: ${[path.basename(step.command), ...step.args].join(' ')}`);
  const started = Date.now();
  const run = spawnSync(step.command, step.args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...step.env } });
  return { ok: run.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

function runBeside(step: Step): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...step.env } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const end = (ok: boolean) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n=== ${step.name}: ${[path.basename(step.command), ...step.args].join(' ')} (${seconds}s)`);
      if (output) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      resolve({ ok, seconds });
    };
    child.on('error', (err) => {
      output += `${err.message}\n`;
      end(false);
    });
    child.on('close', (code) => end(code === 0));
  });
}

/** Adds a step's outcome (and its report's counts) to the totals and the summary. */
function record(step: Step, outcome: Outcome): void {
  let counted: Totals | null = null;
  if (step.report && existsSync(step.report.file)) {
    try {
      counted = step.report.count(JSON.parse(readFileSync(step.report.file, 'utf8')));
    } catch (err) {
      console.error(`Could not read ${path.relative(root, step.report.file)}: ${(err as Error).message}`);
    }
  }
  if (counted) {
    totals.passed += counted.passed;
    totals.failed += counted.failed;
    totals.skipped += counted.skipped;
  }
  // A failing step with no failed test to show for it (crash, missing report, type
  // error) still counts once.
  if (!outcome.ok && (!counted || counted.failed === 0)) totals.failed += 1;
  lines.push(`  ${outcome.ok ? 'ok ' : 'FAIL'}  ${step.name} (${outcome.seconds}s${counted ? `; ${formatTotals(counted)}` : ''})`);
  if (!outcome.ok) stopped = true;
}

for (const stage of stages) {
  const steps = 'together' in stage ? stage.together : [stage];
  if (stopped) {
    for (const step of steps) lines.push(`  -    ${step.name} (not run)`);
    continue;
  }
  if ('together' in stage) {
    const outcomes = await Promise.all(stage.together.map(runBeside));
    stage.together.forEach((step, i) => record(step, outcomes[i]!));
  } else {
    record(stage, runAlone(stage));
  }
}

console.log('\nSummary:');
for (const line of lines) console.log(line);
console.log(formatTotals(totals));
process.exit(stopped || totals.failed > 0 ? 1 : 0);
