// The printed cell size's one range. The scenario schema states it (PhysicalSize, per unit);
// this module reads it from there so the editor, the New dialog and print check the same
// numbers the schema validates, never a copy of them.
import scenarioSchema from '../../schemas/scenario.schema.json' with { type: 'json' };
import type { PhysicalSize } from './scenario.types.js';

export type CellSizeUnit = PhysicalSize['unit'];

export interface CellSizeRange {
  min: number;
  max: number;
}

/** One link of the schema's if/then/else chain: a unit and its range, then the next unit. */
interface RangeBranch {
  if: { properties: { unit: { const: CellSizeUnit } } };
  then: { properties: { value: { minimum: number; maximum: number } } };
  else?: RangeBranch;
}

function readRanges(): Record<CellSizeUnit, CellSizeRange> {
  const def = (scenarioSchema as unknown as { $defs: { PhysicalSize: RangeBranch } }).$defs.PhysicalSize;
  const out: Partial<Record<CellSizeUnit, CellSizeRange>> = {};
  for (let branch: RangeBranch | undefined = def; branch; branch = branch.else) {
    const v = branch.then.properties.value;
    out[branch.if.properties.unit.const] = { min: v.minimum, max: v.maximum };
  }
  if (!out.mm || !out.cm || !out.in) throw new Error('scenario.schema.json: PhysicalSize must give a range for mm, cm and in');
  return out as Record<CellSizeUnit, CellSizeRange>;
}

/** Smallest and largest cell size per unit, inclusive, as the schema states them. */
export const CELL_SIZE_RANGE: Readonly<Record<CellSizeUnit, CellSizeRange>> = Object.freeze(readRanges());

/** "from 2 to 2000 mm" for a unit; every unit when none is given. */
export function cellSizeRangeText(unit?: CellSizeUnit): string {
  const one = (u: CellSizeUnit) => `from ${CELL_SIZE_RANGE[u].min} to ${CELL_SIZE_RANGE[u].max} ${u}`;
  return unit ? one(unit) : `${one('mm')} (${CELL_SIZE_RANGE.cm.min}\u2013${CELL_SIZE_RANGE.cm.max} cm, ${CELL_SIZE_RANGE.in.min}\u2013${CELL_SIZE_RANGE.in.max} in)`;
}

/** Why a cell size is out of the range (a sentence fragment after "cell size"), or null when it fits. */
export function cellSizeProblem(size: { value: unknown; unit: unknown } | null | undefined): string | null {
  const unit = size?.unit;
  if (unit !== 'mm' && unit !== 'cm' && unit !== 'in') return `unit must be mm, cm or in; got ${JSON.stringify(unit)}`;
  const value = size!.value;
  const r = CELL_SIZE_RANGE[unit];
  if (typeof value !== 'number' || !Number.isFinite(value) || value < r.min || value > r.max) {
    return `must be ${cellSizeRangeText(unit)}; got ${typeof value === 'number' ? `${value} ${unit}` : JSON.stringify(value)}`;
  }
  return null;
}
