import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fileURLToPath } from 'node:url';
import { readScenario } from './load.js';
import { runChecks } from './pool.js';

const scenarioFile = (name: string): string => fileURLToPath(new URL(`../../scenarios/${name}.json`, import.meta.url));

// 576 random legal games in all, split by how long a game of each scenario takes, so the whole
// property runs in about fifteen seconds on two quiet worker threads (and well inside its
// timeout on a loaded machine). The big runs are the soak script's: `npm run soak:rules -- --all`
// plays 2,000 games of every bundled scenario (or one: npm run soak:rules -- scenarios/x.json).
const PLAN: [string, number][] = [
  ['seed-000-example', 200],
  ['square-grid-demo', 120],
  ['brick-grid-demo', 120],
  ['dnieper-bend-1943', 60],
  ['battle-for-moscow', 40],
  ['barbarossa-fast', 12],
  ['portable-wargame', 24],
];

describe('random legal games of the bundled scenarios (576 games on 2 workers)', () => {
  for (const [name, games] of PLAN) {
    it(`${name}: ${games} games keep the ruleset's invariants (stacking, strengths, one controller per cell), a decision while not over, and replay byte for byte`, async () => {
      const loaded = readScenario(scenarioFile(name));
      if (!loaded.ok) throw new Error(loaded.message);
      const seeds = fc.sample(fc.integer({ min: 0, max: 2 ** 31 - 1 }), { numRuns: games, seed: 20261122 + games });
      const run = await runChecks(loaded.scenario, seeds, { workers: 2 });
      expect(run.errors).toEqual([]);
      const failed = run.results.filter((r) => r !== undefined && r.problems.length > 0).map((r) => ({ seed: r!.seed, problems: r!.problems }));
      expect(failed).toEqual([]);
      expect(run.results.filter((r) => r !== undefined)).toHaveLength(games);
    }, 180_000);
  }
});
