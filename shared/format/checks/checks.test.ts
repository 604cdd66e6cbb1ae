import { describe, expect, it } from 'vitest';
import { makeTinyScenario } from '../fixtures.js';
import type { Scenario } from '../scenario.types.js';
import { checkById, errorChecks, runChecks, scenarioChecks, warningChecks } from './index.js';

/** Runs one named check alone over a scenario. */
function run(id: string, scenario: Scenario) {
  const check = checkById(id);
  if (!check) throw new Error(`no check "${id}"`);
  return runChecks(scenario, [check]);
}

describe('the check list', () => {
  it('gives every check a unique id and a one-line rule', () => {
    const ids = scenarioChecks.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of scenarioChecks) expect(c.rule.length).toBeGreaterThan(10);
  });

  it('keeps design advice (warnings) apart from errors', () => {
    expect(errorChecks.every((c) => c.severity === 'error')).toBe(true);
    expect(warningChecks.length).toBeGreaterThan(0);
    expect(warningChecks.every((c) => c.severity === 'warning')).toBe(true);
  });

  it('finds nothing in the valid fixture, check by check', () => {
    for (const check of scenarioChecks) expect(runChecks(makeTinyScenario(), [check]), check.id).toEqual([]);
  });
});

describe('error checks', () => {
  it('stacking uses the scenario stacking limit option', () => {
    const s = makeTinyScenario();
    s.ruleset.options = { stackingLimit: 1 };
    const issues = run('start-stacking-limit', s);
    expect(issues).toEqual([
      expect.objectContaining({ pointer: '/orderOfBattle/1/cell', cell: '1,2', severity: 'error' }),
    ]);
    expect(issues[0]?.message).toContain('2 units of Germans');
  });

  it("stacking counts each side's units separately", () => {
    const s = makeTinyScenario();
    s.orderOfBattle.push(
      { id: 's-a', side: 'sov', name: 'A', branch: 'infantry', strength: 1, cell: '1,2' },
      { id: 's-b', side: 'sov', name: 'B', branch: 'infantry', strength: 1, cell: '1,2' },
    );
    expect(run('start-stacking-limit', s)).toEqual([]);
  });

  it('a unit may start on a lake that the initial ground has frozen', () => {
    const s = makeTinyScenario();
    s.orderOfBattle[0]!.cell = '2,2';
    expect(run('units-start-on-passable-cells', s)).toHaveLength(1);
    s.groundConditions.initial = 'frozen';
    expect(run('units-start-on-passable-cells', s)).toEqual([]);
  });

  it("a unit's facing must be one of the grid's directions: six on flat-top hexes, four on a 4-way square grid", () => {
    const s = makeTinyScenario();
    s.orderOfBattle[0]!.facing = 'NE';
    s.orderOfBattle[1]!.facing = 'E';
    const issues = run('unit-facing-on-grid', s);
    expect(issues).toEqual([expect.objectContaining({ pointer: '/orderOfBattle/1/facing', value: 'E', cell: s.orderOfBattle[1]!.cell, severity: 'error' })]);
    expect(issues[0]!.message).toContain('flat-top hex grid; pick one of N, NE, SE, S, SW, NW');
    s.map.grid = { kind: 'square', cols: 6, rows: 5, labels: 'CCRR' };
    expect(run('unit-facing-on-grid', s).map((i) => i.value)).toEqual(['NE']);
    s.map.grid.adjacency = 8;
    expect(run('unit-facing-on-grid', s)).toEqual([]);
  });

  it('a mountain never freezes for a starting unit', () => {
    const s = makeTinyScenario();
    s.groundConditions.initial = 'snow';
    s.orderOfBattle[0]!.cell = '4,3';
    expect(run('units-start-on-passable-cells', s)).toHaveLength(1);
  });

  it('initiative reports each gap and each overlap by turn', () => {
    const s = makeTinyScenario();
    s.calendar.turns = 10;
    s.initiative = [
      { side: 'ger', fromTurn: 1, toTurn: 3 },
      { side: 'sov', fromTurn: 3, toTurn: 5 },
      { side: 'ger', fromTurn: 8, toTurn: 8 },
    ];
    const messages = run('initiative-covers-every-turn', s).map((i) => `${i.pointer} ${i.message}`);
    expect(messages).toEqual([
      expect.stringMatching(/^\/initiative No side has the initiative in turns 6–7/),
      expect.stringMatching(/^\/initiative No side has the initiative in turns 9–10/),
      expect.stringMatching(/^\/initiative\/1 Turn 3 has two initiative entries, Germans and Soviets/),
    ]);
  });

  it('an absent initiative schedule is advice, not an error', () => {
    const s = makeTinyScenario();
    delete s.initiative;
    expect(run('initiative-covers-every-turn', s)).toEqual([]);
    expect(run('initiative-given', s)).toEqual([expect.objectContaining({ severity: 'warning' })]);
  });

  it('a ground rule without toTurn is open-ended and needs no order check', () => {
    const s = makeTinyScenario();
    s.groundConditions.changes = [{ fromTurn: 6, outcomes: [{ min: 1, max: 6, condition: 'snow' }] }];
    expect(run('turn-ranges-in-order', s)).toEqual([]);
    expect(run('turns-within-calendar', s)).toEqual([]);
  });

  it('unknown terrain codes are reported once per code with a count and the first cell', () => {
    const s = makeTinyScenario();
    s.map.terrain = ['..f..#', '.ff.u.', '#.~..#', 'u...^.', '......'];
    const issues = run('terrain-codes-defined', s);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ pointer: '/map/terrain/0', cell: '5,0', value: '#' });
    // The cell is named by its map label (col 5, row 0 is 0601), as everywhere a person reads.
    expect(issues[0]?.message).toContain('in 3 cells, first at 0601');
  });

  it('rows of the wrong shape do not crash the checks that read cells', () => {
    const s = makeTinyScenario();
    s.map.terrain = ['..'];
    s.map.control = [];
    const ids = runChecks(s).map((i) => i.pointer);
    expect(ids).toEqual(expect.arrayContaining(['/map/terrain', '/map/terrain/0', '/map/control']));
  });
});

describe('edge checks on other grids', () => {
  it('pointy-top hexes own NE, E and SE, not N', () => {
    const s = makeTinyScenario();
    s.map.grid = { kind: 'hex', orientation: 'pointy', cols: 6, rows: 5 };
    s.map.rivers = ['1,1,E', '1,1,N'];
    s.map.lakeShores = [];
    s.map.roads = ['0,0,E'];
    s.map.rails = [];
    const issues = run('rivers-valid', s);
    expect(issues).toEqual([expect.objectContaining({ pointer: '/map/rivers/1', value: '1,1,N' })]);
    expect(issues[0]?.message).toContain('pointy-top hex grid');
    expect(run('roads-valid', s)).toEqual([]);
  });

  it('offset squares have six sides and accept a border side owned off the map', () => {
    const s = makeTinyScenario();
    s.map.grid = { kind: 'offsetSquare', cols: 6, rows: 5 };
    s.map.rivers = ['-1,2,E', '2,2,SE'];
    s.map.lakeShores = [];
    s.map.roads = ['0,0,E'];
    s.map.rails = ['-1,0,E'];
    expect(run('rivers-valid', s)).toEqual([]);
    expect(run('rails-valid', s)).toEqual([expect.objectContaining({ pointer: '/map/rails/0' })]);
  });

  it('a 4-way square grid has no diagonal sides either', () => {
    const s = makeTinyScenario();
    s.map.grid = { kind: 'square', cols: 6, rows: 5 };
    s.map.rivers = ['1,1,SE'];
    s.map.lakeShores = [];
    s.map.roads = [];
    s.map.rails = [];
    const [issue] = run('rivers-valid', s);
    expect(issue?.message).toContain('4-way square grid');
    expect(issue?.message).not.toContain('Diagonal');
  });
});

describe('design advice', () => {
  it('warns about a supply base inside the map', () => {
    const s = makeTinyScenario();
    s.map.cells!['3,2'] = { supplyBase: 'sov' };
    expect(run('supply-base-on-map-edge', s)).toEqual([
      expect.objectContaining({ pointer: '/map/cells/3,2/supplyBase', cell: '3,2', severity: 'warning' }),
    ]);
  });

  it('warns about a side without a supply base', () => {
    const s = makeTinyScenario();
    delete s.map.cells!['5,2'];
    const issues = run('every-side-has-supply-base', s);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ pointer: '/sides/1', severity: 'warning' });
    expect(issues[0]?.message).toContain('Soviets');
  });

  it('warns about reinforcements entering at a cell not marked for their side', () => {
    const s = makeTinyScenario();
    s.reinforcements![0]!.entryCell = '0,2';
    expect(run('reinforcement-entry-marked', s)).toEqual([
      expect.objectContaining({ pointer: '/reinforcements/0/entryCell', cell: '0,2', severity: 'warning' }),
    ]);
  });

  it('warns about a reinforcement entering on a lake, which only works in winter', () => {
    const s = makeTinyScenario();
    s.reinforcements![0]!.entryCell = '2,2';
    expect(run('reinforcement-entry-not-frozen-lake', s)).toHaveLength(1);
    expect(run('units-start-on-passable-cells', s)).toEqual([]);
  });

  it('warns about units starting in enemy-controlled cells', () => {
    const s = makeTinyScenario();
    s.orderOfBattle[2]!.cell = '1,0';
    expect(run('units-start-in-friendly-cells', s)[0]?.message).toContain('Germans control');
  });

  it('warns when no cell is worth victory points', () => {
    const s = makeTinyScenario();
    for (const f of Object.values(s.map.cells!)) delete f.victory;
    expect(run('has-victory-cells', s)).toHaveLength(1);
  });
});
