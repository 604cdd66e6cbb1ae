// The rules as the UI may ask them, whatever the ruleset: every function here goes through the
// contract (RulesetPlugin) of the game's or scenario's ruleset, never into its files. UI code
// imports from shared/rules/index.ts, which re-exports these.
import type { Scenario } from '../format/scenario.types.js';
import { declarationById } from './catalogue.js';
import { getRuleset } from './engine.js';
import type { AttackPreview, AttackSpec, EditResult, CellId, DescribedAction, Decision, GameEvent, LineOfSight, MoveOption, Observation, RulesAction, RulesState, RulesTable, RulesetDeclaration, SideId, UnitId } from './types.js';

export { cellLabels } from './labels.js';
export { counterSymbol } from './declaration.js';

/** What the scenario's ruleset declares (light: no engine is loaded for it). */
export const declarationOf = (scenario: Pick<Scenario, 'ruleset'>): RulesetDeclaration | undefined => declarationById(scenario.ruleset.id);
export { declarations, usesFeature, stackingLimitOf } from './catalogue.js';
export { blocksNote } from './side-blocks.js';
export const rulesTables = (scenario: Scenario): RulesTable[] => getRuleset(scenario.ruleset.id).tables(scenario);
/** Changes one cell of one of the ruleset's editable tables (`RulesTable.editable`); the scenario comes back changed, or a refusal in words. */
export const editRulesTable = (scenario: Scenario, tableId: string, rowKey: string, columnKey: string, value: string): EditResult =>
  getRuleset(scenario.ruleset.id).editTable(scenario, tableId, rowKey, columnKey, value);

export const attackPreview = (state: RulesState, spec: AttackSpec): AttackPreview | null => getRuleset(state.ruleset).attackPreview(state, spec);
export const decisionOf = (state: RulesState): Decision<RulesAction> | null => getRuleset(state.ruleset).decision(state);
export const describeAction = (state: RulesState, action: RulesAction): DescribedAction<RulesAction> => getRuleset(state.ruleset).describe(state, action);
export const observe = (state: RulesState, observer: SideId | null): Observation => getRuleset(state.ruleset).observe(state, observer);
export const movesOf = (state: RulesState, unit: UnitId): MoveOption[] => getRuleset(state.ruleset).moves(state, unit);
/**
 * Why the rules refuse `unit` moving to `cell` now, in their words (a counter dropped where no
 * option ends); null when the ruleset cannot say (no `dropMove`) or the move would be legal.
 */
export function dropRefusal(state: RulesState, unit: UnitId, cell: CellId): string | null {
  const rules = getRuleset(state.ruleset);
  const action = rules.dropMove?.(state, unit, cell) ?? null;
  if (!action) return null;
  const r = rules.apply(state, action);
  return r.ok ? null : r.error.message;
}
export const unitOptions = (state: RulesState, unit: UnitId): DescribedAction<RulesAction>[] => getRuleset(state.ruleset).unitOptions(state, unit);
export const zonesOfControl = (state: RulesState, side: SideId): CellId[] => getRuleset(state.ruleset).zonesOfControl(state, side);
// Rulesets with fire along a line of sight (traits.lineOfSight, traits.facing): for hover aids
// (line of sight from a unit, its arc of fire and range). Null or empty when the ruleset has none.
/** Line of sight between two cells (the cells it crosses, where and why it is blocked); null when the rules trace none. */
export const lineOfSight = (state: RulesState, from: CellId, to: CellId): LineOfSight | null => getRuleset(state.ruleset).lineOfSight?.(state, from, to) ?? null;
/** Range between two cells as the rules count it (orthogonal on squares in The Portable Wargame); null when the rules have no ranges. */
export const rangeBetween = (state: RulesState, from: CellId, to: CellId): number | null => getRuleset(state.ruleset).range?.(state, from, to) ?? null;
/**
 * The cells a unit's fire reaches, as its ruleset reads that: its arc and range (The Portable
 * Wargame), or the enemy-held areas in range (Shambattle); whether it may fire now is in `unitOptions`.
 */
export const fireCells = (state: RulesState, unit: UnitId): CellId[] => getRuleset(state.ruleset).fireCells?.(state, unit) ?? [];

/** The events a side may see (a ruleset with hidden units marks the others). */
export const eventsVisibleTo = (events: readonly GameEvent[], side: SideId | null): GameEvent[] =>
  side === null ? [...events] : events.filter((e) => e.visibleTo === undefined || e.visibleTo.includes(side));

export { describeOperationalAction } from './operational/plugin.js';
