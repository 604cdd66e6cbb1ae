// The Battle for Moscow heuristic player (the ruleset's fast bot) and its evaluation of a position,
// which the general search bot (search.ts) uses to cut its look-ahead short. It reads the board as
// a player does: how far each hex is from Moscow, what terrain helps the defender, where the
// enemy's zones of control and strength are. Each decision scores the legal actions and takes the
// best; exact ties go to a hash of the seed, never to a random draw, so a seed plays one game.
import type { BfmAction, BfmUnitState } from '../format/ruleset-bfm.types.js';
import { bfmBoardOf, GERMAN, SOVIET, type BfmBoard, type Role } from '../rules/bfm/board.js';
import { oddsOf, retreatHexes } from '../rules/bfm/combat.js';
import { cellIx, controlRole, findUnit, info, occupancy, onMap, roleOf, stepLoss, strengthNow, zoneOfControl, type BfmGame } from '../rules/bfm/state.js';
import type { BotOptions, Player } from '../rules/types.js';
import { hashString, mix32 } from './player.js';

// ---- what the bot knows about the map ------------------------------------------------------

interface MapFacts {
  /** Movement cost from each hex to Moscow (forest two), large where unreachable. */
  toMoscow: Int32Array;
  /** Largest finite toMoscow, to normalise. */
  maxToMoscow: number;
}

const facts = new WeakMap<BfmBoard, MapFacts>();

function mapFacts(b: BfmBoard): MapFacts {
  let f = facts.get(b);
  if (f) return f;
  const toMoscow = new Int32Array(b.n).fill(1 << 20);
  const buckets: number[][] = [[...b.moscowCells]];
  for (const m of b.moscowCells) toMoscow[m] = 0;
  for (let d = 0; d < buckets.length; d++) {
    for (const i of buckets[d] ?? []) {
      if (toMoscow[i] !== d) continue;
      for (let k = 0; k < 6; k++) {
        const j = b.nb[i * 6 + k]!;
        if (j < 0 || b.impassable[j]) continue;
        const nd = d + (b.forest[i] ? 2 : 1);
        if (nd < toMoscow[j]!) {
          toMoscow[j] = nd;
          (buckets[nd] ??= []).push(j);
        }
      }
    }
  }
  let maxToMoscow = 1;
  for (let i = 0; i < b.n; i++) if (toMoscow[i]! < 1 << 20) maxToMoscow = Math.max(maxToMoscow, toMoscow[i]!);
  f = { toMoscow, maxToMoscow };
  facts.set(b, f);
  return f;
}

// ---- evaluation ----------------------------------------------------------------------------

/**
 * How good the position is for `side`, in [-1, 1]: who holds Moscow (and how near the game's end
 * it is), how close the German units are to Moscow, and the strength each side has on the map.
 */
export function bfmValue(s: BfmGame, side: string): number {
  const b = bfmBoardOf(s.scenario);
  const f = mapFacts(b);
  const strength = [0, 0];
  let progress = 0;
  let germans = 0;
  for (const u of s.units) {
    if (!onMap(u)) continue;
    const r = roleOf(b, u.side);
    strength[r]! += strengthNow(b, u);
    if (r === GERMAN) {
      progress += 1 - Math.min(1, f.toMoscow[cellIx(b, u)]! / f.maxToMoscow);
      germans++;
    }
  }
  const turnsLeft = Math.max(0, b.turns.length - s.turn);
  const moscow = b.moscowCells.length && controlRole(s, b, b.moscowCells[0]!) === GERMAN ? 1 : -1;
  const g =
    (s.gameOver ? (s.gameOver.winner === b.sides[GERMAN].id ? 3 : s.gameOver.winner === null ? 0 : -3) : moscow * (1.2 - turnsLeft * 0.12)) +
    1.5 * (germans ? progress / germans : 0) +
    (strength[0]! - strength[1]!) / Math.max(20, strength[0]! + strength[1]!);
  const v = Math.tanh(g);
  return roleOf(b, side) === GERMAN ? v : -v;
}

// ---- the player ----------------------------------------------------------------------------

type Of<T extends BfmAction['type']> = Extract<BfmAction, { type: T }>;
const ofType = <T extends BfmAction['type']>(legal: readonly BfmAction[], type: T): Of<T>[] => legal.filter((a): a is Of<T> => a.type === type);

/** The highest score; exact ties go to a hash of the seed, the side and the position in the list. */
function best<A>(salt: number, scored: readonly { action: A; score: number }[]): { action: A; score: number } {
  let top = scored[0]!;
  let topKey = -1;
  scored.forEach((c, k) => {
    const key = mix32(salt, k);
    if (c.score > top.score + 1e-9 || (Math.abs(c.score - top.score) <= 1e-9 && key > topKey)) {
      top = c;
      topKey = key;
    }
  });
  return top;
}

/** Per-decision picture of the board. */
interface Picture {
  s: BfmGame;
  b: BfmBoard;
  f: MapFacts;
  me: Role;
  occ: Int16Array;
  /** Zones of control of the enemy (of `me`). */
  enemyZoc: Uint8Array;
  /** Total enemy strength adjacent to each hex. */
  enemyNear: Float64Array;
  /** Total friendly strength adjacent to each hex. */
  friendNear: Float64Array;
  /** Nearest German (toMoscow) progress: the smallest toMoscow of a German unit. */
  germanFront: number;
}

function picture(s: BfmGame, b: BfmBoard, me: Role): Picture {
  const occ = occupancy(s, b);
  const enemyNear = new Float64Array(b.n);
  const friendNear = new Float64Array(b.n);
  let germanFront = 1 << 20;
  const f = mapFacts(b);
  for (const u of s.units) {
    if (!onMap(u)) continue;
    const i = cellIx(b, u);
    const r = roleOf(b, u.side);
    const str = strengthNow(b, u);
    if (r === GERMAN) germanFront = Math.min(germanFront, f.toMoscow[i]!);
    for (let k = 0; k < 6; k++) {
      const j = b.nb[i * 6 + k]!;
      if (j < 0) continue;
      if (r === me) friendNear[j]! += str;
      else enemyNear[j]! += str;
    }
  }
  return { s, b, f, me, occ, enemyZoc: zoneOfControl(s, b, me === GERMAN ? SOVIET : GERMAN), enemyNear, friendNear, germanFront };
}

const enemyAt = (p: Picture, j: number): BfmUnitState | null => {
  const k = p.occ[j]!;
  if (k < 0) return null;
  const u = p.s.units[k]!;
  return roleOf(p.b, u.side) === p.me ? null : u;
};

// Tuning, from bot-vs-bot games (npm run bench:rules): how much a German unit likes standing
// next to Soviet units it outweighs, and what tying an attacker to one battle costs.
const PREY = 0.8;
const ATTACKER_COST = 0.4;

/** How much a unit of `me` with strength `str` likes standing in hex i. */
function hexValue(p: Picture, i: number, str: number, panzer: boolean): number {
  const { b, f } = p;
  const dist = f.toMoscow[i]! / f.maxToMoscow;
  const cover = (b.forest[i] ? 1 : 0) + (b.moscow[i] ? 1 : 0) + (b.fortification[i] && p.me === SOVIET ? 1 : 0);
  const threat = p.enemyNear[i]!;
  if (p.me === GERMAN) {
    let v = -6 * dist;
    if (b.moscow[i]) v += 8;
    else if (b.city[i]) v += 0.6;
    // Next to Soviet units: chances to attack them (good when stronger), risk when weaker.
    let prey = 0;
    for (let k = 0; k < 6; k++) {
      const j = b.nb[i * 6 + k]!;
      const e = j >= 0 ? enemyAt(p, j) : null;
      if (!e) continue;
      const es = strengthNow(b, e);
      prey += Math.min(3, (str + p.friendNear[j]! * 0.5) / Math.max(1, es)) * PREY;
      if (b.moscow[j]) prey += 1;
    }
    v += prey;
    v -= Math.max(0, threat - 2 * str) * 0.08 * (panzer ? 1.5 : 1);
    return v;
  }
  // Soviet: hold Moscow, stand in cover between the Germans and Moscow, avoid being caught weak in the open.
  let v = -2.5 * dist;
  if (b.moscow[i]) v += 10;
  else if (b.city[i] && f.toMoscow[i]! <= p.germanFront + 2) v += 0.8;
  v += cover * 0.9;
  if (f.toMoscow[i]! < p.germanFront) v += 0.6;
  v -= (threat / Math.max(1, str * (1 + cover))) * 0.5;
  return v;
}

/** Value of a unit's step (what losing one costs its side). */
const stepValue = (b: BfmBoard, u: BfmUnitState): number => stepLoss(b, u) + (u.reduced ? 3 : 0) + (info(b, u.id).panzer ? 1 : 0);

function chooseReplacement(p: Picture, legal: readonly BfmAction[], salt: number): BfmAction {
  const { s, b, f } = p;
  const scored: { action: BfmAction; score: number }[] = [];
  const moscowEmpty = b.moscowCells.some((m) => p.occ[m] === -1);
  for (const a of legal) {
    if (a.type === 'endReplacements') scored.push({ action: a, score: 0 });
    else if (a.type === 'restore') {
      const u = findUnit(s, a.unit)!;
      const i = cellIx(b, u);
      const front = p.enemyNear[i]! > 0 ? 2 : 0;
      scored.push({ action: a, score: 5 + stepLoss(b, u) + front + (b.moscow[i] ? 6 : 0) + (info(b, u.id).panzer ? 3 : 0) });
    } else if (a.type === 'replace') {
      const i = b.index.get(a.cell)!;
      const u = findUnit(s, a.unit)!;
      const str = info(b, u.id).half;
      let v = 4 + str * 0.5 + hexValue(p, i, str, info(b, u.id).panzer) * 0.3;
      if (p.me === SOVIET && b.moscow[i] && moscowEmpty) v += 20;
      if (p.me === GERMAN) v -= (f.toMoscow[i]! / f.maxToMoscow) * 2;
      // A lone new unit next to the enemy is easy prey.
      if (p.enemyNear[i]! > str * 2) v -= 3;
      scored.push({ action: a, score: v });
    }
  }
  return best(salt, scored).action;
}

/**
 * The moves of a whole movement phase: every unit's best destination by how much better it stands
 * there, taken greedily best first, each hex given to one unit. Friendly moves never change where
 * another unit can go in the same phase (only enemy units and zones of control block), so the plan
 * stays legal while it is carried out.
 */
function planMoves(p: Picture, legal: readonly BfmAction[]): BfmAction[] {
  const { s, b } = p;
  const scored: { action: Of<'move'>; score: number }[] = [];
  const here = new Map<string, { str: number; panzer: boolean; stay: number }>();
  const byId = new Map(s.units.map((u) => [u.id, u]));
  // The same hex is worth the same to units of the same strength and kind.
  const memo = new Map<number, number>();
  const value = (i: number, str: number, panzer: boolean): number => {
    const key = (i * 128 + str) * 2 + (panzer ? 1 : 0);
    let v = memo.get(key);
    if (v === undefined) memo.set(key, (v = hexValue(p, i, str, panzer)));
    return v;
  };
  for (const a of ofType(legal, 'move')) {
    let h = here.get(a.unit);
    if (!h) {
      const u = byId.get(a.unit)!;
      const i = info(b, u.id);
      const str = strengthNow(b, u);
      let stay = value(cellIx(b, u), str, i.panzer);
      // Leaving Moscow empty is the one move the Soviets must never make.
      if (p.me === SOVIET && b.moscow[cellIx(b, u)]) stay += 50;
      here.set(a.unit, (h = { str, panzer: i.panzer, stay }));
    }
    const score = value(b.index.get(a.to)!, h.str, h.panzer) - h.stay;
    if (score > 0.05) scored.push({ action: a, score });
  }
  scored.sort((x, y) => y.score - x.score || (x.action.unit < y.action.unit ? -1 : x.action.unit > y.action.unit ? 1 : x.action.to < y.action.to ? -1 : 1));
  const moved = new Set<string>();
  const taken = new Set<string>();
  const plan: BfmAction[] = [];
  for (const c of scored) {
    if (moved.has(c.action.unit) || taken.has(c.action.to)) continue;
    moved.add(c.action.unit);
    taken.add(c.action.to);
    plan.push(c.action);
  }
  return plan;
}

/** Expected gain of a battle for the attacker, per the CRT column's six results. */
function battleValue(p: Picture, attackers: BfmUnitState[], defender: BfmUnitState, trapped = false): { value: number; column: number } {
  const { s, b } = p;
  const o = oddsOf(s, b, attackers, defender);
  if (o.column === 0) return { value: -1, column: 0 };
  const dStep = stepValue(b, defender);
  const elimValue = strengthNow(b, defender) + (defender.reduced ? 0 : info(b, defender.id).half) + 4;
  const dHex = cellIx(b, defender);
  const place = b.moscow[dHex] ? 8 : b.city[dHex] ? 1.5 : 0.5;
  const cheapest = Math.min(...attackers.map((a) => stepValue(b, a)));
  let v = 0;
  for (let die = 1; die <= 6; die++) {
    const r = b.crt[die - 1]![o.column - 1]!;
    switch (r) {
      case 'DE':
        v += elimValue + place;
        break;
      case 'DRL':
        v += defender.reduced || trapped ? elimValue + place : dStep + 1.5 + place;
        break;
      case 'DR':
        // A defender with no way back out of our zones of control is eliminated by a retreat.
        v += trapped ? elimValue + place : 1.2 + place * 0.8;
        break;
      case 'EX':
        v += dStep - cheapest + place * 0.5;
        break;
      case 'AL':
        v -= cheapest;
        break;
      default:
        break;
    }
  }
  // Using fewer units for the same result keeps the others for other battles.
  return { value: v / 6 - attackers.length * ATTACKER_COST, column: o.column };
}

/**
 * The battles of a combat phase: every possible battle valued by the CRT, taken greedily best first
 * with each unit in at most one, while worth it.
 */
function planBattles(p: Picture, legal: readonly BfmAction[]): BfmAction[] {
  const { s } = p;
  const byId = new Map(s.units.map((u) => [u.id, u]));
  const scored: { action: Of<'declare'>; score: number }[] = [];
  const threshold = p.me === GERMAN ? 0.35 : 0.6;
  const trapped = new Map<string, boolean>();
  for (const a of ofType(legal, 'declare')) {
    let t = trapped.get(a.defender);
    if (t === undefined) trapped.set(a.defender, (t = retreatHexes(s, p.b, byId.get(a.defender)!).length === 0));
    const { value } = battleValue(p, a.attackers.map((id) => byId.get(id)!), byId.get(a.defender)!, t);
    if (value >= threshold) scored.push({ action: a, score: value });
  }
  scored.sort((x, y) => y.score - x.score || x.action.attackers.length - y.action.attackers.length);
  const used = new Set<string>();
  const plan: BfmAction[] = [];
  for (const c of scored) {
    if (used.has(c.action.defender) || c.action.attackers.some((id) => used.has(id))) continue;
    used.add(c.action.defender);
    for (const id of c.action.attackers) used.add(id);
    plan.push(c.action);
  }
  return plan;
}

function chooseLoss(p: Picture, legal: readonly Of<'takeLoss'>[], salt: number): BfmAction {
  return best(
    salt,
    legal.map((a) => {
      const u = findUnit(p.s, a.unit)!;
      return { action: a, score: -stepValue(p.b, u) };
    }),
  ).action;
}

function chooseRetreat(p: Picture, legal: readonly Of<'retreat'>[], salt: number): BfmAction {
  const { b, f } = p;
  return best(
    salt,
    legal.map((a) => {
      const i = b.index.get(a.to)!;
      // Push the enemy away from Moscow (Germans) or back west (Soviets), into open ground, where it can be hit again.
      const away = p.me === GERMAN ? f.toMoscow[i]! : -f.toMoscow[i]!;
      const exposed = (b.forest[i] ? -2 : 0) + (b.city[i] ? -1 : 0) + p.friendNear[i]! * 0.05;
      return { action: a, score: away + exposed };
    }),
  ).action;
}

function chooseAdvance(p: Picture, legal: readonly BfmAction[], salt: number): BfmAction {
  const { s, b } = p;
  const to = b.index.get(s.combat!.hex)!;
  const scored: { action: BfmAction; score: number }[] = [{ action: legal.find((a) => a.type === 'hold')!, score: 0 }];
  for (const a of ofType(legal, 'advance')) {
    const u = findUnit(s, a.unit)!;
    const str = strengthNow(b, u);
    let stay = hexValue(p, cellIx(b, u), str, info(b, u.id).panzer);
    if (p.me === SOVIET && b.moscow[cellIx(b, u)]) stay += 50;
    scored.push({ action: a, score: hexValue(p, to, str, info(b, u.id).panzer) - stay });
  }
  return best(salt, scored).action;
}

/**
 * A phase's plan (its moves, or its battles), kept so the actions that carry it out need no
 * planning again. Only a cache: an action is taken from it only while it is still legal, and the
 * bot plans again from the state otherwise.
 */
interface Memo {
  key: string;
  scenario: unknown;
  next: BfmAction[];
}

/** Two actions with the same fields (arrays compared item by item). */
function sameAction(a: BfmAction, b: BfmAction): boolean {
  if (a.type !== b.type) return false;
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  for (const k in x) {
    const u = x[k];
    const v = y[k];
    if (Array.isArray(u)) {
      if (!Array.isArray(v) || u.length !== v.length || u.some((e, i) => e !== v[i])) return false;
    } else if (u !== v) return false;
  }
  return true;
}

function fromPlan(memo: { plan: Memo | null }, key: string, s: BfmGame, legal: readonly BfmAction[], make: () => BfmAction[], finish: BfmAction['type']): BfmAction {
  let plan = memo.plan;
  if (!plan || plan.key !== key || plan.scenario !== s.scenario) plan = memo.plan = { key, scenario: s.scenario, next: make() };
  while (plan.next.length > 0) {
    const want = plan.next[0]!;
    const hit = legal.find((a) => sameAction(a, want));
    plan.next.shift();
    if (hit) return hit;
    // The plan went stale (a unit could not move as planned): plan again from here.
    plan.next = make();
    if (plan.next.length === 0) break;
  }
  return legal.find((a) => a.type === finish)!;
}

function decide(s: BfmGame, legal: readonly BfmAction[], seed: number, memo: { plan: Memo | null }): BfmAction {
  const b = bfmBoardOf(s.scenario);
  const side = legal[0]!.side;
  let pic: Picture | null = null;
  const pictureNow = (): Picture => (pic ??= picture(s, b, roleOf(b, side)));
  const salt = mix32(seed, hashString(side), s.rolls, s.turn, legal.length);
  const first = legal[0]!;
  if (s.combat) {
    switch (s.combat.stage) {
      case 'attackerLoss':
      case 'exchange':
        return chooseLoss(pictureNow(), ofType(legal, 'takeLoss'), salt);
      case 'retreat':
        return chooseRetreat(pictureNow(), ofType(legal, 'retreat'), salt);
      case 'advance':
        return chooseAdvance(pictureNow(), legal, salt);
    }
  }
  const key = `${s.turn}|${s.phase}|${s.player}|${s.declaring}`;
  switch (s.phase) {
    case 'replacements':
      return chooseReplacement(pictureNow(), legal, salt);
    case 'panzerMovement':
    case 'railMovement':
    case 'movement':
      return fromPlan(memo, key, s, legal, () => planMoves(pictureNow(), legal), 'endMovement');
    case 'combat':
      if (first.type === 'resolve') {
        // The surest battles first: their retreats may open the way for the others' advances.
        const scored = ofType(legal, 'resolve').map((a) => {
          const battle = s.battles.find((x) => x.defender === a.defender && !x.done)!;
          const attackers = battle.attackers.map((id) => findUnit(s, id)!).filter(onMap);
          return { action: a as BfmAction, score: attackers.length ? oddsOf(s, b, attackers, findUnit(s, a.defender)!).column : 0 };
        });
        return best(salt, scored).action;
      }
      return fromPlan(memo, key, s, legal, () => planBattles(pictureNow(), legal), 'endDeclarations');
    default:
      return first;
  }
}

/** The Battle for Moscow heuristic player. */
export function bfmBot(options: BotOptions = {}): Player<BfmGame, BfmAction> {
  const seed = options.seed ?? 1;
  const memo: { plan: Memo | null } = { plan: null };
  return { name: 'bfm-bot', choose: (state, legal) => decide(state, legal, seed, memo) };
}

