import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newScenario } from './new-scenario.js';
import { validateScenario } from './validate.js';

const sideName = fc.string({ minLength: 1, maxLength: 60 }).filter((s) => s.trim().length > 0);

describe('newScenario', () => {
  it('builds a scenario the validator accepts for any grid kind, size and side names', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('hex', 'square', 'offsetSquare' as const),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 40 }),
        sideName,
        sideName,
        (gridKind, cols, rows, a, b) => {
          const doc = newScenario({ id: 'new-1', title: 'New', gridKind, cols, rows, sides: [{ name: a }, { name: b }] });
          const result = validateScenario(doc);
          expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
          expect(result.ok).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('gives the west half to the first side and the east half to the second', () => {
    const doc = newScenario({ id: 'x', title: 'Split', gridKind: 'square', cols: 5, rows: 2, sides: [{ name: 'Axis' }, { name: 'Allies' }] });
    expect(doc.sides.map((s) => [s.id, s.code])).toEqual([
      ['axis', 'A'],
      ['allies', 'B'],
    ]);
    expect(doc.map.control).toEqual(['AAABB', 'AAABB']);
    expect(doc.map.terrain).toEqual(['.....', '.....']);
  });

  it('uses the dialog’s cell size and ground scale and the default palette', () => {
    const doc = newScenario({ id: 'x', title: 'Scale', gridKind: 'hex', cols: 3, rows: 3, cellSize: { value: 4, unit: 'in' }, groundScaleKm: 10 });
    expect(doc.map.cellSize).toEqual({ value: 4, unit: 'in' });
    expect(doc.map.groundScaleKm).toBe(10);
    expect(doc.map.grid).toEqual({ kind: 'hex', cols: 3, rows: 3, orientation: 'flat' });
    expect(new Set(doc.map.terrainTypes.map((t) => t.category))).toEqual(new Set(['open', 'difficult', 'urban', 'impassable']));
  });
});
