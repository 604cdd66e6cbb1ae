// Battle for Moscow's tables as the scenario editor changes them: the combat results table
// ("Combat Results Table", seed 002) kept in the scenario (ruleset.options.crt) and read by the
// engine and the tabletop kit's play aids, and the turn record track's mud turns ("Mud: turns 3
// and 4 are mud turns; each stands for two weeks"), which the ground schedule carries.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BfmAction } from '../../format/ruleset-bfm.types.js';
import type { Scenario } from '../../format/scenario.types.js';
import { kitAids } from '../../kit/content.js';
import { editRulesTable, rulesTables } from '../public.js';
import { bfmChecks } from './checks.js';
import { bfm } from './index.js';
import { at, makeBfmScenario, play, unit, withDice } from './testkit.js';

const bundled = JSON.parse(readFileSync(new URL('../../../scenarios/battle-for-moscow.json', import.meta.url), 'utf8')) as Scenario;

function edited(s: Scenario, table: string, row: string, column: string, value: string): Scenario {
  const r = editRulesTable(s, table, row, column, value);
  if (!r.ok) throw new Error(r.message);
  return r.scenario;
}

const cellOf = (s: Scenario, table: string, row: string, column: string): string => {
  const t = rulesTables(s).find((x) => x.id === table)!;
  return t.rows.find((r) => r.key === row)!.cells[t.columns.findIndex((c) => c.key === column)]!;
};

describe('the combat results table, edited', () => {
  it('keeps the scenario\u2019s own table in ruleset.options.crt and shows it, and goes back to none when the printed table is restored', () => {
    expect(cellOf(bundled, 'crt', 'd3', 'c2')).toBe('NE');
    const s = edited(bundled, 'crt', 'd3', 'c2', 'DE');
    expect(cellOf(s, 'crt', 'd3', 'c2')).toBe('DE');
    expect((s.ruleset.options as { crt?: string[][] }).crt?.[2]?.[1]).toBe('DE');
    expect(rulesTables(s).find((t) => t.id === 'crt')!.notes).toContain('This scenario changes the printed table.');
    expect(bundled.ruleset.options).toBeUndefined();
    const back = edited(s, 'crt', 'd3', 'c2', 'NE');
    expect(back.ruleset).toEqual(bundled.ruleset);
  });

  it('refuses a value the table does not take, naming the table, the die and the column', () => {
    const r = editRulesTable(bundled, 'crt', 'd3', 'c2', 'XX');
    expect(r).toEqual({ ok: false, message: 'Combat results table, die 3, 2:1: a result is one of AL, NE, DR, DRL, DE, EX, not "XX".' });
    const fixed = editRulesTable(bundled, 'terrain', 'forest', 'move', '3 hexes');
    expect(fixed.ok).toBe(false);
    expect(!fixed.ok && fixed.message).toContain('terrain effects follows from the rules');
  });

  // "Roll one die, find the result in the odds column" — with the scenario's own entry.
  it('is the table the engine resolves a battle with', () => {
    const base = makeBfmScenario({
      terrain: ['.......', '.......', '.......', '.......', '.......'],
      units: [{ id: 'g1', cell: '2,2', strength: 8, half: 4 }, { id: 's1', cell: '3,2', strength: 4, half: 2 }],
    });
    const declare: BfmAction = { type: 'declare', side: 'ger', defender: 's1', attackers: ['g1'] };
    const game = (s: Scenario) => withDice(at(bfm.newGame(s), { turn: 1, phase: 'combat', player: 'ger' }), [5]);
    // 8 to 4 is 2:1; a 5 there is DR in the printed table: the defender lives to retreat.
    const printed = play(game(base), declare);
    expect(printed.events.find((e) => e.kind === 'combat')!.text).toMatch(/rolled 5: DR\b/);
    expect(unit(printed.state, 's1').status).not.toBe('eliminated');
    const s = edited(base, 'crt', 'd5', 'c2', 'DE');
    const after = play(game(s), declare);
    expect(after.events.find((e) => e.kind === 'combat')!.text).toMatch(/rolled 5: DE\b/);
    expect(unit(after.state, 's1').status).toBe('eliminated');
  });

  it('is the table the tabletop kit prints among the play aids', () => {
    const s = edited(bundled, 'crt', 'd6', 'c6', 'EX');
    const crt = kitAids(s).find((t) => t.id === 'crt')!;
    expect(crt.rows[5]!.cells[5]).toBe('EX');
    expect(kitAids(bundled).find((t) => t.id === 'crt')!.rows[5]!.cells[5]).not.toBe('EX');
  });
});

describe('the turn record track\u2019s mud turns, edited', () => {
  const weather = (s: Scenario) => rulesTables(s).find((t) => t.id === 'turns')!.rows.map((r) => r.cells[1]);

  it('makes a turn a mud turn or a clear one; the ground schedule follows with fixed changes and the dates with two-week turns', () => {
    expect(weather(bundled)).toEqual(['Clear', 'Clear', 'Mud (two weeks)', 'Mud (two weeks)', 'Clear', 'Clear', 'Clear']);
    const s = edited(bundled, 'turns', 't5', 'weather', 'Mud (two weeks)');
    expect(weather(s)).toEqual(['Clear', 'Clear', 'Mud (two weeks)', 'Mud (two weeks)', 'Mud (two weeks)', 'Clear', 'Clear']);
    expect(s.groundConditions).toEqual({
      initial: 'easy',
      changes: [
        { fromTurn: 3, toTurn: 5, outcomes: [{ min: 1, max: 6, condition: 'mud' }] },
        { fromTurn: 6, outcomes: [{ min: 1, max: 6, condition: 'easy' }] },
      ],
    });
    // Turn 6 starts two weeks later than before: turn 5 now stands for two weeks.
    const dates = (x: Scenario) => rulesTables(x).find((t) => t.id === 'turns')!.rows[5]!.cells[0];
    expect(dates(s)).not.toBe(dates(bundled));
    expect(bfmChecks(s).filter((i) => i.severity === 'error')).toEqual([]);
    const back = edited(s, 'turns', 't5', 'weather', 'Clear');
    expect(back.groundConditions).toEqual(bundled.groundConditions);
  });

  it('changes the weather column only, naming the turn', () => {
    const r = editRulesTable(bundled, 'turns', 't2', 'dates', '1 Jan');
    expect(r).toEqual({ ok: false, message: 'Turn 2: only the weather can be changed on the turn record track; dates, replacements and arrivals follow from the scenario.' });
    const bad = editRulesTable(bundled, 'turns', 't2', 'weather', 'Snow');
    expect(bad).toEqual({ ok: false, message: 'Turn 2 weather: Clear or Mud (two weeks), not "Snow".' });
  });
});
