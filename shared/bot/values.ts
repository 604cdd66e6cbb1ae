// How the bot prices things, in margin VP: cells taken or lost, strength lost, supply cut,
// the danger of standing in a cell, and the value of an attack from its exact odds.
import type { UnitState } from '../rules/types.js';
import { attackOdds, type AttackOdds } from './odds.js';
import { isDifficult, isUrban } from './rules-access.js';
import { maxOf, sideOf, supplyCut, traces, supplyIf, type Situation } from './situation.js';

/** Weights: one strength point lost is worth 1; everything else is relative to that. */
export const W = {
  /** Share of a destroyed unit's starting strength (end-of-game VP) on top of the points lost. */
  killed: 0.8,
  /** Per strength point of enemy units a captured cell would cut off from supply. */
  cut: 0.5,
  /** Per strength point of my units left without a supply line. */
  unsupplied: 0.7,
  /** Per strength point of my units whose only supply line the enemy can cut in one move. */
  fragile: 0.3,
  /** Enemy-controlled supply base taken. */
  base: 4,
  /** Any enemy-controlled cell taken (it narrows the enemy's supply net). */
  ground: 0.3,
  /** Multiplier of the objective pull difference of a move. */
  pull: 0.6,
  /** A unit stuck among the enemy after an attack that did not clear the cell. */
  stuck: 0.3,
  /** An airborne drop can be made once: keep it for a real gain. */
  drop: 3,
  /** Below this an activation is not worth it and the bot passes. */
  passBelow: 0.25,
} as const;

/** Per-decision memo of supply-cut look-ups (each is a breadth-first search). */
export class Prices {
  private cuts = new Map<number, number>();
  constructor(readonly sit: Situation) {}

  /** Enemy strength cut off if I take cell i. */
  enemyCut(i: number): number {
    const key = i * 2;
    let v = this.cuts.get(key);
    if (v === undefined) {
      v = supplyCut(this.sit, this.sit.foe, i, this.sit.me);
      this.cuts.set(key, v);
    }
    return v;
  }

  /** My strength cut off if the enemy takes cell i. */
  myCut(i: number): number {
    const key = i * 2 + 1;
    let v = this.cuts.get(key);
    if (v === undefined) {
      v = supplyCut(this.sit, this.sit.me, i, this.sit.foe);
      this.cuts.set(key, v);
    }
    return v;
  }

  /** Gain of my taking enemy-controlled cell i. */
  capture(i: number): number {
    const { sit } = this;
    if (sit.ctrl[i] !== sit.foe) return 0;
    let v = 2 * sit.worth[i]! + W.ground + W.cut * this.enemyCut(i);
    if (sit.b.supplyBase[i] === sit.foe) v += W.base;
    return v;
  }

  /** Loss of the enemy taking my cell i. */
  lose(i: number): number {
    const { sit } = this;
    if (sit.ctrl[i] !== sit.me) return 0;
    let v = 2 * sit.worth[i]! + W.ground + W.cut * this.myCut(i);
    if (sit.b.supplyBase[i] === sit.me) v += W.base;
    return v;
  }

  /** Hits terrain would absorb for my stack of `strength` in cell i (once I hold it). */
  absorb(i: number, strength: number): number {
    const { sit } = this;
    const cat = sit.b.category[i]!;
    let capacity = isUrban(cat) ? 2 : 0;
    const snowLoses = sit.s.ground === 'snow' && sit.b.sides[sit.me].flags.losesDifficultInSnow;
    if (isDifficult(cat) && sit.s.ground !== 'frozen' && !snowLoses) capacity += 2;
    const cap = strength <= 2 ? 1 : strength === 3 ? 2 : 4;
    return Math.min(capacity, cap);
  }

  /** Expected strength my stack of `strength` (with or without an in-supply tank) loses if attacked in i. */
  exposure(i: number, strength: number, tank: boolean): number {
    const { sit } = this;
    if (strength <= 0) return 0;
    let hits = sit.threat[i]!;
    if (tank) hits *= 0.6;
    if (sit.b.fortification[i] === 1) hits *= 0.75;
    const loss = Math.max(0, hits - this.absorb(i, strength));
    // A stack likely to be wiped out also loses its cell and gives away its units' VP.
    return Math.min(strength, loss) + (loss >= strength ? 0.5 * strength : 0);
  }

  /** Whether my unit u would trace supply from cell i once there (taking i if it was the enemy's). */
  suppliedAt(u: UnitState, i: number): boolean {
    const { sit } = this;
    if (sit.ctrl[i] === sit.me) return traces(sit, u, i, sit.supply[sit.me]);
    return traces(sit, u, i, this.mineIfTaken(i));
  }

  /** Whether my unit in cell i (held by me after moving there) keeps a line the enemy cannot cut in one move. */
  safelySuppliedAt(u: UnitState, i: number): boolean {
    return traces(this.sit, u, i, this.sit.robustSupply);
  }

  private taken = new Map<number, Int32Array>();
  private mineIfTaken(i: number): Int32Array {
    let d = this.taken.get(i);
    if (!d) {
      d = supplyIf(this.sit, this.sit.me, i, this.sit.me);
      this.taken.set(i, d);
    }
    return d;
  }

  /** Value of an attack in cell i by `attackers` (river flags set) against the enemy there. */
  attack(i: number, attackers: UnitState[], defenders: UnitState[]): { value: number; odds: AttackOdds } {
    const { sit } = this;
    const prepared = sit.s.phase === 'preparedOffensives';
    const odds = attackOdds(sit.s, sit.b, i, attackers, defenders, prepared);
    const pTake = odds.pClear + 0.4 * Math.max(0, odds.pHalf - odds.pClear);
    let gain = sit.ctrl[i] === sit.foe ? this.capture(i) : 0.5 * sit.worth[i]!;
    // Clearing a cell I control removes the enemy foothold; my own units then hold it.
    if (sit.ctrl[i] === sit.me) gain += 0.5;
    const value =
      odds.defLoss +
      W.killed * odds.defKilled -
      odds.attLoss -
      W.killed * odds.attKilled +
      pTake * gain -
      (1 - pTake) * W.stuck * attackers.length;
    return { value, odds };
  }
}

export const sumMax = (sit: Situation, units: readonly UnitState[]): number => units.reduce((t, u) => t + maxOf(sit.b, u), 0);
export const mine = (sit: Situation, u: UnitState): boolean => sideOf(sit.b, u) === sit.me;
