import { describe, expect, it } from 'vitest';
import { newScenario } from '../../../../shared/format/new-scenario.js';
import type { Scenario } from '../../../../shared/format/scenario.types.js';
import { changedFields, swapFields } from './undo.js';

const blank = (): Scenario => newScenario({ id: 'undo-test', title: 'Undo test', gridKind: 'square', cols: 6, rows: 4 });

describe('panel undo by fields', () => {
  it('undoing a panel edit keeps a map edit made after it', () => {
    const s0 = blank();
    const s1: Scenario = { ...s0, author: 'A. Designer', calendar: { ...s0.calendar, turns: 8 } };
    const step = changedFields(s0, s1);
    expect(Object.keys(step.after).sort()).toEqual(['author', 'calendar']);
    // The map designer changes the map afterwards.
    const s2: Scenario = { ...s1, map: { ...s1.map, groundScaleKm: 20 } };
    const undone = swapFields(s2, step.after, step.before)!;
    expect(undone.author).toBeUndefined();
    expect('author' in undone).toBe(false);
    expect(undone.calendar).toBe(s0.calendar);
    expect(undone.map.groundScaleKm).toBe(20);
    const redone = swapFields(undone, step.before, step.after)!;
    expect(redone.author).toBe('A. Designer');
    expect(redone.calendar.turns).toBe(8);
  });

  it('refuses to undo when another editor changed the same field since', () => {
    const s0 = blank();
    const s1: Scenario = { ...s0, title: 'First' };
    const step = changedFields(s0, s1);
    const s2: Scenario = { ...s1, title: 'Renamed in the library' };
    expect(swapFields(s2, step.after, step.before)).toBeNull();
  });
});
