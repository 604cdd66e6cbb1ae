// Plays one whole game between two players, under whatever ruleset the scenario names, and
// records what a balance study needs: the result, the score at the end of every game turn (VP,
// or the ruleset's own measure), who controlled each victory cell then, and the turn from
// which the result was settled.
import type { Scenario } from '../format/scenario.types.js';
import { getRuleset } from '../rules/engine.js';
import type { Action, AnyRuleset, GameEvent, GameState, Player, RulesAction, RulesState } from '../rules/types.js';

export interface TurnRecord {
  turn: number;
  /** Score (VP) of sides[0] and sides[1] after this turn's scoring. */
  vp: [number, number];
  /** Score if the game ended now: so far plus end-of-game awards (operational: cells held and units destroyed). */
  projected: [number, number];
  /** Side index (0/1) controlling each victory cell at the end of the turn, in `victoryCells` order. */
  control: (0 | 1)[];
}

export interface GameRecord<S extends RulesState = GameState, A extends RulesAction = Action> {
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
  log?: A[];
  final?: S;
}

export interface PlayOptions<S extends RulesState = GameState, A extends RulesAction = Action> {
  seed: number;
  /** Keep the action log and final state in the record (tests, replays). */
  keepLog?: boolean;
  /** Called after every applied action (invariant checks). */
  onStep?: (state: S, action: A) => void;
  /** Safety stop; a game of the bundled scenarios takes a few hundred actions. */
  maxActions?: number;
}

/** Cell ids of the scenario's victory cells, in the order records use. */
export function victoryCells(scenario: Scenario): string[] {
  return getRuleset(scenario.ruleset.id).victoryCells(scenario);
}

const sign = (x: number): number => (x > 0 ? 1 : x < 0 ? -1 : 0);

/** Controller (side index) of each cell at the end of `turn`, undoing later control changes made in the same apply. */
function controlAtTurnEnd(rules: AnyRuleset, state: RulesState, events: readonly GameEvent[], turn: number, cells: readonly string[]): (0 | 1)[] {
  const sides = state.scenario.sides;
  const control: Record<string, string | null> = Object.fromEntries(cells.map((c) => [c, rules.controlOf(state, c)]));
  for (let k = events.length - 1; k >= 0; k--) {
    const e = events[k]!;
    if (e.kind !== 'control' || e.turn <= turn || e.cell === undefined) continue;
    if (e.cell in control) control[e.cell] = e.side === sides[0].id ? sides[1].id : sides[0].id;
  }
  return cells.map((c) => (control[c] === sides[1].id ? 1 : 0));
}

const pair = (scenario: Scenario, r: Record<string, number>): [number, number] => [r[scenario.sides[0].id] ?? 0, r[scenario.sides[1].id] ?? 0];

/** Plays `scenario` to the end; `players[k]` plays the scenario's side k. */
export function playGame<S extends RulesState = GameState, A extends RulesAction = Action>(
  scenario: Scenario,
  players: readonly [Player<S, A>, Player<S, A>],
  options: PlayOptions<S, A>,
): GameRecord<S, A> {
  const rules = getRuleset(scenario.ruleset.id);
  const sideIndex = new Map(scenario.sides.map((s, k) => [s.id, k as 0 | 1]));
  const cells = rules.victoryCells(scenario);
  let state = rules.newGame(scenario, { seed: options.seed }) as S;
  const turns: TurnRecord[] = [];
  const log: A[] = [];
  const limit = options.maxActions ?? 50_000;
  let actions = 0;
  while (!state.gameOver) {
    if (actions >= limit) throw new Error(`Game with seed ${options.seed} did not finish within ${limit} actions.`);
    const side = rules.actor(state);
    const legal = rules.legalActions(state) as A[];
    if (side === null || legal.length === 0) throw new Error(`No decision offered in turn ${state.turn} (${rules.observe(state, null).phase.label}).`);
    const player = players[sideIndex.get(side) ?? 0]!;
    const action = player.choose(state, legal);
    const r = rules.apply(state, action);
    if (!r.ok) {
      throw new Error(`${player.name} player chose a refused action in turn ${state.turn} (${rules.observe(state, null).phase.label}): ${JSON.stringify(action)}: ${r.error.message}`);
    }
    const before = state.turn;
    state = r.state as S;
    actions++;
    if (options.keepLog) log.push(action);
    options.onStep?.(state, action);
    if (state.turn !== before || state.gameOver) {
      const over = state.gameOver !== null;
      const vp = pair(scenario, rules.score(state));
      turns.push({ turn: before, vp, projected: over ? [vp[0], vp[1]] : pair(scenario, rules.projectedScore(state)), control: controlAtTurnEnd(rules, state, r.events, before, cells) });
    }
  }
  const vp = pair(scenario, rules.score(state));
  const winnerId = state.gameOver?.winner;
  const winner = winnerId == null ? null : (sideIndex.get(winnerId) ?? null);
  // The decision is about who wins; in rulesets whose winner is not the higher score (Battle
  // for Moscow: whoever holds Moscow) the result compared is the winner itself.
  const result = winner === null ? 0 : winner === 0 ? 1 : -1;
  const projectedResult = (t: TurnRecord, k: number): number => {
    if (k === turns.length - 1) return result;
    return sign(t.projected[0] - t.projected[1]);
  };
  let decisionTurn = 0;
  for (let k = turns.length - 1; k >= 0; k--) {
    const t = turns[k]!;
    if (projectedResult(t, k) !== result) {
      decisionTurn = k + 1 < turns.length ? turns[k + 1]!.turn : t.turn;
      break;
    }
  }
  const record: GameRecord<S, A> = {
    seed: options.seed,
    winner,
    vp,
    margin: vp[0] - vp[1],
    turns,
    decisionTurn,
    endControl: controlAtTurnEnd(rules, state, [], Infinity, cells),
    actions,
  };
  if (options.keepLog) {
    record.log = log;
    record.final = state;
  }
  return record;
}
