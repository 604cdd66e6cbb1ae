// Order-of-battle helpers for the units table: find, add, duplicate, delete, update, move and
// sort units. Every edit is pure: it returns a new scenario and never changes its input.
//
// Edits that take what a person typed (a name, a strength, a cell label) return an
// EditResult: `{ ok: true, scenario }` or `{ ok: false, message, field }` naming the field to
// highlight, so a table cell can show the message in place and nothing half-changes.
// Units are found by id, whether they start on the map or arrive as reinforcements.
// Reinforcement and replacement schedules: arrivals.ts; the victory summary: victory.ts.
import type { Cell } from '../grid/index.js';
import type { NewUnit, PlacedUnit, Reinforcement, RulesetUnitFields, Scenario } from '../format/scenario.types.js';
import { byCell, cellFromLabel, cleanFields, done, fail, fieldProblem, newUnit, withFields, withReinforcements, type EditResult, type UnitFields } from './edit.js';
import { uniqueUnitId, unitIds } from './ids.js';
import { BRANCHES } from './totals.js';

export type { EditResult, UnitFields } from './edit.js';
export { cellFromLabel } from './edit.js';

/** Where a unit is in the scenario. */
export type UnitPlace =
  | { where: 'start'; index: number; unit: PlacedUnit }
  | { where: 'reinforcement'; index: number; unit: NewUnit; reinforcement: Reinforcement };

export function findUnit(scenario: Scenario, id: string): UnitPlace | undefined {
  const index = scenario.orderOfBattle.findIndex((u) => u.id === id);
  if (index >= 0) return { where: 'start', index, unit: scenario.orderOfBattle[index]! };
  const r = (scenario.reinforcements ?? []).findIndex((x) => x.unit.id === id);
  if (r >= 0) {
    const reinforcement = scenario.reinforcements![r]!;
    return { where: 'reinforcement', index: r, unit: reinforcement.unit, reinforcement };
  }
  return undefined;
}

// ---- units ----------------------------------------------------------------------------

/** Adds a unit starting at the cell a label names (with its ruleset values, checked by unit-fields.ts); its id is derived from side and name. */
export function addUnit(scenario: Scenario, fields: UnitFields & { cell: string | Cell; fields?: RulesetUnitFields }): EditResult {
  const bad = fieldProblem(scenario, fields);
  if (bad) return bad;
  const place = cellFromLabel(scenario, fields.cell);
  if (!('cell' in place)) return place;
  const unit: PlacedUnit = { ...newUnit(scenario, fields), cell: place.cell };
  if (fields.fields && Object.keys(fields.fields).length) unit.fields = { ...fields.fields };
  return done({ ...scenario, orderOfBattle: [...scenario.orderOfBattle, unit] }, unit.id);
}

/**
 * Appends ready-made units (a paste preview's). Any id already taken gets a fresh one, so
 * pasting the same rows twice never makes duplicate ids.
 */
export function addUnits(scenario: Scenario, units: readonly PlacedUnit[]): Scenario {
  if (units.length === 0) return scenario;
  const taken = unitIds(scenario);
  const prefix = (u: PlacedUnit) => scenario.sides.find((s) => s.id === u.side)?.code ?? u.side;
  const added = units.map((u) => {
    if (!taken.has(u.id)) {
      taken.add(u.id);
      return { ...u };
    }
    return { ...u, id: uniqueUnitId(prefix(u), u.name, taken) };
  });
  return { ...scenario, orderOfBattle: [...scenario.orderOfBattle, ...added] };
}

/** Copies a unit (same fields, same cell or same arrival) right after it, with a new id. */
export function duplicateUnit(scenario: Scenario, id: string): EditResult {
  const found = findUnit(scenario, id);
  if (!found) return fail('id', `No unit has the id "${id}".`);
  const side = scenario.sides.find((s) => s.id === found.unit.side);
  const newId = uniqueUnitId(side?.code ?? found.unit.side, found.unit.name, unitIds(scenario));
  if (found.where === 'start') {
    const list = [...scenario.orderOfBattle];
    list.splice(found.index + 1, 0, { ...found.unit, id: newId });
    return done({ ...scenario, orderOfBattle: list }, newId);
  }
  const list = [...scenario.reinforcements!];
  list.splice(found.index + 1, 0, { ...found.reinforcement, unit: { ...found.unit, id: newId } });
  return done({ ...scenario, reinforcements: list }, newId);
}

/** Removes a unit wherever it is; the same scenario when no unit has that id. */
export function deleteUnit(scenario: Scenario, id: string): Scenario {
  const found = findUnit(scenario, id);
  if (!found) return scenario;
  if (found.where === 'start') return { ...scenario, orderOfBattle: scenario.orderOfBattle.filter((_, i) => i !== found.index) };
  return withReinforcements(scenario, scenario.reinforcements!.filter((_, i) => i !== found.index));
}

/** Changes a unit's name, branch, strength, elite flag or side; the same scenario when nothing differs. */
export function updateUnit(scenario: Scenario, id: string, patch: Partial<UnitFields>): EditResult {
  const found = findUnit(scenario, id);
  if (!found) return fail('id', `No unit has the id "${id}".`);
  const bad = fieldProblem(scenario, patch);
  if (bad) return bad;
  const given = cleanFields(patch);
  const same = (Object.keys(given) as (keyof UnitFields)[]).every((k) => (k === 'elite' ? !!given.elite === !!found.unit.elite : given[k] === found.unit[k]));
  if (same) return done(scenario, id); // nothing to record for undo
  if (found.where === 'start') {
    const list = [...scenario.orderOfBattle];
    list[found.index] = withFields(found.unit, patch);
    return done({ ...scenario, orderOfBattle: list }, id);
  }
  const list = [...scenario.reinforcements!];
  list[found.index] = { ...found.reinforcement, unit: withFields(found.unit, patch) };
  return done({ ...scenario, reinforcements: list }, id);
}

/**
 * Moves a unit to the cell a label names ("0307", "C7", "3,7" from 1) or to a Cell: a
 * starting unit's cell, or a reinforcement's entry cell.
 */
export function moveUnitToCell(scenario: Scenario, id: string, label: string | Cell): EditResult {
  const found = findUnit(scenario, id);
  if (!found) return fail('id', `No unit has the id "${id}".`);
  const place = cellFromLabel(scenario, label, found.where === 'start' ? 'cell' : 'entryCell');
  if (!('cell' in place)) return place;
  if (found.where === 'start') {
    const list = [...scenario.orderOfBattle];
    list[found.index] = { ...found.unit, cell: place.cell };
    return done({ ...scenario, orderOfBattle: list }, id);
  }
  const list = [...scenario.reinforcements!];
  list[found.index] = { ...found.reinforcement, entryCell: place.cell };
  return done({ ...scenario, reinforcements: list }, id);
}

// ---- sorting --------------------------------------------------------------------------

export type UnitSortColumn = 'name' | 'side' | 'branch' | 'strength' | 'elite' | 'cell' | 'id';
export type SortDirection = 'asc' | 'desc';

const text = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });

/**
 * A sorted copy of a unit list (stable: equal keys keep their order, so sorting by side and
 * then by strength groups as expected). Cells sort by column, then row, as CCRR labels read.
 */
export function sortUnits<T extends NewUnit & { cell?: string }>(units: readonly T[], column: UnitSortColumn, direction: SortDirection = 'asc'): T[] {
  const compare: (a: T, b: T) => number = {
    name: (a: T, b: T) => text(a.name, b.name),
    side: (a: T, b: T) => text(a.side, b.side),
    branch: (a: T, b: T) => BRANCHES.indexOf(a.branch) - BRANCHES.indexOf(b.branch),
    strength: (a: T, b: T) => a.strength - b.strength,
    elite: (a: T, b: T) => Number(!!a.elite) - Number(!!b.elite),
    cell: (a: T, b: T) => byCell(a.cell ?? '', b.cell ?? ''),
    id: (a: T, b: T) => text(a.id, b.id),
  }[column];
  const sign = direction === 'desc' ? -1 : 1;
  return units.map((u, i) => ({ u, i })).sort((x, y) => sign * compare(x.u, y.u) || x.i - y.i).map((x) => x.u);
}

/** Reorders the stored order of battle by a column (the file keeps that order). */
export function sortOrderOfBattle(scenario: Scenario, column: UnitSortColumn, direction: SortDirection = 'asc'): Scenario {
  return { ...scenario, orderOfBattle: sortUnits(scenario.orderOfBattle, column, direction) };
}
