// Seed 003, "Movement:" and the grid: how far each stand moves in clear country, on roads and
// elsewhere, rivers crossed by bridge, ford or pontoon, and stacking ("2 units … and the Army
// Commander in one hex-grid area").
import { describe, expect, it } from 'vitest';
import { createGrid } from '../../grid/index.js';
import { shambattle } from './index.js';
import { open, play, situation, unit, type TestSetup } from './testkit.js';
import type { ShamState } from './state.js';

const g = createGrid({ kind: 'hex', orientation: 'flat', offset: 'odd', cols: 30, rows: 30 });
const edge = (a: string, b: string): string => {
  const [ac, ar] = a.split(',').map(Number) as [number, number];
  const [bc, br] = b.split(',').map(Number) as [number, number];
  return g.edgeBetween({ col: ac, row: ar }, { col: bc, row: br })!;
};
/** A river between columns 1 and 2, top to bottom of a 5-row map. */
const RIVER = [0, 1, 2, 3, 4].flatMap((r) => [edge(`1,${r}`, `2,${r}`), ...(r < 4 ? [edge(`1,${r}`, `2,${r + 1}`)] : [])]);

const to = (s: ShamState, id: string): string[] => shambattle.moves(s, id).map((m) => m.cell).sort();
const reaches = (t: TestSetup, id: string, cell: string): boolean => to(situation(t), id).includes(cell);

describe('moves (“Riflemen: 2 hexes in clear areas or on roads; otherwise 1 grid area only”)', () => {
  it('infantry: 2 areas in the clear', () => {
    const t: TestSetup = { terrain: open(10, 5), units: [{ id: 'r1', cell: '0,2' }] };
    expect(reaches(t, 'r1', '2,2')).toBe(true);
    expect(reaches(t, 'r1', '3,2')).toBe(false);
    // Every area within 2 of 0,2 on the map's west edge.
    expect(to(situation(t), 'r1')).toHaveLength(11);
  });

  it('infantry: into woods, brush, a hill, marsh or a town off-road, a move of one area only', () => {
    for (const code of ['f', 'b', 'h', 'm', 'C']) {
      const terrain = ['..........', '..........', `.${code}${code}.......`, '..........', '..........'];
      const t: TestSetup = { terrain, units: [{ id: 'r1', cell: '0,2' }] };
      expect(reaches(t, 'r1', '1,2'), code).toBe(true);
      expect(reaches(t, 'r1', '2,2'), code).toBe(false);
    }
  });

  it('a road keeps the full move whatever the area', () => {
    const t: TestSetup = { terrain: ['..........', '..........', '.ff.......', '..........', '..........'], roads: [edge('0,2', '1,2'), edge('1,2', '2,2')], units: [{ id: 'r1', cell: '0,2' }] };
    expect(reaches(t, 'r1', '2,2')).toBe(true);
  });

  it('cavalry: 3 in the clear or on roads, otherwise 1', () => {
    const t: TestSetup = { terrain: open(10, 5), units: [{ id: 'r-cav', stand: 'cavalry', cell: '0,2' }] };
    expect(reaches(t, 'r-cav', '3,2')).toBe(true);
    expect(reaches(t, 'r-cav', '4,2')).toBe(false);
    const woods: TestSetup = { ...t, terrain: ['..........', '..........', '...f......', '..........', '..........'] };
    expect(reaches(woods, 'r-cav', '3,2')).toBe(false);
  });

  it('machine guns: 2 in the clear, otherwise 1', () => {
    const t: TestSetup = { terrain: open(10, 5), units: [{ id: 'r-mg', stand: 'machineGun', cell: '0,2' }] };
    expect(reaches(t, 'r-mg', '2,2')).toBe(true);
    expect(reaches(t, 'r-mg', '3,2')).toBe(false);
  });

  it('artillery and trains: 2 on roads, 1 in clear or in towns, otherwise impassable', () => {
    for (const stand of ['artillery', 'fieldTrain', 'engineerTrain'] as const) {
      const t: TestSetup = {
        terrain: ['..........', '.f........', '..C.......', '..........', '..........'],
        roads: [edge('0,2', '1,2'), edge('1,2', '2,2'), edge('0,2', '1,1')],
        units: [{ id: 'r-x', stand, cell: '0,2' }],
      };
      const s = situation(t);
      const cells = to(s, 'r-x');
      expect(cells, stand).toContain('2,2');
      // One area in the clear, not two.
      expect(cells, stand).toContain('0,3');
      expect(cells, stand).not.toContain('0,4');
      // Woods: only by the road.
      expect(cells, stand).toContain('1,1');
      const noRoad = to(situation({ ...t, roads: [] }), 'r-x');
      expect(noRoad, stand).not.toContain('1,1');
      expect(noRoad, stand).not.toContain('2,2');
    }
  });

  it('the Army Commander rides like cavalry; a fixed logistics centre never moves', () => {
    const t: TestSetup = { terrain: open(10, 5), units: [{ id: 'r-cmd', stand: 'commander', cell: '0,2' }, { id: 'r-base', stand: 'baseTrain', cell: '5,2' }] };
    expect(reaches(t, 'r-cmd', '3,2')).toBe(true);
    expect(to(situation(t), 'r-base')).toEqual([]);
  });

  it('engineers move with their train, at its pace', () => {
    const t: TestSetup = { terrain: open(10, 5), units: [{ id: 'r-eng', stand: 'engineers', cell: '0,2' }, { id: 'r-tr', stand: 'engineerTrain', cell: '0,2' }] };
    const s = situation(t);
    expect(to(s, 'r-eng')).not.toContain('2,2');
    expect(to(s, 'r-tr')).toEqual([]);
    const after = play(s, { type: 'move', side: 'red', unit: 'r-eng', to: '1,2' }).state;
    expect(unit(after, 'r-tr').cell).toBe('1,2');
  });
});

describe('rivers (“cities beside the river”, “whilst on a bridge or in a river (ford)”)', () => {
  it('a river is crossed only by a bridge, a pontoon or a ford', () => {
    const t: TestSetup = { terrain: open(10, 5), rivers: RIVER, units: [{ id: 'r1', cell: '1,2' }] };
    expect(to(situation(t), 'r1').filter((c) => Number(c.split(',')[0]) >= 2)).toEqual([]);
  });

  it('a bridge carries the road across: the full road move', () => {
    const t: TestSetup = { terrain: open(10, 5), rivers: RIVER, roads: [edge('0,2', '1,2'), edge('1,2', '2,2'), edge('2,2', '3,2')], units: [{ id: 'r1', cell: '0,2' }, { id: 'r-art', stand: 'artillery', cell: '0,2' }] };
    const s = situation(t);
    expect(to(s, 'r1')).toContain('2,2');
    expect(to(s, 'r-art')).toContain('2,2');
    const m = shambattle.moves(s, 'r1').find((x) => x.cell === '2,2')!;
    expect(m.mode).toBe('crossing');
    const after = play(s, { type: 'move', side: 'red', unit: 'r1', to: '2,2' }).state;
    expect(unit(after, 'r1').crossed).toBe(true);
  });

  it('a ford is a move of one area, and guns and trains may not use it', () => {
    const ford = edge('1,2', '2,2');
    const t: TestSetup = { terrain: open(10, 5), rivers: RIVER, options: { fords: [ford] }, units: [{ id: 'r1', cell: '1,2' }, { id: 'r2', cell: '0,2' }, { id: 'r-art', stand: 'artillery', cell: '1,3' }] };
    const s = situation(t);
    expect(to(s, 'r1')).toContain('2,2');
    expect(to(s, 'r1')).not.toContain('3,2');
    expect(to(s, 'r2')).not.toContain('2,2');
    expect(to(s, 'r-art').filter((c) => Number(c.split(',')[0]) >= 2)).toEqual([]);
  });

  it('a completed pontoon bridge (2 sections) is crossed like clear ground; one section is not enough; a blown bridge is gone', () => {
    const p = edge('1,2', '2,2');
    const t: TestSetup = { terrain: open(10, 5), rivers: RIVER, units: [{ id: 'r1', cell: '1,2' }] };
    const half = { ...situation(t), works: { fieldWorks: [], mines: [], prepared: [], blown: [], pontoons: [{ edge: p, sections: 1 }] } };
    expect(to(half, 'r1')).not.toContain('2,2');
    const done = { ...half, works: { ...half.works, pontoons: [{ edge: p, sections: 2 }] } };
    expect(to(done, 'r1')).toContain('2,2');
    const bridged: TestSetup = { ...t, roads: [edge('1,2', '2,2')] };
    const blown = { ...situation(bridged), works: { ...half.works, pontoons: [], blown: [edge('1,2', '2,2')] } };
    expect(to(blown, 'r1')).not.toContain('2,2');
  });
});

describe('stacking (“2 units - infantry, machinegun - and the Army Commander in one hex-grid area”)', () => {
  const t: TestSetup = {
    terrain: open(10, 5),
    units: [
      { id: 'r1', cell: '0,2' },
      { id: 'r2', cell: '1,2' },
      { id: 'r3', cell: '1,2' },
      { id: 'r-cmd', stand: 'commander', cell: '0,1' },
      { id: 'b1', cell: '3,2' },
    ],
  };

  it('a stand may pass through but not stop in an area holding two of its side', () => {
    const s = situation(t);
    expect(to(s, 'r1')).not.toContain('1,2');
    expect(to(s, 'r1')).toContain('2,2');
  });

  it('the Army Commander does not count: he may join two stands', () => {
    expect(to(situation(t), 'r-cmd')).toContain('1,2');
  });

  it('no stand enters or passes through an enemy-held area (it brings on a close assault instead)', () => {
    const s = situation(t);
    expect(to(s, 'r2')).not.toContain('3,2');
    expect(to(s, 'r2')).not.toContain('4,2');
    expect(shambattle.legalActions(s).some((a) => a.type === 'assault' && a.target === '3,2')).toBe(false);
    const next = play(s, { type: 'move', side: 'red', unit: 'r2', to: '2,2' }).state;
    expect(shambattle.legalActions(next).some((a) => a.type === 'assault' && a.unit === 'r2' && a.target === '3,2')).toBe(true);
  });

  it('every state of random play keeps two stands a side per area (invariants)', () => {
    expect(shambattle.invariants(situation(t))).toEqual([]);
    const over = { ...situation(t), units: situation(t).units.map((u) => (u.id === 'r1' ? { ...u, cell: '1,2' } : u)) };
    expect(shambattle.invariants(over)).toContain('3 stands of red in 1,2');
  });
});

describe('side features of the scenario’s own (README: “Side features that block”)', () => {
  const wall = (blocks: { movement?: boolean; supply?: boolean; sight?: boolean }, sides = [edge('0,2', '1,2')]) => [{ id: 'wall', name: 'Wall', colour: '#4a4a4a', blocks, sides }];
  /** A wall between columns 0 and 1, top to bottom of the 5-row map. */
  const LINE = [0, 1, 2, 3, 4].flatMap((r) => [edge(`0,${r}`, `1,${r}`), ...(r > 0 ? [edge(`0,${r}`, `1,${r - 1}`)] : [])]);

  it('no stand crosses a side that blocks movement', () => {
    const t: TestSetup = { terrain: open(10, 5), units: [{ id: 'r1', cell: '0,2' }] };
    expect(reaches(t, 'r1', '1,2')).toBe(true);
    expect(to(situation({ ...t, sideFeatures: wall({ movement: true }, LINE) }), 'r1')).toEqual(['0,0', '0,1', '0,3', '0,4']);
    // One side walled: the area beyond it is reached round it; a feature that blocks only sight or supply stops nothing.
    expect(reaches({ ...t, sideFeatures: wall({ movement: true }) }, 'r1', '1,2')).toBe(true);
    expect(to(situation({ ...t, sideFeatures: wall({ sight: true, supply: true }, LINE) }), 'r1')).toContain('2,2');
  });

  it('no close assault across it either (an assault is a move into the enemy’s area)', () => {
    const t: TestSetup = { terrain: open(10, 5), units: [{ id: 'r1', cell: '0,2' }, { id: 'b1', cell: '1,2' }] };
    const targets = (x: TestSetup) => shambattle.legalActions(situation(x)).flatMap((a) => (a.type === 'assault' && a.unit === 'r1' ? [a.target] : []));
    expect(targets(t)).toEqual(['1,2']);
    expect(targets({ ...t, sideFeatures: wall({ movement: true }) })).toEqual([]);
  });
});
