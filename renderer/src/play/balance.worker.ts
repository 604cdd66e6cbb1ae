// Plays bot-vs-bot games of one scenario off the page's thread. Game i uses seed i (the
// heuristic bot on both sides, as `npm run sim` does), so a report's numbers never depend on
// how many workers shared the games. Messages: in {scenario, seeds}; out one
// {type:'game', record} per game, then {type:'done'}; {type:'error', message} on failure.
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { heuristicBot, playGame, type GameRecord } from '../../../shared/bot/index.js';

export interface BalanceJob {
  scenario: Scenario;
  seeds: number[];
}

export type BalanceMessage = { type: 'game'; record: GameRecord } | { type: 'done' } | { type: 'error'; seed: number; message: string };

const post = (m: BalanceMessage) => (self as unknown as Worker).postMessage(m);

self.onmessage = (e: MessageEvent<BalanceJob>) => {
  const { scenario, seeds } = e.data;
  for (const seed of seeds) {
    try {
      const record = playGame(scenario, [heuristicBot({ seed }), heuristicBot({ seed })], { seed });
      post({ type: 'game', record });
    } catch (err) {
      post({ type: 'error', seed, message: err instanceof Error ? err.message : String(err) });
      return;
    }
  }
  post({ type: 'done' });
};
