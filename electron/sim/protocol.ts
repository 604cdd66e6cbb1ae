// Messages between the simulation pool and its worker threads.
import type { Scenario } from '../../shared/format/scenario.types.js';
import type { GameRecord } from '../../shared/bot/index.js';
import type { PlayerKind } from './players.js';

export interface WorkerSetup {
  /** Module the boot file imports (TypeScript sources only). */
  entry?: string;
  scenario: Scenario;
  players: [PlayerKind, PlayerKind];
}

export type ToWorker = { type: 'play'; index: number; seed: number };

export type FromWorker =
  | { type: 'result'; index: number; record: GameRecord; ms: number }
  | { type: 'error'; index: number; message: string };
