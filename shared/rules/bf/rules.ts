// The game-turn sequence, the legal actions of each phase and applying one. README.md maps the
// text's eight steps onto the phases here and lists the choices where the text is silent.
import type { BfAction, BfUnitState } from "../../format/ruleset-bf.types.js";
import type { Scenario } from "../../format/scenario.types.js";
import { applyOnCopy, refuse } from "../apply.js";
import { diceFor } from "../dice.js";
import type {
  ApplyResult,
  GameEvent,
  NewGameOptions,
  RuleError,
  SideId,
} from "../types.js";
import {
  bfBoardOf,
  distancesFrom,
  GERMAN,
  RUSSIAN,
  type BfBoard,
  type Role,
  type Sector,
} from "./board.js";
import { fight, jumpOffs } from "./combat.js";
import { eliminate, enter, setControl } from "./moves.js";
import {
  cloneState,
  controlRole,
  eastDistance,
  edgeDistance,
  emit,
  fortressIntact,
  info,
  isGround,
  kindOf,
  label,
  labelOf,
  occupancy,
  plural,
  posOf,
  roleOfSide,
  roleOfUnit,
  rollDie,
  supplied,
  unitName,
  unitsAt,
  type BfGame,
  type Ctx,
} from "./state.js";

const WEAK_GROUPS = {
  weak: [10, 6],
  medium: [6, 10],
  strong: [2, 14],
} as const;

/** A whole number in [0, m) from d6 rolls (base-6 digits, rejection sampling). */
export function randomInt(ctx: Ctx, m: number, purpose: string): number {
  if (m <= 1) return 0;
  let digits = 1;
  while (6 ** digits < m) digits++;
  const span = 6 ** digits;
  const limit = span - (span % m);
  for (;;) {
    let v = 0;
    for (let k = 0; k < digits; k++)
      v = v * 6 + (rollDie(ctx, purpose).die - 1);
    if (v < limit) return v % m;
  }
}

function shuffleInPlace<T>(ctx: Ctx, xs: T[], purpose: string): void {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = randomInt(ctx, i + 1, purpose);
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
}

const bellCurve = (weak: number): number =>
  weak >= 15
    ? 2
    : weak >= 13
      ? 1
      : weak >= 11
        ? 0
        : weak >= 9
          ? -1
          : weak >= 7
            ? -2
            : weak >= 5
              ? -3
              : weak >= 3
                ? -4
                : -5;

export const opts = (s: Scenario) => {
  const o = (s.ruleset.options ?? {}) as {
    selection?: "presort" | "bellCurve";
    victoryPoints?: number;
    plan?: "historical" | "marcks" | "schultz";
  };
  return {
    selection: o.selection ?? "presort",
    victoryPoints: o.victoryPoints ?? 7,
    plan: o.plan ?? "historical",
  };
};

/** A new game: the German set-up of the chosen plan, the Russian strength drawn unseen, turn 1 begun. */
export function startBf(
  scenario: Scenario,
  options: NewGameOptions = {},
): { state: BfGame; events: GameEvent[] } {
  const b = bfBoardOf(scenario);
  const units: BfUnitState[] = b.unitOrder.map((id) => {
    const i = info(b, id);
    const base = { id, side: b.sides[i.role].id, disrupted: false };
    if (i.kind === "air")
      return { ...base, cell: null, status: "air", sector: i.armyGroup ?? "C" };
    if (i.start >= 0)
      return {
        ...base,
        cell: b.ids[i.start]!,
        status: "map",
        ...(i.role === GERMAN
          ? { sector: i.armyGroup ?? "C" }
          : { known: false }),
      };
    if (i.pool)
      return {
        ...base,
        cell: null,
        status: i.kind === "rifle" ? "pile" : "waiting",
        ...(i.role === RUSSIAN ? { known: false } : {}),
      };
    return {
      ...base,
      cell: null,
      status: "waiting",
      ...(i.role === GERMAN
        ? { sector: i.armyGroup ?? "C" }
        : { known: false }),
    };
  });
  const o = opts(scenario);
  const state: BfGame = {
    scenario,
    ruleset: "bf",
    scenarioId: scenario.id,
    turn: 1,
    phase: "gMove",
    weather: "good",
    snowTurns: 0,
    units,
    control: b.initialControl,
    destroyed: [],
    required: o.victoryPoints,
    weak: 0,
    airOps: [],
    attack: null,
    blitzFrom: null,
    broken: [],
    toDeploy: [],
    siberians: "reserve",
    dice: diceFor(options),
    rolls: 0,
    gameOver: null,
  };
  const ctx: Ctx = { s: state, b, ev: [] };
  germanPlan(ctx, o.plan);
  drawRussianStrength(ctx, o.selection, o.victoryPoints);
  startTurn(ctx, 1);
  advance(ctx);
  return { state, events: ctx.ev };
}

/** The Marcks and Schultz plans move panzer corps (and AGC's turn-2 army) between army groups. */
function germanPlan(ctx: Ctx, plan: "historical" | "marcks" | "schultz"): void {
  const { s, b } = ctx;
  const panzers = (g: Sector) =>
    s.units.filter(
      (u) => u.status === "map" && kindOf(b, u) === "panzer" && u.sector === g,
    );
  const shift = (u: BfUnitState | undefined, g: Sector): void => {
    if (!u) return;
    u.sector = g;
    if (u.status === "map" && b.baseOf[g] >= 0) u.cell = b.ids[b.baseOf[g]]!;
    emit(
      ctx,
      "reinforcement",
      `${plan === "marcks" ? "Marcks" : "Schultz"} plan: ${unitName(b, u.id)} goes to Army Group ${g === "N" ? "North" : g === "C" ? "Centre" : "South"}.`,
      { units: [u.id] },
    );
  };
  if (plan === "marcks") shift(panzers("N").at(-1), "S");
  if (plan === "schultz") {
    const c = panzers("C");
    shift(c.at(-1), "N");
    shift(c.at(-2), "S");
    shift(
      s.units.find(
        (u) =>
          u.status === "waiting" &&
          kindOf(b, u) === "army" &&
          u.sector === "C" &&
          info(b, u.id).arrives?.turn === 2,
      ),
      "S",
    );
  }
}

/** The pre-sort (two of three sorting groups, unseen) or the bell-curve draw of Weak and Strong units. */
function drawRussianStrength(
  ctx: Ctx,
  selection: "presort" | "bellCurve",
  base: number,
): void {
  const { s, b } = ctx;
  const onMap = s.units.filter(
    (u) => kindOf(b, u) === "rifle" && u.status === "map",
  );
  const pile = s.units.filter(
    (u) => kindOf(b, u) === "rifle" && u.status === "pile",
  );
  const group = (weak: number, strong: number): ("weak" | "strong")[] => [
    ...Array<"weak">(weak).fill("weak"),
    ...Array<"strong">(strong).fill("strong"),
  ];
  let inGame: ("weak" | "strong")[];
  let extra: ("weak" | "strong")[];
  if (selection === "presort") {
    const { die } = rollDie(ctx, "pre-sort: the sorting group left out");
    const out = die <= 2 ? "strong" : die <= 4 ? "medium" : "weak";
    const kept = (["weak", "medium", "strong"] as const).filter(
      (g) => g !== out,
    );
    inGame = kept.flatMap((g) => group(WEAK_GROUPS[g][0], WEAK_GROUPS[g][1]));
    extra = group(WEAK_GROUPS[out][0], WEAK_GROUPS[out][1]);
    s.required = base + (out === "strong" ? 2 : out === "weak" ? -2 : 0);
  } else {
    const all = [...group(16, 32)];
    shuffleInPlace(ctx, all, "bell-curve draw");
    inGame = all.slice(0, 32);
    extra = all.slice(32);
  }
  shuffleInPlace(ctx, inGame, "Russian set-up");
  shuffleInPlace(ctx, extra, "extra Russian units");
  onMap.forEach((u, i) => (u.quality = inGame[i] ?? "strong"));
  // "2 groups are chosen for a total of 32 Russian units in a game": units of the draw beyond
  // those set up wait among the extras; the group (or bell-curve units) left out of the draw is
  // out of the game. The extras' pile fills with eliminated units.
  const spare = inGame.slice(onMap.length);
  pile.forEach((u, i) => {
    u.quality = spare[i] ?? extra[i - spare.length] ?? "strong";
    if (i >= spare.length) u.status = "withdrawn";
  });
  s.weak = onMap.filter((u) => u.quality === "weak").length;
  if (selection === "bellCurve") s.required = base + bellCurve(s.weak);
  emit(
    ctx,
    "turn",
    "The Russian units are drawn and set up face down; their overall strength stays secret until the end.",
  );
}

const isSnowMonth = (m: number): boolean => m === 11 || m <= 2;

function setWeather(ctx: Ctx): void {
  const { s, b } = ctx;
  const m = b.month(s.turn);
  if (m === 9) {
    const { die, roll } = rollDie(ctx, "October weather (1–4 mud)");
    s.octoberRoll = die;
    s.weather = die <= 4 ? "mud" : "good";
    emit(
      ctx,
      "ground",
      `October weather roll ${die}: ${s.weather === "mud" ? "mud in October, good weather in November" : "good in October, snow in November"}.`,
      { rolls: [roll] },
    );
  } else if (m === 10)
    s.weather =
      s.octoberRoll === undefined || s.octoberRoll <= 4 ? "good" : "snow";
  else s.weather = isSnowMonth(m) ? "snow" : "good";
  if (s.weather === "snow") s.snowTurns += 1;
}

function startTurn(ctx: Ctx, t: number): void {
  const { s, b } = ctx;
  s.turn = t;
  s.airOps = [];
  s.broken = [];
  s.attack = null;
  s.blitzFrom = null;
  for (const u of s.units) {
    delete u.moved;
    delete u.attacked;
    delete u.noRetreat;
    delete u.supplied;
    delete u.fresh;
  }
  setWeather(ctx);
  emit(
    ctx,
    "turn",
    `Turn ${t} of ${b.turns}: ${b.dateLabel(t)}, ${s.weather === "good" ? "good weather" : s.weather}${s.weather === "snow" && s.snowTurns === 1 ? " (first snow)" : ""}.`,
  );
  let borrow = false;
  for (const u of s.units) {
    const i = info(b, u.id);
    if (
      i.withdrawTurn === t &&
      u.status !== "withdrawn" &&
      u.status !== "eliminated"
    ) {
      if (i.kind === "air" && u.sector === "C") borrow = true;
      u.status = "withdrawn";
      u.cell = null;
      emit(ctx, "reinforcement", `${i.name} is withdrawn.`, { units: [u.id] });
    }
  }
  const occ = occupancy(s, b);
  for (const u of s.units) {
    const i = info(b, u.id);
    if (u.status !== "waiting" || !i.arrives || i.arrives.turn !== t) continue;
    let g: Sector = u.sector ?? i.armyGroup ?? "C";
    // 40. PzKps (an AGC panzer corps arriving) goes to AGN once Moscow has fallen.
    if (
      i.kind === "panzer" &&
      g === "C" &&
      b.capital >= 0 &&
      controlRole(s, b, b.capital) === GERMAN
    )
      g = "N";
    u.sector = g;
    let at =
      b.baseOf[g] >= 0 && (u.sector !== i.armyGroup || i.arrives.at < 0)
        ? b.baseOf[g]
        : i.arrives.at;
    if (at < 0 || occ[RUSSIAN][at]! > 0)
      at = b.base.findIndex((x, k) => x !== null && occ[RUSSIAN][k] === 0);
    if (at < 0) continue;
    enter(ctx, u, at);
    emit(ctx, "reinforcement", `${i.name} arrives at ${label(b, at)}.`, {
      units: [u.id],
      cell: b.ids[at],
    });
  }
  if (s.siberians === "arrived" && b.month(t) !== 11) japanRoll(ctx);
  const lenders = s.units.filter((u) => u.status === "air" && u.sector !== "C");
  const hasC = s.units.some((u) => u.status === "air" && u.sector === "C");
  s.phase = borrow && lenders.length > 0 && !hasC ? "borrow" : "gMove";
}

/** While the Siberians are in the game before December: a 6 is a Japanese attack in the Far East. */
function japanRoll(ctx: Ctx): void {
  const { s, b } = ctx;
  if (s.gameOver) return;
  const { die, roll } = rollDie(ctx, "Japanese attack in the Far East (6)");
  if (die === 6) {
    s.gameOver = {
      winner: b.sides[GERMAN].id,
      reason:
        "Japan attacks in the Far East while the Siberian reserve is in the west: an academic German victory.",
    };
    emit(
      ctx,
      "gameOver",
      `Roll ${die}: Japan attacks in the Far East; the Germans win (an academic victory).`,
      { rolls: [roll] },
    );
  } else
    emit(ctx, "reinforcement", `Roll ${die}: the Far East stays quiet.`, {
      rolls: [roll],
    });
}

function siberiansArrive(ctx: Ctx): void {
  const { s, b } = ctx;
  const december = b.month(s.turn) === 11;
  if (!(s.siberians === "activated" || (s.siberians === "reserve" && december)))
    return;
  const occ = occupancy(s, b);
  let at =
    b.capital >= 0 &&
    occ[GERMAN][b.capital] === 0 &&
    controlRole(s, b, b.capital) === RUSSIAN
      ? b.capital
      : -1;
  if (at < 0)
    at = b.edge.findIndex((e, k) => e === "east" && occ[GERMAN][k] === 0);
  if (at < 0) return;
  const arriving = s.units.filter(
    (u) => u.status === "waiting" && roleOfUnit(b, u) === RUSSIAN,
  );
  for (const u of arriving) {
    enter(ctx, u, at);
    u.known = true;
  }
  s.siberians = "arrived";
  emit(
    ctx,
    "reinforcement",
    `The Siberian reserve (${plural(arriving.length, "unit")}) arrives face up at ${label(b, at)}.`,
    { cell: b.ids[at], units: arriving.map((u) => u.id) },
  );
  if (!december) japanRoll(ctx);
}

/** End of the German attacks: recovery of Russians (steps 3 and 4) and of German units (step 5). */
function endGermanAttacks(ctx: Ctx): void {
  const { s, b } = ctx;
  const sup = supplied(s, b);
  let r = 0;
  let g = 0;
  for (const u of s.units) {
    if (u.status !== "map" || !u.disrupted) continue;
    if (roleOfUnit(b, u) === RUSSIAN) {
      if (!u.fresh && sup.has(u.id)) {
        u.disrupted = false;
        r++;
      }
    } else {
      u.disrupted = false;
      g++;
    }
  }
  for (const u of s.units) delete u.fresh;
  if (r + g > 0)
    emit(
      ctx,
      "phase",
      `Recovery: ${plural(r, "Russian unit")} and ${plural(g, "German unit")} recover from disruption.`,
    );
  s.phase = "rMove";
  siberiansArrive(ctx);
}

function replacementSources(ctx: Ctx): string[] {
  const { s, b } = ctx;
  const occ = occupancy(s, b);
  const edge = edgeDistance(s, b, occ);
  const out: string[] = [];
  for (let c = 0; c < b.n; c++) {
    if (
      b.vp[c]! <= 0 ||
      controlRole(s, b, c) !== RUSSIAN ||
      occ[GERMAN][c]! > 0
    )
      continue;
    if (edge[c]! >= 0)
      for (let k = 0; k < b.replacements[c]!; k++) out.push(b.ids[c]!);
    else if (
      b.alwaysReplaces[c]! > 0 &&
      occ[RUSSIAN][c]! < b.alwaysReplaces[c]!
    )
      out.push(b.ids[c]!);
  }
  if (b.edge.some((e, k) => e !== null && occ[GERMAN][k] === 0)) out.push("*");
  return out;
}

/** Positions a replacement from `source` may be deployed on: connected to it through Russian positions free of German units. */
export function deployTargets(s: BfGame, b: BfBoard, source: string): number[] {
  const occ = occupancy(s, b);
  const free = (i: number): boolean =>
    occ[GERMAN][i] === 0 && controlRole(s, b, i) === RUSSIAN;
  const starts =
    source === "*"
      ? b.edge.flatMap((e, k) => (e !== null && free(k) ? [k] : []))
      : [b.index.get(source) ?? -1].filter((i) => i >= 0 && free(i));
  const d = distancesFrom(b, starts, free);
  const out: number[] = [];
  for (let i = 0; i < b.n; i++) if (d[i]! >= 0 && free(i)) out.push(i);
  return out;
}

/** Step 8: supply (out of supply: disrupted, a disrupted Russian eliminated), control of cut-off empty positions, then the next turn or the end. */
function endTurn(ctx: Ctx): void {
  const { s, b } = ctx;
  const sup = supplied(s, b);
  for (const u of s.units) {
    if (u.status !== "map" || sup.has(u.id)) continue;
    if (roleOfUnit(b, u) === RUSSIAN && u.disrupted)
      eliminate(
        ctx,
        u,
        `${u.known ? unitName(b, u.id) : "A Russian unit"} at ${labelOf(b, u.cell!)} is out of supply while disrupted and is eliminated.`,
      );
    else {
      u.disrupted = true;
      emit(
        ctx,
        "supply",
        `${roleOfUnit(b, u) === RUSSIAN && !u.known ? "A Russian unit" : unitName(b, u.id)} at ${labelOf(b, u.cell!)} is out of supply and disrupted.`,
        roleOfUnit(b, u) === RUSSIAN && !u.known ? {} : { units: [u.id] },
      );
    }
  }
  const occ = occupancy(s, b);
  const edge = edgeDistance(s, b, occ);
  for (let i = 0; i < b.n; i++)
    if (
      controlRole(s, b, i) === RUSSIAN &&
      occ[RUSSIAN][i] === 0 &&
      occ[GERMAN][i] === 0 &&
      edge[i]! < 0
    )
      setControl(ctx, i, GERMAN);
  if (s.gameOver) return;
  if (s.turn >= b.turns) {
    const vp = germanVp(s, b);
    const won = vp >= s.required;
    s.gameOver = {
      winner: b.sides[won ? GERMAN : RUSSIAN].id,
      reason: `The Germans hold ${plural(vp, "victory point")} of the ${s.required} they needed (${s.weak} Weak Russian units were drawn).`,
    };
    emit(
      ctx,
      "gameOver",
      `${won ? "German" : "Russian"} victory: ${s.gameOver.reason}`,
    );
    return;
  }
  startTurn(ctx, s.turn + 1);
}

/** German victory points now: victory cities they control, and a cut-off Leningrad's reduced value. */
export function germanVp(s: BfGame, b: BfBoard): number {
  const east = eastDistance(s, b);
  let vp = 0;
  for (let i = 0; i < b.n; i++) {
    if (b.vp[i]! <= 0) continue;
    if (controlRole(s, b, i) === GERMAN) vp += b.vp[i]!;
    else if (b.cutOffValue[i]! >= 0 && east[i]! < 0) vp += b.cutOffValue[i]!;
  }
  return vp;
}

// ---------------------------------------------------------------------------------------------
// Legal actions
// ---------------------------------------------------------------------------------------------

export const actorRole = (s: BfGame): Role | null =>
  s.gameOver ? null : s.phase.startsWith("r") ? RUSSIAN : GERMAN;
export const actorOf = (s: BfGame): SideId | null => {
  const r = actorRole(s);
  return r === null ? null : bfBoardOf(s.scenario).sides[r].id;
};

/** How many links a German panzer corps may reach to attack: 2, but 1 in mud and the first snow. */
export const panzerReach = (s: BfGame): number =>
  s.weather === "mud" || (s.weather === "snow" && s.snowTurns <= 1) ? 1 : 2;

const canAttackFrom = (u: BfUnitState): boolean =>
  u.status === "map" && !u.disrupted && !u.moved && !u.attacked;

/** Positions the German unit could attack now. */
export function germanTargets(
  s: BfGame,
  b: BfBoard,
  u: BfUnitState,
  occ = occupancy(s, b),
): number[] {
  const at = posOf(b, u);
  const target = (j: number): boolean =>
    occ[RUSSIAN][j]! > 0 || controlRole(s, b, j) === RUSSIAN;
  const out = new Set<number>();
  for (const j of b.nbr[at]!) if (target(j)) out.add(j);
  if (kindOf(b, u) === "panzer" && panzerReach(s) >= 2)
    for (const m of b.nbr[at]!) {
      if (controlRole(s, b, m) !== GERMAN || occ[RUSSIAN][m]! > 0) continue;
      for (const j of b.nbr[m]!) if (j !== at && target(j)) out.add(j);
    }
  return [...out].sort((x, y) => x - y);
}

/** Positions the Russian unit could attack now. */
export function russianTargets(
  s: BfGame,
  b: BfBoard,
  u: BfUnitState,
  sup: Set<string>,
  occ = occupancy(s, b),
  edge = edgeDistance(s, b, occ),
): number[] {
  const at = posOf(b, u);
  return b.nbr[at]!.filter((j) => {
    if (occ[GERMAN][j] === 0 || b.base[j] !== null) return false;
    if (b.sector[j] && s.broken.includes(b.sector[j]!)) return false;
    // Out of supply: only towards getting back into supply.
    if (
      !sup.has(u.id) &&
      !(b.edge[j] !== null || b.nbr[j]!.some((k) => k !== at && edge[k]! >= 0))
    )
      return false;
    return true;
  });
}

function germanMoves(
  s: BfGame,
  b: BfBoard,
  u: BfUnitState,
  occ: [Int16Array, Int16Array],
): number[] {
  if (
    u.status !== "map" ||
    u.disrupted ||
    u.moved ||
    u.attacked ||
    !isGround(b, u)
  )
    return [];
  return b.nbr[posOf(b, u)]!.filter(
    (j) =>
      occ[RUSSIAN][j] === 0 &&
      !(fortressIntact(s, b, j) > 0 && controlRole(s, b, j) === RUSSIAN),
  );
}

function russianMoves(
  s: BfGame,
  b: BfBoard,
  u: BfUnitState,
  occ: [Int16Array, Int16Array],
): number[] {
  if (u.status !== "map" || u.disrupted || u.moved || u.attacked) return [];
  const at = posOf(b, u);
  const i = info(b, u.id);
  // A unit set up on a victory city stays there.
  if (i.start === at && b.vp[at]! > 0) return [];
  const nearGerman = (k: number): boolean =>
    b.nbr[k]!.some((x) => occ[GERMAN][x]! > 0);
  return b.nbr[at]!.filter((j) => {
    if (occ[GERMAN][j]! > 0) return false;
    if (controlRole(s, b, j) === GERMAN && (nearGerman(at) || nearGerman(j)))
      return false;
    if (occ[RUSSIAN][j] === 0 && b.sector[j] && s.broken.includes(b.sector[j]!))
      return false;
    return true;
  });
}

/** Distances in links from the German armies on the map (air range). */
function armyRange(s: BfGame, b: BfBoard): Int16Array {
  const armies = s.units
    .filter(
      (u) =>
        u.status === "map" &&
        roleOfUnit(b, u) === GERMAN &&
        kindOf(b, u) === "army",
    )
    .map((u) => posOf(b, u));
  return distancesFrom(b, armies, () => true);
}

const legalCache = new WeakMap<BfGame, BfAction[]>();

/** Every legal action of the side to act (states are never changed, so the answer is kept per state). */
export function legalOf(s: BfGame, b: BfBoard): BfAction[] {
  let out = legalCache.get(s);
  if (!out) {
    out = computeLegal(s, b);
    legalCache.set(s, out);
  }
  return out.slice();
}

function computeLegal(s: BfGame, b: BfBoard): BfAction[] {
  if (s.gameOver) return [];
  const G = b.sides[GERMAN].id;
  const R = b.sides[RUSSIAN].id;
  const out: BfAction[] = [];
  const occ = occupancy(s, b);
  const mine = (role: Role) =>
    s.units.filter((u) => roleOfUnit(b, u) === role && u.status === "map");
  switch (s.phase) {
    case "borrow":
      for (const u of s.units)
        if (u.status === "air" && u.sector !== "C")
          out.push({ type: "borrow", side: G, unit: u.id });
      out.push({ type: "noBorrow", side: G });
      break;
    case "gMove":
      for (const u of mine(GERMAN))
        for (const j of germanMoves(s, b, u, occ))
          out.push({ type: "move", side: G, unit: u.id, to: b.ids[j]! });
      for (const u of mine(GERMAN))
        if (!u.noRetreat) out.push({ type: "noRetreat", side: G, unit: u.id });
      out.push({ type: "endMovement", side: G });
      break;
    case "gAir": {
      const pending = s.airOps.find((o) => o.result === "bonus" && !o.bonus);
      if (pending) {
        out.push(
          { type: "airBonus", side: G, bonus: "attack" },
          { type: "airBonus", side: G, bonus: "defence" },
        );
        break;
      }
      if (s.weather === "good") {
        const range = armyRange(s, b);
        const sup = supplied(s, b);
        for (const u of s.units) {
          if (u.status !== "air" || s.airOps.some((o) => o.unit === u.id))
            continue;
          for (let j = 0; j < b.n; j++) {
            if (range[j]! < 0 || range[j]! > 2 || b.sector[j] !== u.sector)
              continue;
            if (
              (occ[RUSSIAN][j]! > 0 || controlRole(s, b, j) === RUSSIAN) &&
              !s.airOps.some((o) => o.target === b.ids[j])
            )
              out.push({ type: "air", side: G, unit: u.id, to: b.ids[j]! });
            if (unitsAt(s, b, j, GERMAN).some((x) => !sup.has(x.id)))
              out.push({
                type: "airSupply",
                side: G,
                unit: u.id,
                to: b.ids[j]!,
              });
          }
        }
      }
      out.push({ type: "endAir", side: G });
      break;
    }
    case "gAttack":
    case "rAttack": {
      const role: Role = s.phase === "gAttack" ? GERMAN : RUSSIAN;
      const side = b.sides[role].id;
      const sup = role === RUSSIAN ? supplied(s, b) : new Set<string>();
      const edge = edgeDistance(s, b, occ);
      if (s.attack) {
        const target = b.index.get(s.attack.target)!;
        const inIt = s.attack.units.map((id) =>
          s.units.find((u) => u.id === id)!,
        );
        for (const u of mine(role)) {
          if (s.attack.units.includes(u.id) || !isGround(b, u)) continue;
          if (s.attack.blitz) {
            if (
              u.cell !== s.attack.from ||
              kindOf(b, u) !== "panzer" ||
              u.disrupted
            )
              continue;
          } else {
            if (!canAttackFrom(u)) continue;
            if (role === RUSSIAN) {
              if (
                inIt.length >= 3 ||
                u.cell !== inIt[0]!.cell ||
                !russianTargets(s, b, u, sup, occ, edge).includes(target)
              )
                continue;
            } else if (!germanTargets(s, b, u, occ).includes(target)) continue;
          }
          if (jumpOffs(s, b, target, [...inIt, u]))
            out.push({ type: "commit", side, unit: u.id });
        }
        out.push({ type: "resolve", side, blitz: false });
        if (
          role === GERMAN &&
          !s.attack.blitz &&
          s.weather === "good" &&
          inIt.some((u) => kindOf(b, u) === "panzer")
        )
          out.push({ type: "resolve", side, blitz: true });
        out.push({ type: "cancel", side });
        break;
      }
      if (s.blitzFrom) {
        const from = b.index.get(s.blitzFrom)!;
        for (const u of unitsAt(s, b, from, GERMAN)) {
          if (kindOf(b, u) !== "panzer" || u.disrupted) continue;
          for (const j of b.nbr[from]!)
            if (occ[RUSSIAN][j]! > 0 || controlRole(s, b, j) === RUSSIAN)
              out.push({ type: "blitz", side: G, unit: u.id, to: b.ids[j]! });
        }
        out.push({ type: "endBlitz", side: G });
        break;
      }
      for (const u of mine(role)) {
        if (!canAttackFrom(u) || !isGround(b, u)) continue;
        const targets =
          role === GERMAN
            ? germanTargets(s, b, u, occ)
            : russianTargets(s, b, u, sup, occ, edge);
        for (const j of targets)
          out.push({ type: "attack", side, unit: u.id, to: b.ids[j]! });
      }
      out.push({ type: "endAttacks", side });
      break;
    }
    case "rMove":
      for (const u of mine(RUSSIAN))
        for (const j of russianMoves(s, b, u, occ))
          out.push({ type: "move", side: R, unit: u.id, to: b.ids[j]! });
      out.push({ type: "endMovement", side: R });
      break;
    case "rDeploy": {
      const source = s.toDeploy[0];
      if (source !== undefined)
        for (const j of deployTargets(s, b, source))
          out.push({ type: "deploy", side: R, to: b.ids[j]! });
      break;
    }
    case "over":
      break;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Applying an action
// ---------------------------------------------------------------------------------------------

const keyOf = (a: BfAction): string =>
  JSON.stringify([
    a.type,
    a.side,
    "unit" in a ? a.unit : "",
    "to" in a ? a.to : "",
    "blitz" in a ? a.blitz : "",
    "bonus" in a ? a.bonus : "",
  ]);

const TYPES = new Set([
  "move",
  "air",
  "airSupply",
  "attack",
  "blitz",
  "commit",
  "noRetreat",
  "borrow",
  "resolve",
  "airBonus",
  "deploy",
  "endMovement",
  "endAir",
  "endAttacks",
  "cancel",
  "endBlitz",
  "noBorrow",
]);

export function shapeProblem(a: unknown): string | null {
  if (typeof a !== "object" || a === null)
    return "An action must be an object.";
  const x = a as Record<string, unknown>;
  if (typeof x.type !== "string" || !TYPES.has(x.type))
    return `"${String(x.type)}" is not a Barbarossa Fast action.`;
  if (typeof x.side !== "string") return "The action must name its side.";
  return null;
}

/** Pure: a new state and the events, or why the action is refused. */
export function applyBf(state: BfGame, action: BfAction): ApplyResult<BfGame> {
  const shape = shapeProblem(action);
  if (shape) return refuse("illegal", shape);
  const b = bfBoardOf(state.scenario);
  if (state.gameOver)
    return {
      ok: false,
      error: { code: "gameOver", message: "The game is over." },
    };
  const actor = actorOf(state);
  if (action.side !== actor)
    return {
      ok: false,
      error: {
        code: "notYourDecision",
        message: `It is the ${b.sides[actorRole(state)!].name}' decision, not ${action.side}'s.`,
      },
    };
  const legal = legalOf(state, b);
  const k = keyOf(action);
  if (!legal.some((x) => keyOf(x) === k))
    return { ok: false, error: illegal(state, b, action) };
  const ctx: Ctx = { s: cloneState(state), b, ev: [] };
  return applyOnCopy(ctx, ctx.ev, (c) => run(c, action), advance);
}

function illegal(s: BfGame, b: BfBoard, a: BfAction): RuleError {
  const unit = "unit" in a ? s.units.find((u) => u.id === a.unit) : undefined;
  if ("unit" in a && !unit)
    return { code: "unknownUnit", message: `There is no unit ${a.unit}.` };
  if ("to" in a && !b.index.has(a.to))
    return {
      code: "unknownCell",
      message: `There is no position ${a.to} on the map.`,
    };
  const phaseName: Record<string, string> = {
    borrow: "Luftflotte borrowing",
    gMove: "German operational movement",
    gAir: "German air operations",
    gAttack: "German attacks",
    rMove: "Russian movement",
    rAttack: "Russian attacks",
    rDeploy: "Russian deployment",
    over: "the end of the game",
  };
  return {
    code: "illegal",
    message: `${a.type}${unit ? ` with ${unitName(b, unit.id)}` : ""}${"to" in a ? ` to ${labelOf(b, a.to)}` : ""} is not allowed now (${phaseName[s.phase]}).`,
  };
}

function run(ctx: Ctx, a: BfAction): void {
  const { s, b } = ctx;
  const unit = "unit" in a ? s.units.find((u) => u.id === a.unit)! : null;
  const to = "to" in a ? b.index.get(a.to)! : -1;
  switch (a.type) {
    case "move": {
      const from = posOf(b, unit!);
      unit!.moved = true;
      enter(ctx, unit!, to);
      const hidden = roleOfUnit(b, unit!) === RUSSIAN && !unit!.known;
      emit(
        ctx,
        "move",
        `${hidden ? "A Russian unit" : unitName(b, unit!.id)} moves from ${label(b, from)} to ${label(b, to)}.`,
        {
          cell: a.to,
          units: [unit!.id],
          ...(hidden ? { visibleTo: [b.sides[RUSSIAN].id] } : {}),
        },
      );
      break;
    }
    case "noRetreat":
      unit!.noRetreat = true;
      emit(ctx, "move", `${unitName(b, unit!.id)} is ordered: No Retreat!`, {
        units: [unit!.id],
      });
      break;
    case "borrow":
      unit!.sector = "C";
      emit(
        ctx,
        "reinforcement",
        `Army Group Centre borrows ${unitName(b, unit!.id)}.`,
        { units: [unit!.id] },
      );
      s.phase = "gMove";
      break;
    case "noBorrow":
      s.phase = "gMove";
      break;
    case "air":
      airBattle(ctx, unit!, to);
      break;
    case "airBonus": {
      const op = s.airOps.find((o) => o.result === "bonus" && !o.bonus)!;
      op.bonus = a.bonus;
      emit(
        ctx,
        "interdiction",
        `Air support over ${labelOf(b, op.target)}: ${a.bonus === "attack" ? "+1 German hit" : "−1 Russian hit"} in the attack there.`,
        { cell: op.target },
      );
      break;
    }
    case "airSupply":
      s.airOps.push({ unit: unit!.id, target: a.to, result: "supply" });
      for (const u of unitsAt(s, b, to, GERMAN)) u.supplied = true;
      emit(
        ctx,
        "supply",
        `${unitName(b, unit!.id)} flies supplies to ${label(b, to)}.`,
        { cell: a.to },
      );
      break;
    case "attack":
      s.attack = {
        side: a.side,
        target: a.to,
        units: [unit!.id],
        blitz: false,
      };
      break;
    case "blitz":
      s.attack = {
        side: a.side,
        target: a.to,
        units: [unit!.id],
        blitz: true,
        from: s.blitzFrom!,
      };
      break;
    case "commit":
      s.attack!.units.push(unit!.id);
      break;
    case "cancel":
      s.attack = null;
      break;
    case "resolve": {
      const atk = s.attack!;
      const target = b.index.get(atk.target)!;
      s.attack = null;
      if (atk.blitz) {
        s.blitzFrom = null;
        fight(ctx, target, atk.units, true);
      } else {
        if (a.blitz)
          emit(
            ctx,
            "attack",
            `Blitzkrieg declared against ${label(b, target)}.`,
            { cell: atk.target },
          );
        const taken = fight(ctx, target, atk.units, false);
        if (a.blitz && taken && !s.gameOver) {
          s.blitzFrom = atk.target;
          const sec = b.sector[target];
          if (sec && !s.broken.includes(sec)) s.broken.push(sec);
        }
      }
      break;
    }
    case "endBlitz":
      s.blitzFrom = null;
      break;
    case "deploy": {
      s.toDeploy.shift();
      const pile = s.units.filter((u) => u.status === "pile");
      const u =
        pile[
          randomInt(ctx, pile.length, "replacement drawn from the extra units")
        ]!;
      u.known = false;
      u.disrupted = false;
      u.moved = true;
      enter(ctx, u, to);
      emit(
        ctx,
        "replacement",
        `A Russian replacement is deployed face down at ${label(b, to)}.`,
        { cell: a.to },
      );
      break;
    }
    case "endMovement":
      s.phase = s.phase === "gMove" ? "gAir" : "rAttack";
      break;
    case "endAir":
      s.phase = "gAttack";
      break;
    case "endAttacks":
      if (s.phase === "gAttack") endGermanAttacks(ctx);
      else {
        s.phase = "rDeploy";
        s.toDeploy = replacementSources(ctx);
      }
      break;
  }
}

/** A preliminary air battle over a position: recon on 3+, recon and a hit on 4+. */
function airBattle(ctx: Ctx, u: BfUnitState, target: number): void {
  const { s, b } = ctx;
  const range = armyRange(s, b)[target]!;
  const mods: [string, number][] = [];
  if (b.south[target]) mods.push(["south of the forest cover line", 1]);
  const bonus = info(b, u.id).airBonus;
  if (bonus) mods.push([unitName(b, u.id), bonus]);
  if (s.turn === 1) mods.push(["first turn", 1]);
  if (b.vp[target]! > 0) mods.push(["against a victory city", -1]);
  if (range >= 2) mods.push(["two positions from an army", -1]);
  const { die, roll } = rollDie(
    ctx,
    "air battle (3 recon, 4+ recon and a hit)",
  );
  const total = die + mods.reduce((t, [, v]) => t + v, 0);
  const result = total >= 4 ? "bonus" : total === 3 ? "recon" : "fail";
  s.airOps.push({ unit: u.id, target: b.ids[target]!, result });
  const modText = mods.length
    ? ` ${mods.map(([r, v]) => `${v > 0 ? "+" : "−"}${Math.abs(v)} ${r}`).join(", ")}`
    : "";
  let text = `${unitName(b, u.id)} over ${label(b, target)}: die ${die}${modText} = ${total}: ${result === "fail" ? "the Red Air Force wins" : result === "recon" ? "reconnaissance" : "reconnaissance and a hit"}.`;
  if (result !== "fail") {
    const seen = unitsAt(s, b, target, RUSSIAN);
    for (const x of seen) x.known = true;
    text += seen.length
      ? ` Seen there: ${seen.map((x) => (kindOf(b, x) === "rifle" ? `${unitName(b, x.id)} (${x.quality === "weak" ? "Weak" : "Strong"})` : unitName(b, x.id))).join(", ")}.`
      : " No Russian unit is there.";
  }
  emit(ctx, "interdiction", text, { cell: b.ids[target], rolls: [roll] });
}

/** Runs the automatic work until a side has a real choice: a phase whose only option is to end it passes by itself. */
export function advance(ctx: Ctx): void {
  const { s, b } = ctx;
  for (let guard = 0; guard < 200; guard++) {
    if (s.gameOver) {
      s.phase = "over";
      s.attack = null;
      s.blitzFrom = null;
      return;
    }
    const legal = computeLegal(s, b);
    if (s.phase === "rDeploy") {
      const pileLeft = s.units.some((u) => u.status === "pile");
      if (s.toDeploy.length > 0 && pileLeft && legal.length > 0) return;
      if (s.toDeploy.length > 0 && pileLeft) {
        s.toDeploy.shift();
        continue;
      }
      s.toDeploy = [];
      endTurn(ctx);
      continue;
    }
    if (legal.length !== 1) return;
    const only = legal[0]!;
    if (
      !["endMovement", "endAir", "endAttacks", "endBlitz", "noBorrow"].includes(
        only.type,
      )
    )
      return;
    run(ctx, only);
  }
  throw new Error("Barbarossa Fast: the automatic phases did not settle.");
}

export { roleOfSide };
