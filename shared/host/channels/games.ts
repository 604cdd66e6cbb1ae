// Saved test-play games and balance reports, kept in the library next to their scenario
// (service: electron/library/games.ts). A saved game's `data` is a savegame document
// (schemas/savegame.schema.json); a balance report's is the report the renderer made.
// Both record the scenario's library revision they were made on.
import { returns, v } from '../check.js';
import { defineChannels } from '../channel.js';

/** 'autosave': the game in progress of a scenario, one per scenario (a newer one replaces it). */
export type GameRecordKind = 'save' | 'balance' | 'autosave';

export interface GameEntry {
  id: string;
  scenarioId: string;
  kind: GameRecordKind;
  name: string;
  /** Library revision of the scenario when this was written (null if unknown). */
  revision: number | null;
  /** ms since the epoch. */
  created: number;
  bytes: number;
}

const scenarioId = v.string({ minLength: 1, maxLength: 200 });
const gameId = v.string({ minLength: 1, maxLength: 64, pattern: /^[A-Za-z0-9_-]+$/, patternHint: 'letters, digits, _ and -' });
const kind = v.literal('save', 'balance', 'autosave');

export const gameChannels = defineChannels({
  'games.save': {
    doc: 'Stores a saved game, a balance report or the game in progress (kind autosave, replacing the scenario\'s earlier autosave) with its scenario (which must be in the library); the revision defaults to the scenario\'s latest.',
    request: v.object(
      { scenarioId, kind, name: v.string({ minLength: 1, maxLength: 200 }), data: v.jsonObject<Record<string, unknown>>() },
      { revision: v.number({ integer: true, min: 0 }) },
    ),
    response: returns<GameEntry>(),
  },
  'games.list': {
    doc: 'Saved games or balance reports of one scenario, newest first.',
    request: v.object({ scenarioId }, { kind }),
    response: returns<GameEntry[]>(),
  },
  'games.load': {
    doc: 'One stored game or report with its data.',
    request: v.object({ id: gameId }),
    response: returns<{ entry: GameEntry; data: Record<string, unknown> }>(),
  },
  'games.delete': {
    doc: 'Removes a stored game or report.',
    request: v.object({ id: gameId }),
    response: returns<{ deleted: boolean }>(),
  },
});
