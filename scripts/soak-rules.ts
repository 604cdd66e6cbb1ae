// The long runs `npm test` keeps short: random legal games of a ruleset's bundled scenario with
// its invariants checked after every action and the log replayed byte for byte (2,000 by
// default), and its bot against random legal play from each side (200 games a side by default,
// the bar being 90%). Prints one JSON object; exit code 1 when an invariant broke, a game failed
// or the bot fell short.
//   npm run soak:rules -- [--ruleset shambattle] [--games 2000] [--bot-games 200] [--workers 2]
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import type { Scenario } from '../shared/format/scenario.types.js';
import { rate } from '../shared/bot/index.js';
import { runChecks, runSimulation } from '../electron/sim/pool.js';

const { values } = parseArgs({
  options: {
    ruleset: { type: 'string', default: 'shambattle' },
    games: { type: 'string', default: '2000' },
    'bot-games': { type: 'string', default: '200' },
    workers: { type: 'string', default: '2' },
  },
});
const games = Math.max(0, Number(values.games) || 0);
const botGames = Math.max(0, Number(values['bot-games']) || 0);
const workers = Math.max(0, Number(values.workers) || 0);

const dir = fileURLToPath(new URL('../scenarios/', import.meta.url));
const scenario = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(dir + f, 'utf8')) as Scenario)
  .find((s) => s.ruleset.id === values.ruleset);
if (!scenario) {
  console.error(`No bundled scenario uses the ${values.ruleset} ruleset.`);
  process.exit(1);
}

const round = (x: number, d = 3): number => +x.toFixed(d);
let failed = false;

const seeds = fc.sample(fc.integer({ min: 0, max: 2 ** 31 - 1 }), { numRuns: games, seed: 20261125 });
const t0 = performance.now();
const checks = games ? await runChecks(scenario, seeds, { workers }) : null;
const done = checks ? checks.results.filter((r) => r !== undefined) : [];
const broken = done.filter((r) => r!.problems.length > 0).map((r) => ({ seed: r!.seed, problems: r!.problems }));
if (checks && (broken.length || checks.errors.length || done.length !== games)) failed = true;

const vsRandom: Record<string, unknown> = {};
for (const botSide of [0, 1] as const) {
  if (!botGames) break;
  const run = await runSimulation(scenario, { games: botGames, seed: 1, workers, players: botSide === 0 ? ['bot', 'random'] : ['random', 'bot'] });
  const wins = run.records.filter((r) => r.winner === botSide).length;
  const r = rate(wins, run.records.length);
  if (r.rate < 0.9 || run.errors.length) failed = true;
  vsRandom[scenario.sides[botSide].name] = {
    games: run.records.length,
    wins,
    winRate: round(r.rate),
    ci95: [round(r.ci95.low), round(r.ci95.high)],
    draws: run.records.filter((x) => x.winner === null).length,
    errors: run.errors.length,
    meanActions: Math.round(run.records.reduce((t, x) => t + x.actions, 0) / Math.max(1, run.records.length)),
  };
}

console.log(
  JSON.stringify(
    {
      ruleset: values.ruleset,
      scenario: scenario.id,
      randomGames: checks && {
        games: done.length,
        broken: broken.slice(0, 10),
        errors: checks.errors.slice(0, 10),
        meanActions: Math.round(done.reduce((t, r) => t + r!.actions, 0) / Math.max(1, done.length)),
        wallSeconds: round((performance.now() - t0) / 1000, 1),
      },
      botVsRandom: vsRandom,
      ok: !failed,
    },
    null,
    1,
  ),
);
process.exit(failed ? 1 : 0);
