// Movement (seed 004, "Movement", "Roads", "Hills", "Rivers", "Pinning"): orthogonal steps, through
// friends, never ending on another unit; a stop on entering a square orthogonally next to an
// enemy, both turning to face each other; half-square road steps (built-up areas count as road),
// the odd half lost on leaving the road; one hill contour a turn; fords entered and stopped in;
// units in contact may leave, but not into the square in front of another enemy; and the charge
// of pinned European cavalry towards the nearest enemy.
import type { PwUnitState } from '../../format/ruleset-pw.types.js';
import { DIRS, dirBetween, facingToward, orthRange, type Facing, type PwBoard } from './board.js';
import {
  adjacentEnemies,
  cellIx,
  emit,
  faces,
  frontOf,
  inContact,
  isArtillery,
  isEuropeanCavalry,
  isFootOrHorse,
  isFordingHeld,
  isNativeUnit,
  label,
  movementOf,
  occupancy,
  onMap,
  place,
  roleOf,
  unitName,
  type Ctx,
  type PwGame,
} from './state.js';

export interface Reach {
  /** Destination square. */
  cell: number;
  /** Squares passed through after the start, the destination last. */
  path: number[];
  /** Squares of movement used (road steps count half). */
  cost: number;
}

interface Node {
  cell: number;
  /** Half-squares of movement left. */
  halves: number;
  climbed: boolean;
  parent: Node | null;
}

/** Whether a step from square a in direction d is along a road (a road across that side, or built-up area to built-up area). */
export const isRoadStep = (b: PwBoard, a: number, d: number): boolean => b.road[a * 4 + d] === 1 || (b.builtUp[a] === 1 && b.builtUp[b.nb[a * 4 + d]!] === 1);

/**
 * Every square the unit could end a move of `squares` in, with a route, from where it stands and
 * with what it has done this turn (the start square not included). The rules of the file comment;
 * `ignoreFront` lists enemies whose front square the unit may enter (those it is in contact with).
 */
export function reachable(s: PwGame, b: PwBoard, u: PwUnitState, squares: number): Reach[] {
  const start = cellIx(b, u);
  if (start < 0 || squares <= 0) return [];
  const role = roleOf(b, u.side);
  const occ = occupancy(s, b);
  const enemyNear = new Uint8Array(b.n);
  const forbiddenFront = new Uint8Array(b.n);
  // A unit in contact may move, but not into the square in front of another enemy unit.
  const contact = inContact(s, b, u);
  for (let i = 0; i < b.n; i++) {
    const k = occ[i]!;
    if (k < 0) continue;
    const e = s.units[k]!;
    if (roleOf(b, e.side) === role) continue;
    for (let d = 0; d < 4; d++) {
      const j = b.nb[i * 4 + d]!;
      if (j >= 0) enemyNear[j] = 1;
    }
    if (contact && !faces(b, e, u)) {
      const f = frontOf(b, e);
      if (f >= 0) forbiddenFront[f] = 1;
    }
  }
  // Most half-squares left on reaching each square, before and after a change of contour.
  const best = new Int8Array(b.n * 2).fill(-1);
  const found = new Map<number, Node>();
  const queue: Node[] = [{ cell: start, halves: squares * 2, climbed: u.climbed, parent: null }];
  for (let q = 0; q < queue.length; q++) {
    const node = queue[q]!;
    const here = node.cell;
    for (let d = 0; d < 4; d++) {
      const next = b.nb[here * 4 + d]!;
      if (next < 0 || next === start || !b.passable[next] || forbiddenFront[next] || b.wall[here * 4 + d]) continue;
      const k = occ[next]!;
      if (k >= 0 && roleOf(b, s.units[k]!.side) !== role) continue;
      const road = isRoadStep(b, here, d);
      // Leaving the road loses an unused half square.
      const left = road ? node.halves - 1 : (node.halves & ~1) - 2;
      if (left < 0) continue;
      const climbs = b.contour[next] !== b.contour[here];
      if (climbs && (node.climbed || Math.abs(b.contour[next]! - b.contour[here]!) > 1)) continue;
      const stops = enemyNear[next] === 1 || b.ford[next] === 1;
      // A friend's square can be passed through but not stopped in.
      if (stops && k >= 0) continue;
      const key = next * 2 + (climbs || node.climbed ? 1 : 0);
      if (best[key]! >= left) continue;
      best[key] = left;
      const child: Node = { cell: next, halves: stops ? -1 : left, climbed: node.climbed || climbs, parent: node };
      if (k < 0) {
        const prev = found.get(next);
        if (!prev || child.halves > prev.halves) found.set(next, child);
      }
      if (!stops && left > 0) queue.push(child);
    }
  }
  const out: Reach[] = [];
  for (const [cell, node] of [...found].sort((a, z) => a[0] - z[0])) {
    const path: number[] = [];
    let halves = 0;
    for (let x: Node | null = node; x && x.parent; x = x.parent) {
      path.unshift(x.cell);
      const d = dirBetween(b, x.parent.cell, x.cell);
      halves += isRoadStep(b, x.parent.cell, d) ? 1 : 2;
    }
    out.push({ cell, path, cost: halves / 2 });
  }
  return out;
}

/** Whether the unit may be activated to move (or turn, or mount or dismount) now. */
export function mayMove(s: PwGame, b: PwBoard, u: PwUnitState): boolean {
  if (!onMap(u) || u.activated || u.moved || u.pinned || isFordingHeld(s, u)) return false;
  // Artillery that fired this turn may not move (it may still be unpinned).
  if (isArtillery(b, u) && u.fired) return false;
  return true;
}

/** The facings a unit may end a move in at square i: towards an adjacent enemy if there is one (contact), else any. */
export function facingsAt(s: PwGame, b: PwBoard, u: PwUnitState, i: number): Facing[] {
  const enemies = adjacentEnemies(s, b, i, roleOf(b, u.side));
  if (enemies.length === 0) return [...DIRS];
  return enemies.map((e) => DIRS[dirBetween(b, i, cellIx(b, e))]!);
}

export interface MoveChoice {
  cell: number;
  facing: Facing;
  double: boolean;
  path: number[];
  cost: number;
}

/** Every move the unit may make now (a turn where it stands included; Native double moves where they reach further). */
export function moveChoices(s: PwGame, b: PwBoard, u: PwUnitState, activations: number): MoveChoice[] {
  if (activations < 1 || !mayMove(s, b, u)) return [];
  const start = cellIx(b, u);
  const out: MoveChoice[] = [];
  for (const f of facingsAt(s, b, u, start)) if (f !== u.facing) out.push({ cell: start, facing: f, double: false, path: [], cost: 0 });
  const single = reachable(s, b, u, movementOf(b, u));
  for (const r of single) for (const f of facingsAt(s, b, u, r.cell)) out.push({ cell: r.cell, facing: f, double: false, path: r.path, cost: r.cost });
  if (activations >= 2 && isNativeUnit(b, u) && isFootOrHorse(b, u)) {
    const near = new Set(single.map((r) => r.cell));
    for (const r of reachable(s, b, u, 2 * movementOf(b, u))) {
      if (near.has(r.cell)) continue;
      for (const f of facingsAt(s, b, u, r.cell)) out.push({ cell: r.cell, facing: f, double: true, path: r.path, cost: r.cost });
    }
  }
  return out;
}

/**
 * Moves the unit (or turns it) and faces it; if it faces an adjacent enemy, that enemy turns to
 * face it (contact). Returns the sentence for the log.
 */
export function doMove(ctx: Ctx, u: PwUnitState, to: number, facing: Facing, how: 'move' | 'double' | 'charge'): string {
  const { b } = ctx;
  const from = cellIx(b, u);
  if (to !== from) place(ctx, u, to);
  u.facing = facing;
  u.moved = true;
  const name = unitName(b, u.id);
  const front = b.nb[to * 4 + DIRS.indexOf(facing)]!;
  const engaged = adjacentEnemies(ctx.s, b, to, roleOf(b, u.side)).find((e) => cellIx(b, e) === front);
  let text =
    to === from
      ? `${name} turns to face ${facing} in ${label(b, to)}`
      : `${name} ${how === 'charge' ? 'charges' : how === 'double' ? 'makes a double move' : 'moves'} from ${label(b, from)} to ${label(b, to)}, facing ${facing}`;
  if (engaged) {
    engaged.facing = DIRS[dirBetween(b, cellIx(b, engaged), to)]!;
    text += `, and engages ${unitName(b, engaged.id)} in ${label(b, front)}, which turns to face it`;
  }
  return `${text}.`;
}

/**
 * Pinned European cavalry charges towards the nearest enemy unit during its side's activation
 * phase, at no cost in activations, until it is unpinned or in contact (the author's note to the
 * rules). Done at the end of the side's activations, so a player may first spend one to unpin it.
 */
export function chargePinnedCavalry(ctx: Ctx): void {
  const { s, b } = ctx;
  const role = roleOf(b, s.player ?? b.sides[0].id);
  for (const u of s.units) {
    if (!onMap(u) || roleOf(b, u.side) !== role || !u.pinned || !isEuropeanCavalry(b, u) || u.charged || u.moved) continue;
    if (isFordingHeld(s, u)) continue;
    const here = cellIx(b, u);
    const adjacent = adjacentEnemies(s, b, here, role);
    if (adjacent.some((e) => faces(b, u, e) || faces(b, e, u))) continue;
    // The nearest enemy unit (orthogonal range; the first in the order of battle on a tie).
    let target: PwUnitState | undefined;
    let dist = Infinity;
    for (const e of s.units) {
      if (!onMap(e) || roleOf(b, e.side) === role) continue;
      const r = orthRange(b, here, cellIx(b, e));
      if (r < dist) {
        dist = r;
        target = e;
      }
    }
    if (!target) continue;
    const t = cellIx(b, target);
    let bestCell = -1;
    let bestRange = dist;
    let bestCost = Infinity;
    for (const r of reachable(s, b, u, movementOf(b, u))) {
      const d = orthRange(b, r.cell, t);
      if (d < bestRange || (d === bestRange && bestCell >= 0 && r.cost < bestCost)) {
        bestCell = r.cell;
        bestRange = d;
        bestCost = r.cost;
      }
    }
    u.charged = true;
    if (bestCell < 0) {
      emit(ctx, 'charge', `${unitName(b, u.id)} is pinned and would charge ${unitName(b, target.id)}, but cannot get any closer.`, { side: u.side, cell: u.cell!, units: [u.id] });
      continue;
    }
    const enemies = adjacentEnemies(s, b, bestCell, role);
    const facing = enemies.some((e) => e.id === target!.id)
      ? DIRS[dirBetween(b, bestCell, t)]!
      : enemies.length > 0
        ? DIRS[dirBetween(b, bestCell, cellIx(b, enemies[0]!))]!
        : facingToward(b, bestCell, t);
    const text = doMove(ctx, u, bestCell, facing, 'charge');
    emit(ctx, 'charge', `Pinned, ${text.charAt(0).toLowerCase()}${text.slice(1)}`, { side: u.side, cell: b.ids[bestCell]!, units: [u.id] });
  }
}

