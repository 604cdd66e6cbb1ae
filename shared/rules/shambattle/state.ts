// The Shambattle game state (its JSON shape is schemas/rulesets/shambattle.schema.json, $defs/State;
// the types are generated) and the small helpers every rule file shares: a working copy that
// `apply` changes, stands by area, stacking, army strength and losses, dice, events.
import type {
  ShambattleAction,
  ShambattleArmy,
  ShambattleState,
  ShambattleUnitState,
  ShambattlePool,
} from '../../format/ruleset-shambattle.types.js';
import type { Scenario } from '../../format/scenario.types.js';
import { rollD6 } from '../dice.js';
import type { DiceRoll, EventKind, GameEvent } from '../types.js';
import { boardOf, otherSide, type ShamBoard } from './board.js';
import { STACKING_LIMIT, type Arm } from './data.js';

export type ShamState = ShambattleState & { readonly scenario: Scenario };
export type ShamAction = ShambattleAction;
export type UnitState = ShambattleUnitState;
export type { ShambattleArmy as Army, ShambattlePool as Pool };

/** A working copy being changed by one `apply`, with its board and the events so far. */
export interface Ctx {
  b: ShamBoard;
  s: ShamState;
  events: GameEvent[];
}

/** A deep copy of the state's plain parts (the scenario is shared), for `apply` to change. */
export function draftOf(state: ShamState): Ctx {
  const s = state;
  const w = s.works;
  const copy: ShamState = {
    ...s,
    units: s.units.map((u) => ({ ...u })),
    orders: s.orders.map((o) => ({ ...o })),
    committed: [...s.committed],
    engagements: s.engagements.map((e) => ({ ...e, units: [...e.units] })),
    fought: [...s.fought],
    choices: s.choices.map((ch) => ({ ...ch, from: [...ch.from] })),
    works: {
      fieldWorks: [...w.fieldWorks],
      mines: w.mines.map((m) => ({ ...m })),
      prepared: w.prepared.map((p) => ({ ...p })),
      blown: [...w.blown],
      pontoons: w.pontoons.map((p) => ({ ...p })),
    },
    holders: { ...s.holders },
    armies: Object.fromEntries(Object.entries(s.armies).map(([k, a]) => [k, { ...a, pool: { ...a.pool } }])),
    dice: s.dice.kind === 'script' ? { ...s.dice, script: s.dice.script } : { kind: 'sfc32', s: [...s.dice.s] as [number, number, number, number] },
    gameOver: s.gameOver ? { ...s.gameOver } : null,
  };
  return { b: boardOf(s.scenario), s: copy, events: [] };
}

/** Who stands where, read once: the side index holding each area (−1 none) and its stacking stands. */
export interface Occupancy {
  side: Int8Array;
  count: Int8Array;
}

export function occupancy(b: ShamBoard, s: ShamState): Occupancy {
  const side = new Int8Array(b.n).fill(-1);
  const count = new Int8Array(b.n);
  for (const u of s.units) {
    if (u.status !== 'map' || u.cell === null) continue;
    const i = b.index.get(u.cell)!;
    side[i] = b.sideIndex.get(u.side) ?? 0;
    if (b.stands.get(u.id)!.rules.stacks) count[i] = count[i]! + 1;
  }
  return { side, count };
}

export const emptyPool = (): ShambattlePool => ({ infantry: 0, cavalry: 0, specialists: 0, command: 0 });

export function unitById(s: ShamState, id: string): UnitState | undefined {
  return s.units.find((u) => u.id === id);
}

export const sideIdx = (b: ShamBoard, side: string): 0 | 1 => b.sideIndex.get(side) ?? 0;
export const sideId = (b: ShamBoard, k: 0 | 1): string => b.sides[k].id;
export const otherId = (b: ShamBoard, side: string): string => b.sides[otherSide(sideIdx(b, side))].id;

/** A stand on the map. */
export const onMap = (u: UnitState): boolean => u.status === 'map' && u.cell !== null;

/** Stands on the map in an area (any side), in state order. */
export function standsIn(s: ShamState, cell: string): UnitState[] {
  return s.units.filter((u) => u.cell === cell && u.status === 'map');
}

/** Stands of one side on the map, by area. */
export function byCell(s: ShamState): Map<string, UnitState[]> {
  const m = new Map<string, UnitState[]>();
  for (const u of s.units) {
    if (u.status !== 'map' || u.cell === null) continue;
    const list = m.get(u.cell);
    if (list) list.push(u);
    else m.set(u.cell, [u]);
  }
  return m;
}

/** Stands that count towards stacking (all but the Army Commander). */
export const stacks = (b: ShamBoard, u: UnitState): boolean => b.stands.get(u.id)!.rules.stacks;

/** How many stands of `side` that count for stacking stand in `cell`. */
export function stackCount(b: ShamBoard, s: ShamState, cell: string, side: string): number {
  let n = 0;
  for (const u of s.units) if (u.cell === cell && u.status === 'map' && u.side === side && stacks(b, u)) n++;
  return n;
}

/** Room for `count` more stacking stands of `side` in `cell` (an enemy-held area has none). */
export function hasRoom(b: ShamBoard, s: ShamState, cell: string, side: string, count: number): boolean {
  for (const u of s.units) if (u.cell === cell && u.status === 'map' && u.side !== side) return false;
  return stackCount(b, s, cell, side) + count <= STACKING_LIMIT;
}

/** True when an area holds a stand of a side other than `side`. */
export function enemyIn(s: ShamState, cell: string, side: string): boolean {
  for (const u of s.units) if (u.cell === cell && u.status === 'map' && u.side !== side) return true;
  return false;
}

/** The army's strength now: SP of its stands that obey orders (mutineers' SP are lost to it), fled stands and the Army Commander included. */
export function strength(_b: ShamBoard, s: ShamState, side: string): number {
  let sp = 0;
  for (const u of s.units) {
    if (u.side !== side || u.loyalty === 'mutinous' || u.status === 'eliminated') continue;
    sp += u.sp;
  }
  return sp;
}

/** SP the army has lost since the start (counted against its exhaustion and rout points). */
export function losses(b: ShamBoard, s: ShamState, side: string): number {
  return (s.armies[side]?.start ?? 0) - strength(b, s, side);
}

export function isExhausted(b: ShamBoard, s: ShamState, side: string): boolean {
  return losses(b, s, side) >= b.options.exhaustion[sideIdx(b, side)];
}

export const isRouted = (s: ShamState, side: string): boolean => s.armies[side]?.routed === true;

/** The side that gives a stand its orders now: its own army, or the enemy for a defecting stand. */
export function controllerOf(b: ShamBoard, u: UnitState): string {
  return u.loyalty === 'defecting' ? otherId(b, u.side) : u.side;
}

/** The side's Army Commander on the map, if any. */
export function commanderOf(b: ShamBoard, s: ShamState, side: string): UnitState | undefined {
  return s.units.find((u) => u.side === side && u.status === 'map' && b.stands.get(u.id)!.stand === 'commander');
}

/** Stands in an engagement's target area or assaulting one: they neither move (defenders) nor shoot. */
export function engagedIds(s: ShamState): { attackers: Set<string>; pinned: Set<string> } {
  const attackers = new Set<string>();
  const pinned = new Set<string>();
  for (const e of s.engagements) {
    for (const id of e.units) attackers.add(id);
    for (const u of s.units) if (u.cell === e.target && u.status === 'map' && u.side !== e.side) pinned.add(u.id);
  }
  return { attackers, pinned };
}

/** Rolls one d6 in the working copy. */
export function roll(c: Ctx): number {
  const d = rollD6(c.s.dice);
  c.s.rolls += 1;
  return d;
}

export function rollMany(c: Ctx, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(roll(c));
  return out;
}

export function emit(c: Ctx, kind: EventKind, text: string, extra: { side?: string; cell?: string; units?: string[]; rolls?: DiceRoll[] } = {}): void {
  const e: GameEvent = { kind, text, turn: c.s.turn };
  if (extra.side !== undefined) e.side = extra.side;
  if (extra.cell !== undefined) e.cell = extra.cell;
  if (extra.units !== undefined) e.units = extra.units;
  if (extra.rolls !== undefined) e.rolls = extra.rolls;
  c.events.push(e);
}

export const nameOf = (b: ShamBoard, id: string): string => b.stands.get(id)?.name ?? id;

/** "Ruberia's", "Germans'". */
export const possessive = (name: string): string => (name.endsWith('s') ? `${name}'` : `${name}'s`);

/** "Ruberia's army": a side's name that takes a singular verb. */
export const armyOf = (b: ShamBoard, side: string): string => `${possessive(b.sides[b.sideIndex.get(side) ?? 0].name)} army`;
export const label = (b: ShamBoard, cell: string | null): string => (cell === null ? 'off the map' : (b.labels[b.index.get(cell) ?? -1] ?? cell));

/** Where a stand's lost SP go: the day's pool of its army's arm (mutineers' losses are not the army's). */
export function addToPool(c: Ctx, u: UnitState, sp: number): void {
  const arm: Arm | null = c.b.stands.get(u.id)!.rules.arm;
  if (arm === null || u.loyalty === 'mutinous' || sp <= 0) return;
  const army = c.s.armies[u.side];
  if (army) army.pool[arm] += sp;
}

/** Game turn within the day, 1-based, and the day. */
export function dayOf(b: ShamBoard, turn: number): { day: number; turnOfDay: number } {
  const per = b.options.turnsPerDay;
  return { day: Math.floor((turn - 1) / per) + 1, turnOfDay: ((turn - 1) % per) + 1 };
}

export const lastTurn = (b: ShamBoard): number => b.options.days * b.options.turnsPerDay;

