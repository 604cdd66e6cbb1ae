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
} from "../rules/bf/board.js";
import { combatNumbers, jumpOffs } from "../rules/bf/combat.js";
import { germanVp } from "../rules/bf/rules.js";
import {
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
import type { BotOptions, Player } from "../rules/types.js";
import { hashString, mix32 } from "./player.js";

/** A unit's factor as `viewer` may know it: face-down Russian units count as 1. */
const seenFactor = (b: BfBoard, u: BfUnitState, viewer: Role): number =>
  viewer === GERMAN && roleOfUnit(b, u) === RUSSIAN && !u.known
    ? 1
    : factor(b, u);

/** Links from every position to the nearest Russian-held victory city. */
function toObjective(s: BfGame, b: BfBoard): Int16Array {
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
          // Units with nothing to attack close up on the nearest Russian victory city.
          const d = toObjective(s, b);
          return best(s, legal, (a) => {
            if (a.type !== "move") return a.type === "endMovement" ? 0 : -1;
            const u = unitOf(a.unit);
            const from = posOf(b, u);
            const canAttack = b.nbr[from]!.some(
              (j) => occ[RUSSIAN][j]! > 0 || controlRole(s, b, j) === RUSSIAN,
            );
            if (canAttack) return -1;
            const gain =
              (d[from]! < 0 ? 99 : d[from]!) -
              (d[ix(a.to)]! < 0 ? 99 : d[ix(a.to)]!);
            return gain > 0
              ? gain +
                  (controlRole(s, b, ix(a.to)) === RUSSIAN
                    ? 1 + b.vp[ix(a.to)]! * 3
                    : 0)
              : -1;
          });
        }
        case "gAir":
          return best(s, legal, (a) => {
            if (a.type === "airBonus") return a.bonus === "attack" ? 1 : 0;
            if (a.type === "airSupply") return 0.5;
            if (a.type !== "air") return 0;
            const t = ix(a.to);
            const armiesNext = b.nbr[t]!.some((j) =>
              unitsAt(s, b, j, GERMAN).some((u) => kindOf(b, u) === "army"),
            );
            return occ[RUSSIAN][t]! > 0 && armiesNext ? 2 + b.vp[t]! * 2 : -1;
          });
        case "gAttack": {
          if (s.attack) {
            // Add units (armies first: they cut a fortress's absorption) until the hits clear the defenders, then fight.
            const target = ix(s.attack.target);
            const inIt = s.attack.units.map(unitOf);
            const { net, need } = margin(s, b, target, inIt, s.attack.blitz);
            const commits = legal.filter(
              (a): a is BfAction & { unit: string } => a.type === "commit",
            );
            if (net < need + 1 && commits.length > 0) {
              return best(s, commits, (a) => {
                const u = unitOf((a as { unit: string }).unit);
                return (
                  factor(b, u) * 2 +
                  (kindOf(b, u) === "army" && fortressIntact(s, b, target) > 0
                    ? 3
                    : 0)
                );
              });
            }
            return (
              legal.find((a) => a.type === "resolve" && a.blitz) ??
              legal.find((a) => a.type === "resolve")!
            );
          }
          if (s.blitzFrom) {
            const from = ix(s.blitzFrom);
            const pz = unitsAt(s, b, from, GERMAN).filter(
              (u) => kindOf(b, u) === "panzer" && !u.disrupted,
            );
            return best(s, legal, (a) => {
              if (a.type !== "blitz") return 0;
              const t = ix(a.to);
              const { net, need } = margin(s, b, t, pz.slice(0, 3), true);
              return net >= need ? 1 + b.vp[t]! * 3 : -1;
            });
          }
          // Open the attack that takes the most valuable position the units at hand can clear.
          const byTarget = new Map<string, BfUnitState[]>();
          for (const a of legal)
            if (a.type === "attack")
              byTarget.set(a.to, [
                ...(byTarget.get(a.to) ?? []),
                unitOf(a.unit),
              ]);
          let pick: BfAction | undefined;
          let top = 0;
          for (const [to, all] of byTarget) {
            // The units that fit down the links (one army and three panzer corps a link), armies first.
            const us: BfUnitState[] = [];
            for (const u of [...all].sort(
              (x, y) => factor(b, y) - factor(b, x),
            ))
              if (jumpOffs(s, b, ix(to), [...us, u])) us.push(u);
            const v =
              attackValue(s, b, ix(to), us, GERMAN) +
              tie(s, { type: "endAttacks", side: to });
            if (v > top) {
              top = v;
              const lead = us.find((u) => kindOf(b, u) === "army") ?? us[0]!;
              pick = legal.find(
                (a) => a.type === "attack" && a.to === to && a.unit === lead.id,
              );
            }
          }
          return pick ?? legal.find((a) => a.type === "endAttacks")!;
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
