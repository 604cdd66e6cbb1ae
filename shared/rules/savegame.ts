// Saving and loading a test-play game of any ruleset (schemas/savegame.schema.json; each
// ruleset's state and actions are defined in its fragment, schemas/rulesets/<id>.schema.json).
// A save holds the action log and the state reached; loading replays the log from a new game
// and checks that it arrives at the saved state, so a save from an older engine that would now
// play out differently is reported rather than silently changed.
import type { Scenario } from '../format/scenario.types.js';
import type { DiceSetup, SaveGame } from '../format/savegame.types.js';
import { validate } from '../format/savegame.validate.generated.js';
import { replay } from './engine.js';
import type { Action, GameState, RulesAction, RulesState } from './types.js';

export interface SaveOptions {
  /** How the game's dice were set up at the start (the same object given to newGame). */
  dice: DiceSetup;
  /** Library revision of the scenario, if known. */
  revision?: number;
  /** Put the scenario itself in the save so it stands alone. */
  embedScenario?: boolean;
}

export function toSaveGame(state: RulesState, log: readonly RulesAction[], options: SaveOptions): SaveGame {
  const { scenario, ...engine } = state;
  const save: SaveGame = {
    formatVersion: 1,
    ruleset: state.ruleset as SaveGame['ruleset'],
    scenarioRef: options.revision === undefined ? { id: scenario.id } : { id: scenario.id, revision: options.revision },
    dice: { ...options.dice },
    log: [...log] as SaveGame['log'],
    state: engine as unknown as SaveGame['state'],
  };
  if (options.embedScenario) save.scenario = scenario as unknown as Record<string, unknown>;
  return save;
}

export type LoadResult<S extends RulesState = GameState, A extends RulesAction = Action> = { ok: true; state: S; log: A[] } | { ok: false; message: string };

/**
 * Checks a save against its schema, replays its log on `scenario`, and compares the result.
 * The type parameters say what the caller knows the ruleset to be (default: operational).
 */
export function loadSaveGame<S extends RulesState = GameState, A extends RulesAction = Action>(data: unknown, scenario: Scenario): LoadResult<S, A> {
  if (!validate(data)) {
    const first = validate.errors?.[0];
    return { ok: false, message: `Not a valid saved game: ${first ? `${first.instancePath || '/'} ${first.message ?? ''}` : 'unknown error'}.` };
  }
  const save = data;
  if (save.scenarioRef.id !== scenario.id) {
    return { ok: false, message: `This game was saved for scenario "${save.scenarioRef.id}", not "${scenario.id}".` };
  }
  if (save.ruleset !== scenario.ruleset.id) {
    return { ok: false, message: `This game was played with the ${save.ruleset} ruleset; the scenario now uses ${scenario.ruleset.id}.` };
  }
  const options = save.dice.script ? { dice: save.dice.script } : { seed: save.dice.seed ?? 1 };
  const log = save.log as unknown as A[];
  const r = replay<S, A>(scenario, options, log);
  if (!r.ok) return { ok: false, message: `Action ${r.index + 1} of the saved log is refused: ${r.error.message}` };
  const { scenario: _s, ...engine } = r.state;
  void _s;
  if (JSON.stringify(engine) !== JSON.stringify(save.state)) {
    return { ok: false, message: 'Replaying the saved actions does not reach the saved state (the scenario or the rules have changed).' };
  }
  return { ok: true, state: r.state, log: [...log] };
}
