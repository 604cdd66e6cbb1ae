// Short button labels for the decisions the prompt panel offers as buttons, in the
// scenario's own cell labels and unit names, from the rules' public API (shared/rules).
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { cellLabels, describeOperationalAction } from '../../../shared/rules/index.js';
import type { Action, GameView } from '../../../shared/rules/types.js';

export function cellLabeller(scenario: Scenario): (id: string) => string {
  return cellLabels(scenario);
}

export function describeAction(a: Action, view: GameView, label: (cell: string) => string): string {
  return describeOperationalAction(a, (id) => view.units.find((u) => u.id === id)?.name ?? id, label, view.combat?.stage === 'partialRetreat');
}

/** Decisions made with the board (cells, counters) rather than buttons. */
export const BOARD_ACTIONS: ReadonlySet<Action['type']> = new Set(['activate', 'move', 'drop', 'breakthrough']);
