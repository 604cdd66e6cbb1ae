// Planning the move of one activated stack: where each unit goes, and whether the stack
// concentrates on one attack. A plan is scored as a whole (the attacks it leads to, each
// unit's change of position, and what leaving the cell gives away), so the same code decides
// which cell to activate and, move by move, carries the plan out.
import type { UnitState } from '../rules/types.js';
import { destinations } from './rules-access.js';
import { branchOf, sideOf, type Situation } from './situation.js';
import { Prices, W } from './values.js';

export interface MoveOption {
  to: number;
  /** Cell ids after the start; null = stay. */
  path: string[] | null;
  drop: boolean;
  /** The step into `to` crosses a river while rivers count (defender +1 if all attackers did). */
  river: boolean;
}

export interface Plan {
  value: number;
  /** Moves in the order to make them (attackers first), units that stay left out. */
  moves: { unit: UnitState; option: MoveOption }[];
  /** Ids of the units in the group (moves may be fewer when some stay). */
  group: string[];
}

const STAY = (from: number): MoveOption => ({ to: from, path: null, drop: false, river: false });

/** Occupancy in the layout the engine's destinations() reads: counts[2*cell + side]. */
export function countsOf(sit: Situation): Uint8Array {
  const c = new Uint8Array(sit.b.n * 2);
  for (let i = 0; i < sit.b.n; i++) {
    c[2 * i] = sit.cnt[0][i]!;
    c[2 * i + 1] = sit.cnt[1][i]!;
  }
  return c;
}

/** Where unit u could go if it were active now (the engine's own list). */
export function optionsOf(sit: Situation, u: UnitState, counts: Uint8Array): MoveOption[] {
  const { b, s } = sit;
  const active: UnitState = u.act === 'active' ? u : { ...u, act: 'active' };
  if (active.moved) return [];
  const from = b.index.get(u.cell!)!;
  const riversCount = s.ground === 'easy' || s.ground === 'mud';
  return destinations(s, b, active, counts).map((d) => {
    const to = b.index.get(d.cell)!;
    const prev = d.path.length > 1 ? b.index.get(d.path[d.path.length - 2]!)! : from;
    const link = b.links[prev]!.find((l) => l.to === to);
    return { to, path: d.path, drop: d.mode === 'drop', river: d.mode === 'move' && riversCount && link?.river === true };
  });
}

const hasInSupplyTank = (sit: Situation, units: readonly UnitState[]): boolean =>
  units.some((u) => u.supply === 'in-supply' && branchOf(sit.b, u) === 'tank');

/** What stays the same while one group's assignments are compared. */
interface PlanCtx {
  from: number;
  group: UnitState[];
  groupIds: Set<string>;
  /** My units outside the group, per cell (filled on demand). */
  others: Map<number, UnitState[]>;
  /** Cells where my units that moved earlier this player turn already face the enemy. */
  committed: number[];
  strNow: number;
  exposureNow: number;
  attackMemo: Map<string, number>;
}

function planCtx(sit: Situation, p: Prices, from: number, group: UnitState[]): PlanCtx {
  const { b, s, me, foe } = sit;
  const groupIds = new Set(group.map((u) => u.id));
  const committed = new Set<number>();
  for (const u of s.units) {
    if (u.act !== 'active' || groupIds.has(u.id) || u.cell === null || u.strength <= 0 || sideOf(b, u) !== me) continue;
    const i = b.index.get(u.cell)!;
    if (sit.cnt[foe][i]! > 0) committed.add(i);
  }
  const stackNow = sit.at[from]!.filter((u) => sideOf(b, u) === me);
  const strNow = stackNow.reduce((t, u) => t + u.strength, 0);
  return {
    from,
    group,
    groupIds,
    others: new Map(),
    committed: [...committed],
    strNow,
    exposureNow: p.exposure(from, strNow, hasInSupplyTank(sit, stackNow)),
    attackMemo: new Map(),
  };
}

function othersAt(sit: Situation, ctx: PlanCtx, i: number): UnitState[] {
  let list = ctx.others.get(i);
  if (!list) {
    list = sit.at[i]!.filter((u) => sideOf(sit.b, u) === sit.me && !ctx.groupIds.has(u.id));
    ctx.others.set(i, list);
  }
  return list;
}

/**
 * Value of the group's assignment: attacks in every cell where my active units will face the
 * enemy, plus each moving unit's change of position, minus what leaving `from` exposes.
 */
function evaluate(sit: Situation, p: Prices, ctx: PlanCtx, assign: MoveOption[]): number {
  const { b, at, foe } = sit;
  const { from, group } = ctx;
  const arrivals = new Map<number, UnitState[]>();
  group.forEach((u, k) => {
    const o = assign[k]!;
    const river = o.path ? o.river : u.river;
    const moved: UnitState = u.act === 'active' && u.river === river ? u : { ...u, act: 'active', river };
    const list = arrivals.get(o.to);
    if (list) list.push(moved);
    else arrivals.set(o.to, [moved]);
  });
  const after = (i: number): UnitState[] => {
    const mineThere = othersAt(sit, ctx, i);
    const arr = arrivals.get(i);
    return arr ? (mineThere.length > 0 ? [...mineThere, ...arr] : arr) : mineThere;
  };
  let value = 0;
  const attackCells = new Set<number>(ctx.committed);
  for (const i of arrivals.keys()) if (sit.cnt[foe][i]! > 0) attackCells.add(i);
  for (const i of attackCells) {
    const attackers = after(i).filter((u) => u.act !== 'expended');
    let key = `${i}`;
    for (const u of attackers) key += `|${u.id}${u.river ? 'r' : ''}`;
    let v = ctx.attackMemo.get(key);
    if (v === undefined) {
      const defenders = at[i]!.filter((u) => sideOf(b, u) === foe);
      v = p.attack(i, attackers, defenders).value;
      ctx.attackMemo.set(key, v);
    }
    value += v;
  }
  // Position of units that do not fight.
  const { strNow, exposureNow } = ctx;
  group.forEach((u, k) => {
    const o = assign[k]!;
    if (attackCells.has(o.to) || o.to === from) return;
    const stack = after(o.to);
    const str = stack.reduce((t, x) => t + x.strength, 0);
    const there = p.exposure(o.to, str, hasInSupplyTank(sit, stack)) * (u.strength / Math.max(1, str));
    const here = exposureNow * (u.strength / Math.max(1, strNow));
    let g = W.pull * (sit.pull[o.to]! - sit.pull[from]!) * Math.min(1, u.strength / 4);
    g += p.capture(o.to);
    g -= there - here;
    const suppliedThere = p.suppliedAt(u, o.to);
    const suppliedHere = p.suppliedAt(u, from);
    if (!suppliedThere && suppliedHere) g -= W.unsupplied * u.strength;
    if (suppliedThere && !suppliedHere) g += W.unsupplied * u.strength;
    if (suppliedThere && !p.safelySuppliedAt(u, o.to) && p.safelySuppliedAt(u, from)) g -= W.fragile * u.strength;
    if (o.drop) g -= W.drop;
    value += g;
  });
  // Leaving the cell empty next to the enemy invites them in.
  const stay = after(from);
  if (stay.length === 0 && sit.threat[from]! > 0) value -= 0.5 * p.lose(from);
  else if (!attackCells.has(from) && stay.length > 0 && arrivals.get(from)?.length !== group.length) {
    const str = stay.reduce((t, x) => t + x.strength, 0);
    value -= p.exposure(from, str, hasInSupplyTank(sit, stay)) - exposureNow * (str / Math.max(1, strNow));
  }
  return value;
}

/** Best single non-attacking destination for each unit in turn, keeping the stacking limit. */
function spread(sit: Situation, p: Prices, ctx: PlanCtx, opts: MoveOption[][], fixed: (MoveOption | null)[]): MoveOption[] {
  const { b, foe, me } = sit;
  const { from, group } = ctx;
  const limit = b.options.stackingLimit;
  const room = new Map<number, number>();
  const roomAt = (i: number): number => room.get(i) ?? limit - sit.cnt[me][i]!;
  const assign: MoveOption[] = group.map((_, k) => fixed[k] ?? STAY(from));
  for (const [k, o] of assign.entries()) if (fixed[k] && o.to !== from) room.set(o.to, roomAt(o.to) - 1);
  const contestedHere = sit.cnt[foe][from]! > 0;
  group.forEach((u, k) => {
    if (fixed[k]) return;
    let best: MoveOption = STAY(from);
    let bestScore = -Infinity;
    const tryIt = (o: MoveOption): void => {
      const trial = [...assign];
      trial[k] = o;
      const v = evaluate(sit, p, ctx, trial);
      if (v > bestScore + 1e-9) {
        bestScore = v;
        best = o;
      }
    };
    // Staying in a contested cell means attacking; that is the attack plan's business.
    if (!contestedHere) tryIt(STAY(from));
    for (const o of opts[k]!) {
      if (sit.cnt[foe][o.to]! > 0 || roomAt(o.to) <= 0) continue;
      tryIt(o);
    }
    if (bestScore === -Infinity) tryIt(STAY(from));
    assign[k] = best;
    if (best.to !== from) room.set(best.to, roomAt(best.to) - 1);
  });
  return assign;
}

/** Best plan for the group of units standing in `from` that may still move. */
export function planGroup(sit: Situation, p: Prices, from: number, group: UnitState[], counts: Uint8Array): Plan {
  const { b, foe, me } = sit;
  const ordered = [...group].sort((x, y) => y.strength - x.strength || (x.id < y.id ? -1 : 1));
  const opts = ordered.map((u) => optionsOf(sit, u, counts));
  const none: (MoveOption | null)[] = ordered.map(() => null);
  const ctx = planCtx(sit, p, from, ordered);
  const candidates: MoveOption[][] = [];
  candidates.push(ordered.map(() => STAY(from)));
  candidates.push(spread(sit, p, ctx, opts, none));
  // Concentrate on one enemy-held neighbour (or on the enemy in this cell).
  const targets = new Set<number>();
  if (sit.cnt[foe][from]! > 0) targets.add(from);
  for (const list of opts) for (const o of list) if (sit.cnt[foe][o.to]! > 0 && !o.drop && o.path?.length === 1) targets.add(o.to);
  for (const t of [...targets].sort((x, y) => x - y)) {
    const fixed: (MoveOption | null)[] = ordered.map(() => null);
    let room = t === from ? Infinity : b.options.stackingLimit - sit.cnt[me][t]!;
    const riverUsed = new Set<string>();
    ordered.forEach((u, k) => {
      if (t === from) {
        fixed[k] = STAY(from);
        return;
      }
      if (room <= 0) return;
      const o = opts[k]!.find((x) => x.to === t && x.path?.length === 1);
      if (!o) return;
      // One unit per river side into an enemy-occupied cell.
      if (o.river) {
        if (riverUsed.has(`${from}>${t}`)) return;
        riverUsed.add(`${from}>${t}`);
      }
      fixed[k] = o;
      room--;
    });
    if (fixed.every((f) => f === null)) continue;
    candidates.push(spread(sit, p, ctx, opts, fixed));
  }
  let best: MoveOption[] = candidates[0]!;
  let bestValue = -Infinity;
  for (const c of candidates) {
    const v = evaluate(sit, p, ctx, c);
    if (v > bestValue + 1e-9) {
      bestValue = v;
      best = c;
    }
  }
  // Attackers move first so the stacking of later moves is checked against them.
  const moves = ordered
    .map((unit, k) => ({ unit, option: best[k]! }))
    .filter((m) => m.option.path !== null)
    .sort((x, y) => Number(sit.cnt[foe][y.option.to]! > 0) - Number(sit.cnt[foe][x.option.to]! > 0));
  return { value: bestValue, moves, group: ordered.map((u) => u.id) };
}
