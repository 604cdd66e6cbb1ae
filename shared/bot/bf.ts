// The Barbarossa Fast heuristic player (the ruleset's fast bot) and its evaluation of a position,
// which the general search bot (search.ts) uses to cut its look-ahead short. It reads the map as
// a player does: how many links each position is from the nearest victory city still Russian,
// how much a position absorbs, what each side could bring down the links. It plays only on what
// its side may see: a German bot counts face-down Russian units as 1s.
import type { BfAction, BfUnitState } from "../format/ruleset-bf.types.js";
import {
  bfBoardOf,
  distancesFrom,
  GERMAN,
  RUSSIAN,
  type BfBoard,
  type Role,
  type Sector,
} from "../rules/bf/board.js";
import { combatNumbers, fight, jumpOffs } from "../rules/bf/combat.js";
import { germanTargets, germanVp } from "../rules/bf/rules.js";
import {
  baseDistance,
  cloneState,
  controlRole,
  factor,
  fortressIntact,
  kindOf,
  occupancy,
  posOf,
  roleOfUnit,
  unitsAt,
  type BfGame,
} from "../rules/bf/state.js";
import { seedDice } from "../rules/dice.js";
import type { BotOptions, Player } from "../rules/types.js";
import { hashString, mix32 } from "./player.js";

/** A unit's factor as `viewer` may know it: face-down Russian units count as 1. */
const seenFactor = (b: BfBoard, u: BfUnitState, viewer: Role): number =>
  viewer === GERMAN && roleOfUnit(b, u) === RUSSIAN && !u.known
    ? 1
    : factor(b, u);

/** Links from every position to the nearest Russian-held victory city. */
export function toObjective(s: BfGame, b: BfBoard): Int16Array {
  const goals: number[] = [];
  for (let i = 0; i < b.n; i++)
    if (b.vp[i]! > 0 && controlRole(s, b, i) === RUSSIAN) goals.push(i);
  return distancesFrom(b, goals, () => true);
}

/** Hits that would reach the defenders, and the hits it takes to clear them, as the Germans see it. */
function margin(
  s: BfGame,
  b: BfBoard,
  target: number,
  attackers: BfUnitState[],
  blitz: boolean,
): { net: number; need: number; fire: number } {
  const seen: BfGame = {
    ...s,
    units: s.units.map((u) =>
      roleOfUnit(b, u) === RUSSIAN && !u.known
        ? { ...u, quality: "strong" }
        : u,
    ),
  };
  const n = combatNumbers(seen, b, target, attackers, blitz);
  const need = n.defenders.reduce(
    (t, u) =>
      t +
      (u.disrupted
        ? Math.max(1, seenFactor(b, u, GERMAN))
        : seenFactor(b, u, GERMAN) + 1),
    0,
  );
  return { net: n.attack.total - n.absorb.total, need, fire: n.defence.total };
}

/** The German view of an attack: hits after absorption against what it takes to clear the defenders, and the fire back. */
function attackValue(
  s: BfGame,
  b: BfBoard,
  target: number,
  attackers: BfUnitState[],
  viewer: Role,
): number {
  const seen: BfGame =
    viewer === GERMAN
      ? {
          ...s,
          units: s.units.map((u) =>
            roleOfUnit(b, u) === RUSSIAN && !u.known
              ? { ...u, quality: "strong" }
              : u,
          ),
        }
      : s;
  const n = combatNumbers(seen, b, target, attackers, false);
  const net = n.attack.total - n.absorb.total;
  const need = n.defenders.reduce(
    (t, u) =>
      t +
      (u.disrupted
        ? Math.max(1, seenFactor(b, u, viewer))
        : seenFactor(b, u, viewer) + 1),
    0,
  );
  // Victory cities first, then positions on the way to one.
  const d = viewer === GERMAN ? toObjective(s, b) : null;
  const from = attackers.length ? posOf(b, attackers[0]!) : target;
  const closer =
    d && d[from]! >= 0 && d[target]! >= 0 ? d[from]! - d[target]! : 0;
  const prize =
    1 + b.vp[target]! * 4 + (target === b.capital ? 4 : 0) + closer * 1.5;
  if (n.defenders.length === 0) return prize + 1;
  return (
    (net >= need ? prize : net > 0 ? prize * 0.6 * (net / need) : -1) -
    n.defence.total * 0.25
  );
}

// ---------------------------------------------------------------------------------------------
// The German plan. Every attack is tried first on a copy of the position as the Germans see it,
// face-down Russian units taken as Strong (combat has no dice: what the copy shows is the worst
// the real fight can do). Attacks go where they take ground towards the Russian victory cities,
// armies first (they cut a fortress's absorption and must keep up for the city battles), with the
// least force that is sure to take the position, so the rest can strike elsewhere.
// ---------------------------------------------------------------------------------------------

/**
 * The victory city each German ground unit is heading for, with the links to it from every
 * position: of the Russian cities it can still reach in the turns left (an army one link a
 * turn and its attack, a panzer corps two), the nearest, a link less for every victory point
 * above one and for a city of its own army group's sector.
 */
export function objectives(s: BfGame, b: BfBoard): Map<string, { city: number; dist: Int16Array }> {
  const cities: number[] = [];
  for (let c = 0; c < b.n; c++) if (b.vp[c]! > 0 && controlRole(s, b, c) === RUSSIAN) cities.push(c);
  const dist = new Map(cities.map((c) => [c, distancesFrom(b, [c], () => true)]));
  const left = Math.max(1, b.turns - s.turn + 1);
  const out = new Map<string, { city: number; dist: Int16Array }>();
  for (const u of s.units) {
    if (roleOfUnit(b, u) !== GERMAN || !isGroundUnit(b, u)) continue;
    const at = posOf(b, u);
    if (at < 0) continue;
    const reach = kindOf(b, u) === "army" ? left : 2 * left;
    let top = -1;
    let score = Infinity;
    for (const c of cities) {
      const d = dist.get(c)![at]!;
      if (d < 0 || d > reach) continue;
      const x = d - (b.vp[c]! - 1) - (b.sector[c] === (u.sector ?? "C") ? 1 : 0);
      if (x < score || (x === score && c < top)) {
        score = x;
        top = c;
      }
    }
    if (top >= 0) out.set(u.id, { city: top, dist: dist.get(top)! });
  }
  return out;
}

/** The position as the Germans see it, face-down Russians made Strong, without the dice. */
export function germanSight(s: BfGame, b: BfBoard): BfGame {
  const c = cloneState(s);
  // Dice of its own: the copy's fights must not draw on the game's coming rolls (the
  // sudden-death roll when Moscow falls).
  c.dice = seedDice(s.rolls + 1);
  for (const u of c.units)
    if (roleOfUnit(b, u) === RUSSIAN && !u.known && kindOf(b, u) === "rifle")
      u.quality = "strong";
  return c;
}

interface Strike {
  target: number;
  units: string[];
  value: number;
  /** The copy after the attack (face-down units Strong). */
  after: BfGame;
}

const canStrike = (u: BfUnitState): boolean =>
  u.status === "map" && !u.disrupted && !u.moved && !u.attacked;

/** What taking `target` is worth to the Germans before any losses. */
function prizeOf(
  s: BfGame,
  b: BfBoard,
  target: number,
  d: Int16Array,
  from: number[],
): number {
  let v = 0.5;
  if (b.vp[target]! > 0) v += 12 * b.vp[target]! + (target === b.capital ? 6 : 0);
  // Ground on the way to a Russian victory city.
  const best = Math.min(...from.map((p) => (d[p]! < 0 ? 99 : d[p]!)));
  const here = d[target]! < 0 ? 99 : d[target]!;
  if (here < best) v += 2.5;
  // A fortress destroyed is absorption gone for good.
  if (fortressIntact(s, b, target) > 0) v += 1;
  return v;
}

/** Fights the attack on the copy and scores it: taken or not, and what it is worth. */
function tryStrike(
  seen: BfGame,
  b: BfBoard,
  target: number,
  ids: string[],
  blitzAdvance: boolean,
  d: Int16Array,
): Strike & { taken: boolean } {
  const c = cloneState(seen);
  const ctx = { s: c, b, ev: [] };
  ids = fightOrder(seen, b, ids);
  const units = ids.map((id) => c.units.find((u) => u.id === id)!);
  const from = units.map((u) => posOf(b, u));
  const defenders = unitsAt(c, b, target, RUSSIAN);
  const gBefore = units.map((u) => kindOf(b, u) === "army");
  const taken = fight(ctx, target, ids, blitzAdvance);
  let loss = 0;
  units.forEach((u, i) => {
    const army = gBefore[i]!;
    if (u.status !== "map") loss += army ? 8 : 5;
    else if (u.disrupted) loss += army ? 1.5 : 0.7;
  });
  let kills = 0;
  for (const u of defenders)
    kills += u.status === "map" ? (u.disrupted ? 0.3 : 0) : 1 + factor(b, u);
  let v = kills * 1.2 - loss;
  if (taken) {
    v += prizeOf(seen, b, target, d, from);
    // An empty position far ahead of the armies is a corps alone in the steppe.
    if (defenders.length === 0 && b.vp[target]! <= 0) {
      const armies = c.units
        .filter((u) => u.status === "map" && roleOfUnit(b, u) === GERMAN && kindOf(b, u) === "army")
        .map((u) => posOf(b, u));
      const near = distancesFrom(b, armies, () => true)[target]!;
      if (near < 0 || near > 1) v -= 2;
    }
  }
  return { target, units: ids, value: v, after: c, taken };
}

/**
 * The order the units go into the attack: panzer corps first. The engine spreads the defenders'
 * fire to keep the most attackers able to advance, and on a tie the hit falls on the first unit;
 * a panzer corps thrown back catches up (it reaches two links), an army does not.
 */
export function fightOrder(s: BfGame, b: BfBoard, ids: readonly string[]): string[] {
  const army = (id: string) => (kindOf(b, s.units.find((u) => u.id === id)!) === "army" ? 1 : 0);
  return [...ids].sort((x, y) => army(x) - army(y));
}

/**
 * The least force (armies first against a fortress, panzer corps first elsewhere) of `pool`
 * that surely takes `target` (face-down units Strong), with what it is worth; failing that, the
 * force (units added in the same order) worth most when even the worst case is worth an attack
 * (face-down units may well be Weak); null when nothing is.
 */
export function bestStrike(
  seen: BfGame,
  b: BfBoard,
  target: number,
  pool: BfUnitState[],
  fixed: string[],
  blitzAdvance: boolean,
  d: Int16Array,
): Strike | null {
  const hasFort = fortressIntact(seen, b, target) > 0;
  const order = [...pool].sort((x, y) => {
    // Armies first against a fortress (they cut its absorption); elsewhere panzer corps first,
    // so the armies stay free to march on.
    const k = (u: BfUnitState) =>
      kindOf(b, u) === "army" ? (hasFort ? 0 : 1) : hasFort ? 1 : 0;
    return k(x) - k(y) || (x.id < y.id ? -1 : 1);
  });
  const ids = [...fixed];
  const inIt = (): BfUnitState[] => ids.map((id) => seen.units.find((u) => u.id === id)!);
  let top: (Strike & { taken: boolean }) | null = null;
  const consider = (r: Strike & { taken: boolean }): boolean => {
    if (r.taken) {
      top = r;
      return true;
    }
    if (!top || r.value > top.value) top = r;
    return false;
  };
  if (ids.length > 0 && consider(tryStrike(seen, b, target, ids, blitzAdvance, d))) return top;
  for (const u of order) {
    if (ids.includes(u.id)) continue;
    if (!jumpOffs(seen, b, target, [...inIt(), u])) continue;
    ids.push(u.id);
    if (consider(tryStrike(seen, b, target, ids, blitzAdvance, d))) return top;
  }
  const r = top as (Strike & { taken: boolean }) | null;
  return r && r.value > 0.5 ? r : null;
}

/** The German attacks worth making now, best first, each fought on the copy before the next is planned. */
export function planStrikes(s: BfGame, b: BfBoard, limit = 12): Strike[] {
  let seen = germanSight(s, b);
  const d = toObjective(s, b);
  const out: Strike[] = [];
  for (let k = 0; k < limit; k++) {
    const top = nextStrike(seen, b, d);
    if (!top) break;
    out.push(top);
    seen = top.after;
  }
  return out;
}

/** The best single attack on the copy `seen`, if one is worth making. */
export function nextStrike(seen: BfGame, b: BfBoard, d: Int16Array): Strike | null {
  const occ = occupancy(seen, b);
  const byTarget = new Map<number, BfUnitState[]>();
  for (const u of seen.units) {
    if (roleOfUnit(b, u) !== GERMAN || !isGroundUnit(b, u) || !canStrike(u)) continue;
    for (const t of germanTargets(seen, b, u, occ))
      byTarget.set(t, [...(byTarget.get(t) ?? []), u]);
  }
  let top: Strike | null = null;
  for (const [t, pool] of byTarget) {
    const r = bestStrike(seen, b, t, pool, [], false, d);
    if (r && r.value > 0.5 && (!top || r.value > top.value)) top = r;
  }
  return top;
}

const isGroundUnit = (b: BfBoard, u: BfUnitState): boolean => kindOf(b, u) !== "air";

export function bfBot(options: BotOptions = {}): Player<BfGame, BfAction> {
  const seed = options.seed ?? 1;
  const tie = (s: BfGame, a: BfAction): number =>
    mix32(seed, s.rolls, hashString(JSON.stringify(a))) / 4294967296 / 1000;
  const best = (
    s: BfGame,
    legal: readonly BfAction[],
    score: (a: BfAction) => number,
  ): BfAction => {
    let top = legal[0]!;
    let v = -Infinity;
    for (const a of legal) {
      const x = score(a) + tie(s, a);
      if (x > v) {
        v = x;
        top = a;
      }
    }
    return top;
  };
  // The attacks planned at the start of the German movement (units in them stay put).
  let movePlan: { key: string; busy: Set<string> } | null = null;
  return {
    name: "bf-heuristic",
    choose(s, legal) {
      const b = bfBoardOf(s.scenario);
      const occ = occupancy(s, b);
      const unitOf = (id: string) => s.units.find((u) => u.id === id)!;
      const ix = (id: string) => b.index.get(id)!;
      switch (s.phase) {
        case "borrow":
          return legal.find((a) => a.type === "borrow") ?? legal[0]!;
        case "gMove": {
          // Units that can attack stay for the attacks; the rest march on their objective (the
          // victory city each unit is heading for: see `objectives`), one link nearer along
          // the shortest road, staying in supply.
          const home = baseDistance(s, b, occ);
          const key = `${s.turn}|${s.units.map((u) => (roleOfUnit(b, u) === RUSSIAN ? u.cell : "")).join(",")}`;
          if (movePlan?.key !== key)
            movePlan = { key, busy: new Set(planStrikes(s, b).flatMap((x) => x.units)) };
          const busy = movePlan.busy;
          const goal = objectives(s, b);
          return best(s, legal, (a) => {
            if (a.type !== "move") return a.type === "endMovement" ? 0 : -1;
            const u = unitOf(a.unit);
            if (busy.has(u.id)) return -1;
            const from = posOf(b, u);
            const to = ix(a.to);
            if (home[to]! < 0) return -1;
            const g = goal.get(u.id);
            if (!g) return -1;
            const gain = g.dist[from]! - g.dist[to]!;
            if (gain <= 0) return -1;
            // One army a link attacks: armies spread over the roads in.
            const army = kindOf(b, u) === "army";
            const armiesThere = unitsAt(s, b, to, GERMAN).filter((x) => kindOf(b, x) === "army").length;
            return gain + (army ? 0.5 - armiesThere * 0.6 : 0) - occ[GERMAN][to]! * 0.05;
          });
        }
        case "gAir": {
          // Over the positions of the planned attacks, the most valuable first; recon where a city is next.
          const plan = planStrikes(s, b);
          const rank = new Map<number, number>();
          plan.forEach((x, k) => {
            if (!rank.has(x.target)) rank.set(x.target, x.value - k * 0.01);
          });
          const pending = s.airOps.find((o) => o.result === "bonus" && !o.bonus);
          if (pending) {
            // +1 German hit or −1 Russian hit: whichever makes the attack there worth more (a
            // hit less back may let an army advance with the panzer corps).
            const t = ix(pending.target);
            const d = toObjective(s, b);
            const value = (bonus: "attack" | "defence"): number => {
              const seen = germanSight(s, b);
              seen.airOps = seen.airOps.map((o) => (o === pending || (o.target === pending.target && o.result === "bonus") ? { ...o, bonus } : o));
              const pool = seen.units.filter(
                (u) =>
                  roleOfUnit(b, u) === GERMAN &&
                  isGroundUnit(b, u) &&
                  canStrike(u) &&
                  germanTargets(seen, b, u, occupancy(seen, b)).includes(t),
              );
              return bestStrike(seen, b, t, pool, [], false, d)?.value ?? -99;
            };
            const pick = value("defence") > value("attack") ? "defence" : "attack";
            return legal.find((a) => a.type === "airBonus" && a.bonus === pick) ?? legal[0]!;
          }
          return best(s, legal, (a) => {
            if (a.type === "airBonus") return a.bonus === "attack" ? 1 : 0;
            if (a.type === "airSupply") return 3;
            if (a.type !== "air") return 0;
            const t = ix(a.to);
            if (occ[RUSSIAN][t]! === 0) return -1;
            const planned = rank.get(t);
            if (planned !== undefined) return 2 + planned;
            const armiesNext = b.nbr[t]!.some((j) =>
              unitsAt(s, b, j, GERMAN).some((u) => kindOf(b, u) === "army"),
            );
            return armiesNext ? 1 + b.vp[t]! * 2 : -1;
          });
        }
        case "gAttack": {
          const seen = germanSight(s, b);
          const d = toObjective(s, b);
          if (s.attack) {
            // Add the units the plan wants (least sure force), then fight, with Blitzkrieg when allowed.
            const target = ix(s.attack.target);
            const pool = legal
              .filter((a): a is BfAction & { unit: string } => a.type === "commit")
              .map((a) => seen.units.find((u) => u.id === a.unit)!);
            const plan = bestStrike(seen, b, target, pool, s.attack.units, s.attack.blitz, d);
            const want = plan?.units.find((id) => !s.attack!.units.includes(id));
            if (want) {
              const c = legal.find((a) => a.type === "commit" && a.unit === want);
              if (c) return c;
            }
            if (!plan) {
              // Nothing sure any more: throw everything in, or call it off if that cannot help.
              const c = legal.find((a) => a.type === "commit");
              if (c) return c;
            }
            return (
              legal.find((a) => a.type === "resolve" && a.blitz) ??
              legal.find((a) => a.type === "resolve")!
            );
          }
          if (s.blitzFrom) {
            // The advance attack: panzer corps on the taken position, defenders' fire doubled.
            const pool = legal
              .filter((a): a is BfAction & { unit: string } => a.type === "blitz")
              .map((a) => seen.units.find((u) => u.id === a.unit)!)
              .filter((u, k, xs) => xs.findIndex((x) => x.id === u.id) === k);
            let top: { v: number; a: BfAction } | null = null;
            for (const to of new Set(legal.flatMap((a) => (a.type === "blitz" ? [a.to] : [])))) {
              const r = bestStrike(seen, b, ix(to), pool, [], true, d);
              if (!r || r.value <= 1.5) continue;
              const a = legal.find((x) => x.type === "blitz" && x.to === to && x.unit === r.units[0]);
              if (a && (!top || r.value > top.v)) top = { v: r.value, a };
            }
            return top?.a ?? legal.find((a) => a.type === "endBlitz")!;
          }
          const next = nextStrike(seen, b, d);
          if (next) {
            const a = legal.find(
              (x) => x.type === "attack" && x.to === b.ids[next.target] && x.unit === next.units[0],
            );
            if (a) return a;
          }
          return legal.find((a) => a.type === "endAttacks")!;
        }
        case "rMove": {
          // Garrison threatened victory cities and fortresses; otherwise hold.
          return best(s, legal, (a) => {
            if (a.type !== "move") return 0;
            const from = posOf(b, unitOf(a.unit));
            const t = ix(a.to);
            const threat = (i: number) =>
              b.nbr[i]!.reduce((x, j) => x + occ[GERMAN][j]!, 0);
            const want = (i: number) =>
              (b.vp[i]! > 0 || fortressIntact(s, b, i) > 0
                ? 2 + threat(i)
                : threat(i) > 0
                  ? 1
                  : 0) - occ[RUSSIAN][i]!;
            const gain = want(t) - (want(from) + 1);
            return gain > 0 && occ[RUSSIAN][from]! > 1 ? gain : -1;
          });
        }
        case "rAttack": {
          if (s.attack) {
            const commit = legal.find((a) => a.type === "commit");
            if (commit) return commit;
            return legal.find((a) => a.type === "resolve")!;
          }
          let pick: BfAction | undefined;
          let top = 0;
          const seen = new Set<string>();
          for (const a of legal) {
            if (a.type !== "attack") continue;
            const u = unitOf(a.unit);
            const key = `${u.cell}>${a.to}`;
            if (seen.has(key)) continue;
            seen.add(key);
            const group = unitsAt(s, b, posOf(b, u), RUSSIAN)
              .filter((x) => !x.disrupted && !x.moved && !x.attacked)
              .slice(0, 3);
            // Never strip a victory city or fortress of its garrison.
            if (
              group.length >= occ[RUSSIAN][posOf(b, u)]! &&
              (b.vp[posOf(b, u)]! > 0 || fortressIntact(s, b, posOf(b, u)) > 0)
            )
              continue;
            const v = attackValue(s, b, ix(a.to), group, RUSSIAN);
            if (v > top) {
              top = v;
              pick = legal.find(
                (x) =>
                  x.type === "attack" &&
                  x.to === a.to &&
                  x.unit === (group.find((g) => factor(b, g) > 0) ?? u).id,
              );
            }
          }
          return pick ?? legal.find((a) => a.type === "endAttacks")!;
        }
        case "rDeploy":
          return best(s, legal, (a) => {
            if (a.type !== "deploy") return 0;
            const t = ix(a.to);
            const threat = b.nbr[t]!.reduce((x, j) => x + occ[GERMAN][j]!, 0);
            return (
              (b.vp[t]! > 0
                ? 3 + b.vp[t]!
                : fortressIntact(s, b, t) > 0
                  ? 2
                  : 0) +
              threat -
              occ[RUSSIAN][t]! * 1.5
            );
          });
        default:
          return legal[0]!;
      }
    },
  };
}

/** The position for `side` in [-1, 1]: German victory points against what they need, and the factors each side has left. */
export function bfValue(s: BfGame, side: string): number {
  const b = bfBoardOf(s.scenario);
  const role: Role = b.sides[GERMAN].id === side ? GERMAN : RUSSIAN;
  if (s.gameOver)
    return s.gameOver.winner === null ? 0 : s.gameOver.winner === side ? 1 : -1;
  const need =
    ((s.scenario.ruleset.options ?? {}) as { victoryPoints?: number })
      .victoryPoints ?? 7;
  let g = 0;
  let r = 0;
  for (const u of s.units) {
    if (u.status !== "map") continue;
    if (roleOfUnit(b, u) === GERMAN) g += factor(b, u);
    else r += seenFactor(b, u, role);
  }
  const left = Math.max(1, b.turns - s.turn + 1);
  const x = (germanVp(s, b) - need) / 3 + (g - r * 0.5) / (10 * left);
  const v = Math.tanh(x);
  return role === GERMAN ? v : -v;
}
