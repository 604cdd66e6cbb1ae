// The turn (seed 003, "Activation of units"): a game turn is a pair of turns. It opens with the
// artillery and machine-gun fire of both sides, counted as simultaneous; then both roll for
// initiative and the high roll goes first. Each side's turn: it rolls for treachery in the enemy
// army, moves (declaring close assaults, building), fires its rifles, and every close combat is
// fought with both sides rolling. Days of `turnsPerDay` turns end in a night of resupply; an
// army that reached its rout point and is not rallied overnight has fled, and the battle ends.
import type { Scenario } from '../../format/scenario.types.js';
import { diceFor } from '../dice.js';
import type { GameEvent, NewGameOptions } from '../types.js';
import { boardOf, edgeDistance } from './board.js';
import { applyShot, fight, holderOf, placeStand, rollShot, settleEngagements } from './combat.js';
import { flightCell } from './movement.js';
import { hasOpeningFire, hasRifleFire } from './legal.js';
import { resupplyOptions } from './night.js';
import {
  armyOf,
  dayOf,
  emit,
  emptyPool,
  isRouted,
  label,
  lastTurn,
  losses,
  nameOf,
  otherId,
  possessive,
  roll,
  sideIdx,
  unitById,
  type Ctx,
  type ShamState,
  type UnitState,
} from './state.js';
import { afterLosses, sideName, treacheryRoll } from './treachery.js';

/** A new game: every stand at full SP where the scenario puts it, the first turn's opening fire under way. */
export function startGame(scenario: Scenario, options: NewGameOptions = {}): { state: ShamState; events: GameEvent[] } {
  const c: Ctx = { b: boardOf(scenario), s: initialState(scenario, options), events: [] };
  beginTurn(c);
  advance(c);
  return { state: c.s, events: c.events };
}

/** The state before the first turn begins: every stand at full SP where the scenario puts it. */
export function initialState(scenario: Scenario, options: NewGameOptions = {}): ShamState {
  const b = boardOf(scenario);
  const units: UnitState[] = scenario.orderOfBattle.map((u) => ({
    id: u.id,
    side: u.side,
    cell: u.cell,
    sp: b.stands.get(u.id)!.max,
    status: 'map',
    loyalty: 'loyal',
  }));
  const holders: Record<string, string> = {};
  for (const v of b.victory) holders[b.ids[v.cell]!] = b.sides[b.startControl[v.cell]! as 0 | 1].id;
  const armies: ShamState['armies'] = {};
  for (const k of [0, 1] as const) armies[b.sides[k].id] = { start: b.startSp[k], routed: false, pool: emptyPool() };
  const state: ShamState = {
    ruleset: 'shambattle',
    scenarioId: scenario.id,
    turn: 1,
    phase: 'fire',
    player: null,
    first: null,
    half: 0,
    units,
    orders: [],
    committed: [],
    engagements: [],
    fought: [],
    choices: [],
    works: { fieldWorks: b.fieldWorks.map((i) => b.ids[i]!), mines: [], prepared: [], blown: [], pontoons: [] },
    holders,
    armies,
    dice: diceFor(options),
    rolls: 0,
    gameOver: null,
    scenario,
  };
  // Stands start where they stand: holders follow the order of battle's areas.
  for (const u of units) if (u.cell !== null && u.cell in holders) holders[u.cell] = u.side;
  return state;
}

function beginTurn(c: Ctx): void {
  const s = c.s;
  s.phase = 'fire';
  s.orders = [];
  s.committed = [];
  s.first = null;
  s.half = 0;
  s.player = null;
  for (const u of s.units) {
    delete u.fired;
    delete u.trainNext;
  }
  const { day, turnOfDay } = dayOf(c.b, s.turn);
  emit(c, 'turn', `Turn ${s.turn} of ${lastTurn(c.b)} (day ${day}, turn ${turnOfDay} of ${c.b.options.turnsPerDay}): artillery and machine-gun fire.`);
}

/** Runs the automatic parts of the turn until a side must decide (or the battle is over). */
export function advance(c: Ctx): void {
  const s = c.s;
  const b = c.b;
  for (let guard = 0; guard < 10_000; guard++) {
    if (s.gameOver) {
      s.phase = 'over';
      s.player = null;
      s.choices = [];
      return;
    }
    s.choices = s.choices.filter((ch) => unitById(s, ch.unit)?.status === 'map');
    if (s.choices.length) return;
    switch (s.phase) {
      case 'fire': {
        if (s.committed.length < 2) {
          const side = b.sides.map((x) => x.id).find((id) => !s.committed.includes(id))!;
          if (!hasOpeningFire(b, s, side)) {
            // Nothing (more) to lay: its orders are given.
            s.committed.push(side);
            if (s.orders.some((o) => o.side === side)) emit(c, 'fire', `${b.sides[sideIdx(b, side)].name}: fire orders given.`, { side });
            continue;
          }
          s.player = side;
          return;
        }
        if (s.orders.length) {
          openingFire(c);
          afterLosses(c);
          continue;
        }
        settleEngagements(c);
        initiative(c);
        startHalf(c, s.first!);
        continue;
      }
      case 'movement':
        if (isRouted(s, s.player!)) {
          flight(c, s.player!);
          s.phase = 'rifle';
          continue;
        }
        return;
      case 'rifle':
        if (isRouted(s, s.player!) || !hasRifleFire(b, s, s.player!)) {
          s.phase = 'closeCombat';
          s.fought = [];
          continue;
        }
        return;
      case 'closeCombat': {
        settleEngagements(c);
        afterLosses(c);
        if (s.gameOver) continue;
        const next = s.engagements.find((e) => !s.fought.includes(e.target));
        if (next) {
          s.fought.push(next.target);
          fight(c, next.target);
          afterLosses(c);
          continue;
        }
        endHalf(c);
        continue;
      }
      case 'night': {
        const side = b.sides.map((x) => x.id).find((id) => !s.committed.includes(id));
        if (side !== undefined) {
          if (resupplyOptions(b, s, side, true).length === 0) {
            s.committed.push(side);
            continue;
          }
          s.player = side;
          return;
        }
        daybreak(c);
        continue;
      }
      case 'over':
        return;
    }
  }
  throw new Error('Shambattle: the turn did not settle (a rules loop).');
}

/** The simultaneous opening fire: every order's dice are rolled first, then the results apply. */
function openingFire(c: Ctx): void {
  const s = c.s;
  const shots = s.orders.map((o) => {
    const u = unitById(s, o.unit)!;
    const side = holderOf(s, o.target);
    if (u.status !== 'map' || side === null || side === u.side) return null;
    const from = u.cell!;
    const { line, faces } = rollShot(c, u, o.target);
    u.fired = true;
    return { u, from, target: o.target, line, faces, side };
  });
  s.orders = [];
  for (const shot of shots) if (shot) applyShot(c, shot.u, shot.from, shot.target, shot.line, shot.faces, shot.side);
}

/** Both sides roll a die; the high roll moves first (a tie is rolled again). */
function initiative(c: Ctx): void {
  const b = c.b;
  const dice: number[] = [];
  for (;;) {
    const a = roll(c);
    const z = roll(c);
    dice.push(a, z);
    if (a === z) continue;
    c.s.first = b.sides[a > z ? 0 : 1].id;
    break;
  }
  emit(c, 'initiative', `Initiative: ${b.sides[0].name} ${dice.filter((_, i) => i % 2 === 0).join(', then ')}, ${b.sides[1].name} ${dice.filter((_, i) => i % 2 === 1).join(', then ')} — ${sideName(b, c.s.first!)} moves first.`, {
    side: c.s.first!,
    rolls: [{ purpose: 'initiative', dice }],
  });
}

function startHalf(c: Ctx, side: string): void {
  const s = c.s;
  s.player = side;
  s.phase = 'movement';
  for (const u of s.units) {
    delete u.moved;
    delete u.crossed;
  }
  emit(c, 'playerTurn', `${possessive(sideName(c.b, side))} turn${isRouted(s, side) ? ' (routed: its stands flee)' : ''}.`, { side });
  if (c.b.options.treachery === 'eachTurn') treacheryRoll(c, side);
}

function endHalf(c: Ctx): void {
  const s = c.s;
  settleEngagements(c);
  if (s.half === 0) {
    s.half = 1;
    startHalf(c, otherId(c.b, s.first!));
    return;
  }
  endTurn(c);
}

function endTurn(c: Ctx): void {
  const s = c.s;
  if (s.turn >= lastTurn(c.b)) {
    finalResult(c);
    return;
  }
  if (dayOf(c.b, s.turn).turnOfDay === c.b.options.turnsPerDay) {
    nightfall(c);
    return;
  }
  s.turn += 1;
  beginTurn(c);
}

function nightfall(c: Ctx): void {
  const s = c.s;
  s.phase = 'night';
  s.player = null;
  s.committed = [];
  s.engagements = [];
  for (const u of s.units) delete u.moved;
  // What may come back tonight: the option's share of each arm's losses today.
  const pct = c.b.options.overnightReturn;
  for (const side of c.b.sides) {
    const pool = s.armies[side.id]!.pool;
    for (const k of ['infantry', 'cavalry', 'specialists', 'command'] as const) pool[k] = Math.floor((pool[k] * pct) / 100);
  }
  emit(c, 'night', `Night falls on day ${dayOf(c.b, s.turn).day}: close combats break off; each army may get back ${pct}% of today's losses at its logistics stands.`);
}

function daybreak(c: Ctx): void {
  const s = c.s;
  const b = c.b;
  const fled: string[] = [];
  for (const side of b.sides) {
    const army = s.armies[side.id]!;
    if (!army.routed) continue;
    if (losses(b, s, side.id) < b.options.rout[sideIdx(b, side.id)]) {
      army.routed = false;
      emit(c, 'rally', `${armyOf(b, side.id)} rallies overnight: its losses are back below the rout point.`, { side: side.id });
    } else fled.push(side.id);
  }
  if (fled.length) {
    endBattle(c, fled.length === 2 ? null : otherId(b, fled[0]!), fled.length === 2 ? 'Both armies have fled the field.' : `${armyOf(b, fled[0]!)} could not be rallied overnight and has fled the field.`);
    return;
  }
  for (const side of b.sides) s.armies[side.id]!.pool = emptyPool();
  for (const u of s.units) delete u.moved;
  s.turn += 1;
  beginTurn(c);
}

/** The score: SP the enemy has lost, plus the VP of the victory areas held. */
export function scoreOf(c: Pick<Ctx, 'b' | 's'>, side: string): number {
  const { b, s } = c;
  const enemy = otherId(b, side);
  let vp = Math.max(0, losses(b, s, enemy));
  for (const v of b.victory) if (s.holders[b.ids[v.cell]!] === side) vp += v.vp;
  return vp;
}

function finalResult(c: Ctx): void {
  const b = c.b;
  const s = c.s;
  const routed = b.sides.filter((x) => isRouted(s, x.id)).map((x) => x.id);
  if (routed.length === 1) {
    endBattle(c, otherId(b, routed[0]!), `The battle ends with ${armyOf(b, routed[0]!)} in flight.`);
    return;
  }
  if (routed.length === 2) {
    endBattle(c, null, 'The battle ends with both armies in flight.');
    return;
  }
  const a = scoreOf(c, b.sides[0].id);
  const z = scoreOf(c, b.sides[1].id);
  const text = `${b.sides[0].name} ${a}, ${b.sides[1].name} ${z} (SP the enemy lost plus cities held)`;
  if (a === z) endBattle(c, null, `The battle ends undecided: ${text}.`);
  else endBattle(c, b.sides[a > z ? 0 : 1].id, `The battle ends: ${text}.`);
}

export function endBattle(c: Ctx, winner: string | null, reason: string): void {
  c.s.gameOver = { winner, reason };
  c.s.phase = 'over';
  c.s.player = null;
  c.s.choices = [];
  emit(c, 'gameOver', reason, winner === null ? {} : { side: winner });
}

/** A routed army's stands flee: off the field from their own table edge, else as far towards it as they can move. */
function flight(c: Ctx, side: string): void {
  const b = c.b;
  const k = sideIdx(b, side);
  for (const id of b.order) {
    const u = unitById(c.s, id)!;
    if (u.side !== side || u.status !== 'map' || u.loyalty !== 'loyal' || u.cell === null) continue;
    if (b.stands.get(u.id)!.stand === 'engineerTrain' && c.s.units.some((e) => e.id === b.stands.get(u.id)!.companion && e.cell === u.cell && e.status === 'map')) continue;
    const here = b.index.get(u.cell)!;
    for (const e of c.s.engagements) e.units = e.units.filter((x) => x !== u.id);
    if (edgeDistance(b, k, here) === 0) {
      const train = b.stands.get(u.id)!.companion;
      const from = u.cell;
      for (const v of [u, ...c.s.units.filter((x) => x.id === train && x.cell === from)]) {
        v.status = 'fled';
        v.cell = null;
      }
      emit(c, 'move', `${nameOf(b, u.id)} flees the field from ${label(b, from)}.`, { side, units: [u.id] });
      continue;
    }
    const r = flightCell(b, c.s, u);
    if (!r) continue;
    const to = b.ids[r.cell]!;
    emit(c, 'move', `${nameOf(b, u.id)} flees from ${label(b, u.cell)} to ${label(b, to)}.`, { side, cell: to, units: [u.id] });
    placeStand(c, u, to);
    u.moved = true;
  }
  settleEngagements(c);
  afterLosses(c);
}
