// Barbarossa Fast (seed 001) behind the ruleset contract (types.ts, RulesetPlugin), on network
// (point-to-point) maps. The rules are in this folder, one module per area; README.md lists the
// choices where the text is silent.
import type { BfAction } from "../../format/ruleset-bf.types.js";
import { bfBot, bfValue } from "../../bot/bf.js";
import { mix32, prng } from "../../bot/player.js";
import { searchBot } from "../../bot/search.js";
import { seedDice } from "../dice.js";
import type {
  AnyRuleset,
  BotOptions,
  Observation,
  Player,
  RulesAction,
  RulesState,
  RulesetPlugin,
} from "../types.js";
import { bfBoardOf, GERMAN, RUSSIAN } from "./board.js";
import { bfChecks } from "./checks.js";
import { bfDeclaration } from "./declaration.js";
import { actorOf, applyBf, germanVp, legalOf, startBf } from "./rules.js";
import {
  controlRole,
  kindOf,
  posOf,
  roleOfSide,
  roleOfUnit,
  type BfGame,
} from "./state.js";
import {
  attackPreview,
  decision,
  describe,
  moves,
  observe,
  tables,
} from "./view.js";

export type { BfGame };

/** What must never happen: units off the map with a position, unknown positions, control in side codes, attacks of the wrong side. */
function invariants(s: BfGame): string[] {
  const b = bfBoardOf(s.scenario);
  const out: string[] = [];
  for (const u of s.units) {
    if (u.status === "map") {
      if (u.cell === null || !b.index.has(u.cell))
        out.push(`${u.id} is on the map without a position`);
    } else if (u.cell !== null)
      out.push(`${u.id} is off the map (${u.status}) but stands on ${u.cell}`);
    if (
      u.status === "pile" &&
      (roleOfUnit(b, u) !== RUSSIAN || kindOf(b, u) !== "rifle")
    )
      out.push(`${u.id} is among the extra Russian units`);
    if (kindOf(b, u) === "rifle" && u.quality === undefined)
      out.push(`${u.id} has no drawn strength`);
    if (u.status === "pile" && u.known)
      out.push(`${u.id} is face up among the extra units`);
  }
  const occ: [number[], number[]] = [
    new Array<number>(b.n).fill(0),
    new Array<number>(b.n).fill(0),
  ];
  for (const u of s.units) {
    const i = posOf(b, u);
    if (i >= 0) occ[roleOfUnit(b, u)]![i]!++;
  }
  for (let i = 0; i < b.n; i++) {
    if (occ[0][i]! > 0 && occ[1][i]! > 0)
      out.push(`both sides stand on ${b.ids[i]}`);
    if (occ[0][i]! > 0 && controlRole(s, b, i) !== GERMAN)
      out.push(`German units on Russian-controlled ${b.ids[i]}`);
    if (occ[1][i]! > 0 && controlRole(s, b, i) !== RUSSIAN)
      out.push(`Russian units on German-controlled ${b.ids[i]}`);
  }
  if (s.control.length !== b.n)
    out.push(`control covers ${s.control.length} positions of ${b.n}`);
  if (s.attack) {
    for (const id of s.attack.units) {
      const u = s.units.find((x) => x.id === id);
      if (!u || u.side !== s.attack.side || u.status !== "map")
        out.push(`${id} cannot be in the attack on ${s.attack.target}`);
    }
    if (roleOfSide(b, s.attack.side) === RUSSIAN && s.attack.units.length > 3)
      out.push("more than 3 Russian units attack down one link");
  }
  if ((s.phase === "over") !== (s.gameOver !== null))
    out.push(`phase ${s.phase} with gameOver ${JSON.stringify(s.gameOver)}`);
  return out;
}

/** A state the observer cannot tell from this one: the dice reseeded and, for the Germans, the face-down Russian units' strengths shuffled among themselves. */
function determinize(s: BfGame, observer: string, seed: number): BfGame {
  const b = bfBoardOf(s.scenario);
  const out: BfGame = { ...s, dice: seedDice(seed) };
  if (roleOfSide(b, observer) !== GERMAN) return out;
  const units = s.units.map((u) => ({ ...u }));
  const unseen = units.filter(
    (u) =>
      roleOfUnit(b, u) === RUSSIAN &&
      kindOf(b, u) === "rifle" &&
      !u.known &&
      (u.status === "map" || u.status === "pile"),
  );
  const qualities = unseen.map((u) => u.quality);
  const next = prng(mix32(seed, 0xbf));
  for (let i = qualities.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [qualities[i], qualities[j]] = [qualities[j], qualities[i]];
  }
  unseen.forEach((u, i) => (u.quality = qualities[i]));
  return { ...out, units };
}

export const bf: RulesetPlugin<BfGame, BfAction, Observation> = {
  id: "bf",
  name: "Barbarossa Fast",
  declaration: bfDeclaration,
  checks: bfChecks,
  tables,
  editTable: (_scenario, tableId) => ({
    ok: false,
    message: `The "${tableId}" table follows from the rules and the scenario; change the scenario (calendar, positions, units) instead.`,
  }),
  victoryCells: (scenario) => {
    const b = bfBoardOf(scenario);
    return b.ids.filter((_, i) => b.vp[i]! > 0);
  },
  newGame: (scenario, options) => startBf(scenario, options).state,
  start: startBf,
  actor: actorOf,
  legalActions: (s) => legalOf(s, bfBoardOf(s.scenario)),
  apply: applyBf,
  decision: (s) => decision(s, bfBoardOf(s.scenario)),
  describe: (s, a) => describe(s, bfBoardOf(s.scenario), a),
  observe: (s, observer) => observe(s, bfBoardOf(s.scenario), observer),
  view: (s) => observe(s, bfBoardOf(s.scenario), null),
  returns: (s) => {
    const b = bfBoardOf(s.scenario);
    const w = s.gameOver?.winner;
    const r = (k: 0 | 1): number =>
      !s.gameOver || w === null ? 0 : b.sides[k].id === w ? 1 : -1;
    return { [b.sides[0].id]: r(0), [b.sides[1].id]: r(1) };
  },
  score: (s) => {
    const b = bfBoardOf(s.scenario);
    return {
      [b.sides[GERMAN].id]: germanVp(s, b),
      [b.sides[RUSSIAN].id]: b.vp.reduce((t, v) => t + v, 0) - germanVp(s, b),
    };
  },
  projectedScore: (s) => {
    const b = bfBoardOf(s.scenario);
    const vp = germanVp(s, b);
    return {
      [b.sides[GERMAN].id]: vp,
      [b.sides[RUSSIAN].id]: Math.max(0, s.required - vp),
    };
  },
  evaluate: (s, side) => bfValue(s, side),
  determinize,
  bot: (options = {}) =>
    options.level === "strong" ? bfSearchBot(options) : bfBot(options),
  invariants,
  attackPreview: (s, spec) => attackPreview(s, bfBoardOf(s.scenario), spec),
  moves: (s, unit) => moves(s, bfBoardOf(s.scenario), unit),
  unitOptions: (s, unit) => {
    const b = bfBoardOf(s.scenario);
    return legalOf(s, b)
      .map((a) => describe(s, b, a))
      .filter((o) => o.unit === unit || o.units?.includes(unit) === true);
  },
  zonesOfControl: () => [],
  controlOf: (s, cell) => {
    const b = bfBoardOf(s.scenario);
    const i = b.index.get(cell);
    return i === undefined ? null : b.sides[controlRole(s, b, i)].id;
  },
  range: (s, from, to) => {
    const b = bfBoardOf(s.scenario);
    const a = b.index.get(from);
    const c = b.index.get(to);
    if (a === undefined || c === undefined) return Infinity;
    const d = linksApart(b.nbr, a, c);
    return d < 0 ? Infinity : d;
  },
};

function linksApart(nbr: number[][], a: number, c: number): number {
  if (a === c) return 0;
  const seen = new Map<number, number>([[a, 0]]);
  const q = [a];
  for (let k = 0; k < q.length; k++) {
    const i = q[k]!;
    for (const j of nbr[i]!) {
      if (seen.has(j)) continue;
      seen.set(j, seen.get(i)! + 1);
      if (j === c) return seen.get(j)!;
      q.push(j);
    }
  }
  return -1;
}

/**
 * The strong player: the general search bot (shared/bot/search.ts) with the heuristic as its
 * rollout player and `evaluate`, searching the decisions where a few alternatives matter — which
 * attack to open, whether to fight or call it off, Blitzkrieg, the air battle, where a
 * replacement goes — and leaving movement to the heuristic.
 */
function bfSearchBot(options: BotOptions): Player<BfGame, BfAction> {
  const seed = options.seed ?? 1;
  const searched = new Set([
    "attack",
    "resolve",
    "cancel",
    "blitz",
    "air",
    "airBonus",
    "deploy",
  ]);
  return searchBot(bf as unknown as AnyRuleset, {
    seed,
    candidates: 3,
    rollouts: 1,
    horizon: 40,
    policy: () => bfBot({ seed }) as unknown as Player<RulesState, RulesAction>,
    searchIf: (_s, legal) => legal.some((a) => searched.has(a.type)),
  }) as unknown as Player<BfGame, BfAction>;
}
