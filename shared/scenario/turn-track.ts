// The TURN TRACK: one row per game turn with everything the scenario says about that turn
// (dates, ground odds, initiative, prepared offensives, fuel shortage, air interdiction,
// airlifted supply, command confusion, arrivals), and edits made by clicking on the track.
//
// Every edit is pure: it returns a new scenario and leaves the old one untouched; an edit
// that changes nothing (or names a turn outside the calendar, a side that is not one of the
// scenario's, or a count out of range) returns the very same object, so a caller can drop
// it from undo with a plain `===` test.
// Schedules are stored as from–to ranges; edits go through per-turn sets and back, so a
// range is split when a turn in its middle changes and neighbours merge when they match.
import type { FuelShortage, PreparedOffensive, Scenario, SideTurnRange } from '../format/scenario.types.js';
import { groundForecast, type GroundForecast } from './ground.js';
import { covers, spansOf, turnsOf } from './ranges.js';

/** The schedules that are plain "side X, turns a–b" lists. */
export type SideTurnSchedule = 'airInterdiction' | 'airliftedSupply' | 'commandConfusion';
export const SIDE_TURN_SCHEDULES: readonly SideTurnSchedule[] = ['airInterdiction', 'airliftedSupply', 'commandConfusion'];

/** Per-side values, keyed by side id (both sides are always present). */
export type PerSide<T> = Record<string, T>;

export interface TurnTrackEntry extends GroundForecast {
  /** Side id taking the first player turn, or null when no initiative entry covers the turn. */
  initiative: string | null;
  /** Prepared offensive player turns per side (0 = none). */
  preparedOffensives: PerSide<number>;
  /** Tank units of the side the opponent may roll fuel shortage for (0 = no shortage). */
  fuelShortage: PerSide<number>;
  airInterdiction: PerSide<boolean>;
  airliftedSupply: PerSide<boolean>;
  commandConfusion: PerSide<boolean>;
  /** Reinforcement units arriving per side. */
  reinforcements: PerSide<number>;
  /** Replacement points per side. */
  replacements: PerSide<number>;
}

function perSide<T>(scenario: Scenario, value: T): PerSide<T> {
  return Object.fromEntries(scenario.sides.map((s) => [s.id, value]));
}

/** The turn track for turns 1..calendar.turns. */
export function turnTrack(scenario: Scenario): TurnTrackEntry[] {
  return groundForecast(scenario).map((ground) => {
    const t = ground.turn;
    const entry: TurnTrackEntry = {
      ...ground,
      initiative: (scenario.initiative ?? []).find((r) => covers(r, t))?.side ?? null,
      preparedOffensives: perSide(scenario, 0),
      fuelShortage: perSide(scenario, 0),
      airInterdiction: perSide(scenario, false),
      airliftedSupply: perSide(scenario, false),
      commandConfusion: perSide(scenario, false),
      reinforcements: perSide(scenario, 0),
      replacements: perSide(scenario, 0),
    };
    // Counts add up as the engine adds them; the first fuel entry for a side wins, as in play.
    for (const p of scenario.preparedOffensives ?? []) if (p.turn === t) entry.preparedOffensives[p.side] = (entry.preparedOffensives[p.side] ?? 0) + p.count;
    for (const f of scenario.fuelShortage ?? []) if (covers(f, t) && !entry.fuelShortage[f.side]) entry.fuelShortage[f.side] = f.units;
    for (const field of SIDE_TURN_SCHEDULES) for (const r of scenario[field] ?? []) if (covers(r, t)) entry[field][r.side] = true;
    for (const r of scenario.reinforcements ?? []) if (r.turn === t) entry.reinforcements[r.unit.side] = (entry.reinforcements[r.unit.side] ?? 0) + 1;
    for (const r of scenario.replacements ?? []) if (r.turn === t) entry.replacements[r.side] = (entry.replacements[r.side] ?? 0) + r.points;
    return entry;
  });
}

/** Sets an optional schedule list, leaving the key out when the list is empty. */
function withList<K extends 'initiative' | 'preparedOffensives' | 'fuelShortage' | SideTurnSchedule>(
  scenario: Scenario,
  key: K,
  list: NonNullable<Scenario[K]>,
): Scenario {
  const next = { ...scenario };
  if (list.length) next[key] = list;
  else delete next[key];
  return next;
}

const isTurn = (scenario: Scenario, turn: number) => Number.isInteger(turn) && turn >= 1 && turn <= scenario.calendar.turns;
const isSide = (scenario: Scenario, side: string) => scenario.sides.some((s) => s.id === side);
const lastMentioned = (ranges: readonly { toTurn: number }[], turns: number) => Math.max(turns, ...ranges.map((r) => r.toTurn));

/**
 * Gives the initiative in turns from..to to `side`. Other turns keep their side; ranges are
 * rebuilt as the fewest entries (one per run of turns with the same side), so overlapping
 * entries collapse to the first one's side. On an empty schedule the side gets every turn.
 */
export function setInitiativeRange(scenario: Scenario, fromTurn: number, toTurn: number, side: string): Scenario {
  if (!isTurn(scenario, fromTurn) || !isTurn(scenario, toTurn) || fromTurn > toTurn || !isSide(scenario, side)) return scenario;
  const entries = scenario.initiative ?? [];
  const last = lastMentioned(entries, scenario.calendar.turns);
  const holder: (string | null)[] = [];
  for (let t = 1; t <= last; t++) {
    holder[t] = entries.length === 0 ? side : (entries.find((r) => covers(r, t))?.side ?? null);
  }
  let changed = entries.length === 0;
  for (let t = fromTurn; t <= toTurn; t++) {
    if (holder[t] !== side) changed = true;
    holder[t] = side;
  }
  if (!changed) return scenario;
  const rebuilt: SideTurnRange[] = [];
  for (let t = 1; t <= last; t++) {
    const s = holder[t];
    if (s === null || s === undefined) continue;
    const prev = rebuilt[rebuilt.length - 1];
    if (prev && prev.side === s && prev.toTurn === t - 1) prev.toTurn = t;
    else rebuilt.push({ side: s, fromTurn: t, toTurn: t });
  }
  return withList(scenario, 'initiative', rebuilt);
}

/** Gives the initiative in one turn to `side` (see setInitiativeRange). */
export const setInitiative = (scenario: Scenario, turn: number, side: string): Scenario => setInitiativeRange(scenario, turn, turn, side);

/**
 * Sets how many prepared offensive player turns `side` has in `turn`; 0 removes them. Any
 * entries already there for that side and turn are replaced by one (counts 1..20).
 */
export function setPreparedOffensives(scenario: Scenario, turn: number, side: string, count: number): Scenario {
  if (!isTurn(scenario, turn) || !isSide(scenario, side) || !Number.isInteger(count) || count < 0 || count > 20) return scenario;
  const list = scenario.preparedOffensives ?? [];
  const here = list.filter((p) => p.side === side && p.turn === turn);
  if (here.length === (count > 0 ? 1 : 0) && (count === 0 || here[0]!.count === count)) return scenario;
  const at = list.findIndex((p) => p.side === side && p.turn === turn);
  const kept = list.filter((p) => !(p.side === side && p.turn === turn));
  if (count > 0) {
    const entry: PreparedOffensive = { side, turn, count };
    // Where the old entry was (nothing before the first match is removed), else in turn order.
    kept.splice(at >= 0 ? at : insertionIndex(kept, turn), 0, entry);
  }
  return withList(scenario, 'preparedOffensives', kept);
}

function insertionIndex(list: readonly { turn: number }[], turn: number): number {
  const i = list.findIndex((p) => p.turn > turn);
  return i < 0 ? list.length : i;
}

/** Rebuilds one side's ranges of a schedule from its set of turns; other sides' entries stay. */
function replaceSideRanges<T extends { side: string; fromTurn: number; toTurn: number }>(list: readonly T[], side: string, rebuilt: T[]): T[] {
  const others = list.filter((r) => r.side !== side);
  return [...others, ...rebuilt].sort((a, b) => a.fromTurn - b.fromTurn);
}

/** True when `side` has `schedule` (air interdiction, airlift, command confusion) in `turn`. */
export const hasSideTurn = (scenario: Scenario, schedule: SideTurnSchedule, turn: number, side: string): boolean =>
  (scenario[schedule] ?? []).some((r) => r.side === side && covers(r, turn));

/** Switches air interdiction, airlifted supply or command confusion on or off for one side and turn. */
export function setSideTurn(scenario: Scenario, schedule: SideTurnSchedule, turn: number, side: string, on: boolean): Scenario {
  if (!isTurn(scenario, turn) || !isSide(scenario, side) || hasSideTurn(scenario, schedule, turn, side) === on) return scenario;
  const list = scenario[schedule] ?? [];
  const turns = new Set(list.filter((r) => r.side === side).flatMap(turnsOf));
  if (on) turns.add(turn);
  else turns.delete(turn);
  const rebuilt = spansOf(turns).map((span) => ({ side, ...span }));
  return withList(scenario, schedule, replaceSideRanges(list, side, rebuilt));
}

export const toggleAirInterdiction = (s: Scenario, turn: number, side: string): Scenario =>
  setSideTurn(s, 'airInterdiction', turn, side, !hasSideTurn(s, 'airInterdiction', turn, side));
export const toggleAirliftedSupply = (s: Scenario, turn: number, side: string): Scenario =>
  setSideTurn(s, 'airliftedSupply', turn, side, !hasSideTurn(s, 'airliftedSupply', turn, side));
export const toggleCommandConfusion = (s: Scenario, turn: number, side: string): Scenario =>
  setSideTurn(s, 'commandConfusion', turn, side, !hasSideTurn(s, 'commandConfusion', turn, side));

/** Tank units the opponent may roll for in `turn` (0 = no fuel shortage), first entry winning. */
export const fuelShortageUnits = (scenario: Scenario, turn: number, side: string): number =>
  (scenario.fuelShortage ?? []).find((f) => f.side === side && covers(f, turn))?.units ?? 0;

/**
 * Sets the fuel shortage of `side` in `turn` to `units` tank units (1..99); 0 removes it.
 * Neighbouring turns with the same number of units merge into one range.
 */
export function setFuelShortage(scenario: Scenario, turn: number, side: string, units: number): Scenario {
  if (!isTurn(scenario, turn) || !isSide(scenario, side) || !Number.isInteger(units) || units < 0 || units > 99) return scenario;
  if (fuelShortageUnits(scenario, turn, side) === units) return scenario;
  const list = scenario.fuelShortage ?? [];
  const byTurn = new Map<number, number>();
  for (const f of list) if (f.side === side) for (const t of turnsOf(f)) if (!byTurn.has(t)) byTurn.set(t, f.units);
  if (units > 0) byTurn.set(turn, units);
  else byTurn.delete(turn);
  const rebuilt: FuelShortage[] = [];
  for (const t of [...byTurn.keys()].sort((a, b) => a - b)) {
    const prev = rebuilt[rebuilt.length - 1];
    if (prev && prev.toTurn === t - 1 && prev.units === byTurn.get(t)) prev.toTurn = t;
    else rebuilt.push({ side, fromTurn: t, toTurn: t, units: byTurn.get(t)! });
  }
  return withList(scenario, 'fuelShortage', replaceSideRanges(list, side, rebuilt));
}

/**
 * Switches fuel shortage on or off for one side and turn. Switching on takes `units`, else the
 * number of a neighbouring turn's shortage (so extending a run keeps it one range), else 1.
 */
export function toggleFuelShortage(scenario: Scenario, turn: number, side: string, units?: number): Scenario {
  if (fuelShortageUnits(scenario, turn, side) > 0) return setFuelShortage(scenario, turn, side, 0);
  const guess = units ?? (fuelShortageUnits(scenario, turn - 1, side) || fuelShortageUnits(scenario, turn + 1, side) || 1);
  return setFuelShortage(scenario, turn, side, guess);
}
