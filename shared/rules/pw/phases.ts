// The turn sequence (seed 004, "Turn Sequence", "Activation Dice", "Artillery Fire"):
//   1. artillery fire, simultaneous: each side commits its orders hidden from the other, then all
//      fire is resolved and casualties removed together;
//   2. both sides roll a die, the higher activates first: it throws its activation dice, activates
//      units one at a time, resolves its close combats; then the other side does the same;
//   3. the turn ends: objectives score, exhausted armies lose, the turn limit ends the battle.
// `advance` runs everything automatic inside `apply` until a side must decide.
import type { PwUnitState } from '../../format/ruleset-pw.types.js';
import { orthRange, type PwBoard, type Role } from './board.js';
import { closeCombats } from './combat.js';
import { DRIFT, drifts, driftCell, effectOf, fireTargets, inCover, mayBombard, mayFire, type FireEffect } from './fire.js';
import { chargePinnedCavalry, mayMove, moveChoices } from './movement.js';
import {
  adjacentEnemies,
  aliveOf,
  cellIx,
  destroy,
  emit,
  findUnit,
  isCommand,
  label,
  lossesOf,
  onMap,
  other,
  plural,
  roleOf,
  rollDie,
  sideName,
  unitAt,
  unitName,
  type Ctx,
  type PwGame,
} from './state.js';

/** Activation dice a side throws now: one for its Command unit, plus one per three other units (rounded up for European armies, down for Native ones). */
export function activationDiceOf(s: PwGame, b: PwBoard, r: Role): number {
  const units = aliveOf(s, b, r);
  return activationDiceFor(b.options.armies[r], units.some((u) => isCommand(b, u)), units.filter((u) => !isCommand(b, u)).length);
}

/** The formula itself, for an army with or without its Command unit and `others` other units. */
export const activationDiceFor = (army: 'european' | 'native', command: boolean, others: number): number =>
  (command ? 1 : 0) + (army === 'european' ? Math.ceil(others / 3) : Math.floor(others / 3));

/** Activations an activation die gives for a d6 score: the score halved, rounded down (faces 0, 1, 1, 2, 2, 3). */
export const activationsFor = (die: number): number => Math.floor(die / 2);

/** Artillery units of a side that may be given a fire order this turn (they have a target in range and arc). */
export function gunsWithTargets(s: PwGame, b: PwBoard, r: Role): PwUnitState[] {
  return aliveOf(s, b, r).filter((u) => mayBombard(s, b, u) && fireTargets(s, b, u).length > 0);
}

/** The side that must commit artillery orders now, or null once both have. */
export function committingSide(s: PwGame, b: PwBoard): Role | null {
  for (const r of [0, 1] as const) if (!s.committed.includes(b.sides[r].id)) return r;
  return null;
}

/** Whether the player has any unit action left this activation step (move, fire, unpin, mount or dismount). */
export function hasUnitActions(s: PwGame, b: PwBoard): boolean {
  if (s.activations < 1 || s.player === null) return false;
  const r = roleOf(b, s.player);
  return aliveOf(s, b, r).some((u) => {
    if (u.pinned && !u.activated) return true;
    if (mayFire(s, b, u) && fireTargets(s, b, u).length > 0) return true;
    if (!mayMove(s, b, u)) return false;
    // A unit that may move and has no enemy next to it can always turn where it stands.
    return adjacentEnemies(s, b, cellIx(b, u), r).length === 0 || moveChoices(s, b, u, s.activations).length > 0;
  });
}

function resolveArtillery(ctx: Ctx): void {
  const { s, b } = ctx;
  const hits = new Map<string, FireEffect>();
  for (const o of s.orders) {
    const gun = findUnit(s, o.unit)!;
    const from = cellIx(b, gun);
    const target = b.index.get(o.cell)!;
    const rolls = [];
    let landed = target;
    let how = '';
    if (drifts(b, from, target)) {
      const r = rollDie(ctx, `Drift of ${unitName(b, gun.id)}'s fire at ${orthRange(b, from, target)} squares`);
      rolls.push(r.roll);
      const drift = DRIFT[r.die - 1]!;
      landed = driftCell(b, target, gun.facing, drift);
      how = drift === 'on target' ? ` (${r.die}: on target)` : ` (${r.die}: drifts ${drift}${landed < 0 ? ' off the battlefield' : `, lands in ${label(b, landed)}`})`;
    }
    gun.fired = true;
    const victim = landed >= 0 ? unitAt(s, b, landed) : undefined;
    let text = `${unitName(b, gun.id)} in ${label(b, from)} fires at ${label(b, target)}${how}`;
    if (!victim) {
      text += landed < 0 ? ': no effect.' : `: ${label(b, landed)} is empty.`;
    } else {
      const cover = inCover(s, b, from, victim);
      const e = rollDie(ctx, `${cover ? 'Indirect' : 'Direct'} artillery fire on ${unitName(b, victim.id)}`, cover ? 6 : 5);
      rolls.push(e.roll);
      const effect = effectOf('artillery', cover, e.die);
      const prev = hits.get(victim.id);
      if (effect === 'destroyed' || (effect === 'pinned' && prev !== 'destroyed')) hits.set(victim.id, effect);
      text += `: ${cover ? 'indirect' : 'direct'} fire on ${unitName(b, victim.id)}, ${e.die}: ${effect === 'none' ? 'no effect' : effect}.`;
    }
    emit(ctx, 'fire', text, {
      side: gun.side,
      cell: o.cell,
      units: victim ? [gun.id, victim.id] : [gun.id],
      rolls,
      shot: { from: b.ids[from]!, target: o.cell, landed: landed >= 0 ? b.ids[landed]! : null },
    });
  }
  // Fire is simultaneous: casualties and pins take effect once every gun has fired.
  for (const [id, effect] of hits) {
    const u = findUnit(s, id)!;
    if (effect === 'destroyed') {
      emit(ctx, 'losses', `${unitName(b, id)} is destroyed by artillery fire.`, { side: u.side, cell: u.cell!, units: [id] });
      destroy(ctx, u);
    } else if (effect === 'pinned' && !u.pinned) {
      u.pinned = true;
      emit(ctx, 'pin', `${unitName(b, id)} is pinned.`, { side: u.side, cell: u.cell!, units: [id] });
    }
  }
  s.orders = [];
}

function rollInitiative(ctx: Ctx): void {
  const { s, b } = ctx;
  const rolls = [];
  for (;;) {
    const a = rollDie(ctx, `${sideName(b, 0)} initiative`);
    const z = rollDie(ctx, `${sideName(b, 1)} initiative`);
    rolls.push(a.roll, z.roll);
    if (a.die === z.die) continue;
    const first: Role = a.die > z.die ? 0 : 1;
    s.first = b.sides[first].id;
    s.player = s.first;
    const tie = rolls.length > 2 ? ` after ${plural(rolls.length / 2 - 1, 'tie')}` : '';
    emit(ctx, 'initiative', `Initiative: ${sideName(b, 0)} ${a.die}, ${sideName(b, 1)} ${z.die}${tie}. ${sideName(b, first)} activate first.`, { side: s.first, rolls });
    return;
  }
}

function beginActivation(ctx: Ctx): void {
  const { s, b } = ctx;
  const r = roleOf(b, s.player!);
  const n = activationDiceOf(s, b, r);
  s.phase = 'activation';
  s.pending = [];
  s.advanced = [];
  const rolls = [];
  let total = 0;
  for (let k = 0; k < n; k++) {
    const d = rollDie(ctx, `${sideName(b, r)} activation die ${k + 1} of ${n}`);
    rolls.push(d.roll);
    total += activationsFor(d.die);
  }
  s.activations = total;
  emit(ctx, 'activate', `${sideName(b, r)} throw ${plural(n, 'activation die', 'activation dice')}${n ? ` (${rolls.map((x) => x.dice[0]).join(', ')})` : ''}: ${plural(total, 'activation')}.`, {
    side: s.player!,
    rolls,
  });
}

/** The player's activations end: pinned European cavalry charges, then its close combats are found. */
export function endActivation(ctx: Ctx): void {
  const { s, b } = ctx;
  s.activations = 0;
  chargePinnedCavalry(ctx);
  s.phase = 'combat';
  s.pending = closeCombats(s, b, roleOf(b, s.player!));
  if (s.pending.length > 0) {
    emit(ctx, 'phase', `${sideName(b, roleOf(b, s.player!))}: ${plural(s.pending.length, 'close combat')} to fight.`, { side: s.player! });
  }
}

/** Score per side: enemy units destroyed plus objective points (the end-of-game values too when `final`). */
export function scoreOf(s: PwGame, b: PwBoard, final: boolean): [number, number] {
  const out: [number, number] = [s.vp[0]! + lossesOf(s, b, 1), s.vp[1]! + lossesOf(s, b, 0)];
  if (final) for (const o of b.objectives) out[holderOf(s, b, o.cell)] += o.endGame;
  return out;
}

export const holderOf = (s: PwGame, b: PwBoard, i: number): Role => (s.control.charAt(i) === b.sides[1].code ? 1 : 0);

function finish(ctx: Ctx, winner: Role | null, reason: string): void {
  const { s, b } = ctx;
  s.phase = 'over';
  s.player = null;
  s.activations = 0;
  s.pending = [];
  s.combat = null;
  s.gameOver = { winner: winner === null ? null : b.sides[winner].id, reason };
  emit(ctx, 'gameOver', reason, winner === null ? {} : { side: b.sides[winner].id });
}

/** An army with no units left has lost at once. */
function checkWipeOut(ctx: Ctx): boolean {
  const { s, b } = ctx;
  const gone = ([0, 1] as const).filter((r) => aliveOf(s, b, r).length === 0);
  if (gone.length === 0) return false;
  if (gone.length === 2) finish(ctx, null, 'Both armies have been destroyed: the battle is a draw.');
  else finish(ctx, other(gone[0]!), `${sideName(b, gone[0]!)} have no units left: ${sideName(b, other(gone[0]!))} win the battle.`);
  return true;
}

function endTurn(ctx: Ctx): void {
  const { s, b } = ctx;
  for (const o of b.objectives) if (o.perTurn > 0) s.vp[holderOf(s, b, o.cell)] += o.perTurn;
  const lost = [lossesOf(s, b, 0), lossesOf(s, b, 1)] as const;
  const exhausted = ([0, 1] as const).filter((r) => lost[r] >= b.exhaustAt[r]);
  const losses = (r: Role): string => `${sideName(b, r)} have lost ${lost[r]} of ${b.startCount[r]} units`;
  if (exhausted.length === 1) {
    const r = exhausted[0]!;
    finish(ctx, other(r), `${losses(r)} and are exhausted (exhaustion point ${b.exhaustAt[r]}): ${sideName(b, other(r))} win the battle.`);
    return;
  }
  if (exhausted.length === 2) {
    // Both exhausted in the same turn: the army that has lost the larger share of its units loses.
    const share = (r: Role): number => lost[r] / b.startCount[r];
    if (share(0) !== share(1)) {
      const r: Role = share(0) > share(1) ? 0 : 1;
      finish(ctx, other(r), `Both armies are exhausted; ${losses(r)}, the larger share: ${sideName(b, other(r))} win the battle.`);
    } else finish(ctx, null, `Both armies are exhausted with the same share of losses: the battle is a draw.`);
    return;
  }
  if (s.turn >= b.options.turnLimit) {
    const [a, z] = scoreOf(s, b, true);
    if (a === z) finish(ctx, null, `The battle ends after turn ${s.turn} with the score ${a}–${z}: a draw.`);
    else {
      const w: Role = a > z ? 0 : 1;
      finish(ctx, w, `The battle ends after turn ${s.turn}: ${sideName(b, w)} win ${Math.max(a, z)}–${Math.min(a, z)} (enemy units destroyed and objectives held).`);
    }
    return;
  }
  s.turn += 1;
  for (const u of s.units) {
    u.fired = false;
    u.moved = false;
    u.activated = false;
    u.climbed = false;
    delete u.charged;
  }
  s.first = null;
  s.player = null;
  s.phase = 'orders';
  s.committed = [];
  emit(ctx, 'turn', `Turn ${s.turn}${b.options.turnLimit ? ` of ${b.options.turnLimit}` : ''}.`);
}

/** Runs the automatic parts of the turn until a side must decide (or the battle is over). */
export function advance(ctx: Ctx): void {
  const { s, b } = ctx;
  for (let guard = 0; guard < 10_000; guard++) {
    if (s.gameOver) return;
    if (checkWipeOut(ctx)) return;
    switch (s.phase) {
      case 'orders': {
        const r = committingSide(s, b);
        if (r !== null) {
          if (gunsWithTargets(s, b, r).some((g) => !s.orders.some((o) => o.unit === g.id))) return;
          // Nothing (more) to order: the side's orders are in.
          s.committed.push(b.sides[r].id);
          continue;
        }
        if (s.orders.length > 0) resolveArtillery(ctx);
        s.committed = [];
        if (checkWipeOut(ctx)) return;
        rollInitiative(ctx);
        beginActivation(ctx);
        continue;
      }
      case 'activation':
        if (hasUnitActions(s, b)) return;
        endActivation(ctx);
        continue;
      case 'combat': {
        if (s.combat) return;
        const r = roleOf(b, s.player!);
        s.pending = s.pending.filter((id) => {
          const d = findUnit(s, id);
          return d !== undefined && onMap(d) && closeCombats(s, b, r).includes(id);
        });
        if (s.pending.length > 0) return;
        s.advanced = [];
        if (s.player === s.first) {
          s.player = b.sides[other(r)].id;
          beginActivation(ctx);
          continue;
        }
        endTurn(ctx);
        continue;
      }
      case 'over':
        return;
    }
  }
  throw new Error('The Portable Wargame: the turn sequence did not come to a decision.');
}

/** The opening of the battle: the first turn's artillery orders (or whatever comes first). */
export function announceStart(ctx: Ctx): void {
  const { b } = ctx;
  emit(ctx, 'turn', `Turn 1 of ${b.options.turnLimit}: ${sideName(b, 0)} (${b.options.armies[0]} army, ${plural(b.startCount[0], 'unit')}) against ${sideName(b, 1)} (${b.options.armies[1]} army, ${plural(b.startCount[1], 'unit')}).`);
}

