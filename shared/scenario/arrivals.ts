// The reinforcement and replacement schedules: new units arriving on a turn at an entry cell,
// and replacement points a side receives on a turn. Pure edits returning an EditResult
// (see oob.ts), so a table can show a refused value in place.
import type { Cell } from '../grid/index.js';
import type { PlacedUnit, Reinforcement, Replacement, Scenario } from '../format/scenario.types.js';
import { byCell, cellFromLabel, done, fail, fieldProblem, newUnit, turnProblem, withReinforcements, type EditResult, type UnitFields } from './edit.js';
import { findUnit, moveUnitToCell, sortUnits, type SortDirection, type UnitSortColumn } from './oob.js';
import { BRANCHES } from './totals.js';

// ---- reinforcements -------------------------------------------------------------------

/** Adds a new unit arriving on `turn` at the cell a label names. */
export function addReinforcement(scenario: Scenario, fields: UnitFields & { turn: number; entryCell: string | Cell }): EditResult {
  const bad = fieldProblem(scenario, fields) ?? turnProblem(scenario, fields.turn);
  if (bad) return bad;
  const place = cellFromLabel(scenario, fields.entryCell, 'entryCell');
  if (!('cell' in place)) return place;
  const unit = newUnit(scenario, fields);
  return done(withReinforcements(scenario, [...(scenario.reinforcements ?? []), { turn: fields.turn, entryCell: place.cell, unit }]), unit.id);
}

/** Changes the turn a reinforcement arrives. */
export function setReinforcementTurn(scenario: Scenario, id: string, turn: number): EditResult {
  const found = findUnit(scenario, id);
  if (!found || found.where !== 'reinforcement') return fail('id', `No reinforcement has the id "${id}".`);
  const bad = turnProblem(scenario, turn);
  if (bad) return bad;
  const list = [...scenario.reinforcements!];
  list[found.index] = { ...found.reinforcement, turn };
  return done({ ...scenario, reinforcements: list }, id);
}

/** Changes where a reinforcement enters (same as moveUnitToCell for a reinforcement). */
export function setReinforcementEntry(scenario: Scenario, id: string, label: string | Cell): EditResult {
  const found = findUnit(scenario, id);
  if (!found || found.where !== 'reinforcement') return fail('id', `No reinforcement has the id "${id}".`);
  return moveUnitToCell(scenario, id, label);
}

/**
 * Makes a unit arrive as a reinforcement on `turn` at the cell a label names: a starting
 * unit leaves the order of battle; a reinforcement just gets the new turn and entry cell.
 */
export function scheduleUnit(scenario: Scenario, id: string, turn: number, entryLabel: string | Cell): EditResult {
  const found = findUnit(scenario, id);
  if (!found) return fail('id', `No unit has the id "${id}".`);
  const bad = turnProblem(scenario, turn);
  if (bad) return bad;
  const place = cellFromLabel(scenario, entryLabel, 'entryCell');
  if (!('cell' in place)) return place;
  if (found.where === 'reinforcement') {
    const list = [...scenario.reinforcements!];
    list[found.index] = { ...found.reinforcement, turn, entryCell: place.cell };
    return done({ ...scenario, reinforcements: list }, id);
  }
  const { cell: _start, ...unit } = found.unit;
  void _start;
  return done(
    withReinforcements(
      { ...scenario, orderOfBattle: scenario.orderOfBattle.filter((_, i) => i !== found.index) },
      [...(scenario.reinforcements ?? []), { turn, entryCell: place.cell, unit }],
    ),
    id,
  );
}

/** Makes a reinforcement start on the map instead, at the cell a label names. */
export function placeAtStart(scenario: Scenario, id: string, label: string | Cell): EditResult {
  const found = findUnit(scenario, id);
  if (!found) return fail('id', `No unit has the id "${id}".`);
  if (found.where === 'start') return moveUnitToCell(scenario, id, label);
  const place = cellFromLabel(scenario, label);
  if (!('cell' in place)) return place;
  const placed: PlacedUnit = { ...found.unit, cell: place.cell };
  return done(
    withReinforcements({ ...scenario, orderOfBattle: [...scenario.orderOfBattle, placed] }, scenario.reinforcements!.filter((_, i) => i !== found.index)),
    id,
  );
}

export type ReinforcementSortColumn = UnitSortColumn | 'turn' | 'entryCell';

/** A sorted copy of reinforcement rows: by turn, entry cell, or any unit column (stable). */
export function sortReinforcementRows(list: readonly Reinforcement[], column: ReinforcementSortColumn = 'turn', direction: SortDirection = 'asc'): Reinforcement[] {
  const sign = direction === 'desc' ? -1 : 1;
  if (column === 'turn' || column === 'entryCell') {
    const compare = column === 'turn' ? (a: Reinforcement, b: Reinforcement) => a.turn - b.turn : (a: Reinforcement, b: Reinforcement) => byCell(a.entryCell, b.entryCell);
    return list.map((r, i) => ({ r, i })).sort((x, y) => sign * compare(x.r, y.r) || x.i - y.i).map((x) => x.r);
  }
  // Sort the units (the cell column reads the entry cell), carrying their rows along.
  return sortUnits(list.map((r) => ({ ...r.unit, cell: r.entryCell, row: r })), column, direction).map((u) => u.row);
}

/** Reorders the stored reinforcement schedule (by turn unless told otherwise). */
export function sortReinforcements(scenario: Scenario, column: ReinforcementSortColumn = 'turn', direction: SortDirection = 'asc'): Scenario {
  const list = scenario.reinforcements ?? [];
  return list.length ? { ...scenario, reinforcements: sortReinforcementRows(list, column, direction) } : scenario;
}

// ---- replacements ---------------------------------------------------------------------

function replacementProblem(scenario: Scenario, r: Partial<Replacement>): EditResult | null {
  if (r.side !== undefined && !scenario.sides.some((s) => s.id === r.side)) return fail('side', `"${r.side}" is not a side of this scenario.`);
  if (r.turn !== undefined) {
    const bad = turnProblem(scenario, r.turn);
    if (bad) return bad;
  }
  if (r.points !== undefined && !(Number.isInteger(r.points) && r.points >= 1 && r.points <= 99))
    return fail('points', `Points must be a whole number from 1 to 99, not ${String(r.points)}.`);
  if (r.branches !== undefined) {
    const unknown = r.branches.find((b) => !BRANCHES.includes(b));
    if (unknown !== undefined) return fail('branches', `"${unknown}" is not a branch: use ${BRANCHES.join(', ')}.`);
  }
  return null;
}

/** A replacement entry as stored: branches unique, and left out when empty (= any branch). */
function tidyReplacement(r: Replacement): Replacement {
  const out: Replacement = { side: r.side, turn: r.turn, points: r.points };
  const branches = [...new Set(r.branches ?? [])];
  if (branches.length) out.branches = branches;
  return out;
}

function withReplacements(scenario: Scenario, list: Replacement[]): Scenario {
  const next = { ...scenario };
  if (list.length) next.replacements = list;
  else delete next.replacements;
  return next;
}

/** Adds replacement points for a side on a turn, placed in turn order. */
export function addReplacement(scenario: Scenario, entry: Replacement): EditResult {
  const bad = replacementProblem(scenario, entry);
  if (bad) return bad;
  const list = [...(scenario.replacements ?? [])];
  const at = list.findIndex((r) => r.turn > entry.turn);
  list.splice(at < 0 ? list.length : at, 0, tidyReplacement(entry));
  return done(withReplacements(scenario, list));
}

/** Changes the replacement entry at `index` (side, turn, points or branches; `branches: []` = any). */
export function updateReplacement(scenario: Scenario, index: number, patch: Partial<Replacement>): EditResult {
  const current = scenario.replacements?.[index];
  if (!current) return fail('index', `There is no replacement entry ${index}.`);
  const bad = replacementProblem(scenario, patch);
  if (bad) return bad;
  const list = [...scenario.replacements!];
  list[index] = tidyReplacement({ ...current, ...patch });
  return done({ ...scenario, replacements: list });
}

/** Removes the replacement entry at `index`; the same scenario when there is none. */
export function removeReplacement(scenario: Scenario, index: number): Scenario {
  if (!scenario.replacements?.[index]) return scenario;
  return withReplacements(scenario, scenario.replacements.filter((_, i) => i !== index));
}

