// Treachery (seed 003, "Treachery..."): at the start of each side's turn it rolls for
// disaffection in the enemy army; on a 6 the arm (1 guns, 2–3 cavalry, 4–6 infantry), then the
// stand, then what it does: 1–2 mutiny, 3–4 defection, 5–6 fifth column. Also the contact that
// turns a defector, and the consequences every loss may have (rout, defections).
import { distance, type ShamBoard } from './board.js';
import { eliminate, retreatOnce, routedNow, settleEngagements } from './combat.js';
import { TREACHERY_ACTS, TREACHERY_ARMS, TREACHERY_SCORE } from './data.js';
import { retreatCell } from './movement.js';
import { armyOf, emit, label, nameOf, otherId, roll, sideIdx, standsIn, type Ctx, type UnitState } from './state.js';

/**
 * Picks one of `n` stands numbered in order of battle with d6s: up to six, one die (scores above
 * `n` rolled again); more, first a die for the group of six (split evenly when the groups divide
 * six: 1–3 and 4–6 for two), then a die within the group (an empty number: both dice again).
 */
export function pickByDice(c: Ctx, n: number, dice: number[]): number {
  if (n <= 1) return 0;
  const d6 = (): number => {
    const d = roll(c);
    dice.push(d);
    return d;
  };
  if (n <= 6) {
    for (;;) {
      const d = d6();
      if (d <= n) return d - 1;
    }
  }
  const groups = Math.ceil(n / 6);
  for (;;) {
    let g: number;
    if (groups <= 6 && 6 % groups === 0) g = Math.ceil((d6() * groups) / 6) - 1;
    else {
      g = pickByDice(c, groups, dice);
    }
    const slot = g * 6 + d6() - 1;
    if (slot < n) return slot;
  }
}

/** Stands of the army that may turn: artillery, machine guns, cavalry and infantry, loyal and on the map. */
function suspects(c: Ctx, side: string, arm: 'guns' | 'cavalry' | 'infantry'): UnitState[] {
  return c.b.order
    .map((id) => c.s.units.find((u) => u.id === id)!)
    .filter((u) => u.side === side && u.status === 'map' && u.loyalty === 'loyal' && c.b.stands.get(u.id)!.rules.treachery === arm);
}

/** The phasing side rolls for treachery in the enemy army. */
export function treacheryRoll(c: Ctx, roller: string): void {
  const b = c.b;
  const army = otherId(b, roller);
  const armyName = armyOf(b, army);
  const d = roll(c);
  if (d < TREACHERY_SCORE) {
    emit(c, 'treachery', `Treachery roll against ${armyName}: ${d}, no disaffection.`, {
      side: roller,
      rolls: [{ purpose: 'treachery', dice: [d], need: TREACHERY_SCORE }],
    });
    return;
  }
  const a = roll(c);
  const arm = TREACHERY_ARMS[a - 1]!;
  const list = suspects(c, army, arm);
  if (list.length === 0) {
    emit(c, 'treachery', `Disaffection in ${armyName} (${d}), among its ${arm} (${a}), but none is left to waver.`, {
      side: roller,
      rolls: [{ purpose: 'treachery', dice: [d, a], need: TREACHERY_SCORE }],
    });
    return;
  }
  const pickDice: number[] = [];
  const u = list[pickByDice(c, list.length, pickDice)]!;
  const x = roll(c);
  const act = TREACHERY_ACTS[x - 1]!;
  const rolls = [
    { purpose: 'treachery', dice: [d], need: TREACHERY_SCORE },
    { purpose: 'treachery: arm', dice: [a] },
    ...(pickDice.length ? [{ purpose: 'treachery: which stand', dice: pickDice }] : []),
    { purpose: 'treachery: what it does', dice: [x] },
  ];
  const name = nameOf(b, u.id);
  if (act === 'mutiny') {
    u.loyalty = 'mutinous';
    emit(c, 'treachery', `Mutiny! ${name} (${label(b, u.cell)}) refuses all orders; its ${u.sp} SP are lost to ${armyName}.`, { side: roller, cell: u.cell!, units: [u.id], rolls });
  } else if (act === 'defection') {
    u.loyalty = 'defecting';
    emit(c, 'treachery', `Defection! ${name} (${label(b, u.cell)}) means to change sides: ${b.sides[sideIdx(b, roller)].name} moves it until it meets one of its stands.`, {
      side: roller,
      cell: u.cell!,
      units: [u.id],
      rolls,
    });
  } else {
    emit(c, 'treachery', `Fifth column! ${name} (${label(b, u.cell)}) goes over to ${b.sides[sideIdx(b, roller)].name} with its ${u.sp} SP.`, { side: roller, cell: u.cell!, units: [u.id], rolls });
    turnCoat(c, u, roller);
  }
  afterLosses(c);
}

/** The stand now belongs to `side`; if former comrades share its area it moves out next to them, or is taken by them. */
function turnCoat(c: Ctx, u: UnitState, side: string): void {
  u.side = side;
  u.loyalty = 'loyal';
  for (const e of c.s.engagements) e.units = e.units.filter((id) => id !== u.id);
  if (!standsIn(c.s, u.cell!).some((v) => v.side !== side)) return;
  if (retreatCell(c.b, c.s, u, []) === null) {
    eliminate(c, u, 'is surrounded by its former comrades and taken');
    return;
  }
  retreatOnce(c, u, []);
}

/** Defecting stands next to (or contacted by) a stand of the army they mean to join go over to it. */
export function checkDefections(c: Ctx): void {
  const b = c.b;
  for (let changed = true; changed; ) {
    changed = false;
    for (const u of c.s.units) {
      if (u.loyalty !== 'defecting' || u.status !== 'map' || u.cell === null) continue;
      const joining = otherId(b, u.side);
      const here = b.index.get(u.cell)!;
      const met = c.s.units.some((v) => v.side === joining && v.status === 'map' && v.cell !== null && distance(b, here, b.index.get(v.cell)!) <= 1);
      if (!met) continue;
      const formerName = armyOf(b, u.side);
      emit(c, 'treachery', `${nameOf(b, u.id)} meets ${b.sides[sideIdx(b, joining)].name} at ${label(b, u.cell)} and changes sides; its ${u.sp} SP are lost to ${formerName}.`, {
        side: joining,
        cell: u.cell,
        units: [u.id],
      });
      turnCoat(c, u, joining);
      changed = true;
    }
  }
}

/** An army reaching its rout point flees: its stands in close combat break off and retreat one area. */
export function routArmy(c: Ctx, side: string): void {
  const b = c.b;
  const army = c.s.armies[side]!;
  army.routed = true;
  emit(c, 'rally', `${armyOf(b, side)} reaches its rout point and flees towards its own table edge.`, { side });
  for (const e of [...c.s.engagements]) {
    if (e.side === side) {
      for (const id of e.units) {
        const u = c.s.units.find((x) => x.id === id);
        if (u && u.status === 'map') retreatOnce(c, u, [b.index.get(e.target)!]);
      }
      c.s.engagements = c.s.engagements.filter((x) => x !== e);
    } else {
      const from = e.units
        .map((id) => c.s.units.find((x) => x.id === id))
        .filter((u): u is UnitState => !!u && u.status === 'map' && u.cell !== null)
        .map((u) => b.index.get(u.cell!)!);
      for (const u of standsIn(c.s, e.target).filter((x) => x.side === side)) retreatOnce(c, u, from);
    }
  }
  settleEngagements(c);
}

/** What losses and moves may set off: an army's rout, defectors meeting their new army. */
export function afterLosses(c: Ctx): void {
  for (const side of c.b.sides) {
    if (!c.s.gameOver && routedNow(c.b, c.s, side.id)) routArmy(c, side.id);
  }
  checkDefections(c);
}

export const sideName = (b: ShamBoard, side: string): string => b.sides[sideIdx(b, side)].name;
