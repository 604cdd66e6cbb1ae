import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GroundChangeRule, GroundCondition, Scenario, SideTurnRange } from '../format/scenario.types.js';
import { deepFreeze, smallScenario } from './fixtures.js';
import { GROUND_CONDITIONS, groundForecast } from './ground.js';
import {
  setFuelShortage,
  setInitiative,
  setInitiativeRange,
  setPreparedOffensives,
  setSideTurn,
  toggleAirInterdiction,
  toggleAirliftedSupply,
  toggleCommandConfusion,
  toggleFuelShortage,
  turnTrack,
} from './turn-track.js';

const withGround = (initial: GroundCondition, changes: GroundChangeRule[] = [], turns = 8): Scenario => ({
  ...smallScenario(),
  calendar: { startDate: '1944-01-24', turns },
  groundConditions: { initial, changes },
});

const mudFrom3: GroundChangeRule = { fromTurn: 3, when: ['easy'], outcomes: [{ min: 1, max: 2, condition: 'mud' }] };

describe('ground forecast', () => {
  it('with easy ground and a 1–2 mud roll from turn 3, turns 1–2 last 3 days and later starts spread out', () => {
    const f = groundForecast(withGround('easy', [mudFrom3]));
    expect(f.map((t) => [t.startEarliest, t.startLatest]).slice(0, 4)).toEqual([
      ['1944-01-24', '1944-01-24'],
      ['1944-01-27', '1944-01-27'],
      ['1944-01-30', '1944-01-30'],
      ['1944-02-02', '1944-02-04'], // turn 3 lasted 3 (easy) or 5 (mud) days
    ]);
    expect([f[2]!.endEarliest, f[2]!.endLatest]).toEqual(['1944-02-01', '1944-02-03']);
    // Turn 4 starts on average 9 + 2 × 1/3 days after the start: 2 Feb + 0.67 → 3 Feb.
    expect(f[3]!.startExpected).toBe('1944-02-03');
    expect(f[1]!.possible).toEqual(['easy']);
    expect(f[2]!.possible).toEqual(['easy', 'mud']);
    expect(f[2]!.rules).toEqual([0]);
  });

  it('mud on turn 4 with a 1–2 roll from turn 3 and no way back has probability 1 − (4/6)²', () => {
    const f = groundForecast(withGround('easy', [mudFrom3]));
    expect(f[2]!.odds.mud).toBeCloseTo(2 / 6, 12);
    expect(f[3]!.odds.mud).toBeCloseTo(1 - (4 / 6) ** 2, 12);
    expect(f[3]!.odds.easy).toBeCloseTo((4 / 6) ** 2, 12);
  });

  it('the seed example (snow, then 1–2 mud from turn 3 in any condition) matches the same odds', () => {
    const seed = JSON.parse(readFileSync(new URL('../../scenarios/seed-000-example.json', import.meta.url), 'utf8')) as Scenario;
    const f = groundForecast(seed);
    expect(f[0]!.odds.snow).toBe(1);
    expect(f[3]!.odds.mud).toBeCloseTo(1 - (4 / 6) ** 2, 12);
  });

  it('with a way back (the square demo: easy→mud on 1, mud→easy on 5–6 from turn 4) the odds follow both rules', () => {
    const demo = JSON.parse(readFileSync(new URL('../../scenarios/square-grid-demo.json', import.meta.url), 'utf8')) as Scenario;
    const f = groundForecast(demo);
    expect(f[2]!.odds.easy).toBe(1);
    expect(f[3]!.odds.mud).toBeCloseTo(1 / 6, 12);
    // Turn 5: stay in mud (1/6 × 4/6) or turn to mud now (5/6 × 1/6).
    expect(f[4]!.odds.mud).toBeCloseTo((1 / 6) * (4 / 6) + (5 / 6) * (1 / 6), 12);
    expect(f[4]!.rules).toEqual([0, 1]);
  });

  it('the first applicable rule decides, so a later rule for the same turn and condition never rolls', () => {
    const f = groundForecast(
      withGround('easy', [
        { fromTurn: 2, toTurn: 2, outcomes: [{ min: 1, max: 6, condition: 'frozen' }] },
        { fromTurn: 2, outcomes: [{ min: 1, max: 6, condition: 'mud' }] },
      ]),
    );
    expect(f[1]!.odds.frozen).toBe(1);
    expect(f[1]!.rules).toEqual([0]);
    expect(f[2]!.odds.mud).toBe(1); // turn 3: only the second rule is in range
  });

  it('a rule rolls on turn 1 when it covers turn 1, and `when` limits which conditions it changes', () => {
    const f = groundForecast(withGround('snow', [{ fromTurn: 1, when: ['easy'], outcomes: [{ min: 1, max: 6, condition: 'mud' }] }]));
    expect(f[0]!.odds.snow).toBe(1);
    const g = groundForecast(withGround('easy', [{ fromTurn: 1, when: ['easy'], outcomes: [{ min: 1, max: 6, condition: 'mud' }] }]));
    expect(g[0]!.odds.mud).toBe(1);
    expect(g[0]!.startEarliest).toBe('1944-01-24');
    expect(g[1]!.startEarliest).toBe('1944-01-29');
  });

  it('a half-typed start date gives empty dates instead of an exception', () => {
    const s = { ...withGround('easy', [mudFrom3]), calendar: { startDate: '1944-0', turns: 3 } };
    expect(groundForecast(s).map((t) => t.startEarliest)).toEqual(['', '', '']);
  });

  it('odds always sum to 1 and the expected start lies between the earliest and the latest', () => {
    const outcome = fc.record({ min: fc.integer({ min: 1, max: 6 }), span: fc.integer({ min: 0, max: 5 }), condition: fc.constantFrom(...GROUND_CONDITIONS) });
    const rule = fc.record({
      fromTurn: fc.integer({ min: 1, max: 10 }),
      toTurn: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
      when: fc.option(fc.subarray([...GROUND_CONDITIONS], { minLength: 1 }), { nil: undefined }),
      outcomes: fc.array(outcome, { minLength: 1, maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.constantFrom(...GROUND_CONDITIONS), fc.array(rule, { maxLength: 4 }), (initial, raw) => {
        const rules: GroundChangeRule[] = raw.map((r) => ({
          fromTurn: r.fromTurn,
          ...(r.toTurn !== undefined ? { toTurn: r.toTurn } : {}),
          ...(r.when ? { when: r.when } : {}),
          outcomes: r.outcomes.map((o) => ({ min: o.min, max: Math.min(6, o.min + o.span), condition: o.condition })),
        }));
        for (const t of groundForecast(withGround(initial, rules, 12))) {
          const sum = GROUND_CONDITIONS.reduce((s, g) => s + t.odds[g], 0);
          expect(sum).toBeCloseTo(1, 9);
          expect(t.startEarliest <= t.startExpected && t.startExpected <= t.startLatest).toBe(true);
          expect(t.endEarliest <= t.endLatest).toBe(true);
          expect(t.possible.length).toBeGreaterThan(0);
        }
      }),
    );
  });
});

describe('turn track', () => {
  it('shows per turn who has the initiative, offensives, shortages, air, confusion and arrivals', () => {
    const s: Scenario = {
      ...smallScenario(),
      initiative: [
        { side: 'germans', fromTurn: 1, toTurn: 4 },
        { side: 'soviets', fromTurn: 5, toTurn: 8 },
      ],
      preparedOffensives: [
        { side: 'germans', turn: 1, count: 3 },
        { side: 'germans', turn: 1, count: 1 },
      ],
      fuelShortage: [{ side: 'germans', fromTurn: 2, toTurn: 3, units: 2 }],
      airInterdiction: [{ side: 'soviets', fromTurn: 5, toTurn: 5 }],
      airliftedSupply: [{ side: 'germans', fromTurn: 6, toTurn: 7 }],
      commandConfusion: [{ side: 'soviets', fromTurn: 1, toTurn: 2 }],
      reinforcements: [{ turn: 2, entryCell: '0,0', unit: { id: 'g-r', side: 'germans', name: 'R', branch: 'tank', strength: 2 } }],
      replacements: [{ side: 'soviets', turn: 3, points: 4 }],
    };
    const track = turnTrack(s);
    expect(track).toHaveLength(8);
    expect(track.map((t) => t.initiative)).toEqual(['germans', 'germans', 'germans', 'germans', 'soviets', 'soviets', 'soviets', 'soviets']);
    expect(track[0]!.preparedOffensives).toEqual({ germans: 4, soviets: 0 });
    expect(track[2]!.fuelShortage).toEqual({ germans: 2, soviets: 0 });
    expect(track[4]!.airInterdiction).toEqual({ germans: false, soviets: true });
    expect(track[6]!.airliftedSupply.germans).toBe(true);
    expect(track[1]!.commandConfusion.soviets).toBe(true);
    expect(track[2]!.commandConfusion.soviets).toBe(false);
    expect(track[1]!.reinforcements).toEqual({ germans: 1, soviets: 0 });
    expect(track[2]!.replacements).toEqual({ germans: 0, soviets: 4 });
  });
});

/** True when every turn 1..turns is held by exactly one entry and no two touching entries share a side. */
function cleanCover(entries: readonly SideTurnRange[], turns: number): boolean {
  for (let t = 1; t <= turns; t++) if (entries.filter((e) => e.fromTurn <= t && t <= e.toTurn).length !== 1) return false;
  const sorted = [...entries].sort((a, b) => a.fromTurn - b.fromTurn);
  return sorted.every((e, i) => i === 0 || !(sorted[i - 1]!.side === e.side && sorted[i - 1]!.toTurn === e.fromTurn - 1));
}

describe('initiative edits', () => {
  const base = (): Scenario => deepFreeze({ ...smallScenario(), initiative: [{ side: 'germans', fromTurn: 1, toTurn: 8 }] });

  it('giving one turn in the middle to the other side splits the range in three', () => {
    expect(setInitiative(base(), 4, 'soviets').initiative).toEqual([
      { side: 'germans', fromTurn: 1, toTurn: 3 },
      { side: 'soviets', fromTurn: 4, toTurn: 4 },
      { side: 'germans', fromTurn: 5, toTurn: 8 },
    ]);
  });

  it('giving it back merges the ranges into one', () => {
    const split = setInitiative(base(), 4, 'soviets');
    expect(setInitiative(split, 4, 'germans').initiative).toEqual([{ side: 'germans', fromTurn: 1, toTurn: 8 }]);
  });

  it('an edit that changes nothing returns the same scenario; turns outside the calendar are ignored', () => {
    const s = base();
    expect(setInitiative(s, 3, 'germans')).toBe(s);
    expect(setInitiative(s, 9, 'soviets')).toBe(s);
    expect(setInitiative(s, 0, 'soviets')).toBe(s);
  });

  it('a side that is not in the scenario changes nothing', () => {
    const s = base();
    expect(setInitiative(s, 2, 'finns')).toBe(s);
    expect(setPreparedOffensives(s, 2, 'finns', 1)).toBe(s);
    expect(toggleAirInterdiction(s, 2, 'finns')).toBe(s);
    expect(setFuelShortage(s, 2, 'finns', 1)).toBe(s);
  });

  it('on an empty schedule the side gets the whole game', () => {
    const { initiative: _, ...rest } = smallScenario();
    void _;
    expect(setInitiative(rest as Scenario, 2, 'soviets').initiative).toEqual([{ side: 'soviets', fromTurn: 1, toTurn: 8 }]);
  });

  it('a range edit gives a block of turns at once', () => {
    expect(setInitiativeRange(base(), 6, 8, 'soviets').initiative).toEqual([
      { side: 'germans', fromTurn: 1, toTurn: 5 },
      { side: 'soviets', fromTurn: 6, toTurn: 8 },
    ]);
  });

  it('any sequence of edits keeps a clean cover: one side per turn, fewest ranges', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 8 }), fc.constantFrom('germans', 'soviets')), { maxLength: 30 }), (edits) => {
        let s = base();
        for (const [turn, side] of edits) s = setInitiative(s, turn, side);
        expect(cleanCover(s.initiative!, 8)).toBe(true);
        const last = new Map(edits.map(([t, side]) => [t, side]));
        for (const [turn, side] of last) expect(turnTrack(s)[turn - 1]!.initiative).toBe(side);
      }),
    );
  });
});

describe('prepared offensive edits', () => {
  it('sets, replaces and removes the count for a side and turn', () => {
    const s = deepFreeze(smallScenario());
    const one = setPreparedOffensives(s, 2, 'germans', 3);
    expect(one.preparedOffensives).toEqual([{ side: 'germans', turn: 2, count: 3 }]);
    const two = setPreparedOffensives(setPreparedOffensives(one, 1, 'soviets', 1), 2, 'germans', 2);
    expect(two.preparedOffensives).toEqual([
      { side: 'soviets', turn: 1, count: 1 },
      { side: 'germans', turn: 2, count: 2 },
    ]);
    expect(setPreparedOffensives(two, 2, 'germans', 2)).toBe(two);
    const none = setPreparedOffensives(setPreparedOffensives(two, 2, 'germans', 0), 1, 'soviets', 0);
    expect(none.preparedOffensives).toBeUndefined();
  });

  it('duplicate entries for one side and turn collapse into one', () => {
    const s = { ...smallScenario(), preparedOffensives: [{ side: 'germans', turn: 1, count: 2 }, { side: 'germans', turn: 1, count: 1 }] };
    expect(setPreparedOffensives(s, 1, 'germans', 4).preparedOffensives).toEqual([{ side: 'germans', turn: 1, count: 4 }]);
  });
});

describe('per-side turn toggles', () => {
  it('toggling a turn in the middle of a range splits it; toggling it back merges', () => {
    const s = deepFreeze({ ...smallScenario(), commandConfusion: [{ side: 'soviets', fromTurn: 1, toTurn: 5 }] });
    const split = toggleCommandConfusion(s, 3, 'soviets');
    expect(split.commandConfusion).toEqual([
      { side: 'soviets', fromTurn: 1, toTurn: 2 },
      { side: 'soviets', fromTurn: 4, toTurn: 5 },
    ]);
    expect(toggleCommandConfusion(split, 3, 'soviets').commandConfusion).toEqual([{ side: 'soviets', fromTurn: 1, toTurn: 5 }]);
  });

  it("one side's toggle leaves the other side's ranges alone, and the last one off removes the list", () => {
    const s = deepFreeze({ ...smallScenario(), airInterdiction: [{ side: 'germans', fromTurn: 1, toTurn: 2 }] });
    const both = toggleAirInterdiction(s, 2, 'soviets');
    expect(both.airInterdiction).toEqual([
      { side: 'germans', fromTurn: 1, toTurn: 2 },
      { side: 'soviets', fromTurn: 2, toTurn: 2 },
    ]);
    expect(setSideTurn(both, 'airInterdiction', 2, 'soviets', true)).toBe(both);
    const off = toggleAirInterdiction(toggleAirInterdiction(toggleAirInterdiction(both, 2, 'soviets'), 1, 'germans'), 2, 'germans');
    expect(off.airInterdiction).toBeUndefined();
  });

  it('any sequence of toggles matches a plain set of (side, turn) and keeps the fewest ranges', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 8 }), fc.constantFrom('germans', 'soviets')), { maxLength: 40 }), (toggles) => {
        let s: Scenario = smallScenario();
        const model = new Set<string>();
        for (const [turn, side] of toggles) {
          s = toggleAirliftedSupply(s, turn, side);
          const key = `${side}@${turn}`;
          if (model.has(key)) model.delete(key);
          else model.add(key);
        }
        const ranges = s.airliftedSupply ?? [];
        const stored = new Set(ranges.flatMap((r) => Array.from({ length: r.toTurn - r.fromTurn + 1 }, (_, k) => `${r.side}@${r.fromTurn + k}`)));
        expect(stored).toEqual(model);
        for (const side of ['germans', 'soviets']) {
          const mine = ranges.filter((r) => r.side === side).sort((a, b) => a.fromTurn - b.fromTurn);
          // Neither overlapping nor touching: otherwise two ranges should have been one.
          mine.forEach((r, i) => i > 0 && expect(r.fromTurn).toBeGreaterThan(mine[i - 1]!.toTurn + 1));
        }
      }),
    );
  });

  it('fuel shortage ranges merge only when the number of tank units matches', () => {
    let s: Scenario = deepFreeze(smallScenario());
    s = setFuelShortage(s, 1, 'germans', 2);
    s = toggleFuelShortage(s, 2, 'germans'); // takes the neighbour's 2
    s = setFuelShortage(s, 3, 'germans', 1);
    expect(s.fuelShortage).toEqual([
      { side: 'germans', fromTurn: 1, toTurn: 2, units: 2 },
      { side: 'germans', fromTurn: 3, toTurn: 3, units: 1 },
    ]);
    s = setFuelShortage(s, 3, 'germans', 2);
    expect(s.fuelShortage).toEqual([{ side: 'germans', fromTurn: 1, toTurn: 3, units: 2 }]);
    s = toggleFuelShortage(s, 2, 'germans');
    expect(s.fuelShortage).toEqual([
      { side: 'germans', fromTurn: 1, toTurn: 1, units: 2 },
      { side: 'germans', fromTurn: 3, toTurn: 3, units: 2 },
    ]);
  });
});
