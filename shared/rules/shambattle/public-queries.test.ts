// What a play screen can learn about Shambattle through the public queries alone (shared/rules's
// index, which UI code imports), never from this folder: the fire and close assault decisions
// with their labels and dice, the dice-pool previews, ranges and targets for hover, the areas
// under a close assault, and the markers.
import { describe, expect, it } from 'vitest';
import {
  attackPreview,
  decisionOf,
  declarationOf,
  fireCells,
  lineOfSight,
  observe,
  rangeBetween,
  unitOptions,
  type RulesState,
} from '../index.js';
import { makeScenario, play, situation, type TestSetup } from './testkit.js';

const t: TestSetup = {
  terrain: ['..........', '...f......', '..........'],
  units: [
    { id: 'r1', cell: '0,1' },
    { id: 'r-cav', stand: 'cavalry', cell: '2,0' },
    { id: 'b1', cell: '2,1' },
    { id: 'b2', cell: '3,1' },
    { id: 'b3', cell: '6,1' },
  ],
};

describe('Shambattle through the public queries', () => {
  it('the rifle fire step offers each shot as a unit-and-target choice, labelled in cell labels with its dice', () => {
    const s = situation(t, { phase: 'rifle' }) as unknown as RulesState;
    const d = decisionOf(s)!;
    expect(d.title).toBe('Red: Rifle fire');
    const shot = d.options.find((o) => o.unit === 'r1' && o.cell === '2,1')!;
    expect(shot).toMatchObject({ kind: 'move', label: 'r1 fires at 0302', from: '0,1', detail: '4 dice (4 SP)' });
    // Carbines reach the next area only.
    expect(d.options.filter((o) => o.unit === 'r-cav').map((o) => o.label)).toEqual(['r-cav fires at 0302']);
    expect(d.options.find((o) => o.ends)?.label).toBe('Done shooting');
    expect(unitOptions(s, 'r1').map((o) => o.label)).toEqual(['r1 fires at 0302']);
  });

  it('ranges and targets for hover: hex distance, the enemy areas in range, and a stand’s range in its values', () => {
    const s = situation(t, { phase: 'rifle' }) as unknown as RulesState;
    expect(rangeBetween(s, '0,1', '2,1')).toBe(2);
    expect(rangeBetween(s, '0,1', '6,1')).toBe(6);
    expect(fireCells(s, 'r1')).toEqual(['2,1']);
    expect(fireCells(s, 'r-cav')).toEqual(['2,1']);
    const r1 = observe(s, 'red').units.find((u) => u.id === 'r1')!;
    expect(r1.values).toMatchObject({ range: 2, sp: 4, maxSp: 4, stand: 'infantry' });
    // Shambattle traces no line of sight and has no facing (README: Facing, line of sight).
    expect(lineOfSight(s, '0,1', '2,1')).toBeNull();
    expect(declarationOf(makeScenario(t))!.traits).toMatchObject({ facing: false, lineOfSight: false });
    expect(r1.facing).toBeUndefined();
  });

  it('a shot’s preview: each stand’s dice with its modifiers and what each die face does there', () => {
    const s = situation({ ...t, units: t.units.map((u) => (u.id === 'b1' ? { ...u, cell: '1,1' } : u)) }, { phase: 'rifle' }) as unknown as RulesState;
    const p = attackPreview(s, { attackers: ['r1'], cell: '1,1', mode: 'fire' })!;
    expect(p.label).toBe('0202');
    expect(p.method.kind).toBe('dicePool');
    if (p.method.kind !== 'dicePool') return;
    expect(p.method.units['r1']).toEqual({ base: 4, mods: [], dice: 4 });
    expect(p.method.faces.map((f) => f.counts)).toEqual([false, false, false, true, true, true]);
    expect(p.method.reply).toBeUndefined();
    expect(p.summary).toBe('Shooting: 4 dice; 4, 5, 6 count here.');
    expect(p.outcomes?.length).toBeGreaterThan(0);
  });

  it('the movement step offers close assaults with their dice; the preview gives the defenders’ reply too', () => {
    const s = situation({ ...t, units: t.units.map((u) => (u.id === 'r1' ? { ...u, cell: '2,2' } : u)) }) as unknown as RulesState;
    const assault = unitOptions(s, 'r1').find((o) => (o.action as { type: string }).type === 'assault' && o.cell === '2,1')!;
    expect(assault).toMatchObject({ kind: 'move', label: 'r1 close assaults 0302', detail: '4 dice (4 SP)' });
    const p = attackPreview(s, { attackers: ['r1'], cell: '2,1', mode: 'assault' })!;
    if (p.method.kind !== 'dicePool') throw new Error('not a dice pool');
    expect(p.summary).toMatch(/^Close assault: 4 dice; 4, 5, 6 count here; the defenders reply with 4\.$/);
    expect(p.method.reply?.units['b1']).toEqual({ base: 4, mods: [], dice: 4 });
  });

  it('an area under close assault is marked, and the preview of the combat going on there needs only the cell', () => {
    const s0 = situation({ ...t, units: t.units.map((u) => (u.id === 'r1' ? { ...u, cell: '2,2' } : u)) });
    const s = play(s0, { type: 'assault', side: 'red', unit: 'r1', target: '2,1' }).state as unknown as RulesState;
    const seen = observe(s, 'blue');
    expect(seen.cellMarkers['2,1']).toContain('closeCombat');
    expect(seen.units.find((u) => u.id === 'r1')!.markers).toEqual(expect.arrayContaining(['assaulting', 'moved']));
    const p = attackPreview(s, { cell: '2,1' })!;
    expect(p.attackers.map((a) => a.id)).toEqual(['r1']);
    expect(p.defenders.map((a) => a.id)).toEqual(['b1']);
    expect(p.method.kind === 'dicePool' && p.method.reply?.dice).toBe(4);
    expect(declarationOf(makeScenario(t))!.markers.some((m) => m.id === 'closeCombat' && m.scope === 'cell')).toBe(true);
  });
});
