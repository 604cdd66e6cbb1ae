import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../format/scenario.types.js';
import { validateScenario } from '../format/validate.js';
import { cellPlace, fieldPlace, issuePlace, panelForPointer } from './places.js';
import { smallScenario } from './fixtures.js';

const example = JSON.parse(readFileSync(new URL('../../scenarios/seed-000-example.json', import.meta.url), 'utf8')) as Scenario;

describe('places in the words of the editor', () => {
  it('a cell is its map label with its place name', () => {
    expect(cellPlace(example, '4,3')).toBe('0504 (Korsun)');
    expect(cellPlace(example, '0,0')).toBe('0101');
    // Off the map, the label its place would have.
    expect(cellPlace(example, '14,5')).toBe('1506');
  });

  it('a unit field is its panel, the unit by name and the field', () => {
    const i = example.orderOfBattle.findIndex((u) => u.name === 'III Panzer Corps');
    expect(fieldPlace(example, `/orderOfBattle/${i}/cell`)).toBe('Order of battle › III Panzer Corps › start cell');
    expect(fieldPlace(example, `/orderOfBattle/${i}/strength`)).toBe('Order of battle › III Panzer Corps › strength');
    expect(fieldPlace(example, '/orderOfBattle/999/cell')).toBe('Order of battle › unit 1000 › start cell');
  });

  it('calendar, schedule, victory and map fields name their panels', () => {
    expect(fieldPlace(example, '/calendar/startDate')).toBe('Calendar & ground › calendar › start date');
    expect(fieldPlace(example, '/calendar/turns')).toBe('Calendar & ground › calendar › number of turns');
    expect(fieldPlace(example, '/groundConditions/changes/0/outcomes/1')).toBe('Calendar & ground › ground › ground rule 1 › outcome 2');
    expect(fieldPlace(example, '/map/cells/4,3/victory')).toBe('Victory › cell 0504 (Korsun)');
    expect(fieldPlace(example, '/map/cells/4,3/supplyBase')).toBe('Map › cell 0504 (Korsun) › supply base');
    expect(fieldPlace(example, '/title')).toBe('Scenario › title');
    expect(fieldPlace(example, '/sides/1/code')).toBe('Scenario › Soviets › code');
    expect(fieldPlace(example, '/map/terrainTypes/4/freezes')).toBe('Terrain types › Lake › freezes');
    expect(fieldPlace(example, '')).toBe('the whole scenario');
    expect(panelForPointer('/reinforcements/2/entryCell')).toBe('schedule');
  });

  it('no check message or place names a cell by "col,row" or a field by its JSON pointer', () => {
    const s = smallScenario();
    s.orderOfBattle = [
      ...s.orderOfBattle,
      { id: 'g-2', side: 'germans', name: '4th Guards Army', branch: 'infantry', strength: 4, cell: '14,5' },
      { id: 'g-1', side: 'germans', name: 'Duplicate', branch: 'infantry', strength: 4, cell: '1,2' },
    ];
    const r = validateScenario(s);
    expect(r.ok).toBe(false);
    for (const issue of r.issues) {
      const text = `${issue.message} ${issuePlace(s, issue)}`;
      expect(text).not.toMatch(/\/orderOfBattle|\b\d+,\d+\b/);
    }
    const off = r.issues.find((i) => i.message.startsWith('4th Guards Army'))!;
    expect(off.message).toContain('starts at 1506, outside the 6×5 map; pick a cell from 0101 to 0605');
    expect(issuePlace(s, off)).toBe('Order of battle › 4th Guards Army › start cell');
    expect(issuePlace(s, { pointer: '', cell: '2,2' })).toBe('cell 0303 (Town)');
  });
});
