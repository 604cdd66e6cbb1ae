import { describe, expect, it } from 'vitest';
import { validateScenario } from '../format/validate.js';
import type { Scenario } from '../format/scenario.types.js';
import { deepFreeze, smallScenario } from './fixtures.js';
import { addUnit, type EditResult } from './oob.js';
import { coreFieldOf, readNewUnitFields, rulesetFieldsOf, setUnitField } from './unit-fields.js';
import { switchRuleset } from './ruleset-switch.js';
import { facingChoices, facingChoicesFor, setUnitFacing } from './facing.js';
import { declarationOf } from '../rules/public.js';

function ok(result: EditResult): Scenario {
  if (!result.ok) throw new Error(`edit failed: ${result.field}: ${result.message}`);
  return result.scenario;
}

/** The small scenario played under Battle for Moscow: its units need half strength and movement. */
function bfmScenario(): Scenario {
  const s = smallScenario();
  return deepFreeze({ ...s, ruleset: { id: 'bfm' }, orderOfBattle: [] });
}

describe('ruleset unit fields', () => {
  it('lists the ruleset’s own values with its labels, and none for the operational ruleset', () => {
    expect(rulesetFieldsOf(bfmScenario()).map((f) => [f.key, f.label, f.required])).toEqual([
      ['reducedStrength', 'Half strength', true],
      ['movement', 'Movement', true],
      ['startsReduced', 'Starts at half strength', false],
    ]);
    expect(coreFieldOf(bfmScenario(), 'strength')?.label).toBe('Combat strength');
    expect(coreFieldOf(bfmScenario(), 'elite')).toBeUndefined();
    expect(rulesetFieldsOf(smallScenario())).toEqual([]);
  });

  it('adds a BfM unit with its factors, and the file is schema-valid', () => {
    const s = bfmScenario();
    const read = readNewUnitFields(s, { reducedStrength: '4', movement: '6' });
    if ('ok' in read) throw new Error(read.message);
    const next = ok(addUnit(s, { side: s.sides[0].id, name: 'XL Pz', branch: 'tank', strength: 9, cell: '0102', fields: read.fields! }));
    expect(next.orderOfBattle[0]!.fields).toEqual({ reducedStrength: 4, movement: 6 });
    expect(validateScenario(next).issues.filter((i) => i.pointer.startsWith('/orderOfBattle') && i.severity === 'error')).toEqual([]);
  });

  it('refuses a missing or out-of-range factor with the field’s own words', () => {
    const s = bfmScenario();
    expect(readNewUnitFields(s, { movement: '6' })).toMatchObject({ ok: false, field: 'fields.reducedStrength', message: expect.stringContaining('Half strength is needed') });
    expect(readNewUnitFields(s, { reducedStrength: '4', movement: '30' })).toMatchObject({ ok: false, field: 'fields.movement', message: expect.stringContaining('from 1 to 20') });
  });

  it('edits one value in place, leaves a default out, and changes nothing on the same value', () => {
    const s0 = bfmScenario();
    const s1 = ok(addUnit(s0, { side: s0.sides[1].id, name: '16 Army', branch: 'infantry', strength: 6, cell: '0303', fields: { reducedStrength: 3, movement: 4 } }));
    const id = s1.orderOfBattle[0]!.id;
    const s2 = ok(setUnitField(s1, id, 'movement', '5'));
    expect(s2.orderOfBattle[0]!.fields).toEqual({ reducedStrength: 3, movement: 5 });
    const s3 = ok(setUnitField(s2, id, 'startsReduced', true));
    expect(s3.orderOfBattle[0]!.fields).toEqual({ reducedStrength: 3, movement: 5, startsReduced: true });
    expect(ok(setUnitField(s3, id, 'startsReduced', false)).orderOfBattle[0]!.fields).toEqual({ reducedStrength: 3, movement: 5 });
    expect(ok(setUnitField(s2, id, 'movement', '5'))).toBe(s2);
    expect(setUnitField(s2, id, 'movement', 'x')).toMatchObject({ ok: false, message: expect.stringContaining('16 Army: Movement must be a whole number') });
    expect(setUnitField(s2, id, 'reducedStrength', '')).toMatchObject({ ok: false, message: expect.stringContaining('Half strength is needed') });
  });
});

describe('switching a scenario to another ruleset', () => {
  it('fills the values Battle for Moscow requires and says so; going back drops them and says so', () => {
    const s = deepFreeze({ ...smallScenario(), ruleset: { id: 'operational' as const, options: { baseToHit: 5 } } });
    const toBfm = switchRuleset(s, 'bfm');
    expect(toBfm.scenario.ruleset).toEqual({ id: 'bfm' });
    expect(toBfm.scenario.orderOfBattle.every((u) => u.fields?.reducedStrength === 1 && u.fields.movement === 1)).toBe(true);
    expect(toBfm.dropped).toEqual([expect.stringContaining('Attack hits on')]);
    expect(toBfm.filled).toEqual([expect.stringMatching(/^Half strength of \d+ units/), expect.stringMatching(/^Movement of \d+ units/)]);
    expect(validateScenario(toBfm.scenario).issues.filter((i) => i.severity === 'error' && !i.pointer.startsWith('/map')).filter((i) => !/half-strength side/.test(i.message))).toEqual([]);
    const back = switchRuleset(toBfm.scenario, 'operational');
    expect(back.scenario.orderOfBattle.every((u) => u.fields === undefined)).toBe(true);
    expect(back.dropped).toEqual([expect.stringMatching(/^Half strength of/), expect.stringMatching(/^Movement of/)]);
  });
});

describe('unit facing in the editor', () => {
  it('reads the ruleset declaration: Battle for Moscow units have no facing, so no choices and no edit', () => {
    const s = bfmScenario();
    expect(facingChoices(s)).toBeNull();
    expect(setUnitFacing(s, 'x', 'N')).toMatchObject({ ok: false, message: 'Battle for Moscow units have no facing.' });
  });

  it('a ruleset that declares facing offers the sides of the grid’s cells', () => {
    const faced = { traits: { ...declarationOf({ ruleset: { id: 'bfm' } })!.traits, facing: true } };
    const base = bfmScenario();
    const hex = { ...base, map: { ...base.map, grid: { kind: 'hex' as const, orientation: 'flat' as const, cols: 8, rows: 8 } } };
    expect(facingChoicesFor(faced, hex)).toEqual(['N', 'NE', 'SE', 'S', 'SW', 'NW']);
    const square = { ...base, map: { ...base.map, grid: { kind: 'square' as const, cols: 8, rows: 8 } } };
    expect(facingChoicesFor(faced, square)).toEqual(['N', 'E', 'S', 'W']);
  });
});
