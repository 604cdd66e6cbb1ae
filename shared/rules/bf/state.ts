// The working context of one `apply` (a cloned draft the rule modules change in place, the
// compiled board, the events so far) and the questions every Barbarossa Fast module asks: who
// stands where, a unit's factor, control, supply.
import type { BfState, BfUnitState } from "../../format/ruleset-bf.types.js";
import type { Scenario } from "../../format/scenario.types.js";
import { rollD6 } from "../dice.js";
import type { DiceRoll, EventKind, GameEvent } from "../types.js";
import {
  distancesFrom,
  GERMAN,
  RUSSIAN,
  type BfBoard,
  type BfUnitInfo,
  type Role,
} from "./board.js";

/** A Barbarossa Fast game: the engine state plus its scenario (by reference). */
export type BfGame = BfState & { readonly scenario: Scenario };

export interface Ctx {
  s: BfGame;
  b: BfBoard;
  ev: GameEvent[];
}

export function cloneState(s: BfGame): BfGame {
  return {
    ...s,
    units: s.units.map((u) => ({ ...u })),
    destroyed: [...s.destroyed],
    airOps: s.airOps.map((o) => ({ ...o })),
    attack: s.attack ? { ...s.attack, units: [...s.attack.units] } : null,
    broken: [...s.broken],
    toDeploy: [...s.toDeploy],
    dice:
      s.dice.kind === "sfc32"
        ? { kind: "sfc32", s: [...s.dice.s] }
        : { ...s.dice, script: [...s.dice.script] },
    gameOver: s.gameOver ? { ...s.gameOver } : null,
  };
}

export function emit(
  ctx: Ctx,
  kind: EventKind,
  text: string,
  extra: Partial<GameEvent> = {},
): void {
  ctx.ev.push({ kind, text, turn: ctx.s.turn, ...extra });
}

export function rollDie(
  ctx: Ctx,
  purpose: string,
): { die: number; roll: DiceRoll } {
  const die = rollD6(ctx.s.dice);
  ctx.s.rolls += 1;
  return { die, roll: { purpose, dice: [die] } };
}

export const info = (b: BfBoard, id: string): BfUnitInfo => {
  const i = b.units.get(id);
  if (!i) throw new Error(`Unit ${id} is not in the scenario.`);
  return i;
};
export const roleOfSide = (b: BfBoard, side: string): Role =>
  b.sideIndex.get(side) ?? GERMAN;
export const roleOfUnit = (b: BfBoard, u: BfUnitState): Role =>
  info(b, u.id).role;
export const kindOf = (b: BfBoard, u: BfUnitState) => info(b, u.id).kind;
export const posOf = (b: BfBoard, u: BfUnitState): number =>
  u.status === "map" && u.cell !== null ? (b.index.get(u.cell) ?? -1) : -1;
export const label = (b: BfBoard, i: number): string => b.labels[i] ?? "?";
export const labelOf = (b: BfBoard, id: string): string =>
  label(b, b.index.get(id) ?? -1);
export const unitName = (b: BfBoard, id: string): string =>
  b.units.get(id)?.name ?? id;
export const isGround = (b: BfBoard, u: BfUnitState): boolean =>
  kindOf(b, u) !== "air";

/** Combat factor: army 2, panzer corps 1, a rifle unit Strong 1 / Weak 0, others as printed. */
export function factor(b: BfBoard, u: BfUnitState): number {
  const i = info(b, u.id);
  if (i.kind === "rifle") return u.quality === "weak" ? 0 : 1;
  return i.factor;
}

/** Ground units of each side per position. */
export function occupancy(s: BfGame, b: BfBoard): [Int16Array, Int16Array] {
  const o: [Int16Array, Int16Array] = [
    new Int16Array(b.n),
    new Int16Array(b.n),
  ];
  for (const u of s.units) {
    const i = posOf(b, u);
    if (i >= 0) o[roleOfUnit(b, u)][i]!++;
  }
  return o;
}

export const unitsAt = (
  s: BfGame,
  b: BfBoard,
  i: number,
  role?: Role,
): BfUnitState[] =>
  s.units.filter(
    (u) =>
      posOf(b, u) === i && (role === undefined || roleOfUnit(b, u) === role),
  );

export const controlRole = (s: BfGame, b: BfBoard, i: number): Role =>
  s.control.charAt(i) === b.sides[GERMAN].code ? GERMAN : RUSSIAN;
export const fortressIntact = (s: BfGame, b: BfBoard, i: number): number =>
  b.fortress[i]! > 0 && !s.destroyed.includes(b.ids[i]!) ? b.fortress[i]! : 0;

/** Links from the Russian map edge to every position, through positions without German units. */
export function edgeDistance(
  s: BfGame,
  b: BfBoard,
  occ = occupancy(s, b),
): Int16Array {
  const sources: number[] = [];
  for (let i = 0; i < b.n; i++)
    if (b.edge[i] && occ[GERMAN][i] === 0) sources.push(i);
  return distancesFrom(b, sources, (i) => occ[GERMAN][i] === 0);
}

/** Links from the nearest east-edge position (Leningrad's "link to the east"). */
export function eastDistance(
  s: BfGame,
  b: BfBoard,
  occ = occupancy(s, b),
): Int16Array {
  const sources: number[] = [];
  for (let i = 0; i < b.n; i++)
    if (b.edge[i] === "east" && occ[GERMAN][i] === 0) sources.push(i);
  return distancesFrom(b, sources, (i) => occ[GERMAN][i] === 0);
}

/** Links from the nearest German home base, through positions without Russian units. */
export function baseDistance(
  s: BfGame,
  b: BfBoard,
  occ = occupancy(s, b),
): Int16Array {
  const sources: number[] = [];
  for (let i = 0; i < b.n; i++)
    if (b.base[i] && occ[RUSSIAN][i] === 0) sources.push(i);
  return distancesFrom(b, sources, (i) => occ[RUSSIAN][i] === 0);
}

/**
 * Units in supply: Germans that trace links through positions free of Russian units to a home
 * base (or were resupplied by air this turn); Russians that trace to the Russian map edge, or
 * else to a Russian victory city with room (Leningrad 3, other cities 2, nearest units first).
 */
export function supplied(s: BfGame, b: BfBoard): Set<string> {
  const occ = occupancy(s, b);
  const out = new Set<string>();
  const gd = baseDistance(s, b, occ);
  const rd = edgeDistance(s, b, occ);
  const waiting: BfUnitState[] = [];
  for (const u of s.units) {
    const i = posOf(b, u);
    if (i < 0) continue;
    if (roleOfUnit(b, u) === GERMAN) {
      if (gd[i]! >= 0 || u.supplied) out.add(u.id);
    } else if (rd[i]! >= 0) out.add(u.id);
    else waiting.push(u);
  }
  if (waiting.length === 0) return out;
  for (let c = 0; c < b.n; c++) {
    if (
      b.supplyCap[c]! <= 0 ||
      controlRole(s, b, c) !== RUSSIAN ||
      occ[GERMAN][c]! > 0
    )
      continue;
    const d = distancesFrom(b, [c], (i) => occ[GERMAN][i] === 0);
    const reach = waiting
      .filter((u) => !out.has(u.id) && d[posOf(b, u)]! >= 0)
      .sort(
        (x, y) => d[posOf(b, x)]! - d[posOf(b, y)]! || (x.id < y.id ? -1 : 1),
      );
    for (const u of reach.slice(0, b.supplyCap[c])) out.add(u.id);
  }
  return out;
}

export const plural = (n: number, one: string, many = one + "s"): string =>
  `${n} ${n === 1 ? one : many}`;
