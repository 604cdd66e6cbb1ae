// The rules as the UI may ask them, whatever the ruleset: every function here goes through the
// contract (RulesetPlugin) of the game's or scenario's ruleset, never into its files. UI code
// imports from shared/rules/index.ts, which re-exports these.
import { gridSpecOf } from '../format/defaults.js';
import type { Scenario } from '../format/scenario.types.js';
import { createGrid } from '../grid/index.js';
import { getRuleset } from './engine.js';
import type { AttackPreview, AttackSpec, CellId, DescribedAction, Decision, GameEvent, MoveOption, Observation, RulesAction, RulesState, RulesTable, RulesetDeclaration, SideId, UnitId } from './types.js';

const labellers = new WeakMap<object, (cell: CellId) => string>();

/** "col,row" → the label people read on this scenario's map (0307, C7, 3,7); unknown ids come back as they are. */
export function cellLabels(scenario: Pick<Scenario, 'map'>): (cell: CellId) => string {
  let f = labellers.get(scenario.map.grid);
  if (!f) {
    const grid = createGrid(gridSpecOf(scenario));
    f = (id) => {
      const c = grid.parseRef(id);
      return c && grid.inMap(c) ? grid.label(c) : id;
    };
    labellers.set(scenario.map.grid, f);
  }
  return f;
}

export const declarationOf = (scenario: Pick<Scenario, 'ruleset'>): RulesetDeclaration => getRuleset(scenario.ruleset.id).declaration;
export const rulesTables = (scenario: Scenario): RulesTable[] => getRuleset(scenario.ruleset.id).tables(scenario);

export const attackPreview = (state: RulesState, spec: AttackSpec): AttackPreview | null => getRuleset(state.ruleset).attackPreview(state, spec);
export const decisionOf = (state: RulesState): Decision<RulesAction> | null => getRuleset(state.ruleset).decision(state);
export const describeAction = (state: RulesState, action: RulesAction): DescribedAction<RulesAction> => getRuleset(state.ruleset).describe(state, action);
export const observe = (state: RulesState, observer: SideId | null): Observation => getRuleset(state.ruleset).observe(state, observer);
export const movesOf = (state: RulesState, unit: UnitId): MoveOption[] => getRuleset(state.ruleset).moves(state, unit);
export const unitOptions = (state: RulesState, unit: UnitId): DescribedAction<RulesAction>[] => getRuleset(state.ruleset).unitOptions(state, unit);
export const zonesOfControl = (state: RulesState, side: SideId): CellId[] => getRuleset(state.ruleset).zonesOfControl(state, side);

/** The events a side may see (a ruleset with hidden units marks the others). */
export const eventsVisibleTo = (events: readonly GameEvent[], side: SideId | null): GameEvent[] =>
  side === null ? [...events] : events.filter((e) => e.visibleTo === undefined || e.visibleTo.includes(side));

export { describeOperationalAction } from './operational/plugin.js';
