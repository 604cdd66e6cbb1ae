import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fileURLToPath } from 'node:url';
import { readScenario } from './load.js';
import { runChecks } from './pool.js';

const scenarioFile = (name: string): string => fileURLToPath(new URL(`../../scenarios/${name}.json`, import.meta.url));

// 288 random legal games in all, split by how long a game of each scenario takes, every bundled
// scenario of every kind of grid and ruleset among them; they play in this thread (the games of
// `runChecks` on workers are the same games: electron/sim/cli.test.ts proves the pool gives the
// same records whatever the number of workers). This is the modest count the standard asks of
// `npm test`; the big runs are the soak script's: `npm run soak:rules -- --all` plays 2,000 games
// of every bundled scenario (or one: npm run soak:rules -- scenarios/x.json).
const PLAN: [string, number][] = [
  ['seed-000-example', 100],
  ['square-grid-demo', 60],
  ['brick-grid-demo', 60],
  ['dnieper-bend-1943', 30],
  ['battle-for-moscow', 20],
  ['barbarossa-fast', 6],
  ['portable-wargame', 12],
];

describe('random legal games of the bundled scenarios (288 games)', () => {
  for (const [name, games] of PLAN) {
    it(`${name}: ${games} games keep the ruleset's invariants (stacking, strengths, one controller per cell), a decision while not over, and replay byte for byte`, async () => {
      const loaded = readScenario(scenarioFile(name));
      if (!loaded.ok) throw new Error(loaded.message);
      const seeds = fc.sample(fc.integer({ min: 0, max: 2 ** 31 - 1 }), { numRuns: games, seed: 20261122 + games });
      const run = await runChecks(loaded.scenario, seeds, { workers: 0 });
      expect(run.errors).toEqual([]);
      const failed = run.results.filter((r) => r !== undefined && r.problems.length > 0).map((r) => ({ seed: r!.seed, problems: r!.problems }));
      expect(failed).toEqual([]);
      expect(run.results.filter((r) => r !== undefined)).toHaveLength(games);
    }, 180_000);
  }
});
