import { describe, expect, it } from 'vitest';
import type { Scenario } from '../format/scenario.types.js';
import { checkScenario } from './checks.js';
import { smallScenario } from './fixtures.js';
import { issueTarget } from './targets.js';

const s = (): Scenario => ({
  ...smallScenario(),
  reinforcements: [{ turn: 3, entryCell: '0,0', unit: { id: 'g-r', side: 'germans', name: 'R', branch: 'tank', strength: 2 } }],
  airInterdiction: [{ side: 'soviets', fromTurn: 4, toTurn: 6 }],
  replacements: [{ side: 'germans', turn: 5, points: 2 }],
});

describe('issue targets: where a click on a checks-panel line goes', () => {
  it('a unit issue opens the order of battle at that unit and its field, and selects its cell', () => {
    expect(issueTarget({ pointer: '/orderOfBattle/1/cell', cell: '4,2' }, s())).toEqual({ panel: 'orderOfBattle', index: 1, field: 'cell', unitId: 's-1', cell: '4,2' });
  });

  it('a reinforcement issue opens the schedule row with its unit and turn', () => {
    expect(issueTarget({ pointer: '/reinforcements/0/unit/strength' }, s())).toEqual({ panel: 'reinforcements', index: 0, field: 'unit/strength', unitId: 'g-r', turn: 3 });
  });

  it('a schedule issue opens the turn track at the entry and its first turn', () => {
    expect(issueTarget({ pointer: '/airInterdiction/0' }, s())).toEqual({ panel: 'turnTrack', schedule: 'airInterdiction', index: 0, turn: 4 });
    expect(issueTarget({ pointer: '/initiative' }, s())).toEqual({ panel: 'turnTrack', schedule: 'initiative' });
    expect(issueTarget({ pointer: '/replacements/0/points' }, s())).toEqual({ panel: 'replacements', index: 0, field: 'points', turn: 5 });
  });

  it('a cell feature issue selects the cell on the map, even for a key with a comma', () => {
    expect(issueTarget({ pointer: '/map/cells/2,2/victory', cell: '2,2' })).toEqual({ panel: 'map', cell: '2,2', field: 'victory' });
    expect(issueTarget({ pointer: '/map/terrain/3', cell: '5,3' })).toEqual({ panel: 'map', field: 'terrain/3', cell: '5,3' });
  });

  it('other fields open their panels', () => {
    expect(issueTarget({ pointer: '/groundConditions/changes/1/outcomes/0' })).toEqual({ panel: 'ground', index: 1, field: 'outcomes/0' });
    expect(issueTarget({ pointer: '/calendar/startDate' })).toEqual({ panel: 'calendar', field: 'startDate' });
    expect(issueTarget({ pointer: '/sides/1/code' })).toEqual({ panel: 'sides', index: 1, field: 'code' });
    expect(issueTarget({ pointer: '/map/terrainTypes/2/freezes' })).toEqual({ panel: 'terrainTypes', index: 2, field: 'freezes' });
    expect(issueTarget({ pointer: '/map/grid/cols' })).toEqual({ panel: 'mapSettings', field: 'grid/cols' });
    expect(issueTarget({ pointer: '/ruleset/options/stackingLimit' })).toEqual({ panel: 'ruleset', field: 'options/stackingLimit' });
    expect(issueTarget({ pointer: '/title' })).toEqual({ panel: 'info', field: 'title' });
    expect(issueTarget({ pointer: '' })).toEqual({ panel: 'info' });
  });

  it('every issue the checks report on a broken scenario gets a target without throwing', () => {
    const broken = s();
    broken.orderOfBattle.push({ id: 'g-1', side: 'finns', name: 'X', branch: 'tank', strength: 3, cell: '9,9' });
    broken.preparedOffensives = [{ side: 'germans', turn: 12, count: 1 }];
    const issues = checkScenario(broken);
    expect(issues.length).toBeGreaterThan(3);
    for (const i of issues) expect(issueTarget(i, broken).panel).toBeTruthy();
  });
});
