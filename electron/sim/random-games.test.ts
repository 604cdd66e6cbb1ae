import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fileURLToPath } from 'node:url';
import { readScenario } from './load.js';
import { runChecks } from './pool.js';

const scenarioFile = (name: string): string => fileURLToPath(new URL(`../../scenarios/${name}.json`, import.meta.url));

// 2,174 random legal games in all, split by how long a game of each scenario takes, so the
// whole property runs in about two minutes on two worker threads. Battle for Moscow and Barbarossa
// Fast (about a second a game) get a modest count here; `npm run soak:rules` plays 2,000 of it (and of any bundled scenario).
const PLAN: [string, number][] = [
  ['seed-000-example', 800],
  ['square-grid-demo', 500],
  ['brick-grid-demo', 500],
  ['dnieper-bend-1943', 250],
  ['battle-for-moscow', 100],
  ['barbarossa-fast', 24],
];

describe('random legal games of the bundled scenarios (2,174 games on 2 workers)', () => {
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
