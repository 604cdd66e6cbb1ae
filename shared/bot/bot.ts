// The heuristic player: one function per kind of decision the rules can ask for, each
// scoring the legal actions and taking the best. Deterministic: scores depend only on the
// state, and exact ties go to a hash of the seed, the side and the position, never to a
// random draw, so the same seed always plays the same game.
import type { Action, GameState, UnitState } from '../rules/types.js';
import { hashString, mix32, type Player } from './player.js';
import { countsOf, planGroup, type MoveOption, type Plan } from './plan.js';
import { lossTable } from './odds.js';
import { branchOf, maxOf, sideOf, situation, traces, type Situation } from './situation.js';
import { Prices, W } from './values.js';
import { boardOf } from './rules-access.js';

export interface OperationalBotOptions {
  /** Seeds the tie-breaking; use the game seed so each game is reproducible. */
  seed?: number;
}

type Of<T extends Action['type']> = Extract<Action, { type: T }>;
const ofType = <T extends Action['type']>(legal: readonly Action[], type: T): Of<T>[] => legal.filter((a): a is Of<T> => a.type === type);

/** The action with the highest score; exact ties broken by a hash of seed, side and position. */
function best<A extends Action>(state: GameState, seed: number, scored: { action: A; score: number }[]): { action: A; score: number } {
  let top = scored[0]!;
  let topKey = -1;
  const salt = mix32(seed, hashString(top.action.side), state.rolls, state.turn);
  scored.forEach((c, k) => {
    const key = mix32(salt, k);
    if (c.score > top.score + 1e-9 || (Math.abs(c.score - top.score) <= 1e-9 && key > topKey)) {
      top = c;
      topKey = key;
    }
  });
  return top;
}

/**
 * The plan chosen at activation, kept so the moves that carry it out need no re-planning.
 * It is only a cache: a move is taken from it only while it is still legal and the units
 * still to move are exactly the plan's, otherwise the bot plans again from the state.
 */
interface PlanMemo {
  scenario: unknown;
  turn: number;
  /** Every unit of the activated stack; those without a move stay. */
  group: string[];
  moves: { unit: string; action: Action }[];
}

/** The operational ruleset's heuristic player (its `bot` entry point; see README.md). */
export function operationalHeuristicBot(options: OperationalBotOptions = {}): Player {
  const seed = options.seed ?? 1;
  const memo: { plan: PlanMemo | null } = { plan: null };
  return { name: 'bot', choose: (state, legal) => decide(state, legal, seed, memo) };
}

function fromMemo(s: GameState, legal: readonly Action[], memo: { plan: PlanMemo | null }): Action | undefined {
  const plan = memo.plan;
  if (!plan || plan.scenario !== s.scenario || plan.turn !== s.turn) return undefined;
  const movers = s.units.filter((u) => u.act === 'active' && !u.moved && u.cell !== null && u.strength > 0 && u.side === legal[0]!.side);
  if (!movers.every((u) => plan.group.includes(u.id)) || !plan.moves.every((m) => movers.some((u) => u.id === m.unit))) return undefined;
  const next = plan.moves[0];
  if (!next) return legal.find((a) => a.type === 'endMovement');
  const want = JSON.stringify(next.action);
  const hit = legal.find((a) => JSON.stringify(a) === want);
  if (hit) plan.moves = plan.moves.slice(1);
  return hit;
}

function decide(s: GameState, legal: readonly Action[], seed: number, memo: { plan: PlanMemo | null }): Action {
  const first = legal[0]!;
  const side = first.side;
  const has = (t: Action['type']): boolean => legal.some((a) => a.type === t);
  let choice: Action | undefined;
  if (s.combat?.stage === 'partialRetreat') choice = partialRetreat(situation(s, side), legal, seed);
  else if (has('retreat') || has('stand')) choice = retreatOrStand(situation(s, side), legal, seed);
  else if (has('chooseLoss')) choice = chooseLoss(s, ofType(legal, 'chooseLoss'), seed);
  else if (has('breakthrough') || has('endBreakthrough')) choice = breakthrough(situation(s, side), legal, seed);
  else if (has('fuelPick') || has('endFuel')) choice = fuel(s, legal, seed);
  else if (has('interdict') || has('skipInterdiction')) choice = interdict(situation(s, side), legal, seed);
  else if (has('endReinforcement')) choice = reinforce(situation(s, side), legal, seed);
  else if (has('activate') || has('pass')) {
    memo.plan = null;
    choice = activate(situation(s, side), legal, seed, memo);
  } else if (has('endMovement')) choice = fromMemo(s, legal, memo) ?? move(situation(s, side), legal);
  else if (has('attack')) choice = attackOrder(situation(s, side), ofType(legal, 'attack'), seed);
  return choice ?? first;
}

const unitsAt = (sit: Situation, i: number, side: 0 | 1): UnitState[] => sit.at[i]!.filter((u) => sideOf(sit.b, u) === side);

/** Activation: plan each stack that can activate and take the best plan, or pass. */
function activate(sit: Situation, legal: readonly Action[], seed: number, memo: { plan: PlanMemo | null }): Action {
  const p = new Prices(sit);
  const counts = countsOf(sit);
  const plans = new Map<Action, Plan>();
  const scored = ofType(legal, 'activate').map((a) => {
    const i = sit.b.index.get(a.cell)!;
    const group = unitsAt(sit, i, sit.me).filter((u) => u.act === 'ready' && !u.activated);
    const plan = planGroup(sit, p, i, group, counts);
    plans.set(a, plan);
    return { action: a as Action, score: plan.value };
  });
  const pass = legal.find((a) => a.type === 'pass');
  if (scored.length === 0) return pass ?? legal[0]!;
  const top = best(sit.s, seed, scored);
  if (top.score < W.passBelow && pass) return pass;
  const plan = plans.get(top.action);
  if (plan) {
    memo.plan = { scenario: sit.s.scenario, turn: sit.s.turn, group: plan.group, moves: plan.moves.map((m) => ({ unit: m.unit.id, action: moveAction(sit, m.unit, m.option) })) };
  }
  return top.action;
}

function moveAction(sit: Situation, u: UnitState, o: MoveOption): Action {
  const side = sit.b.sides[sit.me].id;
  return o.drop ? { type: 'drop', side, unit: u.id, to: sit.b.ids[o.to]! } : { type: 'move', side, unit: u.id, path: o.path! };
}

/** Movement: re-plan the units still to move and make the first move of the plan. */
function move(sit: Situation, legal: readonly Action[]): Action {
  const end = legal.find((a) => a.type === 'endMovement')!;
  const { b } = sit;
  const movers = sit.s.units.filter((u) => u.act === 'active' && !u.moved && u.cell !== null && u.strength > 0 && sideOf(b, u) === sit.me);
  if (movers.length === 0) return end;
  const from = b.index.get(movers[0]!.cell!)!;
  const group = movers.filter((u) => u.cell === movers[0]!.cell);
  const plan = planGroup(sit, new Prices(sit), from, group, countsOf(sit));
  for (const m of plan.moves) {
    const o = m.option;
    const hit = legal.find((a) =>
      o.drop
        ? a.type === 'drop' && a.unit === m.unit.id && a.to === b.ids[o.to]
        : a.type === 'move' && a.unit === m.unit.id && a.path.length === o.path!.length && a.path.every((c, k) => c === o.path![k]),
    );
    if (hit) return hit;
  }
  return end;
}

/** Attack order: the surest attacks first (a breakthrough may open the next). */
function attackOrder(sit: Situation, legal: Of<'attack'>[], seed: number): Action {
  const p = new Prices(sit);
  const scored = legal.map((a) => {
    const i = sit.b.index.get(a.cell)!;
    const attackers = unitsAt(sit, i, sit.me).filter((u) => u.act !== 'expended');
    const { value, odds } = p.attack(i, attackers, unitsAt(sit, i, sit.foe));
    return { action: a as Action, score: odds.pClear * 100 + value };
  });
  return best(sit.s, seed, scored).action;
}

/** Retreat when standing costs more than the cell is worth; choose the safest supplied cells. */
function retreatOrStand(sit: Situation, legal: readonly Action[], seed: number): Action {
  const c = sit.s.combat!;
  const { b } = sit;
  const p = new Prices(sit);
  const cell = b.index.get(c.cell)!;
  const defenders = c.defenders
    .map((id) => sit.s.units.find((u) => u.id === id)!)
    .filter((u) => u.strength > 0 && u.cell === c.cell);
  const table = lossTable(b, defenders);
  const total = table.lost.length - 1;
  const L = Math.min(total, c.defLoss);
  const standLoss = table.lost[L]! + W.killed * table.destroyedMax[L]!;
  const wiped = L >= total;
  const stand = -standLoss - (wiped ? p.lose(cell) : 0);
  const L1 = Math.max(0, Math.min(total, c.defLoss - 1));
  const retreatBase = -(table.lost[L1]! + W.killed * table.destroyedMax[L1]!) - p.lose(cell);
  const survivors = defenders.filter((u) => u.strength > 0);
  const scored: { action: Action; score: number }[] = [];
  for (const a of ofType(legal, 'retreat')) {
    let score = retreatBase;
    const per = Math.max(1, Math.ceil(survivors.length / a.cells.length));
    for (const id of a.cells) {
      const j = b.index.get(id)!;
      const str = sit.str[sit.me][j]! + survivors.slice(0, per).reduce((t, u) => t + u.strength, 0) - L1;
      score -= 0.5 * p.exposure(j, Math.max(1, str), false);
      if (!survivors.every((u) => p.suppliedAt(u, j))) score -= W.unsupplied * 2;
      score += 0.3 * sit.worth[j]! * (sit.threat[j]! > 0 ? 1 : 0);
    }
    scored.push({ action: a, score });
  }
  const standAction = legal.find((a) => a.type === 'stand');
  if (standAction) scored.push({ action: standAction, score: stand + 1e-6 });
  return best(sit.s, seed, scored).action;
}

/**
 * Partial retreat, after the losses were taken in full: the units that stay keep the cell
 * contested. A unit leaves when what it escapes (its share of the next attack on the battle
 * cell, or the supply-phase loss of a cut-off unit among the enemy) outweighs the danger where
 * it goes, a lost supply line and the activation it gives up; otherwise everyone stays.
 */
function partialRetreat(sit: Situation, legal: readonly Action[], seed: number): Action {
  const { b } = sit;
  const c = sit.s.combat!;
  const stay = legal.find((a) => a.type === 'stand')!;
  const i = b.index.get(c.cell)!;
  if (sit.cnt[sit.foe][i] === 0) return stay;
  const p = new Prices(sit);
  const here = sit.str[sit.me][i]!;
  const scored: { action: Action; score: number }[] = [{ action: stay, score: 0 }];
  for (const a of ofType(legal, 'retreat')) {
    const u = sit.s.units.find((x) => x.id === a.unit);
    const j = b.index.get(a.cells[0]!);
    if (!u || j === undefined) continue;
    let score = p.exposure(i, here, false) - p.exposure(i, here - u.strength, false);
    score -= p.exposure(j, sit.str[sit.me][j]! + u.strength, false);
    // Cut off among the enemy, an isolated or desperate unit loses 2 in the next supply phase.
    if ((u.supply === 'isolated' || u.supply === 'desperate') && !traces(sit, u, i, sit.supply[sit.me])) {
      score += Math.min(2, u.strength) + (u.strength <= 2 ? W.killed * maxOf(b, u) : 0);
    }
    if (!p.suppliedAt(u, j)) score -= W.unsupplied * u.strength;
    if (u.act === 'ready' && !u.activated) score -= 0.3;
    scored.push({ action: a, score });
  }
  return best(sit.s, seed, scored).action;
}

/** Loss ties: give the hit to the unit that matters least. */
function chooseLoss(s: GameState, legal: Of<'chooseLoss'>[], seed: number): Action {
  const b = boardOf(s.scenario);
  const scored = legal.map((a) => {
    const u = s.units.find((x) => x.id === a.unit)!;
    const info = b.units.get(u.id);
    let cost = 0;
    if (u.strength <= 1) cost += (info?.max ?? 1) * 2;
    if (info?.elite) cost += 1;
    if (u.supply === 'in-supply') cost += 0.5;
    if (u.act !== 'expended') cost += 0.3;
    return { action: a as Action, score: -cost };
  });
  return best(s, seed, scored).action;
}

/** Breakthrough: move a tank on when it takes something worth more than holding the battle cell. */
function breakthrough(sit: Situation, legal: readonly Action[], seed: number): Action {
  const { b } = sit;
  const p = new Prices(sit);
  const c = sit.s.combat!;
  const from = b.index.get(c.cell)!;
  const end = legal.find((a) => a.type === 'endBreakthrough');
  const scored: { action: Action; score: number }[] = end ? [{ action: end, score: W.passBelow }] : [];
  const leftHere = unitsAt(sit, from, sit.me);
  for (const a of ofType(legal, 'breakthrough')) {
    const u = sit.s.units.find((x) => x.id === a.unit)!;
    const to = b.index.get(a.path[a.path.length - 1]!)!;
    let score = 0;
    if (sit.cnt[sit.foe][to]! > 0) score -= 3;
    else score += p.capture(to);
    for (const id of a.path.slice(0, -1)) score += p.capture(b.index.get(id)!) * 0;
    score += W.pull * (sit.pull[to]! - sit.pull[from]!);
    const stack = sit.str[sit.me][to]! + u.strength;
    score -= p.exposure(to, stack, false) * (u.strength / stack);
    if (!p.suppliedAt(u, to)) score -= W.unsupplied * u.strength;
    if (leftHere.length <= 1 && sit.threat[from]! > 0) score -= 0.5 * p.lose(from);
    scored.push({ action: a, score });
  }
  return best(sit.s, seed, scored).action;
}

/** Fuel shortage: roll for the enemy's strongest in-supply tanks (a roll on others does nothing). */
function fuel(s: GameState, legal: readonly Action[], seed: number): Action {
  const b = boardOf(s.scenario);
  const end = legal.find((a) => a.type === 'endFuel');
  const scored: { action: Action; score: number }[] = end ? [{ action: end, score: 0 }] : [];
  for (const a of ofType(legal, 'fuelPick')) {
    const u = s.units.find((x) => x.id === a.unit)!;
    scored.push({ action: a, score: u.supply === 'in-supply' ? u.strength + (b.units.get(u.id)?.elite ? 1 : 0) : -1 });
  }
  return best(s, seed, scored).action;
}

/** Air interdiction: expend the enemy unit that could do the most harm this turn. */
function interdict(sit: Situation, legal: readonly Action[], seed: number): Action {
  const { b } = sit;
  const skip = legal.find((a) => a.type === 'skipInterdiction');
  const scored: { action: Action; score: number }[] = skip ? [{ action: skip, score: 0 }] : [];
  for (const a of ofType(legal, 'interdict')) {
    const u = sit.s.units.find((x) => x.id === a.unit)!;
    if (u.act === 'expended' || u.cell === null) continue;
    const i = b.index.get(u.cell)!;
    const near = b.links[i]!.some((l) => sit.cnt[sit.me][l.to]! > 0) || sit.cnt[sit.me][i]! > 0;
    let score = u.strength * (branchOf(b, u) === 'tank' ? 1.5 : 1) * (near ? 1.5 : 1);
    if (sit.worth[i]! > 0) score += 1;
    scored.push({ action: a, score });
  }
  return best(sit.s, seed, scored).action;
}

/**
 * Reinforcement: rebuild destroyed units first (it takes their VP back from the enemy, and the
 * first two points cost one), then top up the weakest units nearest the fighting.
 */
function reinforce(sit: Situation, legal: readonly Action[], seed: number): Action {
  const { b } = sit;
  const end = legal.find((a) => a.type === 'endReinforcement')!;
  const scored: { action: Action; score: number }[] = [{ action: end, score: 0 }];
  for (const a of ofType(legal, 'rebuild')) {
    const u = sit.s.units.find((x) => x.id === a.unit)!;
    const i = b.index.get(a.cell)!;
    const cost = a.strength <= 2 ? 1 : a.strength - 1;
    // Many cheap rebuilds beat one dear one: prefer strength 2 (one point) unless points are plenty.
    const perPoint = (maxOf(b, u) + a.strength) / cost;
    scored.push({ action: a, score: 100 + perPoint + 0.1 * sit.pull[i]! - 0.1 * sit.threat[i]! });
  }
  for (const a of ofType(legal, 'replace')) {
    const u = sit.s.units.find((x) => x.id === a.unit)!;
    const i = b.index.get(u.cell!)!;
    const front = sit.threat[i]! > 0 || b.links[i]!.some((l) => sit.cnt[sit.foe][l.to]! > 0) ? 2 : 1;
    const tank = branchOf(b, u) === 'tank' ? 1.2 : 1;
    scored.push({ action: a, score: 10 + a.points * front * tank + (maxOf(b, u) - u.strength) * 0.01 });
  }
  return best(sit.s, seed, scored).action;
}


