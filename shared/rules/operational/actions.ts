// Player decisions: who must act now, what they may do, and applying one decision to a
// draft state. Each handler checks everything before it changes anything, so a refused
// action leaves even the draft untouched.
import type { Action, GameState, RuleError } from '../types.js';
import type { RulesBoard } from './board.js';
import {
  breakthroughPaths,
  breakthroughProblem,
  combatActor,
  doBreakthrough,
  doPartialRetreat,
  endRetreat,
  partialRetreatMoves,
  pendingAttackCells,
  pendingLossChoice,
  retreatOptions,
  runCombat,
  startAttack,
  takeHit,
} from './combat.js';
import { checkDrop, checkMove, destinations, doDrop, doMove } from './movement.js';
import { canActivate, finishPhase, interdictingSide, leaveActivation, nextFuelShortage } from './phases.js';
import { doRebuild, doReplace, rebuildProblem, reinforcementActions, replaceProblem } from './reinforce.js';
import { emit, findUnit, info, label, occupancy, otherSide, rollOne, sideName, unitName, onMap, type Ctx } from './state.js';

/** The side that must act now, or null when the game is over. */
export function actorOf(s: GameState, b: RulesBoard): string | null {
  if (s.gameOver) return null;
  if (s.combat) return combatActor(s.combat);
  if (s.phase === 'fuelShortage' && s.fuel) return otherSide(b, s.fuel.short);
  if (s.phase === 'airInterdiction') return interdictingSide(s, b);
  return s.player;
}

function activatableCells(s: GameState, side: string): string[] {
  const cells = new Set<string>();
  for (const u of s.units) if (u.side === side && onMap(u) && u.act === 'ready' && !u.activated) cells.add(u.cell!);
  return [...cells].sort();
}

export function legalActionsOf(s: GameState, b: RulesBoard): Action[] {
  const side = actorOf(s, b);
  if (side === null) return [];
  const c = s.combat;
  if (c) {
    if (c.stage === 'retreatChoice') {
      return [...retreatOptions(s, b, c).map((cells): Action => ({ type: 'retreat', side, cells })), { type: 'stand', side }];
    }
    if (c.stage === 'partialRetreat') {
      return [...partialRetreatMoves(s, b, c).map((m): Action => ({ type: 'retreat', side, cells: [m.cell], unit: m.unit })), { type: 'stand', side }];
    }
    if (c.stage === 'breakthrough') {
      const out: Action[] = [];
      for (const id of c.tanks) {
        for (const p of breakthroughPaths(s, b, id)) out.push({ type: 'breakthrough', side, unit: id, path: p.map((x) => b.ids[x]!) });
      }
      out.push({ type: 'endBreakthrough', side });
      return out;
    }
    return pendingLossChoice(s, b).map((u): Action => ({ type: 'chooseLoss', side, unit: u.id }));
  }
  if (s.phase === 'fuelShortage' && s.fuel) {
    const f = s.fuel;
    const out: Action[] = s.units
      .filter((u) => u.side === f.short && onMap(u) && info(b, u).branch === 'tank' && !f.picked.includes(u.id))
      .map((u) => ({ type: 'fuelPick', side, unit: u.id }));
    out.push({ type: 'endFuel', side });
    return out;
  }
  if (s.phase === 'airInterdiction') {
    const out: Action[] = s.units.filter((u) => u.side !== side && onMap(u)).map((u) => ({ type: 'interdict', side, unit: u.id }));
    out.push({ type: 'skipInterdiction', side });
    return out;
  }
  switch (s.step) {
    case 'reinforcement':
      return [...reinforcementActions(s, b, side), { type: 'endReinforcement', side }];
    case 'activation':
      return [...activatableCells(s, side).map((cell): Action => ({ type: 'activate', side, cell })), { type: 'pass', side }];
    case 'movement': {
      const out: Action[] = [];
      const counts = occupancy(s, b);
      for (const u of s.units) {
        if (u.side !== side) continue;
        for (const d of destinations(s, b, u, counts)) {
          out.push(d.mode === 'drop' ? { type: 'drop', side, unit: u.id, to: d.cell } : { type: 'move', side, unit: u.id, path: d.path });
        }
      }
      out.push({ type: 'endMovement', side });
      return out;
    }
    case 'attack':
      return pendingAttackCells(s, b).map((i): Action => ({ type: 'attack', side, cell: b.ids[i]! }));
    default:
      return [];
  }
}

const err = (code: RuleError['code'], message: string): RuleError => ({ code, message });

function cellIndex(b: RulesBoard, id: string): number | RuleError {
  const i = b.index.get(id);
  return i === undefined ? err('unknownCell', `There is no cell ${id} on this map.`) : i;
}

/** Applies one action to the draft; returns an error instead when it is not legal now. */
export function applyAction(ctx: Ctx, a: Action): RuleError | null {
  const { s, b } = ctx;
  const side = actorOf(s, b);
  if (side === null) return err('gameOver', 'The game is over.');
  if (a.side !== side) return err('notYourDecision', `It is for ${sideName(b, side)} to act now, not ${b.sideIndex.has(a.side) ? sideName(b, a.side) : a.side}.`);
  const c = s.combat;
  const wrong = (what: string): RuleError => err('wrongStep', `${what} is not possible now.`);

  switch (a.type) {
    case 'retreat': {
      if (c && c.stage === 'partialRetreat') {
        const moves = partialRetreatMoves(s, b, c);
        const cell = a.cells.length === 1 ? a.cells[0] : undefined;
        if (a.unit === undefined || !moves.some((m) => m.unit === a.unit && m.cell === cell)) {
          const who = [...new Set(moves.map((m) => unitName(b, m.unit)))].join(', ');
          const where = [...new Set(moves.map((m) => label(b, b.index.get(m.cell)!)))].join(', ');
          return err('illegal', `In a partial retreat one unit at a time retreats to one cell: ${who} may go to ${where}, or the rest stay.`);
        }
        doPartialRetreat(ctx, a.unit, cell!);
        runCombat(ctx);
        return null;
      }
      if (!c || c.stage !== 'retreatChoice') return wrong('A retreat');
      if (a.unit !== undefined) return err('illegal', 'A retreat of single units comes after the losses, once the defender has stood.');
      const options = retreatOptions(s, b, c);
      const key = [...a.cells].sort().join(' ');
      if (!options.some((o) => [...o].sort().join(' ') === key)) {
        return err('illegal', `Retreat to ${a.cells.join(', ')} is not allowed: choose ${options.map((o) => o.map((x) => label(b, b.index.get(x)!)).join('+')).join(' or ')}.`);
      }
      c.retreat = [...a.cells];
      c.defLoss -= 1;
      c.stage = 'defenderLosses';
      emit(ctx, 'retreat', `${sideName(b, side)} choose to retreat from ${label(b, b.index.get(c.cell)!)}; losses reduced by 1.`, { side, cell: c.cell });
      runCombat(ctx);
      return null;
    }
    case 'stand': {
      if (c && c.stage === 'partialRetreat') {
        endRetreat(ctx);
        runCombat(ctx);
        return null;
      }
      if (!c || c.stage !== 'retreatChoice') return wrong('Standing');
      c.stage = 'defenderLosses';
      runCombat(ctx);
      return null;
    }
    case 'chooseLoss': {
      const cands = pendingLossChoice(s, b);
      if (cands.length === 0) return wrong('Choosing a loss');
      const u = cands.find((x) => x.id === a.unit);
      if (!u) return err('illegal', `The next loss must go to one of ${cands.map((x) => unitName(b, x)).join(', ')}.`);
      takeHit(ctx, u);
      runCombat(ctx);
      return null;
    }
    case 'breakthrough': {
      if (!c || c.stage !== 'breakthrough') return wrong('A breakthrough');
      const path: number[] = [];
      for (const id of a.path) {
        const i = cellIndex(b, id);
        if (typeof i !== 'number') return i;
        path.push(i);
      }
      const problem = breakthroughProblem(s, b, a.unit, path);
      if (problem) return err('illegal', problem);
      doBreakthrough(ctx, a.unit, path);
      runCombat(ctx);
      return null;
    }
    case 'endBreakthrough': {
      if (!c || c.stage !== 'breakthrough') return wrong('Ending breakthroughs');
      c.tanks = [];
      runCombat(ctx);
      return null;
    }
    case 'fuelPick': {
      const f = s.fuel;
      if (s.phase !== 'fuelShortage' || !f) return wrong('A fuel shortage pick');
      const u = findUnit(s, a.unit);
      if (!u || u.side !== f.short || !onMap(u) || info(b, u).branch !== 'tank' || f.picked.includes(u.id)) {
        return err('illegal', `Pick a ${sideName(b, f.short)} tank unit on the map not picked yet.`);
      }
      const { die, roll } = rollOne(ctx, `fuel shortage ${unitName(b, u)}`, 4);
      f.picked.push(u.id);
      f.left -= 1;
      let what = 'no effect';
      if (die >= 4 && u.supply === 'in-supply') {
        u.supply = 'out-of-supply';
        u.act = 'expended';
        u.held = true;
        what = 'out of fuel: now out of supply';
      } else if (die >= 4) what = 'out of fuel, but already short of supply';
      emit(ctx, 'fuel', `Fuel shortage: ${unitName(b, u)} rolled ${die}, ${what}.`, { side: u.side, units: [u.id], rolls: [roll] });
      const more = s.units.some((x) => x.side === f.short && onMap(x) && info(b, x).branch === 'tank' && !f.picked.includes(x.id));
      if (f.left <= 0 || !more) nextFuelShortage(ctx, f.short);
      return null;
    }
    case 'endFuel': {
      if (s.phase !== 'fuelShortage' || !s.fuel) return wrong('Ending fuel shortage picks');
      nextFuelShortage(ctx, s.fuel.short);
      return null;
    }
    case 'interdict': {
      if (s.phase !== 'airInterdiction') return wrong('Air interdiction');
      const u = findUnit(s, a.unit);
      if (!u || u.side === side || !onMap(u)) return err('illegal', 'Air interdiction targets one enemy unit on the map.');
      u.act = 'expended';
      u.held = true;
      emit(ctx, 'interdiction', `Air interdiction: ${unitName(b, u)} is expended for this game turn.`, { side, units: [u.id], cell: u.cell ?? undefined });
      finishPhase(ctx);
      return null;
    }
    case 'skipInterdiction': {
      if (s.phase !== 'airInterdiction') return wrong('Skipping air interdiction');
      finishPhase(ctx);
      return null;
    }
    default:
      break;
  }
  if (c) return wrong(`"${a.type}" during an attack`);

  switch (a.type) {
    case 'replace': {
      if (s.step !== 'reinforcement') return wrong('Replacements');
      const problem = replaceProblem(s, b, side, a.unit, a.pool, a.points);
      if (problem) return err('illegal', problem);
      doReplace(ctx, a.unit, a.pool, a.points);
      return null;
    }
    case 'rebuild': {
      if (s.step !== 'reinforcement') return wrong('Rebuilding');
      const problem = rebuildProblem(s, b, side, a.unit, a.pool, a.cell, a.strength);
      if (problem) return err('illegal', problem);
      doRebuild(ctx, a.unit, a.pool, a.cell, a.strength);
      return null;
    }
    case 'endReinforcement': {
      if (s.step !== 'reinforcement') return wrong('Ending reinforcement');
      const lost = s.pools.reduce((t, p) => t + p.points, 0);
      if (lost > 0) emit(ctx, 'replacement', `${lost} unused replacement point${lost === 1 ? ' is' : 's are'} lost.`, { side });
      s.pools = [];
      return null;
    }
    case 'activate': {
      if (s.step !== 'activation') return wrong('Activation');
      const i = cellIndex(b, a.cell);
      if (typeof i !== 'number') return i;
      const units = s.units.filter((u) => u.side === side && u.cell === a.cell && onMap(u) && u.act === 'ready' && !u.activated);
      if (units.length === 0) return err('illegal', `${label(b, i)} holds no ready ${sideName(b, side)} unit that has not been activated this game turn.`);
      for (const u of units) {
        u.act = 'active';
        u.activated = true;
        if (s.phase === 'preparedOffensives') u.involved = true;
      }
      s.passes = 0;
      emit(ctx, 'activate', `${sideName(b, side)} activate ${label(b, i)}: ${units.map((u) => unitName(b, u)).join(', ')}.`, {
        side,
        cell: a.cell,
        units: units.map((u) => u.id),
      });
      leaveActivation(ctx, false);
      return null;
    }
    case 'pass': {
      if (s.step !== 'activation') return wrong('Passing');
      s.passes += 1;
      emit(ctx, 'pass', `${sideName(b, side)} pass${canActivate(s, side) ? '' : ' (nothing left to activate)'}.`, { side });
      leaveActivation(ctx, true);
      return null;
    }
    case 'move': {
      if (s.step !== 'movement') return wrong('Movement');
      const u = findUnit(s, a.unit);
      if (!u || u.side !== side) return err('unknownUnit', `${a.unit} is not a ${sideName(b, side)} unit.`);
      const path: number[] = [];
      for (const id of a.path) {
        const i = cellIndex(b, id);
        if (typeof i !== 'number') return i;
        path.push(i);
      }
      const check = checkMove(s, b, u, path);
      if (!check.ok) return err('illegal', check.message);
      doMove(ctx, u, path, check);
      return null;
    }
    case 'drop': {
      if (s.step !== 'movement') return wrong('An airborne drop');
      const u = findUnit(s, a.unit);
      if (!u || u.side !== side) return err('unknownUnit', `${a.unit} is not a ${sideName(b, side)} unit.`);
      const i = cellIndex(b, a.to);
      if (typeof i !== 'number') return i;
      const problem = checkDrop(s, b, u, i);
      if (problem) return err('illegal', problem);
      doDrop(ctx, u, i);
      return null;
    }
    case 'endMovement': {
      if (s.step !== 'movement') return wrong('Ending movement');
      for (const u of s.units) if (u.side === side && u.act === 'active') u.moved = true;
      return null;
    }
    case 'attack': {
      if (s.step !== 'attack') return wrong('An attack');
      const i = cellIndex(b, a.cell);
      if (typeof i !== 'number') return i;
      if (!pendingAttackCells(s, b).includes(i)) return err('illegal', `There is no attack to make in ${label(b, i)}.`);
      startAttack(ctx, i);
      return null;
    }
    default:
      return err('illegal', `Unknown action ${JSON.stringify((a as { type?: unknown }).type)}.`);
  }
}
