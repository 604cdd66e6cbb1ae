// Short button labels for the decisions the prompt panel offers as buttons, in the
// scenario's own cell labels and unit names.
import type { Scenario } from '../../../shared/format/scenario.types.js';
import type { Action, GameView } from '../../../shared/rules/types.js';
import { boardOf } from '../../../shared/bot/rules-access.js';

export function cellLabeller(scenario: Scenario): (id: string) => string {
  const b = boardOf(scenario);
  return (id) => {
    const i = b.index.get(id);
    return i === undefined ? id : (b.labels[i] ?? id);
  };
}

export function describeAction(a: Action, view: GameView, label: (cell: string) => string): string {
  const unit = (id: string) => view.units.find((u) => u.id === id)?.name ?? id;
  switch (a.type) {
    case 'pass':
      return 'Pass';
    case 'endMovement':
      return 'End movement';
    case 'attack':
      return `Attack in ${label(a.cell)}`;
    case 'retreat':
      // With a unit: one unit of a partial retreat (losses not reduced).
      return a.unit ? `${unit(a.unit)} retreats to ${a.cells.map(label).join(' + ')}` : `Retreat to ${a.cells.map(label).join(' + ')}`;
    case 'stand':
      return view.combat?.stage === 'partialRetreat' ? 'Keep the rest in place' : 'Stand and take every loss';
    case 'chooseLoss':
      return `${unit(a.unit)} takes the loss`;
    case 'endBreakthrough':
      return 'End breakthrough';
    case 'fuelPick':
      return `Roll for ${unit(a.unit)}`;
    case 'endFuel':
      return 'Done picking';
    case 'interdict':
      return `Interdict ${unit(a.unit)}`;
    case 'skipInterdiction':
      return 'No interdiction';
    case 'replace':
      return `+${a.points} to ${unit(a.unit)}`;
    case 'rebuild':
      return `Rebuild ${unit(a.unit)} (${a.strength}) in ${label(a.cell)}`;
    case 'endReinforcement':
      return 'Done with reinforcements';
    case 'activate':
      return `Activate ${label(a.cell)}`;
    case 'move':
      return `${unit(a.unit)} to ${label(a.path.at(-1)!)}`;
    case 'drop':
      return `${unit(a.unit)} drops on ${label(a.to)}`;
    case 'breakthrough':
      return `${unit(a.unit)} breaks through to ${label(a.path.at(-1)!)}`;
  }
}

/** Decisions made with the board (cells, counters) rather than buttons. */
export const BOARD_ACTIONS: ReadonlySet<Action['type']> = new Set(['activate', 'move', 'drop', 'breakthrough']);
