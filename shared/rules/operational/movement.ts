// Movement of activated units: one cell to a neighbour, strategic movement along roads and
// railways, Soviet-style rail movement, and airborne drops. `destinations` lists what is
// legal; `checkMove` validates a path the player chose, with the same rules.
import type { GameState, UnitState, Destination } from '../types.js';
import type { RulesBoard, Link } from './board.js';
import { cellPassable, frozenGround } from './supply.js';
import { controlOf, emit, info, label, occupancy, occupy, sideNo, unitName, type Ctx } from './state.js';

export type MoveMode = Destination['mode'];

export interface MoveCheck {
  ok: boolean;
  message: string;
  mode: MoveMode;
  /** The last step crossed a river side (bridged or not) while rivers matter. */
  river: boolean;
  /** River side to record under the one-unit rule, if the step needs it. */
  ruleEdge: string | null;
}

const fail = (message: string): MoveCheck => ({ ok: false, message, mode: 'move', river: false, ruleEdge: null });

function linkTo(b: RulesBoard, from: number, to: number): Link | undefined {
  return b.links[from]!.find((l) => l.to === to);
}

/** Lake shores and river corners (8-way diagonals) stop a step until the ground freezes. */
function stepOpen(s: GameState, b: RulesBoard, l: Link): boolean {
  if (!cellPassable(s, b, l.to) || l.wall !== null) return false;
  if (frozenGround(s)) return true;
  return !l.lakeShore && !l.diagLake && !l.diagRiver;
}

function canMoveAtAll(u: UnitState): boolean {
  return u.act === 'active' && !u.moved && u.cell !== null && u.strength > 0;
}

interface Occ {
  occ: Uint8Array;
  side: 0 | 1;
  enemy: 0 | 1;
  limit: number;
}

function occFor(s: GameState, b: RulesBoard, u: UnitState, counts?: Uint8Array): Occ {
  const side = sideNo(b, u.side);
  return { occ: counts ?? occupancy(s, b), side, enemy: side === 0 ? 1 : 0, limit: b.options.stackingLimit };
}

const friendly = (o: Occ, i: number): number => o.occ[2 * i + o.side]!;
const enemyIn = (o: Occ, i: number): boolean => o.occ[2 * i + o.enemy]! > 0;
const contested = (o: Occ, i: number): boolean => o.occ[2 * i]! > 0 && o.occ[2 * i + 1]! > 0;

/** A one-cell move; `null` when legal, else why not. */
function oneStepProblem(s: GameState, b: RulesBoard, o: Occ, from: number, l: Link): string | null {
  if (l.wall !== null) return `${label(b, l.to)} cannot be entered from ${label(b, from)}: the ${l.wall.toLowerCase()} between them blocks movement.`;
  if (!stepOpen(s, b, l)) return `${label(b, l.to)} cannot be entered from ${label(b, from)} in ${s.ground} ground.`;
  if (contested(o, from) && contested(o, l.to)) return 'A unit may not move from one contested cell straight into another.';
  if (friendly(o, l.to) >= o.limit) return `${label(b, l.to)} already holds ${o.limit} friendly units.`;
  if (l.river && !frozenGround(s) && enemyIn(o, l.to) && l.edge && s.riverCrossings.includes(l.edge)) {
    return `A unit has already crossed this river side into enemy-occupied ${label(b, l.to)} this player turn.`;
  }
  return null;
}

/** Strategic or rail movement: every cell of the way friendly-controlled and free of the enemy. */
function strategicCellOk(s: GameState, b: RulesBoard, o: Occ, i: number): boolean {
  return controlOf(s, b, i) === o.side && !enemyIn(o, i) && cellPassable(s, b, i);
}

function mudLimited(s: GameState, b: RulesBoard, u: UnitState): boolean {
  return s.ground === 'mud' && b.sides[sideNo(b, u.side)].flags.mudSlows;
}

function canStrategic(b: RulesBoard, u: UnitState): boolean {
  const br = info(b, u).branch;
  return br === 'tank' || br === 'mechanised' || br === 'cavalry';
}

function canRail(b: RulesBoard, u: UnitState): boolean {
  return b.sides[sideNo(b, u.side)].flags.railMovement && info(b, u).branch !== 'cavalry';
}

export function canDrop(s: GameState, b: RulesBoard, u: UnitState, o: Occ = occFor(s, b, u)): string | null {
  if (info(b, u).branch !== 'airborne') return 'Only airborne units make airborne drops.';
  if (u.dropped) return 'This unit has already made its airborne drop.';
  if (s.ground === 'mud') return 'No airborne drops in mud.';
  if (u.supply !== 'in-supply') return 'An airborne drop must start in supply.';
  const i = b.index.get(u.cell!)!;
  if (controlOf(s, b, i) !== o.side || enemyIn(o, i)) return 'An airborne drop must start in a friendly-controlled, uncontested cell.';
  return null;
}

/** Whether an active unit that has not moved yet has anywhere to go (cheaper than listing). */
export function canStillMove(s: GameState, b: RulesBoard, u: UnitState, counts?: Uint8Array): boolean {
  if (!canMoveAtAll(u)) return false;
  const o = occFor(s, b, u, counts);
  const start = b.index.get(u.cell!)!;
  if (b.links[start]!.some((l) => oneStepProblem(s, b, o, start, l) === null)) return true;
  return destinations(s, b, u, o.occ).length > 0;
}

/**
 * Every legal destination of an active unit that has not moved yet, one per cell.
 * `counts` may pass a precomputed occupancy() of the same state.
 */
export function destinations(s: GameState, b: RulesBoard, u: UnitState, counts?: Uint8Array): Destination[] {
  if (!canMoveAtAll(u)) return [];
  const o = occFor(s, b, u, counts);
  const start = b.index.get(u.cell!)!;
  const found = new Map<number, Destination>();
  const add = (cell: number, path: number[], mode: MoveMode): void => {
    if (cell === start || found.has(cell)) return;
    found.set(cell, { cell: b.ids[cell]!, path: path.map((p) => b.ids[p]!), mode });
  };
  for (const l of b.links[start]!) {
    if (oneStepProblem(s, b, o, start, l) === null) add(l.to, [l.to], 'move');
  }
  if (!mudLimited(s, b, u) && strategicCellOk(s, b, o, start)) {
    if (canStrategic(b, u)) strategicSearch(s, b, o, start, 3, (l) => l.road || l.rail, (c, p) => add(c, p, 'strategic'));
    if (canRail(b, u)) strategicSearch(s, b, o, start, 4, (l) => l.rail, (c, p) => add(c, p, 'rail'));
  }
  if (canDrop(s, b, u, o) === null) {
    for (let j = 0; j < b.n; j++) if (dropProblem(s, b, o, start, j) === null) add(j, [j], 'drop');
  }
  return [...found.values()];
}

function strategicSearch(
  s: GameState,
  b: RulesBoard,
  o: Occ,
  start: number,
  maxSteps: number,
  along: (l: Link) => boolean,
  visit: (cell: number, path: number[]) => void,
): void {
  const paths = new Map<number, number[]>([[start, []]]);
  let frontier = [start];
  for (let step = 0; step < maxSteps; step++) {
    const next: number[] = [];
    for (const i of frontier) {
      for (const l of b.links[i]!) {
        if (paths.has(l.to) || !along(l) || !stepOpen(s, b, l) || !strategicCellOk(s, b, o, l.to)) continue;
        const path = [...paths.get(i)!, l.to];
        paths.set(l.to, path);
        next.push(l.to);
        if (friendly(o, l.to) < o.limit) visit(l.to, path);
      }
    }
    frontier = next;
  }
}

function dropProblem(s: GameState, b: RulesBoard, o: Occ, start: number, j: number): string | null {
  if (j === start) return 'A drop must leave its cell.';
  const d = b.grid.distance(b.grid.cellAt(start), b.grid.cellAt(j));
  if (d > 3) return `${label(b, j)} is ${d} cells away; a drop reaches 3.`;
  if (!cellPassable(s, b, j)) return `${label(b, j)} is impassable.`;
  if (controlOf(s, b, j) !== o.side) return `A drop must end in a cell that is not enemy-controlled; ${label(b, j)} is.`;
  if (friendly(o, j) >= o.limit) return `${label(b, j)} already holds ${o.limit} friendly units.`;
  return null;
}

/** Validates a chosen path (start cell excluded) and says which kind of move it is. */
export function checkMove(s: GameState, b: RulesBoard, u: UnitState, path: number[]): MoveCheck {
  if (!canMoveAtAll(u)) return fail(`${unitName(b, u)} is not an active unit that can still move.`);
  const o = occFor(s, b, u);
  const start = b.index.get(u.cell!)!;
  if (path.length === 0) return fail('A move needs at least one cell.');
  const links: Link[] = [];
  let at = start;
  for (const c of path) {
    const l = linkTo(b, at, c);
    if (!l) return fail(`${label(b, c)} is not next to ${label(b, at)}.`);
    links.push(l);
    at = c;
  }
  if (new Set([start, ...path]).size !== path.length + 1) return fail('A path may not visit a cell twice.');
  const first = links[0]!;
  if (path.length === 1) {
    const problem = oneStepProblem(s, b, o, start, first);
    if (problem === null) {
      const river = first.river && !frozenGround(s);
      const ruleEdge = river && enemyIn(o, first.to) ? first.edge : null;
      return { ok: true, message: '', mode: 'move', river, ruleEdge };
    }
    return fail(problem);
  }
  if (mudLimited(s, b, u)) return fail(`In mud ${b.sides[o.side].name} units move at most one cell.`);
  const end = path[path.length - 1]!;
  const allCellsOk = strategicCellOk(s, b, o, start) && path.every((c) => strategicCellOk(s, b, o, c));
  const allOpen = links.every((l) => stepOpen(s, b, l));
  const endRoom = friendly(o, end) < o.limit;
  if (!allCellsOk) {
    return fail('Strategic movement may not start, pass or end in enemy-controlled, enemy-occupied or contested cells.');
  }
  const walled = links.find((l) => l.wall !== null);
  if (walled) return fail(`The path crosses a ${walled.wall!.toLowerCase()}, which blocks movement.`);
  if (!allOpen) return fail('The path crosses a side that cannot be crossed in this ground condition.');
  if (!endRoom) return fail(`${label(b, end)} already holds ${o.limit} friendly units.`);
  if (canStrategic(b, u) && path.length <= 3 && links.every((l) => l.road || l.rail)) {
    return { ok: true, message: '', mode: 'strategic', river: false, ruleEdge: null };
  }
  if (canRail(b, u) && path.length <= 4 && links.every((l) => l.rail)) {
    return { ok: true, message: '', mode: 'rail', river: false, ruleEdge: null };
  }
  if (!canStrategic(b, u) && !canRail(b, u)) return fail(`${unitName(b, u)} can only move one cell.`);
  return fail(
    canRail(b, u) && !canStrategic(b, u)
      ? 'Rail movement goes up to 4 cells, every side crossed by a railway.'
      : 'Strategic movement goes up to 3 cells, every side crossed by a road or railway (rail-only up to 4 where allowed).',
  );
}

export function checkDrop(s: GameState, b: RulesBoard, u: UnitState, to: number): string | null {
  if (!canMoveAtAll(u)) return `${unitName(b, u)} is not an active unit that can still move.`;
  const o = occFor(s, b, u);
  return canDrop(s, b, u, o) ?? dropProblem(s, b, o, b.index.get(u.cell!)!, to);
}

/** Carries out a checked move. */
export function doMove(ctx: Ctx, u: UnitState, path: number[], check: MoveCheck): void {
  const { b, s } = ctx;
  const from = b.index.get(u.cell!)!;
  const prev = path.length > 1 ? path[path.length - 2]! : from;
  const end = path[path.length - 1]!;
  if (check.ruleEdge) s.riverCrossings.push(check.ruleEdge);
  u.moved = true;
  u.from = b.ids[prev]!;
  u.river = check.river;
  const how = check.mode === 'move' ? '' : ` (${check.mode === 'rail' ? 'by rail' : 'strategic movement'})`;
  emit(ctx, 'move', `${unitName(b, u)} moves ${[from, ...path].map((c) => label(b, c)).join(' → ')}${how}${check.river ? ', across a river' : ''}.`, {
    side: u.side,
    cell: b.ids[end],
    units: [u.id],
  });
  occupy(ctx, u, end);
}

export function doDrop(ctx: Ctx, u: UnitState, to: number): void {
  const { b } = ctx;
  const from = b.index.get(u.cell!)!;
  u.moved = true;
  u.dropped = true;
  delete u.from;
  u.river = false;
  emit(ctx, 'drop', `${unitName(b, u)} makes an airborne drop from ${label(b, from)} to ${label(b, to)}.`, {
    side: u.side,
    cell: b.ids[to],
    units: [u.id],
  });
  occupy(ctx, u, to);
}

