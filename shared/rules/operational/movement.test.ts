import { describe, expect, it } from 'vitest';
import { makeScenario, start, play, unit, withUnit, type TestSetup } from '../testkit.js';
import type { Scenario } from '../../format/scenario.types.js';
import { operational } from './index.js';
import type { Action, GameState } from '../types.js';

/** Activates `cell` for the Germans (the initiative side) and returns the state. */
function activated(setup: TestSetup, cell: string, patch?: (s: GameState) => GameState): GameState {
  let s = start(setup, [1, 1, 1, 1]);
  if (patch) s = patch(s);
  return play(s, { type: 'activate', side: 'ger', cell }).state;
}

const move = (unitId: string, ...path: string[]): Action => ({ type: 'move', side: 'ger', unit: unitId, path });

function refusal(s: GameState, a: Action): string {
  const r = operational.apply(s, a);
  if (r.ok) throw new Error('expected a refusal');
  return r.error.message;
}

const dests = (s: GameState, id: string): string[] =>
  (operational.view(s).destinations[id] ?? []).map((d) => d.cell).sort();

describe('ordinary movement', () => {
  const open: TestSetup = { terrain: ['.....', '.....', '.....'], control: ['GGGSS', 'GGGSS', 'GGGSS'] };

  it('goes one cell to a neighbour; farther is refused and the state is untouched', () => {
    const s = activated({ ...open, units: [{ id: 'g', cell: '1,1' }] }, '1,1');
    expect(dests(s, 'g')).toEqual(['0,1', '1,0', '1,2', '2,1']);
    const before = JSON.stringify(s);
    expect(refusal(s, move('g', '3,1'))).toBe('0402 is not next to 0202.');
    expect(JSON.stringify(s)).toBe(before);
  });

  it('8-way squares move diagonally unless a river runs along either side passed', () => {
    const eight: TestSetup = { ...open, grid: { adjacency: 8 }, units: [{ id: 'g', cell: '1,1' }] };
    expect(dests(activated(eight, '1,1'), 'g')).toContain('2,2');
    // the side between 1,1 and 2,1 is "1,1,E"
    const river = activated({ ...eight, rivers: ['1,1,E'] }, '1,1');
    expect(dests(river, 'g')).not.toContain('2,2');
    expect(dests(river, 'g')).not.toContain('2,0');
    expect(dests(river, 'g')).toContain('2,1');
    expect(dests(activated({ ...eight, rivers: ['1,1,E'], ground: 'frozen' }, '1,1'), 'g')).toContain('2,2');
  });

  it('never leaves more than the stacking limit of one side in a cell', () => {
    const setup: TestSetup = {
      ...open,
      units: [{ id: 'g', cell: '1,1' }, { id: 'g1', cell: '2,1' }, { id: 'g2', cell: '2,1' }, { id: 'g3', cell: '2,1' }],
    };
    const s = activated(setup, '1,1');
    expect(refusal(s, move('g', '2,1'))).toBe('0302 already holds 3 friendly units.');
    expect(dests(activated({ ...setup, options: { stackingLimit: 4 } }, '1,1'), 'g')).toContain('2,1');
  });

  it('may not go from a contested cell straight into another contested cell', () => {
    const setup: TestSetup = {
      ...open,
      units: [{ id: 'g', cell: '1,1' }, { id: 's', cell: '1,1' }, { id: 'g2', cell: '2,1' }, { id: 's2', cell: '2,1' }],
    };
    const s = activated(setup, '1,1');
    expect(refusal(s, move('g', '2,1'))).toBe('A unit may not move from one contested cell straight into another.');
  });

  it('expended units are not activated and do not move', () => {
    const s = start({ ...open, units: [{ id: 'g', cell: '1,1' }, { id: 'g2', cell: '0,0' }] }, [1]);
    const spent = withUnit(s, 'g', { act: 'expended' });
    expect(operational.legalActions(spent)).toEqual([
      { type: 'activate', side: 'ger', cell: '0,0' },
      { type: 'pass', side: 'ger' },
    ]);
  });

  it('impassable cells cannot be entered; a lake can once frozen', () => {
    const setup = (ground: TestSetup['ground']): TestSetup => ({
      terrain: ['.~^..'],
      control: ['GGGSS'],
      ground,
      units: [{ id: 'g', cell: '1,0' }],
    });
    expect(dests(activated(setup('easy'), '1,0'), 'g')).toEqual(['0,0']);
    expect(dests(activated(setup('snow'), '1,0'), 'g')).toEqual(['0,0']);
    const lakeSide = activated({ ...setup('easy'), terrain: ['.....'], lakeShores: ['1,0,E'] }, '1,0');
    expect(dests(lakeSide, 'g')).toEqual(['0,0']);
  });
});

describe('strategic movement', () => {
  const road: TestSetup = {
    terrain: ['......'],
    control: ['GGGGGS'],
    roads: ['0,0,E', '1,0,E', '2,0,E', '3,0,E'],
    cells: { '0,0': { supplyBase: 'ger' }, '5,0': { supplyBase: 'sov' } },
  };

  it('takes a tank, mechanised or cavalry unit up to 3 cells along roads', () => {
    for (const branch of ['tank', 'mechanised', 'cavalry'] as const) {
      const s = activated({ ...road, units: [{ id: 'g', branch, cell: '0,0' }] }, '0,0');
      expect(dests(s, 'g')).toEqual(['1,0', '2,0', '3,0']);
    }
    const inf = activated({ ...road, units: [{ id: 'g', cell: '0,0' }] }, '0,0');
    expect(dests(inf, 'g')).toEqual(['1,0']);
  });

  it('mixes roads and railways', () => {
    const mixed: TestSetup = { ...road, roads: ['0,0,E'], rails: ['1,0,E', '2,0,E'], units: [{ id: 'g', branch: 'tank', cell: '0,0' }] };
    const s = activated(mixed, '0,0');
    expect(play(s, move('g', '1,0', '2,0', '3,0')).state.units[0]!.cell).toBe('3,0');
  });

  it('never starts, passes or ends in enemy-controlled, enemy-occupied or contested cells', () => {
    const blocked = activated({ ...road, control: ['GGSGGS'], units: [{ id: 'g', branch: 'tank', cell: '0,0' }] }, '0,0');
    expect(refusal(blocked, move('g', '1,0', '2,0', '3,0'))).toBe(
      'Strategic movement may not start, pass or end in enemy-controlled, enemy-occupied or contested cells.',
    );
    const occupied = activated(
      { ...road, units: [{ id: 'g', branch: 'tank', cell: '0,0' }, { id: 's', cell: '2,0' }] },
      '0,0',
    );
    expect(dests(occupied, 'g')).toEqual(['1,0']);
  });

  it('passes through a crowded friendly cell', () => {
    const crowd: TestSetup = {
      ...road,
      units: [{ id: 'g', branch: 'tank', cell: '0,0' }, { id: 'g1', cell: '1,0' }, { id: 'g2', cell: '1,0' }, { id: 'g3', cell: '1,0' }],
    };
    expect(dests(activated(crowd, '0,0'), 'g')).toEqual(['2,0', '3,0']);
  });

  it('gives the rail-flagged side up to 4 cells along railways only, never to cavalry', () => {
    const rail: TestSetup = {
      ...road,
      roads: [],
      rails: ['0,0,E', '1,0,E', '2,0,E', '3,0,E'],
      flags: { ger: { railMovement: true } },
    };
    expect(dests(activated({ ...rail, units: [{ id: 'g', cell: '0,0' }] }, '0,0'), 'g')).toEqual(['1,0', '2,0', '3,0', '4,0']);
    expect(dests(activated({ ...rail, units: [{ id: 'g', branch: 'cavalry', cell: '0,0' }] }, '0,0'), 'g')).toEqual([
      '1,0',
      '2,0',
      '3,0',
    ]);
    const roadOnly = activated({ ...road, flags: { ger: { railMovement: true } }, units: [{ id: 'g', cell: '0,0' }] }, '0,0');
    expect(dests(roadOnly, 'g')).toEqual(['1,0']);
  });

  it('in mud the flagged side moves one cell, strategic movement included; the other side does not slow', () => {
    const mud: TestSetup = { ...road, ground: 'mud', units: [{ id: 'g', branch: 'tank', cell: '0,0' }] };
    expect(dests(activated({ ...mud, flags: { ger: { mudSlows: true } } }, '0,0'), 'g')).toEqual(['1,0']);
    expect(dests(activated(mud, '0,0'), 'g')).toEqual(['1,0', '2,0', '3,0']);
  });
});

describe('side flags a file leaves out', () => {
  // RULES-NOTES, Naming: the flags default "to the text's assignment when the sides are
  // Germans/Soviets". Seed 000: in mud the Germans move one hex; the Soviets may move by rail.
  const bare = (setup: TestSetup): Scenario => {
    const sc = makeScenario(setup);
    for (const side of sc.sides) delete side.flags;
    return sc;
  };
  const moves = (sc: Scenario, side: 'ger' | 'sov', cell: string, id: string): string[] => {
    const s = play(operational.newGame(sc, { dice: [1, 1, 1, 1] }), { type: 'activate', side, cell }).state;
    return dests(s, id);
  };

  it('a side named Germans is slowed by mud; a side named Soviets moves by rail', () => {
    const lines: TestSetup = {
      terrain: ['......'],
      control: ['SSSSSS'],
      cells: { '0,0': { supplyBase: 'ger' }, '5,0': { supplyBase: 'sov' } },
      roads: ['0,0,E', '1,0,E', '2,0,E', '3,0,E', '4,0,E'],
      rails: ['0,0,E', '1,0,E', '2,0,E', '3,0,E', '4,0,E'],
    };
    const mud = bare({ ...lines, control: ['GGGGGG'], ground: 'mud', units: [{ id: 'g', branch: 'tank', cell: '0,0' }] });
    expect(moves(mud, 'ger', '0,0', 'g')).toEqual(['1,0']);
    const rail = bare({ ...lines, units: [{ id: 's', side: 'sov', cell: '5,0' }], extra: { initiative: [{ side: 'sov', fromTurn: 1, toTurn: 9 }] } });
    expect(moves(rail, 'sov', '5,0', 's')).toEqual(['1,0', '2,0', '3,0', '4,0']);
    // The same sides under other names get no such rules.
    const renamed = bare({ ...lines, control: ['GGGGGG'], ground: 'mud', units: [{ id: 'g', branch: 'tank', cell: '0,0' }] });
    renamed.sides[0].name = 'Blue';
    expect(moves(renamed, 'ger', '0,0', 'g')).toEqual(['1,0', '2,0', '3,0']);
  });
});

describe('rivers', () => {
  it('an unbridged river stops strategic movement; a road over it is a bridge', () => {
    const setup: TestSetup = {
      terrain: ['......'],
      control: ['GGGGGS'],
      roads: ['0,0,E', '2,0,E'],
      rivers: ['1,0,E'],
      units: [{ id: 'g', branch: 'tank', cell: '0,0' }],
    };
    expect(dests(activated(setup, '0,0'), 'g')).toEqual(['1,0']);
    expect(dests(activated({ ...setup, roads: ['0,0,E', '1,0,E', '2,0,E'] }, '0,0'), 'g')).toEqual(['1,0', '2,0', '3,0']);
  });

  it('only one unit per player turn crosses a river side into an enemy-occupied cell; frozen rivers do not count', () => {
    const setup = (ground: TestSetup['ground']): TestSetup => ({
      terrain: ['....'],
      control: ['GGSS'],
      ground,
      rivers: ['1,0,E'],
      units: [{ id: 'g1', cell: '1,0' }, { id: 'g2', cell: '1,0' }, { id: 's', cell: '2,0' }],
    });
    const s = play(activated(setup('easy'), '1,0'), move('g1', '2,0')).state;
    expect(unit(s, 'g1').river).toBe(true);
    expect(refusal(s, move('g2', '2,0'))).toBe('A unit has already crossed this river side into enemy-occupied 0301 this player turn.');
    const frozen = play(activated(setup('frozen'), '1,0'), move('g1', '2,0')).state;
    expect(dests(frozen, 'g2')).toContain('2,0');
  });
});

describe('airborne drop', () => {
  const base: TestSetup = {
    terrain: ['......'],
    control: ['GGGGSS'],
    units: [{ id: 'ga', branch: 'airborne', cell: '0,0' }, { id: 's', cell: '2,0' }],
  };
  const drop = (to: string): Action => ({ type: 'drop', side: 'ger', unit: 'ga', to });

  it('reaches up to 3 cells over enemy units and rivers, ending in a cell that is not enemy-controlled', () => {
    const s = activated({ ...base, control: ['GGGSSS'], rivers: ['0,0,E'] }, '0,0');
    const d = operational.view(s).destinations['ga']!;
    expect(d.filter((x) => x.mode === 'drop').map((x) => x.cell)).toEqual(['2,0']);
    expect(refusal(s, drop('3,0'))).toBe('A drop must end in a cell that is not enemy-controlled; 0401 is.');
    expect(refusal(s, drop('4,0'))).toBe('0501 is 4 cells away; a drop reaches 3.');
    const r = play(s, drop('2,0'));
    expect(unit(r.state, 'ga')).toMatchObject({ cell: '2,0', dropped: true });
    expect(r.state.step).toBe('attack');
  });

  it('is refused in mud, out of supply, from a contested cell, or a second time', () => {
    expect(refusal(activated({ ...base, ground: 'mud' }, '0,0'), drop('3,0'))).toBe('No airborne drops in mud.');
    expect(refusal(activated(base, '0,0', (s) => withUnit(s, 'ga', { supply: 'out-of-supply' })), drop('3,0'))).toBe(
      'An airborne drop must start in supply.',
    );
    const contested = activated({ ...base, units: [...base.units!, { id: 's2', cell: '0,0' }] }, '0,0');
    expect(refusal(contested, drop('3,0'))).toBe('An airborne drop must start in a friendly-controlled, uncontested cell.');
    expect(refusal(activated(base, '0,0', (s) => withUnit(s, 'ga', { dropped: true })), drop('3,0'))).toBe(
      'This unit has already made its airborne drop.',
    );
  });
});

describe('control by movement', () => {
  it('entering an empty enemy-controlled cell takes it; passing through does not', () => {
    const setup: TestSetup = {
      terrain: ['......'],
      control: ['GGSSGS'],
      roads: ['1,0,E', '2,0,E'],
      units: [{ id: 'g', branch: 'tank', cell: '1,0' }, { id: 'g2', cell: '1,0' }],
    };
    let s = activated(setup, '1,0');
    // strategic movement may not pass enemy-controlled cells at all, so one step at a time
    s = play(s, move('g', '2,0')).state;
    expect(operational.view(s).control['2,0']).toBe('ger');
    expect(operational.view(s).control['3,0']).toBe('sov');
  });
});

describe('hex grids', () => {
  it('a hex has six neighbours to move to', () => {
    const s = activated(
      {
        terrain: ['.....', '.....', '.....'],
        control: ['GGGGG', 'GGGGG', 'GGGGS'],
        grid: { kind: 'hex', orientation: 'flat', offset: 'odd' },
        units: [{ id: 'g', cell: '2,1' }],
      },
      '2,1',
    );
    expect(dests(s, 'g')).toHaveLength(6);
  });
});

describe('side features of the scenario’s own (README: “Side features that block”)', () => {
  const open: TestSetup = { terrain: ['.....', '.....', '.....'], control: ['GGGSS', 'GGGSS', 'GGGSS'] };
  const wall = (blocks: { movement?: boolean; supply?: boolean; sight?: boolean }, sides = ['1,1,E']) => ({
    sideFeatures: [{ id: 'wall', name: 'Wall', colour: '#4a4a4a', blocks, sides }],
  });

  it('a side that blocks movement is crossed by no move: the far cell is not a destination and a move there is refused', () => {
    const s = activated({ ...open, ...wall({ movement: true }), units: [{ id: 'g', cell: '1,1' }] }, '1,1');
    expect(dests(s, 'g')).toEqual(['0,1', '1,0', '1,2']);
    expect(refusal(s, move('g', '2,1'))).toBe('0302 cannot be entered from 0202: the wall between them blocks movement.');
    // The same wall written from the other cell, and one that blocks only sight or supply: the move is open.
    expect(dests(activated({ ...open, ...wall({ movement: true }, ['2,1,W']), units: [{ id: 'g', cell: '1,1' }] }, '1,1'), 'g')).not.toContain('2,1');
    expect(dests(activated({ ...open, ...wall({ sight: true, supply: true }), units: [{ id: 'g', cell: '1,1' }] }, '1,1'), 'g')).toContain('2,1');
  });

  it('an 8-way diagonal past a blocking side is blocked, as past a river', () => {
    const s = activated({ ...open, grid: { adjacency: 8 }, ...wall({ movement: true }), units: [{ id: 'g', cell: '1,1' }] }, '1,1');
    expect(dests(s, 'g')).not.toContain('2,2');
    expect(dests(s, 'g')).not.toContain('2,0');
    expect(dests(s, 'g')).toContain('0,2');
  });

  it('a road across a blocking side carries no strategic move', () => {
    const road: TestSetup = {
      terrain: ['......'],
      control: ['GGGGGS'],
      roads: ['0,0,E', '1,0,E', '2,0,E', '3,0,E'],
      cells: { '0,0': { supplyBase: 'ger' }, '5,0': { supplyBase: 'sov' } },
      ...wall({ movement: true }, ['1,0,E']),
      units: [{ id: 'g', branch: 'tank', cell: '0,0' }],
    };
    const s = activated(road, '0,0');
    expect(dests(s, 'g')).toEqual(['1,0']);
    expect(refusal(s, move('g', '1,0', '2,0', '3,0'))).toBe('The path crosses a wall, which blocks movement.');
  });

  it('an attack is a move into the enemy’s cell: none crosses a blocking side', () => {
    const setup: TestSetup = { ...open, units: [{ id: 'g', cell: '2,1' }, { id: 's', cell: '3,1' }] };
    expect(dests(activated(setup, '2,1'), 'g')).toContain('3,1');
    expect(dests(activated({ ...setup, ...wall({ movement: true }, ['2,1,E']) }, '2,1'), 'g')).not.toContain('3,1');
  });
});
