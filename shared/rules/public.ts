// The rules as the UI may ask them, whatever the ruleset: every function here goes through the
// contract (RulesetPlugin) of the game's or scenario's ruleset, never into its files. UI code
// imports from shared/rules/index.ts, which re-exports these.
import type { Scenario } from '../format/scenario.types.js';
import { declarationById } from './catalogue.js';
import { getRuleset } from './engine.js';
import type { AttackPreview, AttackSpec, CellId, DescribedAction, Decision, GameEvent, MoveOption, Observation, RulesAction, RulesState, RulesTable, RulesetDeclaration, SideId, UnitId } from './types.js';

export { cellLabels } from './labels.js';

/** What the scenario's ruleset declares (light: no engine is loaded for it). */
export const declarationOf = (scenario: Pick<Scenario, 'ruleset'>): RulesetDeclaration | undefined => declarationById(scenario.ruleset.id);
export { declarations, usesFeature, stackingLimitOf } from './catalogue.js';
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
