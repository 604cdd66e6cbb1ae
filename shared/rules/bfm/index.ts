// Battle for Moscow (seed 002) behind the ruleset contract (types.ts, RulesetPlugin). The rules
// are in this folder, one module per area; README.md lists the choices where the text is silent.
import type { BfmAction, BfmUnitState } from '../../format/ruleset-bfm.types.js';
import type { Scenario } from '../../format/scenario.types.js';
import { bfmBot, bfmValue } from '../../bot/bfm.js';
import { searchBot } from '../../bot/search.js';
import { applyOnCopy, refuse } from '../apply.js';
import { diceFor, seedDice } from '../dice.js';
import type { AnyRuleset, ApplyResult, BotOptions, GameEvent, NewGameOptions, Observation, Player, RulesAction, RulesState, RulesetPlugin } from '../types.js';
import { actorOf, applyAction, legalActionsOf, shapeProblem } from './actions.js';
import { bfmBoardOf, GERMAN } from './board.js';
import { bfmChecks } from './checks.js';
import { bfmDeclaration } from './declaration.js';
import { advance, announceTurn } from './phases.js';
import { cloneState, controlRole, derive, info, roleOf, zoneOfControl, type BfmGame, type Ctx } from './state.js';
import { attackPreview, citiesHeld, decision, describe, editCrt, editTurnWeather, moves, observe, tables } from './view.js';

export type { BfmGame };

/** A new game: Soviets on their setup hexes (at half strength where the scenario says), Germans at full strength, the pool aside. */
export function startBfm(scenario: Scenario, options: NewGameOptions = {}): { state: BfmGame; events: GameEvent[] } {
  const b = bfmBoardOf(scenario);
  const units: BfmUnitState[] = b.unitOrder.map((id) => {
    const i = info(b, id);
    return i.start >= 0
      ? { id, side: b.sides[i.side].id, cell: b.ids[i.start]!, reduced: i.startsReduced, status: 'map' }
      : { id, side: b.sides[i.side].id, cell: null, reduced: false, status: 'pool' };
  });
  const state: BfmGame = ({
    scenario,
    ruleset: 'bfm',
    scenarioId: scenario.id,
    turn: 1,
    phase: 'replacements',
    player: b.sides[GERMAN].id,
    units,
    control: b.initialControl,
    replacementsLeft: b.turns[0]?.replacements[GERMAN] ?? 0,
    placed: [],
    battles: [],
    declaring: false,
    combat: null,
    dice: diceFor(options),
    rolls: 0,
    gameOver: null,
  });
  const ctx: Ctx = { s: state, b, ev: [] };
  announceTurn(ctx);
  advance(ctx);
  return { state, events: ctx.ev };
}

export function applyBfm(state: BfmGame, action: BfmAction): ApplyResult<BfmGame> {
  const shape = shapeProblem(action);
  if (shape) return refuse('illegal', shape);
  const ctx: Ctx = { s: cloneState(state), b: bfmBoardOf(state.scenario), ev: [] };
  return applyOnCopy(ctx, ctx.ev, (c) => applyAction(c, action), advance);
}

/** One unit per hex, strengths on the printed sides, units off the map have no hex, control in side codes. */
function invariants(s: BfmGame): string[] {
  const b = bfmBoardOf(s.scenario);
  const out: string[] = [];
  const seen = new Map<string, string>();
  for (const u of s.units) {
    if (u.status === 'map') {
      if (u.cell === null || !b.index.has(u.cell)) out.push(`${u.id} is on the map without a hex`);
      else if (seen.has(u.cell)) out.push(`${u.id} and ${seen.get(u.cell)} share ${u.cell}`);
      else seen.set(u.cell, u.id);
      if (u.cell !== null && b.impassable[b.index.get(u.cell) ?? 0]) out.push(`${u.id} stands on impassable ${u.cell}`);
    } else if (u.cell !== null) out.push(`${u.id} is off the map but has hex ${u.cell}`);
    if (u.status === 'pool' && u.reduced) out.push(`${u.id} is in the pool at half strength`);
  }
  if (s.control.length !== b.n) out.push(`control covers ${s.control.length} hexes of ${b.n}`);
  for (let i = 0; i < s.control.length; i++) {
    const ch = s.control.charAt(i);
    if (ch !== b.sides[0].code && ch !== b.sides[1].code) out.push(`hex ${b.ids[i]} held by "${ch}"`);
  }
  if (s.replacementsLeft < 0) out.push(`${s.replacementsLeft} replacements left`);
  const cached = derive(s, b);
  const fresh = derive(s, b, true);
  if (cached.sig[0] !== fresh.sig[0] || cached.sig[1] !== fresh.sig[1] || cached.occ.some((k, i) => k !== fresh.occ[i])) out.push('the cached positions of the units are stale');
  if (s.phase !== 'combat' && (s.battles.length > 0 || s.combat)) out.push('battles outside the combat phase');
  for (const x of s.battles) {
    const d = s.units.find((u) => u.id === x.defender);
    if (!d || roleOf(b, d.side) === roleOf(b, s.player)) out.push(`battle against ${x.defender}, not an enemy unit`);
    for (const a of x.attackers) if (s.units.find((u) => u.id === a)?.side !== s.player) out.push(`${a} attacks for the wrong side`);
  }
  const attacked = s.battles.flatMap((x) => [x.defender, ...x.attackers]);
  if (new Set(attacked).size !== attacked.length) out.push('a unit is in two battles');
  return out;
}

export const bfm: RulesetPlugin<BfmGame, BfmAction, Observation> = {
  id: 'bfm',
  name: 'Battle for Moscow',
  declaration: bfmDeclaration,
  checks: bfmChecks,
  tables,
  editTable: (scenario, tableId, row, column, value) => {
    if (tableId !== 'crt' && tableId !== 'turns') return { ok: false, message: `Only the combat results table and the turn record track\u2019s weather can be changed; the ${tables(scenario).find((t) => t.id === tableId)?.title.toLowerCase() ?? `"${tableId}" table`} follows from the rules.` };
    const r = tableId === 'crt' ? editCrt(scenario, row, column, value) : editTurnWeather(scenario, row, column, value);
    return typeof r === 'string' ? { ok: false, message: r } : { ok: true, scenario: r };
  },
  victoryCells: (scenario) => {
    const b = bfmBoardOf(scenario);
    return b.moscowCells.map((i) => b.ids[i]!);
  },
  newGame: (scenario, options) => startBfm(scenario, options).state,
  start: startBfm,
  actor: actorOf,
  legalActions: (s) => legalActionsOf(s, bfmBoardOf(s.scenario)),
  apply: applyBfm,
  decision: (s) => decision(s, bfmBoardOf(s.scenario)),
  describe: (s, a) => describe(s, bfmBoardOf(s.scenario), a),
  observe: (s, observer) => observe(s, bfmBoardOf(s.scenario), observer),
  view: (s) => observe(s, bfmBoardOf(s.scenario), null),
  returns: (s) => {
    const b = bfmBoardOf(s.scenario);
    const w = s.gameOver?.winner;
    const r = (k: 0 | 1): number => (!s.gameOver || w === null ? 0 : b.sides[k].id === w ? 1 : -1);
    return { [b.sides[0].id]: r(0), [b.sides[1].id]: r(1) };
  },
  score: (s) => citiesHeld(s, bfmBoardOf(s.scenario)),
  projectedScore: (s) => {
    // Cities held, with Moscow worth more than all the others: whoever holds it would win.
    const b = bfmBoardOf(s.scenario);
    const out = citiesHeld(s, b);
    let cities = 0;
    for (let i = 0; i < b.n; i++) if (b.city[i] || b.moscow[i]) cities++;
    for (const i of b.moscowCells) out[b.sides[controlRole(s, b, i)].id]! += cities + 1;
    return out;
  },
  evaluate: (s, side) => bfmValue(s, side),
  determinize: (s, _observer, seed) => ({ ...s, dice: seedDice(seed) }),
  bot: (options = {}) => (options.level === 'strong' ? bfmSearchBot(options) : bfmBot(options)),
  invariants,
  attackPreview: (s, spec) => attackPreview(s, bfmBoardOf(s.scenario), spec),
  moves: (s, unit) => moves(s, bfmBoardOf(s.scenario), unit),
  dropMove: (s, unit, cell) => {
    const side = actorOf(s);
    return side ? { type: 'move', side, unit, to: cell } : null;
  },
  unitOptions: (s, unit) => {
    const b = bfmBoardOf(s.scenario);
    return legalActionsOf(s, b)
      .map((a) => describe(s, b, a))
      .filter((o) => o.unit === unit || o.units?.includes(unit) === true);
  },
  zonesOfControl: (s, side) => {
    const b = bfmBoardOf(s.scenario);
    const z = zoneOfControl(s, b, roleOf(b, side));
    return b.ids.filter((_, i) => z[i] === 1);
  },
  controlOf: (s, cell) => {
    const b = bfmBoardOf(s.scenario);
    const i = b.index.get(cell);
    return i === undefined ? null : b.sides[controlRole(s, b, i)].id;
  },
};

/**
 * The strong player: the general search bot (shared/bot/search.ts) with the heuristic as its
 * rollout player and evaluation, searching the decisions where a few alternatives matter — the
 * battles to announce, where to push a retreating enemy, who takes a loss or advances, where a
 * replacement goes — and leaving movement to the heuristic's plan.
 */
function bfmSearchBot(options: BotOptions): Player<BfmGame, BfmAction> {
  const seed = options.seed ?? 1;
  const searched = new Set(['declare', 'endDeclarations', 'retreat', 'advance', 'hold', 'takeLoss', 'replace', 'restore', 'endReplacements']);
  return searchBot(bfm as unknown as AnyRuleset, {
    seed,
    policy: () => bfmBot({ seed }) as unknown as Player<RulesState, RulesAction>,
    searchIf: (_s, legal) => legal.some((a) => searched.has(a.type)),
  }) as unknown as Player<BfmGame, BfmAction>;
}

