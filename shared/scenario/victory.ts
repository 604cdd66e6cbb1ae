// The victory summary: what the victory cells are worth, who holds them at the start, and
// what each side can score by destroying the enemy.
import { resolveOptions } from '../format/defaults.js';
import { controlAt } from '../format/board.js';
import type { Scenario } from '../format/scenario.types.js';
import { byCell, gridOf } from './edit.js';

export interface VictoryCellSummary {
  /** "col,row" */
  cell: string;
  /** As people read it, in the grid's label scheme. */
  label: string;
  name?: string;
  /** VP at the end of each game turn to its holder (the ruleset default when the cell sets none). */
  perTurn: number;
  /** VP at the end of the game to its holder. */
  endGame: number;
  /** Side id holding it at the start, or null when the control map is broken there. */
  heldBy: string | null;
  /** Most VP the cell can give one side: perTurn every turn plus endGame. */
  overGame: number;
}

export interface VictorySummary {
  cells: VictoryCellSummary[];
  /** VP per turn each side earns from the cells it holds at the start. */
  perTurnAtStart: Record<string, number>;
  /** End-of-game VP of the cells each side holds at the start. */
  endGameAtStart: Record<string, number>;
  /**
   * End-of-game VP each side earns if it destroys every enemy unit (start and reinforcements):
   * enemy starting strength × the destroyed-strength VP option.
   */
  destroyedStrengthVp: Record<string, number>;
  /** VP per turn and at the end over all victory cells. */
  totalPerTurn: number;
  totalEndGame: number;
}

export function victorySummary(scenario: Scenario): VictorySummary {
  const grid = gridOf(scenario);
  const options = resolveOptions(scenario);
  const turns = scenario.calendar.turns;
  const zero = () => Object.fromEntries(scenario.sides.map((s) => [s.id, 0])) as Record<string, number>;
  const perTurnAtStart = zero();
  const endGameAtStart = zero();
  const cells: VictoryCellSummary[] = [];
  for (const [ref, f] of Object.entries(scenario.map.cells ?? {})) {
    if (!f.victory) continue;
    const cell = grid.parseRef(ref) ?? { col: -1, row: -1 };
    const perTurn = f.victory.perTurn ?? options.victoryCellVpPerTurn;
    const endGame = f.victory.endGame ?? 0;
    const heldBy = grid.inMap(cell) ? (controlAt(scenario, cell)?.id ?? null) : null;
    if (heldBy) {
      perTurnAtStart[heldBy] = (perTurnAtStart[heldBy] ?? 0) + perTurn;
      endGameAtStart[heldBy] = (endGameAtStart[heldBy] ?? 0) + endGame;
    }
    const summary: VictoryCellSummary = { cell: ref, label: grid.label(cell), perTurn, endGame, heldBy, overGame: perTurn * turns + endGame };
    if (f.name) summary.name = f.name;
    cells.push(summary);
  }
  cells.sort((a, b) => byCell(a.cell, b.cell));
  const strength = zero();
  for (const u of [...scenario.orderOfBattle, ...(scenario.reinforcements ?? []).map((r) => r.unit)]) strength[u.side] = (strength[u.side] ?? 0) + u.strength;
  const destroyedStrengthVp = zero();
  for (const side of scenario.sides) {
    const enemy = scenario.sides.filter((s) => s.id !== side.id).reduce((sum, s) => sum + (strength[s.id] ?? 0), 0);
    destroyedStrengthVp[side.id] = enemy * options.destroyedStrengthVp;
  }
  return {
    cells,
    perTurnAtStart,
    endGameAtStart,
    destroyedStrengthVp,
    totalPerTurn: cells.reduce((s, c) => s + c.perTurn, 0),
    totalEndGame: cells.reduce((s, c) => s + c.endGame, 0),
  };
}
