// Order-of-battle helpers for the OOB, reinforcement and replacement tables and the victory
// summary. Every edit is pure: it returns a new scenario and never changes its input.
//
// Edits that take what a person typed (a name, a strength, a cell label, a turn) return an
// EditResult: `{ ok: true, scenario }` or `{ ok: false, message, field }` naming the field to
// highlight, so a table cell can show the message in place and nothing half-changes.
// Units are found by id, whether they start on the map or arrive as reinforcements.
import { createGrid, type Cell, type GridGeometry } from '../grid/index.js';
import { makeLabeller } from '../grid/labels.js';
import { gridSpecOf, resolveOptions } from '../format/defaults.js';
import type { Branch, NewUnit, PlacedUnit, Reinforcement, Replacement, Scenario } from '../format/scenario.types.js';
import { controlAt } from '../format/board.js';
import { uniqueUnitId, unitIds } from './ids.js';
import { BRANCHES } from './totals.js';

export type EditResult =
  | { ok: true; scenario: Scenario; /** The id of the unit added or changed. */ unitId?: string }
  | { ok: false; message: string; /** The field at fault, e.g. "strength", "cell", "turn". */ field?: string };

const fail = (field: string, message: string): EditResult => ({ ok: false, field, message });
const done = (scenario: Scenario, unitId?: string): EditResult => (unitId === undefined ? { ok: true, scenario } : { ok: true, scenario, unitId });

/** A unit's editable fields (everything but id and place). */
export interface UnitFields {
  side: string;
  name: string;
  branch: Branch;
  strength: number;
  elite?: boolean;
}

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

// ---- field checks ---------------------------------------------------------------------

function fieldProblem(scenario: Scenario, fields: Partial<UnitFields>): EditResult | null {
  if (fields.name !== undefined) {
    const name = fields.name.trim();
    if (!name) return fail('name', 'The unit needs a name.');
    if (name.length > 80) return fail('name', `The name is ${name.length} characters long; at most 80.`);
  }
  if (fields.strength !== undefined && !(Number.isInteger(fields.strength) && fields.strength >= 1 && fields.strength <= 99))
    return fail('strength', `Strength must be a whole number from 1 to 99, not ${String(fields.strength)}.`);
  if (fields.branch !== undefined && !BRANCHES.includes(fields.branch))
    return fail('branch', `"${String(fields.branch)}" is not a branch: use ${BRANCHES.join(', ')}.`);
  if (fields.side !== undefined && !scenario.sides.some((s) => s.id === fields.side))
    return fail('side', `"${fields.side}" is not a side of this scenario (${scenario.sides.map((s) => s.id).join(' or ')}).`);
  return null;
}

const gridOf = (scenario: Scenario): GridGeometry => createGrid(gridSpecOf(scenario));

/**
 * A cell label typed by a person ("0307", "C7", or "3,7" counted from 1) → "col,row", or a
 * failed result saying why. A Cell object (e.g. from a drop on the map) is taken as is.
 */
export function cellFromLabel(scenario: Scenario, label: string | Cell, field = 'cell'): { cell: string } | { ok: false; message: string; field: string } {
  const grid = gridOf(scenario);
  const cell: Cell | null = typeof label === 'string' ? makeLabeller(grid.spec.labels, grid.spec.cols, grid.spec.rows).parse(label) : label;
  const shown = typeof label === 'string' ? label.trim() : grid.label(label);
  if (!cell) return { ok: false, field, message: `"${shown}" is not a cell: write its label (e.g. ${grid.label({ col: 0, row: 0 })}) or "col,row" counted from 1.` };
  if (!grid.inMap(cell)) return { ok: false, field, message: `Cell ${shown} lies outside the ${grid.spec.cols}×${grid.spec.rows} map.` };
  return { cell: `${cell.col},${cell.row}` };
}

function turnProblem(scenario: Scenario, turn: number): EditResult | null {
  const last = scenario.calendar.turns;
  if (!Number.isInteger(turn) || turn < 1 || turn > last) return fail('turn', `Turn must be a whole number from 1 to ${last} (the game has ${last} turns), not ${String(turn)}.`);
  return null;
}

/** The fields actually given (a form may pass `undefined` for untouched ones), names trimmed. */
function cleanFields(fields: Partial<UnitFields>): Partial<UnitFields> {
  const out = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<UnitFields>;
  if (out.name !== undefined) out.name = out.name.trim();
  return out;
}

/** Applies edited fields to a unit; `elite: false` is stored by leaving the key out. */
function withFields<U extends NewUnit>(unit: U, fields: Partial<UnitFields>): U {
  const next = { ...unit, ...cleanFields(fields) };
  if (!next.elite) delete next.elite;
  return next;
}

/** A unit with checked fields and a fresh id, keys in the order the files use. */
function newUnit(scenario: Scenario, fields: UnitFields): NewUnit {
  const name = fields.name.trim();
  const code = scenario.sides.find((s) => s.id === fields.side)?.code ?? fields.side;
  const unit: NewUnit = { id: uniqueUnitId(code, name, unitIds(scenario)), side: fields.side, name, branch: fields.branch, strength: fields.strength };
  if (fields.elite) unit.elite = true;
  return unit;
}

// ---- units ----------------------------------------------------------------------------

/** Adds a unit starting at the cell a label names; its id is derived from side and name. */
export function addUnit(scenario: Scenario, fields: UnitFields & { cell: string | Cell }): EditResult {
  const bad = fieldProblem(scenario, fields);
  if (bad) return bad;
  const place = cellFromLabel(scenario, fields.cell);
  if (!('cell' in place)) return place;
  const unit: PlacedUnit = { ...newUnit(scenario, fields), cell: place.cell };
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

const byCell = (a: string, b: string): number => {
  const [ac, ar] = a.split(',').map(Number) as [number, number];
  const [bc, br] = b.split(',').map(Number) as [number, number];
  return ac - bc || ar - br;
};
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

// ---- reinforcements -------------------------------------------------------------------

function withReinforcements(scenario: Scenario, list: Reinforcement[]): Scenario {
  const next = { ...scenario };
  if (list.length) next.reinforcements = list;
  else delete next.reinforcements;
  return next;
}

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

// ---- victory --------------------------------------------------------------------------

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
    const [col, row] = ref.split(',').map(Number) as [number, number];
    const cell = { col, row };
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
