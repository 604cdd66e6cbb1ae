import { describe, expect, it } from 'vitest';
import { newScenario } from '../../../../shared/format/new-scenario.js';
import type { Scenario } from '../../../../shared/format/scenario.types.js';
import { validateScenario } from '../../../../shared/format/validate.js';
import { addGroundRule, cellLabel, dateRange, describeRule, moveGroundRule, OPTIONS, removeGroundRule, setTurnCount, updateGroundRule } from './meta.js';

const blank = (): Scenario => newScenario({ id: 'panel-test', title: 'Panel test', gridKind: 'hex', cols: 10, rows: 8, sides: [{ name: 'Germans' }, { name: 'Soviets' }] });

describe('changing the number of turns', () => {
  it('cuts schedules at the new last turn, drops what starts after it, and the file stays valid', () => {
    const s: Scenario = {
      ...blank(),
      airInterdiction: [
        { side: 'germans', fromTurn: 2, toTurn: 10 },
        { side: 'soviets', fromTurn: 9, toTurn: 11 },
      ],
      preparedOffensives: [
        { side: 'germans', turn: 1, count: 2 },
        { side: 'soviets', turn: 9, count: 1 },
      ],
    };
    const next = setTurnCount(s, 8);
    expect(next.calendar.turns).toBe(8);
    expect(next.initiative).toEqual([{ side: 'germans', fromTurn: 1, toTurn: 8 }]);
    expect(next.airInterdiction).toEqual([{ side: 'germans', fromTurn: 2, toTurn: 8 }]);
    expect(next.preparedOffensives).toEqual([{ side: 'germans', turn: 1, count: 2 }]);
    expect(validateScenario(next).ok).toBe(true);
    expect(s.calendar.turns).toBe(12); // the input is untouched
  });

  it('stretches an initiative run that reached the old last turn when turns are added', () => {
    const next = setTurnCount(blank(), 15);
    expect(next.initiative).toEqual([{ side: 'germans', fromTurn: 1, toTurn: 15 }]);
  });

  it('returns the same scenario when the number does not change', () => {
    const s = blank();
    expect(setTurnCount(s, 12)).toBe(s);
  });
});

describe('ground change rules', () => {
  it('adds, edits, reorders and removes rules without touching the input', () => {
    const s = blank();
    const one = addGroundRule(s, 3);
    expect(one.groundConditions.changes).toEqual([{ fromTurn: 3, outcomes: [{ min: 1, max: 2, condition: 'mud' }] }]);
    expect(s.groundConditions.changes).toBeUndefined();
    const two = addGroundRule(updateGroundRule(one, 0, { toTurn: 6, when: ['easy'] }), 7);
    expect(two.groundConditions.changes![0]).toEqual({ fromTurn: 3, toTurn: 6, when: ['easy'], outcomes: [{ min: 1, max: 2, condition: 'mud' }] });
    const swapped = moveGroundRule(two, 1, -1);
    expect(swapped.groundConditions.changes!.map((r) => r.fromTurn)).toEqual([7, 3]);
    expect(moveGroundRule(two, 0, -1)).toBe(two);
    const none = removeGroundRule(removeGroundRule(two, 0), 0);
    expect(none.groundConditions).toEqual({ initial: 'easy' });
    expect(validateScenario(two).ok).toBe(true);
  });

  it('an empty "when" list and a cleared last turn are left out of the file', () => {
    const s = updateGroundRule(updateGroundRule(addGroundRule(blank(), 2), 0, { when: [], toTurn: 5 }), 0, { toTurn: undefined });
    expect(s.groundConditions.changes).toEqual([{ fromTurn: 2, outcomes: [{ min: 1, max: 2, condition: 'mud' }] }]);
  });

  it('describes a rule the way a designer reads it', () => {
    expect(describeRule({ fromTurn: 3, when: ['easy'], outcomes: [{ min: 1, max: 2, condition: 'mud' }] })).toBe('From turn 3, when easy: roll d6, 1–2 → mud');
    expect(describeRule({ fromTurn: 5, toTurn: 5, outcomes: [{ min: 1, max: 6, condition: 'snow' }] })).toBe('Turn 5: roll d6, always snow');
  });
});

describe('labels', () => {
  it('shows cells in the grid label scheme and turn dates as short ranges', () => {
    expect(cellLabel(blank(), '2,6')).toBe('0307');
    expect(dateRange('1941-10-01', '1941-10-03')).toBe('1–3 Oct');
    expect(dateRange('1941-10-29', '1941-11-02')).toBe('29 Oct–2 Nov');
  });

  it('every ruleset option explains itself and names its default', () => {
    expect(OPTIONS.map((o) => o.key).sort()).toEqual(['baseToHit', 'defensiveFire', 'defensiveFireHitOn', 'destroyedStrengthVp', 'stackingLimit', 'supplyLineLimit', 'victoryCellVpPerTurn']);
    for (const o of OPTIONS) expect(o.help).toMatch(/\w.*Default: \S+/);
    expect(OPTIONS.find((o) => o.key === 'stackingLimit')).toMatchObject({ min: 1, max: 9 });
  });
});
