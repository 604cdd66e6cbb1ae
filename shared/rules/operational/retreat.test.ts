// Partial retreat. Seed 000, Retreat: "Defender losses are reduced by one combat strength if
// the reactive player chooses to retreat ALL surviving defending units in the hex/square. If,
// for any reason, some defending units retreat and others remain in place then the defender's
// losses are not reduced." RULES-NOTES: "A unit with no legal destination stays; the others
// may still retreat, without the reduction."
import { describe, expect, it } from 'vitest';
import { start, play, unit, texts, diceUsed, type TestSetup } from '../testkit.js';
import { operational } from './index.js';
import type { GameState } from '../types.js';

// g (6) attacks s1 (3) and s2 (2) in Soviet 2,0; 3,0 is the Soviets' only retreat cell.
const ROW = (extra: TestSetup['units'] = []): TestSetup => ({
  terrain: ['.....'],
  units: [
    { id: 'g', strength: 6, cell: '1,0' },
    { id: 's1', strength: 3, cell: '2,0' },
    { id: 's2', strength: 2, cell: '2,0' },
    ...extra,
  ],
});
// attack [6,6,1,1,1,1]: 2 hits; defensive fire s1 [1,1,1] s2 [1,1]: none; then the time die
const TWO_HITS = [6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];

function attacked(setup: TestSetup, dice: number[]): GameState {
  let s = start(setup, dice);
  s = play(s, { type: 'activate', side: 'ger', cell: '1,0' }, { type: 'move', side: 'ger', unit: 'g', path: ['2,0'] }).state;
  return play(s, { type: 'attack', side: 'ger', cell: '2,0' }).state;
}

describe('partial retreat', () => {
  it('after standing and taking every loss, the defender may pull units out one at a time, last to lose a point first', () => {
    let s = attacked(ROW(), TWO_HITS);
    expect(operational.legalActions(s)).toEqual([
      { type: 'retreat', side: 'sov', cells: ['3,0'] },
      { type: 'stand', side: 'sov' },
    ]);
    s = play(s, { type: 'stand', side: 'sov' }).state;
    // Two losses, not reduced: one each (every unit takes one hit before any takes a second).
    expect([unit(s, 's1').strength, unit(s, 's2').strength]).toEqual([2, 1]);
    expect(operational.actor(s)).toBe('sov');
    expect(operational.view(s).prompt).toMatchObject({ side: 'sov', kind: 'retreat' });
    expect(operational.view(s).prompt!.text).toMatch(/losses are not reduced/);
    // s2 lost its point last, so it is offered first.
    expect(operational.legalActions(s)).toEqual([
      { type: 'retreat', side: 'sov', cells: ['3,0'], unit: 's2' },
      { type: 'retreat', side: 'sov', cells: ['3,0'], unit: 's1' },
      { type: 'stand', side: 'sov' },
    ]);
  });

  it('a unit that retreats is expended; the rest hold the contested cell; losses stay unreduced', () => {
    let s = play(attacked(ROW(), TWO_HITS), { type: 'stand', side: 'sov' }).state;
    const r = play(s, { type: 'retreat', side: 'sov', cells: ['3,0'], unit: 's2' });
    s = r.state;
    expect(unit(s, 's2')).toMatchObject({ cell: '3,0', strength: 1, act: 'expended' });
    expect(unit(s, 's1')).toMatchObject({ cell: '2,0', strength: 2 });
    expect(texts(r.events)).toContain('s2 retreats to 0401 while others stay in 0301 (a partial retreat: losses are not reduced).');
    // One unit must stay, so with one left the retreat is over and the attack with it.
    expect(s.combat).toBeNull();
    expect(operational.view(s).control['2,0']).toBe('sov');
    expect(diceUsed(s)).toBe(12);
  });

  it('standing again keeps the rest in place', () => {
    let s = play(attacked(ROW(), TWO_HITS), { type: 'stand', side: 'sov' }).state;
    s = play(s, { type: 'stand', side: 'sov' }).state;
    expect(s.combat).toBeNull();
    expect([unit(s, 's1').cell, unit(s, 's2').cell]).toEqual(['2,0', '2,0']);
  });

  it('retreating every unit instead still loses one fewer', () => {
    const s = play(attacked(ROW(), TWO_HITS), { type: 'retreat', side: 'sov', cells: ['3,0'] }).state;
    expect(unit(s, 's1')).toMatchObject({ cell: '3,0', strength: 2 });
    expect(unit(s, 's2')).toMatchObject({ cell: '3,0', strength: 2 });
  });

  it('when not every survivor fits, no full retreat is offered but one unit may still leave, without the reduction', () => {
    // 3,0 already holds two Soviet units: room for one of the two defenders.
    const crowded = ROW([
      { id: 'sa', strength: 1, cell: '3,0' },
      { id: 'sb', strength: 1, cell: '3,0' },
    ]);
    const s = attacked(crowded, TWO_HITS);
    expect([unit(s, 's1').strength, unit(s, 's2').strength]).toEqual([2, 1]);
    expect(operational.legalActions(s)).toEqual([
      { type: 'retreat', side: 'sov', cells: ['3,0'], unit: 's2' },
      { type: 'retreat', side: 'sov', cells: ['3,0'], unit: 's1' },
      { type: 'stand', side: 'sov' },
    ]);
  });

  it('is not offered when one unit survives (that is a whole retreat) or no loss was taken', () => {
    // 4 hits on 5 strength: s1 3→2, s2 2→1, s1 2→1, s2 1→0; s1 alone survives
    const lone = attacked(ROW(), [6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(operational.legalActions(lone).map((a) => a.type)).toEqual(['retreat', 'stand']);
    const after = play(lone, { type: 'stand', side: 'sov' }).state;
    expect(unit(after, 's2').strength).toBe(0);
    expect(after.combat).toBeNull();
    // no hits at all: nothing to retreat from
    const none = attacked(ROW(), [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(none.combat).toBeNull();
  });

  it('units join a cell the retreat already uses while it has room', () => {
    // 3×3: g attacks into the centre 1,1 from 0,1; 1,0, 2,1 and 1,2 are empty Soviet cells.
    const setup: TestSetup = {
      terrain: ['...', '...', '...'],
      control: ['SSS', 'GSS', 'SSS'],
      cells: { '0,1': { supplyBase: 'ger' }, '2,2': { supplyBase: 'sov' } },
      units: [
        { id: 'g', strength: 6, cell: '0,1' },
        { id: 's1', strength: 3, cell: '1,1' },
        { id: 's2', strength: 3, cell: '1,1' },
        { id: 's3', strength: 3, cell: '1,1' },
      ],
    };
    // attack [6,1,1,1,1,1]: 1 hit; fire 9 × [1]; time 1
    let s = start(setup, [6, 1, 1, 1, 1, 1, ...Array<number>(9).fill(1), 1]);
    s = play(s, { type: 'activate', side: 'ger', cell: '0,1' }, { type: 'move', side: 'ger', unit: 'g', path: ['1,1'] }).state;
    s = play(s, { type: 'attack', side: 'ger', cell: '1,1' }, { type: 'stand', side: 'sov' }, { type: 'chooseLoss', side: 'sov', unit: 's1' }).state;
    const first = operational.legalActions(s).filter((a) => a.type === 'retreat');
    expect(first).toHaveLength(9);
    expect(first[0]).toMatchObject({ unit: 's1' });
    s = play(s, { type: 'retreat', side: 'sov', cells: ['2,1'], unit: 's2' }).state;
    expect(operational.legalActions(s)).toEqual([
      { type: 'retreat', side: 'sov', cells: ['2,1'], unit: 's1' },
      { type: 'retreat', side: 'sov', cells: ['2,1'], unit: 's3' },
      { type: 'stand', side: 'sov' },
    ]);
    const elsewhere = operational.apply(s, { type: 'retreat', side: 'sov', cells: ['1,0'], unit: 's1' });
    expect(elsewhere.ok ? '' : elsewhere.error.message).toMatch(/one unit at a time/);
  });

  it('a single-unit retreat is refused before the losses, and a whole retreat during a partial one', () => {
    const s = attacked(ROW(), TWO_HITS);
    const early = operational.apply(s, { type: 'retreat', side: 'sov', cells: ['3,0'], unit: 's2' });
    expect(early.ok ? '' : early.error.message).toMatch(/after the losses/);
    const partial = play(s, { type: 'stand', side: 'sov' }).state;
    const whole = operational.apply(partial, { type: 'retreat', side: 'sov', cells: ['3,0'] });
    expect(whole.ok).toBe(false);
  });
});
