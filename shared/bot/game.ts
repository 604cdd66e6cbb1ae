// Plays one whole game between two players and records what a balance study needs: the
// result, VP at the end of every game turn, who controlled each victory cell then, and the
// turn from which the result was settled.
import type { Scenario } from '../format/scenario.types.js';
import { rulesetFor } from '../rules/engine.js';
import { boardOf } from './rules-access.js';
import type { Action, GameEvent, GameState } from '../rules/types.js';
import type { Player } from './player.js';

export interface TurnRecord {
  turn: number;
  /** VP of sides[0] and sides[1] after this turn's scoring. */
  vp: [number, number];
  /** VP if the game ended now: VP so far plus end-of-game awards for cells held and units destroyed. */
  projected: [number, number];
  /** Side index (0/1) controlling each victory cell at the end of the turn, in `victoryCells` order. */
  control: (0 | 1)[];
}

export interface GameRecord {
  seed: number;
  /** 0 or 1: index in the scenario's sides; null for a draw. */
  winner: 0 | 1 | null;
  vp: [number, number];
  /** vp[0] - vp[1]. */
  margin: number;
  turns: TurnRecord[];
  /**
   * First game turn from whose end on the projected result (who would win, or a draw, if the
   * game ended then) never changed again: the turn the game was decided. 0 when it was
   * already the final result before any turn ended, i.e. never in doubt at a turn's end.
   */
  decisionTurn: number;
  /** Side index controlling each victory cell at the end of the game. */
  endControl: (0 | 1)[];
  actions: number;
  log?: Action[];
  final?: GameState;
}

export interface PlayOptions {
  seed: number;
  /** Keep the action log and final state in the record (tests, replays). */
  keepLog?: boolean;
  /** Called after every applied action (invariant checks). */
  onStep?: (state: GameState, action: Action) => void;
  /** Safety stop; a game of the bundled scenarios takes a few hundred actions. */
  maxActions?: number;
}

/** Cell ids of the scenario's victory cells, in the order records use. */
export function victoryCells(scenario: Scenario): string[] {
  const b = boardOf(scenario);
  return b.victory.map((v) => b.ids[v.cell]!);
}

const sign = (x: number): number => (x > 0 ? 1 : x < 0 ? -1 : 0);

/** Control string of the end of `turn`, undoing later control changes made in the same apply. */
function controlAtTurnEnd(state: GameState, events: readonly GameEvent[], turn: number): string {
  const b = boardOf(state.scenario);
  let control = state.control;
  for (let k = events.length - 1; k >= 0; k--) {
    const e = events[k]!;
    if (e.kind !== 'control' || e.turn <= turn || e.cell === undefined) continue;
    const i = b.index.get(e.cell);
    if (i === undefined) continue;
    const before = e.side === b.sides[0].id ? b.sides[1].code : b.sides[0].code;
    control = control.slice(0, i) + before + control.slice(i + 1);
  }
  return control;
}

function turnRecord(state: GameState, control: string, turn: number, over: boolean): TurnRecord {
  const b = boardOf(state.scenario);
  const ctl = b.victory.map((v) => (control.charAt(v.cell) === b.sides[1].code ? 1 : 0) as 0 | 1);
  const vp: [number, number] = [state.vp[b.sides[0].id] ?? 0, state.vp[b.sides[1].id] ?? 0];
  const projected: [number, number] = [vp[0], vp[1]];
  if (!over) {
    b.victory.forEach((v, k) => (projected[ctl[k]!] += v.endGame));
    for (const u of state.units) {
      if (u.strength !== 0 || u.lost === undefined) continue;
      const by = b.sideIndex.get(u.side) === 0 ? 1 : 0;
      projected[by] += (b.units.get(u.id)?.max ?? 0) * b.options.destroyedStrengthVp;
    }
  }
  return { turn, vp, projected, control: ctl };
}

/** Plays `scenario` to the end; `players[k]` plays the scenario's side k. */
export function playGame(scenario: Scenario, players: readonly [Player, Player], options: PlayOptions): GameRecord {
  const rules = rulesetFor(scenario.ruleset.id);
  const b = boardOf(scenario);
  let state = rules.newGame(scenario, { seed: options.seed });
  const turns: TurnRecord[] = [];
  const log: Action[] = [];
  const limit = options.maxActions ?? 50_000;
  let actions = 0;
  while (!state.gameOver) {
    if (actions >= limit) throw new Error(`Game with seed ${options.seed} did not finish within ${limit} actions.`);
    const side = rules.actor(state);
    const legal = rules.legalActions(state);
    if (side === null || legal.length === 0) throw new Error(`No decision offered in ${state.phase}/${state.step ?? '-'} of turn ${state.turn}.`);
    const player = players[b.sideIndex.get(side) ?? 0]!;
    const action = player.choose(state, legal);
    const r = rules.apply(state, action);
    if (!r.ok) {
      throw new Error(`${player.name} player chose a refused action in turn ${state.turn} (${state.phase}/${state.step ?? '-'}): ${JSON.stringify(action)}: ${r.error.message}`);
    }
    const before = state.turn;
    state = r.state;
    actions++;
    if (options.keepLog) log.push(action);
    options.onStep?.(state, action);
    if (state.turn !== before || state.gameOver) {
      turns.push(turnRecord(state, controlAtTurnEnd(state, r.events, before), before, state.gameOver !== null));
    }
  }
  const vp: [number, number] = [state.vp[b.sides[0].id] ?? 0, state.vp[b.sides[1].id] ?? 0];
  const result = sign(vp[0] - vp[1]);
  let decisionTurn = 0;
  for (let k = turns.length - 1; k >= 0; k--) {
    const t = turns[k]!;
    if (sign(t.projected[0] - t.projected[1]) !== result) {
      decisionTurn = k + 1 < turns.length ? turns[k + 1]!.turn : t.turn;
      break;
    }
  }
  const winner = state.gameOver?.winner;
  const record: GameRecord = {
    seed: options.seed,
    winner: winner == null ? null : (b.sideIndex.get(winner) ?? null),
    vp,
    margin: vp[0] - vp[1],
    turns,
    decisionTurn,
    endControl: b.victory.map((v) => (state.control.charAt(v.cell) === b.sides[1].code ? 1 : 0)),
    actions,
  };
  if (options.keepLog) {
    record.log = log;
    record.final = state;
  }
  return record;
}
