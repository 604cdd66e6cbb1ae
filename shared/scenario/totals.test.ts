import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../format/scenario.types.js';
import { smallScenario } from './fixtures.js';
import { MEN_PER_POINT, scenarioTotals, tallyUnits } from './totals.js';

const scenario = (): Scenario => ({
  ...smallScenario(),
  calendar: { startDate: '1944-01-24', turns: 4 },
  orderOfBattle: [
    { id: 'g-1', side: 'germans', name: 'I Corps', branch: 'infantry', strength: 4, cell: '1,2' },
    { id: 'g-2', side: 'germans', name: 'II Panzer', branch: 'tank', strength: 3, cell: '1,1' },
    { id: 's-1', side: 'soviets', name: '1st Army', branch: 'infantry', strength: 5, cell: '4,2' },
  ],
  reinforcements: [
    { turn: 2, entryCell: '0,0', unit: { id: 'g-r', side: 'germans', name: 'Reserve', branch: 'mechanised', strength: 2 } },
    { turn: 3, entryCell: '5,0', unit: { id: 's-r', side: 'soviets', name: '2nd Tank', branch: 'tank', strength: 4 } },
  ],
  replacements: [
    { side: 'soviets', turn: 2, points: 3 },
    { side: 'soviets', turn: 4, points: 2, branches: ['tank'] },
    { side: 'germans', turn: 4, points: 1 },
  ],
});

describe('strength and men', () => {
  it('a tank point stands for 5,000 men, every other branch 10,000 per point', () => {
    expect(MEN_PER_POINT.tank).toBe(5_000);
    expect(tallyUnits([{ branch: 'tank', strength: 4 }]).men).toBe(20_000);
    expect(tallyUnits([{ branch: 'infantry', strength: 4 }]).men).toBe(40_000);
    expect(tallyUnits([{ branch: 'airborne', strength: 1 }, { branch: 'cavalry', strength: 1 }, { branch: 'mechanised', strength: 1 }]).men).toBe(30_000);
  });

  it('the starting totals split by side and branch', () => {
    const t = scenarioTotals(scenario());
    expect(t.start.germans).toMatchObject({ units: 2, strength: 7, men: 40_000 + 15_000 });
    expect(t.start.germans!.byBranch.tank).toEqual({ units: 1, strength: 3, men: 15_000 });
    expect(t.start.germans!.byBranch.cavalry).toEqual({ units: 0, strength: 0, men: 0 });
    expect(t.start.soviets).toMatchObject({ units: 1, strength: 5, men: 50_000 });
  });

  it("on a bundled scenario, the last turn's totals are the start plus every arrival, and men follow the branch rates", () => {
    const s = JSON.parse(readFileSync(new URL('../../scenarios/dnieper-bend-1943.json', import.meta.url), 'utf8')) as Scenario;
    const t = scenarioTotals(s);
    const last = t.byTurn[t.byTurn.length - 1]!;
    for (const side of s.sides) {
      const units = [...s.orderOfBattle, ...(s.reinforcements ?? []).map((r) => r.unit)].filter((u) => u.side === side.id);
      expect(last.cumulative[side.id]!.strength).toBe(units.reduce((n, u) => n + u.strength, 0));
      expect(last.cumulative[side.id]!.men).toBe(units.reduce((n, u) => n + u.strength * (u.branch === 'tank' ? 5_000 : 10_000), 0));
    }
  });
});

describe('per turn', () => {
  it('grows as reinforcements arrive, turn 1..N cumulative', () => {
    const t = scenarioTotals(scenario());
    expect(t.byTurn.map((r) => r.turn)).toEqual([1, 2, 3, 4]);
    expect(t.byTurn.map((r) => r.cumulative.germans!.strength)).toEqual([7, 9, 9, 9]);
    expect(t.byTurn.map((r) => r.cumulative.soviets!.strength)).toEqual([5, 5, 9, 9]);
    expect(t.byTurn[2]!.arriving.soviets).toMatchObject({ units: 1, strength: 4, men: 20_000 });
    expect(t.byTurn[2]!.cumulative.soviets!.men).toBe(70_000);
    expect(t.byTurn[1]!.cumulative.germans!.byBranch.mechanised.strength).toBe(2);
  });

  it('counts replacement points per side per turn and to date', () => {
    const t = scenarioTotals(scenario());
    expect(t.byTurn.map((r) => r.replacements.soviets)).toEqual([0, 3, 0, 2]);
    expect(t.byTurn.map((r) => r.replacementsToDate.soviets)).toEqual([0, 3, 3, 5]);
    expect(t.byTurn.map((r) => r.replacementsToDate.germans)).toEqual([0, 0, 0, 1]);
    expect(t.replacementPoints).toEqual({ germans: 1, soviets: 5 });
  });

  it('a reinforcement scheduled after the last turn is left out of the table but counted in the whole-game total', () => {
    const s = scenario();
    s.reinforcements!.push({ turn: 9, entryCell: '0,0', unit: { id: 'g-late', side: 'germans', name: 'Late', branch: 'infantry', strength: 1 } });
    const t = scenarioTotals(s);
    expect(t.byTurn[3]!.cumulative.germans!.strength).toBe(9);
    expect(t.all.germans!.strength).toBe(10);
  });
});
