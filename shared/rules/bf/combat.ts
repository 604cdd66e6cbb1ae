// Ground combat: both sides fire at once. The attacker's hits (factors, less one a link in mud
// and snow, air and supply adjustments) are first absorbed by the position (1, or a fortress's 2
// or 3, one less when a German army attacks it), then fall on the defenders; the defenders' fire
// (their factors plus a fortress's) falls on the attackers. A hit disrupts a unit of 1 factor or
// more, as many hits as its factor make it retreat (or fall back), one more eliminates it; a
// disrupted unit needs one hit less. README.md has the choices where the text is silent.
import type { BfUnitState } from "../../format/ruleset-bf.types.js";
import { GERMAN, RUSSIAN, type Role } from "./board.js";
import {
  baseDistance,
  controlRole,
  edgeDistance,
  emit,
  factor,
  fortressIntact,
  info,
  kindOf,
  label,
  occupancy,
  posOf,
  roleOfUnit,
  supplied,
  unitName,
  unitsAt,
  type BfGame,
  type Ctx,
} from "./state.js";
import type { BfBoard } from "./board.js";
import { enter, eliminate } from "./moves.js";

/** What one side's fire comes to, every term with its reason. */
export interface FireLine {
  total: number;
  terms: { reason: string; value: number }[];
}

export interface CombatNumbers {
  target: number;
  attackerRole: Role;
  attackers: BfUnitState[];
  defenders: BfUnitState[];
  /** Attacker's hits before absorption. */
  attack: FireLine;
  /** Defender's hits on the attackers. */
  defence: FireLine;
  absorb: FireLine;
  /** Jump-off position of each attacker (the position its link to the target starts from). */
  jumpOff: Map<string, number>;
}

/**
 * The jump-off position of each attacking unit: its own position when next to the target, or
 * (a panzer corps two links away) the first friendly middle position whose link still has room
 * (one army and three panzer corps a link for the Germans; three units for the Russians).
 */
export function jumpOffs(
  s: BfGame,
  b: BfBoard,
  target: number,
  units: BfUnitState[],
): Map<string, number> | null {
  const out = new Map<string, number>();
  const armies = new Map<number, number>();
  const others = new Map<number, number>();
  const occ = occupancy(s, b);
  for (const u of units) {
    const at = posOf(b, u);
    const role = roleOfUnit(b, u);
    const fits = (p: number): boolean => {
      if (role === RUSSIAN) return (others.get(p) ?? 0) < 3;
      return kindOf(b, u) === "army"
        ? (armies.get(p) ?? 0) < 1
        : (others.get(p) ?? 0) < 3;
    };
    let p = -1;
    if (b.nbr[at]!.includes(target)) p = fits(at) ? at : -2;
    else
      for (const m of b.nbr[at]!) {
        if (
          b.nbr[m]!.includes(target) &&
          controlRole(s, b, m) === GERMAN &&
          occ[RUSSIAN][m] === 0 &&
          fits(m)
        ) {
          p = m;
          break;
        }
      }
    if (p < 0) return null;
    out.set(u.id, p);
    const tally = role === GERMAN && kindOf(b, u) === "army" ? armies : others;
    tally.set(p, (tally.get(p) ?? 0) + 1);
  }
  return out;
}

/** The numbers of the attack being put together (or an attack named by its units and target). */
export function combatNumbers(
  s: BfGame,
  b: BfBoard,
  target: number,
  attackers: BfUnitState[],
  blitzAdvance: boolean,
): CombatNumbers {
  const attackerRole = roleOfUnit(b, attackers[0]!);
  const defRole: Role = attackerRole === GERMAN ? RUSSIAN : GERMAN;
  const defenders = unitsAt(s, b, target, defRole);
  const jumpOff =
    jumpOffs(s, b, target, attackers) ??
    new Map(attackers.map((u) => [u.id, posOf(b, u)]));
  const inSupply = supplied(s, b);
  const attack: FireLine = { total: 0, terms: [] };
  const defence: FireLine = { total: 0, terms: [] };
  const absorb: FireLine = { total: 0, terms: [] };
  const groups = new Map<number, BfUnitState[]>();
  for (const u of attackers) {
    const p = jumpOff.get(u.id)!;
    groups.set(p, [...(groups.get(p) ?? []), u]);
  }
  const poorWeather = attackerRole === GERMAN && s.weather !== "good";
  for (const [p, us] of groups) {
    let v = us.reduce((t, u) => t + factor(b, u), 0);
    const why = [
      `${us.map((u) => unitName(b, u.id)).join(", ")} from ${label(b, p)}`,
    ];
    if (poorWeather && v > 0) {
      v -= 1;
      why.push(`−1 ${s.weather}`);
    }
    if (v > 0 && us.every((u) => !inSupply.has(u.id))) {
      v -= 1;
      why.push("−1 out of supply");
    }
    attack.terms.push({ reason: why.join(" "), value: Math.max(0, v) });
  }
  if (defenders.length > 0) {
    const air = s.airOps.find(
      (o) => o.target === b.ids[target] && o.result === "bonus",
    );
    if (attackerRole === GERMAN && air?.bonus === "attack")
      attack.terms.push({ reason: "air battle won: +1 German hit", value: 1 });
    if (attackerRole === GERMAN && edgeDistance(s, b)[target]! < 0)
      attack.terms.push({
        reason: "position cut off from the Russian map edge",
        value: 1,
      });
    for (const u of defenders) {
      const f = factor(b, u);
      const who =
        roleOfUnit(b, u) === RUSSIAN && !u.known && kindOf(b, u) === "rifle"
          ? "a face-down Russian unit"
          : unitName(b, u.id);
      if (f > 0)
        defence.terms.push({
          reason: `${who}${u.disrupted ? " (disrupted)" : ""}`,
          value: f,
        });
    }
    const fort = defRole === RUSSIAN ? fortressIntact(s, b, target) : 0;
    if (fort > 0)
      defence.terms.push({
        reason: fort === 2 ? "great fortress fires 2" : "fortress fires 1",
        value: fort,
      });
    if (defenders.every((u) => !inSupply.has(u.id)))
      defence.terms.push({ reason: "defenders out of supply", value: -1 });
    if (attackerRole === GERMAN && air?.bonus === "defence")
      defence.terms.push({
        reason: "air battle won: −1 Russian hit",
        value: -1,
      });
    if (fort > 0) {
      const base = fort === 2 ? 3 : 2;
      absorb.terms.push({
        reason:
          fort === 2
            ? "great fortress absorbs 3"
            : "fortress or victory city absorbs 2",
        value: base,
      });
      if (attackers.some((u) => kindOf(b, u) === "army"))
        absorb.terms.push({ reason: "a German army attacks: −1", value: -1 });
    } else
      absorb.terms.push({ reason: "defended position absorbs 1", value: 1 });
  }
  attack.total = Math.max(
    0,
    attack.terms.reduce((t, x) => t + x.value, 0),
  );
  let d = Math.max(
    0,
    defence.terms.reduce((t, x) => t + x.value, 0),
  );
  if (blitzAdvance && d > 0) {
    defence.terms.push({
      reason: "Blitzkrieg advance: defending fire doubled",
      value: d,
    });
    d *= 2;
  }
  defence.total = d;
  absorb.total = Math.max(
    0,
    absorb.terms.reduce((t, x) => t + x.value, 0),
  );
  return {
    target,
    attackerRole,
    attackers,
    defenders,
    attack,
    defence,
    absorb,
    jumpOff,
  };
}

/** Hits that eliminate the unit, and hits that make it retreat (0: none short of elimination). */
export function thresholds(
  b: BfBoard,
  u: BfUnitState,
): { elim: number; retreat: number } {
  const f = factor(b, u) - (u.disrupted ? 1 : 0);
  const elim = Math.max(1, f + 1);
  return { elim, retreat: f >= 1 ? f : 0 };
}

type Outcome = "none" | "disrupted" | "retreat" | "eliminated";
const outcomeOf = (b: BfBoard, u: BfUnitState, h: number): Outcome => {
  if (h <= 0) return "none";
  const t = thresholds(b, u);
  if (h >= t.elim) return "eliminated";
  if (t.retreat > 0 && h >= t.retreat) return "retreat";
  return "disrupted";
};

/**
 * Spreads `hits` over `units`, each taking at most what eliminates it: the owner's best spread by
 * `score` (every spread is tried; stacks are small).
 */
export function spreadHits(
  b: BfBoard,
  units: BfUnitState[],
  hits: number,
  score: (out: Outcome[]) => number[],
): number[] {
  const caps = units.map((u) => thresholds(b, u).elim);
  const total = caps.reduce((t, c) => t + c, 0);
  const h = Math.min(hits, total);
  let best: number[] | null = null;
  let bestScore: number[] = [];
  const cur = new Array<number>(units.length).fill(0);
  const better = (x: number[], y: number[]): boolean => {
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! > y[i]!;
    return false;
  };
  const go = (k: number, left: number): void => {
    if (k === units.length - 1) {
      if (left > caps[k]!) return;
      cur[k] = left;
      const sc = score(units.map((u, i) => outcomeOf(b, u, cur[i]!)));
      if (!best || better(sc, bestScore)) {
        best = [...cur];
        bestScore = sc;
      }
      return;
    }
    for (let x = Math.min(left, caps[k]!); x >= 0; x--) {
      cur[k] = x;
      go(k + 1, left - x);
    }
  };
  if (units.length === 0) return [];
  go(0, h);
  return best ?? units.map(() => 0);
}

/** Where a unit falls back to from `at`: a free friendly neighbour nearer its supply (null: nowhere). */
function retreatTo(
  s: BfGame,
  b: BfBoard,
  u: BfUnitState,
  at: number,
  avoid: Set<number>,
): number | null {
  const role = roleOfUnit(b, u);
  const occ = occupancy(s, b);
  const enemy = occ[role === GERMAN ? RUSSIAN : GERMAN];
  const dist =
    role === GERMAN ? baseDistance(s, b, occ) : edgeDistance(s, b, occ);
  let best = -1;
  for (const j of b.nbr[at]!) {
    if (enemy[j]! > 0 || controlRole(s, b, j) !== role || avoid.has(j))
      continue;
    if (dist[at]! >= 0 && (dist[j]! < 0 || dist[j]! >= dist[at]!)) continue;
    if (
      best < 0 ||
      (dist[j]! >= 0 && (dist[best]! < 0 || dist[j]! < dist[best]!)) ||
      (dist[j] === dist[best] && occ[role][j]! < occ[role][best]!)
    )
      best = j;
  }
  return best < 0 ? null : best;
}

const defenderScore =
  (b: BfBoard, units: BfUnitState[]) =>
  (out: Outcome[]): number[] => {
    let held = 0;
    let fire = 0;
    let alive = 0;
    let fresh = 0;
    out.forEach((o, i) => {
      if (o === "none" || o === "disrupted") held = 1;
      if (o !== "eliminated") {
        fire += factor(b, units[i]!);
        alive++;
      }
      if (o === "none") fresh++;
    });
    return [held, fire, alive, fresh];
  };

const attackerScore =
  (b: BfBoard, units: BfUnitState[]) =>
  (out: Outcome[]): number[] => {
    let advance = 0;
    let fire = 0;
    let alive = 0;
    out.forEach((o, i) => {
      if (o === "none") advance++;
      if (o !== "eliminated") {
        fire += factor(b, units[i]!);
        alive++;
      }
    });
    return [advance, fire, alive];
  };

/**
 * Fights the attack: reveals the Russian units in it, both sides' hits at once, retreats,
 * and the advance into an emptied position. Returns whether the position was taken.
 */
export function fight(
  ctx: Ctx,
  target: number,
  attackerIds: string[],
  blitzAdvance: boolean,
): boolean {
  const { s, b } = ctx;
  const attackers = attackerIds.map((id) => s.units.find((u) => u.id === id)!);
  const role = roleOfUnit(b, attackers[0]!);
  const n = combatNumbers(s, b, target, attackers, blitzAdvance);
  for (const u of attackers) u.attacked = true;
  const where = label(b, target);
  if (n.defenders.length === 0) {
    // An empty position: the attackers simply take it.
    for (const u of attackers) enter(ctx, u, target);
    emit(
      ctx,
      "advance",
      `${attackers.map((u) => unitName(b, u.id)).join(", ")} take${attackers.length === 1 ? "s" : ""} undefended ${where}.`,
      { cell: b.ids[target], units: attackerIds },
    );
    return true;
  }
  const revealed: string[] = [];
  for (const u of [...attackers, ...n.defenders])
    if (roleOfUnit(b, u) === RUSSIAN && !u.known) {
      u.known = true;
      revealed.push(u.id);
    }
  const describeUnit = (u: BfUnitState): string =>
    info(b, u.id).kind === "rifle"
      ? `${unitName(b, u.id)} (${u.quality === "weak" ? "Weak" : "Strong"})`
      : unitName(b, u.id);
  if (revealed.length > 0)
    emit(
      ctx,
      "combat",
      `Revealed in the fight for ${where}: ${revealed.map((id) => describeUnit(s.units.find((u) => u.id === id)!)).join(", ")}.`,
      { cell: b.ids[target], units: revealed },
    );
  const onDefenders = Math.max(0, n.attack.total - n.absorb.total);
  const dHits = spreadHits(
    b,
    n.defenders,
    onDefenders,
    defenderScore(b, n.defenders),
  );
  const aHits = spreadHits(
    b,
    attackers,
    n.defence.total,
    attackerScore(b, attackers),
  );
  const dOut = n.defenders.map((u, i) => outcomeOf(b, u, dHits[i]!));
  const aOut = attackers.map((u, i) => outcomeOf(b, u, aHits[i]!));
  emit(
    ctx,
    "combat",
    `${role === GERMAN ? "German" : "Russian"} attack on ${where}: ${n.attack.total} hit${n.attack.total === 1 ? "" : "s"}, ${n.absorb.total} absorbed by the position, ${onDefenders} on the defenders; the defenders fire ${n.defence.total}.`,
    {
      cell: b.ids[target],
      units: [...attackerIds, ...n.defenders.map((u) => u.id)],
    },
  );
  // Attackers: eliminated, or disrupted (falling back to the jump-off when hit as hard as their factor).
  const advancing: BfUnitState[] = [];
  attackers.forEach((u, i) => {
    const o = aOut[i]!;
    if (o === "eliminated")
      eliminate(
        ctx,
        u,
        `${unitName(b, u.id)} is eliminated attacking ${where}.`,
      );
    else if (o === "none") advancing.push(u);
    else {
      u.disrupted = true;
      u.fresh = true;
      emit(
        ctx,
        "losses",
        `${unitName(b, u.id)} is disrupted${o === "retreat" ? " and falls back" : ""}.`,
        { units: [u.id] },
      );
    }
  });
  const mustYield = advancing.length > 0;
  const holds = (u: BfUnitState): boolean =>
    roleOfUnit(b, u) === RUSSIAN
      ? b.vp[target]! > 0 || fortressIntact(s, b, target) > 0
      : u.noRetreat === true;
  const jumpOffs = new Set(n.jumpOff.values());
  n.defenders.forEach((u, i) => {
    const o = dOut[i]!;
    if (o === "none") return;
    if (o === "eliminated") {
      eliminate(ctx, u, `${describeUnit(u)} is eliminated defending ${where}.`);
      return;
    }
    u.disrupted = true;
    u.fresh = true;
    if (o === "retreat" && mustYield && !holds(u)) {
      const to = retreatTo(s, b, u, target, jumpOffs);
      if (to === null)
        eliminate(
          ctx,
          u,
          `${describeUnit(u)} cannot retreat from ${where} and is eliminated.`,
        );
      else {
        u.cell = b.ids[to]!;
        emit(
          ctx,
          "retreat",
          `${describeUnit(u)} is disrupted and retreats from ${where} to ${label(b, to)}.`,
          { cell: b.ids[to], units: [u.id] },
        );
      }
      return;
    }
    emit(ctx, "losses", `${describeUnit(u)} is disrupted and holds ${where}.`, {
      cell: b.ids[target],
      units: [u.id],
    });
  });
  const left = unitsAt(s, b, target, role === GERMAN ? RUSSIAN : GERMAN);
  if (left.length === 0 && advancing.length > 0) {
    for (const u of advancing) enter(ctx, u, target);
    emit(
      ctx,
      "advance",
      `${advancing.map((u) => unitName(b, u.id)).join(", ")} advance${advancing.length === 1 ? "s" : ""} into ${where}.`,
      { cell: b.ids[target], units: advancing.map((u) => u.id) },
    );
    return true;
  }
  return false;
}

export { posOf };
