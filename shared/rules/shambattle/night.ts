// The night (seed 003, "Supply and Resupply"): each army may place depleted or eliminated stands
// in the area of one of its logistics stands (one stand there) or next to it (two an area), and
// give them back SP from what its arm lost today; the engineer train refills to its full 3 SP
// from the specialists' share; a lost Army Commander is replaced for 6 SP drawn from the whole
// pool. Only the day's losses come back; what is not used is gone at daybreak.
import type { ShambattleResupplyAction } from '../../format/ruleset-shambattle.types.js';
import type { ShamBoard } from './board.js';
import { placeStand } from './combat.js';
import { STACKING_LIMIT, TERRAIN, type Arm } from './data.js';
import { emit, label, nameOf, occupancy, type Ctx, type Occupancy, type Pool, type ShamState, type UnitState } from './state.js';

export type ResupplyAction = ShambattleResupplyAction;

const DRAW_ORDER: readonly Arm[] = ['command', 'infantry', 'cavalry', 'specialists'];

/** The stands that go together: engineers with their train. */
function members(b: ShamBoard, s: ShamState, u: UnitState): UnitState[] {
  const comp = b.stands.get(u.id)!.companion;
  const other = comp ? s.units.find((x) => x.id === comp && x.side === u.side && x.loyalty === 'loyal') : undefined;
  if (!other) return [u];
  // The train first: it takes the specialists' SP first.
  return b.stands.get(u.id)!.stand === 'engineerTrain' ? [u, other] : [other, u];
}

/** SP each member would get back from the pool, and whether it comes onto the map. */
export function plan(b: ShamBoard, s: ShamState, u: UnitState): { unit: UnitState; gain: number; placed: boolean }[] {
  const pool: Pool = { ...s.armies[u.side]!.pool };
  return members(b, s, u).map((m) => {
    const info = b.stands.get(m.id)!;
    const arm = info.rules.arm;
    let gain = 0;
    if (arm === 'command') {
      const total = DRAW_ORDER.reduce((t, k) => t + pool[k], 0);
      if (m.status === 'eliminated' && total >= info.max) {
        let owed = info.max;
        for (const k of DRAW_ORDER) {
          const take = Math.min(owed, pool[k]);
          pool[k] -= take;
          owed -= take;
        }
        gain = info.max;
      }
    } else if (arm !== null) {
      gain = Math.min(info.max - m.sp, pool[arm]);
      pool[arm] -= gain;
    }
    return { unit: m, gain, placed: m.status === 'map' || m.status === 'fled' || gain > 0 };
  });
}

/** Areas where the side's stands may be resupplied: its logistics stands' areas and the areas next to them. */
export function resupplyAreas(b: ShamBoard, s: ShamState, side: string): Set<number> {
  const out = new Set<number>();
  for (const u of s.units) {
    if (u.side !== side || u.status !== 'map' || u.loyalty !== 'loyal' || u.cell === null || !b.stands.get(u.id)!.rules.logistics) continue;
    const i = b.index.get(u.cell)!;
    out.add(i);
    for (const l of b.links[i]!) if (!l.cutsSupply) out.add(l.to);
  }
  return out;
}

/** Every resupply the side may make now (`first`: stop at the first one found). */
export function resupplyOptions(b: ShamBoard, s: ShamState, side: string, first = false): ResupplyAction[] {
  const areas = [...resupplyAreas(b, s, side)].sort((x, y) => x - y);
  if (areas.length === 0) return [];
  const occ = occupancy(b, s);
  const me = b.sideIndex.get(side) ?? 0;
  const out: ResupplyAction[] = [];
  for (const id of b.order) {
    const u = s.units.find((x) => x.id === id)!;
    if (u.side !== side || u.loyalty !== 'loyal' || u.moved || b.stands.get(u.id)!.rules.logistics) continue;
    const p = plan(b, s, u);
    if (p.some((m) => m.unit.moved)) continue;
    const worth = p.some((m) => m.gain > 0) || p.some((m) => m.unit.status === 'fled');
    if (!worth) continue;
    const placed = p.filter((m) => m.placed).map((m) => m.unit);
    for (const i of areas) {
      if (!fits(b, occ, me, placed, i)) continue;
      out.push({ type: 'resupply', side, unit: u.id, cell: b.ids[i]! });
      if (first) return out;
    }
  }
  return out;
}

/** The stands can stand in the area: passable for each, free of the enemy, room for them beside who is there. */
function fits(b: ShamBoard, occ: Occupancy, me: number, placed: readonly UnitState[], i: number): boolean {
  if (occ.side[i] !== -1 && occ.side[i] !== me) return false;
  const kind = TERRAIN[b.cls[i]!].move;
  if (kind === 'none') return false;
  const cell = b.ids[i]!;
  let already = 0;
  let coming = 0;
  for (const m of placed) {
    const r = b.stands.get(m.id)!.rules;
    if (r.move[kind] === 0) return false;
    if (!r.stacks) continue;
    coming++;
    if (m.status === 'map' && m.cell === cell) already++;
  }
  const here = occ.side[i] === -1 ? 0 : occ.count[i]!;
  return here - already + coming <= STACKING_LIMIT;
}

/** Places the stand (and its companion) and gives back the SP. */
export function resupply(c: Ctx, a: ResupplyAction): void {
  const u = c.s.units.find((x) => x.id === a.unit)!;
  const p = plan(c.b, c.s, u);
  const pool = c.s.armies[a.side]!.pool;
  const parts: string[] = [];
  for (const m of p) {
    const info = c.b.stands.get(m.unit.id)!;
    const arm = info.rules.arm;
    if (arm === 'command' && m.gain > 0) {
      let owed = m.gain;
      for (const k of DRAW_ORDER) {
        const take = Math.min(owed, pool[k]);
        pool[k] -= take;
        owed -= take;
      }
    } else if (arm !== null) pool[arm] -= m.gain;
    m.unit.moved = true;
    if (!m.placed) continue;
    m.unit.sp += m.gain;
    m.unit.status = 'map';
    m.unit.cell = a.cell;
    parts.push(m.gain > 0 ? `${nameOf(c.b, m.unit.id)} +${m.gain} SP (now ${m.unit.sp})` : `${nameOf(c.b, m.unit.id)} returns`);
  }
  const lead = p.find((m) => m.placed)?.unit ?? u;
  placeStand(c, lead, a.cell);
  emit(c, 'replacement', `Overnight at ${label(c.b, a.cell)}: ${parts.join(', ')}.`, { side: a.side, cell: a.cell, units: p.filter((m) => m.placed).map((m) => m.unit.id) });
}
