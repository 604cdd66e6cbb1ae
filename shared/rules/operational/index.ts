// The operational ruleset (seed 000 with the decisions of RULES-NOTES.md) behind the common
// Ruleset interface.
import type { Scenario } from '../../format/scenario.types.js';
import type { Action, ApplyResult, GameEvent, GameState, NewGameOptions, Ruleset, UnitState } from '../types.js';
import { actorOf, applyAction, legalActionsOf } from './actions.js';
import { boardOf } from './board.js';
import { DiceExhausted, scriptedDice, seedDice } from './dice.js';
import { advance, enterPhase, initiativeFor } from './phases.js';
import { cloneState, emit, type Ctx } from './state.js';
import { viewOf } from './view.js';

/** A new game and the events of its automatic opening phases. */
export function startGame(scenario: Scenario, options: NewGameOptions = {}): { state: GameState; events: GameEvent[] } {
  const b = boardOf(scenario);
  const units: UnitState[] = [];
  const start = new Map(scenario.orderOfBattle.map((u) => [u.id, u.cell]));
  const due = new Map((scenario.reinforcements ?? []).map((r) => [r.unit.id, r.turn]));
  for (const id of b.unitOrder) {
    const u = b.units.get(id)!;
    const cell = start.get(id);
    const base: UnitState = { id, side: b.sides[u.side].id, cell: cell ?? null, strength: u.max, supply: 'in-supply', act: 'ready' };
    if (cell === undefined) base.arrival = due.get(id) ?? 1;
    units.push(base);
  }
  let control = '';
  const { cols, rows } = b.grid.spec;
  for (let r = 0; r < rows; r++) {
    const row = scenario.map.control[r] ?? '';
    for (let c = 0; c < cols; c++) {
      const ch = row.charAt(c);
      control += ch === b.sides[1].code ? b.sides[1].code : b.sides[0].code;
    }
  }
  const counts = (): Record<string, number> => Object.fromEntries(b.sides.map((x) => [x.id, 0]));
  const ground = scenario.groundConditions.initial;
  const state: GameState = {
    scenario,
    ruleset: 'operational',
    scenarioId: scenario.id,
    turn: 1,
    date: scenario.calendar.startDate,
    ground,
    clock: 0,
    duration: ground === 'easy' ? 72 : 120,
    phase: 'groundConditions',
    step: null,
    player: null,
    initiative: initiativeFor(b, 1),
    preparedLeft: counts(),
    turnsTaken: counts(),
    passes: 0,
    control,
    vp: counts(),
    units,
    pools: [],
    riverCrossings: [],
    combat: null,
    fuel: null,
    dice: options.dice ? scriptedDice(options.dice) : seedDice(options.seed ?? 1),
    rolls: 0,
    gameOver: null,
  };
  const ctx: Ctx = { s: state, b, ev: [] };
  emit(ctx, 'turn', `Game turn 1 begins (${state.date}, ${ground} ground); ${b.sides[b.sideIndex.get(state.initiative) ?? 0].name} have the initiative.`);
  enterPhase(ctx, 'groundConditions');
  advance(ctx);
  return { state, events: ctx.ev };
}

function isAction(a: unknown): a is Action {
  return typeof a === 'object' && a !== null && typeof (a as { type?: unknown }).type === 'string' && typeof (a as { side?: unknown }).side === 'string';
}

export function applyOperational(state: GameState, action: Action): ApplyResult {
  if (!isAction(action)) return { ok: false, error: { code: 'illegal', message: 'An action needs a type and a side.' } };
  const b = boardOf(state.scenario);
  const ctx: Ctx = { s: cloneState(state), b, ev: [] };
  try {
    const error = applyAction(ctx, action);
    if (error) return { ok: false, error };
    advance(ctx);
  } catch (e) {
    if (e instanceof DiceExhausted) return { ok: false, error: { code: 'diceExhausted', message: e.message } };
    throw e;
  }
  return { ok: true, state: ctx.s, events: ctx.ev };
}

export const operational: Ruleset = {
  id: 'operational',
  name: 'Operational (Drive on Moscow style)',
  newGame: (scenario, options) => startGame(scenario, options).state,
  start: startGame,
  legalActions: (state) => legalActionsOf(state, boardOf(state.scenario)),
  apply: applyOperational,
  view: (state) => viewOf(state, boardOf(state.scenario)),
  actor: (state) => actorOf(state, boardOf(state.scenario)),
};
