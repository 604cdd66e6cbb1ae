// The scenario compiled once into what Shambattle reads many times a turn: grid areas by index,
// each area's terrain class, neighbours with what lies on the side between (road, river, bridge,
// ford), victory areas, the stands' fixed facts and the resolved options. Kept outside the game
// state in a WeakMap keyed by the scenario, so every state of a game shares one board.
import { gridSpecOf } from '../../format/defaults.js';
import type { ShambattleOptions, StandType, TableEdge, TerrainClass } from '../../format/ruleset-shambattle.types.js';
import type { Scenario } from '../../format/scenario.types.js';
import { cellId, createGrid, type GridGeometry } from '../../grid/index.js';
import { CLASS_OF_CATEGORY, STANDS, TERRAIN, type StandRules } from './data.js';
import { blockingSides } from '../side-blocks.js';

/** One neighbour of an area and the side between them. */
export interface Link {
  to: number;
  edge: string;
  road: boolean;
  river: boolean;
  /** A road crossing the river: a bridge (until it is blown). */
  bridge: boolean;
  ford: boolean;
  /** A side feature of the scenario's own that blocks movement lies on this side: no stand crosses it. */
  wall: boolean;
  /** A side feature that blocks supply lies on this side: a train does not resupply across it. */
  cutsSupply: boolean;
}

export interface StandInfo {
  id: string;
  name: string;
  /** Index of the side that fielded it (0 or 1). */
  side: 0 | 1;
  stand: StandType;
  rules: StandRules;
  /** Starting (full) SP; 0 for logistics stands, which have none. */
  max: number;
  elite: boolean;
  poor: boolean;
  /** Order of battle position, for rolls that number stands. */
  order: number;
  /** Engineers: their train; a train: its engineers (paired in order of battle order). */
  companion: string | null;
}

export interface ResolvedShamOptions {
  days: number;
  turnsPerDay: number;
  treachery: 'eachTurn' | 'off';
  /** Percent of the day's losses that may come back overnight. */
  overnightReturn: number;
  edges: [TableEdge, TableEdge];
  /** SP each army may lose before exhaustion / rout, per side index. */
  exhaustion: [number, number];
  rout: [number, number];
}

export interface ShamBoard {
  scenario: Scenario;
  grid: GridGeometry;
  n: number;
  ids: string[];
  index: Map<string, number>;
  labels: string[];
  cols: Int32Array;
  rows: Int32Array;
  cls: TerrainClass[];
  /** The name of each area's terrain type, as the map key gives it ("Forest"). */
  terrainName: string[];
  /** Which allowance entering each area off-road uses: 0 clear, 1 town, 2 rough, 3 impassable. */
  moveKind: Uint8Array;
  links: Link[][];
  /** Every river side, and the bridges among them. */
  rivers: Set<string>;
  bridges: Set<string>;
  /** The two areas either side of each river side (for engineers working from a bridge approach). */
  edgeCells: Map<string, [number, number]>;
  victory: { cell: number; vp: number; name: string }[];
  /** Side index holding each area at the start (map control). */
  startControl: Uint8Array;
  fieldWorks: number[];
  sides: [{ id: string; name: string }, { id: string; name: string }];
  sideIndex: Map<string, 0 | 1>;
  stands: Map<string, StandInfo>;
  /** Stand ids in order of battle order. */
  order: string[];
  options: ResolvedShamOptions;
  /** Starting SP of each army (stands plus the Army Commander). */
  startSp: [number, number];
}

const boards = new WeakMap<Scenario, ShamBoard>();

export function shamOptions(scenario: Scenario): ShambattleOptions {
  return (scenario.ruleset.options ?? {}) as ShambattleOptions;
}

/** The class of each terrain type id: the scenario's `terrain` option, else by category. */
export function terrainClasses(scenario: Scenario): Map<string, TerrainClass> {
  const given = shamOptions(scenario).terrain ?? {};
  return new Map(scenario.map.terrainTypes.map((t) => [t.id, given[t.id] ?? CLASS_OF_CATEGORY[t.category] ?? 'clear']));
}

export function boardOf(scenario: Scenario): ShamBoard {
  let b = boards.get(scenario);
  if (!b) {
    b = build(scenario);
    boards.set(scenario, b);
  }
  return b;
}

function build(scenario: Scenario): ShamBoard {
  const grid = createGrid(gridSpecOf(scenario));
  const n = grid.cellCount;
  const ids: string[] = [];
  const labels: string[] = [];
  const cols = new Int32Array(n);
  const rows = new Int32Array(n);
  const index = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const c = grid.cellAt(i);
    ids.push(cellId(c));
    labels.push(grid.label(c));
    cols[i] = c.col;
    rows[i] = c.row;
    index.set(ids[i]!, i);
  }
  const byCode = new Map(scenario.map.terrainTypes.map((t) => [t.code, t.id]));
  const classOf = terrainClasses(scenario);
  const cls: TerrainClass[] = [];
  const terrainName: string[] = [];
  const nameOf = new Map(scenario.map.terrainTypes.map((t) => [t.id, t.name]));
  const startControl = new Uint8Array(n);
  const codes = new Map(scenario.sides.map((s, k) => [s.code, k]));
  for (let i = 0; i < n; i++) {
    const ch = scenario.map.terrain?.[rows[i]!]?.[cols[i]!] ?? '';
    cls.push(classOf.get(byCode.get(ch) ?? '') ?? 'clear');
    terrainName.push(nameOf.get(byCode.get(ch) ?? '') ?? 'Clear');
    startControl[i] = codes.get(scenario.map.control?.[rows[i]!]?.[cols[i]!] ?? '') ?? 0;
  }
  const KIND = { clear: 0, town: 1, rough: 2, none: 3 } as const;
  const moveKind = Uint8Array.from(cls, (k) => KIND[TERRAIN[k].move]);
  const canon = (e: string): string => grid.parseEdge(e) ?? e;
  const roads = new Set((scenario.map.roads ?? []).map(canon));
  const rivers = new Set((scenario.map.rivers ?? []).map(canon));
  const opts = shamOptions(scenario);
  const fords = new Set((opts.fords ?? []).map(canon));
  const walls = blockingSides(scenario, grid, 'movement');
  const supplyCuts = blockingSides(scenario, grid, 'supply');
  const bridges = new Set<string>();
  const edgeCells = new Map<string, [number, number]>();
  const links: Link[][] = [];
  for (let i = 0; i < n; i++) {
    const here = grid.cellAt(i);
    const out: Link[] = [];
    for (const nb of grid.neighbours(here)) {
      const edge = grid.edgeBetween(here, nb);
      if (edge === null) continue;
      const to = grid.index(nb);
      const river = rivers.has(edge);
      const road = roads.has(edge);
      if (river && road) bridges.add(edge);
      if (river) edgeCells.set(edge, i < to ? [i, to] : [to, i]);
      out.push({ to, edge, road, river, bridge: river && road, ford: river && !road && fords.has(edge), wall: walls.has(edge), cutsSupply: supplyCuts.has(edge) });
    }
    links.push(out);
  }
  const victory: ShamBoard['victory'] = [];
  const fieldWorks: number[] = [];
  for (const [key, f] of Object.entries(scenario.map.cells ?? {})) {
    const i = index.get(key);
    if (i === undefined) continue;
    if (f.victory) victory.push({ cell: i, vp: f.victory.endGame ?? 0, name: f.name ?? labels[i]! });
    if (f.fortification) fieldWorks.push(i);
  }
  victory.sort((a, b) => a.cell - b.cell);
  fieldWorks.sort((a, b) => a - b);
  const sides: ShamBoard['sides'] = [
    { id: scenario.sides[0].id, name: scenario.sides[0].name },
    { id: scenario.sides[1].id, name: scenario.sides[1].name },
  ];
  const sideIndex = new Map<string, 0 | 1>([
    [sides[0].id, 0],
    [sides[1].id, 1],
  ]);
  const stands = new Map<string, StandInfo>();
  const order: string[] = [];
  const startSp: [number, number] = [0, 0];
  scenario.orderOfBattle.forEach((u, k) => {
    const stand = ((u.fields as { stand?: StandType } | undefined)?.stand ?? 'infantry') as StandType;
    const rules = STANDS[stand] ?? STANDS.infantry;
    const side = sideIndex.get(u.side) ?? 0;
    const max = rules.logistics ? 0 : u.strength;
    stands.set(u.id, { id: u.id, name: u.name, side, stand, rules, max, elite: u.elite === true, poor: (u.fields as { poor?: boolean } | undefined)?.poor === true, order: k, companion: null });
    order.push(u.id);
    startSp[side] += max;
  });
  // Engineers and trains pair off in order of battle order, side by side.
  for (const k of [0, 1] as const) {
    const eng = order.filter((id) => stands.get(id)!.side === k && stands.get(id)!.stand === 'engineers');
    const trains = order.filter((id) => stands.get(id)!.side === k && stands.get(id)!.stand === 'engineerTrain');
    for (let j = 0; j < Math.min(eng.length, trains.length); j++) {
      stands.get(eng[j]!)!.companion = trains[j]!;
      stands.get(trains[j]!)!.companion = eng[j]!;
    }
  }
  const point = (given: number | null | undefined, start: number, fraction: number): number => given ?? Math.max(1, Math.ceil(start * fraction));
  const options: ResolvedShamOptions = {
    days: opts.days ?? 2,
    turnsPerDay: opts.turnsPerDay ?? 6,
    treachery: opts.treachery ?? 'eachTurn',
    overnightReturn: opts.overnightReturn ?? 50,
    edges: [opts.firstSideEdge ?? 'west', opts.secondSideEdge ?? 'east'],
    exhaustion: [point(opts.exhaustionPoint, startSp[0], 1 / 3), point(opts.exhaustionPoint, startSp[1], 1 / 3)],
    rout: [point(opts.routPoint, startSp[0], 1 / 2), point(opts.routPoint, startSp[1], 1 / 2)],
  };
  return { scenario, grid, n, ids, index, labels, cols, rows, cls, terrainName, moveKind, links, rivers, bridges, edgeCells, victory, startControl, fieldWorks, sides, sideIndex, stands, order, options, startSp };
}

const tables = new WeakMap<ShamBoard, Uint16Array>();

/** Grid areas between two areas (hex distance on hexes); a table for maps of up to 4,096 areas. */
export function distance(b: ShamBoard, i: number, j: number): number {
  if (b.n > 4096) return b.grid.distance(b.grid.cellAt(i), b.grid.cellAt(j));
  let t = tables.get(b);
  if (!t) {
    t = new Uint16Array(b.n * b.n);
    const cells = Array.from({ length: b.n }, (_, k) => b.grid.cellAt(k));
    for (let a = 0; a < b.n; a++) for (let z = a + 1; z < b.n; z++) t[a * b.n + z] = t[z * b.n + a] = b.grid.distance(cells[a]!, cells[z]!);
    tables.set(b, t);
  }
  return t[i * b.n + j]!;
}

/** Areas from an area to a side's own table edge (0 on the edge itself). */
export function edgeDistance(b: ShamBoard, side: 0 | 1, i: number): number {
  switch (b.options.edges[side]) {
    case 'west':
      return b.cols[i]!;
    case 'east':
      return b.grid.spec.cols - 1 - b.cols[i]!;
    case 'north':
      return b.rows[i]!;
    case 'south':
      return b.grid.spec.rows - 1 - b.rows[i]!;
  }
}

export const labelOf = (b: ShamBoard, cell: string): string => {
  const i = b.index.get(cell);
  return i === undefined ? cell : b.labels[i]!;
};

export const otherSide = (k: 0 | 1): 0 | 1 => (k === 0 ? 1 : 0);
