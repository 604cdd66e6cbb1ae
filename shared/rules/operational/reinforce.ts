// Step 1 of a side's first player turn in a game turn: new units arrive, replacement points
// become available, and (where the side may) destroyed units are rebuilt.
import type { Action, GameState, UnitState } from '../types.js';
import type { RulesBoard } from './board.js';
import { controlOf, emit, info, label, occupancy, occupy, sideNo, unitName, type Ctx } from './state.js';

/** New units due now are placed; those with nowhere to go wait a turn. */
export function arrivals(ctx: Ctx, side: string): void {
  const { s, b } = ctx;
  const k = sideNo(b, side);
  const limit = b.options.stackingLimit;
  for (const u of s.units) {
    if (u.side !== side || u.cell !== null || u.strength <= 0 || u.arrival === undefined || u.arrival > s.turn) continue;
    const occ = occupancy(s, b);
    const entry = info(b, u).entry;
    const free = (i: number): boolean => occ[2 * i + (1 - k)] === 0 && occ[2 * i + k]! < limit;
    let at = entry >= 0 && free(entry) ? entry : -1;
    if (at < 0) {
      let best = Infinity;
      const from = b.grid.cellAt(Math.max(entry, 0));
      for (let i = 0; i < b.n; i++) {
        if (b.supplyBase[i] !== k || !free(i)) continue;
        const d = b.grid.distance(from, b.grid.cellAt(i));
        if (d < best) {
          best = d;
          at = i;
        }
      }
    }
    if (at < 0) {
      u.arrival = s.turn + 1;
      emit(ctx, 'reinforcement', `${unitName(b, u)} cannot arrive: its entry cell and every friendly supply base are blocked; it waits a turn.`, {
        side,
        units: [u.id],
      });
      continue;
    }
    delete u.arrival;
    u.strength = info(b, u).max;
    u.supply = 'in-supply';
    u.act = 'ready';
    u.activated = false;
    const why = at === entry ? '' : ` (entry cell ${entry >= 0 ? label(b, entry) : '?'} is blocked)`;
    emit(ctx, 'reinforcement', `${unitName(b, u)} arrives at ${label(b, at)}${why}.`, { side, cell: b.ids[at], units: [u.id] });
    occupy(ctx, u, at);
  }
}

/** Replacement points of this game turn become usable by the side. */
export function grantPools(ctx: Ctx, side: string): void {
  const { s, b } = ctx;
  for (const r of b.scenario.replacements ?? []) {
    if (r.side !== side || r.turn !== s.turn) continue;
    s.pools.push(r.branches ? { side, points: r.points, branches: [...r.branches] } : { side, points: r.points });
    emit(ctx, 'replacement', `${b.sides[sideNo(b, side)].name} receive ${r.points} replacement points${r.branches ? ` for ${r.branches.join('/')} units` : ''}.`, {
      side,
    });
  }
}

const branchOk = (b: RulesBoard, u: UnitState, branches: string[] | undefined): boolean =>
  branches === undefined || branches.includes(info(b, u).branch);

export const rebuildCost = (strength: number): number => (strength <= 2 ? 1 : strength - 1);

export function replaceProblem(s: GameState, b: RulesBoard, side: string, unitId: string, pool: number, points: number): string | null {
  const p = s.pools[pool];
  if (!p || p.side !== side || p.points <= 0) return 'No such replacement pool with points left.';
  const u = s.units.find((x) => x.id === unitId);
  if (!u || u.side !== side || u.cell === null || u.strength <= 0) return 'Replacements go to a friendly unit on the map.';
  if (u.supply !== 'in-supply') return `${unitName(b, u)} is not in supply and cannot take replacements.`;
  if (!branchOk(b, u, p.branches)) return `These points are only for ${p.branches!.join('/')} units.`;
  if (!Number.isInteger(points) || points < 1 || points > p.points) return `Choose 1 to ${p.points} points.`;
  if (u.strength + points > info(b, u).max) return `${unitName(b, u)} may not grow past its starting strength ${info(b, u).max}.`;
  return null;
}

export function rebuildProblem(
  s: GameState,
  b: RulesBoard,
  side: string,
  unitId: string,
  pool: number,
  cell: string,
  strength: number,
): string | null {
  const k = sideNo(b, side);
  if (!b.sides[k].flags.rebuilds) return `${b.sides[k].name} may not rebuild units in this scenario.`;
  const p = s.pools[pool];
  if (!p || p.side !== side || p.points <= 0) return 'No such replacement pool with points left.';
  const u = s.units.find((x) => x.id === unitId);
  if (!u || u.side !== side || u.strength > 0 || u.lost === undefined) return 'Only a destroyed friendly unit can be rebuilt.';
  if (!branchOk(b, u, p.branches)) return `These points are only for ${p.branches!.join('/')} units.`;
  const max = info(b, u).max;
  if (!Number.isInteger(strength) || strength < 1 || strength > max) return `Rebuild at a strength from 1 to ${max}.`;
  if (rebuildCost(strength) > p.points) return `Strength ${strength} costs ${rebuildCost(strength)} points; the pool has ${p.points}.`;
  const i = b.index.get(cell);
  if (i === undefined || b.supplyBase[i] !== k) return 'A rebuilt unit appears on a friendly supply base.';
  const occ = occupancy(s, b);
  if (controlOf(s, b, i) !== k || occ[2 * i + (1 - k)]! > 0) return `${label(b, i)} is not friendly-controlled and uncontested.`;
  if (occ[2 * i + k]! >= b.options.stackingLimit) return `${label(b, i)} already holds ${b.options.stackingLimit} friendly units.`;
  return null;
}

export function doReplace(ctx: Ctx, unitId: string, pool: number, points: number): void {
  const { s, b } = ctx;
  const u = s.units.find((x) => x.id === unitId)!;
  s.pools[pool]!.points -= points;
  u.strength += points;
  emit(ctx, 'replacement', `${unitName(b, u)} takes ${points} replacement point${points === 1 ? '' : 's'} (now ${u.strength}).`, {
    side: u.side,
    cell: u.cell ?? undefined,
    units: [u.id],
  });
}

export function doRebuild(ctx: Ctx, unitId: string, pool: number, cell: string, strength: number): void {
  const { s, b } = ctx;
  const u = s.units.find((x) => x.id === unitId)!;
  const cost = rebuildCost(strength);
  s.pools[pool]!.points -= cost;
  u.strength = strength;
  u.supply = 'in-supply';
  u.act = 'ready';
  u.activated = false;
  delete u.lost;
  emit(ctx, 'rebuild', `${unitName(b, u)} is rebuilt at ${label(b, b.index.get(cell)!)} with strength ${strength} for ${cost} point${cost === 1 ? '' : 's'}.`, {
    side: u.side,
    cell,
    units: [u.id],
  });
  occupy(ctx, u, b.index.get(cell)!);
}

/** Every replacement and rebuild the side may make now. */
export function reinforcementActions(s: GameState, b: RulesBoard, side: string): Action[] {
  const out: Action[] = [];
  s.pools.forEach((p, pool) => {
    if (p.side !== side || p.points <= 0) return;
    for (const u of s.units) {
      if (u.side !== side) continue;
      if (u.cell !== null && u.strength > 0) {
        for (let pts = 1; pts <= p.points; pts++) {
          if (replaceProblem(s, b, side, u.id, pool, pts) === null) out.push({ type: 'replace', side, unit: u.id, pool, points: pts });
        }
      } else if (u.lost !== undefined && b.sides[sideNo(b, side)].flags.rebuilds) {
        for (let i = 0; i < b.n; i++) {
          if (b.supplyBase[i] !== sideNo(b, side)) continue;
          for (let st = 1; st <= info(b, u).max; st++) {
            if (rebuildProblem(s, b, side, u.id, pool, b.ids[i]!, st) === null) {
              out.push({ type: 'rebuild', side, unit: u.id, pool, cell: b.ids[i]!, strength: st });
            }
          }
        }
      }
    }
  });
  return out;
}
