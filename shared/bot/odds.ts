// Exact odds of one attack as the rules resolve it: the distribution of attacker hits (one
// d6 per strength point, each unit with its own needed score), terrain absorption, the loss
// order and defensive fire. The to-hit numbers and absorption come from the rules engine
// itself, so the bot's estimate follows any rule change.
import type { GameState, UnitState } from '../rules/types.js';
import { absorption, canDefend, toHit, type RulesBoard as Board } from './rules-access.js';

/** P(total hits = k) for groups of dice each hitting with probability p. */
export function hitDistribution(groups: readonly { dice: number; p: number }[]): Float64Array {
  let total = 0;
  for (const g of groups) total += Math.max(0, g.dice);
  let dist = new Float64Array(total + 1);
  dist[0] = 1;
  let top = 0;
  for (const g of groups) {
    for (let d = 0; d < g.dice; d++) {
      const next = new Float64Array(total + 1);
      for (let k = 0; k <= top; k++) {
        const v = dist[k]!;
        if (v === 0) continue;
        next[k]! += v * (1 - g.p);
        next[k + 1]! += v * g.p;
      }
      top++;
      dist = next;
    }
  }
  return dist;
}

export const hitChance = (need: number): number => Math.max(0, Math.min(6, 7 - need)) / 6;

/**
 * Strength lost and starting strength destroyed after each number of hits, following the
 * loss order (fewest hits so far, then largest, tanks first). Index L = hits taken.
 */
export function lossTable(b: Board, units: readonly UnitState[]): { lost: number[]; destroyedMax: number[] } {
  const sim = units.map((u) => ({ id: u.id, s: u.strength, hits: 0, tank: b.units.get(u.id)?.branch === 'tank', max: b.units.get(u.id)?.max ?? u.strength }));
  const total = sim.reduce((t, u) => t + u.s, 0);
  const lost = [0];
  const destroyedMax = [0];
  let killed = 0;
  for (let L = 1; L <= total; L++) {
    let pick: (typeof sim)[number] | null = null;
    for (const u of sim) {
      if (u.s <= 0) continue;
      if (
        !pick ||
        u.hits < pick.hits ||
        (u.hits === pick.hits && (u.s > pick.s || (u.s === pick.s && u.tank && !pick.tank)))
      ) {
        pick = u;
      }
    }
    if (!pick) break;
    pick.s -= 1;
    pick.hits += 1;
    if (pick.s === 0) killed += pick.max;
    lost.push(L);
    destroyedMax.push(killed);
  }
  return { lost, destroyedMax };
}

export interface AttackOdds {
  /** Expected defender strength lost (after absorption). */
  defLoss: number;
  /** Expected starting strength of defenders destroyed (end-of-game VP for the attacker). */
  defKilled: number;
  /** Probability that no defender survives. */
  pClear: number;
  /** Probability that losses reach at least half the defenders' strength (a retreat is likely). */
  pHalf: number;
  attLoss: number;
  attKilled: number;
  /** Expected attacker hits before absorption. */
  hits: number;
}

/**
 * Odds of an attack in cell `cell` by `attackers` (their `river` flag says whether each
 * crossed a river to get there) against every enemy unit in the cell.
 */
export function attackOdds(
  s: GameState,
  b: Board,
  cell: number,
  attackers: readonly UnitState[],
  defenders: readonly UnitState[],
  prepared: boolean,
): AttackOdds {
  const none: AttackOdds = { defLoss: 0, defKilled: 0, pClear: 0, pHalf: 0, attLoss: 0, attKilled: 0, hits: 0 };
  if (attackers.length === 0 || defenders.length === 0) return none;
  const th = toHit(s, b, cell, attackers as UnitState[], defenders as UnitState[]);
  const groups = attackers.map((a) => ({ dice: a.strength, p: hitChance(th.need.get(a.id) ?? 6) }));
  const dist = hitDistribution(groups);
  const { capacity, cap } = absorption(s, b, cell, defenders as UnitState[]);
  const absorb = Math.min(capacity, cap);
  const def = lossTable(b, defenders);
  const total = def.lost.length - 1;
  let defLoss = 0;
  let defKilled = 0;
  let pClear = 0;
  let pHalf = 0;
  let hits = 0;
  for (let h = 0; h < dist.length; h++) {
    const p = dist[h]!;
    if (p === 0) continue;
    hits += p * h;
    const L = Math.min(total, Math.max(0, h - absorb));
    defLoss += p * def.lost[L]!;
    defKilled += p * def.destroyedMax[L]!;
    if (L >= total) pClear += p;
    if (2 * L >= total) pHalf += p;
  }
  let attLoss = 0;
  let attKilled = 0;
  if (!prepared && b.options.defensiveFire) {
    const fire = defenders.filter(canDefend).reduce((t, d) => t + d.strength, 0);
    if (fire > 0) {
      const fd = hitDistribution([{ dice: fire, p: hitChance(b.options.defensiveFireHitOn) }]);
      const att = lossTable(b, attackers);
      const atotal = att.lost.length - 1;
      for (let h = 0; h < fd.length; h++) {
        const p = fd[h]!;
        const L = Math.min(atotal, h);
        attLoss += p * att.lost[L]!;
        attKilled += p * att.destroyedMax[L]!;
      }
    }
  }
  return { defLoss, defKilled, pClear, pHalf, attLoss, attKilled, hits };
}
