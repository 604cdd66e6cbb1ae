// Shambattle's own scenario checks, as a designer meets them in the checks panel.
import { describe, expect, it } from 'vitest';
import { validateScenario } from '../../format/validate.js';
import type { Scenario } from '../../format/scenario.types.js';
import { shambattleChecks } from './checks.js';
import { shambattle } from './index.js';
import { makeScenario, open, type TestSetup } from './testkit.js';

const base: TestSetup = {
  terrain: open(8, 4),
  units: [
    { id: 'r-cmd', stand: 'commander', cell: '1,1' },
    { id: 'r1', cell: '1,1' },
    { id: 'r2', cell: '1,1' },
    { id: 'r-log', stand: 'fieldTrain', cell: '0,0' },
    { id: 'b-cmd', stand: 'commander', cell: '6,1' },
    { id: 'b1', cell: '6,1' },
    { id: 'b-log', stand: 'fieldTrain', cell: '7,0' },
  ],
};
const messages = (s: Scenario): string[] => shambattleChecks(s).map((i) => `${i.severity}: ${i.message}`);

describe('Shambattle scenario checks', () => {
  it('a well-formed scenario passes, the Army Commander on top of two stands', () => {
    expect(messages(makeScenario(base))).toEqual([]);
    const r = validateScenario(makeScenario(base));
    // Only the format's advice that the map has no victory cells.
    expect(r.issues.map((i) => i.pointer)).toEqual(['/map/cells']);
    expect(r.ok).toBe(true);
  });

  it('an area holds 1 or 2 stands of a side', () => {
    const s = makeScenario({ ...base, units: [...base.units, { id: 'r3', cell: '1,1' }] });
    expect(messages(s)).toEqual(['error: 0202 starts with 3 stands of one side; a grid area holds 1 or 2 (the Army Commander does not count): move 1.']);
    expect(validateScenario(s).ok).toBe(false);
  });

  it('one Army Commander an army; engineers start with their train', () => {
    const s = makeScenario({
      ...base,
      units: [...base.units, { id: 'r-cmd2', stand: 'commander', cell: '2,2' }, { id: 'r-eng', stand: 'engineers', cell: '3,3' }, { id: 'r-tr', stand: 'engineerTrain', cell: '2,3' }],
    });
    expect(messages(s)).toEqual([
      'error: r-cmd2: Red already has an Army Commander (r-cmd); an army has one.',
      'error: r-tr starts at 0304, away from its engineers (r-eng, 0404); the engineers are always with their train.',
    ]);
  });

  it('warns of an army without logistics stands, and of a stand whose symbol contradicts its kind', () => {
    const s = makeScenario({ ...base, units: base.units.filter((u) => u.id !== 'b-log') });
    expect(messages(s)).toEqual(['warning: Blue has no logistics stand (field train or fixed centre): none of its stands can be resupplied overnight.']);
    const wrong = makeScenario(base);
    wrong.orderOfBattle[1] = { ...wrong.orderOfBattle[1]!, branch: 'cavalry' };
    expect(messages(wrong)).toEqual(['warning: r1 is an infantry stand with the cavalry symbol; give it the infantry symbol.']);
  });

  it('fords must be river sides; terrain classes must name the map’s terrain types', () => {
    const s = makeScenario({ ...base, options: { fords: ['3,1,NE'], terrain: { lava: 'impassable' } } });
    expect(messages(s)).toEqual([
      'error: The ford at 3,1,NE is not on a river side of the map; draw the river there or remove the ford.',
      'error: The terrain classes name "lava", which is not one of the map\u2019s terrain types.'.replace('\u2019', "'"),
    ]);
  });

  it('Shambattle is played on hexes', () => {
    const s = makeScenario(base);
    s.map.grid = { kind: 'square', cols: 8, rows: 4 };
    expect(messages(s)[0]).toMatch(/^error: Shambattle is set out on a hex-celled grid/);
  });

  it('the terrain table edits what a terrain type counts as', () => {
    const s = makeScenario(base);
    const r = shambattle.editTable(s, 'terrain', 'clear', 'class', 'brush');
    expect(r.ok).toBe(true);
    if (r.ok) expect((r.scenario.ruleset.options as { terrain: Record<string, string> }).terrain['clear']).toBe('brush');
    expect(shambattle.editTable(s, 'hitTable', '1', 'result', 'x').ok).toBe(false);
  });
});
