// Close combat (seed 004, "Close Combat", "Hills", "Rivers", "Woods", "Built-up Areas and
// Fortifications"): after a side's activations, every enemy unit faced by one of its units from an
// orthogonally adjacent square is attacked. The unit the defender faces (the last to move into
// contact) attacks with its Close Combat Power; each further attacker takes one from the
// defender's. Both roll: a score at or under a side's power destroys the other unit. Infantry and
// cavalry may move into a destroyed defender's square; after a draw the attacker withdraws.
import type { PwUnitState } from '../../format/ruleset-pw.types.js';
import { DIRS, dirBetween, type PwBoard, type Role } from './board.js';
import {
  adjacentEnemies,
  cellIx,
  destroy,
  emit,
  faces,
  findUnit,
  info,
  isFootOrHorse,
  label,
  occupancy,
  onMap,
  other,
  place,
  roleOf,
  rollDie,
  unitName,
  type Ctx,
  type PwGame,
} from './state.js';

/** The units of `role` attacking an enemy unit: orthogonally adjacent and facing it (units that moved forward after a combat this step excepted). */
export function attackersOf(s: PwGame, b: PwBoard, defender: PwUnitState, role: Role): PwUnitState[] {
  const d = cellIx(b, defender);
  if (d < 0) return [];
  return adjacentEnemies(s, b, d, roleOf(b, defender.side))
    .filter((a) => roleOf(b, a.side) === role && faces(b, a, defender) && !s.advanced.includes(a.id))
    .sort((x, z) => s.units.indexOf(x) - s.units.indexOf(z));
}

/** The attacking unit: the one the defender faces (the last to move into contact), else the first in the order of battle. */
export function mainAttacker(b: PwBoard, defender: PwUnitState, attackers: PwUnitState[]): PwUnitState | undefined {
  return attackers.find((a) => faces(b, defender, a)) ?? attackers[0];
}

/** Enemy units the side's units are in close combat with now, in the order of battle. */
export function closeCombats(s: PwGame, b: PwBoard, role: Role): string[] {
  return s.units.filter((d) => onMap(d) && roleOf(b, d.side) === other(role) && attackersOf(s, b, d, role).length > 0).map((d) => d.id);
}

export interface PowerLine {
  power: number;
  mods: { reason: string; value: number }[];
}

/** The attacker's Close Combat Power against this defender, with each reduction and its reason (never below 1). */
export function attackPower(b: PwBoard, attacker: PwUnitState, defender: PwUnitState): PowerLine {
  const a = cellIx(b, attacker);
  const d = cellIx(b, defender);
  const mods: PowerLine['mods'] = [];
  const i = info(b, attacker.id);
  if (attacker.dismounted) mods.push({ reason: 'dismounted cavalry', value: -1 });
  if (b.defenceMod[d] === 2) mods.push({ reason: b.fort[d] ? 'defender in a fortification' : 'defender in a built-up area', value: -2 });
  else if (b.defenceMod[d] === 1) mods.push({ reason: 'defender in woods', value: -1 });
  if (b.contour[d]! > b.contour[a]!) mods.push({ reason: 'attacking uphill', value: -1 });
  if (b.ford[a]) mods.push({ reason: 'attacking from the river', value: -1 });
  const raw = i.ccp + mods.reduce((t, m) => t + m.value, 0);
  return { power: Math.max(1, raw), mods };
}

/** The defender's Close Combat Power against `attackers` units: one less for each attacker after the first (at most three less), never below 1. */
export function defencePower(b: PwBoard, defender: PwUnitState, attackers: number): PowerLine {
  const mods: PowerLine['mods'] = [];
  if (defender.dismounted) mods.push({ reason: 'dismounted cavalry', value: -1 });
  const extra = Math.min(3, Math.max(0, attackers - 1));
  if (extra > 0) mods.push({ reason: `${attackers} attacking units`, value: -extra });
  const raw = info(b, defender.id).ccp + mods.reduce((t, m) => t + m.value, 0);
  return { power: Math.max(1, raw), mods };
}

/** Empty squares an attacker may withdraw to after a draw: orthogonally or diagonally adjacent, enterable, not orthogonally adjacent to an enemy unit. */
export function withdrawSquares(s: PwGame, b: PwBoard, u: PwUnitState): number[] {
  const i = cellIx(b, u);
  const role = roleOf(b, u.side);
  const occ = occupancy(s, b);
  const col = i % b.cols;
  const row = Math.floor(i / b.cols);
  const out: number[] = [];
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      const c = col + dc;
      const r = row + dr;
      if ((dc === 0 && dr === 0) || c < 0 || r < 0 || c >= b.cols || r >= b.rows) continue;
      const j = r * b.cols + c;
      if (!b.passable[j] || occ[j]! >= 0) continue;
      if (adjacentEnemies(s, b, j, role).length > 0) continue;
      out.push(j);
    }
  }
  return out;
}

/** Whether the attacker may move forward into the square (infantry or cavalry; one hill contour a turn). */
export function mayFollowUp(b: PwBoard, attacker: PwUnitState, cell: number): boolean {
  if (!onMap(attacker) || !isFootOrHorse(b, attacker)) return false;
  const a = cellIx(b, attacker);
  if (b.contour[a] === b.contour[cell]) return true;
  return !attacker.climbed && Math.abs(b.contour[a]! - b.contour[cell]!) === 1;
}

/** Fights the close combat against `defenderId` (a pending one), leaving a follow-up or withdrawal to decide when there is one. */
export function resolveCloseCombat(ctx: Ctx, defenderId: string): void {
  const { s, b } = ctx;
  s.pending = s.pending.filter((x) => x !== defenderId);
  const defender = findUnit(s, defenderId)!;
  const role = roleOf(b, s.player!);
  const attackers = attackersOf(s, b, defender, role);
  const attacker = mainAttacker(b, defender, attackers);
  if (!attacker) return;
  const d = cellIx(b, defender);
  const a = cellIx(b, attacker);
  // The defender turns to face its attacker.
  defender.facing = DIRS[dirBetween(b, d, a)]!;
  const ap = attackPower(b, attacker, defender);
  const dp = defencePower(b, defender, attackers.length);
  const ar = rollDie(ctx, `${unitName(b, attacker.id)} attacks (close combat power ${ap.power})`, ap.power);
  const dr = rollDie(ctx, `${unitName(b, defender.id)} defends (close combat power ${dp.power})`, dp.power);
  const defenderDies = ar.die <= ap.power;
  const attackerDies = dr.die <= dp.power;
  const an = unitName(b, attacker.id);
  const dn = unitName(b, defender.id);
  const support = attackers.length > 1 ? ` with ${attackers.length - 1} more attacking unit${attackers.length > 2 ? 's' : ''}` : '';
  const outcome =
    defenderDies && attackerDies
      ? 'Both are destroyed.'
      : defenderDies
        ? `${dn} is destroyed.`
        : attackerDies
          ? `${an} is destroyed.`
          : `A draw: ${an} must withdraw.`;
  emit(ctx, 'combat', `${an} attacks ${dn} in ${label(b, d)}${support}: ${ar.die} against ${ap.power}, ${dr.die} against ${dp.power}. ${outcome}`, {
    side: attacker.side,
    cell: defender.cell!,
    units: [attacker.id, defender.id],
    rolls: [ar.roll, dr.roll],
  });
  if (defenderDies) destroy(ctx, defender);
  if (attackerDies) destroy(ctx, attacker);
  if (defenderDies && !attackerDies) {
    if (mayFollowUp(b, attacker, d)) s.combat = { stage: 'advance', attacker: attacker.id, cell: b.ids[d]! };
    return;
  }
  if (!defenderDies && !attackerDies) {
    if (withdrawSquares(s, b, attacker).length === 0) {
      destroy(ctx, attacker);
      emit(ctx, 'losses', `${an} has nowhere to withdraw to and is destroyed.`, { side: attacker.side, units: [attacker.id] });
      return;
    }
    s.combat = { stage: 'withdraw', attacker: attacker.id, cell: b.ids[d]! };
  }
}

/** The attacker moves into the destroyed defender's square (or stays), facing on. */
export function followUp(ctx: Ctx, advance: boolean): void {
  const { s, b } = ctx;
  const c = s.combat!;
  s.combat = null;
  const u = findUnit(s, c.attacker)!;
  const to = b.index.get(c.cell)!;
  if (!advance) {
    emit(ctx, 'advance', `${unitName(b, u.id)} holds its ground in ${label(b, cellIx(b, u))}.`, { side: u.side, units: [u.id] });
    return;
  }
  const from = cellIx(b, u);
  place(ctx, u, to);
  s.advanced.push(u.id);
  emit(ctx, 'advance', `${unitName(b, u.id)} moves forward from ${label(b, from)} into ${label(b, to)}.`, { side: u.side, cell: c.cell, units: [u.id] });
}

/** The attacker of a drawn close combat withdraws to the square chosen. */
export function withdraw(ctx: Ctx, to: number): void {
  const { s, b } = ctx;
  const c = s.combat!;
  s.combat = null;
  const u = findUnit(s, c.attacker)!;
  const from = cellIx(b, u);
  place(ctx, u, to);
  emit(ctx, 'withdraw', `${unitName(b, u.id)} withdraws from ${label(b, from)} to ${label(b, to)}.`, { side: u.side, cell: b.ids[to]!, units: [u.id] });
}

