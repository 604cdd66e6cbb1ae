// Who may do what now: the guns that may open fire and at what, the stands that may move, close
// assault, build or shoot, and the whole list of legal actions for the side that must decide.
import { distance, type ShamBoard } from './board.js';
import { blowOptions, buildOptions } from './engineers.js';
import { companionWith, destinations, moveScan, stepAllowance, type Reach } from './movement.js';
import { resupplyOptions } from './night.js';
import { boardOf } from './board.js';
import {
  controllerOf,
  engagedIds,
  isExhausted,
  isRouted,
  occupancy,
  type Occupancy,
  type ShamAction,
  type ShamState,
  type UnitState,
} from './state.js';
import { TERRAIN } from './data.js';

/** Areas holding stands of a side other than `side`, by index. */
export function enemyCells(b: ShamBoard, s: ShamState, side: string): number[] {
  const out = new Set<number>();
  for (const u of s.units) if (u.status === 'map' && u.cell !== null && u.side !== side) out.add(b.index.get(u.cell)!);
  return [...out].sort((x, y) => x - y);
}

/** Areas a stand could shoot at (range only): enemy-held areas within its range. */
export function targetsOf(b: ShamBoard, s: ShamState, u: UnitState, enemies: readonly number[] = enemyCells(b, s, u.side)): string[] {
  const range = b.stands.get(u.id)!.rules.range;
  if (range === 0 || u.cell === null) return [];
  const here = b.index.get(u.cell)!;
  return enemies.filter((i) => distance(b, here, i) <= range).map((i) => b.ids[i]!);
}

type Engaged = ReturnType<typeof engagedIds>;

/** Can the stand shoot in this step (kind, loyalty, not in close combat, not fired, army not routed)? */
export function mayShoot(b: ShamBoard, s: ShamState, u: UnitState, step: 'opening' | 'rifle', side: string, engaged: Engaged = engagedIds(s)): boolean {
  const info = b.stands.get(u.id)!;
  if (info.rules.fire !== step || u.side !== side || u.loyalty !== 'loyal' || u.status !== 'map' || u.fired || isRouted(s, side)) return false;
  if (step === 'opening' && s.orders.some((o) => o.unit === u.id)) return false;
  return !engaged.attackers.has(u.id) && !engaged.pinned.has(u.id);
}

/** Stands the side may move now. */
export function mayMove(b: ShamBoard, s: ShamState, u: UnitState, side: string, engaged: Engaged = engagedIds(s)): boolean {
  if (u.status !== 'map' || u.moved || controllerOf(b, u) !== side || u.loyalty === 'mutinous') return false;
  if (u.side === side && isRouted(s, side)) return false;
  const info = b.stands.get(u.id)!;
  if (info.rules.fire === 'opening' && u.fired) return false;
  // A train goes where its engineers go.
  if (info.stand === 'engineerTrain' && companionWith(b, s, u)) return false;
  return !engaged.pinned.has(u.id);
}

/** Enemy-held areas the stand may close assault: next to it, enterable by it, for a kind that may. */
export function assaultTargets(
  b: ShamBoard,
  s: ShamState,
  u: UnitState,
  side: string,
  engaged: Engaged = engagedIds(s),
  occ: Occupancy = occupancy(b, s),
  exhausted: boolean = isExhausted(b, s, side),
): string[] {
  const info = b.stands.get(u.id)!;
  if (!info.rules.assaults || u.side !== side || u.loyalty !== 'loyal' || u.status !== 'map' || u.cell === null || isRouted(s, side)) return [];
  if (exhausted && info.stand !== 'cavalry') return [];
  if (engaged.attackers.has(u.id) || engaged.pinned.has(u.id)) return [];
  const here = b.index.get(u.cell)!;
  const me = b.sideIndex.get(side) ?? 0;
  const out: string[] = [];
  for (const link of b.links[here]!) {
    const cell = b.ids[link.to]!;
    if (occ.side[link.to] === -1 || occ.side[link.to] === me) continue;
    if (TERRAIN[b.cls[link.to]!].move === 'none') continue;
    if (stepAllowance(b, s, info.rules.move, info.rules.fords, link).allow === 0) continue;
    out.push(cell);
  }
  return out.sort((x, y) => b.index.get(x)! - b.index.get(y)!);
}

/** The side whose decision it is, or null when the game is over. */
export function actorOf(s: ShamState): string | null {
  if (s.gameOver) return null;
  if (s.choices.length) return s.choices[0]!.side;
  return s.player;
}

const inOrder = (b: ShamBoard, s: ShamState): UnitState[] => {
  const byId = new Map(s.units.map((u) => [u.id, u]));
  return b.order.map((id) => byId.get(id)!).filter(Boolean);
};

/** The routes found while listing a state's moves, kept for describing them (states never change once made). */
export const routesFound = new WeakMap<ShamState, Map<string, Reach[]>>();

/**
 * Routes a state may take over from the state before it, when one plain move was all that
 * happened between them: a stand whose area is farther than any move from both areas the move
 * changed finds exactly the routes it found before (set by actions.ts).
 */
export const routesInherited = new WeakMap<ShamState, { routes: Map<string, Reach[]>; changed: number[] }>();

/** Farther than any move reaches (cavalry 3) plus the area whose stacking it could fill. */
const UNTOUCHED = 3;

export function legalActions(s: ShamState): ShamAction[] {
  if (s.gameOver) return [];
  const b = boardOf(s.scenario);
  if (s.choices.length) {
    const ch = s.choices[0]!;
    return [
      { type: 'fallBack', side: ch.side, unit: ch.unit },
      { type: 'standFast', side: ch.side, unit: ch.unit },
    ];
  }
  const side = s.player;
  if (side === null) return [];
  const out: ShamAction[] = [];
  const engaged = engagedIds(s);
  switch (s.phase) {
    case 'fire': {
      const enemies = enemyCells(b, s, side);
      for (const u of inOrder(b, s)) if (mayShoot(b, s, u, 'opening', side, engaged)) for (const t of targetsOf(b, s, u, enemies)) out.push({ type: 'aim', side, unit: u.id, target: t });
      out.push({ type: 'endFire', side });
      break;
    }
    case 'movement': {
      const scan = moveScan(b, s);
      const units = inOrder(b, s);
      const routes = new Map<string, Reach[]>();
      const before = routesInherited.get(s);
      for (const u of units) {
        if (!mayMove(b, s, u, side, engaged)) continue;
        let list = before?.routes.get(u.id);
        if (list !== undefined && u.loyalty === 'loyal') {
          const here = b.index.get(u.cell!)!;
          if (before!.changed.some((c) => distance(b, here, c) <= UNTOUCHED)) list = undefined;
        } else list = undefined;
        list ??= destinations(b, s, u, scan);
        routes.set(u.id, list);
        for (const r of list) out.push({ type: 'move', side, unit: u.id, to: b.ids[r.cell]! });
      }
      routesFound.set(s, routes);
      const tired = isExhausted(b, s, side);
      for (const u of units) for (const t of assaultTargets(b, s, u, side, engaged, scan.occ, tired)) out.push({ type: 'assault', side, unit: u.id, target: t });
      for (const u of units) out.push(...buildOptions(b, s, u, side));
      for (const at of blowOptions(s, side)) out.push({ type: 'blow', side, at });
      out.push({ type: 'endMovement', side });
      break;
    }
    case 'rifle': {
      const enemies = enemyCells(b, s, side);
      for (const u of inOrder(b, s)) if (mayShoot(b, s, u, 'rifle', side, engaged)) for (const t of targetsOf(b, s, u, enemies)) out.push({ type: 'fire', side, unit: u.id, target: t });
      out.push({ type: 'endFire', side });
      break;
    }
    case 'night':
      out.push(...resupplyOptions(b, s, side));
      out.push({ type: 'endNight', side });
      break;
    default:
      break;
  }
  return out;
}

/**
 * Whether one action is among the legal ones, checked for that action alone (the same rules as
 * `legalActions`, without listing everything else).
 */
export function isLegal(s: ShamState, a: ShamAction): boolean {
  if (s.gameOver) return false;
  const b = boardOf(s.scenario);
  if (s.choices.length) {
    const ch = s.choices[0]!;
    return (a.type === 'fallBack' || a.type === 'standFast') && a.side === ch.side && a.unit === ch.unit;
  }
  const side = s.player;
  if (side === null || a.side !== side) return false;
  const u = 'unit' in a ? s.units.find((x) => x.id === a.unit) : undefined;
  if ('unit' in a && !u) return false;
  switch (a.type) {
    case 'aim':
      return s.phase === 'fire' && mayShoot(b, s, u!, 'opening', side) && targetsOf(b, s, u!).includes(a.target);
    case 'fire':
      return s.phase === 'rifle' && mayShoot(b, s, u!, 'rifle', side) && targetsOf(b, s, u!).includes(a.target);
    case 'endFire':
      return s.phase === 'fire' || s.phase === 'rifle';
    case 'move':
      return s.phase === 'movement' && mayMove(b, s, u!, side) && destinations(b, s, u!).some((r) => b.ids[r.cell] === a.to);
    case 'assault':
      return s.phase === 'movement' && assaultTargets(b, s, u!, side).includes(a.target);
    case 'build':
      return s.phase === 'movement' && buildOptions(b, s, u!, side).some((x) => x.task === a.task && x.at === a.at);
    case 'blow':
      return s.phase === 'movement' && blowOptions(s, side).includes(a.at);
    case 'endMovement':
      return s.phase === 'movement';
    case 'resupply':
      return s.phase === 'night' && resupplyOptions(b, s, side).some((x) => x.unit === a.unit && x.cell === a.cell);
    case 'endNight':
      return s.phase === 'night';
    default:
      return false;
  }
}

/** Has the side any gun or machine gun that may open fire at something? */
export function hasOpeningFire(b: ShamBoard, s: ShamState, side: string): boolean {
  return s.units.some((u) => mayShoot(b, s, u, 'opening', side) && targetsOf(b, s, u).length > 0);
}

export function hasRifleFire(b: ShamBoard, s: ShamState, side: string): boolean {
  return s.units.some((u) => mayShoot(b, s, u, 'rifle', side) && targetsOf(b, s, u).length > 0);
}
