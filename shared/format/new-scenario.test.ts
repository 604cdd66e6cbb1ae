import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalendarDate, MAX_TURNS, newScenario } from './new-scenario.js';
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

  it('builds a blank network map (an extent in mm, no positions or links yet) that the validator accepts', () => {
    const doc = newScenario({ id: 'net-1', title: 'Point to point', gridKind: 'network', cols: 0, rows: 0, extentMm: { width: 594, height: 420 } });
    expect(doc.map.grid).toEqual({ kind: 'network', width: 594, height: 420, positions: [], links: [] });
    expect(doc.map.terrain).toBeUndefined();
    expect(doc.map.control).toBeUndefined();
    expect(doc.map.cellSize).toEqual({ value: 2, unit: 'cm' });
    const result = validateScenario(doc);
    expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(newScenario({ id: 'net-2', title: 'A3', gridKind: 'network', cols: 0, rows: 0 }).map.grid).toMatchObject({ width: 420, height: 297 });
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

describe('new scenario calendar', () => {
  it('the start date and number of turns go into the calendar, and the initiative covers every turn', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_TURNS }), (turns) => {
        const doc = newScenario({ id: 'c', title: 'Cal', gridKind: 'hex', cols: 4, rows: 3, startDate: '1943-07-05', turns });
        expect(doc.calendar).toEqual({ startDate: '1943-07-05', turns });
        expect(doc.initiative).toEqual([{ side: doc.sides[0].id, fromTurn: 1, toTurn: turns }]);
        expect(validateScenario(doc).ok).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it('a start date must exist on the calendar, leap days included', () => {
    expect(isCalendarDate('1941-10-01')).toBe(true);
    expect(isCalendarDate('1944-02-29')).toBe(true);
    expect(isCalendarDate('1943-02-29')).toBe(false);
    expect(isCalendarDate('1900-02-29')).toBe(false);
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('1943-04-31')).toBe(false);
    expect(isCalendarDate('1943-13-01')).toBe(false);
    expect(isCalendarDate('1943-7-5')).toBe(false);
    expect(isCalendarDate('')).toBe(false);
  });

  it('agrees with the JavaScript calendar on every day of the years it covers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), (y, m, d) => {
        const text = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
        const real = new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d;
        expect(isCalendarDate(text)).toBe(real);
      }),
      { numRuns: 500 },
    );
  });
});
