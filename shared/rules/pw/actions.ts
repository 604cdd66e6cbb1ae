// The decisions of a Portable Wargame battle: who must act, every legal action, and applying one
// (each checked first, so an action from a save or another thread is refused with a reason).
import type { PwAction, PwUnitState } from '../../format/ruleset-pw.types.js';
import type { RuleError } from '../types.js';
import { DIRS, type Facing, type PwBoard } from './board.js';
import { followUp, resolveCloseCombat, withdraw, withdrawSquares } from './combat.js';
import { effectOf, fireTargets, inCover, mayFire, sight } from './fire.js';
import { doMove, mayMove, moveChoices } from './movement.js';
import { committingSide, endActivation, gunsWithTargets } from './phases.js';
import { aliveOf, cellIx, destroy, emit, findUnit, isCavalry, label, roleOf, rollDie, unitName, type Ctx, type PwGame } from './state.js';

export function actorOf(s: PwGame, b: PwBoard): string | null {
  if (s.gameOver || s.phase === 'over') return null;
  if (s.phase === 'orders') {
    const r = committingSide(s, b);
    return r === null ? null : b.sides[r].id;
  }
  return s.player;
}

/** Every action the side to act may take, in a stable order (units in order of battle). */
export function legalActionsOf(s: PwGame, b: PwBoard): PwAction[] {
  const side = actorOf(s, b);
  if (side === null) return [];
  const r = roleOf(b, side);
  const out: PwAction[] = [];
  switch (s.phase) {
    case 'orders':
      for (const g of gunsWithTargets(s, b, r)) {
        if (s.orders.some((o) => o.unit === g.id)) continue;
        for (const t of fireTargets(s, b, g)) out.push({ type: 'aim', side, unit: g.id, cell: b.ids[t]! });
      }
      out.push({ type: 'commit', side });
      return out;
    case 'activation':
      for (const u of aliveOf(s, b, r)) {
        if (s.activations < 1) break;
        if (u.pinned && !u.activated) out.push({ type: 'unpin', side, unit: u.id });
        if (mayFire(s, b, u)) for (const t of fireTargets(s, b, u)) out.push({ type: 'fire', side, unit: u.id, cell: b.ids[t]! });
        if (isCavalry(b, u) && mayMove(s, b, u)) out.push({ type: 'dismount', side, unit: u.id, mount: u.dismounted });
        for (const m of moveChoices(s, b, u, s.activations)) {
          const a: PwAction = { type: 'move', side, unit: u.id, to: b.ids[m.cell]!, facing: m.facing };
          if (m.double) a.double = true;
          out.push(a);
        }
      }
      out.push({ type: 'endActivation', side });
      return out;
    case 'combat':
      if (s.combat?.stage === 'advance') return [{ type: 'advance', side, advance: true }, { type: 'advance', side, advance: false }];
      if (s.combat?.stage === 'withdraw') return withdrawSquares(s, b, findUnit(s, s.combat.attacker)!).map((j) => ({ type: 'withdraw', side, to: b.ids[j]! }));
      return s.pending.map((defender) => ({ type: 'resolve', side, defender }));
    default:
      return [];
  }
}

const TYPES: Record<string, string[]> = {
  aim: ['unit', 'cell'],
  commit: [],
  move: ['unit', 'to', 'facing'],
  fire: ['unit', 'cell'],
  unpin: ['unit'],
  dismount: ['unit'],
  endActivation: [],
  resolve: ['defender'],
  advance: [],
  withdraw: ['to'],
};

/** What is wrong with the shape of an action from outside (JSON), or null. */
export function shapeProblem(a: unknown): string | null {
  if (typeof a !== 'object' || a === null) return 'An action is an object.';
  const x = a as Record<string, unknown>;
  if (typeof x.type !== 'string' || !(x.type in TYPES)) return `"${String(x.type)}" is not an action of The Portable Wargame.`;
  if (typeof x.side !== 'string') return 'An action names the side taking it.';
  for (const k of TYPES[x.type]!) if (typeof x[k] !== 'string') return `A ${x.type} action needs "${k}".`;
  if (x.type === 'move' && !(DIRS as readonly string[]).includes(x.facing as string)) return `A unit faces N, E, S or W, not "${String(x.facing)}".`;
  if (x.type === 'move' && x.double !== undefined && typeof x.double !== 'boolean') return 'A move\'s "double" is true or false.';
  if ((x.type === 'dismount' && typeof x.mount !== 'boolean') || (x.type === 'advance' && typeof x.advance !== 'boolean')) return `A ${x.type} action needs true or false.`;
  return null;
}

const refuse = (code: RuleError['code'], message: string): RuleError => ({ code, message });

function ownUnit(ctx: Ctx, side: string, id: string): PwUnitState | RuleError {
  const u = findUnit(ctx.s, id);
  if (!u) return refuse('unknownUnit', `There is no unit "${id}".`);
  if (u.side !== side) return refuse('illegal', `${unitName(ctx.b, id)} is not one of your units.`);
  if (!u.alive) return refuse('illegal', `${unitName(ctx.b, id)} has been destroyed.`);
  return u;
}

function cellOf(ctx: Ctx, id: string): number | RuleError {
  const i = ctx.b.index.get(id);
  return i === undefined ? refuse('unknownCell', `${id} is not a square of this battlefield.`) : i;
}

const isError = (x: unknown): x is RuleError => typeof x === 'object' && x !== null && 'code' in x && 'message' in x;

/** Non-artillery fire: one die against the open or cover table, the result at once. */
function smallArmsFire(ctx: Ctx, u: PwUnitState, target: number): void {
  const { s, b } = ctx;
  const from = cellIx(b, u);
  const victim = aliveOf(s, b, roleOf(b, u.side) === 0 ? 1 : 0).find((e) => cellIx(b, e) === target)!;
  const cover = inCover(s, b, from, victim);
  const why = b.cover[target] ? label(b, target) + ' is cover' : victim.pinned ? 'it is pinned' : !sight(s, b, from, target).clear ? 'it cannot be seen entire' : '';
  const r = rollDie(ctx, `${unitName(b, u.id)} fires at ${unitName(b, victim.id)} ${cover ? 'in cover' : 'in the open'}`, cover ? 6 : 5);
  const effect = effectOf('smallArms', cover, r.die);
  u.fired = true;
  const result = effect === 'none' ? 'no effect' : effect;
  emit(ctx, 'fire', `${unitName(b, u.id)} in ${label(b, from)} fires at ${unitName(b, victim.id)} in ${label(b, target)} (${cover ? `in cover: ${why}` : 'in the open'}), ${r.die}: ${result}.`, {
    side: u.side,
    cell: b.ids[target]!,
    units: [u.id, victim.id],
    rolls: [r.roll],
    shot: { from: b.ids[from]!, target: b.ids[target]!, landed: b.ids[target]! },
  });
  if (effect === 'destroyed') destroy(ctx, victim);
  else if (effect === 'pinned' && !victim.pinned) victim.pinned = true;
}

/** Checks and applies one action to the draft in `ctx`; returns why it was refused, or null. */
export function applyAction(ctx: Ctx, a: PwAction): RuleError | null {
  const { s, b } = ctx;
  const actor = actorOf(s, b);
  if (actor === null) return refuse('gameOver', 'The battle is over.');
  if (a.side !== actor) return refuse('notYourDecision', `It is not ${b.sides[roleOf(b, a.side)]?.name ?? a.side}'s decision now.`);
  const phaseFor: Record<PwAction['type'], PwGame['phase']> = {
    aim: 'orders',
    commit: 'orders',
    move: 'activation',
    fire: 'activation',
    unpin: 'activation',
    dismount: 'activation',
    endActivation: 'activation',
    resolve: 'combat',
    advance: 'combat',
    withdraw: 'combat',
  };
  if (phaseFor[a.type] !== s.phase) return refuse('wrongStep', `A ${a.type} action is not possible in the ${s.phase} step.`);
  switch (a.type) {
    case 'aim': {
      const u = ownUnit(ctx, a.side, a.unit);
      if (isError(u)) return u;
      const t = cellOf(ctx, a.cell);
      if (isError(t)) return t;
      if (s.orders.some((o) => o.unit === u.id)) return refuse('illegal', `${unitName(b, u.id)} already has its orders.`);
      if (!gunsWithTargets(s, b, roleOf(b, a.side)).includes(u)) return refuse('illegal', `${unitName(b, u.id)} cannot fire this turn.`);
      if (!fireTargets(s, b, u).includes(t)) return refuse('illegal', `${label(b, t)} is not an enemy unit in ${unitName(b, u.id)}'s arc and range.`);
      s.orders.push({ side: a.side, unit: u.id, cell: a.cell });
      emit(ctx, 'orders', `${unitName(b, u.id)} is ordered to fire at ${label(b, t)}.`, { side: a.side, units: [u.id], cell: a.cell, visibleTo: [a.side] });
      return null;
    }
    case 'commit':
      s.committed.push(a.side);
      emit(ctx, 'orders', `${b.sides[roleOf(b, a.side)].name} have given their artillery orders.`, { side: a.side });
      return null;
    case 'endActivation':
      emit(ctx, 'pass', `${b.sides[roleOf(b, a.side)].name} end their activations${s.activations > 0 ? ` (${s.activations} unused)` : ''}.`, { side: a.side });
      endActivation(ctx);
      return null;
    case 'resolve': {
      if (s.combat) return refuse('wrongStep', 'Finish the close combat in progress first.');
      if (!s.pending.includes(a.defender)) return refuse('illegal', `There is no close combat against ${unitName(b, a.defender)} to fight.`);
      resolveCloseCombat(ctx, a.defender);
      return null;
    }
    case 'advance':
      if (s.combat?.stage !== 'advance') return refuse('wrongStep', 'No unit may move forward now.');
      followUp(ctx, a.advance);
      return null;
    case 'withdraw': {
      if (s.combat?.stage !== 'withdraw') return refuse('wrongStep', 'No unit is withdrawing now.');
      const t = cellOf(ctx, a.to);
      if (isError(t)) return t;
      if (!withdrawSquares(s, b, findUnit(s, s.combat.attacker)!).includes(t)) return refuse('illegal', `${label(b, t)} is not an empty square away from the enemy next to ${unitName(b, s.combat.attacker)}.`);
      withdraw(ctx, t);
      return null;
    }
    default:
      break;
  }
  // Unit activations.
  const u = ownUnit(ctx, a.side, a.unit);
  if (isError(u)) return u;
  if (s.activations < 1) return refuse('illegal', 'You have no activations left.');
  const name = unitName(b, u.id);
  switch (a.type) {
    case 'unpin':
      if (!u.pinned) return refuse('illegal', `${name} is not pinned.`);
      if (u.activated) return refuse('illegal', `${name} has already been activated this turn.`);
      u.pinned = false;
      u.activated = true;
      s.activations -= 1;
      emit(ctx, 'unpin', `${name} in ${label(b, cellIx(b, u))} is unpinned.`, { side: a.side, cell: u.cell!, units: [u.id] });
      return null;
    case 'fire': {
      const t = cellOf(ctx, a.cell);
      if (isError(t)) return t;
      if (!mayFire(s, b, u)) return refuse('illegal', `${name} may not fire now (it has moved, fired or been activated, or is fording).`);
      if (!fireTargets(s, b, u).includes(t)) return refuse('illegal', `${label(b, t)} is not an enemy unit in ${name}'s arc and range.`);
      u.activated = true;
      s.activations -= 1;
      smallArmsFire(ctx, u, t);
      return null;
    }
    case 'dismount':
      if (!isCavalry(b, u)) return refuse('illegal', `${name} is not cavalry.`);
      if (!mayMove(s, b, u)) return refuse('illegal', `${name} may not move now.`);
      if (a.mount !== u.dismounted) return refuse('illegal', `${name} is already ${u.dismounted ? 'dismounted' : 'mounted'}.`);
      u.dismounted = !a.mount;
      u.moved = true;
      u.activated = true;
      s.activations -= 1;
      emit(ctx, 'move', `${name} ${a.mount ? 'mounts' : 'dismounts'} in ${label(b, cellIx(b, u))}.`, { side: a.side, cell: u.cell!, units: [u.id] });
      return null;
    case 'move': {
      const t = cellOf(ctx, a.to);
      if (isError(t)) return t;
      const double = a.double === true;
      const m = moveChoices(s, b, u, s.activations).find((x) => x.cell === t && x.facing === (a.facing as Facing) && x.double === double);
      if (!m) {
        if (!mayMove(s, b, u)) return refuse('illegal', `${name} may not move now (pinned, activated, fired artillery or fording).`);
        return refuse('illegal', `${name} cannot ${t === cellIx(b, u) ? 'turn' : 'move'} to ${label(b, t)} facing ${a.facing}${double ? ' with a double move' : ''}.`);
      }
      u.activated = true;
      s.activations -= double ? 2 : 1;
      const text = doMove(ctx, u, t, a.facing as Facing, double ? 'double' : 'move');
      emit(ctx, 'move', text, { side: a.side, cell: a.to, units: [u.id] });
      return null;
    }
  }
  return refuse('illegal', 'Unknown action.');
}
