// The big run of the random-game property: N random legal games of a bundled scenario on worker
// threads (fast-check picks the seeds), each checked after every action against its ruleset's
// invariants (stacking, strengths, control), that a decision is always offered while the game
// is not over, and that replaying its log gives the same final state byte for byte.
//   npm run soak:rules [-- <scenario.json>] [--games 2000] [--seed S] [--workers W] [--json]
// Default: scenarios/battle-for-moscow.json, 2,000 games (`npm run soak:rules -- scenarios/barbarossa-fast.json`
// for Barbarossa Fast). `npm test` plays a modest count of the
// same property (electron/sim/random-games.test.ts). Exit code 1 when any game broke a rule.
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { readScenario } from '../electron/sim/load.js';
import { runChecks } from '../electron/sim/pool.js';

const root = fileURLToPath(new URL('..', import.meta.url));

export async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      games: { type: 'string', default: '2000' },
      seed: { type: 'string', default: '20261125' },
      workers: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const file = positionals[0] ?? resolve(root, 'scenarios/battle-for-moscow.json');
  const games = Number(values.games);
  const seed = Number(values.seed);
  if (!Number.isInteger(games) || games < 1) {
    console.error(`--games must be a whole number of at least 1, not "${values.games}".`);
    return 1;
  }
  const loaded = readScenario(file);
  if (!loaded.ok) {
    console.error(loaded.message);
    return 1;
  }
  const workers = values.workers === undefined ? Math.min(availableParallelism(), games) : Number(values.workers);
  const seeds = fc.sample(fc.integer({ min: 0, max: 2 ** 31 - 1 }), { numRuns: games, seed });
  process.stderr.write(`Soaking ${loaded.scenario.id} (${loaded.scenario.ruleset.id}): ${games} random legal games on ${workers} worker${workers === 1 ? '' : 's'}…\n`);
  const t0 = performance.now();
  let last = 0;
  const run = await runChecks(loaded.scenario, seeds, {
    workers,
    onProgress: (done, total) => {
      const now = performance.now();
      if (now - last > 10_000 || done === total) {
        last = now;
        process.stderr.write(`  ${done}/${total} games\n`);
      }
    },
  });
  const results = run.results.filter((r) => r !== undefined);
  const failed = results.filter((r) => r.problems.length > 0);
  const actions = results.reduce((t, r) => t + r.actions, 0);
  const summary = {
    scenario: loaded.scenario.id,
    ruleset: loaded.scenario.ruleset.id,
    games: results.length,
    seeds: { fastCheckSeed: seed, first: seeds[0], last: seeds.at(-1) },
    failed: failed.length,
    crashed: run.errors.length,
    actionsPerGame: results.length ? Math.round(actions / results.length) : 0,
    wallSeconds: +((performance.now() - t0) / 1000).toFixed(1),
    failures: failed.slice(0, 10).map((r) => ({ seed: r.seed, problems: r.problems.slice(0, 5) })),
    errors: run.errors.slice(0, 10),
  };
  if (values.json) console.log(JSON.stringify(summary));
  else {
    console.log(
      `${summary.games} games of ${summary.scenario}: ${summary.failed} broke a rule, ${summary.crashed} crashed; ${summary.actionsPerGame} actions a game; ${summary.wallSeconds} s.`,
    );
    for (const f of summary.failures) console.log(`  seed ${f.seed}: ${f.problems.join(' | ')}`);
    for (const e of summary.errors) console.log(`  game ${e.index} (seed ${e.seed}) crashed: ${e.message}`);
  }
  return failed.length > 0 || run.errors.length > 0 || results.length !== games ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
