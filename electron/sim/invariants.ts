// One random legal game with the rules' invariants checked after every action, then replayed
// from its log: the property the big random-game test asserts over thousands of seeds.
import type { Scenario } from '../../shared/format/scenario.types.js';
import { randomPlayer } from '../../shared/bot/index.js';
import { boardOf } from '../../shared/bot/rules-access.js';
import { replay, rulesetFor } from '../../shared/rules/engine.js';
import type { Action, GameState } from '../../shared/rules/types.js';

export interface CheckResult {
  seed: number;
  actions: number;
  /** Broken invariants, each naming the action index and what was wrong; empty when all held. */
  problems: string[];
}

/** Problems with one state: stacking, strengths, control. */
export function stateProblems(state: GameState): string[] {
  const b = boardOf(state.scenario);
  const out: string[] = [];
  const perCell = new Map<string, number>();
  for (const u of state.units) {
    const max = b.units.get(u.id)?.max ?? 0;
    if (u.strength < 0) out.push(`${u.id} has negative strength ${u.strength}`);
    if (u.strength > max) out.push(`${u.id} has strength ${u.strength} above its starting ${max}`);
    if (u.cell !== null && u.strength > 0) {
      const key = `${u.cell}/${u.side}`;
      perCell.set(key, (perCell.get(key) ?? 0) + 1);
    }
  }
  for (const [key, count] of perCell) if (count > b.options.stackingLimit) out.push(`${count} units of one side in ${key}`);
  if (state.control.length !== b.n) out.push(`control covers ${state.control.length} cells of ${b.n}`);
  const codes = new Set([b.sides[0].code, b.sides[1].code]);
  for (let i = 0; i < state.control.length; i++) {
    if (!codes.has(state.control.charAt(i))) out.push(`cell ${b.ids[i]} controlled by "${state.control.charAt(i)}"`);
  }
  return out;
}

export function checkRandomGame(scenario: Scenario, seed: number, maxActions = 20_000): CheckResult {
  const rules = rulesetFor(scenario.ruleset.id);
  const player = randomPlayer(seed ^ 0x2545f491);
  let state = rules.newGame(scenario, { seed });
  const log: Action[] = [];
  const problems: string[] = [];
  const note = (msg: string): void => {
    if (problems.length < 20) problems.push(`after ${log.length} actions: ${msg}`);
  };
  for (const p of stateProblems(state)) note(p);
  while (!state.gameOver && problems.length === 0) {
    if (log.length >= maxActions) {
      note('the game did not finish');
      break;
    }
    const legal = rules.legalActions(state);
    if (legal.length === 0) {
      note(`no legal action in ${state.phase}/${state.step ?? '-'} of turn ${state.turn}`);
      break;
    }
    const action = player.choose(state, legal);
    const r = rules.apply(state, action);
    if (!r.ok) {
      note(`listed action refused: ${JSON.stringify(action)}: ${r.error.message}`);
      break;
    }
    state = r.state;
    log.push(action);
    for (const p of stateProblems(state)) note(p);
  }
  if (state.gameOver && rules.legalActions(state).length !== 0) note('actions are offered after the game is over');
  if (problems.length === 0) {
    const again = replay(scenario, { seed }, log);
    if (!again.ok) note(`replay refused action ${again.index}: ${again.error.message}`);
    else if (JSON.stringify(again.state) !== JSON.stringify(state)) note('replaying the log does not reproduce the final state byte for byte');
  }
  return { seed, actions: log.length, problems };
}
