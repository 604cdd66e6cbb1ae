// The Portable Wargame (seed 004, 19th-century version) behind the ruleset contract (types.ts,
// RulesetPlugin). The rules are in this folder, one module per area; README.md lists the choices
// where the text is silent.
import type { PwAction, PwUnitState } from '../../format/ruleset-pw.types.js';
import type { Scenario } from '../../format/scenario.types.js';
import { pwBot, pwValue } from '../../bot/pw.js';
import { prng, mix32 } from '../../bot/player.js';
import { applyOnCopy, refuse } from '../apply.js';
import { diceFor, seedDice } from '../dice.js';
import type { ApplyResult, GameEvent, NewGameOptions, Observation, RulesetPlugin } from '../types.js';
import { actorOf, applyAction, legalActionsOf, shapeProblem } from './actions.js';
import { DIRS, pwBoardOf, UNIT_TYPES } from './board.js';
import { pwChecks } from './checks.js';
import { pwDeclaration } from './declaration.js';
import { fireTargets } from './fire.js';
import { advance, announceStart, gunsWithTargets, holderOf, scoreOf } from './phases.js';
import { cellIx, cloneState, info, occupancy, onMap, other, roleOf, type Ctx, type PwGame } from './state.js';
import { attackPreview, decision, describe, editTerrainRole, fireCellsQuery, lineOfSightQuery, movesQuery, observe, tables } from './view.js';

export type { PwGame };

/** A new battle: every unit on its starting square facing as the scenario says (or away from its own edge). */
export function startPw(scenario: Scenario, options: NewGameOptions = {}): { state: PwGame; events: GameEvent[] } {
  const b = pwBoardOf(scenario);
  const units: PwUnitState[] = b.unitInfo.map((i) => ({
    id: i.id,
    side: b.sides[i.side].id,
    cell: i.start >= 0 ? b.ids[i.start]! : null,
    facing: i.facing,
    alive: i.start >= 0,
    pinned: false,
    dismounted: i.startsDismounted,
    fired: false,
    moved: false,
    activated: false,
    climbed: false,
  }));
  const state: PwGame = {
    scenario,
    ruleset: 'pw',
    scenarioId: scenario.id,
    turn: 1,
    phase: 'orders',
    player: null,
    first: null,
    activations: 0,
    units,
    orders: [],
    committed: [],
    pending: [],
    advanced: [],
    combat: null,
    control: b.initialControl,
    vp: [0, 0],
    dice: diceFor(options),
    rolls: 0,
    gameOver: null,
  };
  const ctx: Ctx = { s: state, b, ev: [] };
  announceStart(ctx);
  advance(ctx);
  return { state, events: ctx.ev };
}

export function applyPw(state: PwGame, action: PwAction): ApplyResult<PwGame> {
  const shape = shapeProblem(action);
  if (shape) return refuse('illegal', shape);
  const ctx: Ctx = { s: cloneState(state), b: pwBoardOf(state.scenario), ev: [] };
  return applyOnCopy(ctx, ctx.ev, (c) => applyAction(c, action), advance);
}

/** One unit per square, on ground it may stand on; destroyed units off the board; orders only while artillery is ordered; the cached squares fresh. */
function invariants(s: PwGame): string[] {
  const b = pwBoardOf(s.scenario);
  const out: string[] = [];
  const seen = new Map<string, string>();
  for (const u of s.units) {
    if (u.alive) {
      const i = u.cell === null ? undefined : b.index.get(u.cell);
      if (i === undefined) out.push(`${u.id} is alive without a square`);
      else {
        if (seen.has(u.cell!)) out.push(`${u.id} and ${seen.get(u.cell!)} share ${u.cell}`);
        seen.set(u.cell!, u.id);
        if (!b.passable[i]) out.push(`${u.id} stands on ${b.role[i]} in ${u.cell}`);
      }
    } else {
      if (u.cell !== null) out.push(`${u.id} is destroyed but still has square ${u.cell}`);
      if (u.pinned) out.push(`${u.id} is destroyed but pinned`);
    }
    if (!(DIRS as readonly string[]).includes(u.facing)) out.push(`${u.id} faces ${u.facing}`);
    if (u.dismounted && info(b, u.id).type !== 'cavalry') out.push(`${u.id} is dismounted but not cavalry`);
    if (info(b, u.id).type === 'fortressArtillery' && u.alive && u.cell !== b.ids[info(b, u.id).start]) out.push(`fortress artillery ${u.id} has moved`);
  }
  if (JSON.stringify([...occupancy(s, b)]) !== JSON.stringify([...occupancy(s, b, true)])) out.push('the cached squares of the units are stale');
  if (s.activations < 0) out.push(`${s.activations} activations`);
  if (s.phase === 'orders' && s.player !== null) out.push('a player is set during artillery orders');
  if ((s.phase === 'activation' || s.phase === 'combat') && s.player === null) out.push(`no player in the ${s.phase} step`);
  if (s.phase !== 'orders' && s.orders.length > 0) out.push('artillery orders outside the orders step');
  if (s.phase !== 'activation' && s.activations > 0) out.push('activations left outside the activation step');
  for (const o of s.orders) {
    const g = s.units.find((u) => u.id === o.unit);
    if (!g || !onMap(g) || g.side !== o.side || !UNIT_TYPES[info(b, g.id).type].artillery) out.push(`order for ${o.unit}, not a gun of ${o.side} on the battlefield`);
    else if (!fireTargets(s, b, g).includes(b.index.get(o.cell) ?? -1)) out.push(`${o.unit} is ordered to fire at ${o.cell}, outside its arc and range`);
  }
  if (new Set(s.orders.map((o) => o.unit)).size !== s.orders.length) out.push('a gun has two orders');
  if (s.combat) {
    const a = s.units.find((u) => u.id === s.combat!.attacker);
    if (!a || !onMap(a)) out.push('a close combat decision for a unit not on the battlefield');
    if (s.phase !== 'combat') out.push('a close combat decision outside the combat step');
  }
  if (s.control.length !== b.n) out.push(`control covers ${s.control.length} squares of ${b.n}`);
  for (let i = 0; i < s.control.length; i++) {
    const ch = s.control.charAt(i);
    if (ch !== b.sides[0].code && ch !== b.sides[1].code) out.push(`square ${b.ids[i]} held by "${ch}"`);
  }
  if (s.vp.some((v) => v < 0)) out.push('negative objective points');
  if (s.gameOver && s.phase !== 'over') out.push('the battle is over but the phase is not');
  return out;
}

/** Another set of the other side's secret artillery orders, drawn at random from what it could have ordered. */
function resampleOrders(s: PwGame, observer: string, seed: number): PwGame {
  const b = pwBoardOf(s.scenario);
  const hidden = s.orders.filter((o) => o.side !== observer);
  if (hidden.length === 0) return s;
  const next = prng(mix32(seed, 0x0bd3));
  const them = other(roleOf(b, observer));
  const orders = s.orders.filter((o) => o.side === observer);
  const copy = { ...s, orders } as PwGame;
  for (const g of gunsWithTargets(copy, b, them)) {
    const targets = fireTargets(copy, b, g);
    if (targets.length === 0 || next() < 0.2) continue;
    orders.push({ side: g.side, unit: g.id, cell: b.ids[targets[Math.floor(next() * targets.length)]!]! });
  }
  return copy;
}

export const pw: RulesetPlugin<PwGame, PwAction, Observation> = {
  id: 'pw',
  name: 'The Portable Wargame (19th century)',
  declaration: pwDeclaration,
  checks: pwChecks,
  tables,
  editTable: (scenario, tableId, row, column, value) => {
    if (tableId !== 'terrain') return { ok: false, message: `Only the terrain table can be changed; "${tableId}" is the rules as written.` };
    const r = editTerrainRole(scenario, row, column, value);
    return typeof r === 'string' ? { ok: false, message: r } : { ok: true, scenario: r };
  },
  victoryCells: (scenario) => {
    const b = pwBoardOf(scenario);
    return b.objectives.map((o) => b.ids[o.cell]!);
  },
  newGame: (scenario, options) => startPw(scenario, options).state,
  start: startPw,
  actor: (s) => actorOf(s, pwBoardOf(s.scenario)),
  legalActions: (s) => legalActionsOf(s, pwBoardOf(s.scenario)),
  apply: applyPw,
  decision: (s) => decision(s, pwBoardOf(s.scenario)),
  describe: (s, a) => describe(s, pwBoardOf(s.scenario), a),
  observe: (s, observer) => observe(s, pwBoardOf(s.scenario), observer),
  view: (s) => observe(s, pwBoardOf(s.scenario), null),
  returns: (s) => {
    const b = pwBoardOf(s.scenario);
    const w = s.gameOver?.winner;
    const r = (k: 0 | 1): number => (!s.gameOver || w === null ? 0 : b.sides[k].id === w ? 1 : -1);
    return { [b.sides[0].id]: r(0), [b.sides[1].id]: r(1) };
  },
  score: (s) => {
    const b = pwBoardOf(s.scenario);
    const x = scoreOf(s, b, s.gameOver !== null);
    return { [b.sides[0].id]: x[0], [b.sides[1].id]: x[1] };
  },
  projectedScore: (s) => {
    const b = pwBoardOf(s.scenario);
    const x = scoreOf(s, b, true);
    return { [b.sides[0].id]: x[0], [b.sides[1].id]: x[1] };
  },
  evaluate: (s, side) => pwValue(s, side),
  determinize: (s, observer, seed) => ({ ...resampleOrders(s, observer, seed), dice: seedDice(seed) }),
  bot: (options = {}) => pwBot(options),
  invariants,
  attackPreview: (s, spec) => attackPreview(s, pwBoardOf(s.scenario), spec),
  moves: (s, unit) => movesQuery(s, pwBoardOf(s.scenario), unit),
  dropMove: (s, unit, cell) => {
    const side = actorOf(s, pwBoardOf(s.scenario));
    const u = s.units.find((x) => x.id === unit);
    return side && u ? { type: 'move', side, unit, to: cell, facing: u.facing } : null;
  },
  unitOptions: (s, unit) => {
    const b = pwBoardOf(s.scenario);
    const attacker = s.combat?.attacker;
    const memo = new Map();
    return legalActionsOf(s, b)
      .filter((a) => ('unit' in a && a.unit === unit) || ('defender' in a && a.defender === unit) || ((a.type === 'advance' || a.type === 'withdraw') && attacker === unit))
      .map((a) => describe(s, b, a, memo));
  },
  zonesOfControl: (s, side) => {
    const b = pwBoardOf(s.scenario);
    const r = roleOf(b, side);
    const z = new Set<number>();
    for (const u of s.units) {
      if (!onMap(u) || roleOf(b, u.side) !== r) continue;
      const i = cellIx(b, u);
      for (let d = 0; d < 4; d++) if (b.nb[i * 4 + d]! >= 0) z.add(b.nb[i * 4 + d]!);
    }
    return [...z].sort((x, y) => x - y).map((i) => b.ids[i]!);
  },
  controlOf: (s, cell) => {
    const b = pwBoardOf(s.scenario);
    const i = b.index.get(cell);
    return i === undefined ? null : b.sides[holderOf(s, b, i)].id;
  },
  lineOfSight: (s, from, to) => lineOfSightQuery(s, pwBoardOf(s.scenario), from, to),
  range: (s, from, to) => {
    const b = pwBoardOf(s.scenario);
    const a = b.index.get(from);
    const z = b.index.get(to);
    return a === undefined || z === undefined ? Number.NaN : Math.abs((a % b.cols) - (z % b.cols)) + Math.abs(Math.floor(a / b.cols) - Math.floor(z / b.cols));
  },
  fireCells: (s, unit) => fireCellsQuery(s, pwBoardOf(s.scenario), unit),
};
