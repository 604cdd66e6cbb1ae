// Rulesets by id, and the helpers every ruleset shares: replaying an action log.
import type { Scenario } from '../format/scenario.types.js';
import type { Action, GameEvent, GameState, NewGameOptions, RuleError, Ruleset } from './types.js';
import { operational } from './operational/index.js';

export const RULESETS: Readonly<Record<string, Ruleset>> = Object.freeze({ [operational.id]: operational });

/** The ruleset a scenario names; throws when none by that id exists. */
export function rulesetFor(id: string): Ruleset {
  const r = RULESETS[id];
  if (!r) throw new Error(`Unknown ruleset "${id}"; known: ${Object.keys(RULESETS).join(', ')}.`);
  return r;
}

export type ReplayResult =
  | { ok: true; state: GameState; events: GameEvent[] }
  | { ok: false; index: number; error: RuleError; state: GameState };

/** New game + every action of the log, in order; stops at the first refused action. */
export function replay(scenario: Scenario, options: NewGameOptions, log: readonly Action[]): ReplayResult {
  const rules = rulesetFor(scenario.ruleset.id);
  let state = rules.newGame(scenario, options);
  const events: GameEvent[] = [];
  for (let i = 0; i < log.length; i++) {
    const r = rules.apply(state, log[i]!);
    if (!r.ok) return { ok: false, index: i, error: r.error, state };
    state = r.state;
    events.push(...r.events);
  }
  return { ok: true, state, events };
}
