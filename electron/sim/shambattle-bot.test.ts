import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { confidenceAtLeast } from '../../shared/bot/stats.js';
import { readScenario } from './load.js';
import { runSimulation } from './pool.js';

// A Shambattle game is a few hundred small decisions (every stand moves and shoots in turn), so
// `npm test` plays 30 games a side, the fewest that can show a 90% rate with 95% one-sided
// confidence (30 wins of 30: 1 − 0.9³⁰ ≈ 0.958; see bot-vs-random.test.ts), in this thread;
// npm run soak:rules -- --ruleset shambattle --bot-games 200 and npm run bench:rules play the
// full 200 a side against the same 90% bar.
const loaded = readScenario(fileURLToPath(new URL('../../scenarios/shambattle.json', import.meta.url)));
const GAMES = 30;

describe(`the Shambattle bot against random legal play (bundled scenario, ${GAMES} games a side)`, () => {
  for (const botSide of [0, 1] as const) {
    it(`wins at least 90% playing ${botSide === 0 ? 'Ruberia' : 'Azuria'} (95% one-sided confidence, ${GAMES} games)`, async () => {
      if (!loaded.ok) throw new Error(loaded.message);
      const run = await runSimulation(loaded.scenario, { games: GAMES, seed: 1, workers: 0, players: botSide === 0 ? ['bot', 'random'] : ['random', 'bot'] });
      expect(run.errors).toEqual([]);
      expect(run.records).toHaveLength(GAMES);
      const wins = run.records.filter((r) => r.winner === botSide).length;
      const sure = confidenceAtLeast(wins, GAMES, 0.9);
      expect(sure, `${wins} of ${GAMES} won: ${(100 * sure).toFixed(1)}% sure of a 90% rate`).toBeGreaterThanOrEqual(0.95);
    }, 600_000);
  }
});
