// The working context of one `apply` (a cloned draft the rule modules change in place, the
// compiled board, the events so far) and the small questions every Portable Wargame module asks:
// who stands where, a unit's type values now, contact between facing units.
import type { PwState, PwUnitState } from '../../format/ruleset-pw.types.js';
import type { Scenario } from '../../format/scenario.types.js';
import { rollD6 } from '../dice.js';
import type { DiceRoll, EventKind, GameEvent } from '../types.js';
import { DIR_INDEX, DISMOUNTED, UNIT_TYPES, type PwBoard, type PwUnitInfo, type Role } from './board.js';

/** A Portable Wargame battle: the engine state plus its scenario (by reference). */
export type PwGame = PwState & { readonly scenario: Scenario };

export interface Ctx {
  s: PwGame;
  b: PwBoard;
  ev: GameEvent[];
}

export function cloneState(s: PwGame): PwGame {
  return {
    ...s,
    units: s.units.map((u) => ({ ...u })),
    orders: s.orders.map((o) => ({ ...o })),
    committed: [...s.committed],
    pending: [...s.pending],
    advanced: [...s.advanced],
    combat: s.combat ? { ...s.combat } : null,
    vp: [s.vp[0]!, s.vp[1]!],
    dice: s.dice.kind === 'sfc32' ? { kind: 'sfc32', s: [...s.dice.s] } : { ...s.dice },
    gameOver: s.gameOver ? { ...s.gameOver } : null,
  };
}

export function emit(ctx: Ctx, kind: EventKind, text: string, extra: Partial<GameEvent> = {}): void {
  ctx.ev.push({ kind, text, turn: ctx.s.turn, ...extra });
}

/** One d6 from the state's dice, counted in `rolls`. */
export function rollDie(ctx: Ctx, purpose: string, need?: number): { die: number; roll: DiceRoll } {
  const die = rollD6(ctx.s.dice);
  ctx.s.rolls += 1;
  return { die, roll: need === undefined ? { purpose, dice: [die] } : { purpose, dice: [die], need } };
}

export const info = (b: PwBoard, id: string): PwUnitInfo => {
  const i = b.units.get(id);
  if (!i) throw new Error(`Unit ${id} is not in the scenario.`);
  return i;
};

export const roleOf = (b: PwBoard, side: string): Role => b.sideIndex.get(side) ?? 0;
export const other = (r: Role): Role => (r === 0 ? 1 : 0);
export const sideName = (b: PwBoard, r: Role): string => b.sides[r].name;
export const label = (b: PwBoard, i: number): string => (i < 0 ? 'off the map' : (b.labels[i] ?? '?'));
export const labelOf = (b: PwBoard, id: string | null | undefined): string => (id == null ? 'off the map' : label(b, b.index.get(id) ?? -1));
export const unitName = (b: PwBoard, id: string): string => b.units.get(id)?.name ?? id;

export const onMap = (u: PwUnitState): boolean => u.alive && u.cell !== null;
export const cellIx = (b: PwBoard, u: PwUnitState): number => (u.cell === null ? -1 : (b.index.get(u.cell) ?? -1));

export function findUnit(s: PwGame, id: string): PwUnitState | undefined {
  return s.units.find((u) => u.id === id);
}

// ---- what a unit is now ---------------------------------------------------------------------

export const isArtillery = (b: PwBoard, u: PwUnitState): boolean => UNIT_TYPES[info(b, u.id).type].artillery;
export const isCavalry = (b: PwBoard, u: PwUnitState): boolean => info(b, u.id).type === 'cavalry';
export const isMountedCavalry = (b: PwBoard, u: PwUnitState): boolean => isCavalry(b, u) && !u.dismounted;
export const isCommand = (b: PwBoard, u: PwUnitState): boolean => info(b, u.id).type === 'command';

/** Squares a normal move covers now (dismounted cavalry moves as infantry). */
export function movementOf(b: PwBoard, u: PwUnitState): number {
  const t = info(b, u.id).type;
  return t === 'cavalry' && u.dismounted ? DISMOUNTED.movement : UNIT_TYPES[t].movement;
}

/** Weapon range now (dismounted cavalry fires as infantry); 0 for none. */
export function rangeOf(b: PwBoard, u: PwUnitState): number {
  const t = info(b, u.id).type;
  return t === 'cavalry' && u.dismounted ? DISMOUNTED.range : UNIT_TYPES[t].range;
}

/** Close Combat Power before the situation's modifiers: as printed, one less while dismounted, never below 1. */
export function basePower(b: PwBoard, u: PwUnitState): number {
  return Math.max(1, info(b, u.id).ccp - (u.dismounted ? 1 : 0));
}

export const isNativeUnit = (b: PwBoard, u: PwUnitState): boolean => b.options.armies[roleOf(b, u.side)] === 'native';
export const isEuropeanCavalry = (b: PwBoard, u: PwUnitState): boolean => isMountedCavalry(b, u) && !isNativeUnit(b, u);

/** Infantry (either kind) and cavalry: what a Native double-length move and the follow-up into a destroyed enemy's square allow. */
export const isFootOrHorse = (b: PwBoard, u: PwUnitState): boolean => UNIT_TYPES[info(b, u.id).type].followUp;

/** The unit is in the ford it entered last turn (turn B): it may neither move nor fire. */
export const isFordingHeld = (s: PwGame, u: PwUnitState): boolean => u.fordTurn !== undefined && u.fordTurn === s.turn - 1;

// ---- who stands where -----------------------------------------------------------------------

/**
 * Unit index (into s.units) per square, -1 where empty; cached per state object. Everything that
 * moves or removes a unit on a draft goes through `place` or `destroy`, which drop the cache.
 */
const occCache = new WeakMap<object, Int16Array>();

export function occupancy(s: PwGame, b: PwBoard, fresh = false): Int16Array {
  if (!fresh) {
    const hit = occCache.get(s);
    if (hit) return hit;
  }
  const occ = new Int16Array(b.n).fill(-1);
  s.units.forEach((u, k) => {
    if (!onMap(u)) return;
    const i = cellIx(b, u);
    if (i >= 0) occ[i] = k;
  });
  if (!fresh) occCache.set(s, occ);
  return occ;
}

export const invalidate = (s: PwGame): void => void occCache.delete(s);

export function unitAt(s: PwGame, b: PwBoard, i: number): PwUnitState | undefined {
  if (i < 0) return undefined;
  const k = occupancy(s, b)[i]!;
  return k >= 0 ? s.units[k] : undefined;
}

/** The square a unit faces (its front), -1 off the map or off the board. */
export function frontOf(b: PwBoard, u: PwUnitState): number {
  const i = cellIx(b, u);
  return i < 0 ? -1 : b.nb[i * 4 + DIR_INDEX[u.facing]]!;
}

/** Whether unit a faces unit z (z stands in the square in front of a). */
export const faces = (b: PwBoard, a: PwUnitState, z: PwUnitState): boolean => onMap(a) && onMap(z) && frontOf(b, a) === cellIx(b, z);

/** Enemy units orthogonally adjacent to square i, for a unit of `role`, in N, E, S, W order. */
export function adjacentEnemies(s: PwGame, b: PwBoard, i: number, role: Role): PwUnitState[] {
  const out: PwUnitState[] = [];
  for (let d = 0; d < 4; d++) {
    const e = unitAt(s, b, b.nb[i * 4 + d]!);
    if (e && roleOf(b, e.side) !== role) out.push(e);
  }
  return out;
}

/** Whether an enemy in an orthogonally adjacent square faces this unit (they are in contact). */
export function inContact(s: PwGame, b: PwBoard, u: PwUnitState): boolean {
  const i = cellIx(b, u);
  return i >= 0 && adjacentEnemies(s, b, i, roleOf(b, u.side)).some((e) => faces(b, e, u));
}

/** Puts a unit in square i; the last side in a square holds it (objectives). */
export function place(ctx: Ctx, u: PwUnitState, i: number): void {
  invalidate(ctx.s);
  const from = cellIx(ctx.b, u);
  u.cell = ctx.b.ids[i]!;
  if (ctx.b.ford[i] && from !== i) u.fordTurn = ctx.s.turn;
  else if (!ctx.b.ford[i]) delete u.fordTurn;
  if (from >= 0 && ctx.b.contour[from] !== ctx.b.contour[i]) u.climbed = true;
  const code = ctx.b.sides[roleOf(ctx.b, u.side)].code;
  if (ctx.s.control.charAt(i) !== code) ctx.s.control = ctx.s.control.slice(0, i) + code + ctx.s.control.slice(i + 1);
}

/** Removes a destroyed unit from the battlefield. */
export function destroy(ctx: Ctx, u: PwUnitState): void {
  invalidate(ctx.s);
  u.alive = false;
  u.cell = null;
  u.pinned = false;
  delete u.fordTurn;
}

/** Units of a role still on the battlefield. */
export const aliveOf = (s: PwGame, b: PwBoard, r: Role): PwUnitState[] => s.units.filter((u) => onMap(u) && roleOf(b, u.side) === r);

/** Units of `r` destroyed so far. */
export const lossesOf = (s: PwGame, b: PwBoard, r: Role): number => b.startCount[r] - aliveOf(s, b, r).length;

export const plural = (n: number, one: string, many = one + 's'): string => `${n} ${n === 1 ? one : many}`;
