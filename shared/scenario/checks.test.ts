import { describe, expect, it } from 'vitest';
import type { Scenario } from '../format/scenario.types.js';
import { checkScenario, checkStatus, CHECK_CATALOGUE, designChecks, issuesAtCell, type Issue } from './checks.js';
import { smallScenario, withTerrain } from './fixtures.js';

const at = (issues: Issue[], pointer: string) => issues.filter((i) => i.pointer === pointer);
const one = (issues: Issue[], pointer: string): Issue => {
  const found = at(issues, pointer);
  expect(found, `issues at ${pointer}: ${JSON.stringify(issues, null, 1)}`).toHaveLength(1);
  return found[0]!;
};

function edit(mutate: (s: Scenario) => void): Scenario {
  const s = structuredClone(smallScenario());
  mutate(s);
  return s;
}

describe('the checks panel baseline', () => {
  it('a complete small scenario has no issue and is valid', () => {
    const issues = checkScenario(smallScenario());
    expect(issues).toEqual([]);
    expect(checkStatus(issues)).toBe('valid');
  });

  it('a document without the scenario shape gets its schema issues and no crash', () => {
    for (const bad of [null, 42, {}, { ...smallScenario(), calendar: { startDate: 'soon', turns: 0 } }]) {
      const issues = checkScenario(bad);
      expect(issues.length).toBeGreaterThan(0);
      expect(checkStatus(issues)).toBe('errors');
    }
  });

  it('every issue has a pointer, a message and a severity, and none is listed twice', () => {
    const s = edit((x) => {
      x.orderOfBattle.push({ id: 'g-2', side: 'germans', name: 'II Corps', branch: 'infantry', strength: 3, cell: '4,1' });
      x.reinforcements = [{ turn: 12, entryCell: '9,9', unit: { id: 'g-9', side: 'germans', name: 'Late', branch: 'tank', strength: 2 } }];
    });
    const issues = checkScenario(s);
    const keys = issues.map((i) => `${i.pointer}|${i.message}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const i of issues) {
      expect(typeof i.pointer).toBe('string');
      expect(i.message.length).toBeGreaterThan(10);
      expect(['error', 'warning']).toContain(i.severity);
    }
  });

  it('errors come before warnings', () => {
    const s = edit((x) => {
      x.orderOfBattle[0]!.cell = '4,1'; // warning: enemy cell
      x.orderOfBattle[1]!.cell = '9,9'; // error: off the map
    });
    const issues = checkScenario(s);
    const firstWarning = issues.findIndex((i) => i.severity === 'warning');
    const lastError = issues.map((i) => i.severity).lastIndexOf('error');
    expect(lastError).toBeLessThan(firstWarning);
  });
});

describe('units', () => {
  it('a unit outside the map is an error on its cell field', () => {
    const issue = one(checkScenario(edit((s) => void (s.orderOfBattle[0]!.cell = '6,0'))), '/orderOfBattle/0/cell');
    expect(issue.severity).toBe('error');
    expect(issue.cell).toBe('6,0');
  });

  it('a unit inside the map is fine', () => {
    expect(at(checkScenario(edit((s) => void (s.orderOfBattle[0]!.cell = '0,4'))), '/orderOfBattle/0/cell')).toEqual([]);
  });

  it('a unit on impassable terrain is an error naming the cell', () => {
    const issue = one(checkScenario(withTerrain(smallScenario(), '1,2', 'm')), '/orderOfBattle/0/cell');
    expect(issue.severity).toBe('error');
    expect(issue.cell).toBe('1,2');
    expect(issue.message).toMatch(/Mountain/);
  });

  it('a unit on passable difficult terrain is fine', () => {
    expect(checkScenario(withTerrain(smallScenario(), '1,2', 'w'))).toEqual([]);
  });

  it("more than the stacking limit of one side's units in a cell is an error", () => {
    const s = edit((x) => {
      for (let i = 2; i <= 4; i++) x.orderOfBattle.push({ id: `g-${i}`, side: 'germans', name: `Corps ${i}`, branch: 'infantry', strength: 2, cell: '1,2' });
    });
    const stacked = checkScenario(s).filter((i) => /stacking limit/.test(i.message));
    expect(stacked).toHaveLength(1);
    expect(stacked[0]!.severity).toBe('error');
    expect(stacked[0]!.cell).toBe('1,2');
  });

  it('exactly the stacking limit in a cell is fine', () => {
    const s = edit((x) => {
      for (let i = 2; i <= 3; i++) x.orderOfBattle.push({ id: `g-${i}`, side: 'germans', name: `Corps ${i}`, branch: 'infantry', strength: 2, cell: '1,2' });
    });
    expect(checkScenario(s)).toEqual([]);
  });

  it('the stacking limit follows the ruleset option', () => {
    const s = edit((x) => {
      x.ruleset.options = { stackingLimit: 1 };
      x.orderOfBattle.push({ id: 'g-2', side: 'germans', name: 'II Corps', branch: 'infantry', strength: 2, cell: '1,2' });
    });
    expect(checkScenario(s).some((i) => /stacking limit of 1/.test(i.message))).toBe(true);
  });

  it('a unit starting in an enemy-controlled cell is a warning on its cell', () => {
    const issue = one(checkScenario(edit((s) => void (s.orderOfBattle[0]!.cell = '3,2'))), '/orderOfBattle/0/cell');
    expect(issue.severity).toBe('warning');
    expect(issue.cell).toBe('3,2');
    expect(issuesAtCell(checkScenario(edit((s) => void (s.orderOfBattle[0]!.cell = '3,2'))), '3,2')).toHaveLength(1);
  });

  it('a unit starting in a friendly cell is fine', () => {
    expect(checkScenario(edit((s) => void (s.orderOfBattle[0]!.cell = '2,0')))).toEqual([]);
  });
});

describe('supply bases', () => {
  it('a supply base away from the map edge is a warning', () => {
    const s = edit((x) => {
      delete x.map.cells!['0,2'];
      x.map.cells!['1,2'] = { supplyBase: 'germans' };
      x.orderOfBattle[0]!.cell = '2,1';
    });
    const issue = one(checkScenario(s), '/map/cells/1,2/supplyBase');
    expect(issue.severity).toBe('warning');
    expect(issue.cell).toBe('1,2');
  });

  it('a supply base on the map edge is fine', () => {
    expect(at(checkScenario(smallScenario()), '/map/cells/0,2/supplyBase')).toEqual([]);
  });

  it('a side with no supply base gets a warning on the side', () => {
    const issue = one(checkScenario(edit((s) => void delete s.map.cells!['5,2'])), '/sides/1');
    expect(issue.severity).toBe('warning');
  });

  it('a supply base on impassable terrain is a warning', () => {
    const issue = one(checkScenario(withTerrain(smallScenario(), '0,2', '~')), '/map/cells/0,2/supplyBase');
    expect(issue.severity).toBe('warning');
    expect(issue.message).toMatch(/Sea/);
  });

  it('a supply base on passable rough ground is fine', () => {
    expect(checkScenario(withTerrain(smallScenario(), '0,2', 'r'))).toEqual([]);
  });
});

describe('entry cells and reinforcements', () => {
  const withArrival = (x: Scenario, turn = 3, entryCell = '0,0') =>
    (x.reinforcements = [{ turn, entryCell, unit: { id: 'g-r', side: 'germans', name: 'Reserve', branch: 'tank', strength: 3 } }]);

  it('an entry cell off the map is an error', () => {
    const issue = one(checkScenario(edit((s) => void (s.map.cells!['7,1'] = { entry: ['germans'] }))), '/map/cells/7,1');
    expect(issue.severity).toBe('error');
    expect(issue.cell).toBe('7,1');
  });

  it('a reinforcement entering off the map is an error on its entry cell', () => {
    const s = edit((x) => withArrival(x, 3, '0,5'));
    expect(one(checkScenario(s), '/reinforcements/0/entryCell').severity).toBe('error');
  });

  it('an entry cell on impassable terrain is a warning', () => {
    const s = withTerrain(edit((x) => void (x.map.cells!['0,0'] = { entry: ['germans'] })), '0,0', 'm');
    const issue = one(checkScenario(s), '/map/cells/0,0/entry');
    expect(issue.severity).toBe('warning');
    expect(issue.cell).toBe('0,0');
  });

  it('an entry cell on a lake is fine when the ground can freeze', () => {
    const s = withTerrain(
      edit((x) => {
        x.map.cells!['0,0'] = { entry: ['germans'] };
        x.groundConditions = { initial: 'easy', changes: [{ fromTurn: 4, outcomes: [{ min: 1, max: 6, condition: 'frozen' }] }] };
      }),
      '0,0',
      'l',
    );
    expect(at(checkScenario(s), '/map/cells/0,0/entry')).toEqual([]);
  });

  it('an entry cell on open ground is fine', () => {
    expect(checkScenario(edit((s) => void (s.map.cells!['0,0'] = { entry: ['germans'] })))).toEqual([]);
  });

  it('a reinforcement after the last turn is an error on its turn', () => {
    const s = edit((x) => {
      withArrival(x, 9);
      x.map.cells!['0,0'] = { entry: ['germans'] };
    });
    const issue = one(checkScenario(s), '/reinforcements/0/turn');
    expect(issue.severity).toBe('error');
    expect(issue.value).toBe(9);
  });

  it('a reinforcement on the last turn is fine', () => {
    const s = edit((x) => {
      withArrival(x, 8);
      x.map.cells!['0,0'] = { entry: ['germans'] };
    });
    expect(checkScenario(s)).toEqual([]);
  });

  it('a reinforcement entering at a cell not marked as entry for its side is a warning', () => {
    const s = edit((x) => {
      withArrival(x);
      x.map.cells!['0,0'] = { entry: ['soviets'] };
    });
    const issue = one(checkScenario(s), '/reinforcements/0/entryCell');
    expect(issue.severity).toBe('warning');
    expect(issue.cell).toBe('0,0');
  });

  it('more reinforcements of a side at one cell in one turn than may stack is a warning', () => {
    const s = edit((x) => {
      x.map.cells!['0,0'] = { entry: ['germans'] };
      x.reinforcements = [1, 2, 3, 4].map((n) => ({ turn: 2, entryCell: '0,0', unit: { id: `g-r${n}`, side: 'germans', name: `R${n}`, branch: 'infantry' as const, strength: 2 } }));
    });
    const issue = one(checkScenario(s), '/reinforcements/3/entryCell');
    expect(issue.severity).toBe('warning');
    s.reinforcements![3]!.turn = 3;
    expect(checkScenario(s)).toEqual([]);
  });
});

describe('schedules', () => {
  it('a schedule entry for a turn that does not exist is an error', () => {
    const issue = one(checkScenario(edit((s) => void (s.preparedOffensives = [{ side: 'germans', turn: 9, count: 1 }]))), '/preparedOffensives/0/turn');
    expect(issue.severity).toBe('error');
  });

  it('a schedule entry inside the calendar is fine', () => {
    expect(checkScenario(edit((s) => void (s.preparedOffensives = [{ side: 'germans', turn: 8, count: 1 }])))).toEqual([]);
  });

  it('a range running past the last turn is an error on its end', () => {
    expect(one(checkScenario(edit((s) => void (s.commandConfusion = [{ side: 'soviets', fromTurn: 2, toTurn: 10 }]))), '/commandConfusion/0/toTurn').severity).toBe('error');
  });

  it('air interdiction on turns that can never be easy is a warning', () => {
    const s = edit((x) => {
      x.groundConditions = { initial: 'snow' };
      x.airInterdiction = [{ side: 'soviets', fromTurn: 1, toTurn: 3 }];
    });
    const issue = one(checkScenario(s), '/airInterdiction/0');
    expect(issue.severity).toBe('warning');
  });

  it('air interdiction on turns that may be easy is fine', () => {
    const s = edit((x) => {
      x.groundConditions = { initial: 'snow', changes: [{ fromTurn: 2, outcomes: [{ min: 6, max: 6, condition: 'easy' }] }] };
      x.airInterdiction = [{ side: 'soviets', fromTurn: 2, toTurn: 3 }];
    });
    expect(checkScenario(s)).toEqual([]);
  });

  it('fuel shortage for a side without tanks is a warning; with a tank it is fine', () => {
    const s = edit((x) => void (x.fuelShortage = [{ side: 'germans', fromTurn: 1, toTurn: 2, units: 1 }]));
    expect(one(checkScenario(s), '/fuelShortage/0').severity).toBe('warning');
    s.orderOfBattle[0]!.branch = 'tank';
    expect(checkScenario(s)).toEqual([]);
  });

  it('replacements only for a branch the side does not have are a warning; for one it has, fine', () => {
    const s = edit((x) => void (x.replacements = [{ side: 'germans', turn: 2, points: 2, branches: ['tank'] }]));
    expect(one(checkScenario(s), '/replacements/0/branches').severity).toBe('warning');
    s.replacements![0]!.branches = ['infantry'];
    expect(checkScenario(s)).toEqual([]);
  });
});

describe('victory cells reachable', () => {
  const ring = ['1,1', '2,1', '3,1', '1,2', '3,2', '1,3', '2,3', '3,3'];
  const walled = (code: string) =>
    ring.reduce(
      (s, ref) => withTerrain(s, ref, code),
      edit((x) => {
        x.orderOfBattle[0]!.cell = '0,0';
      }),
    );

  it('a victory cell walled in by mountains is a warning naming both sides', () => {
    const issue = one(checkScenario(walled('m')), '/map/cells/2,2/victory');
    expect(issue.severity).toBe('warning');
    expect(issue.cell).toBe('2,2');
    expect(issue.message).toMatch(/either side/);
    expect(issue.message).toMatch(/Germans/); // its holder keeps it
  });

  it('a victory cell behind a lake is reachable when the ground can freeze, not otherwise', () => {
    expect(at(checkScenario(walled('l')), '/map/cells/2,2/victory')).toHaveLength(1);
    const frozen = walled('l');
    frozen.groundConditions = { initial: 'easy', changes: [{ fromTurn: 5, outcomes: [{ min: 1, max: 3, condition: 'frozen' }] }] };
    expect(at(checkScenario(frozen), '/map/cells/2,2/victory')).toEqual([]);
  });

  it('a victory cell one side cannot reach is a warning naming that side', () => {
    // A mountain column at x=3 cuts the Soviets off from the west half.
    let s = edit((x) => void (x.orderOfBattle[0]!.cell = '0,0'));
    for (let row = 0; row < 5; row++) s = withTerrain(s, `3,${row}`, 'm');
    const issue = one(checkScenario(s), '/map/cells/2,2/victory');
    expect(issue.message).toMatch(/reached by Soviets/);
    expect(issue.message).toMatch(/Germans score it all game unopposed/);
  });

  it('a victory cell with an open path from both sides is fine (enemy units and rivers do not block)', () => {
    const s = edit((x) => {
      x.map.rivers = ['2,2,N', '2,2,E', '2,3,N'];
      x.orderOfBattle.push({ id: 's-2', side: 'soviets', name: '2nd Army', branch: 'infantry', strength: 3, cell: '3,2' });
    });
    expect(checkScenario(s)).toEqual([]);
  });
});

describe('check status and catalogue', () => {
  const issue = (severity: Issue['severity']): Issue => ({ pointer: '', message: 'x', severity });

  it('is errors when any error, warnings when only warnings, valid when none', () => {
    expect(checkStatus([])).toBe('valid');
    expect(checkStatus([issue('warning')])).toBe('warnings');
    expect(checkStatus([issue('warning'), issue('error')])).toBe('errors');
  });

  it('lists every check once, the design checks with the editor as source', () => {
    const ids = CHECK_CATALOGUE.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of designChecks) expect(CHECK_CATALOGUE.find((x) => x.id === c.id)?.source).toBe('editor');
  });
});
