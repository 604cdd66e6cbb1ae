import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CELL_SIZE_RANGE, cellSizeProblem } from './cell-size.js';
import { makeTinyScenario } from './fixtures.js';
import type { PhysicalSize } from './scenario.types.js';
import { validateScenario } from './validate.js';
import { resolvePrintOptions } from '../print/options.js';
import { toMm } from '../print/units.js';

const schemaAccepts = (size: PhysicalSize): boolean => {
  const s = makeTinyScenario();
  s.map.cellSize = size;
  return validateScenario(s).ok;
};
const printAccepts = (size: PhysicalSize): boolean => resolvePrintOptions(makeTinyScenario(), { cellSize: size }).ok;

describe('the one cell-size range (issue #14: the schema took 1000 of any unit, print refused above 2 m)', () => {
  it('is read from the schema: 2 mm to 2 m in every unit', () => {
    expect(CELL_SIZE_RANGE).toEqual({ mm: { min: 2, max: 2000 }, cm: { min: 0.2, max: 200 }, in: { min: 0.08, max: 78.7 } });
    for (const unit of ['mm', 'cm', 'in'] as const) {
      const r = CELL_SIZE_RANGE[unit];
      expect(toMm({ value: r.min, unit })).toBeGreaterThanOrEqual(2);
      expect(toMm({ value: r.max, unit })).toBeLessThanOrEqual(2000);
    }
  });

  it('the schema, print and the shared check agree on every size, at the edges too', () => {
    const edges = (['mm', 'cm', 'in'] as const).flatMap((unit) => {
      const r = CELL_SIZE_RANGE[unit];
      return [r.min, r.max, r.min * 0.999, r.max * 1.001, 0, -1].map((value) => ({ value, unit }));
    });
    for (const size of edges) {
      const ok = cellSizeProblem(size) === null;
      expect(schemaAccepts(size), JSON.stringify(size)).toBe(ok);
      expect(printAccepts(size), JSON.stringify(size)).toBe(ok);
    }
    fc.assert(
      fc.property(fc.double({ min: -10, max: 3000, noNaN: true }), fc.constantFrom('mm', 'cm', 'in' as const), (value, unit) => {
        const size = { value, unit } as PhysicalSize;
        const ok = cellSizeProblem(size) === null;
        expect(schemaAccepts(size)).toBe(ok);
        expect(printAccepts(size)).toBe(ok);
      }),
      { numRuns: 200 },
    );
  });

  it('says the range in the unit used, in one issue at the value', () => {
    expect(cellSizeProblem({ value: 250, unit: 'cm' })).toBe('must be from 0.2 to 200 cm; got 250 cm');
    const s = makeTinyScenario();
    s.map.cellSize = { value: 250, unit: 'cm' };
    const v = validateScenario(s);
    expect(v.ok ? [] : v.issues.map((i) => [i.pointer, i.message])).toEqual([['/map/cellSize/value', '"value" must be a number from 0.2 to 200 (found 250).']]);
    const r = resolvePrintOptions(makeTinyScenario(), { cellSize: { value: 80, unit: 'in' } });
    expect(r.ok ? [] : r.problems).toEqual([{ field: 'cellSize', message: 'must be from 0.08 to 78.7 in; got 80 in' }]);
  });
});
