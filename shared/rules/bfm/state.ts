// The working context of one `apply` (a cloned draft the rule modules change in place, the
// compiled board, the events so far) and the small questions every Battle for Moscow module asks:
// who is where, whose zone of control covers a hex, a unit's strength now.
import type { BfmState, BfmUnitState } from '../../format/ruleset-bfm.types.js';
import type { Scenario } from '../../format/scenario.types.js';
import { rollD6 } from '../dice.js';
import type { DiceRoll, EventKind, GameEvent } from '../types.js';
import type { BfmBoard, BfmUnitInfo, Role } from './board.js';

/** A Battle for Moscow game: the engine state plus its scenario (by reference). */
export type BfmGame = BfmState & { readonly scenario: Scenario };

export interface Ctx {
  s: BfmGame;
  b: BfmBoard;
  ev: GameEvent[];
}

export function cloneState(s: BfmGame): BfmGame {
  return {
    ...s,
    units: s.units.map((u) => ({ ...u })),
    placed: [...s.placed],
    battles: s.battles.map((x) => ({ ...x, attackers: [...x.attackers] })),
    combat: s.combat ? { ...s.combat } : null,
    dice: s.dice.kind === 'sfc32' ? { kind: 'sfc32', s: [...s.dice.s] } : { ...s.dice },
    gameOver: s.gameOver ? { ...s.gameOver } : null,
  };
}

export function emit(ctx: Ctx, kind: EventKind, text: string, extra: Partial<GameEvent> = {}): void {
  ctx.ev.push({ kind, text, turn: ctx.s.turn, ...extra });
}

export function rollDie(ctx: Ctx, purpose: string): { die: number; roll: DiceRoll } {
  const die = rollD6(ctx.s.dice);
  ctx.s.rolls += 1;
  return { die, roll: { purpose, dice: [die] } };
}

export const info = (b: BfmBoard, id: string): BfmUnitInfo => {
  const i = b.units.get(id);
  if (!i) throw new Error(`Unit ${id} is not in the scenario.`);
  return i;
};

export const roleOf = (b: BfmBoard, side: string): Role => b.sideIndex.get(side) ?? 0;
export const sideName = (b: BfmBoard, role: Role): string => b.sides[role].name;
export const label = (b: BfmBoard, i: number): string => b.labels[i] ?? '?';
export const labelOfId = (b: BfmBoard, id: string | null): string => (id === null ? 'off the map' : label(b, b.index.get(id) ?? -1));
export const unitName = (b: BfmBoard, id: string): string => b.units.get(id)?.name ?? id;

export const onMap = (u: BfmUnitState): boolean => u.status === 'map' && u.cell !== null;
export const cellIx = (b: BfmBoard, u: BfmUnitState): number => (u.cell === null ? -1 : (b.index.get(u.cell) ?? -1));

/** Combat strength a unit shows now (printed: full or half side). */
export const strengthNow = (b: BfmBoard, u: BfmUnitState): number => {
  const i = info(b, u.id);
  return u.reduced ? i.half : i.full;
};

/** Strength a step loss takes: full → half loses the difference, half → eliminated loses the half. */
export const stepLoss = (b: BfmBoard, u: BfmUnitState): number => {
  const i = info(b, u.id);
  return u.reduced ? i.half : i.full - i.half;
};

export function findUnit(s: BfmGame, id: string): BfmUnitState | undefined {
  return s.units.find((u) => u.id === id);
}

/**
 * What the rules ask again and again about one state, computed in one pass: each unit's role and
 * hex (-1 off the map), the unit in each hex (-1 empty) and each role's zone of control (the six
 * hexes around each of its units). Cached per state object; everything that moves a unit onto
 * or off the map or to another hex goes through `place`, `takeStep` or `eliminate`, which drop
 * the cache of the draft they change. (The random-game property test checks the cache against a
 * fresh derivation after every action.)
 */
export interface Derived {
  role: Uint8Array;
  hex: Int16Array;
  occ: Int16Array;
  zoc: [Uint8Array, Uint8Array];
  /** Each role's occupied hexes as text: what a cache of moves keys on. */
  sig: [string, string];
}

const derivedCache = new WeakMap<object, Derived>();

export function derive(s: BfmGame, b: BfmBoard, fresh = false): Derived {
  if (!fresh) {
    const d = derivedCache.get(s);
    if (d) return d;
  }
  const m = s.units.length;
  const role = new Uint8Array(m);
  const hex = new Int16Array(m);
  const occ = new Int16Array(b.n).fill(-1);
  const zoc: [Uint8Array, Uint8Array] = [new Uint8Array(b.n), new Uint8Array(b.n)];
  for (let k = 0; k < m; k++) {
    const u = s.units[k]!;
    const r = b.unitInfo[k]?.id === u.id ? b.unitInfo[k]!.side : roleOf(b, u.side);
    role[k] = r;
    const i = u.status === 'map' && u.cell !== null ? (b.index.get(u.cell) ?? -1) : -1;
    hex[k] = i;
    if (i < 0) continue;
    occ[i] = k;
    const z = zoc[r];
    for (let d = 0; d < 6; d++) {
      const j = b.nb[i * 6 + d]!;
      if (j >= 0) z[j] = 1;
    }
  }
  const at: [number[], number[]] = [[], []];
  for (let k = 0; k < m; k++) if (hex[k]! >= 0) at[role[k] as Role].push(hex[k]!);
  const sig: [string, string] = [at[0].sort((x, y) => x - y).join(','), at[1].sort((x, y) => x - y).join(',')];
  const out = { role, hex, occ, zoc, sig };
  if (!fresh) derivedCache.set(s, out);
  return out;
}

/** Drops the derived facts of a state whose units moved. */
export const invalidate = (s: BfmGame): void => void derivedCache.delete(s);

/** Unit index (into s.units) per hex, -1 where empty. One unit per hex at the end of every move, retreat and placement. */
export function occupancy(s: BfmGame, b: BfmBoard): Int16Array {
  return derive(s, b).occ;
}

/** 1 on every hex in the zone of control of `role`'s units: the six hexes around each (its own hex not included). */
export function zoneOfControl(s: BfmGame, b: BfmBoard, role: Role): Uint8Array {
  return derive(s, b).zoc[role];
}

export function controlRole(s: BfmGame, b: BfmBoard, i: number): Role {
  return s.control.charAt(i) === b.sides[1].code ? 1 : 0;
}

/**
 * A unit of `role` ends a move, retreat or advance in hex i, or is placed there: its side holds
 * the hex from now on ("the last unit to be in the city"). Cities and Moscow say so in the log.
 */
export function takeHex(ctx: Ctx, i: number, role: Role): void {
  const { s, b } = ctx;
  if (controlRole(s, b, i) === role) return;
  s.control = s.control.slice(0, i) + b.sides[role].code + s.control.slice(i + 1);
  if (b.city[i] || b.moscow[i]) {
    const what = b.moscow[i] ? `Moscow (${label(b, i)})` : `the city in ${label(b, i)}`;
    emit(ctx, 'control', `${sideName(b, role)} now hold ${what}.`, { side: b.sides[role].id, cell: b.ids[i] });
  }
}

/** Puts a unit in hex i and gives its side the hex. */
export function place(ctx: Ctx, u: BfmUnitState, i: number): void {
  invalidate(ctx.s);
  u.cell = ctx.b.ids[i]!;
  u.status = 'map';
  takeHex(ctx, i, roleOf(ctx.b, u.side));
}

/** One step of loss: full → half strength, half → eliminated. Returns the strength lost. */
export function takeStep(ctx: Ctx, u: BfmUnitState): number {
  const lost = stepLoss(ctx.b, u);
  if (u.reduced) eliminate(ctx, u);
  else u.reduced = true;
  return lost;
}

/** The unit leaves the map for the eliminated pool (it may come back as a replacement). */
export function eliminate(ctx: Ctx, u: BfmUnitState): void {
  invalidate(ctx.s);
  u.status = 'eliminated';
  u.cell = null;
  u.reduced = false;
  delete u.moved;
}

export const plural = (n: number, one: string, many = one + 's'): string => `${n} ${n === 1 ? one : many}`;
