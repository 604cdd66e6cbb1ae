import { describe, expect, it } from 'vitest';
import type { Scenario } from '../format/scenario.types.js';
import { checkScenario } from './checks.js';
import { deepFreeze, smallScenario } from './fixtures.js';
import { addReinforcement } from './arrivals.js';
import {
  addUnit,
  addUnits,
  deleteUnit,
  duplicateUnit,
  moveUnitToCell,
  sortOrderOfBattle,
  sortUnits,
  updateUnit,
  type EditResult,
} from './oob.js';

/** The scenario of a successful edit; fails the test with the message otherwise. */
function ok(result: EditResult): Scenario {
  if (!result.ok) throw new Error(`edit failed: ${result.field}: ${result.message}`);
  return result.scenario;
}

const base = (): Scenario => deepFreeze(smallScenario());

describe('units', () => {
  it('adds a unit at a labelled cell with an id made from side and name', () => {
    const r = addUnit(base(), { side: 'soviets', name: ' 3rd Guards Tank ', branch: 'tank', strength: 6, elite: true, cell: '0503' });
    const s = ok(r);
    expect(r.ok && r.unitId).toBe('s-3rd-guards-tank');
    expect(s.orderOfBattle[2]).toEqual({ id: 's-3rd-guards-tank', side: 'soviets', name: '3rd Guards Tank', branch: 'tank', strength: 6, elite: true, cell: '4,2' });
    expect(checkScenario(s).filter((i) => i.severity === 'error')).toEqual([]);
  });

  it('refuses bad fields, naming the field', () => {
    const cases: [Parameters<typeof addUnit>[1], string][] = [
      [{ side: 'germans', name: '', branch: 'infantry', strength: 2, cell: '0101' }, 'name'],
      [{ side: 'germans', name: 'A', branch: 'infantry', strength: 0, cell: '0101' }, 'strength'],
      [{ side: 'germans', name: 'A', branch: 'infantry', strength: 2.5, cell: '0101' }, 'strength'],
      [{ side: 'germans', name: 'A', branch: 'artillery' as never, strength: 2, cell: '0101' }, 'branch'],
      [{ side: 'finns', name: 'A', branch: 'infantry', strength: 2, cell: '0101' }, 'side'],
      [{ side: 'germans', name: 'A', branch: 'infantry', strength: 2, cell: '0909' }, 'cell'],
      [{ side: 'germans', name: 'A', branch: 'infantry', strength: 2, cell: 'north' }, 'cell'],
    ];
    for (const [fields, field] of cases) {
      const r = addUnit(base(), fields);
      expect(r.ok, JSON.stringify(fields)).toBe(false);
      if (!r.ok) expect(r.field).toBe(field);
    }
  });

  it('pasted units whose ids are already taken get fresh ids', () => {
    const s = addUnits(base(), [{ id: 'g-1', side: 'germans', name: 'I Corps', branch: 'infantry', strength: 1, cell: '0,0' }]);
    expect(s.orderOfBattle.map((u) => u.id)).toEqual(['g-1', 's-1', 'g-i-corps']);
  });

  it('duplicates a unit right after itself with a new id, and a reinforcement inside the schedule', () => {
    const s = ok(duplicateUnit(base(), 'g-1'));
    expect(s.orderOfBattle.map((u) => u.id)).toEqual(['g-1', 'g-i-corps', 's-1']);
    expect(s.orderOfBattle[1]).toMatchObject({ name: 'I Corps', cell: '1,2', strength: 4 });
    const withR = ok(addReinforcement(s, { side: 'germans', name: 'Res', branch: 'tank', strength: 2, turn: 3, entryCell: '0101' }));
    const dup = ok(duplicateUnit(withR, 'g-res'));
    expect(dup.reinforcements!.map((r) => [r.unit.id, r.turn, r.entryCell])).toEqual([
      ['g-res', 3, '0,0'],
      ['g-res-2', 3, '0,0'],
    ]);
  });

  it('deletes a unit wherever it is; an unknown id changes nothing', () => {
    const s = base();
    expect(deleteUnit(s, 'nope')).toBe(s);
    expect(deleteUnit(s, 'g-1').orderOfBattle.map((u) => u.id)).toEqual(['s-1']);
    const withR = ok(addReinforcement(s, { side: 'germans', name: 'Res', branch: 'tank', strength: 2, turn: 3, entryCell: '0101' }));
    expect(deleteUnit(withR, 'g-res').reinforcements).toBeUndefined();
  });

  it('updates fields with the same checks; elite off is stored by leaving it out', () => {
    const s = ok(updateUnit(base(), 'g-1', { strength: 7, elite: true, name: 'Gruppe A' }));
    expect(s.orderOfBattle[0]).toEqual({ id: 'g-1', side: 'germans', name: 'Gruppe A', branch: 'infantry', strength: 7, elite: true, cell: '1,2' });
    expect(ok(updateUnit(s, 'g-1', { elite: false })).orderOfBattle[0]).not.toHaveProperty('elite');
    const unchanged = base();
    expect(ok(updateUnit(unchanged, 'g-1', { strength: 4, name: 'I Corps ', elite: false, branch: undefined }))).toBe(unchanged);
    const bad = updateUnit(base(), 'g-1', { strength: 100 });
    expect(bad.ok).toBe(false);
    expect(updateUnit(base(), 'zz', { strength: 2 }).ok).toBe(false);
  });

  it('moves a unit to a cell by label, in the grid scheme or "col,row" from 1', () => {
    expect(ok(moveUnitToCell(base(), 'g-1', '0204')).orderOfBattle[0]!.cell).toBe('1,3');
    expect(ok(moveUnitToCell(base(), 'g-1', '3, 5')).orderOfBattle[0]!.cell).toBe('2,4');
    expect(ok(moveUnitToCell(base(), 'g-1', { col: 5, row: 4 })).orderOfBattle[0]!.cell).toBe('5,4'); // a drop on the map
    const off = moveUnitToCell(base(), 'g-1', '0701');
    expect(off).toEqual({ ok: false, field: 'cell', message: 'Cell 0701 lies outside the 6×5 map.' });
  });
});

describe('sorting', () => {
  const units = [
    { id: 'a', side: 'germans', name: 'Corps 10', branch: 'tank' as const, strength: 3, cell: '2,0' },
    { id: 'b', side: 'germans', name: 'Corps 9', branch: 'infantry' as const, strength: 5, cell: '1,4' },
    { id: 'c', side: 'soviets', name: 'army 1', branch: 'infantry' as const, strength: 3, cell: '1,1' },
  ];

  it('sorts by name in natural, case-blind order and by strength both ways, stable on ties', () => {
    expect(sortUnits(units, 'name').map((u) => u.id)).toEqual(['c', 'b', 'a']);
    expect(sortUnits(units, 'strength').map((u) => u.id)).toEqual(['a', 'c', 'b']);
    expect(sortUnits(units, 'strength', 'desc').map((u) => u.id)).toEqual(['b', 'a', 'c']);
  });

  it('sorts cells by column then row, and branches in the rules order', () => {
    expect(sortUnits(units, 'cell').map((u) => u.id)).toEqual(['c', 'b', 'a']);
    expect(sortUnits(units, 'branch').map((u) => u.id)).toEqual(['b', 'c', 'a']);
  });

  it('sorting the stored order of battle does not touch the input', () => {
    const s = base();
    expect(sortOrderOfBattle(s, 'side', 'desc').orderOfBattle.map((u) => u.id)).toEqual(['s-1', 'g-1']);
    expect(s.orderOfBattle.map((u) => u.id)).toEqual(['g-1', 's-1']);
  });
});
