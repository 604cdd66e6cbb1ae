// Shared pieces of the order-of-battle and schedule edits: the result type, field checks,
// cell labels typed by people, and small builders. Not re-exported whole by index.ts.
import { createGrid, parseCellId, type Cell, type GridGeometry } from '../grid/index.js';
import { makeLabeller } from '../grid/labels.js';
import { gridSpecOf } from '../format/defaults.js';
import type { Branch, NewUnit, Reinforcement, Scenario } from '../format/scenario.types.js';
import { uniqueUnitId, unitIds } from './ids.js';
import { BRANCHES } from './totals.js';

export type EditResult =
  | { ok: true; scenario: Scenario; /** The id of the unit added or changed. */ unitId?: string }
  | { ok: false; message: string; /** The field at fault, e.g. "strength", "cell", "turn". */ field?: string };

export const fail = (field: string, message: string): EditResult => ({ ok: false, field, message });
export const done = (scenario: Scenario, unitId?: string): EditResult => (unitId === undefined ? { ok: true, scenario } : { ok: true, scenario, unitId });

/** A unit's editable fields (everything but id and place). */
export interface UnitFields {
  side: string;
  name: string;
  branch: Branch;
  strength: number;
  elite?: boolean;
}

/** The first problem with the given unit fields, as a failed result, or null. */
export function fieldProblem(scenario: Scenario, fields: Partial<UnitFields>): EditResult | null {
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

export const gridOf = (scenario: Scenario): GridGeometry => createGrid(gridSpecOf(scenario));

/**
 * A cell label typed by a person ("0307", "C7", or "3,7" counted from 1) → "col,row", or a
 * failed result saying why. A Cell object (e.g. from a drop on the map) is taken as is. On a
 * network map: a position's label or id → its id.
 */
export function cellFromLabel(scenario: Scenario, label: string | Cell, field = 'cell'): { cell: string } | { ok: false; message: string; field: string } {
  const grid = gridOf(scenario);
  if (grid.network) {
    const cell = typeof label === 'string' ? grid.parseLabel(label) : label;
    if (!cell || !grid.inMap(cell)) {
      const shown = typeof label === 'string' ? label.trim() : `${label.col}`;
      return { ok: false, field, message: `"${shown}" is not a position of this map: write its label or id.` };
    }
    return { cell: grid.ref(cell) };
  }
  const cell: Cell | null = typeof label === 'string' ? makeLabeller(grid.spec.labels, grid.spec.cols, grid.spec.rows).parse(label) : label;
  const shown = typeof label === 'string' ? label.trim() : grid.label(label);
  if (!cell) return { ok: false, field, message: `"${shown}" is not a cell: write its label (e.g. ${grid.label({ col: 0, row: 0 })}) or "col,row" counted from 1.` };
  if (!grid.inMap(cell)) return { ok: false, field, message: `Cell ${shown} lies outside the ${grid.spec.cols}×${grid.spec.rows} map.` };
  return { cell: `${cell.col},${cell.row}` };
}

export function turnProblem(scenario: Scenario, turn: number): EditResult | null {
  const last = scenario.calendar.turns;
  if (!Number.isInteger(turn) || turn < 1 || turn > last) return fail('turn', `Turn must be a whole number from 1 to ${last} (the game has ${last} turns), not ${String(turn)}.`);
  return null;
}

/** The fields actually given (a form may pass `undefined` for untouched ones), names trimmed. */
export function cleanFields(fields: Partial<UnitFields>): Partial<UnitFields> {
  const out = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<UnitFields>;
  if (out.name !== undefined) out.name = out.name.trim();
  return out;
}

/** Applies edited fields to a unit; `elite: false` is stored by leaving the key out. */
export function withFields<U extends NewUnit>(unit: U, fields: Partial<UnitFields>): U {
  const next = { ...unit, ...cleanFields(fields) };
  if (!next.elite) delete next.elite;
  return next;
}

/** A unit with checked fields and a fresh id, keys in the order the files use. */
export function newUnit(scenario: Scenario, fields: UnitFields): NewUnit {
  const name = fields.name.trim();
  const code = scenario.sides.find((s) => s.id === fields.side)?.code ?? fields.side;
  const unit: NewUnit = { id: uniqueUnitId(code, name, unitIds(scenario)), side: fields.side, name, branch: fields.branch, strength: fields.strength };
  if (fields.elite) unit.elite = true;
  return unit;
}

/** Orders "col,row" refs by column, then row, as CCRR labels read; other refs (network position ids) by text, after them. */
export const byCell = (a: string, b: string): number => {
  const pa = parseCellId(a);
  const pb = parseCellId(b);
  if (pa && pb) return pa.col - pb.col || pa.row - pb.row;
  if (pa || pb) return pa ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
};

/** Sets the reinforcement list, leaving the key out when it is empty. */
export function withReinforcements(scenario: Scenario, list: Reinforcement[]): Scenario {
  const next = { ...scenario };
  if (list.length) next.reinforcements = list;
  else delete next.reinforcements;
  return next;
}
