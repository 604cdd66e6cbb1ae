// Saved games that came in a pack, kept with the scenarios imported from it (the import's
// last step, in the app and in `npm run pack -- import` alike).
import path from 'node:path';
import { loadSaveGame } from '../../shared/rules/savegame.js';
import type { GameStore } from '../library/games.js';
import type { PackInspection } from './types.js';

/**
 * The pack's saved games, each checked against the scenario it came with (its schema, and
 * that replaying its actions reaches its state), kept under the id the scenario was imported
 * as. Print PDFs are for printing straight from the pack; the library reprints at will.
 */
export function storeSavedGames(
  games: GameStore | null,
  inspection: PackInspection,
  extras: readonly { kind: string; file: string; data: Buffer; scenarioId: string }[],
): { count: number; notes: string[] } {
  const notes: string[] = [];
  let count = 0;
  const sourceOf = new Map(inspection.scenarios.flatMap((s) => s.extras.map((x) => [x.file, s.document] as const)));
  for (const extra of extras) {
    if (extra.kind !== 'savegame') continue;
    if (!games) {
      notes.push(`${extra.file}: saved games cannot be stored in this library, so it was left out.`);
      continue;
    }
    try {
      const data = JSON.parse(extra.data.toString('utf8')) as Record<string, unknown>;
      const check = loadSaveGame(data, sourceOf.get(extra.file)!);
      if (!check.ok) {
        notes.push(`${extra.file} was left out: ${check.message}`);
        continue;
      }
      // Under a new id (kept beside a scenario of the same id) the game names that id, in
      // its reference and in the engine state, so it replays against the imported copy.
      const ref = data.scenarioRef as Record<string, unknown>;
      const state = data.state as Record<string, unknown>;
      const rehomed = { ...data, scenarioRef: { ...ref, id: extra.scenarioId }, state: { ...state, scenarioId: extra.scenarioId } };
      const name = path.posix.basename(extra.file).replace(/\.json$/i, '');
      games.save({ scenarioId: extra.scenarioId, kind: 'save', name, data: rehomed });
      count++;
    } catch (err) {
      // The scenarios are in; a game that cannot be kept is reported, not fatal.
      notes.push(`${extra.file} was left out: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return { count, notes };
}
