// Seed 003, "Activation of units", "Treachery", "Exhaustion", "Rout", "Supply and Resupply" and the
// concluding points: the turn's order, initiative, the simultaneous opening fire, treachery,
// exhausted and routed armies, the night's resupply and the end of the battle.
import { describe, expect, it } from 'vitest';
import { shambattle } from './index.js';
import { draftOf } from './state.js';

import { pickByDice } from './treachery.js';
import { diceUsed, makeScenario, open, play, situation, start, texts, unit, withUnit, type TestSetup } from './testkit.js';
import type { ShamAction, ShamState } from './state.js';

const endMove = (side: string): ShamAction => ({ type: 'endMovement', side });

describe('initiative (“in each pair of turns roll for which side goes first … high roll going first”)', () => {
  const t: TestSetup = { terrain: open(10, 3), units: [{ id: 'r1', cell: '0,1' }, { id: 'b1', cell: '9,1' }] };

  it('the high roll moves first', () => {
    const s = start(t, [2, 5]);
    expect(s).toMatchObject({ phase: 'movement', player: 'blue', first: 'blue', half: 0 });
    expect(start(t, [6, 1])).toMatchObject({ player: 'red', first: 'red' });
  });

  it('a tie is rolled again', () => {
    const s = start(t, [3, 3, 1, 4]);
    expect(s.first).toBe('blue');
    expect(diceUsed(s)).toBe(4);
  });

  it('each side moves, shoots and fights in its half; then a new turn rolls again', () => {
    let s = start(t, [6, 1]);
    s = play(s, endMove('red')).state;
    expect(s).toMatchObject({ player: 'blue', half: 1, turn: 1 });
    const r = play(withDice(s, [1, 6]), endMove('blue'));
    expect(r.state).toMatchObject({ turn: 2, player: 'blue', first: 'blue', half: 0 });
    expect(texts(r.events).some((x) => /^Initiative: Red 1, Blue 6/.test(x))).toBe(true);
  });
});

function withDice(s: ShamState, dice: number[]): ShamState {
  return { ...s, dice: { kind: 'script', script: dice, next: 0 } };
}

describe('the opening fire (“Artillery and Machinegun fire (both sides, count as simultaneous)”)', () => {
  const t: TestSetup = {
    terrain: open(12, 3),
    units: [
      { id: 'r-art', stand: 'artillery', cell: '0,1' },
      { id: 'r1', cell: '0,0' },
      { id: 'b-art', stand: 'artillery', cell: '8,1' },
      { id: 'b1', cell: '9,0' },
    ],
  };

  it('each side gives its orders unseen by the other; both fire together, so a gun knocked out still fires', () => {
    let s = start(t, [1, 1, 1, 1, 1, 2, 6, 1]);
    expect(s).toMatchObject({ phase: 'fire', player: 'red' });
    // Its only gun laid, Red has given its orders.
    s = play(s, { type: 'aim', side: 'red', unit: 'r-art', target: '8,1' }).state;
    expect(s.player).toBe('blue');
    // Blue cannot see the red gun's order; Red can.
    expect(shambattle.observe(s, 'blue').units.find((u) => u.id === 'r-art')!.markers).not.toContain('laid');
    expect(shambattle.observe(s, 'red').units.find((u) => u.id === 'r-art')!.markers).toContain('laid');
    const r = play(s, { type: 'aim', side: 'blue', unit: 'b-art', target: '0,1' });
    // Red's 3 dice (2 SP +1): 1, 1, 1 — Blue's 3 dice: 1, 1, 2. Both batteries lose 2 SP.
    expect(unit(r.state, 'b-art').status).toBe('eliminated');
    expect(unit(r.state, 'r-art').status).toBe('eliminated');
    expect(r.state).toMatchObject({ phase: 'movement', player: 'red' });
    // The hidden order is shown to Red only; the fire itself to both.
    expect(r.events.filter((e) => e.kind === 'fire' && e.visibleTo === undefined).length).toBeGreaterThanOrEqual(2);
  });

  it('guns and machine guns that fired do not move that turn; those that held fire may', () => {
    // Red's shot: 2, 2, 2; initiative 6 against 1.
    let s = start(t, [2, 2, 2, 6, 1]);
    s = play(s, { type: 'aim', side: 'red', unit: 'r-art', target: '8,1' }, { type: 'endFire', side: 'blue' }).state;
    expect(unit(s, 'r-art').fired).toBe(true);
    expect(shambattle.moves(s, 'r-art')).toEqual([]);
    expect(shambattle.moves(s, 'r1').length).toBeGreaterThan(0);
  });

  it('hidden orders are drawn afresh when the other side’s search bot determinizes', () => {
    let s = start(t, []);
    s = play(s, { type: 'aim', side: 'red', unit: 'r-art', target: '8,1' }).state;
    const seen = new Set<string>();
    for (let seed = 1; seed <= 12; seed++) seen.add(JSON.stringify(shambattle.determinize(s, 'blue', seed).orders));
    expect(seen.size).toBeGreaterThan(1);
    // Red's own view keeps its orders.
    expect(shambattle.determinize(s, 'red', 3).orders).toEqual(s.orders);
  });
});

describe('treachery (“with the non-phasing side rolling for the enemy army … the defecting unit immediately comes under the control of the enemy army”)', () => {
  const t: TestSetup = {
    terrain: open(10, 4),
    options: { treachery: 'eachTurn' },
    units: [
      { id: 'r1', cell: '2,1' },
      { id: 'r2', cell: '2,1' },
      { id: 'r3', cell: '1,2' },
      { id: 'r-cav', stand: 'cavalry', cell: '1,2' },
      { id: 'b1', cell: '7,1' },
    ],
  };
  // Red's half ends at once; Blue's begins by rolling for treachery in the Red army.
  const blueRolls = (dice: number[]): { state: ShamState; events: string[] } => {
    const r = play(situation(t, { phase: 'movement', player: 'red' }, dice), endMove('red'));
    return { state: r.state, events: texts(r.events) };
  };

  it('no disaffection but on a 6', () => {
    const r = blueRolls([5]);
    expect(r.state.units.every((u) => u.loyalty === 'loyal' && (u.id.startsWith('r') ? u.side === 'red' : true))).toBe(true);
    expect(r.events.some((x) => /Treachery roll against Red's army: 5, no disaffection/.test(x))).toBe(true);
  });

  it('1-2 Mutiny: the stand takes no orders and its SP are lost to its army', () => {
    // 6: disaffection; 4: infantry; 2: the second of the three rifle stands; 1: mutiny.
    const r = blueRolls([6, 4, 2, 1]);
    expect(unit(r.state, 'r2').loyalty).toBe('mutinous');
    expect(shambattle.view(r.state).armies['red']!.lost).toBe(4);
    // Red may neither move it nor shoot with it.
    const redTurn = { ...r.state, player: 'red', half: 0 as const };
    expect(shambattle.legalActions(redTurn).some((a) => 'unit' in a && a.unit === 'r2')).toBe(false);
  });

  it('3-4 Defection: the enemy moves it until it meets one of its stands, then it changes sides', () => {
    const near: TestSetup = { ...t, units: t.units.map((u) => (u.id === 'b1' ? { ...u, cell: '5,1' } : u)) };
    const r = play(situation(near, { phase: 'movement', player: 'red' }, [6, 5, 1, 3]), endMove('red'));
    expect(unit(r.state, 'r1')).toMatchObject({ loyalty: 'defecting', side: 'red' });
    // Blue moves it now, and only closer to Blue.
    const moves = shambattle.legalActions(r.state).filter((a) => a.type === 'move' && a.unit === 'r1') as { to: string }[];
    expect(moves.length).toBeGreaterThan(0);
    for (const m of moves) expect(shambattle.range!(r.state, m.to, '5,1')).toBeLessThan(3);
    const moved = play(r.state, { type: 'move', side: 'blue', unit: 'r1', to: '4,1' });
    expect(unit(moved.state, 'r1')).toMatchObject({ side: 'blue', loyalty: 'loyal', cell: '4,1' });
    expect(shambattle.view(moved.state).armies['red']!.lost).toBe(4);
    expect(shambattle.view(moved.state).armies['blue']!.lost).toBe(-4);
    expect(texts(moved.events).some((x) => /meets Blue at 0502 and changes sides/.test(x))).toBe(true);
  });

  it('5-6 Fifth Column: the stand changes sides at once, with its SP, and leaves its former comrades’ area', () => {
    // 6; 2: cavalry (one stand, no die to pick it); 6: fifth column.
    const r = blueRolls([6, 2, 6]);
    const u = unit(r.state, 'r-cav');
    expect(u.side).toBe('blue');
    expect(u.cell).not.toBe('1,2');
    expect(shambattle.invariants(r.state)).toEqual([]);
    expect(shambattle.view(r.state).armies['blue']!.lost).toBe(-3);
  });

  it('an arm with no stand left to waver: nothing happens', () => {
    const r = blueRolls([6, 1]);
    expect(r.events.some((x) => /none is left to waver/.test(x))).toBe(true);
    expect(diceUsed(r.state)).toBe(2);
  });

  it('picking the stand: up to six by one die (scores above rerolled); twelve by a die for the six, then one within', () => {
    const board = makeScenario(t);
    const pick = (n: number, dice: number[]): [number, number[]] => {
      const c = draftOf(situation(board, {}, dice));
      const used: number[] = [];
      return [pickByDice(c, n, used), used];
    };
    expect(pick(3, [5, 6, 2])).toEqual([1, [5, 6, 2]]);
    expect(pick(12, [2, 6])).toEqual([5, [2, 6]]);
    expect(pick(12, [4, 3])).toEqual([8, [4, 3]]);
    // Seven stands: the second six has one; an empty number rolls both dice again.
    expect(pick(7, [5, 4, 1, 1])).toEqual([0, [5, 4, 1, 1]]);
  });
});

describe('exhaustion (“Only the cavalry can initiate a close assault; units may not advance closer to the enemy than they already are”)', () => {
  it('an exhausted army’s stands may not end closer to the enemy unless also closer to their own base line', () => {
    const t: TestSetup = { terrain: open(10, 3), units: [{ id: 'r1', cell: '3,1' }, { id: 'b1', cell: '7,1' }], options: { exhaustionPoint: 1 } };
    const s = withUnit(situation(t), 'r1', { sp: 3 });
    const to = shambattle.moves(s, 'r1').map((m) => m.cell);
    expect(to).not.toContain('4,1');
    expect(to).not.toContain('5,1');
    expect(to).toContain('2,1');
    const fresh = withUnit(situation({ ...t, options: { exhaustionPoint: 2 } }), 'r1', { sp: 3 });
    expect(shambattle.moves(fresh, 'r1').map((m) => m.cell)).toContain('5,1');
  });
});

describe('rout (“An Army reduced to its Rout Point must immediately begin to quit the field”)', () => {
  const t: TestSetup = {
    terrain: open(10, 3),
    options: { routPoint: 3 },
    units: [
      { id: 'r1', cell: '2,1' },
      { id: 'r2', cell: '0,1' },
      { id: 'b1', cell: '3,1' },
      { id: 'b2', cell: '4,1' },
    ],
  };

  it('units in close combat break off and retreat one grid area; in its turn the army flees towards its own edge', () => {
    let s = situation(t, { phase: 'rifle', player: 'blue', first: 'red', half: 1 }, [5, 5, 5, 2, 6, 6, 5, 5, 5, 5, 6, 1]);
    s = { ...s, engagements: [{ side: 'red', target: '3,1', units: ['r1'] }] };
    // b2 shoots r1: three 5s → Red has lost 3: its rout point.
    const r = play(s, { type: 'fire', side: 'blue', unit: 'b2', target: '2,1' });
    expect(r.state.armies['red']!.routed).toBe(true);
    expect(r.state.engagements).toEqual([]);
    expect(unit(r.state, 'r1').cell).toBe('1,1');
    // Next turn (initiative 6-6, 5-5... then 6-1: Red first), Red's stands flee: r2 off its edge, r1 west.
    const after = play(r.state, { type: 'endFire', side: 'blue' }).state;
    expect(unit(after, 'r2').status).toBe('fled');
    expect(unit(after, 'r1').cell).toMatch(/^0,/);
  });
});

describe('the night (“Units to be refurbished must be placed in the grid area containing the logistics unit (1 unit only), or in an adjacent grid area (up to 2 in each)”)', () => {
  const t: TestSetup = {
    terrain: open(10, 4),
    options: { days: 2, turnsPerDay: 1, overnightReturn: 100 },
    units: [
      { id: 'r-log', stand: 'fieldTrain', cell: '1,1' },
      { id: 'r1', cell: '5,1' },
      { id: 'r2', cell: '5,2' },
      { id: 'r3', cell: '0,3' },
      { id: 'r-cmd', stand: 'commander', cell: '4,0' },
      { id: 'b1', cell: '9,1' },
    ],
  };
  // The end of turn 1, which is the last of day 1: Blue's half is under way.
  const dusk = (patch: (s: ShamState) => ShamState, dice: number[] = [6, 1]): ShamState =>
    play(patch(situation(t, { phase: 'movement', player: 'blue', first: 'red', half: 1 }, dice)), endMove('blue')).state;

  it('only the day’s losses come back, to stands placed at a logistics stand', () => {
    const s = dusk((x) => ({ ...withUnit(withUnit(x, 'r1', { sp: 2 }), 'r2', { sp: 3 }), armies: { ...x.armies, red: { ...x.armies['red']!, pool: { infantry: 2, cavalry: 0, specialists: 0, command: 0 } } } }));
    expect(s).toMatchObject({ phase: 'night', player: 'red' });
    const opts = shambattle.legalActions(s).filter((a) => a.type === 'resupply');
    // In the logistics area (one stand there beside the train) or next to it.
    expect(new Set(opts.map((a) => (a as { cell: string }).cell))).toEqual(new Set(['1,1', '1,0', '2,1', '2,2', '1,2', '0,2', '0,1']));
    const r = play(s, { type: 'resupply', side: 'red', unit: 'r1', cell: '1,1' });
    expect(unit(r.state, 'r1')).toMatchObject({ sp: 4, cell: '1,1' });
    expect(r.state.armies['red']!.pool.infantry).toBe(0);
    // The pool is spent: r2 gets nothing, so it is not offered.
    expect(shambattle.legalActions(r.state).filter((a) => a.type === 'resupply')).toEqual([]);
  });

  it('a side that blocks supply keeps the area beyond it out of the train’s reach (README: “Side features that block”)', () => {
    const walled: TestSetup = { ...t, sideFeatures: [{ id: 'ditch', name: 'Ditch', colour: '#555555', blocks: { supply: true }, sides: ['1,1,NE'] }] };
    const s = play(
      ((x: ShamState) => ({ ...withUnit(x, 'r1', { sp: 2 }), armies: { ...x.armies, red: { ...x.armies['red']!, pool: { infantry: 2, cavalry: 0, specialists: 0, command: 0 } } } }))(
        situation(walled, { phase: 'movement', player: 'blue', first: 'red', half: 1 }, [6, 1]),
      ),
      endMove('blue'),
    ).state;
    const cells = new Set(shambattle.legalActions(s).filter((a) => a.type === 'resupply').map((a) => (a as { cell: string }).cell));
    expect(cells).toEqual(new Set(['1,1', '1,0', '2,2', '1,2', '0,2', '0,1']));
  });

  it('by default half of each arm’s losses today may come back (the option sets the share)', () => {
    const half = { ...t, options: { days: 2, turnsPerDay: 1 } };
    const s = play(
      (() => {
        const x = situation(half, { phase: 'movement', player: 'blue', first: 'red', half: 1 }, [6, 1]);
        return { ...withUnit(x, 'r1', { sp: 1 }), armies: { ...x.armies, red: { ...x.armies['red']!, pool: { infantry: 3, cavalry: 1, specialists: 0, command: 6 } } } };
      })(),
      endMove('blue'),
    ).state;
    expect(s.armies['red']!.pool).toEqual({ infantry: 1, cavalry: 0, specialists: 0, command: 3 });
  });

  it('a lost Army Commander is replaced for 6 SP drawn from the whole pool', () => {
    const s = dusk((x) => ({
      ...withUnit(x, 'r-cmd', { status: 'eliminated', cell: null, sp: 0 }),
      armies: { ...x.armies, red: { ...x.armies['red']!, pool: { infantry: 3, cavalry: 0, specialists: 1, command: 2 } } },
    }));
    const r = play(s, { type: 'resupply', side: 'red', unit: 'r-cmd', cell: '2,1' });
    expect(unit(r.state, 'r-cmd')).toMatchObject({ status: 'map', sp: 6, cell: '2,1' });
    expect(r.state.armies['red']!.pool).toEqual({ infantry: 0, cavalry: 0, specialists: 0, command: 0 });
  });

  it('an army routed before nightfall rallies if the night brings its losses back below the rout point; otherwise the battle ends', () => {
    const base = (x: ShamState): ShamState => ({
      ...withUnit(x, 'r1', { sp: 1 }),
      armies: { ...x.armies, red: { ...x.armies['red']!, routed: true, pool: { infantry: 3, cavalry: 0, specialists: 0, command: 0 } } },
    });
    const t2 = { ...t, options: { ...t.options, routPoint: 3 } };
    const dusk2 = (patch: (s: ShamState) => ShamState, dice: number[] = []): ShamState =>
      play(patch(situation(t2, { phase: 'movement', player: 'blue', first: 'red', half: 1 }, dice)), endMove('blue')).state;
    const night = dusk2(base, [6, 1]);
    // Resupplied, Red has nothing more to do overnight: daybreak, and the next turn's initiative.
    const rallied = play(night, { type: 'resupply', side: 'red', unit: 'r1', cell: '1,1' });
    expect(rallied.state.armies['red']!.routed).toBe(false);
    expect(rallied.state.gameOver).toBeNull();
    expect(texts(rallied.events).some((x) => /rallies overnight/.test(x))).toBe(true);
    const fled = play(night, { type: 'endNight', side: 'red' }).state;
    expect(fled.gameOver).toEqual({ winner: 'blue', reason: "Red's army could not be rallied overnight and has fled the field." });
  });
});

describe('the end of the battle', () => {
  it('after the last turn, the side with more enemy SP lost plus cities held wins', () => {
    const t: TestSetup = {
      terrain: open(10, 3),
      options: { days: 1, turnsPerDay: 1 },
      cells: { '5,1': { name: 'Vermilion City', victory: { endGame: 10 } } },
      units: [{ id: 'r1', cell: '5,1' }, { id: 'b1', cell: '8,1' }, { id: 'b2', cell: '8,2' }],
    };
    const s = play(withUnit(situation(t, { phase: 'movement', player: 'blue', first: 'red', half: 1 }), 'b1', { sp: 1 }), endMove('blue')).state;
    expect(s.gameOver).toEqual({ winner: 'red', reason: 'The battle ends: Red 13, Blue 0 (SP the enemy lost plus cities held).' });
    expect(shambattle.returns(s)).toEqual({ red: 1, blue: -1 });
    expect(shambattle.decision(s)).toBeNull();
  });
});
