import { describe, expect, it } from 'vitest';
import { start, unit, withUnit, type TestSetup } from '../testkit.js';
import { operational } from './index.js';
import { boardOf } from './board.js';
import { supplyPhase } from './supply.js';
import { cloneState, type Ctx } from './state.js';
import type { GameState } from '../types.js';

/** Runs one supply phase on a copy of the state. */
function supply(s: GameState): { s: GameState; texts: string[] } {
  const ctx: Ctx = { s: cloneState(s), b: boardOf(s.scenario), ev: [] };
  supplyPhase(ctx);
  return { s: ctx.s, texts: ctx.ev.map((e) => e.text) };
}

const getting = (setup: TestSetup, id: string, patch?: (s: GameState) => GameState): boolean => {
  let s = start(setup);
  if (patch) s = patch(s);
  return operational.view(s).units.find((u) => u.id === id)!.gettingSupplies;
};

describe('supply lines', () => {
  it('run through friendly-controlled cells to a friendly supply base', () => {
    expect(getting({ terrain: ['.....'], control: ['GGGSS'], units: [{ id: 'g', cell: '2,0' }] }, 'g')).toBe(true);
  });

  it('never enter an enemy-controlled cell', () => {
    expect(getting({ terrain: ['.....'], control: ['GSGSS'], units: [{ id: 'g', cell: '2,0' }] }, 'g')).toBe(false);
  });

  it('pass a contested cell the side controls', () => {
    const setup: TestSetup = {
      terrain: ['.....'],
      control: ['GGGSS'],
      units: [{ id: 'g', cell: '2,0' }, { id: 'gx', cell: '1,0' }, { id: 'sx', cell: '1,0' }],
    };
    expect(getting(setup, 'g')).toBe(true);
  });

  it('may start in a contested cell the enemy controls', () => {
    const setup: TestSetup = {
      terrain: ['.....'],
      control: ['GGSSS'],
      units: [{ id: 'g', cell: '2,0' }, { id: 'sx', cell: '2,0' }],
    };
    expect(getting(setup, 'g')).toBe(true);
  });

  it('are blocked by impassable cells, and by lakes only until they freeze', () => {
    const mountains: TestSetup = { terrain: ['.^...'], control: ['GGGSS'], units: [{ id: 'g', cell: '2,0' }] };
    expect(getting(mountains, 'g')).toBe(false);
    const lake = (ground: TestSetup['ground']): TestSetup => ({ ...mountains, terrain: ['.~...'], ground });
    expect(getting(lake('easy'), 'g')).toBe(false);
    expect(getting(lake('frozen'), 'g')).toBe(true);
    expect(getting(lake('snow'), 'g')).toBe(true);
  });

  it('are not blocked by rivers', () => {
    expect(getting({ terrain: ['.....'], control: ['GGGSS'], rivers: ['0,0,E', '1,0,E'], units: [{ id: 'g', cell: '2,0' }] }, 'g')).toBe(
      true,
    );
  });

  it('respect the scenario length limit', () => {
    const setup = (limit: number): TestSetup => ({
      terrain: ['.....'],
      control: ['GGGSS'],
      options: { supplyLineLimit: limit },
      units: [{ id: 'g', cell: '2,0' }],
    });
    expect(getting(setup(2), 'g')).toBe(true);
    expect(getting(setup(1), 'g')).toBe(false);
    const view = operational.view(start(setup(1))).units.find((u) => u.id === 'g')!;
    expect(view.supplyNote).toBe('The supply line would be 2 cells; the limit is 1.');
  });

  it('cavalry, airborne and units on a friendly supply base are always supplied', () => {
    const cut: TestSetup = {
      terrain: ['.....'],
      control: ['GSGSS'],
      cells: { '0,0': { supplyBase: 'ger' }, '3,0': { supplyBase: 'ger' }, '4,0': { supplyBase: 'sov' } },
      units: [
        { id: 'gc', branch: 'cavalry', cell: '2,0' },
        { id: 'ga', branch: 'airborne', cell: '2,0' },
        { id: 'gi', cell: '2,0' },
        { id: 'gb', cell: '3,0' },
      ],
    };
    expect(['gc', 'ga', 'gi', 'gb'].map((id) => getting(cut, id))).toEqual([true, true, false, true]);
  });

  it('say why a unit is not getting supplies', () => {
    const s = start({ terrain: ['.....'], control: ['GSGSS'], units: [{ id: 'g', cell: '2,0' }] });
    expect(operational.view(s).units[0]!.supplyNote).toMatch(/^No supply line/);
  });

  it('lists the cells each side can trace supply from', () => {
    const s = start({ terrain: ['...'], control: ['GSS'], units: [] });
    expect(operational.view(s).supplyCells).toEqual({ ger: ['0,0'], sov: ['1,0', '2,0'] });
  });
});

describe('supply status table', () => {
  const cut: TestSetup = { terrain: ['.....'], control: ['GSGSS'], units: [{ id: 'g', cell: '2,0' }, { id: 's', cell: '4,0' }] };

  it('slides in-supply → out-of-supply → isolated → desperate, expending the unit', () => {
    let s = start(cut);
    expect(unit(s, 'g')).toMatchObject({ supply: 'out-of-supply', act: 'expended' });
    s = supply(s).s;
    expect(unit(s, 'g').supply).toBe('isolated');
    s = supply(s).s;
    expect(unit(s, 'g').supply).toBe('desperate');
    s = supply(s).s;
    expect(unit(s, 'g')).toMatchObject({ supply: 'desperate', act: 'expended' });
  });

  it('any status becomes in-supply and ready once supplies arrive', () => {
    for (const status of ['out-of-supply', 'isolated', 'desperate'] as const) {
      const s = withUnit(start({ terrain: ['.....'], control: ['GGGSS'], units: [{ id: 'g', cell: '2,0' }] }), 'g', {
        supply: status,
        act: 'expended',
      });
      expect(unit(supply(s).s, 'g')).toMatchObject({ supply: 'in-supply', act: 'ready' });
    }
  });

  it('airlifted supply stops the slide at out-of-supply', () => {
    const airlift: TestSetup = { ...cut, extra: { airliftedSupply: [{ side: 'ger', fromTurn: 1, toTurn: 5 }] } };
    let s = start(airlift);
    s = supply(supply(s).s).s;
    expect(unit(s, 'g').supply).toBe('out-of-supply');
  });

  it('a desperate unit in an enemy-occupied cell loses 2 strength', () => {
    const setup: TestSetup = { terrain: ['.....'], control: ['GSSSS'], units: [{ id: 'g', strength: 3, cell: '2,0' }, { id: 's', cell: '2,0' }] };
    const s = withUnit(start(setup), 'g', { supply: 'isolated' });
    const r = supply(s);
    expect(unit(r.s, 'g')).toMatchObject({ supply: 'desperate', strength: 1 });
    expect(r.texts).toContain('g is desperate in enemy-occupied 0301 and loses 2 strength.');
  });

  it('a desperate unit destroyed that way leaves its cell to the enemy in it', () => {
    const setup: TestSetup = { terrain: ['.....'], control: ['GGGSS'], units: [{ id: 'g', strength: 2, cell: '2,0' }, { id: 's', cell: '2,0' }] };
    const s = withUnit(start(setup), 'g', { supply: 'desperate' });
    // 2,0 is German-controlled, so g gets supplies there; cut it off first
    const cut = { ...s, control: 'GSGSS' };
    const r = supply(cut);
    expect(unit(r.s, 'g').strength).toBe(0);
    expect(operational.view(r.s).control['2,0']).toBe('sov');
  });

  it('writes the changes as a sentence per side', () => {
    expect(supply(start(cut)).texts[0]).toMatch(/^Turn 1 supply, Germans: g isolated \(no supply line/);
  });
});

describe('side features of the scenario’s own (README: “Side features that block”)', () => {
  const wall = (blocks: { movement?: boolean; supply?: boolean }) => ({ sideFeatures: [{ id: 'wall', name: 'Wall', colour: '#4a4a4a', blocks, sides: ['0,0,E'] }] });

  it('a side that blocks supply cuts the line; one that blocks only movement does not', () => {
    const setup: TestSetup = { terrain: ['.....'], control: ['GGGSS'], units: [{ id: 'g', cell: '2,0' }] };
    expect(getting({ ...setup, ...wall({ supply: true }) }, 'g')).toBe(false);
    expect(getting({ ...setup, ...wall({ movement: true }) }, 'g')).toBe(true);
  });

  it('a unit next to a base across a side that blocks supply does not trace into it', () => {
    const setup: TestSetup = { terrain: ['.....'], control: ['GSSSS'], units: [{ id: 'g', cell: '1,0' }] };
    expect(getting(setup, 'g')).toBe(true);
    expect(getting({ ...setup, ...wall({ supply: true }) }, 'g')).toBe(false);
  });
});
