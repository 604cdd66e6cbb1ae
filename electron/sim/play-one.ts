// One simulated game by index: the same code in worker threads and in-process runs, so the
// results never depend on where a game was played.
import type { Scenario } from '../../shared/format/scenario.types.js';
import { playGame, type GameRecord } from '../../shared/bot/index.js';
import { makePlayer, type PlayerKind } from './players.js';

export function playOne(scenario: Scenario, players: readonly [PlayerKind, PlayerKind], seed: number): GameRecord {
  return playGame(scenario, [makePlayer(players[0], seed, 0), makePlayer(players[1], seed, 1)], { seed });
}
