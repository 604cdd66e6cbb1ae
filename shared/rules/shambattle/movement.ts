// Movement (seed 003, "Movement:"): a stand covers 2 or 3 areas in clear country or on roads and
// one area otherwise; guns and trains go 2 on roads, 1 in clear or towns, and nowhere else. A
// move is as long as the smallest allowance among the steps it takes (a step along a road uses
// the road allowance whatever the area). Rivers are crossed only by a bridge (the road), a
// completed pontoon, or a ford (not guns or trains; a one-area move). Also: retreats of one area,
// the flight of a routed army, the limits on an exhausted army and on a defecting stand.
import { distance, edgeDistance, type Link, type ShamBoard, type StandInfo } from './board.js';
import { PONTOON_SECTIONS, STACKING_LIMIT, TERRAIN, type MoveRates } from './data.js';
import { controllerOf, enemyIn, hasRoom, isExhausted, occupancy, sideIdx, type Occupancy, type ShamState, type UnitState } from './state.js';

/** Areas this step allows the move to cover (0: it may not be taken), and whether it crosses a river. */
export function stepAllowance(b: ShamBoard, s: ShamState, rates: MoveRates, fords: boolean, link: Link): { allow: number; crossing: boolean } {
  const a = stepCode(b, s, rates, fords, link);
  return { allow: a >> 1, crossing: (a & 1) === 1 };
}

/** stepAllowance packed in a number (allowance × 2, plus 1 for a river crossing), for the search's inner loop. */
function stepCode(b: ShamBoard, s: ShamState, rates: MoveRates, fords: boolean, link: Link): number {
  if (link.wall) return 0;
  const kind = TERRAIN[b.cls[link.to]!].move;
  const offRoad = kind === 'none' ? 0 : rates[kind];
  if (link.river) {
    if (link.bridge && !s.works.blown.includes(link.edge)) return rates.road * 2 + 1;
    if (s.works.pontoons.some((p) => p.edge === link.edge && p.sections >= PONTOON_SECTIONS)) return offRoad * 2 + 1;
    if (link.ford && fords) return Math.min(1, offRoad) * 2 + 1;
    return 0;
  }
  if (link.road) return rates.road * 2;
  return offRoad * 2;
}

/** The stand's rates; engineers move with their train at the slower of the two. */
export function ratesOf(b: ShamBoard, s: ShamState, u: UnitState): { rates: MoveRates; fords: boolean; train: UnitState | null } {
  const info = b.stands.get(u.id)!;
  const train = companionWith(b, s, u);
  if (!train) return { rates: info.rules.move, fords: info.rules.fords, train: null };
  const t = b.stands.get(train.id)!.rules;
  const m = info.rules.move;
  return {
    rates: { road: Math.min(m.road, t.move.road), clear: Math.min(m.clear, t.move.clear), town: Math.min(m.town, t.move.town), rough: Math.min(m.rough, t.move.rough) },
    fords: info.rules.fords && t.fords,
    train,
  };
}

/** The engineers' train standing with them (or the engineers with their train), if on the map in the same area. */
export function companionWith(b: ShamBoard, s: ShamState, u: UnitState): UnitState | null {
  const id = b.stands.get(u.id)?.companion;
  if (!id) return null;
  const c = s.units.find((x) => x.id === id);
  return c && c.status === 'map' && c.cell === u.cell && c.side === u.side ? c : null;
}

export interface Reach {
  cell: number;
  path: number[];
  /** The route crossed a river. */
  crossed: boolean;
}

/** Enemy minefields: areas mined by the other side stop a stand that enters them. */
function minedAgainst(b: ShamBoard, s: ShamState, side: string): Set<number> {
  const out = new Set<number>();
  for (const m of s.works.mines) if (m.side !== side) out.add(b.index.get(m.cell)!);
  return out;
}

// Work space of the search, reused from call to call (a search allocates nothing but its answer).
let buf = { cells: new Int32Array(1024), caps: new Int8Array(1024), steps: new Int8Array(1024), crossed: new Uint8Array(1024), parent: new Int32Array(1024) };
let stamp = new Uint32Array(0);
let generation = 0;

/** Doubles the work space, keeping what the search has queued so far. */
function grow(size: number): void {
  if (buf.cells.length >= size) return;
  const n = Math.max(size, buf.cells.length * 2);
  const old = buf;
  buf = { cells: new Int32Array(n), caps: new Int8Array(n), steps: new Int8Array(n), crossed: new Uint8Array(n), parent: new Int32Array(n) };
  buf.cells.set(old.cells);
  buf.caps.set(old.caps);
  buf.steps.set(old.steps);
  buf.crossed.set(old.crossed);
  buf.parent.set(old.parent);
}

/**
 * Every area the stand could end a move in, with a route, in the order the search finds them.
 * Ignores who may move now (legal.ts decides that); `occ` is who stands where (read from the
 * state when not given).
 */
export function reachable(b: ShamBoard, s: ShamState, u: UnitState, occ: Occupancy = occupancy(b, s)): Reach[] {
  const out: Reach[] = [];
  if (u.cell === null) return out;
  const info = b.stands.get(u.id)!;
  const { rates, fords, train } = ratesOf(b, s, u);
  const start = b.index.get(u.cell)!;
  const me = b.sideIndex.get(u.side) ?? 0;
  const mines = s.works.mines.length ? minedAgainst(b, s, u.side) : null;
  const need = (info.rules.stacks ? 1 : 0) + (train ? 1 : 0);
  const max = Math.min(7, Math.max(rates.road, rates.clear, rates.town, rates.rough));
  if (max === 0) return out;
  // Seen (area, allowance left, crossed, steps) states, by a stamp per search.
  const keys = b.n * 8 * 2 * 8;
  if (stamp.length < keys) stamp = new Uint32Array(keys);
  generation = (generation + 1) >>> 0;
  if (generation === 0) {
    stamp.fill(0);
    generation = 1;
  }
  const offRoad = [rates.clear, rates.town, rates.rough, 0];
  const found = new Map<number, number>();
  let tail = 1;
  buf.cells[0] = start;
  buf.caps[0] = max;
  buf.steps[0] = 0;
  buf.crossed[0] = 0;
  buf.parent[0] = -1;
  for (let head = 0; head < tail; head++) {
    const cell = buf.cells[head]!;
    const n0 = buf.steps[head]!;
    const crossed0 = buf.crossed[head]!;
    if (n0 > 0 && cell !== start) {
      const had = found.get(cell);
      const fits = (occ.side[cell] === -1 || occ.side[cell] === me) && (need === 0 || (occ.side[cell] === -1 ? 0 : occ.count[cell]!) + need <= STACKING_LIMIT);
      if (fits && (had === undefined || (out[had]!.crossed && crossed0 === 0))) {
        const path: number[] = [];
        for (let k = head; k > 0; k = buf.parent[k]!) path.push(buf.cells[k]!);
        const r = { cell, path: path.reverse(), crossed: crossed0 === 1 };
        if (had === undefined) {
          found.set(cell, out.length);
          out.push(r);
        } else out[had] = r;
      }
      if (mines?.has(cell)) continue;
    }
    const cap0 = buf.caps[head]!;
    for (const link of b.links[cell]!) {
      let code: number;
      if (link.wall) continue;
      if (link.river) code = stepCode(b, s, rates, fords, link);
      else if (link.road) code = rates.road * 2;
      else code = offRoad[b.moveKind[link.to]!]! * 2;
      const allow = code >> 1;
      if (allow === 0) continue;
      const cap = Math.min(cap0, allow, 7);
      const n = n0 + 1;
      if (n > cap) continue;
      const side = occ.side[link.to]!;
      if (side !== -1 && side !== me) continue;
      const crossed = crossed0 | (code & 1);
      const key = ((link.to * 8 + cap) * 2 + crossed) * 8 + n;
      if (stamp[key] === generation) continue;
      stamp[key] = generation;
      if (tail >= buf.cells.length) grow(tail + 1);
      buf.cells[tail] = link.to;
      buf.caps[tail] = cap;
      buf.steps[tail] = n;
      buf.crossed[tail] = crossed;
      buf.parent[tail] = head;
      tail++;
    }
  }
  return out;
}

/** Distance from an area to the nearest stand of a side other than `side` (Infinity when none). */
export function nearestEnemy(b: ShamBoard, s: ShamState, side: string, cell: number): number {
  let best = Infinity;
  for (const v of s.units) {
    if (v.status !== 'map' || v.cell === null || v.side === side) continue;
    const d = distance(b, cell, b.index.get(v.cell)!);
    if (d < best) best = d;
  }
  return best;
}

/** Distance from an area to the nearest stand of `side`. */
export function nearestOf(b: ShamBoard, s: ShamState, side: string, cell: number, except?: string): number {
  let best = Infinity;
  for (const v of s.units) {
    if (v.status !== 'map' || v.cell === null || v.side !== side || v.id === except) continue;
    const d = distance(b, cell, b.index.get(v.cell)!);
    if (d < best) best = d;
  }
  return best;
}

/** Distance from every area to the nearest stand of a side other than `side` (a large number when none). */
export function enemyField(b: ShamBoard, s: ShamState, side: string): Int32Array {
  const out = new Int32Array(b.n).fill(1 << 20);
  const cells = new Set<number>();
  for (const v of s.units) if (v.status === 'map' && v.cell !== null && v.side !== side) cells.add(b.index.get(v.cell)!);
  for (const c of cells) for (let i = 0; i < b.n; i++) out[i] = Math.min(out[i]!, distance(b, i, c));
  return out;
}

/** What `destinations` reads once for many stands of one state: occupancy, armies' exhaustion, distances to the enemy. */
export interface MoveScan {
  occ: Occupancy;
  exhausted: Map<string, boolean>;
  fields: Map<string, Int32Array>;
}

export function moveScan(b: ShamBoard, s: ShamState): MoveScan {
  return { occ: occupancy(b, s), exhausted: new Map(), fields: new Map() };
}

/**
 * Where the stand may move now, under the limits of its army's state: an exhausted army's stands
 * may not end closer to the enemy unless also closer to their own base line; a defecting stand,
 * moved by the army it means to join, must close on that army.
 */
export function destinations(b: ShamBoard, s: ShamState, u: UnitState, scan: MoveScan = moveScan(b, s)): Reach[] {
  const all = reachable(b, s, u, scan.occ);
  if (u.cell === null) return [];
  const from = b.index.get(u.cell)!;
  if (u.loyalty === 'defecting') {
    const joining = controllerOf(b, u);
    const now = nearestOf(b, s, joining, from);
    return all.filter((r) => nearestOf(b, s, joining, r.cell) < now);
  }
  let tired = scan.exhausted.get(u.side);
  if (tired === undefined) {
    tired = isExhausted(b, s, u.side);
    scan.exhausted.set(u.side, tired);
  }
  if (tired) {
    const k = sideIdx(b, u.side);
    let field = scan.fields.get(u.side);
    if (!field) {
      field = enemyField(b, s, u.side);
      scan.fields.set(u.side, field);
    }
    const f = field;
    const now = f[from]!;
    const base = edgeDistance(b, k, from);
    return all.filter((r) => f[r.cell]! >= now || edgeDistance(b, k, r.cell) < base);
  }
  return all;
}

/**
 * One area of retreat, away from `from` (the enemy it falls back from): an adjacent area it may
 * enter (a river only by bridge, pontoon or ford), free of the enemy, with room, farther from
 * the nearest of `from`. The best such area is taken: farthest from any enemy, then nearest its
 * own base line, then first in the grid's order; none when there is no such area.
 */
export function retreatCell(b: ShamBoard, s: ShamState, u: UnitState, from: readonly number[]): number | null {
  if (u.cell === null) return null;
  const info: StandInfo = b.stands.get(u.id)!;
  const { rates, fords, train } = ratesOf(b, s, u);
  const here = b.index.get(u.cell)!;
  const away = (i: number): number => Math.min(...from.map((f) => distance(b, i, f)));
  const now = from.length ? away(here) : -Infinity;
  const need = (info.rules.stacks ? 1 : 0) + (train ? 1 : 0);
  const k = sideIdx(b, u.side);
  let best: number | null = null;
  let bestKey: [number, number, number] | null = null;
  for (const link of b.links[here]!) {
    const { allow } = stepAllowance(b, s, { road: Math.max(1, rates.road), clear: rates.clear, town: rates.town, rough: rates.rough }, fords, link);
    if (allow === 0) continue;
    const id = b.ids[link.to]!;
    if (need === 0 ? enemyIn(s, id, u.side) : !hasRoom(b, s, id, u.side, need)) continue;
    if (from.length && away(link.to) <= now) continue;
    const mined = s.works.mines.some((m) => m.cell === id && m.side !== u.side) ? 1 : 0;
    const key: [number, number, number] = [mined, -nearestEnemy(b, s, u.side, link.to), edgeDistance(b, k, link.to)];
    if (!bestKey || key[0] < bestKey[0] || (key[0] === bestKey[0] && (key[1] < bestKey[1] || (key[1] === bestKey[1] && key[2] < bestKey[2])))) {
      best = link.to;
      bestKey = key;
    }
  }
  return best;
}

/** The move a routed stand makes: as far towards its own table edge as it can go (nearest the edge, then farthest from the enemy). */
export function flightCell(b: ShamBoard, s: ShamState, u: UnitState): Reach | null {
  if (u.cell === null) return null;
  const k = sideIdx(b, u.side);
  const here = b.index.get(u.cell)!;
  let best: Reach | null = null;
  let key: [number, number] = [edgeDistance(b, k, here), -nearestEnemy(b, s, u.side, here)];
  for (const r of reachable(b, s, u)) {
    const k2: [number, number] = [edgeDistance(b, k, r.cell), -nearestEnemy(b, s, u.side, r.cell)];
    if (k2[0] < key[0] || (k2[0] === key[0] && k2[1] < key[1] && best !== null)) {
      best = r;
      key = k2;
    }
  }
  return best;
}

