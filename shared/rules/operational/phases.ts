// The sequence of play as data, boardgame.io style: each phase has an onBegin, an endIf and a
// next; the two player-turn phases say who takes the next player turn, and a player turn is
// itself a list of steps with the same shape. `advance` runs automatic work until a player
// must decide.
import type { GameState, PhaseId, StepId } from '../types.js';
import { addDays, decidingRule, turnDays } from '../../scenario/ground.js';
import type { RulesBoard } from './board.js';
import { pendingAttackCells } from './combat.js';
import { arrivals, grantPools, reinforcementActions } from './reinforce.js';
import { canStillMove } from './movement.js';
import { inRange, supplyPhase } from './supply.js';
import { emit, info, label, occupancy, otherSide, roll, sideNo, unitName, onMap, type Ctx } from './state.js';

interface PhaseDef {
  onBegin?: (ctx: Ctx) => void;
  /** Player-turn phases: the side that takes the next player turn, or null when the phase is over. */
  nextPlayer?: (ctx: Ctx) => string | null;
  /** Decision phases: false while a player still has to decide. */
  endIf?: (ctx: Ctx) => boolean;
  next: (ctx: Ctx) => PhaseId;
}

interface StepDef {
  onBegin?: (ctx: Ctx) => void;
  /** False while the player still has something to do in this step. */
  endIf: (ctx: Ctx) => boolean;
  /** The next step, or null when the player turn is over. */
  next: (ctx: Ctx) => StepId | null;
}

const isPrepared = (s: GameState): boolean => s.phase === 'preparedOffensives';

export function initiativeFor(b: RulesBoard, turn: number): string {
  const r = (b.scenario.initiative ?? []).find((x) => turn >= x.fromTurn && turn <= x.toTurn);
  return r ? r.side : b.sides[0].id;
}

/**
 * Whether a side has a unit that is ready and not yet activated this game turn; units due to
 * arrive at its first player turn count, so a side is not skipped before they come.
 */
export function canActivate(s: GameState, side: string): boolean {
  const firstTurnAhead = (s.turnsTaken[side] ?? 0) === 0;
  return s.units.some(
    (u) =>
      u.side === side &&
      ((onMap(u) && u.act === 'ready' && !u.activated) ||
        (firstTurnAhead && u.cell === null && u.strength > 0 && u.arrival !== undefined && u.arrival <= s.turn)),
  );
}

/**
 * Opens the fuel shortage picks of the next side short of fuel this turn, after `after` in the
 * scenario's side order (null: from the first side), or sets `fuel` to null when no side is
 * left. Each side's own schedule entry decides for that side (the first entry covering the
 * turn, should a side have several); a side with no tank on the map is skipped. The order is
 * fixed so the dice fall the same way on every replay.
 */
export function nextFuelShortage(ctx: Ctx, after: string | null): void {
  const { s, b } = ctx;
  s.fuel = null;
  const start = after === null ? 0 : sideNo(b, after) + 1;
  for (const side of b.sides.slice(start)) {
    const r = (b.scenario.fuelShortage ?? []).find((x) => x.side === side.id && s.turn >= x.fromTurn && s.turn <= x.toTurn);
    if (!r) continue;
    const tanks = s.units.some((u) => u.side === side.id && onMap(u) && info(b, u).branch === 'tank');
    if (!tanks) continue;
    s.fuel = { short: side.id, left: r.units, picked: [] };
    return;
  }
}

export function interdictingSide(s: GameState, b: RulesBoard): string | null {
  if (s.ground !== 'easy') return null;
  const r = (b.scenario.airInterdiction ?? []).find((x) => s.turn >= x.fromTurn && s.turn <= x.toTurn);
  if (!r) return null;
  return s.units.some((u) => onMap(u) && u.side !== r.side) ? r.side : null;
}

function rollGround(ctx: Ctx): void {
  const { s, b } = ctx;
  const rules = b.scenario.groundConditions.changes ?? [];
  const rule = rules[decidingRule(rules, s.turn, s.ground)];
  if (!rule) return;
  const fixed = rule.outcomes.find((o) => o.min <= 1 && o.max >= 6);
  if (fixed) {
    if (fixed.condition !== s.ground) {
      s.ground = fixed.condition;
      emit(ctx, 'ground', `Turn ${s.turn}: ground turns to ${s.ground}.`);
    }
    return;
  }
  const [die] = roll(ctx, 1) as [number];
  const hit = rule.outcomes.find((o) => die >= o.min && die <= o.max);
  const rolls = [{ purpose: 'ground conditions', dice: [die] }];
  if (hit && hit.condition !== s.ground) {
    s.ground = hit.condition;
    emit(ctx, 'ground', `Turn ${s.turn}: ground turns to ${s.ground} (rolled ${die}).`, { rolls });
  } else {
    emit(ctx, 'ground', `Turn ${s.turn}: ground stays ${s.ground} (rolled ${die}).`, { rolls });
  }
}

function beginPlayerTurn(ctx: Ctx, side: string): void {
  const { s, b } = ctx;
  s.player = side;
  s.turnsTaken[side] = (s.turnsTaken[side] ?? 0) + 1;
  s.riverCrossings = [];
  const prepared = isPrepared(s);
  if (prepared) s.preparedLeft[side] = (s.preparedLeft[side] ?? 0) - 1;
  emit(ctx, 'playerTurn', `${b.sides[sideNo(b, side)].name} ${prepared ? 'prepared offensive ' : ''}player turn.`, { side });
  s.step = 'reinforcement';
  STEPS.reinforcement.onBegin?.(ctx);
}

function endPlayerTurn(ctx: Ctx): void {
  const { s, b } = ctx;
  const prepared = isPrepared(s);
  for (const u of s.units) {
    if (u.side === s.player && u.act === 'active') {
      u.act = 'expended';
      if (prepared) u.involved = true;
    }
    delete u.moved;
    delete u.from;
    delete u.river;
  }
  const lost = s.pools.reduce((t, p) => t + p.points, 0);
  if (lost > 0) emit(ctx, 'replacement', `${lost} unused replacement point${lost === 1 ? ' is' : 's are'} lost.`, { side: s.player ?? undefined });
  s.pools = [];
  s.riverCrossings = [];
  s.step = null;
  void b;
}

const STEPS: Record<StepId, StepDef> = {
  reinforcement: {
    onBegin: (ctx) => {
      const side = ctx.s.player!;
      if (ctx.s.turnsTaken[side] !== 1) return;
      arrivals(ctx, side);
      grantPools(ctx, side);
    },
    endIf: (ctx) => reinforcementActions(ctx.s, ctx.b, ctx.s.player!).length === 0,
    next: () => 'activation',
  },
  // Left by an activate or pass action.
  activation: { endIf: () => false, next: () => 'movement' },
  movement: {
    endIf: (ctx) => {
      const { s, b } = ctx;
      const counts = occupancy(s, b);
      return !s.units.some((u) => u.side === s.player && canStillMove(s, b, u, counts));
    },
    next: () => 'attack',
  },
  attack: {
    endIf: (ctx) => ctx.s.combat === null && pendingAttackCells(ctx.s, ctx.b).length === 0,
    next: () => 'confusion',
  },
  confusion: {
    onBegin: commandConfusion,
    endIf: () => true,
    next: (ctx) => (isPrepared(ctx.s) ? null : 'time'),
  },
  time: {
    onBegin: passTime,
    endIf: () => true,
    next: () => null,
  },
};

/** After a normal enemy player turn, the confused side's units in contested cells are expended. */
function commandConfusion(ctx: Ctx): void {
  const { s, b } = ctx;
  if (isPrepared(s) || s.player === null) return;
  const confused = otherSide(b, s.player);
  if (!inRange(b.scenario.commandConfusion, confused, s.turn)) return;
  const occ = occupancy(s, b);
  const hit = s.units.filter((u) => {
    if (u.side !== confused || !onMap(u) || u.act === 'expended') return false;
    const i = b.index.get(u.cell!)!;
    return occ[2 * i]! > 0 && occ[2 * i + 1]! > 0;
  });
  for (const u of hit) u.act = 'expended';
  if (hit.length > 0) {
    emit(ctx, 'confusion', `Command confusion: ${hit.map((u) => `${unitName(b, u)} (${label(b, b.index.get(u.cell!)!)})`).join(', ')} expended.`, {
      side: confused,
      units: hit.map((u) => u.id),
    });
  }
}

function passTime(ctx: Ctx): void {
  const { s } = ctx;
  const factor = s.ground === 'easy' ? 3 : 5;
  const [die] = roll(ctx, 1) as [number];
  s.clock += die * factor;
  emit(ctx, 'time', `${die * factor} hours pass (rolled ${die} × ${factor}); clock ${s.clock} of ${s.duration} h.`, {
    rolls: [{ purpose: 'passage of time', dice: [die] }],
  });
}

export const PHASES: Record<PhaseId, PhaseDef> = {
  groundConditions: { onBegin: rollGround, next: () => 'supply' },
  supply: { onBegin: supplyPhase, next: () => 'fuelShortage' },
  fuelShortage: {
    onBegin: (ctx) => nextFuelShortage(ctx, null),
    endIf: (ctx) => ctx.s.fuel === null,
    next: () => 'airInterdiction',
  },
  // Left by an interdict or skipInterdiction action when a side may interdict.
  airInterdiction: { endIf: (ctx) => interdictingSide(ctx.s, ctx.b) === null, next: () => 'preparedOffensives' },
  preparedOffensives: {
    onBegin: (ctx) => {
      const { s, b } = ctx;
      s.player = null;
      for (const side of b.sides) s.preparedLeft[side.id] = 0;
      for (const p of b.scenario.preparedOffensives ?? []) {
        if (p.turn === s.turn) s.preparedLeft[p.side] = (s.preparedLeft[p.side] ?? 0) + p.count;
      }
    },
    nextPlayer: (ctx) => {
      const { s, b } = ctx;
      const left = (side: string): boolean => (s.preparedLeft[side] ?? 0) > 0;
      const first = s.player === null ? s.initiative : otherSide(b, s.player);
      if (left(first)) return first;
      const second = otherSide(b, first);
      return left(second) ? second : null;
    },
    next: () => 'preparedRally',
  },
  preparedRally: {
    onBegin: (ctx) => {
      const { s, b } = ctx;
      const readied: string[] = [];
      for (const u of s.units) {
        if (!u.involved) continue;
        delete u.involved;
        if (!onMap(u) || u.held) continue;
        u.act = 'ready';
        u.activated = false;
        readied.push(u.id);
      }
      if (readied.length > 0) {
        emit(ctx, 'rally', `Prepared offensive rally: ${readied.map((id) => unitName(b, id)).join(', ')} ready again.`, { units: readied });
      }
    },
    next: () => 'resetClock',
  },
  resetClock: {
    onBegin: (ctx) => {
      const { s } = ctx;
      s.clock = 0;
      s.duration = turnDays(s.ground) * 24;
      s.passes = 0;
      s.player = null;
      emit(ctx, 'phase', `Clock reset: this game turn lasts ${s.duration} hours (${s.ground} ground).`);
    },
    next: () => 'normalTurns',
  },
  normalTurns: {
    nextPlayer: (ctx) => {
      const { s, b } = ctx;
      if (s.clock >= s.duration) return null;
      if (s.passes >= 2) return null;
      if (!b.sides.some((side) => canActivate(s, side.id))) return null;
      return s.player === null ? s.initiative : otherSide(b, s.player);
    },
    next: () => 'rally',
  },
  rally: {
    onBegin: (ctx) => {
      const { s } = ctx;
      const why = s.clock >= s.duration ? 'time is up' : s.passes >= 2 ? 'both players passed' : 'no unit is left to activate';
      emit(ctx, 'phase', `Game turn ${s.turn} ends: ${why}.`);
      for (const u of s.units) {
        if (onMap(u)) u.act = 'ready';
        delete u.activated;
        delete u.held;
        delete u.involved;
      }
      s.player = null;
    },
    next: () => 'victory',
  },
  victory: {
    onBegin: scoreTurn,
    next: (ctx) => (ctx.s.gameOver ? 'gameOver' : 'groundConditions'),
  },
  gameOver: { endIf: () => false, next: () => 'gameOver' },
};

function scoreTurn(ctx: Ctx): void {
  const { s, b } = ctx;
  const parts: string[] = [];
  for (const v of b.victory) {
    if (v.perTurn <= 0) continue;
    const owner = b.sides[s.control.charAt(v.cell) === b.sides[1].code ? 1 : 0];
    s.vp[owner.id] = (s.vp[owner.id] ?? 0) + v.perTurn;
    parts.push(`${owner.name} +${v.perTurn} for ${label(b, v.cell)}`);
  }
  if (parts.length > 0) emit(ctx, 'vp', `Turn ${s.turn} victory points: ${parts.join('; ')}.`);
  if (s.turn >= b.scenario.calendar.turns) {
    finishGame(ctx, 'the last game turn is over');
    return;
  }
  s.date = addDays(s.date, turnDays(s.ground));
  s.turn += 1;
  s.initiative = initiativeFor(b, s.turn);
  s.turnsTaken = Object.fromEntries(b.sides.map((x) => [x.id, 0]));
  emit(ctx, 'turn', `Game turn ${s.turn} begins (${s.date}); ${b.sides[sideNo(b, s.initiative)].name} have the initiative.`);
}

function finishGame(ctx: Ctx, reason: string): void {
  const { s, b } = ctx;
  const parts: string[] = [];
  for (const side of b.sides) {
    const destroyed = s.units
      .filter((u) => u.side !== side.id && u.strength === 0 && u.lost !== undefined)
      .reduce((t, u) => t + info(b, u).max, 0);
    const vp = destroyed * b.options.destroyedStrengthVp;
    s.vp[side.id] = (s.vp[side.id] ?? 0) + vp;
    if (vp > 0) parts.push(`${side.name} +${vp} for ${destroyed} destroyed enemy strength`);
  }
  for (const v of b.victory) {
    if (v.endGame <= 0) continue;
    const owner = b.sides[s.control.charAt(v.cell) === b.sides[1].code ? 1 : 0];
    s.vp[owner.id] = (s.vp[owner.id] ?? 0) + v.endGame;
    parts.push(`${owner.name} +${v.endGame} for ${label(b, v.cell)}`);
  }
  const [a, c] = b.sides;
  const va = s.vp[a.id] ?? 0;
  const vc = s.vp[c.id] ?? 0;
  const winner = va > vc ? a.id : vc > va ? c.id : null;
  s.gameOver = { winner, reason };
  if (parts.length > 0) emit(ctx, 'vp', `End of game victory points: ${parts.join('; ')}.`);
  const result = winner === null ? `a draw at ${va}–${vc} VP` : `${b.sides[sideNo(b, winner)].name} win, ${Math.max(va, vc)} VP to ${Math.min(va, vc)}`;
  emit(ctx, 'gameOver', `Game over (${reason}): ${result}.`);
}

export function enterPhase(ctx: Ctx, phase: PhaseId): void {
  ctx.s.phase = phase;
  ctx.s.step = null;
  PHASES[phase].onBegin?.(ctx);
}

/** Runs automatic phases and steps until a player has to decide or the game is over. */
export function advance(ctx: Ctx): void {
  const { s } = ctx;
  for (let guard = 0; guard < 100000; guard++) {
    if (s.gameOver) {
      s.phase = 'gameOver';
      s.step = null;
      return;
    }
    if (s.step !== null) {
      const st = STEPS[s.step];
      if (!st.endIf(ctx)) return;
      const nx = st.next(ctx);
      if (nx === null) endPlayerTurn(ctx);
      else {
        s.step = nx;
        STEPS[nx].onBegin?.(ctx);
      }
      continue;
    }
    const ph = PHASES[s.phase];
    if (ph.nextPlayer) {
      const side = ph.nextPlayer(ctx);
      if (side !== null) {
        beginPlayerTurn(ctx, side);
        continue;
      }
    } else if (ph.endIf && !ph.endIf(ctx)) {
      return;
    }
    enterPhase(ctx, ph.next(ctx));
  }
  throw new Error('The turn sequence did not settle; this is a bug in the rules engine.');
}

/** Called by the activation-step actions. */
export function leaveActivation(ctx: Ctx, passed: boolean): void {
  const { s } = ctx;
  s.step = passed ? 'confusion' : 'movement';
  STEPS[s.step].onBegin?.(ctx);
}

/** Called after the air interdiction decision. */
export function finishPhase(ctx: Ctx): void {
  enterPhase(ctx, PHASES[ctx.s.phase].next(ctx));
}
