// Seed 004, "Movement", "Roads", "Hills", "Rivers" and the unit types' movement. Red wins the
// initiative and throws one die (a 6: three activations) unless told otherwise.
import { describe, expect, it } from 'vitest';
import type { PwUnitType } from '../../format/ruleset-pw.types.js';
import { pw } from './index.js';
import { playPw, pwUnit, startPw, type PwTestSetup, type PwTestUnit } from './testkit.js';

const OPEN = ['............', '............', '............', '............', '............', '............', '............', '............'];
const withRow = (row: number, text: string, base = OPEN): string[] => base.map((r, k) => (k === row ? text : r));

function board(units: PwTestUnit[], extra: Partial<PwTestSetup> = {}, dice = [6, 1, 6, 2, 6, 1, 6, 2]) {
  return startPw({ terrain: OPEN, units, ...extra }, dice);
}
/** Where a unit may end a move now (turning in place left out), sorted. */
const dests = (s: ReturnType<typeof startPw>, unit: string): string[] =>
  [...new Set(pw.legalActions(s).flatMap((a) => (a.type === 'move' && a.unit === unit && a.to !== pwUnit(s, unit).cell ? [a.to] : [])))].sort();
const far: PwTestUnit = { id: 'b9', cell: '11,0', facing: 'S' };

describe('"All movement is made and measured orthogonally"', () => {
  it('infantry moves one square through a side; cavalry two, in any combination of turns', () => {
    expect(dests(board([{ id: 'r1', cell: '5,5' }, far]), 'r1')).toEqual(['4,5', '5,4', '5,6', '6,5']);
    expect(dests(board([{ id: 'r1', cell: '5,5', type: 'cavalry' }, far]), 'r1')).toEqual(['3,5', '4,4', '4,5', '4,6', '5,3', '5,4', '5,6', '5,7', '6,4', '6,5', '6,6', '7,5']);
  });

  it('units pass through friends but never end on another unit', () => {
    const s = board([{ id: 'r1', cell: '5,5', type: 'cavalry' }, { id: 'r2', cell: '5,4' }, far]);
    expect(dests(s, 'r1')).toContain('5,3');
    expect(dests(s, 'r1')).not.toContain('5,4');
  });

  it('a move ends facing any way the player chooses; turning where it stands is a move too', () => {
    const s = board([{ id: 'r1', cell: '5,5' }, far]);
    const facings = pw.legalActions(s).flatMap((a) => (a.type === 'move' && a.to === '5,4' ? [a.facing] : []));
    expect(facings).toEqual(['N', 'E', 'S', 'W']);
    const turned = playPw(s, { type: 'move', side: 'red', unit: 'r1', to: '5,5', facing: 'E' }).state;
    expect(pwUnit(turned, 'r1')).toMatchObject({ cell: '5,5', facing: 'E', activated: true });
  });
});

describe('enemy units: "must stop as soon as it enters a grid square that is orthogonally adjacent to ... enemy Unit, and both Units turn to face each other"', () => {
  it('cavalry stops next to the enemy; squares diagonal to it are passed freely', () => {
    const s = board([{ id: 'r1', cell: '5,7', type: 'cavalry' }, { id: 'b1', cell: '5,4', facing: 'E' }]);
    const d = dests(s, 'r1');
    expect(d).toContain('5,5'); // stops there, next to the enemy
    expect(d).not.toContain('5,3');
    // 6,5 is diagonal to the enemy at 5,4: cavalry from 6,6 passes through it to 6,4 or 7,5.
    const deep = board([{ id: 'r1', cell: '6,6', type: 'cavalry' }, { id: 'b1', cell: '5,4', facing: 'E' }]);
    expect(dests(deep, 'r1')).toEqual(expect.arrayContaining(['6,4', '7,5']));
    // ... while 5,6 → 5,5 stops next to it, so 4,5 is out of reach that way (and every other way).
    expect(dests(deep, 'r1')).not.toContain('4,5');
  });

  it('ending next to an enemy, the unit faces it and the enemy turns to face the unit', () => {
    const s = board([{ id: 'r1', cell: '5,6' }, { id: 'b1', cell: '5,4', facing: 'E' }]);
    const facings = pw.legalActions(s).flatMap((a) => (a.type === 'move' && a.to === '5,5' ? [a.facing] : []));
    expect(facings).toEqual(['N']);
    const { state, events } = playPw(s, { type: 'move', side: 'red', unit: 'r1', to: '5,5', facing: 'N' });
    expect(pwUnit(state, 'b1').facing).toBe('S');
    expect(events.find((e) => e.kind === 'move')!.text).toContain('engages b1');
    expect(pw.describe(s, { type: 'move', side: 'red', unit: 'r1', to: '5,5', facing: 'N' }).detail).toBe('Engages b1: close combat after the activations, 5 against 5.');
  });

  it('next to two enemies the unit chooses which to face; only that one turns', () => {
    const s = board([{ id: 'r1', cell: '5,6' }, { id: 'b1', cell: '5,4', facing: 'E' }, { id: 'b2', cell: '6,5', facing: 'N' }]);
    expect(pw.legalActions(s).flatMap((a) => (a.type === 'move' && a.to === '5,5' ? [a.facing] : []))).toEqual(['N', 'E']);
    const { state } = playPw(s, { type: 'move', side: 'red', unit: 'r1', to: '5,5', facing: 'E' });
    expect(pwUnit(state, 'b2').facing).toBe('W');
    expect(pwUnit(state, 'b1').facing).toBe('E');
  });

  it('"If a Unit is being faced by an enemy Unit ... it may move providing that ... It does not move into a grid square that is orthogonally adjacent to the front of another enemy Unit"', () => {
    // r1 at 5,5 is faced by b1 at 5,4; b2 at 3,4 faces south, so 3,5 is in front of it.
    const s = board([{ id: 'r1', cell: '4,5', facing: 'N' }, { id: 'b1', cell: '4,4', facing: 'S' }, { id: 'b2', cell: '2,5', facing: 'E' }]);
    const d = dests(s, 'r1');
    expect(d).toContain('4,6');
    expect(d).toContain('5,5');
    expect(d).not.toContain('3,5'); // the square in front of b2
  });
});

describe('roads: "Each grid square of movement made along a road ... uses up only half a grid square of movement"', () => {
  // A road along row 5 from 2,5 to 8,5 (sides between each pair).
  const road = ['3,5,W', '4,5,W', '5,5,W', '6,5,W', '7,5,W', '8,5,W'];
  it('infantry goes two squares along the road, one off it', () => {
    const s = board([{ id: 'r1', cell: '5,5' }, far], { roads: road });
    expect(dests(s, 'r1')).toEqual(['3,5', '4,5', '5,4', '5,6', '6,5', '7,5']);
  });

  it('"If a Unit moves along a road and then off the road ... any unused half-grid squares of movement are lost"', () => {
    // Cavalry: one road step (half a square), then off the road loses the other half: one more square, not one and a half.
    const s = board([{ id: 'r1', cell: '5,5', type: 'cavalry' }, far], { roads: road });
    const d = dests(s, 'r1');
    expect(d).toEqual(expect.arrayContaining(['2,5', '8,5'])); // three road steps: one and a half squares
    expect(d).not.toContain('9,5'); // then off the road: the last half square is lost
    expect(d).toContain('6,4'); // one road step, then one square off the road
    expect(d).not.toContain('6,3'); // would need the lost half
    expect(d).toContain('5,3'); // two squares off the road
  });

  it('"For movement, built-up areas count as roads"', () => {
    const town = withRow(5, '...uuuuu....');
    expect(dests(board([{ id: 'r1', cell: '5,5' }, far], { terrain: town }), 'r1')).toEqual(['3,5', '4,5', '5,4', '5,6', '6,5', '7,5']);
  });
});

describe('hills: "Units may only move up or down one hill contour each turn"', () => {
  it('cavalry goes up one contour but not two in a turn', () => {
    const hill = withRow(5, '.....h......', withRow(4, '.....H......'));
    const d = dests(board([{ id: 'r1', cell: '5,6', type: 'cavalry' }, far], { terrain: hill }), 'r1');
    expect(d).toContain('5,5');
    expect(d).not.toContain('5,4');
  });

  it('nor over a hill and down the far side in one turn', () => {
    // A causeway between two arms of the river, with a hill square in the middle of it.
    const causeway = withRow(6, '....~.~.....', withRow(5, '....~h~.....', withRow(4, '....~.~.....')));
    const d = dests(board([{ id: 'r1', cell: '5,6', type: 'cavalry' }, far], { terrain: causeway }), 'r1');
    expect(d).toContain('5,5');
    expect(d).not.toContain('5,4');
  });
});

describe('rivers: "Rivers may only be crossed by bridge or at a shallow spot (ford)"', () => {
  const river = withRow(4, '~~~~~=~~o~~~');
  it('no move ends in or passes through the river; the bridge is crossed like open ground', () => {
    const s = board([{ id: 'r1', cell: '5,5', type: 'cavalry' }, { id: 'r2', cell: '3,5', type: 'cavalry' }, far], { terrain: river });
    expect(dests(s, 'r1')).toContain('5,3');
    expect(dests(s, 'r2').filter((c) => c.endsWith(',4') || c.endsWith(',3'))).toEqual([]);
  });

  it('"a Unit moves into the river on turn A and stops. It remains in the river for turn B, and it then moves again on turn C"; "Units that are fording rivers ... may not fire"', () => {
    // Turn 1: Red moves r1 into the ford, Blue throws a 1 (no activations). Turn 2 (B): Red may do
    // nothing with r1, Blue gets one activation. Turn 3 (C): r1 may move on, or fire at b1.
    const dice = [6, 1, 6, 1, /* turn 2 */ 6, 1, 6, 2, /* turn 3 */ 6, 1, 6, 1];
    let s = board([{ id: 'r1', cell: '8,5', type: 'cavalry' }, { id: 'b1', cell: '8,2', facing: 'S' }, { id: 'b2', cell: '0,0' }], { terrain: river }, dice);
    expect(dests(s, 'r1')).toContain('8,4');
    expect(dests(s, 'r1')).not.toContain('8,3'); // cavalry, but the ford stops it
    s = playPw(s, { type: 'move', side: 'red', unit: 'r1', to: '8,4', facing: 'N' }).state;
    expect(s.turn).toBe(2);
    expect(pw.actor(s)).toBe('blue');
    expect(pwUnit(s, 'r1')).toMatchObject({ cell: '8,4', fordTurn: 1, activated: false, fired: false });
    expect(pw.observe(s, null).units.find((u) => u.id === 'r1')!.markers).toContain('fording');
    s = playPw(s, { type: 'endActivation', side: 'blue' }).state;
    expect(s.turn).toBe(3);
    expect(pw.actor(s)).toBe('red');
    expect(dests(s, 'r1')).toContain('8,3');
  });

  it('a unit in a ford that is not being held there may fire; in turn B it may not', () => {
    const dice = [6, 1, 6, 1, 6, 1, 6, 2];
    let s = board([{ id: 'r1', cell: '8,5' }, { id: 'b1', cell: '8,2', facing: 'S' }, { id: 'b2', cell: '0,0' }], { terrain: river }, dice);
    s = playPw(s, { type: 'move', side: 'red', unit: 'r1', to: '8,4', facing: 'N' }).state;
    // In turn 2 (B) Red had three activations but nothing r1 could do: Red was never asked, and
    // r1 neither moved nor fired at b1, two squares off in its arc.
    expect(s.turn).toBe(2);
    expect(pw.actor(s)).toBe('blue');
    expect(pwUnit(s, 'r1')).toMatchObject({ fired: false, activated: false });
    expect(pw.fireCells!(s, 'r1')).toContain('8,2');
  });
});

describe('unit types that may not move', () => {
  it('Fortress/Siege Artillery ("Movement: -") only turns where it stands', () => {
    const s = board([{ id: 'r1', cell: '5,5', type: 'fortressArtillery' as PwUnitType }, far]);
    expect(dests(s, 'r1')).toEqual([]);
    expect(pw.legalActions(s).filter((a) => a.type === 'move' && a.unit === 'r1').map((a) => (a.type === 'move' ? a.facing : ''))).toEqual(['E', 'S', 'W']);
  });

  it('a pinned unit "stops where it is and may not move until it is unpinned"', () => {
    let s = board([{ id: 'r1', cell: '5,5' }, far]);
    s = { ...s, units: s.units.map((u) => (u.id === 'r1' ? { ...u, pinned: true } : u)) };
    expect(pw.legalActions(s).filter((a) => 'unit' in a && a.unit === 'r1')).toEqual([{ type: 'unpin', side: 'red', unit: 'r1' }]);
  });

  it('dismounting or mounting is the cavalry unit’s move for the turn', () => {
    const s = board([{ id: 'r1', cell: '5,5', type: 'cavalry' }, { id: 'r2', cell: '0,7' }, far]);
    const { state } = playPw(s, { type: 'dismount', side: 'red', unit: 'r1', mount: false });
    expect(pwUnit(state, 'r1')).toMatchObject({ dismounted: true, activated: true });
    expect(pw.legalActions(state).filter((a) => 'unit' in a && a.unit === 'r1')).toEqual([]);
    expect(pw.observe(state, null).units.find((u) => u.id === 'r1')).toMatchObject({ factors: '4', values: expect.objectContaining({ movement: 1, range: 2 }) });
  });
});

describe('side features of the scenario’s own (README: “Side features that block”)', () => {
  const wall = (blocks: { movement?: boolean; sight?: boolean }, sides = ['5,5,N']): Partial<PwTestSetup> => ({
    sideFeatures: [{ id: 'wall', name: 'Wall', colour: '#4a4a4a', blocks, sides }],
  });

  it('no move crosses a side that blocks movement; cavalry goes round it', () => {
    expect(dests(board([{ id: 'r1', cell: '5,5' }, far], wall({ movement: true })), 'r1')).toEqual(['4,5', '5,6', '6,5']);
    const cav = dests(board([{ id: 'r1', cell: '5,5', type: 'cavalry' }, far], wall({ movement: true })), 'r1');
    expect(cav).not.toContain('5,4');
    expect(cav).toEqual(expect.arrayContaining(['4,4', '6,4']));
    // Written from the other square it is the same side; one that blocks only sight does not stop a move.
    expect(dests(board([{ id: 'r1', cell: '5,5' }, far], wall({ movement: true }, ['5,4,S'])), 'r1')).not.toContain('5,4');
    expect(dests(board([{ id: 'r1', cell: '5,5' }, far], wall({ sight: true })), 'r1')).toContain('5,4');
  });
});
