// Control when the last enemy unit leaves a contested cell, by every way a unit can leave one.
//
// Seed 000, Control: a side takes an enemy-controlled cell when its units occupy it and "the
// hex/square is contested by enemy units, however, the enemy are entirely destroyed or have
// retreated, vacating the hex/square". RULES-NOTES: "Control changes at once."
import { describe, expect, it } from 'vitest';
import { start, play, unit, withUnit, texts, type TestSetup } from '../testkit.js';
import { operational } from './index.js';
import { boardOf } from './board.js';
import { supplyPhase } from './supply.js';
import { cloneState, type Ctx } from './state.js';
import type { GameState } from '../types.js';

const control = (s: GameState, cell: string): string => operational.view(s).control[cell]!;

describe('a unit walking out of a contested cell', () => {
  // 0,0 German base .. 4,0 Soviet base; 2,0 is a German-held victory cell that both sides stand in.
  const setup: TestSetup = {
    terrain: ['.....'],
    control: ['GGGSS'],
    turns: 1,
    cells: { '0,0': { supplyBase: 'ger' }, '4,0': { supplyBase: 'sov' }, '2,0': { victory: { perTurn: 2 } } },
    units: [
      { id: 'g', strength: 3, cell: '2,0' },
      { id: 's', strength: 3, cell: '2,0' },
    ],
  };

  it('hands the cell to the enemy left in it at once, and the enemy scores it', () => {
    // time dice after each normal player turn: Germans move, Soviets pass, Germans pass
    let s = start(setup, [1, 1, 1, 1, 1]);
    expect(control(s, '2,0')).toBe('ger');
    const r = play(s, { type: 'activate', side: 'ger', cell: '2,0' }, { type: 'move', side: 'ger', unit: 'g', path: ['1,0'] });
    s = r.state;
    expect(unit(s, 'g').cell).toBe('1,0');
    expect(control(s, '2,0')).toBe('sov');
    expect(texts(r.events)).toContain('Soviets take control of 0301.');
    // The Germans no longer score the cell they walked out of: the Soviets do.
    s = play(s, { type: 'pass', side: 'sov' }, { type: 'pass', side: 'ger' }).state;
    expect(s.gameOver).not.toBeNull();
    expect(s.vp).toEqual({ ger: 0, sov: 2 });
  });

  it('keeps the cell while a unit of the leaving side stays', () => {
    const two: TestSetup = { ...setup, units: [...setup.units!, { id: 'g2', strength: 1, cell: '2,0' }] };
    let s = start(two, [1, 1, 1]);
    s = withUnit(s, 'g2', { act: 'expended' });
    s = play(s, { type: 'activate', side: 'ger', cell: '2,0' }, { type: 'move', side: 'ger', unit: 'g', path: ['1,0'] }).state;
    expect(control(s, '2,0')).toBe('ger');
  });

  it('strategic and rail moves cannot leave a contested cell (they may not start in one), so only a one-cell move can', () => {
    // Seed 000: strategic movement "cannot start in, end in, or pass through" contested cells.
    const lines: TestSetup = {
      ...setup,
      flags: { sov: { railMovement: true } },
      roads: ['0,0,E', '1,0,E', '2,0,E', '3,0,E'],
      rails: ['0,0,E', '1,0,E', '2,0,E', '3,0,E'],
      units: [
        { id: 'gt', branch: 'tank', strength: 3, cell: '2,0' },
        { id: 's', strength: 3, cell: '2,0' },
      ],
    };
    let s = play(start(lines, [1, 1, 1]), { type: 'activate', side: 'ger', cell: '2,0' }).state;
    expect(operational.view(s).destinations.gt!.map((d) => d.mode)).toEqual(['move', 'move']);
    const strategic = operational.apply(s, { type: 'move', side: 'ger', unit: 'gt', path: ['1,0', '0,0'] });
    expect(strategic.ok ? '' : strategic.error.message).toMatch(/Strategic movement may not start/);
    s = play(s, { type: 'move', side: 'ger', unit: 'gt', path: ['1,0'] }).state;
    expect(control(s, '2,0')).toBe('sov');
    // A Soviet unit that may move by rail, in the same contested cell on its own turn.
    const soviet = { ...lines, extra: { initiative: [{ side: 'sov', fromTurn: 1, toTurn: 99 }] } };
    let r = play(start(soviet, [1, 1, 1]), { type: 'activate', side: 'sov', cell: '2,0' }).state;
    expect(operational.view(r).destinations.s!.map((d) => d.mode)).toEqual(['move', 'move']);
    const rail = operational.apply(r, { type: 'move', side: 'sov', unit: 's', path: ['3,0', '4,0'] });
    expect(rail.ok ? '' : rail.error.message).toMatch(/Strategic movement may not start/);
    r = play(r, { type: 'move', side: 'sov', unit: 's', path: ['3,0'] }).state;
    expect(control(r, '2,0')).toBe('ger');
  });
});

describe('a defender retreating out of its cell', () => {
  it('gives the cell to the attacker even when defensive fire destroyed every attacker', () => {
    // g (1) attacks s (2) in Soviet 2,0: attack [5] = 1 hit; s retreats (losses 1 - 1 = 0);
    // defensive fire [6,1] destroys g; s moves out to 3,0 and leaves 2,0 empty; time die 1.
    const setup: TestSetup = { terrain: ['.....'], units: [{ id: 'g', strength: 1, cell: '1,0' }, { id: 's', strength: 2, cell: '2,0' }] };
    let s = start(setup, [5, 6, 1, 1]);
    s = play(s, { type: 'activate', side: 'ger', cell: '1,0' }, { type: 'move', side: 'ger', unit: 'g', path: ['2,0'] }).state;
    s = play(s, { type: 'attack', side: 'ger', cell: '2,0' }, { type: 'retreat', side: 'sov', cells: ['3,0'] }).state;
    expect(unit(s, 'g').strength).toBe(0);
    expect(unit(s, 's')).toMatchObject({ cell: '3,0', strength: 2 });
    expect(control(s, '2,0')).toBe('ger');
  });
});

describe('an armoured breakthrough', () => {
  const setup = (extra: TestSetup['units'] = []): TestSetup => ({
    terrain: ['.....', '.....'],
    control: ['GGSSS', 'GGSSS'],
    units: [{ id: 'g', strength: 3, branch: 'tank', cell: '1,0' }, { id: 's', strength: 1, cell: '2,0' }, ...extra],
  });
  // tank needs 3: [6,6,1] = 2 losses on strength 1, s destroyed (no retreat); fire [1]; time 1
  const DICE = [6, 6, 1, 1, 1];

  it('takes the emptied battle cell before the tank moves on, keeps it after, and takes an empty cell it enters', () => {
    let s = start(setup(), DICE);
    s = play(s, { type: 'activate', side: 'ger', cell: '1,0' }, { type: 'move', side: 'ger', unit: 'g', path: ['2,0'] }).state;
    s = play(s, { type: 'attack', side: 'ger', cell: '2,0' }).state;
    expect(s.combat?.stage).toBe('breakthrough');
    expect(control(s, '2,0')).toBe('ger');
    s = play(s, { type: 'breakthrough', side: 'ger', unit: 'g', path: ['3,0'] }).state;
    expect(control(s, '2,0')).toBe('ger');
    expect(control(s, '3,0')).toBe('ger');
  });

  it('entering an enemy-occupied cell contests it without taking it', () => {
    let s = start(setup([{ id: 's2', strength: 2, cell: '3,0' }]), DICE);
    s = play(s, { type: 'activate', side: 'ger', cell: '1,0' }, { type: 'move', side: 'ger', unit: 'g', path: ['2,0'] }).state;
    s = play(s, { type: 'attack', side: 'ger', cell: '2,0' }, { type: 'breakthrough', side: 'ger', unit: 'g', path: ['3,0'] }).state;
    expect(control(s, '3,0')).toBe('sov');
  });
});

describe('elimination in combat', () => {
  it('the attacker takes the cell the moment the last defender is destroyed, before its own loss choice', () => {
    // g1 (2) and g2 (2) need 5: [6,6,1,1] = 2 losses on s (1): destroyed, no retreat offered.
    // Defensive fire [6] hits one of two equal attackers: the Germans must choose which.
    const setup: TestSetup = {
      terrain: ['.....'],
      units: [
        { id: 'g1', strength: 2, cell: '1,0' },
        { id: 'g2', strength: 2, cell: '1,0' },
        { id: 's', strength: 1, cell: '2,0' },
      ],
    };
    let s = start(setup, [6, 6, 1, 1, 6, 1]);
    s = play(
      s,
      { type: 'activate', side: 'ger', cell: '1,0' },
      { type: 'move', side: 'ger', unit: 'g1', path: ['2,0'] },
      { type: 'move', side: 'ger', unit: 'g2', path: ['2,0'] },
    ).state;
    const r = play(s, { type: 'attack', side: 'ger', cell: '2,0' });
    s = r.state;
    expect(operational.legalActions(s).map((a) => a.type)).toEqual(['chooseLoss', 'chooseLoss']);
    expect(unit(s, 's').strength).toBe(0);
    expect(control(s, '2,0')).toBe('ger');
    // The log tells the loss before the change of hands.
    const t = texts(r.events);
    expect(t.indexOf('s loses 1 and is destroyed.')).toBeLessThan(t.indexOf('Germans take control of 0301.'));
  });
});

describe('a desperate loss in the supply phase', () => {
  it('destroying the last unit of a side hands the cell to the enemy standing in it, after telling the loss', () => {
    // Seed 000: a desperate unit in an enemy-occupied cell loses 2 strength in the supply phase.
    const setup: TestSetup = { terrain: ['.....'], control: ['GSGSS'], units: [{ id: 'g', strength: 2, cell: '2,0' }, { id: 's', cell: '2,0' }] };
    const s0 = withUnit(start(setup), 'g', { supply: 'desperate' });
    const ctx: Ctx = { s: cloneState(s0), b: boardOf(s0.scenario), ev: [] };
    supplyPhase(ctx);
    expect(unit(ctx.s, 'g').strength).toBe(0);
    expect(control(ctx.s, '2,0')).toBe('sov');
    const t = texts(ctx.ev);
    expect(t.indexOf('g is desperate in enemy-occupied 0301 and loses 2 strength and is destroyed.')).toBeLessThan(
      t.indexOf('Soviets take control of 0301.'),
    );
  });
});
