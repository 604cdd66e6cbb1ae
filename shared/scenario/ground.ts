// Ground conditions over the game: the exact odds of each condition on each turn, and the
// calendar dates a turn can start on. The change rules are a Markov chain over the four
// conditions (the schema's GroundChangeRule): at the start of each game turn the first rule
// whose turn range holds the turn and whose `when` holds the current condition decides; a
// d6 score inside an outcome's range sets that condition, any other score leaves it. The
// roll happens on every turn a rule covers, turn 1 included, as in the rules engine.
import type { GroundChangeRule, GroundCondition, Scenario } from '../format/scenario.types.js';

export const GROUND_CONDITIONS: readonly GroundCondition[] = ['easy', 'mud', 'frozen', 'snow'];

/** Probability of each condition (they sum to 1). */
export type GroundOdds = Record<GroundCondition, number>;

const zeroOdds = (): GroundOdds => ({ easy: 0, mud: 0, frozen: 0, snow: 0 });

/** A game turn lasts 3 days when the ground is easy and 5 days otherwise. */
export const turnDays = (ground: GroundCondition): number => (ground === 'easy' ? 3 : 5);

/** Index of the rule that decides on `turn` when the ground is `current`, or -1 when none applies. */
export function decidingRule(rules: readonly GroundChangeRule[], turn: number, current: GroundCondition): number {
  return rules.findIndex(
    (r) => turn >= r.fromTurn && (r.toTurn === undefined || turn <= r.toTurn) && (!r.when || r.when.includes(current)),
  );
}

/** Where the ground can go on `turn` from `current`: odds after that turn's roll. */
export function groundStep(rules: readonly GroundChangeRule[], turn: number, current: GroundCondition): GroundOdds {
  const odds = zeroOdds();
  const rule = rules[decidingRule(rules, turn, current)];
  if (!rule) {
    odds[current] = 1;
    return odds;
  }
  // Count faces, then divide once, so a fixed change (1–6) is exactly 1, not six sixths.
  const faces = zeroOdds();
  for (let die = 1; die <= 6; die++) {
    // The first outcome holding the score wins, like the engine (overlaps are a format error).
    const hit = rule.outcomes.find((o) => o.min <= die && die <= o.max);
    faces[hit ? hit.condition : current] += 1;
  }
  for (const g of GROUND_CONDITIONS) odds[g] = faces[g] / 6;
  return odds;
}

/** One turn of the ground forecast. */
export interface GroundForecast {
  turn: number;
  /** Odds of each condition during this turn (after its ground-conditions phase). */
  odds: GroundOdds;
  /** The conditions with a chance above zero, in the order easy, mud, frozen, snow. */
  possible: GroundCondition[];
  /** Indices into groundConditions.changes of the rules that may roll this turn. */
  rules: number[];
  /** Earliest and latest possible first day of the turn (YYYY-MM-DD). */
  startEarliest: string;
  startLatest: string;
  /** The mean first day over all ground histories, rounded to a whole day (for a "~3 Feb" label). */
  startExpected: string;
  /** Earliest and latest possible last day of the turn. */
  endEarliest: string;
  endLatest: string;
}

/**
 * Adds whole days to a YYYY-MM-DD date (calendar arithmetic in UTC, so no DST surprises).
 * A date that is not YYYY-MM-DD (a half-typed field) gives '' rather than an exception.
 */
export function addDays(date: string, days: number): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m || !Number.isFinite(days)) return '';
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days)).toISOString().slice(0, 10);
}

/**
 * The ground forecast for turns 1..calendar.turns. Odds come from propagating the chain
 * over all d6 faces (no sampling; held as doubles). Dates follow the paths the ground can
 * actually take: the earliest start of a turn is the shortest sum of earlier turns' lengths
 * over all possible histories, the latest the longest.
 */
export function groundForecast(scenario: Pick<Scenario, 'calendar' | 'groundConditions'>): GroundForecast[] {
  const rules = scenario.groundConditions.changes ?? [];
  const turns = scenario.calendar.turns;
  const start = scenario.calendar.startDate;
  let before: GroundOdds = zeroOdds();
  before[scenario.groundConditions.initial] = 1;
  // Fewest / most days elapsed before this turn starts, per condition held before its roll.
  let minDays: Partial<Record<GroundCondition, number>> = { [scenario.groundConditions.initial]: 0 };
  let maxDays: Partial<Record<GroundCondition, number>> = { [scenario.groundConditions.initial]: 0 };
  const out: GroundForecast[] = [];
  let meanDays = 0;
  for (let turn = 1; turn <= turns; turn++) {
    const odds = zeroOdds();
    const usedRules = new Set<number>();
    const nextMin: Partial<Record<GroundCondition, number>> = {};
    const nextMax: Partial<Record<GroundCondition, number>> = {};
    let startMin = Infinity;
    let startMax = -Infinity;
    for (const from of GROUND_CONDITIONS) {
      if (before[from] === 0) continue;
      const r = decidingRule(rules, turn, from);
      if (r >= 0) usedRules.add(r);
      const step = groundStep(rules, turn, from);
      const lo = minDays[from]!;
      const hi = maxDays[from]!;
      startMin = Math.min(startMin, lo);
      startMax = Math.max(startMax, hi);
      for (const to of GROUND_CONDITIONS) {
        if (step[to] === 0) continue;
        odds[to] += before[from] * step[to];
        nextMin[to] = Math.min(nextMin[to] ?? Infinity, lo + turnDays(to));
        nextMax[to] = Math.max(nextMax[to] ?? -Infinity, hi + turnDays(to));
      }
    }
    const possible = GROUND_CONDITIONS.filter((g) => odds[g] > 0);
    const endMin = Math.min(...possible.map((g) => nextMin[g]!));
    const endMax = Math.max(...possible.map((g) => nextMax[g]!));
    out.push({
      turn,
      odds,
      possible,
      rules: [...usedRules].sort((a, b) => a - b),
      startEarliest: addDays(start, startMin),
      startLatest: addDays(start, startMax),
      startExpected: addDays(start, Math.round(meanDays)),
      endEarliest: addDays(start, endMin - 1),
      endLatest: addDays(start, endMax - 1),
    });
    meanDays += GROUND_CONDITIONS.reduce((sum, g) => sum + odds[g] * turnDays(g), 0);
    before = odds;
    minDays = nextMin;
    maxDays = nextMax;
  }
  return out;
}

/** Every condition the ground can take during some turn of the game. */
export function possibleGround(scenario: Pick<Scenario, 'calendar' | 'groundConditions'>): Set<GroundCondition> {
  const seen = new Set<GroundCondition>();
  for (const f of groundForecast(scenario)) for (const g of f.possible) seen.add(g);
  return seen;
}
