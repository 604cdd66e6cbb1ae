// Strength totals for the order-of-battle panel: combat strength points per side and branch,
// the historical men they stand for, how they grow as reinforcements arrive, and the
// replacement points each side receives.
//
// The ruleset's scale: one strength point per 10,000 men, but one per 5,000 for tanks
// (airborne counts as infantry). So a 4-point tank corps stands for 20,000 men.
import type { Branch, Scenario, UnitCore } from '../format/scenario.types.js';

export const BRANCHES: readonly Branch[] = ['infantry', 'tank', 'mechanised', 'cavalry', 'airborne'];

/** Historical men one strength point stands for, per branch. */
export const MEN_PER_POINT: Readonly<Record<Branch, number>> = Object.freeze({
  infantry: 10_000,
  tank: 5_000,
  mechanised: 10_000,
  cavalry: 10_000,
  airborne: 10_000,
});

export interface Tally {
  units: number;
  strength: number;
  men: number;
}

export interface StrengthTally extends Tally {
  byBranch: Record<Branch, Tally>;
}

const emptyTally = (): Tally => ({ units: 0, strength: 0, men: 0 });

export function emptyStrengthTally(): StrengthTally {
  return { ...emptyTally(), byBranch: Object.fromEntries(BRANCHES.map((b) => [b, emptyTally()])) as Record<Branch, Tally> };
}

/** Adds one unit to a tally (in place; the tallies here are fresh objects). */
function add(t: StrengthTally, unit: Pick<UnitCore, 'branch' | 'strength'>): void {
  const men = unit.strength * (MEN_PER_POINT[unit.branch] ?? 10_000);
  for (const x of [t, t.byBranch[unit.branch]]) {
    if (!x) continue;
    x.units += 1;
    x.strength += unit.strength;
    x.men += men;
  }
}

/** Tallies any list of units. */
export function tallyUnits(units: readonly Pick<UnitCore, 'branch' | 'strength'>[]): StrengthTally {
  const t = emptyStrengthTally();
  for (const u of units) add(t, u);
  return t;
}

const cloneTally = (t: StrengthTally): StrengthTally => ({
  units: t.units,
  strength: t.strength,
  men: t.men,
  byBranch: Object.fromEntries(BRANCHES.map((b) => [b, { ...t.byBranch[b] }])) as Record<Branch, Tally>,
});

export interface TurnTotals {
  turn: number;
  /** Everything on the side's books by this turn: the starting units plus arrivals up to and including this turn. */
  cumulative: Record<string, StrengthTally>;
  /** The reinforcements arriving this turn. */
  arriving: Record<string, StrengthTally>;
  /** Replacement points received this turn, and up to and including it. */
  replacements: Record<string, number>;
  replacementsToDate: Record<string, number>;
}

export interface ScenarioTotals {
  /** The order of battle at the start, per side id. */
  start: Record<string, StrengthTally>;
  /** One row per game turn, 1..calendar.turns. */
  byTurn: TurnTotals[];
  /** Every unit of the scenario (start plus all reinforcements, even any scheduled after the last turn). */
  all: Record<string, StrengthTally>;
  /** All replacement points per side. */
  replacementPoints: Record<string, number>;
}

/**
 * Totals per side (keyed by side id; both sides always present, plus any unknown side a unit
 * names, so no unit goes uncounted).
 */
export function scenarioTotals(scenario: Scenario): ScenarioTotals {
  const sideIds = [...new Set([...scenario.sides.map((s) => s.id), ...scenario.orderOfBattle.map((u) => u.side), ...(scenario.reinforcements ?? []).map((r) => r.unit.side), ...(scenario.replacements ?? []).map((r) => r.side)])];
  const perSide = <T>(make: () => T): Record<string, T> => Object.fromEntries(sideIds.map((id) => [id, make()]));
  const start = perSide(emptyStrengthTally);
  for (const u of scenario.orderOfBattle) add(start[u.side]!, u);
  const all = perSide(() => emptyStrengthTally());
  for (const id of sideIds) all[id] = cloneTally(start[id]!);
  for (const r of scenario.reinforcements ?? []) add(all[r.unit.side]!, r.unit);
  const replacementPoints = perSide(() => 0);
  for (const r of scenario.replacements ?? []) replacementPoints[r.side] = (replacementPoints[r.side] ?? 0) + r.points;

  const byTurn: TurnTotals[] = [];
  let running = start;
  let pointsSoFar = perSide(() => 0);
  for (let turn = 1; turn <= scenario.calendar.turns; turn++) {
    const arriving = perSide(emptyStrengthTally);
    for (const r of scenario.reinforcements ?? []) if (r.turn === turn) add(arriving[r.unit.side]!, r.unit);
    const cumulative = perSide(emptyStrengthTally);
    for (const id of sideIds) {
      const c = cloneTally(running[id]!);
      for (const r of scenario.reinforcements ?? []) if (r.turn === turn && r.unit.side === id) add(c, r.unit);
      cumulative[id] = c;
    }
    const replacements = perSide(() => 0);
    for (const r of scenario.replacements ?? []) if (r.turn === turn) replacements[r.side] = (replacements[r.side] ?? 0) + r.points;
    const toDate = perSide(() => 0);
    for (const id of sideIds) toDate[id] = (pointsSoFar[id] ?? 0) + (replacements[id] ?? 0);
    byTurn.push({ turn, cumulative, arriving, replacements, replacementsToDate: toDate });
    running = cumulative;
    pointsSoFar = toDate;
  }
  return { start, byTurn, all, replacementPoints };
}
