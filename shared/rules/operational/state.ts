// The working context of one `apply`: a cloned draft of the state that the rule modules
// change in place, the compiled board, and the events written so far. Plus small queries
// every module asks (who is where, who controls a cell).
import type { GameEvent, GameState, UnitState, EventKind, DiceRoll } from '../types.js';
import type { RulesBoard, UnitInfo } from './board.js';
import { rollD6 } from './dice.js';

export interface Ctx {
  s: GameState;
  b: RulesBoard;
  ev: GameEvent[];
}

/** A copy deep enough that changing the draft never touches the original. */
export function cloneState(s: GameState): GameState {
  return {
    ...s,
    preparedLeft: { ...s.preparedLeft },
    turnsTaken: { ...s.turnsTaken },
    vp: { ...s.vp },
    units: s.units.map((u) => ({ ...u })),
    pools: s.pools.map((p) => ({ ...p })),
    riverCrossings: [...s.riverCrossings],
    combat: s.combat
      ? {
          ...s.combat,
          attackers: [...s.combat.attackers],
          defenders: [...s.combat.defenders],
          hits: { ...s.combat.hits },
          lossOrder: [...s.combat.lossOrder],
          retreat: s.combat.retreat ? [...s.combat.retreat] : null,
          enteredFrom: [...s.combat.enteredFrom],
          tanks: [...s.combat.tanks],
          crossed: [...s.combat.crossed],
        }
      : null,
    fuel: s.fuel ? { ...s.fuel, picked: [...s.fuel.picked] } : null,
    dice: s.dice.kind === 'sfc32' ? { kind: 'sfc32', s: [...s.dice.s] } : { ...s.dice },
    gameOver: s.gameOver ? { ...s.gameOver } : null,
  };
}

export function emit(ctx: Ctx, kind: EventKind, text: string, extra: Partial<GameEvent> = {}): void {
  ctx.ev.push({ kind, text, turn: ctx.s.turn, ...extra });
}

export function roll(ctx: Ctx, count: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(rollD6(ctx.s.dice));
  ctx.s.rolls += count;
  return out;
}

export function rollOne(ctx: Ctx, purpose: string, need?: number): { die: number; roll: DiceRoll } {
  const [die] = roll(ctx, 1) as [number];
  return { die, roll: need === undefined ? { purpose, dice: [die] } : { purpose, dice: [die], need } };
}

export const sideNo = (b: RulesBoard, id: string): 0 | 1 => b.sideIndex.get(id) ?? 0;
export const sideId = (b: RulesBoard, k: 0 | 1): string => b.sides[k].id;
export const otherSide = (b: RulesBoard, id: string): string => b.sides[sideNo(b, id) === 0 ? 1 : 0].id;
export const sideName = (b: RulesBoard, id: string): string => b.sides[sideNo(b, id)].name;

export function info(b: RulesBoard, u: UnitState | string): UnitInfo {
  const id = typeof u === 'string' ? u : u.id;
  const i = b.units.get(id);
  if (!i) throw new Error(`Unit ${id} is not in the scenario.`);
  return i;
}

export const unitName = (b: RulesBoard, u: UnitState | string): string => info(b, u).name;
export const onMap = (u: UnitState): boolean => u.cell !== null && u.strength > 0;

export function findUnit(s: GameState, id: string): UnitState | undefined {
  return s.units.find((u) => u.id === id);
}

export const cellIx = (b: RulesBoard, id: string | null | undefined): number => (id == null ? -1 : (b.index.get(id) ?? -1));
export const label = (b: RulesBoard, i: number): string => b.labels[i] ?? '?';
export const labelOf = (b: RulesBoard, id: string): string => label(b, cellIx(b, id));

export function controlOf(s: GameState, b: RulesBoard, i: number): 0 | 1 {
  return s.control.charAt(i) === b.sides[1].code ? 1 : 0;
}

/** Hands a cell to `side`, with an event when it changes hands. */
export function setControl(ctx: Ctx, i: number, side: 0 | 1): void {
  const { s, b } = ctx;
  if (controlOf(s, b, i) === side) return;
  s.control = s.control.slice(0, i) + b.sides[side].code + s.control.slice(i + 1);
  emit(ctx, 'control', `${b.sides[side].name} take control of ${label(b, i)}.`, { side: b.sides[side].id, cell: b.ids[i] });
}

/** Units of each side per cell: counts[2*cell + side]. */
export function occupancy(s: GameState, b: RulesBoard): Uint8Array {
  const counts = new Uint8Array(b.n * 2);
  for (const u of s.units) {
    if (!onMap(u)) continue;
    const i = b.index.get(u.cell!);
    if (i !== undefined) counts[2 * i + sideNo(b, u.side)]! += 1;
  }
  return counts;
}

export function unitsAt(s: GameState, cell: string, side?: string): UnitState[] {
  return s.units.filter((u) => u.cell === cell && u.strength > 0 && (side === undefined || u.side === side));
}

/**
 * A unit taking hits; at 0 it is destroyed and leaves the map. Returns the cell a destroyed
 * unit left (else -1): once the loss is told, the caller hands that cell on with `leftCell`.
 */
export function loseStrength(ctx: Ctx, u: UnitState, points: number, by: string): number {
  u.strength = Math.max(0, u.strength - points);
  if (u.strength > 0) return -1;
  const from = cellIx(ctx.b, u.cell);
  u.cell = null;
  u.lost = by;
  u.act = 'expended';
  return from;
}

/**
 * Puts a unit in a cell and, when no enemy is there, gives its side the cell. The cell it
 * came from, if it was the last of its side there among the enemy, goes to the enemy at once.
 */
export function occupy(ctx: Ctx, u: UnitState, i: number): void {
  const { s, b } = ctx;
  const from = u.cell === null ? -1 : cellIx(b, u.cell);
  u.cell = b.ids[i]!;
  const mine = sideNo(b, u.side);
  const enemyThere = s.units.some((v) => v.cell === u.cell && v.strength > 0 && v.side !== u.side);
  if (!enemyThere) setControl(ctx, i, mine);
  if (from >= 0 && from !== i) leftCell(ctx, from, mine);
}

/**
 * A unit of `side` has just left cell `i` (moved, retreated, broke through, dropped or was
 * destroyed). When it was the last of its side there and enemy units stand in the cell, the
 * enemy takes the cell at once (RULES-NOTES: "Control changes at once"; seed 000: the enemy
 * "destroyed or have retreated, vacating the hex"). A cell it leaves empty keeps its control.
 */
export function leftCell(ctx: Ctx, i: number, side: 0 | 1): void {
  const { s, b } = ctx;
  const cell = b.ids[i];
  let stay = false;
  let enemy = false;
  for (const v of s.units) {
    if (v.cell !== cell || v.strength <= 0) continue;
    if (sideNo(b, v.side) === side) stay = true;
    else enemy = true;
  }
  if (enemy && !stay) setControl(ctx, i, side === 0 ? 1 : 0);
}

export const plural = (n: number, one: string, many = one + 's'): string => `${n} ${n === 1 ? one : many}`;
