// The registry of rulesets, and what every ruleset shares: looking one up, replaying an action
// log. Generic code (simulation, bots, saves, checks) asks `getRuleset`; `rulesetFor` is what
// today's test-play screen asks (it is written against the operational ruleset's views).
import type { Scenario } from '../format/scenario.types.js';
import type { Action, AnyRuleset, GameEvent, GameState, NewGameOptions, RuleError, Ruleset, RulesAction, RulesState } from './types.js';
import { operationalPlugin } from './operational/plugin.js';
import { bfm } from './bfm/index.js';
import { bf } from './bf/index.js';

export const RULESETS: Readonly<Record<string, AnyRuleset>> = Object.freeze({
  [operationalPlugin.id]: operationalPlugin as unknown as AnyRuleset,
  [bfm.id]: bfm as unknown as AnyRuleset,
  [bf.id]: bf as unknown as AnyRuleset,
});

/** Every registered ruleset, in the order a picker lists them. */
export const rulesetList = (): AnyRuleset[] => Object.values(RULESETS);

/** The ruleset with this id; throws naming the known ones when there is none. */
export function getRuleset(id: string): AnyRuleset {
  const r = RULESETS[id];
  if (!r) throw new Error(`Unknown ruleset "${id}"; known: ${Object.keys(RULESETS).join(', ')}.`);
  return r;
}

/**
 * The ruleset for today's test-play screen, which shows the operational ruleset's own view
 * (GameView). Other rulesets play in the engine, the bots, `npm run sim` and the balance
 * report; the screen says so until it moves to the generic contract (decision, observe).
 */
export function rulesetFor(id: string): Ruleset {
  if (id === operationalPlugin.id) return operationalPlugin;
  const r = getRuleset(id);
  throw new Error(
    `${r.name} plays in the rules engine, the bots and the balance report; its test-play screen comes with the play screen for every ruleset, which is not built yet.`,
  );
}

export type ReplayResult<S extends RulesState = GameState> =
  | { ok: true; state: S; events: GameEvent[] }
  | { ok: false; index: number; error: RuleError; state: S };

/**
 * New game + every action of the log, in order; stops at the first refused action. The type
 * parameters say what the caller knows the scenario's ruleset to be (default: operational).
 */
export function replay<S extends RulesState = GameState, A extends RulesAction = Action>(
  scenario: Scenario,
  options: NewGameOptions,
  log: readonly A[],
): ReplayResult<S> {
  const rules = getRuleset(scenario.ruleset.id);
  let state = rules.newGame(scenario, options);
  const events: GameEvent[] = [];
  for (let i = 0; i < log.length; i++) {
    const r = rules.apply(state, log[i]!);
    if (!r.ok) return { ok: false, index: i, error: r.error, state: state as S };
    state = r.state;
    events.push(...r.events);
  }
  return { ok: true, state: state as S, events };
}
