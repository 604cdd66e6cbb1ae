// The operational ruleset (seed 000 with the decisions of RULES-NOTES.md) behind the common
// Ruleset interface.
import type { Scenario } from '../../format/scenario.types.js';
import type { Action, ApplyResult, GameEvent, GameState, NewGameOptions, Ruleset, UnitState } from '../types.js';
import { actorOf, applyAction, legalActionsOf } from './actions.js';
import { boardOf } from './board.js';
import { turnDays } from '../../scenario/ground.js';
import { applyOnCopy, refuse } from '../apply.js';
import { scriptedDice, seedDice } from './dice.js';
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
    duration: turnDays(ground) * 24,
    phase: 'groundConditions',
    step: null,
    player: null,
    initiative: initiativeFor(b, 1),
    preparedLeft: counts(),
    turnsTaken: counts(),
    passes: 0,
    control: b.initialControl,
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

const FIELDS: Record<string, Record<string, 'string' | 'int' | 'strings'>> = {
  activate: { cell: 'string' },
  pass: {},
  move: { unit: 'string', path: 'strings' },
  drop: { unit: 'string', to: 'string' },
  endMovement: {},
  attack: { cell: 'string' },
  replace: { unit: 'string', pool: 'int', points: 'int' },
  rebuild: { unit: 'string', pool: 'int', cell: 'string', strength: 'int' },
  endReinforcement: {},
  chooseLoss: { unit: 'string' },
  retreat: { cells: 'strings' },
  stand: {},
  breakthrough: { unit: 'string', path: 'strings' },
  endBreakthrough: {},
  fuelPick: { unit: 'string' },
  endFuel: {},
  interdict: { unit: 'string' },
  skipInterdiction: {},
};

/** Actions may come from JSON (a save, another process): check their shape before the rules read them. */
function shapeProblem(a: unknown): string | null {
  if (typeof a !== 'object' || a === null) return 'An action must be an object.';
  const o = a as Record<string, unknown>;
  if (typeof o.type !== 'string' || !(o.type in FIELDS)) return `Unknown action type ${JSON.stringify(o.type)}.`;
  if (typeof o.side !== 'string') return `A "${o.type}" action needs the side taking it.`;
  for (const [field, kind] of Object.entries(FIELDS[o.type]!)) {
    const v = o[field];
    const ok =
      kind === 'string'
        ? typeof v === 'string'
        : kind === 'int'
          ? Number.isInteger(v)
          : Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string');
    if (!ok) return `A "${o.type}" action needs ${field} as ${kind === 'strings' ? 'a non-empty list of cells' : kind === 'int' ? 'a whole number' : 'a string'}.`;
  }
  // A retreat may name the one unit of a partial retreat.
  if (o.type === 'retreat' && o.unit !== undefined && typeof o.unit !== 'string') return 'A "retreat" action names its unit as a string.';
  return null;
}

export function applyOperational(state: GameState, action: Action): ApplyResult {
  const shape = shapeProblem(action);
  if (shape) return refuse('illegal', shape);
  const ctx: Ctx = { s: cloneState(state), b: boardOf(state.scenario), ev: [] };
  return applyOnCopy(ctx, ctx.ev, (c) => applyAction(c, action), advance);
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
