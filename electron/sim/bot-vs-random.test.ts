import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { readScenario } from './load.js';
import { runSimulation } from './pool.js';

// Each ruleset's bot against random legal play on its bundled scenario: 200 games from each side,
// on 2 workers (npm run bench:rules prints the same figures).
for (const name of ['seed-000-example', 'portable-wargame']) {
  const loaded = readScenario(fileURLToPath(new URL(`../../scenarios/${name}.json`, import.meta.url)));
  describe(`the bot against random legal play (${name}, 200 games a side, 2 workers)`, () => {
    for (const botSide of [0, 1] as const) {
      const side = loaded.ok ? loaded.scenario.sides[botSide].name : `side ${botSide + 1}`;
      it(`wins at least 90% of 200 games playing the ${side}`, async () => {
        if (!loaded.ok) throw new Error(loaded.message);
        const run = await runSimulation(loaded.scenario, {
          games: 200,
          seed: 1,
          workers: 2,
          players: botSide === 0 ? ['bot', 'random'] : ['random', 'bot'],
        });
        expect(run.errors).toEqual([]);
        expect(run.records).toHaveLength(200);
        const wins = run.records.filter((r) => r.winner === botSide).length;
        expect(wins / 200).toBeGreaterThanOrEqual(0.9);
      }, 240_000);
    }
  });
}
