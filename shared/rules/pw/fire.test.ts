// Seed 004, "Non-Artillery Fire": small battlefields with scripted dice. No artillery, so each turn
// starts with the initiative roll (Red's die, Blue's die) and the first side's activation dice.
import { describe, expect, it } from 'vitest';
import type { PwUnitType } from '../../format/ruleset-pw.types.js';
import { pw } from './index.js';
import { playPw, pwUnit, startPw, type PwTestSetup } from './testkit.js';

const OPEN = ['............', '............', '............', '............', '............', '............', '............', '............'];
const withRow = (row: number, text: string, base = OPEN): string[] => base.map((r, k) => (k === row ? text : r));

/** Red's unit at 5,6 facing north (its type), Blue's at `target`; Red wins the initiative and has 3 activations. */
function shooting(target: string, opts: { type?: PwUnitType; terrain?: string[]; dismounted?: boolean; pinnedTarget?: boolean; pinnedFirer?: boolean } = {}, effect: number[] = []) {
  const setup: PwTestSetup = {
    terrain: opts.terrain ?? OPEN,
    units: [
      { id: 'r1', cell: '5,6', type: opts.type ?? 'infantry', facing: 'N', ...(opts.dismounted ? { dismounted: true } : {}) },
      { id: 'b1', cell: target, facing: 'S' },
    ],
  };
  // Initiative (Red first), Red's activation die (6: three activations), the fire die if any, then Blue's activation die.
  let s = startPw(setup, [6, 1, 6, ...effect, 2, 2]);
  s = { ...s, units: s.units.map((u) => (u.id === 'b1' && opts.pinnedTarget) || (u.id === 'r1' && opts.pinnedFirer) ? { ...u, pinned: true } : u) };
  return s;
}
const fireTargets = (s: ReturnType<typeof startPw>, unit = 'r1'): string[] => pw.legalActions(s).flatMap((a) => (a.type === 'fire' && a.unit === unit ? [a.cell] : []));

describe('"A D6 die is rolled for each non-Artillery Unit that is firing"', () => {
  const result = (die: number, opts: Parameters<typeof shooting>[1] = {}) => {
    const { state, events } = playPw(shooting('5,4', opts, [die]), { type: 'fire', side: 'red', unit: 'r1', cell: '5,4' });
    const b1 = pwUnit(state, 'b1');
    return { effect: !b1.alive ? 'destroyed' : b1.pinned && !opts.pinnedTarget ? 'pinned' : 'none', text: events.find((e) => e.kind === 'fire')!.text };
  };

  it('target in the open: "5 or 6: Destroys a Unit; 2, 3, or 4: Pins a Unit; 1: No effect"', () => {
    expect([1, 2, 3, 4, 5, 6].map((d) => result(d).effect)).toEqual(['none', 'pinned', 'pinned', 'pinned', 'destroyed', 'destroyed']);
    expect(result(3).text).toContain('in the open');
  });

  it('target in cover (woods): "6: Destroys a Unit; 4 or 5: Pins a Unit; Any other score: No effect"', () => {
    const woods = withRow(4, '.....f......');
    expect([1, 2, 3, 4, 5, 6].map((d) => result(d, { terrain: woods }).effect)).toEqual(['none', 'none', 'none', 'pinned', 'pinned', 'destroyed']);
    expect(result(4, { terrain: woods }).text).toContain('in cover');
  });

  it('a built-up area is cover; so is being pinned: "Whilst pinned, the Unit is deemed to be under cover"', () => {
    expect(result(5, { terrain: withRow(4, '.....u......') }).effect).toBe('pinned');
    const pinned = playPw(shooting('5,4', { pinnedTarget: true }, [5]), { type: 'fire', side: 'red', unit: 'r1', cell: '5,4' });
    expect(pwUnit(pinned.state, 'b1').alive).toBe(true);
    expect(pinned.events.find((e) => e.kind === 'fire')!.text).toContain('it is pinned');
  });

  it('a target that cannot be seen entire (woods between) is in cover', () => {
    expect(result(5, { terrain: withRow(5, '.....f......') }).effect).toBe('pinned');
  });

  it('a hedge that blocks sight on a side the line crosses hides the target too (README: “Side features that block”)', () => {
    const withSide = (blocks: { movement?: boolean; sight?: boolean }) => {
      const base = shooting('5,4', {}, [5]);
      const sc = { ...base.scenario, map: { ...base.scenario.map, sideFeatures: [{ id: 'hedge', name: 'Hedge', colour: '#2f5a2f', blocks, sides: ['5,6,N'] }] } };
      const s = startPw(sc, [6, 1, 6, 5, 2, 2]);
      const { state, events } = playPw(s, { type: 'fire', side: 'red', unit: 'r1', cell: '5,4' });
      return { alive: pwUnit(state, 'b1').alive, text: events.find((e) => e.kind === 'fire')!.text };
    };
    const hidden = withSide({ sight: true });
    expect(hidden.alive).toBe(true);
    expect(hidden.text).toContain('in cover');
    expect(withSide({ movement: true }).alive).toBe(false);
  });

  it('the preview gives the same table and chances', () => {
    const p = pw.attackPreview(shooting('5,4'), { attackers: ['r1'], cell: '5,4' })!;
    expect(p.method.kind).toBe('dieRoll');
    if (p.method.kind === 'dieRoll') expect(p.method.rolls[0]!.results).toEqual(['No effect', 'Pinned', 'Pinned', 'Pinned', 'Destroyed', 'Destroyed']);
    expect(p.outcomes).toEqual(
      expect.arrayContaining([
        { result: 'b1 destroyed', probability: expect.closeTo(1 / 3, 9) },
        { result: 'b1 pinned', probability: expect.closeTo(1 / 2, 9) },
        { result: 'No effect', probability: expect.closeTo(1 / 6, 9) },
      ]),
    );
  });
});

describe('who may fire, and at what', () => {
  it('infantry reaches two squares, machine guns three, both orthogonally and in the 90° arc', () => {
    expect(fireTargets(shooting('5,4'))).toEqual(['5,4']);
    expect(fireTargets(shooting('5,3'))).toEqual([]);
    expect(fireTargets(shooting('5,3', { type: 'machineGun' }))).toEqual(['5,3']);
    expect(fireTargets(shooting('6,5'))).toEqual(['6,5']); // the 45° diagonal, range 2
    expect(fireTargets(shooting('7,5'))).toEqual([]); // range 3
    expect(fireTargets(shooting('6,6'))).toEqual([]); // beside, out of the arc
  });

  it('mounted cavalry and close-combat infantry have no weapon range; dismounted cavalry fires as infantry', () => {
    expect(fireTargets(shooting('5,4', { type: 'cavalry' }))).toEqual([]);
    expect(fireTargets(shooting('5,4', { type: 'closeCombatInfantry' }))).toEqual([]);
    expect(fireTargets(shooting('5,4', { type: 'cavalry', dismounted: true }))).toEqual(['5,4']);
  });

  it('"Non-Artillery Units may fire if they are pinned"', () => {
    expect(fireTargets(shooting('5,4', { pinnedFirer: true }))).toEqual(['5,4']);
  });

  it('"Non-Artillery Units may fire once each turn if they have not moved": a unit that moved, or was unpinned, or fired, may not', () => {
    // A second Red unit far away keeps Red activating after r1 has acted.
    const two = (b1: string, pinned = false) => {
      const s = startPw({ terrain: OPEN, units: [{ id: 'r1', cell: '5,6', facing: 'N' }, { id: 'r2', cell: '1,7', facing: 'N' }, { id: 'b1', cell: b1, facing: 'S' }] }, [6, 1, 6, 1]);
      return pinned ? { ...s, units: s.units.map((u) => (u.id === 'r1' ? { ...u, pinned: true } : u)) } : s;
    };
    const moved = playPw(two('5,3'), { type: 'move', side: 'red', unit: 'r1', to: '5,5', facing: 'N' }).state;
    expect(pw.actor(moved)).toBe('red');
    expect(fireTargets(moved)).toEqual([]); // 5,3 is in range from 5,5, but r1 has moved
    const unpinned = playPw(two('5,4', true), { type: 'unpin', side: 'red', unit: 'r1' }).state;
    expect(pw.actor(unpinned)).toBe('red');
    expect(fireTargets(unpinned)).toEqual([]);
    const fired = playPw(two('5,4'), { type: 'fire', side: 'red', unit: 'r1', cell: '5,4' }).state;
    expect(pw.actor(fired)).toBe('red');
    expect(fireTargets(fired)).toEqual([]);
    expect(pw.apply(fired, { type: 'fire', side: 'red', unit: 'r1', cell: '5,4' })).toMatchObject({ ok: false, error: { code: 'illegal' } });
  });

  it('"can fire out of woods ... if they are in a grid square that is on the edge of the woods"', () => {
    const deep = withRow(5, '.....f......', withRow(6, '.....f......'));
    expect(fireTargets(shooting('5,4', { terrain: deep }))).toEqual([]);
    expect(fireTargets(shooting('5,4', { terrain: withRow(6, '.....f......') }))).toEqual(['5,4']);
    // On the diagonal the fire leaves through either neighbouring side: one open side is enough.
    expect(fireTargets(shooting('6,5', { terrain: deep }))).toEqual(['6,5']);
  });
});
