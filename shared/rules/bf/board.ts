// The scenario compiled once for the Barbarossa Fast rules (kept in a WeakMap beside the states,
// never in them): positions and their links, what each position is to the rules (victory city,
// fortress class, army-group sector, forest cover line, Russian map edge, German home base), the
// two sides, and every unit's printed values. README.md lists the position properties read.
import type { BfUnitFields } from "../../format/ruleset-bf.types.js";
import type {
  NetworkGrid,
  NewUnit,
  Scenario,
} from "../../format/scenario.types.js";
import { cellLabels } from "../labels.js";

/** 0: the German side (the scenario's first), 1: the Russian side. */
export type Role = 0 | 1;
export const GERMAN: Role = 0;
export const RUSSIAN: Role = 1;
export type Sector = "N" | "C" | "S";
export type Kind = BfUnitFields["kind"];

export interface BfUnitInfo {
  id: string;
  role: Role;
  name: string;
  kind: Kind;
  /** Printed combat factor (a rifle unit's comes from its drawn quality instead). */
  factor: number;
  armyGroup: Sector | null;
  withdrawTurn: number | null;
  airBonus: number;
  /** Start position index, or -1 (reinforcement, pool, air). */
  start: number;
  /** Turn and entry position of a reinforcement, or null. */
  arrives: { turn: number; at: number } | null;
  /** In the scenario's pool: extra unknown Russian units, or Siberian reserves. */
  pool: boolean;
}

export interface BfBoard {
  scenario: Scenario;
  n: number;
  ids: string[];
  index: Map<string, number>;
  labels: string[];
  nbr: number[][];
  sides: [
    { id: string; name: string; code: string },
    { id: string; name: string; code: string },
  ];
  sideIndex: Map<string, Role>;
  /** Victory points of a victory city (0 for other positions). */
  vp: number[];
  /** 0: none, 1: fortress or victory city (absorbs 2, fires 1), 2: Leningrad/Moscow class (absorbs 3, fires 2). */
  fortress: number[];
  /** Russian replacements a victory city sends each turn. */
  replacements: number[];
  /** Leningrad: sends one replacement even when cut off, while it holds fewer than this many units. */
  alwaysReplaces: number[];
  /** How many Russian units a victory city supplies when they cannot reach a map edge. */
  supplyCap: number[];
  /** Victory points the Germans get for the city when it is Russian but cut off from the east edge (-1: none). */
  cutOffValue: number[];
  capital: number;
  sector: (Sector | null)[];
  south: boolean[];
  /** Russian map edge direction ('east', 'south') of an edge position, else null. */
  edge: (string | null)[];
  /** German home base: the army group it serves, else null. */
  base: (Sector | null)[];
  baseOf: Record<Sector, number>;
  initialControl: string;
  units: Map<string, BfUnitInfo>;
  unitOrder: string[];
  /** Months of the game turns (0 = January), from the calendar's start date. */
  month: (turn: number) => number;
  turns: number;
  dateLabel: (turn: number) => string;
}

const boards = new WeakMap<Scenario, BfBoard>();

const MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
];

export function bfBoardOf(scenario: Scenario): BfBoard {
  let b = boards.get(scenario);
  if (!b) {
    b = compile(scenario);
    boards.set(scenario, b);
  }
  return b;
}

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);
const num = (v: unknown, d: number): number =>
  typeof v === "number" && Number.isFinite(v) ? v : d;
const asSector = (v: unknown): Sector | null =>
  v === "N" || v === "C" || v === "S" ? v : null;

function compile(scenario: Scenario): BfBoard {
  if (scenario.map.grid.kind !== "network")
    throw new Error("Barbarossa Fast plays on a network (point-to-point) map.");
  const grid = scenario.map.grid as NetworkGrid;
  const positions = grid.positions;
  const n = positions.length;
  const ids = positions.map((p) => p.id);
  const index = new Map<string, number>();
  ids.forEach((id, i) => {
    if (!index.has(id)) index.set(id, i);
  });
  const label = cellLabels(scenario);
  const cells = scenario.map.cells ?? {};
  const names = ids.map((id) => cells[id]?.name);
  const labels = ids.map((id, i) => names[i] ?? label(id));
  const nbrSets = ids.map(() => new Set<number>());
  for (const l of grid.links) {
    const a = index.get(l.from);
    const c = index.get(l.to);
    if (a === undefined || c === undefined || a === c) continue;
    nbrSets[a]!.add(c);
    nbrSets[c]!.add(a);
  }
  const nbr = nbrSets.map((s) => [...s].sort((x, y) => x - y));
  const [s0, s1] = scenario.sides;
  const sides: BfBoard["sides"] = [
    { id: s0.id, name: s0.name, code: s0.code },
    { id: s1.id, name: s1.name, code: s1.code },
  ];
  const sideIndex = new Map<string, Role>([
    [s0.id, GERMAN],
    [s1.id, RUSSIAN],
  ]);
  const props = positions.map((p) => p.properties ?? {});
  const vp = ids.map((id) => cells[id]?.victory?.endGame ?? 0);
  const fortress = ids.map((id, i) =>
    props[i]!.fortress === "major"
      ? 2
      : cells[id]?.fortification || vp[i]! > 0 || props[i]!.fortress === "minor"
        ? 1
        : 0,
  );
  const replacements = ids.map((_, i) =>
    num(props[i]!.replacements, vp[i]! > 0 ? 1 : 0),
  );
  const alwaysReplaces = ids.map((_, i) => num(props[i]!.alwaysReplaces, 0));
  const supplyCap = ids.map((_, i) =>
    num(props[i]!.supplyCap, vp[i]! > 0 ? 2 : 0),
  );
  const cutOffValue = ids.map((_, i) => num(props[i]!.cutOffValue, -1));
  const capital = props.findIndex((p) => p.capital === true);
  const sector = props.map((p) => asSector(p.sector));
  const south = props.map((p) => p.southOfForest === true);
  const edge = props.map((p) => str(p.edge));
  const base = ids.map((id, i) =>
    cells[id]?.supplyBase === s0.id
      ? (asSector(props[i]!.sector) ?? "C")
      : null,
  );
  const baseOf = { N: -1, C: -1, S: -1 } as Record<Sector, number>;
  base.forEach((g, i) => {
    if (g && baseOf[g] < 0) baseOf[g] = i;
  });
  const initialControl = positions
    .map((p) => (p.control === s0.id ? s0.code : s1.code))
    .join("");

  const units = new Map<string, BfUnitInfo>();
  const unitOrder: string[] = [];
  const add = (
    u: NewUnit,
    start: number,
    arrives: BfUnitInfo["arrives"],
    pool: boolean,
  ): void => {
    if (units.has(u.id)) return;
    const f = (u.fields ?? {}) as Partial<BfUnitFields>;
    const kind: Kind = f.kind ?? (u.branch === "tank" ? "panzer" : "rifle");
    units.set(u.id, {
      id: u.id,
      role: sideIndex.get(u.side) ?? GERMAN,
      name: u.name,
      kind,
      factor: kind === "army" ? 2 : kind === "rifle" ? 1 : u.strength,
      armyGroup: asSector(f.armyGroup),
      withdrawTurn: f.withdrawTurn ?? null,
      airBonus: f.airBonus ?? 0,
      start,
      arrives,
      pool,
    });
    unitOrder.push(u.id);
  };
  for (const u of scenario.orderOfBattle)
    add(
      u,
      u.fields && (u.fields as Partial<BfUnitFields>).kind === "air"
        ? -1
        : (index.get(u.cell) ?? -1),
      null,
      false,
    );
  for (const r of scenario.reinforcements ?? [])
    add(r.unit, -1, { turn: r.turn, at: index.get(r.entryCell) ?? -1 }, false);
  for (const p of scenario.pool ?? []) add(p.unit, -1, null, true);

  const [y, m] = scenario.calendar.startDate.split("-").map(Number) as [
    number,
    number,
  ];
  const month = (turn: number): number => (m - 1 + turn - 1) % 12;
  const dateLabel = (turn: number): string => {
    const k = m - 1 + turn - 1;
    return `${MONTHS[k % 12]} ${y + Math.floor(k / 12)}`;
  };
  return {
    scenario,
    n,
    ids,
    index,
    labels,
    nbr,
    sides,
    sideIndex,
    vp,
    fortress,
    replacements,
    alwaysReplaces,
    supplyCap,
    cutOffValue,
    capital,
    sector,
    south,
    edge,
    base,
    baseOf,
    initialControl,
    units,
    unitOrder,
    month,
    turns: scenario.calendar.turns,
    dateLabel,
  };
}

/** Links between two positions, fewest first (breadth first); -1 when unreachable. */
export function linksBetween(
  b: BfBoard,
  from: number,
  to: number,
  through: (i: number) => boolean = () => true,
): number {
  if (from === to) return 0;
  const dist = new Int16Array(b.n).fill(-1);
  dist[from] = 0;
  const q = [from];
  for (let k = 0; k < q.length; k++) {
    const i = q[k]!;
    for (const j of b.nbr[i]!) {
      if (dist[j]! >= 0) continue;
      dist[j] = dist[i]! + 1;
      if (j === to) return dist[j]!;
      if (through(j)) q.push(j);
    }
  }
  return -1;
}

/** Links from the nearest of `sources` to every position, passing only where `through` allows (sources always count). */
export function distancesFrom(
  b: BfBoard,
  sources: number[],
  through: (i: number) => boolean,
): Int16Array {
  const dist = new Int16Array(b.n).fill(-1);
  const q: number[] = [];
  for (const s of sources) {
    if (dist[s]! < 0) {
      dist[s] = 0;
      q.push(s);
    }
  }
  for (let k = 0; k < q.length; k++) {
    const i = q[k]!;
    for (const j of b.nbr[i]!) {
      if (dist[j]! >= 0 || !through(j)) continue;
      dist[j] = dist[i]! + 1;
      q.push(j);
    }
  }
  return dist;
}
