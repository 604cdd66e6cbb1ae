// What people see of a Barbarossa Fast game: every legal action described, the question being
// asked, each side's observation (face-down Russian units stay opaque tokens for the Germans),
// the attack preview and the play-aid tables.
import type { BfAction, BfUnitState } from "../../format/ruleset-bf.types.js";
import type { Scenario } from "../../format/scenario.types.js";
import type {
  AttackPreview,
  AttackSpec,
  Decision,
  DescribedAction,
  MoveOption,
  Observation,
  ObservedUnit,
  RulesTable,
} from "../types.js";
import { bfBoardOf, GERMAN, RUSSIAN, type BfBoard } from "./board.js";
import { combatNumbers } from "./combat.js";
import { actorOf, germanVp, legalOf, panzerReach } from "./rules.js";
import {
  controlRole,
  factor,
  info,
  kindOf,
  label,
  labelOf,
  posOf,
  roleOfSide,
  roleOfUnit,
  supplied,
  unitName,
  type BfGame,
} from "./state.js";

const PHASES: Record<string, string> = {
  borrow: "Turn start: Army Group Centre may borrow a Luftflotte",
  gMove: "German operational movement",
  gAir: "German air operations",
  gAttack: "German attacks",
  rMove: "Russian operational movement",
  rAttack: "Russian attacks and breakouts",
  rDeploy: "Russian replacements: deployment",
  over: "Game over",
};

const unitLabel = (s: BfGame, b: BfBoard, id: string): string => {
  const u = s.units.find((x) => x.id === id);
  return u &&
    roleOfUnit(b, u) === RUSSIAN &&
    !u.known &&
    kindOf(b, u) === "rifle"
    ? "a Russian unit"
    : unitName(b, id);
};

export function describe(
  s: BfGame,
  b: BfBoard,
  a: BfAction,
): DescribedAction<BfAction> {
  const u = "unit" in a ? s.units.find((x) => x.id === a.unit) : undefined;
  const from = u && u.cell !== null ? u.cell : undefined;
  const name = "unit" in a ? unitLabel(s, b, a.unit) : "";
  switch (a.type) {
    case "move":
      return {
        action: a,
        kind: "move",
        label: `${name} to ${labelOf(b, a.to)}`,
        unit: a.unit,
        ...(from ? { from } : {}),
        cell: a.to,
        group: a.unit,
        detail: "Bonus link: the unit may not attack this turn.",
      };
    case "noRetreat":
      return {
        action: a,
        kind: "unit",
        label: `No Retreat! for ${name}`,
        unit: a.unit,
        group: "noRetreat",
      };
    case "borrow":
      return {
        action: a,
        kind: "list",
        label: `Army Group Centre borrows ${name}`,
        unit: a.unit,
      };
    case "noBorrow":
      return {
        action: a,
        kind: "confirm",
        label: "Do without a borrowed Luftflotte",
        ends: true,
      };
    case "air":
      return {
        action: a,
        kind: "move",
        label: `${name}: air battle over ${labelOf(b, a.to)}`,
        unit: a.unit,
        cell: a.to,
        group: a.unit,
        detail: "3: recon; 4+: recon and +1 German or −1 Russian hit.",
      };
    case "airSupply":
      return {
        action: a,
        kind: "move",
        label: `${name}: fly supplies to ${labelOf(b, a.to)}`,
        unit: a.unit,
        cell: a.to,
        group: a.unit,
      };
    case "airBonus":
      return {
        action: a,
        kind: "list",
        label:
          a.bonus === "attack"
            ? "+1 German hit in the attack"
            : "−1 Russian hit in the attack",
      };
    case "endAir":
      return {
        action: a,
        kind: "confirm",
        label: "End air operations",
        ends: true,
      };
    case "attack":
      return {
        action: a,
        kind: "move",
        label: `${name} attacks ${labelOf(b, a.to)}`,
        unit: a.unit,
        ...(from ? { from } : {}),
        cell: a.to,
        group: a.to,
        intent: "attack",
        preview: { attackers: [a.unit], cell: a.to },
      };
    case "blitz":
      return {
        action: a,
        kind: "move",
        label: `Blitzkrieg: ${name} advances and attacks ${labelOf(b, a.to)}`,
        unit: a.unit,
        ...(from ? { from } : {}),
        cell: a.to,
        group: a.to,
        intent: "attack",
        preview: { attackers: [a.unit], cell: a.to },
        detail: "Defending fire is doubled.",
      };
    case "commit":
      return {
        action: a,
        kind: "unit",
        label: `${name} joins the attack on ${labelOf(b, s.attack!.target)}`,
        unit: a.unit,
        cell: s.attack!.target,
        group: s.attack!.target,
      };
    case "resolve": {
      const p = s.attack
        ? attackPreview(s, b, {
            cell: s.attack.target,
            attackers: s.attack.units,
          })
        : null;
      return {
        action: a,
        kind: "confirm",
        label: a.blitz
          ? `Attack ${labelOf(b, s.attack!.target)} as a Blitzkrieg`
          : `Attack ${labelOf(b, s.attack!.target)}`,
        ...(p ? { detail: p.summary } : {}),
        cell: s.attack!.target,
        units: [...s.attack!.units],
      };
    }
    case "cancel":
      return { action: a, kind: "confirm", label: "Call off this attack" };
    case "endBlitz":
      return {
        action: a,
        kind: "confirm",
        label: "No Blitzkrieg advance",
        ends: true,
      };
    case "deploy":
      return {
        action: a,
        kind: "cell",
        label: `Deploy a replacement${s.toDeploy[0] === "*" ? " from the map edge" : ` from ${labelOf(b, s.toDeploy[0]!)}`} at ${labelOf(b, a.to)}`,
        cell: a.to,
      };
    case "endMovement":
      return { action: a, kind: "confirm", label: "End movement", ends: true };
    case "endAttacks":
      return { action: a, kind: "confirm", label: "End attacks", ends: true };
  }
}

export function decision(s: BfGame, b: BfBoard): Decision<BfAction> | null {
  const side = actorOf(s);
  if (side === null) return null;
  const options = legalOf(s, b).map((a) => describe(s, b, a));
  let prompt = PHASES[s.phase]!;
  if (s.attack)
    prompt = `Attack on ${labelOf(b, s.attack.target)}: add units down its links, or fight.`;
  else if (s.blitzFrom)
    prompt = `${labelOf(b, s.blitzFrom)} is taken: a panzer corps may Blitzkrieg on to one more position.`;
  else if (s.airOps.some((o) => o.result === "bonus" && !o.bonus))
    prompt = "The air battle is won: choose the hit.";
  return {
    side,
    kind: `bf.${s.phase}`,
    title: `${b.sides[roleOfSide(b, side)].name}: ${PHASES[s.phase]}`,
    prompt,
    options,
  };
}

const valuesOf = (
  b: BfBoard,
  u: BfUnitState,
): Record<string, string | number | boolean> => {
  const i = info(b, u.id);
  const v: Record<string, string | number | boolean> = {
    kind: i.kind,
    factor: factor(b, u),
    disrupted: u.disrupted,
  };
  if (i.kind === "rifle") v.quality = u.quality === "weak" ? "Weak" : "Strong";
  if (u.sector) v.armyGroup = u.sector;
  if (u.noRetreat) v.noRetreat = true;
  return v;
};

/** The board as `observer` may see it: face-down Russian units are tokens without identity for the Germans, and the extra units are not shown. */
export function observe(
  s: BfGame,
  b: BfBoard,
  observer: string | null,
): Observation {
  const germanView = observer !== null && roleOfSide(b, observer) === GERMAN;
  const sup = supplied(s, b);
  const units: ObservedUnit[] = [];
  const tokens = new Map<string, number>();
  for (const u of s.units) {
    const role = roleOfUnit(b, u);
    const markers: string[] = [];
    if (u.disrupted) markers.push("disrupted");
    if (u.status === "map" && !sup.has(u.id)) markers.push("oos");
    if (u.noRetreat) markers.push("noRetreat");
    if (germanView && role === RUSSIAN && !u.known) {
      if (u.status !== "map") continue;
      const k = tokens.get(u.cell!) ?? 0;
      tokens.set(u.cell!, k + 1);
      units.push({
        id: `hidden-${u.cell}-${k + 1}`,
        side: u.side,
        cell: u.cell,
        where: "onMap",
        hidden: true,
        face: "back",
        markers: markers.filter((m) => m !== "oos"),
      });
      continue;
    }
    if (germanView && role === RUSSIAN && u.status === "pile") continue;
    const i = info(b, u.id);
    units.push({
      id: u.id,
      side: u.side,
      cell: u.cell,
      where:
        u.status === "map"
          ? "onMap"
          : u.status === "waiting"
            ? "waiting"
            : u.status === "air" || u.status === "pile"
              ? "pool"
              : "eliminated",
      hidden: false,
      name: i.name,
      branch:
        i.kind === "panzer"
          ? "tank"
          : i.kind === "air"
            ? "airborne"
            : "infantry",
      face: role === RUSSIAN && !u.known ? "back" : "front",
      factors: String(factor(b, u)),
      values: valuesOf(b, u),
      markers,
    });
  }
  const control: Record<string, string> = {};
  const cellMarkers: Record<string, string[]> = {};
  for (let i = 0; i < b.n; i++) {
    const r = controlRole(s, b, i);
    control[b.ids[i]!] = b.sides[r].id;
    const m: string[] = [];
    if (r === GERMAN && b.initialControl.charAt(i) !== b.sides[GERMAN].code)
      m.push("germanControl");
    if (b.fortress[i]! > 0 && s.destroyed.includes(b.ids[i]!))
      m.push("destroyed");
    if (s.airOps.some((o) => o.target === b.ids[i] && o.result !== "supply"))
      m.push("air");
    if (m.length) cellMarkers[b.ids[i]!] = m;
  }
  const vp = germanVp(s, b);
  const status = [
    {
      label: "Weather",
      value:
        s.weather === "good"
          ? "Good"
          : s.weather === "mud"
            ? "Mud"
            : s.snowTurns <= 1
              ? "Snow (first)"
              : "Snow",
    },
    {
      label: "German victory points",
      value: `${vp} (needs ${s.gameOver ? s.required : `${opts7(s)} ± the Russian strength`})`,
    },
    {
      label: "Panzer reach",
      value: `${panzerReach(s)} link${panzerReach(s) === 1 ? "" : "s"}`,
    },
    {
      label: "Siberian reserve",
      value:
        s.siberians === "reserve"
          ? "in reserve"
          : s.siberians === "activated"
            ? "called up"
            : "arrived",
    },
  ];
  if (s.attack)
    status.push({
      label: "Attack",
      value: `${labelOf(b, s.attack.target)}: ${s.attack.units.map((id) => unitLabel(s, b, id)).join(", ")}`,
    });
  return {
    ruleset: "bf",
    observer,
    turn: s.turn,
    turns: b.turns,
    turnLabel: `Turn ${s.turn} of ${b.turns} — ${b.dateLabel(s.turn)}`,
    phase: { id: s.phase, label: PHASES[s.phase]! },
    player:
      s.phase === "over"
        ? null
        : s.phase.startsWith("r")
          ? b.sides[RUSSIAN].id
          : b.sides[GERMAN].id,
    actor: actorOf(s),
    status,
    units,
    control,
    cellMarkers,
    score: { [b.sides[GERMAN].id]: vp, [b.sides[RUSSIAN].id]: 0 },
    gameOver: s.gameOver ? { ...s.gameOver } : null,
  };
}

const opts7 = (s: BfGame): number =>
  ((s.scenario.ruleset.options ?? {}) as { victoryPoints?: number })
    .victoryPoints ?? 7;

/**
 * The attack on a position: each side's hits with every term, the absorption. Hidden Russian
 * units count as 1 factor each in a German preview (the Germans cannot see them).
 */
export function attackPreview(
  s: BfGame,
  b: BfBoard,
  spec: AttackSpec,
): AttackPreview | null {
  const target =
    spec.cell !== undefined
      ? b.index.get(spec.cell)
      : s.attack
        ? b.index.get(s.attack.target)
        : undefined;
  if (target === undefined) return null;
  const ids = spec.attackers ?? s.attack?.units ?? [];
  const attackers = ids
    .map((id) => s.units.find((u) => u.id === id))
    .filter((u): u is BfUnitState => u !== undefined && posOf(b, u) >= 0);
  if (attackers.length === 0) return null;
  const role = roleOfUnit(b, attackers[0]!);
  // The Germans see hidden Russians as 1s: preview on a copy where they are Strong.
  const seen: BfGame =
    role === GERMAN
      ? {
          ...s,
          units: s.units.map((u) =>
            roleOfUnit(b, u) === RUSSIAN && !u.known
              ? { ...u, quality: "strong" }
              : u,
          ),
        }
      : s;
  const n = combatNumbers(seen, b, target, attackers, s.attack?.blitz === true);
  const line = (u: BfUnitState) => ({
    id:
      roleOfUnit(b, u) === RUSSIAN && !u.known && role === GERMAN
        ? "hidden"
        : u.id,
    name: unitLabel(s, b, u.id),
    branch: kindOf(b, u),
    strength: factor(b, u),
    elite: false,
  });
  const net = Math.max(0, n.attack.total - n.absorb.total);
  return {
    cell: b.ids[target]!,
    label: label(b, target),
    attackerSide: b.sides[role].id,
    defenderSide: b.sides[role === GERMAN ? RUSSIAN : GERMAN].id,
    attackers: attackers.map(line),
    defenders: n.defenders.map(line),
    summary: `${n.attack.total} hit${n.attack.total === 1 ? "" : "s"}, ${n.absorb.total} absorbed → ${net} on the defenders; they fire ${n.defence.total}.`,
    method: {
      kind: "toHit",
      base: n.attack.total,
      attackers: Object.fromEntries(
        attackers.map((u) => [
          u.id,
          {
            need: 0,
            mods: n.attack.terms.map(
              (t) => `${t.value >= 0 ? "+" : ""}${t.value} ${t.reason}`,
            ),
          },
        ]),
      ),
      defenderMods: n.defence.terms.map(
        (t) => `${t.value >= 0 ? "+" : ""}${t.value} ${t.reason}`,
      ),
      absorbCapacity: n.absorb.total,
      absorbCap: n.absorb.total,
    },
  };
}

export function moves(s: BfGame, b: BfBoard, unit: string): MoveOption[] {
  return legalOf(s, b)
    .filter(
      (a): a is Extract<BfAction, { to: string }> =>
        "unit" in a &&
        a.unit === unit &&
        "to" in a &&
        (a.type === "move" || a.type === "attack" || a.type === "blitz"),
    )
    .map((a) => ({ cell: a.to, mode: a.type }));
}

export function tables(scenario: Scenario): RulesTable[] {
  const b = bfBoardOf(scenario);
  const months: RulesTable["rows"] = [];
  for (let t = 1; t <= b.turns; t++) {
    const m = b.month(t);
    const weather =
      m === 9
        ? "roll: 1–4 mud, else good"
        : m === 10
          ? "good after an October mud, else snow"
          : m === 11 || m <= 2
            ? "snow"
            : "good";
    const events: string[] = [];
    for (const r of scenario.reinforcements ?? [])
      if (r.turn === t) events.push(`${r.unit.name} arrives`);
    for (const u of [
      ...scenario.orderOfBattle,
      ...(scenario.pool ?? []).map((p) => p.unit),
    ]) {
      const w = (u.fields as { withdrawTurn?: number } | undefined)
        ?.withdrawTurn;
      if (w === t) events.push(`${u.name} withdrawn`);
    }
    months.push({
      key: `t${t}`,
      label: `${t}`,
      cells: [b.dateLabel(t), weather, events.join("; ") || "—"],
      ...(m === 9 ? { note: "weather roll" } : {}),
    });
  }
  return [
    {
      id: "turns",
      title: "Turn record and weather",
      caption:
        "One turn a month; the October roll decides October and November.",
      corner: "Turn",
      columns: [
        { key: "date", label: "Month" },
        { key: "weather", label: "Weather" },
        { key: "events", label: "Arrivals and withdrawals" },
      ],
      rows: months,
      notes: [
        "Mud and snow: German hits down each link −1, no air operations; panzer corps reach 1 link in mud and the first snow.",
      ],
    },
    {
      id: "air",
      title: "Preliminary air battle",
      caption:
        "One die, one attack; range 1 position from a German army (2 at −1).",
      corner: "Roll",
      columns: [{ key: "result", label: "Result" }],
      rows: [
        {
          key: "4",
          label: "4 or more",
          cells: ["Recon, and +1 German or −1 Russian hit (German choice)"],
        },
        { key: "3", label: "3", cells: ["Recon only"] },
        { key: "2", label: "2 or less", cells: ["The Red Air Force wins"] },
      ],
      notes: [
        "+1 south of the forest cover line, +1 for 2. Luftflotte, +1 on the first turn; −1 against a victory city, −1 at two positions from an army. One Luftflotte per army-group sector.",
      ],
    },
    {
      id: "absorb",
      title: "Absorption and fortress fire",
      caption:
        "Hits a defended position takes before its Russian defenders do.",
      corner: "Position",
      columns: [
        { key: "absorb", label: "Absorbs" },
        { key: "army", label: "With a German army" },
        { key: "fire", label: "Fires" },
      ],
      rows: [
        { key: "major", label: "Leningrad, Moscow", cells: ["3", "2", "2"] },
        {
          key: "minor",
          label: "Other fortress or victory city",
          cells: ["2", "1", "1"],
        },
        {
          key: "plain",
          label: "Any other defended position",
          cells: ["1", "1", "0"],
        },
      ],
      notes: [
        "A fortress taken by a German unit is destroyed for good.",
        "Hits on a unit: 1 disrupts (a Weak unit is eliminated), its factor in hits makes it retreat, one more eliminates it; disrupted units need one hit less.",
      ],
    },
  ];
}
