// Seed 003, "Combat:": ranges, dice per SP, the per-stand modifiers, the hit table row by row,
// the Army Commander's hazard, the engineers' loss order, retreats, and close combat.
import { describe, expect, it } from 'vitest';
import { createGrid } from '../../grid/index.js';
import { shambattle } from './index.js';
import { diceUsed, open, play, situation, unit, withUnit, type TestSetup } from './testkit.js';
import type { ShamAction, ShamState } from './state.js';

const g = createGrid({ kind: 'hex', orientation: 'flat', offset: 'odd', cols: 30, rows: 30 });
/** The side between two adjacent areas ("c,r" each). */
const edge = (a: string, b: string): string => {
  const [ac, ar] = a.split(',').map(Number) as [number, number];
  const [bc, br] = b.split(',').map(Number) as [number, number];
  return g.edgeBetween({ col: ac, row: ar }, { col: bc, row: br })!;
};

const legal = (s: ShamState): string[] => shambattle.legalActions(s).map((a) => JSON.stringify(a));
const has = (s: ShamState, a: ShamAction): boolean => legal(s).includes(JSON.stringify(a));
const fire = (unit: string, target: string): ShamAction => ({ type: 'fire', side: 'red', unit, target });
const aim = (unit: string, target: string, side = 'red'): ShamAction => ({ type: 'aim', side, unit, target });

/** Red shoots in its rifle fire with these dice; returns the state after. */
function rifle(t: TestSetup, shooter: string, target: string, dice: number[]): ShamState {
  return play(situation(t, { phase: 'rifle', player: 'red' }, dice), fire(shooter, target)).state;
}

describe('shooting ranges (“Rifle range: 2 grid areas … Carbine range: 1 … Shooting range: 3 … Shooting range 8”)', () => {
  it('rifles reach 2 grid areas and not 3', () => {
    const near = situation({ terrain: open(10, 3), units: [{ id: 'r1', cell: '0,1' }, { id: 'b1', cell: '2,1' }] }, { phase: 'rifle' });
    expect(has(near, fire('r1', '2,1'))).toBe(true);
    const far = situation({ terrain: open(10, 3), units: [{ id: 'r1', cell: '0,1' }, { id: 'b1', cell: '3,1' }] }, { phase: 'rifle' });
    expect(has(far, fire('r1', '3,1'))).toBe(false);
  });

  it('cavalry carbines reach 1 grid area and not 2', () => {
    const near = situation({ terrain: open(10, 3), units: [{ id: 'r1', stand: 'cavalry', cell: '0,1' }, { id: 'b1', cell: '1,1' }] }, { phase: 'rifle' });
    expect(has(near, fire('r1', '1,1'))).toBe(true);
    const far = situation({ terrain: open(10, 3), units: [{ id: 'r1', stand: 'cavalry', cell: '0,1' }, { id: 'b1', cell: '2,1' }] }, { phase: 'rifle' });
    expect(has(far, fire('r1', '2,1'))).toBe(false);
  });

  it('engineers shoot as riflemen (“Rifle Range: 2 grid areas”); their train does not shoot', () => {
    const s = situation(
      { terrain: open(10, 3), units: [{ id: 'r-eng', stand: 'engineers', cell: '0,1' }, { id: 'r-tr', stand: 'engineerTrain', cell: '0,1' }, { id: 'b1', cell: '2,1' }] },
      { phase: 'rifle' },
    );
    expect(has(s, fire('r-eng', '2,1'))).toBe(true);
    expect(legal(s).some((a) => a.includes('"r-tr"'))).toBe(false);
  });

  it('machine guns reach 3 grid areas and artillery 8, in the opening fire', () => {
    const t = (d: number): TestSetup => ({
      terrain: open(12, 3),
      units: [{ id: 'r-mg', stand: 'machineGun', cell: '0,1' }, { id: 'r-art', stand: 'artillery', cell: '0,0' }, { id: 'b1', cell: `${d},1` }],
    });
    const at3 = situation(t(3), { phase: 'fire' });
    expect(has(at3, aim('r-mg', '3,1'))).toBe(true);
    const at4 = situation(t(4), { phase: 'fire' });
    expect(has(at4, aim('r-mg', '4,1'))).toBe(false);
    expect(has(at4, aim('r-art', '4,1'))).toBe(true);
    // (0,0) to (8,1) is 8 areas; (0,0) to (9,1) is 9.
    expect(has(situation(t(8), { phase: 'fire' }), aim('r-art', '8,1'))).toBe(true);
    expect(has(situation(t(9), { phase: 'fire' }), aim('r-art', '9,1'))).toBe(false);
  });

  it('rifles do not shoot in the opening fire, nor guns in the rifle fire', () => {
    const t: TestSetup = { terrain: open(10, 3), units: [{ id: 'r1', cell: '0,1' }, { id: 'r-mg', stand: 'machineGun', cell: '1,1' }, { id: 'b1', cell: '2,1' }] };
    expect(legal(situation(t, { phase: 'fire' })).some((a) => a.includes('"r1"'))).toBe(false);
    expect(legal(situation(t, { phase: 'rifle' })).some((a) => a.includes('"r-mg"'))).toBe(false);
  });
});

describe('dice and modifiers (“The number of dice rolled in combat is equal to the stand’s SP values … per stand”)', () => {
  const base = (target: string, extra: TestSetup['units'] = [], terrain = open(10, 3)): TestSetup => ({ terrain, units: [{ id: 'r1', cell: '0,1' }, { id: 'b1', cell: target }, ...extra] });
  const diceOf = (t: TestSetup, shooter = 'r1', target = '2,1'): number => diceUsed(rifle(t, shooter, target, Array(12).fill(2)));

  it('a 4 SP stand rolls 4 dice in the open', () => {
    expect(diceOf(base('2,1'))).toBe(4);
  });

  it('−1 shooting into cover: a town, woods or brush area, or field works', () => {
    for (const code of ['C', 'f', 'b']) {
      const terrain = ['..........', `..${code}.......`, '..........'];
      expect(diceOf(base('2,1', [], terrain)), code).toBe(3);
    }
    expect(diceOf({ ...base('2,1'), cells: { '2,1': { fortification: true } } })).toBe(3);
    // A hill is no cover.
    expect(diceOf(base('2,1', [], ['..........', '..h.......', '..........']))).toBe(4);
  });

  it('−1 shooting whilst on a bridge or in a river (after crossing it this turn)', () => {
    const t = base('2,1');
    const s = withUnit(situation(t, { phase: 'rifle' }, Array(5).fill(2)), 'r1', { crossed: true });
    expect(diceUsed(play(s, fire('r1', '2,1')).state)).toBe(3);
  });

  it('+1 machine guns and +1 artillery shooting', () => {
    const t: TestSetup = { terrain: open(10, 3), units: [{ id: 'r-mg', stand: 'machineGun', cell: '0,1' }, { id: 'b1', cell: '2,1' }] };
    const p = shambattle.attackPreview(situation(t, { phase: 'fire' }), { attackers: ['r-mg'], cell: '2,1' })!;
    expect(p.method.kind).toBe('dicePool');
    if (p.method.kind !== 'dicePool') return;
    expect(p.method.units['r-mg']).toEqual({ base: 2, mods: [{ reason: 'machine guns shooting', dice: 1 }], dice: 3 });
    const a: TestSetup = { terrain: open(10, 3), units: [{ id: 'r-art', stand: 'artillery', cell: '0,1' }, { id: 'b1', cell: '5,1' }] };
    const q = shambattle.attackPreview(situation(a, { phase: 'fire' }), { attackers: ['r-art'], cell: '5,1' })!;
    if (q.method.kind !== 'dicePool') throw new Error('not a dice pool');
    expect(q.method.units['r-art']!.dice).toBe(3);
    expect(q.method.units['r-art']!.mods[0]!.reason).toBe('artillery shooting');
  });

  it("+1 'elite' and −1 'poor' units", () => {
    expect(diceOf({ terrain: open(10, 3), units: [{ id: 'r1', cell: '0,1', elite: true }, { id: 'b1', cell: '2,1' }] })).toBe(5);
    expect(diceOf({ terrain: open(10, 3), units: [{ id: 'r1', cell: '0,1', poor: true }, { id: 'b1', cell: '2,1' }] })).toBe(3);
  });

  it('+1 Army Command in the same grid area, for each stand there', () => {
    const t: TestSetup = { terrain: open(10, 3), units: [{ id: 'r1', cell: '0,1' }, { id: 'r2', cell: '0,1' }, { id: 'r-cmd', stand: 'commander', cell: '0,1' }, { id: 'b1', cell: '2,1' }] };
    expect(diceOf(t)).toBe(5);
    expect(diceOf(t, 'r2')).toBe(5);
    // Not from the next area.
    expect(diceOf({ ...t, units: t.units.map((u) => (u.id === 'r-cmd' ? { ...u, cell: '0,0' } : u)) })).toBe(4);
  });

  it('a stand never rolls fewer than no dice', () => {
    const t: TestSetup = { terrain: ['..........', '..C.......', '..........'], units: [{ id: 'r1', cell: '0,1', sp: 1, poor: true }, { id: 'b1', cell: '2,1' }] };
    expect(diceOf(t)).toBe(0);
  });
});

describe('the hit table (“The following results count only if the target type happens to be present”)', () => {
  const at = (target: TestSetup['units'], dice: number[], extra: TestSetup['units'] = []): ShamState =>
    rifle({ terrain: open(10, 3), units: [{ id: 'r1', cell: '0,1' }, ...target, ...extra] }, 'r1', '2,1', dice);

  it('1: artillery, machine guns, engineers or engineer train lose 1 SP', () => {
    const s = at([{ id: 'b-art', stand: 'artillery', cell: '2,1' }, { id: 'b-mg', stand: 'machineGun', cell: '2,1' }], [1, 1, 5, 5]);
    expect(unit(s, 'b-art').sp + unit(s, 'b-mg').sp).toBe(2);
    // Nothing else is struck by a 1.
    const inf = at([{ id: 'b1', cell: '2,1' }], [1, 1, 1, 1]);
    expect(unit(inf, 'b1').sp).toBe(4);
  });

  it('1: a logistics stand is captured on a hit result for trains', () => {
    const s = at([{ id: 'b-log', stand: 'fieldTrain', cell: '2,1' }], [1, 2, 2, 2]);
    expect(unit(s, 'b-log').status).toBe('eliminated');
  });

  it('2: cavalry retreat 1 grid area, or lose 1 SP — the owner chooses', () => {
    const s = at([{ id: 'b-cav', stand: 'cavalry', cell: '2,1' }], [2, 5, 5, 5]);
    expect(shambattle.actor(s)).toBe('blue');
    const d = shambattle.decision(s)!;
    expect(d.kind).toBe('shambattle.retreatOrLose');
    const back = play(s, { type: 'fallBack', side: 'blue', unit: 'b-cav' }).state;
    expect(unit(back, 'b-cav').sp).toBe(3);
    expect(unit(back, 'b-cav').cell).not.toBe('2,1');
    const stay = play(s, { type: 'standFast', side: 'blue', unit: 'b-cav' }).state;
    expect(unit(stay, 'b-cav')).toMatchObject({ sp: 2, cell: '2,1' });
  });

  it('3: cavalry lose 1 SP', () => {
    const s = at([{ id: 'b-cav', stand: 'cavalry', cell: '2,1' }], [3, 3, 5, 6]);
    expect(unit(s, 'b-cav')).toMatchObject({ sp: 1, cell: '2,1' });
  });

  it('4: infantry retreat 1 grid area, or lose 1 SP', () => {
    const s = at([{ id: 'b1', cell: '2,1' }], [4, 4, 2, 3]);
    expect(s.choices).toEqual([{ side: 'blue', unit: 'b1', results: 2, from: ['0,1'] }]);
    const back = play(s, { type: 'fallBack', side: 'blue', unit: 'b1' }).state;
    // Two areas away from the shooter, keeping its SP.
    expect(unit(back, 'b1').sp).toBe(4);
    expect(shambattle.range!(back, '0,1', unit(back, 'b1').cell!)).toBe(4);
    const stay = play(s, { type: 'standFast', side: 'blue', unit: 'b1' }).state;
    expect(unit(stay, 'b1')).toMatchObject({ sp: 2, cell: '2,1' });
  });

  it('5: infantry lose 1 SP', () => {
    const s = at([{ id: 'b1', cell: '2,1' }], [5, 1, 2, 3]);
    expect(unit(s, 'b1')).toMatchObject({ sp: 3, cell: '2,1' });
  });

  it('6: infantry lose 1 SP and retreat 1 grid area', () => {
    const s = at([{ id: 'b1', cell: '2,1' }], [6, 1, 2, 3]);
    expect(unit(s, 'b1').sp).toBe(3);
    expect(shambattle.range!(s, '0,1', unit(s, 'b1').cell!)).toBe(3);
  });

  it('hits fall on the stand of the struck type with the most SP left', () => {
    const s = at([{ id: 'b1', cell: '2,1', sp: 2 }, { id: 'b2', cell: '2,1' }], [5, 5, 5, 2]);
    // 4 SP, 2 SP → 3/2 → 2/2 → 2/1 (tie at 2: the first listed).
    expect([unit(s, 'b1').sp, unit(s, 'b2').sp]).toEqual([1, 2]);
  });

  it('a stand that cannot retreat loses 1 SP instead', () => {
    // b1 at 2,1 backed by cliffs: nowhere to go away from the shooter at 1,1.
    const t: TestSetup = { terrain: ['##########', '#..#######', '##########'], units: [{ id: 'r1', cell: '1,1' }, { id: 'b1', cell: '2,1' }] };
    const s = play(situation(t, { phase: 'rifle' }, [6, 1, 1, 1]), fire('r1', '2,1')).state;
    expect(unit(s, 'b1')).toMatchObject({ sp: 2, cell: '2,1' });
    // And a "retreat or lose" result is not offered as a choice: it is an SP.
    const t4 = play(situation(t, { phase: 'rifle' }, [4, 1, 1, 1]), fire('r1', '2,1')).state;
    expect(t4.choices).toEqual([]);
    expect(unit(t4, 'b1').sp).toBe(3);
  });
});

describe('the Army Commander (“A separate roll of ‘6’ means the Army Commander is toast”)', () => {
  const t: TestSetup = { terrain: open(10, 3), units: [{ id: 'r1', cell: '0,1' }, { id: 'b1', cell: '2,1' }, { id: 'b-cmd', stand: 'commander', cell: '2,1' }] };

  it('each 6 rolled at his area is a hazard: a second 6 and he is lost (the fate die says how)', () => {
    const r = play(situation(t, { phase: 'rifle' }, [6, 2, 2, 2, 6, 3]), fire('r1', '2,1'));
    expect(unit(r.state, 'b-cmd').status).toBe('eliminated');
    expect(r.events.some((e) => /is wounded/.test(e.text))).toBe(true);
    // His 6 SP are lost to the army.
    expect(shambattle.view(r.state).armies['blue']!.lost).toBe(7);
  });

  it('a hazard roll below 6 leaves him unhurt', () => {
    const s = play(situation(t, { phase: 'rifle' }, [6, 6, 2, 2, 5, 4]), fire('r1', '2,1')).state;
    expect(unit(s, 'b-cmd').status).toBe('map');
  });

  it('no hazard without a 6', () => {
    const s = play(situation(t, { phase: 'rifle' }, [5, 5, 2, 2]), fire('r1', '2,1')).state;
    expect(unit(s, 'b-cmd').status).toBe('map');
    expect(diceUsed(s)).toBe(4);
  });

  it('left alone in an area the enemy takes by close assault, he is captured', () => {
    // b1 rolls 2 dice: 1 SP and the commander's +1.
    const s = situation({ terrain: open(10, 3), units: [{ id: 'r1', cell: '1,1' }, { id: 'b1', cell: '2,1', sp: 1 }, { id: 'b-cmd', stand: 'commander', cell: '2,1' }] }, {}, [5, 5, 5, 5, 2, 3]);
    const after = play(s, { type: 'assault', side: 'red', unit: 'r1', target: '2,1' }, { type: 'endMovement', side: 'red' }).state;
    expect(unit(after, 'b1').status).toBe('eliminated');
    expect(unit(after, 'b-cmd').status).toBe('eliminated');
    expect(unit(after, 'r1').cell).toBe('2,1');
  });
});

describe('engineers in combat (“SP losses accumulated are taken in turn, beginning with the Train”)', () => {
  const t: TestSetup = {
    terrain: open(10, 3),
    units: [{ id: 'r1', cell: '0,1' }, { id: 'r2', cell: '0,1' }, { id: 'b-eng', stand: 'engineers', cell: '2,1' }, { id: 'b-tr', stand: 'engineerTrain', cell: '2,1' }],
  };

  it('two rolls of 1 in the same turn take 1 SP from both engineers and their train; a third from the train again', () => {
    const s = play(situation(t, { phase: 'rifle' }, [1, 1, 2, 2, 1, 2, 2, 2]), fire('r1', '2,1'), fire('r2', '2,1')).state;
    expect([unit(s, 'b-tr').sp, unit(s, 'b-eng').sp]).toEqual([1, 2]);
  });

  it('a 1 strikes one or other of them, not both', () => {
    const s = play(situation(t, { phase: 'rifle' }, [1, 2, 2, 2]), fire('r1', '2,1')).state;
    expect([unit(s, 'b-tr').sp, unit(s, 'b-eng').sp]).toEqual([2, 3]);
  });

  it('engineers are struck only by a 1, though they shoot and assault as infantry', () => {
    const s = play(situation(t, { phase: 'rifle' }, [4, 5, 6, 3]), fire('r1', '2,1')).state;
    expect([unit(s, 'b-tr').sp, unit(s, 'b-eng').sp]).toEqual([3, 3]);
  });
});

describe('close combat (“Close combats are automatic, both sides rolling, and, if continuing, take place in both sides’ turns”)', () => {
  const assault = (u: string, target: string): ShamAction => ({ type: 'assault', side: 'red', unit: u, target });
  const endMove: ShamAction = { type: 'endMovement', side: 'red' };

  it('both sides roll; an area cleared of the enemy is entered by the assaulting stands', () => {
    const t: TestSetup = { terrain: open(10, 3), units: [{ id: 'r1', cell: '1,1' }, { id: 'b1', cell: '2,1' }] };
    // Red 4 dice: four 5s; Blue 4 dice: 1, 2, 3, 1 (no infantry face).
    const r = play(situation(t, {}, [5, 5, 5, 5, 1, 2, 3, 1]), assault('r1', '2,1'), endMove);
    expect(unit(r.state, 'b1').status).toBe('eliminated');
    expect(unit(r.state, 'r1')).toMatchObject({ cell: '2,1', sp: 4 });
    expect(r.events.some((e) => e.kind === 'combat' && /Close combat at 0302/.test(e.text))).toBe(true);
  });

  it('the defenders strike back at the assaulting stands', () => {
    const t: TestSetup = { terrain: open(10, 3), units: [{ id: 'r1', cell: '1,1' }, { id: 'b1', cell: '2,1' }] };
    const s = play(situation(t, {}, [1, 1, 2, 3, 5, 5, 1, 1]), assault('r1', '2,1'), endMove).state;
    expect(unit(s, 'r1')).toMatchObject({ sp: 2, cell: '1,1' });
    expect(unit(s, 'b1')).toMatchObject({ sp: 4, cell: '2,1' });
  });

  it('a close combat not settled is fought again in the other side’s turn', () => {
    const t: TestSetup = { terrain: open(10, 3), units: [{ id: 'r1', cell: '1,1' }, { id: 'b1', cell: '2,1' }] };
    // Red's turn: nothing counts either way; Blue's turn: the combat again, then the next turn's initiative (4 against 2).
    const s = play(situation(t, {}, [1, 1, 2, 3, 1, 1, 2, 3, 5, 5, 5, 5, 1, 1, 1, 1, 4, 2]), assault('r1', '2,1'), endMove).state;
    expect(s.engagements).toHaveLength(1);
    expect(s.player).toBe('blue');
    // Blue's turn: its stand is held in the combat (it may not move away).
    expect(shambattle.moves(s, 'b1')).toHaveLength(0);
    const after = play(s, { type: 'endMovement', side: 'blue' }).state;
    expect(unit(after, 'b1').status).toBe('eliminated');
    expect(unit(after, 'r1').cell).toBe('2,1');
  });

  it('only rifle infantry, cavalry and engineers may bring on a close assault', () => {
    const t: TestSetup = {
      terrain: open(10, 4),
      units: [
        { id: 'r-inf', cell: '1,0' },
        { id: 'r-cav', stand: 'cavalry', cell: '1,1' },
        { id: 'r-eng', stand: 'engineers', cell: '1,2' },
        { id: 'r-tr', stand: 'engineerTrain', cell: '1,2' },
        { id: 'r-mg', stand: 'machineGun', cell: '1,3' },
        { id: 'r-art', stand: 'artillery', cell: '1,3' },
        { id: 'b1', cell: '2,0' },
        { id: 'b2', cell: '2,1' },
        { id: 'b3', cell: '2,2' },
        { id: 'b4', cell: '2,3' },
      ],
    };
    const who = new Set(shambattle.legalActions(situation(t)).filter((a) => a.type === 'assault').map((a) => (a as { unit: string }).unit));
    expect([...who].sort()).toEqual(['r-cav', 'r-eng', 'r-inf']);
  });

  const penalty = (t: TestSetup, attacker = 'r1', target = '2,1'): string[] => {
    const p = shambattle.attackPreview(situation(t), { attackers: [attacker], cell: target });
    if (!p || p.method.kind !== 'dicePool') throw new Error('no close assault preview');
    return p.method.units[attacker]!.mods.map((m) => `${m.dice} ${m.reason}`);
  };

  it('−1 close assaulting across a river, up hill, or in or into a town, woods or brush — not cumulative', () => {
    const units: TestSetup['units'] = [{ id: 'r1', cell: '1,1' }, { id: 'b1', cell: '2,1' }];
    expect(penalty({ terrain: open(10, 3), units })).toEqual([]);
    expect(penalty({ terrain: open(10, 3), units, rivers: [edge('1,1', '2,1')], options: { fords: [edge('1,1', '2,1')] } })).toEqual(['-1 close assaulting across a river']);
    expect(penalty({ terrain: ['..........', '..h.......', '..........'], units })).toEqual(['-1 close assaulting up hill']);
    expect(penalty({ terrain: ['..........', '.hh.......', '..........'], units })).toEqual([]);
    expect(penalty({ terrain: ['..........', '..C.......', '..........'], units })).toEqual(['-1 close assaulting into town']);
    expect(penalty({ terrain: ['..........', '..f.......', '..........'], units })).toEqual(['-1 close assaulting into woods']);
    expect(penalty({ terrain: ['..........', '..b.......', '..........'], units })).toEqual(['-1 close assaulting into brush']);
    expect(penalty({ terrain: ['..........', '.C........', '..........'], units })).toEqual(['-1 close assaulting from town']);
    expect(penalty({ terrain: open(10, 3), units, cells: { '2,1': { fortification: true } } })).toEqual(['-1 close assaulting into field works']);
    // Across a river into a town on a hill-less bank: still one −1.
    expect(penalty({ terrain: ['..........', '.CC.......', '..........'], units, rivers: [edge('1,1', '2,1')], options: { fords: [edge('1,1', '2,1')] } })).toHaveLength(1);
  });

  it('−1 machine guns or artillery under a close assault; −1 the engineer train', () => {
    const t: TestSetup = {
      terrain: open(10, 3),
      units: [{ id: 'r1', cell: '1,1' }, { id: 'b-mg', stand: 'machineGun', cell: '2,1' }, { id: 'b-art', stand: 'artillery', cell: '2,1' }],
    };
    const p = shambattle.attackPreview(situation(t), { attackers: ['r1'], cell: '2,1' })!;
    if (p.method.kind !== 'dicePool' || !p.method.reply) throw new Error('no reply');
    expect(p.method.reply.units['b-mg']).toEqual({ base: 2, mods: [{ reason: 'machine guns under a close assault', dice: -1 }], dice: 1 });
    expect(p.method.reply.units['b-art']!.dice).toBe(1);
    const e: TestSetup = { terrain: open(10, 3), units: [{ id: 'r1', cell: '1,1' }, { id: 'b-eng', stand: 'engineers', cell: '2,1' }, { id: 'b-tr', stand: 'engineerTrain', cell: '2,1' }] };
    const q = shambattle.attackPreview(situation(e), { attackers: ['r1'], cell: '2,1' })!;
    if (q.method.kind !== 'dicePool' || !q.method.reply) throw new Error('no reply');
    expect(q.method.reply.units['b-tr']!.dice).toBe(2);
    expect(q.method.reply.units['b-eng']!.dice).toBe(3);
  });

  it('an exhausted army brings on close assaults with its cavalry only', () => {
    const t: TestSetup = {
      terrain: open(10, 3),
      units: [{ id: 'r1', cell: '1,1' }, { id: 'r-cav', stand: 'cavalry', cell: '1,1' }, { id: 'b1', cell: '2,1' }],
      options: { exhaustionPoint: 1 },
    };
    const s = withUnit(situation(t), 'r1', { sp: 3 });
    const who = shambattle.legalActions(s).filter((a) => a.type === 'assault').map((a) => (a as { unit: string }).unit);
    expect(who).toEqual(['r-cav']);
  });
});
