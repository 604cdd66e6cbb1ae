// Soak test of a ruleset on one scenario: many random legal games on worker threads, each with
// the ruleset's invariants checked after every action and replayed from its log at the end
// (electron/sim/invariants.ts). `npm test` runs a modest count of the same property; this runs
// the big one.
//   npm run soak:rules -- scenarios/portable-wargame.json [--games 2000] [--seed 1] [--workers 2]
// Prints one JSON object (games, failures with their seeds and problems, time); exit code 1 when
// any game broke an invariant or failed.
import { parseArgs } from 'node:util';
import { readScenario } from '../electron/sim/load.js';
import { runChecks } from '../electron/sim/pool.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { games: { type: 'string', default: '2000' }, seed: { type: 'string', default: '1' }, workers: { type: 'string', default: '2' } },
});
if (positionals.length !== 1) {
  console.error('usage: npm run soak:rules -- <scenario.json> [--games 2000] [--seed 1] [--workers 2]');
  process.exit(1);
}
const loaded = readScenario(positionals[0]!);
if (!loaded.ok) {
  console.error(loaded.message);
  process.exit(1);
}
const games = Math.max(1, Number(values.games) || 2000);
const seed0 = Number(values.seed) || 1;
const seeds = Array.from({ length: games }, (_, i) => seed0 + i);
const t0 = performance.now();
const run = await runChecks(loaded.scenario, seeds, {
  workers: Math.max(0, Number(values.workers) || 0),
  onProgress: (done, total) => {
    if (done % 100 === 0 || done === total) process.stderr.write(`\r${done}/${total} games`);
  },
});
process.stderr.write('\n');
const results = run.results.filter((r) => r !== undefined);
const failed = results.filter((r) => r!.problems.length > 0).map((r) => ({ seed: r!.seed, problems: r!.problems.slice(0, 5) }));
const actions = results.reduce((t, r) => t + r!.actions, 0);
console.log(
  JSON.stringify(
    {
      scenario: loaded.scenario.id,
      ruleset: loaded.scenario.ruleset.id,
      games: results.length,
      actionsPerGame: Math.round(actions / Math.max(1, results.length)),
      failed: failed.length,
      failures: failed.slice(0, 20),
      errors: run.errors.slice(0, 20),
      seconds: +((performance.now() - t0) / 1000).toFixed(1),
    },
    null,
    1,
  ),
);
process.exit(failed.length > 0 || run.errors.length > 0 || results.length !== games ? 1 : 0);
