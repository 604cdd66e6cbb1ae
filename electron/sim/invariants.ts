// One random legal game with the rules' invariants checked after every action, then replayed
// from its log: the property the big random-game tests assert over thousands of seeds, for any
// ruleset (each declares its own invariants: RulesetPlugin.invariants).
import type { Scenario } from '../../shared/format/scenario.types.js';
import { randomPlayer } from '../../shared/bot/index.js';
import { getRuleset, replay } from '../../shared/rules/engine.js';
import type { RulesAction, RulesState } from '../../shared/rules/types.js';

export interface CheckResult {
  seed: number;
  actions: number;
  /** Broken invariants, each naming the action index and what was wrong; empty when all held. */
  problems: string[];
}

/** Problems with one state: stacking, strengths, control (as its ruleset defines them). */
export function stateProblems(state: RulesState): string[] {
  return getRuleset(state.ruleset).invariants(state);
}

export function checkRandomGame(scenario: Scenario, seed: number, maxActions = 20_000): CheckResult {
  const rules = getRuleset(scenario.ruleset.id);
  const player = randomPlayer<RulesState, RulesAction>(seed ^ 0x2545f491);
  let state = rules.newGame(scenario, { seed });
  const log: RulesAction[] = [];
  const problems: string[] = [];
  const note = (msg: string): void => {
    if (problems.length < 20) problems.push(`after ${log.length} actions: ${msg}`);
  };
  const where = (s: RulesState): string => `${rules.observe(s, null).phase.label} of turn ${s.turn}`;
  for (const p of rules.invariants(state)) note(p);
  while (!state.gameOver && problems.length === 0) {
    if (log.length >= maxActions) {
      note('the game did not finish');
      break;
    }
    const legal = rules.legalActions(state);
    if (legal.length === 0) {
      note(`no legal action in ${where(state)}`);
      break;
    }
    if (rules.actor(state) === null) note(`legal actions but no side to act in ${where(state)}`);
    const action = player.choose(state, legal);
    const r = rules.apply(state, action);
    if (!r.ok) {
      note(`listed action refused: ${JSON.stringify(action)}: ${r.error.message}`);
      break;
    }
    state = r.state;
    log.push(action);
    for (const p of rules.invariants(state)) note(p);
  }
  if (state.gameOver && rules.legalActions(state).length !== 0) note('actions are offered after the game is over');
  if (problems.length === 0) {
    const again = replay<RulesState, RulesAction>(scenario, { seed }, log);
    if (!again.ok) note(`replay refused action ${again.index}: ${again.error.message}`);
    else if (JSON.stringify(again.state) !== JSON.stringify(state)) note('replaying the log does not reproduce the final state byte for byte');
  }
  return { seed, actions: log.length, problems };
}
