// Battle for Moscow, seed 002: "Movement", "Zone of Control", "Rail Movement", "Mud" and the panzer
// movement phase. Each test is a small situation; the comment above it quotes the rule.
import { describe, expect, it } from 'vitest';
import { bfm } from './index.js';
import { at, moveTargets, newBfm, play, refused, sideBetween, where } from './testkit.js';

/** Row 1 of a three-row map is the only passable lane (rows 0 and 2 are lakes). */
const LANE = (row: string): string[] => ['~'.repeat(row.length), row, '~'.repeat(row.length)];

describe('movement allowance and forest', () => {
  // "Each unit has a movement allowance representing distance in hexes it can move.
  //  Exception: A forest hex counts as two hexes for movement."
  it('counts hexes, a forest hex as two', () => {
    const s = at(newBfm({ terrain: LANE('..ff....'), units: [{ id: 'g1', cell: '0,1', ma: 4 }, { id: 's1', cell: '7,1' }] }), { phase: 'movement', player: 'ger' });
    // 1,1 costs 1, the forest 2,1 costs 2 (3 spent), the forest 3,1 would make 5.
    expect(moveTargets(s, 'g1')).toEqual(['1,1', '2,1']);
    const five = at(newBfm({ terrain: LANE('..ff....'), units: [{ id: 'g1', cell: '0,1', ma: 5 }, { id: 's1', cell: '7,1' }] }), { phase: 'movement', player: 'ger' });
    expect(moveTargets(five, 'g1')).toEqual(['1,1', '2,1', '3,1']);
  });

  // "Units move one at a time, hex to hex, in any direction."
  it('lets each unit move once per phase', () => {
    const s = at(newBfm({ terrain: ['~~~~~~~~', '........', '.~~~~~~~'], units: [{ id: 'g1', cell: '0,1', ma: 4 }, { id: 'g2', cell: '0,2' }, { id: 's1', cell: '7,1' }] }), {
      phase: 'movement',
      player: 'ger',
    });
    const after = play(s, { type: 'move', side: 'ger', unit: 'g1', to: '2,1' }).state;
    expect(after.phase).toBe('movement');
    expect(where(after, 'g1')).toBe('2,1');
    expect(refused(after, { type: 'move', side: 'ger', unit: 'g1', to: '3,1' })).toMatch(/has moved this phase/);
  });
});

describe('enemy and friendly units', () => {
  // "Cannot enter a hex containing an enemy unit."
  // "Can enter hex with friendly unit, but only one unit per hex at end of phase."
  it('passes through a friendly unit but never ends on one, and never enters an enemy hex', () => {
    const s = at(
      newBfm({ terrain: LANE('........'), units: [{ id: 'g1', cell: '0,1', ma: 4 }, { id: 'g2', cell: '1,1' }, { id: 's1', cell: '7,1' }] }),
      { phase: 'movement', player: 'ger' },
    );
    expect(moveTargets(s, 'g1')).toEqual(['2,1', '3,1', '4,1']);
    expect(refused(s, { type: 'move', side: 'ger', unit: 'g1', to: '1,1' })).toMatch(/cannot reach 0202 this phase/);
  });
});

describe('zones of control', () => {
  // "Each unit has a zone of control (ZOC) consisting of the six hexes surrounding it."
  // "A unit entering an enemy ZOC must immediately end its movement phase."
  it('stops a unit in the first hex of an enemy zone of control', () => {
    const s = at(newBfm({ terrain: LANE('........'), units: [{ id: 'g1', cell: '0,1', ma: 6, panzer: true }, { id: 's1', cell: '4,1' }] }), { phase: 'movement', player: 'ger' });
    // 3,1 is next to the Soviet unit: the move ends there; 5,1 lies beyond the enemy.
    expect(moveTargets(s, 'g1')).toEqual(['1,1', '2,1', '3,1']);
    const { state, events } = play(s, { type: 'move', side: 'ger', unit: 'g1', to: '3,1' });
    expect(where(state, 'g1')).toBe('3,1');
    expect(events.find((e) => e.kind === 'move')!.text).toBe('g1 moves from 0102 to 0402 (enemy zone of control: it stops).');
  });

  it('lets a unit leave an enemy zone of control, and step from one zone-of-control hex to another', () => {
    const open = ['.......', '.......', '.......'];
    const s = at(newBfm({ terrain: open, units: [{ id: 'g1', cell: '2,1', ma: 4 }, { id: 's1', cell: '3,1' }] }), { phase: 'movement', player: 'ger' });
    const targets = moveTargets(s, 'g1');
    // Leaving: 0,1 lies two hexes back, out of the zone.
    expect(targets).toContain('0,1');
    // 2,2 is in the Soviet unit's zone too: one hex, then the move ends.
    expect(targets).toContain('2,2');
    // Beyond the zone only by going round it, never through it: 4,0 needs a path through 3,0 (in the zone).
    expect(targets).not.toContain('4,0');
  });
});

describe('the German panzer movement phase', () => {
  // "German Panzer Movement Phase — All panzers may move"; "German Movement Phase — All German units
  //  may move (including panzers that moved in phase 2)"
  it('moves only panzers first, and panzers again in the movement phase', () => {
    const start = newBfm({
      terrain: LANE('..........'),
      units: [{ id: 'gpz', cell: '0,1', ma: 6, panzer: true, strength: 9, half: 4 }, { id: 'ginf', cell: '1,1', ma: 4 }, { id: 's1', cell: '9,1' }],
    });
    // The game opens in the German panzer movement phase (no German replacements on turn 1).
    expect(start.phase).toBe('panzerMovement');
    expect(bfm.legalActions(start).filter((a) => a.type === 'move').every((a) => a.type === 'move' && a.unit === 'gpz')).toBe(true);
    expect(refused(start, { type: 'move', side: 'ger', unit: 'ginf', to: '2,1' })).toMatch(/only panzers move in the panzer movement phase/);
    const moved = play(start, { type: 'move', side: 'ger', unit: 'gpz', to: '4,1' }).state;
    // Nothing else may move in this phase: the phase ends on its own, and no battle is possible.
    expect(moved.phase).toBe('movement');
    const again = play(moved, { type: 'move', side: 'ger', unit: 'gpz', to: '7,1' }, { type: 'move', side: 'ger', unit: 'ginf', to: '5,1' }).state;
    expect([where(again, 'gpz'), where(again, 'ginf')]).toEqual(['7,1', '5,1']);
  });
});

describe('rail movement', () => {
  // "Units must start on a rail line; Must move only along the rail line; Forest counts as one hex
  //  (not two) for rail movement."
  it('moves a Soviet unit along the railroad, forest counting one', () => {
    // Railroad along row 1 from 0,1 to 7,1; forests on it at 2,1 and 3,1; open ground above and below.
    const s = at(
      newBfm({
        terrain: ['........', '..ff....', '........'],
        units: [{ id: 'g1', cell: '0,0' }, { id: 's1', cell: '7,1', ma: 4 }, { id: 's2', cell: '6,2', ma: 4 }],
        rails: railSides(8),
      }),
      { phase: 'railMovement', player: 'sov' },
    );
    // Four hexes west along the line, through both forests; never off it (6,0 or 5,2 are off the line).
    expect(moveTargets(s, 's1')).toEqual(['3,1', '4,1', '5,1', '6,1']);
    // A unit that does not start on the railroad does not move in this phase.
    expect(moveTargets(s, 's2')).toEqual([]);
    expect(refused(s, { type: 'move', side: 'sov', unit: 's2', to: '6,1' })).toMatch(/only units on a railroad/);
  });

  // "Entering enemy ZOC immediately ends movement" holds by rail too.
  it('stops at an enemy zone of control on the line', () => {
    const s = at(
      newBfm({ terrain: LANE('........'), units: [{ id: 'g1', cell: '2,1' }, { id: 's1', cell: '7,1', ma: 4 }], rails: railSides(8) }),
      { phase: 'railMovement', player: 'sov' },
    );
    expect(moveTargets(s, 's1')).toEqual(['3,1', '4,1', '5,1', '6,1']);
    const near = at(newBfm({ terrain: LANE('........'), units: [{ id: 'g1', cell: '4,1' }, { id: 's1', cell: '7,1', ma: 4 }], rails: railSides(8) }), {
      phase: 'railMovement',
      player: 'sov',
    });
    expect(moveTargets(near, 's1')).toEqual(['5,1', '6,1']);
  });
});

describe('mud', () => {
  // "Turns 3 and 4 are mud turns. All movement except Soviet rail reduced to 1 hex per phase.
  //  Rail movement unaffected."
  it('lets every unit move one hex, forest included, but leaves rail movement as it is', () => {
    const setup = {
      terrain: ['........', '..f.....', '........'],
      units: [{ id: 'gpz', cell: '1,1', ma: 6, panzer: true }, { id: 's1', cell: '7,1', ma: 4 }],
      rails: railSides(8),
      mud: [3, 4],
    };
    const mud = at(newBfm(setup), { turn: 3, phase: 'movement', player: 'ger' });
    // The six hexes around 1,1 (the forest 2,1 among them), nothing further.
    expect(moveTargets(mud, 'gpz')).toEqual(['0,1', '0,2', '1,0', '1,2', '2,1', '2,2']);
    const clear = at(newBfm(setup), { turn: 2, phase: 'movement', player: 'ger' });
    expect(moveTargets(clear, 'gpz').length).toBeGreaterThan(10);
    const rail = at(newBfm(setup), { turn: 3, phase: 'railMovement', player: 'sov' });
    expect(moveTargets(rail, 's1')).toEqual(['3,1', '4,1', '5,1', '6,1']);
  });
});

/** Railroad sides along row 1 of an n-column map (hex 0,1 to n-1,1). */
function railSides(cols: number): string[] {
  return Array.from({ length: cols - 1 }, (_, c) => sideBetween(`${c},1`, `${c + 1},1`));
}

describe('side features of the scenario’s own (README: “Side features that block”)', () => {
  const wall = (blocks: { movement?: boolean; supply?: boolean; sight?: boolean }, a = '1,1', b = '2,1') => [{ id: 'wall', name: 'Wall', colour: '#4a4a4a', blocks, sides: [sideBetween(a, b)] }];

  it('no move crosses a side that blocks movement, in mud or not; one that blocks only sight or supply stops nothing', () => {
    const setup = { terrain: LANE('........'), units: [{ id: 'g1', cell: '0,1', ma: 4 }, { id: 's1', cell: '7,1' }] };
    const moving = (extra: object, mud = false) => at(newBfm({ ...setup, ...extra, ...(mud ? { mud: [1] } : {}) }), { phase: 'movement', player: 'ger' });
    expect(moveTargets(moving({}), 'g1')).toContain('2,1');
    expect(moveTargets(moving({ sideFeatures: wall({ movement: true }) }), 'g1')).toEqual(['1,1']);
    expect(refused(moving({ sideFeatures: wall({ movement: true }) }), { type: 'move', side: 'ger', unit: 'g1', to: '3,1' })).toBeTruthy();
    expect(moveTargets(moving({ sideFeatures: wall({ movement: true }, '0,1', '1,1') }, true), 'g1')).toEqual([]);
    expect(moveTargets(moving({ sideFeatures: wall({ sight: true, supply: true }) }), 'g1')).toContain('3,1');
  });
});
