// Movement (seed 002, "Movement", "Zone of Control", "Mud"): which units may move in this phase
// and where each can end its move. A unit moves hex to hex up to its movement allowance, a forest
// hex costing two; it may not enter a hex holding an enemy unit; entering an enemy zone of control
// ends its move; it may pass through friendly units but ends in an empty hex. In the Soviet rail
// phase units that start on a railroad move along it only, a forest counting one. In mud every
// move but rail movement is one hex.
import type { BfmUnitState } from '../../format/ruleset-bfm.types.js';
import { SOVIET, type BfmBoard, type Role } from './board.js';
import { cellIx, derive, info, onMap, roleOf, type BfmGame } from './state.js';

export type MoveMode = 'move' | 'panzer' | 'rail';

/** Whether the current turn is a mud turn. */
export const isMud = (s: BfmGame, b: BfmBoard): boolean => b.turns[s.turn - 1]?.mud ?? false;

/** How units move in the current phase, or null when it is not a movement phase. */
export function phaseMode(s: BfmGame): MoveMode | null {
  if (s.phase === 'movement') return 'move';
  if (s.phase === 'panzerMovement') return 'panzer';
  if (s.phase === 'railMovement') return 'rail';
  return null;
}

/** Whether this unit may move at all in the current phase (its side's phase, not moved yet, a panzer in the panzer phase, on a railroad in the rail phase). */
export function mayMove(s: BfmGame, b: BfmBoard, u: BfmUnitState): boolean {
  const mode = phaseMode(s);
  if (mode === null || s.gameOver || s.combat) return false;
  if (!onMap(u) || u.moved || u.side !== s.player) return false;
  if (mode === 'panzer' && !info(b, u.id).panzer) return false;
  if (mode === 'rail' && (roleOf(b, u.side) !== SOVIET || !b.onRail[cellIx(b, u)])) return false;
  return true;
}

// Scratch buffers reused between calls (the engine is single-threaded in each worker).
let bestBuf = new Int8Array(0);
let bucketBuf = new Int16Array(0);
const MAX_ALLOWANCE = 20;

/**
 * Hexes a unit's move may reach, passing or ending (friendly units do not block a path), keyed by
 * what decides them: mode, mud, the unit's hex and allowance, and where every enemy unit stands.
 * Only the phasing side moves in a movement phase, so within one phase these never change; each
 * legal-move list only filters them by who stands where now.
 */
const reachCache = new WeakMap<BfmBoard, Map<string, readonly number[]>>();

/**
 * Hexes the unit may end its move in (ascending by hex index). `occ` is the occupancy (unit
 * index per hex), `enemyZoc` the zone of control of the mover's enemies.
 */
export function reachable(s: BfmGame, b: BfmBoard, u: BfmUnitState, occ: Int16Array, enemyZoc: Uint8Array): number[] {
  if (!mayMove(s, b, u)) return [];
  const mode = phaseMode(s)!;
  const start = cellIx(b, u);
  const role: Role = roleOf(b, u.side);
  const d = derive(s, b);
  const mud = mode !== 'rail' && isMud(s, b);
  const key = `${mode}|${mud ? 1 : 0}|${start}|${info(b, u.id).movement}|${d.sig[role === 0 ? 1 : 0]}`;
  let cache = reachCache.get(b);
  if (!cache || cache.size > 50_000) reachCache.set(b, (cache = new Map()));
  let reached = cache.get(key);
  if (!reached) {
    reached = search(b, start, mode, mud, info(b, u.id).movement, role, d.role, occ, enemyZoc);
    cache.set(key, reached);
  }
  const out: number[] = [];
  for (const j of reached) if (occ[j] === -1) out.push(j);
  return out;
}

/** The search behind `reachable`: every hex the move may pass or end in (start excluded), ascending. */
function search(b: BfmBoard, start: number, mode: MoveMode, mud: boolean, movement: number, role: Role, roles: Uint8Array, occ: Int16Array, enemyZoc: Uint8Array): number[] {
  const out: number[] = [];
  if (mud) {
    for (let d = 0; d < 6; d++) {
      const j = b.nb[start * 6 + d]!;
      const k = j < 0 ? -1 : occ[j]!;
      if (j >= 0 && !b.impassable[j] && !b.wall[start * 6 + d] && (k < 0 || roles[k] === role)) out.push(j);
    }
    return out.sort((x, y) => x - y);
  }
  const allowance = Math.min(MAX_ALLOWANCE, movement);
  const n = b.n;
  if (bestBuf.length < n) {
    bestBuf = new Int8Array(n).fill(-1);
    bucketBuf = new Int16Array((MAX_ALLOWANCE + 1) * n * 2);
  }
  const best = bestBuf;
  const buckets = bucketBuf;
  const lengths = new Int32Array(allowance + 1);
  // Hexes given a value, to report them and to reset `best` (all -1 between calls).
  const touched: number[] = [start];
  // Dial's buckets by movement points left, highest first: a hex is expanded once, with the most
  // points it can keep. A hex may sit in two buckets (reached, then reached better); the stale
  // entry is skipped.
  const stride = n * 2;
  best[start] = allowance;
  buckets[allowance * stride] = start;
  lengths[allowance] = 1;
  const rail = mode === 'rail';
  for (let left = allowance; left >= 0; left--) {
    for (let q = 0; q < lengths[left]!; q++) {
      const i = buckets[left * stride + q]!;
      if (best[i] !== left) continue;
      // Entering an enemy zone of control ends the move there (the start hex does not count).
      if (i !== start && enemyZoc[i]) continue;
      for (let d = 0; d < 6; d++) {
        const j = b.nb[i * 6 + d]!;
        if (j < 0 || b.impassable[j] || b.wall[i * 6 + d]) continue;
        const k = occ[j]!;
        if (k >= 0 && roles[k] !== role) continue;
        if (rail && !b.rail[i * 6 + d]) continue;
        const rest = left - (!rail && b.forest[j] ? 2 : 1);
        if (rest < 0 || rest <= best[j]!) continue;
        if (best[j] === -1) touched.push(j);
        best[j] = rest;
        buckets[rest * stride + lengths[rest]!] = j;
        lengths[rest]! += 1;
      }
    }
  }
  for (const j of touched) {
    if (j !== start) out.push(j);
    best[j] = -1;
  }
  return out.sort((x, y) => x - y);
}
