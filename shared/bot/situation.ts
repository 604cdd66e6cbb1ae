// What the bot knows about the board at one decision, computed once: who is where, who
// controls what, where each side can trace supply, what each cell is worth in VP, how hard
// the enemy could hit each cell next, and a "pull" towards the places worth fighting for.
import type { GameState, UnitState } from '../rules/types.js';
import { boardOf, cellPassable, frozenGround, supplyDistances, type RulesBoard } from './rules-access.js';

export interface Situation {
  s: GameState;
  b: RulesBoard;
  me: 0 | 1;
  foe: 0 | 1;
  frozen: boolean;
  /** Controlling side index per cell. */
  ctrl: Uint8Array;
  passable: Uint8Array;
  /** Units on the map per cell. */
  at: UnitState[][];
  /** Strength and unit count per cell: [side][cell]. */
  str: [Int32Array, Int32Array];
  cnt: [Int32Array, Int32Array];
  /** Steps to a supply base per side (engine's trace), -1 where none. */
  supply: [Int32Array, Int32Array];
  /**
   * My supply trace if the enemy walked into every empty cell of mine next to its units: a
   * line through such cells can be cut in one enemy move.
   */
  robustSupply: Int32Array;
  /** Margin VP at stake in holding each cell (0 for ordinary cells). */
  worth: Float64Array;
  /** Expected hits the enemy could land on a stack in each cell in its coming attacks. */
  threat: Float64Array;
  /** Attraction of each cell for my units (objectives and weak enemies nearby). */
  pull: Float64Array;
  turnsLeft: number;
}

export const sideOf = (b: RulesBoard, u: UnitState): 0 | 1 => b.sideIndex.get(u.side) ?? 0;
export const branchOf = (b: RulesBoard, u: UnitState): string => b.units.get(u.id)?.branch ?? 'infantry';
export const maxOf = (b: RulesBoard, u: UnitState): number => b.units.get(u.id)?.max ?? u.strength;
export const alwaysSupplied = (b: RulesBoard, u: UnitState): boolean => {
  const br = branchOf(b, u);
  return br === 'cavalry' || br === 'airborne';
};

/** Expected hits per strength point of an attacking unit, before the defender's modifiers. */
export function punch(b: RulesBoard, u: UnitState): number {
  const i = b.units.get(u.id);
  if (!i) return 1 / 3;
  let mod = 0;
  if (i.branch === 'tank') mod += 1;
  if (i.elite && (i.branch === 'tank' || i.branch === 'cavalry' || i.branch === 'mechanised')) mod += 1;
  const need = Math.min(6, Math.max(2, b.options.baseToHit - mod));
  const p = (7 - need) / 6;
  return u.supply === 'in-supply' ? p : p * 0.8;
}

/** VP that holding a cell is worth from now on, discounted: control far ahead is uncertain. */
function cellWorth(perTurn: number, endGame: number, turnsLeft: number): number {
  const horizon = Math.min(turnsLeft, 6);
  return perTurn * horizon + endGame * (turnsLeft <= 6 ? 1 : 0.6);
}

export function situation(s: GameState, meId: string): Situation {
  const b = boardOf(s.scenario);
  const me = b.sideIndex.get(meId) ?? 0;
  const foe = me === 0 ? 1 : 0;
  const n = b.n;
  const ctrl = new Uint8Array(n);
  const passable = new Uint8Array(n);
  const code1 = b.sides[1].code;
  for (let i = 0; i < n; i++) {
    ctrl[i] = s.control.charCodeAt(i) === code1.charCodeAt(0) ? 1 : 0;
    passable[i] = cellPassable(s, b, i) ? 1 : 0;
  }
  const at: UnitState[][] = Array.from({ length: n }, () => []);
  const str: [Int32Array, Int32Array] = [new Int32Array(n), new Int32Array(n)];
  const cnt: [Int32Array, Int32Array] = [new Int32Array(n), new Int32Array(n)];
  for (const u of s.units) {
    if (u.cell === null || u.strength <= 0) continue;
    const i = b.index.get(u.cell);
    if (i === undefined) continue;
    at[i]!.push(u);
    const k = sideOf(b, u);
    str[k][i]! += u.strength;
    cnt[k][i]! += 1;
  }
  const supply: [Int32Array, Int32Array] = [supplyDistances(s, b, 0), supplyDistances(s, b, 1)];
  const turnsLeft = Math.max(1, b.scenario.calendar.turns - s.turn + 1);
  const worth = new Float64Array(n);
  for (const v of b.victory) worth[v.cell] = cellWorth(v.perTurn, v.endGame, turnsLeft);

  // The enemy's coming attacks: units that may still activate this game turn count fully,
  // the others (they will be ready next turn) half. One stack strikes at a time, so the
  // strongest neighbouring stack counts in full and the rest a little.
  const threat = new Float64Array(n);
  const stackPunch = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let t = 0;
    for (const u of at[i]!) {
      if (sideOf(b, u) !== foe) continue;
      const soon = u.act === 'ready' && !u.activated ? 1 : u.supply === 'in-supply' ? 0.5 : 0.2;
      t += soon * u.strength * punch(b, u);
    }
    stackPunch[i] = t;
  }
  for (let i = 0; i < n; i++) {
    let best = stackPunch[i]!;
    let rest = 0;
    for (const l of b.links[i]!) {
      const p = stackPunch[l.to]!;
      if (p > best) {
        rest += best;
        best = p;
      } else rest += p;
    }
    threat[i] = best + 0.25 * rest;
  }

  const pull = objectivePull(s, b, me, foe, ctrl, passable, at, worth, supply);
  const frozen = frozenGround(s);
  const held = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (ctrl[i] !== me) continue;
    const exposed = cnt[me][i] === 0 && (cnt[foe][i]! > 0 || b.links[i]!.some((l) => cnt[foe][l.to]! > 0));
    held[i] = exposed ? 0 : 1;
  }
  const robustSupply = traceOver(b, held, passable, me, frozen);
  return { s, b, me, foe, frozen, ctrl, passable, at, str, cnt, supply, robustSupply, worth, threat, pull, turnsLeft };
}

/** Supply distances of `side` through the cells marked in `own`. */
function traceOver(b: RulesBoard, own: Uint8Array, passable: Uint8Array, side: 0 | 1, frozen: boolean): Int32Array {
  const dist = new Int32Array(b.n).fill(-1);
  const q: number[] = [];
  for (let i = 0; i < b.n; i++) {
    if (b.supplyBase[i] === side && own[i] && passable[i]) {
      dist[i] = 0;
      q.push(i);
    }
  }
  for (let h = 0; h < q.length; h++) {
    const i = q[h]!;
    for (const l of b.links[i]!) {
      if (dist[l.to] !== -1 || !own[l.to] || !passable[l.to]) continue;
      if (!frozen && (l.lakeShore || l.diagLake)) continue;
      dist[l.to] = dist[i]! + 1;
      q.push(l.to);
    }
  }
  return dist;
}

/** Breadth-first steps over passable cells from one cell (control ignored). */
function stepsFrom(b: RulesBoard, passable: Uint8Array, from: number): Int32Array {
  const d = new Int32Array(b.n).fill(-1);
  const q = [from];
  d[from] = 0;
  for (let h = 0; h < q.length; h++) {
    const i = q[h]!;
    for (const l of b.links[i]!) {
      if (d[l.to] !== -1 || !passable[l.to]) continue;
      d[l.to] = d[i]! + 1;
      q.push(l.to);
    }
  }
  return d;
}

const distCache = new WeakMap<RulesBoard, Map<string, Int32Array>>();

/** Steps from `from`, cached per board and passability pattern (it only changes with the ground). */
export function steps(b: RulesBoard, passable: Uint8Array, from: number): Int32Array {
  let m = distCache.get(b);
  if (!m) {
    m = new Map();
    distCache.set(b, m);
  }
  let frozenKey = 0;
  for (let i = 0; i < passable.length; i++) frozenKey += passable[i]! * ((i % 7) + 1);
  const key = `${from}/${frozenKey}`;
  let d = m.get(key);
  if (!d) {
    d = stepsFrom(b, passable, from);
    m.set(key, d);
  }
  return d;
}

/** Pull of an objective k steps away, relative to standing on it. */
const DECAY = Array.from({ length: 40 }, (_, k) => 0.6 ** k);

function objectivePull(
  s: GameState,
  b: RulesBoard,
  me: 0 | 1,
  foe: 0 | 1,
  ctrl: Uint8Array,
  passable: Uint8Array,
  at: UnitState[][],
  worth: Float64Array,
  supply: [Int32Array, Int32Array],
): Float64Array {
  const targets: { cell: number; w: number }[] = [];
  for (const v of b.victory) {
    const i = v.cell;
    const enemyNear = at[i]!.some((u) => sideOf(b, u) === foe) || b.links[i]!.some((l) => at[l.to]!.some((u) => sideOf(b, u) === foe));
    if (ctrl[i] === foe) targets.push({ cell: i, w: worth[i]! });
    else if (enemyNear) targets.push({ cell: i, w: 0.7 * worth[i]! });
  }
  for (let i = 0; i < b.n; i++) {
    if (b.supplyBase[i] === foe && ctrl[i] === foe) targets.push({ cell: i, w: 4 });
    let weak = 0;
    let any = false;
    for (const u of at[i]!) {
      if (sideOf(b, u) !== foe) continue;
      any = true;
      weak += u.supply === 'in-supply' ? 0.3 * u.strength : u.supply === 'out-of-supply' ? u.strength : 2 * u.strength;
    }
    if (any) targets.push({ cell: i, w: 1 + weak });
    // Friendly cells cut off from supply are worth reopening.
    if (ctrl[i] === me && supply[me][i]! < 0 && at[i]!.some((u) => sideOf(b, u) === me && !alwaysSupplied(b, u))) {
      targets.push({ cell: i, w: 3 });
    }
  }
  const pull = new Float64Array(b.n);
  for (const t of targets) {
    const d = steps(b, passable, t.cell);
    for (let i = 0; i < b.n; i++) {
      const k = d[i]!;
      if (k < 0) continue;
      const v = t.w * (DECAY[k] ?? 0);
      if (v > pull[i]!) pull[i] = v;
    }
  }
  return pull;
}

/**
 * Supply distances of `side` if cell `flip` changed hands to `to` (the engine's trace: bases
 * the side holds, through cells it controls, lakes closed until frozen).
 */
export function supplyIf(sit: Situation, side: 0 | 1, flip: number, to: 0 | 1): Int32Array {
  const { b, ctrl, passable, frozen } = sit;
  const owner = (i: number): number => (i === flip ? to : ctrl[i]!);
  const dist = new Int32Array(b.n).fill(-1);
  const q: number[] = [];
  for (let i = 0; i < b.n; i++) {
    if (b.supplyBase[i] === side && owner(i) === side && passable[i]) {
      dist[i] = 0;
      q.push(i);
    }
  }
  for (let h = 0; h < q.length; h++) {
    const i = q[h]!;
    for (const l of b.links[i]!) {
      if (dist[l.to] !== -1) continue;
      if (!frozen && (l.lakeShore || l.diagLake)) continue;
      if (owner(l.to) !== side || !passable[l.to]) continue;
      dist[l.to] = dist[i]! + 1;
      q.push(l.to);
    }
  }
  return dist;
}

/** Whether a unit in cell `i` would be getting supplies with these distances. */
export function traces(sit: Situation, u: UnitState, i: number, dist: Int32Array): boolean {
  const { b } = sit;
  if (alwaysSupplied(b, u)) return true;
  const k = sideOf(b, u);
  if (b.supplyBase[i] === k) return true;
  const limit = b.options.supplyLineLimit ?? Infinity;
  let steps = dist[i]!;
  if (steps < 0) {
    for (const l of b.links[i]!) {
      if (!sit.frozen && (l.lakeShore || l.diagLake)) continue;
      const d = dist[l.to]!;
      if (d >= 0 && (steps < 0 || d + 1 < steps)) steps = d + 1;
    }
  }
  return steps >= 0 && steps <= limit;
}

/** Strength of `side`'s units (not always supplied) that trace now but would not if `flip` went to `to`. */
export function supplyCut(sit: Situation, side: 0 | 1, flip: number, to: 0 | 1): number {
  const { b, at } = sit;
  const after = supplyIf(sit, side, flip, to);
  let cut = 0;
  for (let i = 0; i < b.n; i++) {
    for (const u of at[i]!) {
      if (sideOf(b, u) !== side || alwaysSupplied(b, u)) continue;
      if (traces(sit, u, i, sit.supply[side]) && !traces(sit, u, i, after)) cut += u.strength;
    }
  }
  return cut;
}
