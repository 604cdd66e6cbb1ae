import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { readScenario } from './load.js';
import { runSimulation } from './pool.js';

// A Shambattle game is a few hundred small decisions (every stand moves and shoots in turn), so
// `npm test` plays 30 games a side; npm run soak:rules -- --ruleset shambattle --bot-games 200 and
// npm run bench:rules play the full 200 a side against the same 90% bar.
const loaded = readScenario(fileURLToPath(new URL('../../scenarios/shambattle.json', import.meta.url)));
const GAMES = 30;

describe(`the Shambattle bot against random legal play (bundled scenario, ${GAMES} games a side, 2 workers)`, () => {
  for (const botSide of [0, 1] as const) {
    it(`wins at least 90% playing ${botSide === 0 ? 'Ruberia' : 'Azuria'}`, async () => {
      if (!loaded.ok) throw new Error(loaded.message);
      const run = await runSimulation(loaded.scenario, { games: GAMES, seed: 1, workers: 2, players: botSide === 0 ? ['bot', 'random'] : ['random', 'bot'] });
      expect(run.errors).toEqual([]);
      expect(run.records).toHaveLength(GAMES);
      const wins = run.records.filter((r) => r.winner === botSide).length;
      expect(wins / GAMES).toBeGreaterThanOrEqual(0.9);
    }, 600_000);
  }
});
