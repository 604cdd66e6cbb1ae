// Seed 003, "Engineers, function": "1SP by the Train may, in one turn: lay minefields in 1 grid
// area; construct fieldworks in 1 grid area; prepare 1 bridge or building for demolition;
// construct 1 pontoon bridge section (2 being required to complete the river crossing)."
import { describe, expect, it } from 'vitest';
import { createGrid } from '../../grid/index.js';
import { shambattle } from './index.js';
import { open, play, situation, unit, withUnit, type TestSetup } from './testkit.js';
import type { ShamAction, ShamState } from './state.js';

const g = createGrid({ kind: 'hex', orientation: 'flat', offset: 'odd', cols: 30, rows: 30 });
const edge = (a: string, b: string): string => {
  const [ac, ar] = a.split(',').map(Number) as [number, number];
  const [bc, br] = b.split(',').map(Number) as [number, number];
  return g.edgeBetween({ col: ac, row: ar }, { col: bc, row: br })!;
};
const RIVER = [0, 1, 2, 3, 4].flatMap((r) => [edge(`1,${r}`, `2,${r}`), ...(r < 4 ? [edge(`1,${r}`, `2,${r + 1}`)] : [])]);
const build = (task: string, at: string): ShamAction => ({ type: 'build', side: 'red', unit: 'r-eng', task, at }) as ShamAction;
const builds = (s: ShamState): string[] =>
  shambattle
    .legalActions(s)
    .filter((a) => a.type === 'build')
    .map((a) => `${(a as { task: string }).task} ${(a as { at: string }).at}`)
    .sort();

const t: TestSetup = {
  terrain: ['..........', '..........', '.C........', '..........', '..........'],
  rivers: RIVER,
  roads: [edge('1,2', '2,2')],
  units: [
    { id: 'r-eng', stand: 'engineers', cell: '1,2' },
    { id: 'r-tr', stand: 'engineerTrain', cell: '1,2' },
    { id: 'b1', cell: '7,2' },
  ],
};

describe('engineering tasks', () => {
  it('lists every task the engineers could do where they stand', () => {
    const bridge = edge('1,2', '2,2');
    expect(builds(situation(t))).toEqual(
      [
        'fieldWorks 1,2',
        'mines 1,2',
        'prepareBuilding 1,2',
        `prepareBridge ${bridge}`,
        `pontoon ${edge('1,2', '2,3')}`,
      ].sort(),
    );
  });

  it('each task costs the train 1 SP, which counts towards the army’s losses; one task a turn, and then no move', () => {
    const r = play(situation(t), build('fieldWorks', '1,2'));
    expect(unit(r.state, 'r-tr').sp).toBe(2);
    expect(r.state.works.fieldWorks).toEqual(['1,2']);
    expect(shambattle.view(r.state).armies['red']!.lost).toBe(1);
    expect(r.state.armies['red']!.pool.specialists).toBe(1);
    expect(builds(r.state)).toEqual([]);
    expect(shambattle.moves(r.state, 'r-eng')).toEqual([]);
  });

  it('engineers who have moved do not build that turn; without their train they build nothing', () => {
    const moved = play(situation(t), { type: 'move', side: 'red', unit: 'r-eng', to: '1,3' }).state;
    expect(builds(moved)).toEqual([]);
    const alone = withUnit(situation(t), 'r-tr', { status: 'eliminated', cell: null, sp: 0 });
    expect(builds(alone)).toEqual([]);
  });

  it('a train spent to 0 SP is gone', () => {
    const s = withUnit(situation(t), 'r-tr', { sp: 1 });
    const after = play(s, build('mines', '1,2')).state;
    expect(unit(after, 'r-tr').status).toBe('eliminated');
  });

  it('a minefield stops an enemy stand entering it and costs it 1 SP; its own side passes freely', () => {
    const m: TestSetup = { terrain: open(10, 5), units: [{ id: 'b1', cell: '4,2' }, { id: 'r1', cell: '0,2' }] };
    const s: ShamState = { ...situation(m, { player: 'blue' }), works: { fieldWorks: [], mines: [{ cell: '3,2', side: 'red' }], prepared: [], blown: [], pontoons: [] } };
    const moves = shambattle.moves(s, 'b1');
    expect(moves.map((x) => x.cell)).toContain('3,2');
    // No route goes on through the minefield.
    for (const m of moves) expect(m.path!.slice(0, -1), m.cell).not.toContain('3,2');
    const after = play(s, { type: 'move', side: 'blue', unit: 'b1', to: '3,2' }).state;
    expect(unit(after, 'b1').sp).toBe(3);
    const own: ShamState = { ...situation(m), works: s.works };
    expect(shambattle.moves(own, 'r1').map((x) => x.cell)).toContain('2,2');
  });

  it('two pontoon sections, built in two turns, complete a river crossing', () => {
    const p = edge('1,2', '2,3');
    const first = play(situation(t), build('pontoon', p)).state;
    expect(first.works.pontoons).toEqual([{ edge: p, sections: 1 }]);
    // Next turn: the engineers build the second section and a stand can cross.
    const again = { ...first, units: first.units.map((u) => ({ ...u, moved: false })) };
    const second = play(again, build('pontoon', p)).state;
    expect(second.works.pontoons).toEqual([{ edge: p, sections: 2 }]);
    expect(unit(second, 'r-tr').sp).toBe(1);
    const next = { ...second, units: second.units.map((u) => ({ ...u, moved: false })) };
    expect(shambattle.moves(next, 'r-eng').map((x) => x.cell)).toContain('2,3');
  });

  it('a bridge prepared for demolition is blown by its side: no longer crossable', () => {
    const bridge = edge('1,2', '2,2');
    const prepared = play(situation(t), build('prepareBridge', bridge)).state;
    const s = { ...prepared, units: prepared.units.map((u) => ({ ...u, moved: false })) };
    expect(shambattle.moves(s, 'r-eng').map((x) => x.cell)).toContain('2,2');
    const blown = play(s, { type: 'blow', side: 'red', at: bridge }).state;
    expect(blown.works.blown).toEqual([bridge]);
    expect(shambattle.moves(blown, 'r-eng').map((x) => x.cell)).not.toContain('2,2');
  });

  it('buildings prepared for demolition, blown, cost every stand there 1 SP', () => {
    const town: TestSetup = { terrain: ['..........', '..C.......', '..........'], units: [{ id: 'r-eng', stand: 'engineers', cell: '2,1' }, { id: 'r-tr', stand: 'engineerTrain', cell: '2,1' }, { id: 'b1', cell: '5,1' }] };
    const prepared = play(situation(town), build('prepareBuilding', '2,1')).state;
    const s = { ...prepared, units: prepared.units.map((u) => (u.id === 'r-eng' || u.id === 'r-tr' ? { ...u, cell: '1,1' } : u.id === 'b1' ? { ...u, cell: '2,1' } : u)) };
    const after = play(s, { type: 'blow', side: 'red', at: '2,1' }).state;
    expect(unit(after, 'b1').sp).toBe(3);
    expect(after.works.prepared).toEqual([]);
  });
});
