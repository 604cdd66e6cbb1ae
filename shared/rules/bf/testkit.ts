// Small Barbarossa Fast situations for the rule tests: a seven-position network (a German home
// base, a plain position, a fortress, Moscow, a Russian map-edge position and two pockets), a
// German army, three panzer corps and a Luftflotte, Russian units placed where a test says, and
// scripted dice from the moment the test starts.
import type { Scenario } from "../../format/scenario.types.js";
import { scriptedDice } from "../dice.js";
import type { BfGame } from "./state.js";
import { startBf } from "./rules.js";

export const G = "germans";
export const R = "russians";

/** gb — a — e, gb — f — e, gb — m — e, a — x (x leads nowhere else), m — y — e. */
export function tinyScenario(startDate = "1941-06-22"): Scenario {
  const pos = (
    id: string,
    x: number,
    y: number,
    control: string,
    properties: Record<string, string | number | boolean> = {},
  ) => ({
    id,
    label: id.toUpperCase(),
    x,
    y,
    terrain: "open",
    control,
    properties: { sector: "C", ...properties },
  });
  const link = (from: string, to: string, k: number) => ({
    id: `l${k}`,
    from,
    to,
  });
  return {
    formatVersion: 1,
    id: "bf-tiny",
    title: "Barbarossa Fast test map",
    ruleset: { id: "bf" },
    sides: [
      { id: G, name: "Germans", code: "G", colour: "#666666" },
      { id: R, name: "Russians", code: "R", colour: "#aa0000" },
    ],
    map: {
      grid: {
        kind: "network",
        width: 300,
        height: 200,
        positions: [
          pos("gb", 20, 100, G),
          pos("a", 100, 40, R),
          pos("f", 100, 100, R, { fortress: "minor" }),
          pos("m", 100, 160, R, {
            fortress: "major",
            capital: true,
            replacements: 2,
          }),
          pos("e", 250, 100, R, { edge: "east" }),
          pos("x", 160, 20, R),
          pos("y", 180, 170, R),
        ],
        links: [
          link("gb", "a", 1),
          link("gb", "f", 2),
          link("gb", "m", 3),
          link("a", "e", 4),
          link("f", "e", 5),
          link("m", "y", 6),
          link("y", "e", 7),
          link("a", "x", 8),
        ],
      },
      cellSize: { value: 12, unit: "mm" },
      groundScaleKm: 50,
      terrainTypes: [
        {
          id: "open",
          code: ".",
          name: "Open",
          colour: "#eeeeee",
          category: "open",
        },
      ],
      cells: {
        gb: { name: "Base", supplyBase: G },
        f: { name: "Fort", fortification: true },
        m: { name: "Moscow", victory: { endGame: 3 } },
        e: { name: "East edge", supplyBase: R },
      },
    },
    calendar: { startDate, turns: 7 },
    groundConditions: { initial: "easy" },
    orderOfBattle: [
      {
        id: "ga",
        side: G,
        name: "4. Army",
        branch: "infantry",
        strength: 2,
        fields: { kind: "army", armyGroup: "C" },
        cell: "gb",
      },
      {
        id: "p1",
        side: G,
        name: "XXIV PzKps",
        branch: "tank",
        strength: 1,
        fields: { kind: "panzer", armyGroup: "C" },
        cell: "gb",
      },
      {
        id: "p2",
        side: G,
        name: "XLVI PzKps",
        branch: "tank",
        strength: 1,
        fields: { kind: "panzer", armyGroup: "C" },
        cell: "gb",
      },
      {
        id: "p3",
        side: G,
        name: "XLVII PzKps",
        branch: "tank",
        strength: 1,
        fields: { kind: "panzer", armyGroup: "C" },
        cell: "gb",
      },
      {
        id: "lf",
        side: G,
        name: "2. Luftflotte",
        branch: "airborne",
        strength: 1,
        fields: { kind: "air", armyGroup: "C", airBonus: 1 },
        cell: "gb",
      },
      ...[1, 2, 3, 4].map((n) => ({
        id: `r${n}`,
        side: R,
        name: `Rifle army ${n}`,
        branch: "infantry" as const,
        strength: 1,
        fields: { kind: "rifle" as const },
        cell: "e",
      })),
    ],
    pool: [5, 6].map((n) => ({
      unit: {
        id: `r${n}`,
        side: R,
        name: `Rifle army ${n}`,
        branch: "infantry" as const,
        strength: 1,
        fields: { kind: "rifle" as const },
      },
    })),
  };
}

export interface Placement {
  /** Russian units: position and quality; unlisted ones stay on the edge position. */
  russians?: Record<
    string,
    { at: string; quality?: "weak" | "strong"; disrupted?: boolean }
  >;
  /** German units moved off the base. */
  germans?: Record<string, string>;
  dice?: number[];
  startDate?: string;
}

/** A game on the tiny map at the start of turn 1's German movement, units where the test puts them, then scripted dice. */
export function situation(p: Placement = {}): BfGame {
  const scenario = tinyScenario(p.startDate);
  const s = startBf(scenario, { seed: 1 }).state;
  const units = s.units.map((u) => {
    const r = p.russians?.[u.id];
    if (r)
      return {
        ...u,
        cell: r.at,
        status: "map" as const,
        quality: r.quality ?? "strong",
        disrupted: r.disrupted ?? false,
      };
    const g = p.germans?.[u.id];
    if (g) return { ...u, cell: g };
    return u;
  });
  const control =
    scenario.map.grid.kind === "network"
      ? scenario.map.grid.positions
          .map((q) =>
            Object.values(p.germans ?? {}).includes(q.id) || q.control === G
              ? "G"
              : "R",
          )
          .join("")
      : s.control;
  return { ...s, units, control, dice: scriptedDice(p.dice ?? []) };
}
