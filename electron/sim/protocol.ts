// Messages between the simulation pool and its worker threads.
import type { Scenario } from '../../shared/format/scenario.types.js';
import type { GameRecord } from '../../shared/bot/index.js';
import type { PlayerKind } from './players.js';
import type { CheckResult } from './invariants.js';

export interface WorkerSetup {
  /** Module the boot file imports (TypeScript sources only). */
  entry?: string;
  scenario: Scenario;
  players: [PlayerKind, PlayerKind];
}

/** `play`: a game between the setup's players; `check`: a random legal game with invariant checks. */
export type ToWorker = { type: 'play' | 'check'; index: number; seed: number };

export type FromWorker =
  | { type: 'result'; index: number; record: GameRecord; ms: number }
  | { type: 'checked'; index: number; result: CheckResult; ms: number }
  | { type: 'error'; index: number; message: string };
