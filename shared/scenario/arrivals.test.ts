import { describe, expect, it } from 'vitest';
import type { Scenario } from '../format/scenario.types.js';
import { addReinforcement, addReplacement, placeAtStart, removeReplacement, scheduleUnit, setReinforcementTurn, sortReinforcements, updateReplacement } from './arrivals.js';
import { deepFreeze, smallScenario } from './fixtures.js';
import { findUnit, moveUnitToCell, type EditResult } from './oob.js';

/** The scenario of a successful edit; fails the test with the message otherwise. */
function ok(result: EditResult): Scenario {
  if (!result.ok) throw new Error(`edit failed: ${result.field}: ${result.message}`);
  return result.scenario;
}

const base = (): Scenario => deepFreeze(smallScenario());

describe('reinforcement schedule', () => {
  it('turns a starting unit into a reinforcement and back', () => {
    const later = ok(scheduleUnit(base(), 'g-1', 4, '0101'));
    expect(later.orderOfBattle.map((u) => u.id)).toEqual(['s-1']);
    expect(later.reinforcements).toEqual([{ turn: 4, entryCell: '0,0', unit: { id: 'g-1', side: 'germans', name: 'I Corps', branch: 'infantry', strength: 4 } }]);
    expect(findUnit(later, 'g-1')?.where).toBe('reinforcement');
    const back = ok(placeAtStart(later, 'g-1', '0203'));
    expect(back.orderOfBattle.find((u) => u.id === 'g-1')?.cell).toBe('1,2');
    expect(back.reinforcements).toBeUndefined();
  });

  it('refuses an arrival turn outside the calendar', () => {
    const later = ok(scheduleUnit(base(), 'g-1', 4, '0101'));
    const r = setReinforcementTurn(later, 'g-1', 9);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/from 1 to 8/);
    expect(ok(setReinforcementTurn(later, 'g-1', 8)).reinforcements![0]!.turn).toBe(8);
  });

  it('the schedule sorts by turn, entry cell or a unit column, stable on ties', () => {
    let s = base();
    s = ok(addReinforcement(s, { side: 'germans', name: 'B', branch: 'tank', strength: 2, turn: 5, entryCell: '0102' }));
    s = ok(addReinforcement(s, { side: 'soviets', name: 'A', branch: 'infantry', strength: 4, turn: 2, entryCell: '0601' }));
    s = ok(addReinforcement(s, { side: 'germans', name: 'C', branch: 'infantry', strength: 1, turn: 5, entryCell: '0101' }));
    const names = (x: Scenario) => x.reinforcements!.map((r) => r.unit.name).join('');
    expect(names(sortReinforcements(s))).toBe('ABC');
    expect(names(sortReinforcements(s, 'turn', 'desc'))).toBe('BCA');
    expect(names(sortReinforcements(s, 'entryCell'))).toBe('CBA');
    expect(names(sortReinforcements(s, 'strength', 'desc'))).toBe('ABC');
  });

  it('moving a reinforcement sets its entry cell', () => {
    const later = ok(scheduleUnit(base(), 'g-1', 4, '0101'));
    expect(ok(moveUnitToCell(later, 'g-1', '0102')).reinforcements![0]!.entryCell).toBe('0,1');
  });
});

describe('replacement schedule', () => {
  it('adds entries in turn order, updates and removes them', () => {
    let s = ok(addReplacement(base(), { side: 'soviets', turn: 5, points: 3 }));
    s = ok(addReplacement(s, { side: 'germans', turn: 2, points: 2, branches: ['tank', 'tank'] }));
    expect(s.replacements).toEqual([
      { side: 'germans', turn: 2, points: 2, branches: ['tank'] },
      { side: 'soviets', turn: 5, points: 3 },
    ]);
    s = ok(updateReplacement(s, 0, { branches: [], points: 4 }));
    expect(s.replacements![0]).toEqual({ side: 'germans', turn: 2, points: 4 });
    expect(updateReplacement(s, 0, { points: 0 }).ok).toBe(false);
    expect(updateReplacement(s, 0, { turn: 12 }).ok).toBe(false);
    expect(removeReplacement(removeReplacement(s, 0), 0).replacements).toBeUndefined();
    expect(removeReplacement(s, 7)).toBe(s);
  });
});
