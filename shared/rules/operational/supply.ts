// Supply lines: which cells a side can trace to one of its supply bases, whether a unit is
// getting supplies (and why not), and the supply phase's status table.
import type { GameState, UnitState, SupplyStatus } from '../types.js';
import { IMPASSABLE, type RulesBoard } from './board.js';
import { controlOf, emit, info, label, leftCell, loseStrength, occupancy, sideNo, unitName, onMap, type Ctx } from './state.js';

export const frozenGround = (s: GameState): boolean => s.ground === 'frozen' || s.ground === 'snow';

/** Whether a cell can be entered at all under the current ground (lakes freeze). */
export function cellPassable(s: GameState, b: RulesBoard, i: number): boolean {
  return b.category[i] !== IMPASSABLE || (b.freezes[i] === 1 && frozenGround(s));
}

/**
 * Steps from every cell to the nearest supply base of `side` along cells the side controls
 * (a contested cell counts when the side controls it); -1 where no line reaches. River sides
 * never block; lake shores and lakes do until the ground freezes; a side feature of the
 * scenario's own that blocks supply always does.
 */
export function supplyDistances(s: GameState, b: RulesBoard, side: 0 | 1): Int32Array {
  const dist = new Int32Array(b.n).fill(-1);
  const frozen = frozenGround(s);
  const queue: number[] = [];
  for (let i = 0; i < b.n; i++) {
    if (b.supplyBase[i] === side && controlOf(s, b, i) === side && cellPassable(s, b, i)) {
      dist[i] = 0;
      queue.push(i);
    }
  }
  for (let h = 0; h < queue.length; h++) {
    const i = queue[h]!;
    for (const l of b.links[i]!) {
      if (dist[l.to] !== -1 || l.cutsSupply) continue;
      if (!frozen && (l.lakeShore || l.diagLake)) continue;
      if (controlOf(s, b, l.to) !== side || !cellPassable(s, b, l.to)) continue;
      dist[l.to] = dist[i]! + 1;
      queue.push(l.to);
    }
  }
  return dist;
}

export interface SupplyCheck {
  getting: boolean;
  note: string;
}

/** Whether a unit is getting supplies now; `dist` from supplyDistances for its side. */
export function supplyCheck(s: GameState, b: RulesBoard, u: UnitState, dist: Int32Array): SupplyCheck {
  const unit = info(b, u);
  if (unit.branch === 'cavalry' || unit.branch === 'airborne') {
    return { getting: true, note: `${unit.branch === 'cavalry' ? 'Cavalry' : 'Airborne'} units are always supplied.` };
  }
  const i = b.index.get(u.cell ?? '') ?? -1;
  if (i < 0) return { getting: false, note: 'Not on the map.' };
  const side = sideNo(b, u.side);
  if (b.supplyBase[i] === side) return { getting: true, note: 'On a friendly supply base.' };
  const limit = b.options.supplyLineLimit ?? Infinity;
  let steps = dist[i]! >= 0 ? dist[i]! : -1;
  if (steps < 0) {
    // A unit may trace out of the cell it stands in whoever controls it.
    const frozen = frozenGround(s);
    for (const l of b.links[i]!) {
      if (l.cutsSupply || (!frozen && (l.lakeShore || l.diagLake))) continue;
      const d = dist[l.to]!;
      if (d >= 0 && (steps < 0 || d + 1 < steps)) steps = d + 1;
    }
  }
  if (steps < 0) {
    const anyBase = b.supplyBase.some((o, k) => o === side && controlOf(s, b, k) === side);
    return {
      getting: false,
      note: anyBase
        ? 'No supply line: every path to a friendly supply base crosses enemy-controlled or impassable cells, or a side that blocks supply.'
        : 'No friendly supply base is left under friendly control.',
    };
  }
  if (steps > limit) return { getting: false, note: `The supply line would be ${steps} cells; the limit is ${limit}.` };
  return { getting: true, note: steps === 0 ? 'Traces supply from this cell.' : `Supply line of ${steps} cells.` };
}

const inRange = (list: { side: string; fromTurn: number; toTurn: number }[] | undefined, side: string, turn: number): boolean =>
  (list ?? []).some((r) => r.side === side && turn >= r.fromTurn && turn <= r.toTurn);

/** Status after a supply phase in which the unit is not getting supplies. */
export function nextStatus(prev: SupplyStatus, airlift: boolean): SupplyStatus {
  if (airlift) return 'out-of-supply';
  if (prev === 'in-supply') return 'out-of-supply';
  if (prev === 'out-of-supply') return 'isolated';
  return 'desperate';
}

/** Phase 2: every unit on the map checks supply and takes its status and activation. */
export function supplyPhase(ctx: Ctx): void {
  const { s, b } = ctx;
  const dists = [supplyDistances(s, b, 0), supplyDistances(s, b, 1)];
  for (const side of [0, 1] as const) {
    const sid = b.sides[side].id;
    const airlift = inRange(b.scenario.airliftedSupply, sid, s.turn);
    const lines: string[] = [];
    const units: string[] = [];
    for (const u of s.units) {
      if (!onMap(u) || u.side !== sid) continue;
      const check = supplyCheck(s, b, u, dists[side]!);
      const before = u.supply;
      if (check.getting) {
        u.supply = 'in-supply';
        u.act = 'ready';
        delete u.held;
      } else {
        u.supply = nextStatus(u.supply, airlift);
        u.act = 'expended';
        u.held = true;
      }
      if (u.supply !== before || !check.getting) {
        const why = check.note.charAt(0).toLowerCase() + check.note.slice(1).replace(/\.$/, '');
        lines.push(`${unitName(b, u)} ${u.supply}${check.getting ? '' : ` (${why})`}`);
        units.push(u.id);
      }
    }
    if (lines.length > 0) {
      emit(ctx, 'supply', `Turn ${s.turn} supply, ${b.sides[side].name}: ${lines.join('; ')}${airlift ? ' (airlifted supply)' : ''}.`, {
        side: sid,
        units,
      });
    }
  }
  // Desperate units standing among the enemy lose two points at once.
  const occ = occupancy(s, b);
  for (const u of s.units) {
    if (!onMap(u) || u.supply !== 'desperate') continue;
    const i = b.index.get(u.cell!)!;
    const enemy = 1 - sideNo(b, u.side);
    if (occ[2 * i + enemy]! > 0) {
      const name = unitName(b, u);
      const left = loseStrength(ctx, u, 2, b.sides[enemy]!.id);
      emit(
        ctx,
        'supply',
        `${name} is desperate in enemy-occupied ${label(b, i)} and loses 2 strength${u.strength === 0 ? ' and is destroyed' : ''}.`,
        { side: u.side, cell: b.ids[i], units: [u.id] },
      );
      // The last of its side gone leaves the cell to the enemy standing in it.
      if (left >= 0) leftCell(ctx, left, sideNo(b, u.side));
    }
  }
}

export { inRange };
