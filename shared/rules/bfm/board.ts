// The scenario compiled once into the lookup tables the Battle for Moscow rules read many times a
// phase: hex indices and labels, the six neighbours of each hex with the river and railroad on
// the side between, forest, cities, Moscow, fortifications, the friendly map edges, the turn
// record track (mud turns, dates, replacements) and the units' printed factors. Kept outside the
// game state in a WeakMap keyed by the scenario, so states stay small and JSON.
import { Board as MapBoard } from '../../format/board.js';
import { gridSpecOf } from '../../format/defaults.js';
import type { BfmOptions, BfmUnitFields, Crt, CrtResult, MapEdge } from '../../format/ruleset-bfm.types.js';
import type { NewUnit, Scenario } from '../../format/scenario.types.js';
import { cellId, createGrid, type GridGeometry } from '../../grid/index.js';
import { addDays, groundForecast } from '../../scenario/ground.js';
import { blockTable } from '../side-blocks.js';

/** Sides by role: 0 plays the German part (moves first, panzers), 1 the Soviet part (rail, Moscow). */
export type Role = 0 | 1;
export const GERMAN: Role = 0;
export const SOVIET: Role = 1;

/** The printed combat results table: rows die 1..6, columns 1:1..6:1 (seed 002). */
export const STANDARD_CRT: Crt = [
  ['AL', 'AL', 'AL', 'NE', 'NE', 'DR'],
  ['AL', 'AL', 'NE', 'NE', 'DR', 'DR'],
  ['AL', 'NE', 'NE', 'DR', 'DR', 'DRL'],
  ['NE', 'NE', 'DR', 'DR', 'DRL', 'DRL'],
  ['NE', 'DR', 'DR', 'DRL', 'DRL', 'DE'],
  ['DR', 'DRL', 'DRL', 'DE', 'DE', 'DE'],
];

export interface BfmUnitInfo {
  id: string;
  name: string;
  side: Role;
  panzer: boolean;
  /** Printed combat strength, full and half side. */
  full: number;
  half: number;
  movement: number;
  startsReduced: boolean;
  /** Start hex index, or -1 for a unit of the pool. */
  start: number;
  /** Pool units: first turn they may be taken. */
  fromTurn: number;
}

export interface TurnInfo {
  turn: number;
  mud: boolean;
  /** Weeks the turn stands for (two in mud). */
  weeks: number;
  /** First day, YYYY-MM-DD. */
  date: string;
  /** Last day, YYYY-MM-DD. */
  end: string;
  /** Replacements per role this turn, after the balance variant. */
  replacements: [number, number];
}

export interface BfmBoard {
  scenario: Scenario;
  grid: GridGeometry;
  n: number;
  ids: string[];
  labels: string[];
  index: Map<string, number>;
  /** Neighbour index per hex and side direction (6 per hex), -1 off the map. */
  nb: Int32Array;
  /** River / railroad on the side between a hex and that neighbour. */
  river: Uint8Array;
  rail: Uint8Array;
  /** A side feature of the scenario's own that blocks movement lies on the side to that neighbour (6 per hex). */
  wall: Uint8Array;
  /** Whether a railroad runs through the hex (leaves it by some side). */
  onRail: Uint8Array;
  forest: Uint8Array;
  city: Uint8Array;
  impassable: Uint8Array;
  fortification: Uint8Array;
  moscow: Uint8Array;
  /** Moscow's hexes (the scenario's victory cells). */
  moscowCells: number[];
  /** 1 where the hex lies on that role's friendly map edge. */
  edge: [Uint8Array, Uint8Array];
  edgeNames: [MapEdge, MapEdge];
  sides: [{ id: string; name: string; code: string }, { id: string; name: string; code: string }];
  sideIndex: Map<string, Role>;
  units: Map<string, BfmUnitInfo>;
  /** Unit ids in state order: order of battle, then the pool. */
  unitOrder: string[];
  /** Unit facts in state order (a state's units keep this order for the whole game). */
  unitInfo: BfmUnitInfo[];
  crt: Crt;
  turns: TurnInfo[];
  initialControl: string;
}

const cache = new WeakMap<Scenario, BfmBoard>();

export function bfmBoardOf(scenario: Scenario): BfmBoard {
  let b = cache.get(scenario);
  if (!b) {
    b = compile(scenario);
    cache.set(scenario, b);
  }
  return b;
}

export const bfmOptions = (scenario: Scenario): BfmOptions => (scenario.ruleset.options ?? {}) as BfmOptions;

/** Replacements the scenario schedules for a side on a turn, after the game-balance variant. */
export function replacementsFor(scenario: Scenario, role: Role, turn: number): number {
  const side = scenario.sides[role].id;
  const scheduled = (scenario.replacements ?? []).filter((r) => r.side === side && r.turn === turn).reduce((t, r) => t + r.points, 0);
  const variant = bfmOptions(scenario).variant ?? 'standard';
  if (role === SOVIET && variant === 'sovietReplacements4') return Math.min(scheduled, 4);
  if (role === SOVIET && variant === 'sovietReplacements3') return Math.min(scheduled, 3);
  if (role === GERMAN && variant === 'germanReplacementsEvenTurns') return turn % 2 === 0 ? scheduled : 0;
  return scheduled;
}

/** The turn record track: mud turns from the ground schedule, two weeks each; dates from the calendar. */
export function turnInfos(scenario: Scenario): TurnInfo[] {
  const out: TurnInfo[] = [];
  let days = 0;
  for (const f of groundForecast(scenario)) {
    const mud = f.possible.includes('mud') && f.odds.mud >= 0.5;
    const weeks = mud ? 2 : 1;
    out.push({
      turn: f.turn,
      mud,
      weeks,
      date: addDays(scenario.calendar.startDate, days),
      end: addDays(scenario.calendar.startDate, days + 7 * weeks - 1),
      replacements: [replacementsFor(scenario, GERMAN, f.turn), replacementsFor(scenario, SOVIET, f.turn)],
    });
    days += 7 * weeks;
  }
  return out;
}

function edgeOf(grid: GridGeometry, which: MapEdge): Uint8Array {
  const { cols, rows } = grid.spec;
  const out = new Uint8Array(cols * rows);
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const on = which === 'west' ? col === 0 : which === 'east' ? col === cols - 1 : which === 'north' ? row === 0 : row === rows - 1;
      if (on) out[row * cols + col] = 1;
    }
  }
  return out;
}

function compile(scenario: Scenario): BfmBoard {
  const grid = createGrid(gridSpecOf(scenario));
  const map = MapBoard.fromScenario(scenario, grid);
  const n = grid.cellCount;
  const dirs = grid.sideDirections;
  const ids: string[] = [];
  const labels: string[] = [];
  const index = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const c = grid.cellAt(i);
    ids.push(cellId(c));
    labels.push(grid.label(c));
    index.set(ids[i]!, i);
  }
  const nb = new Int32Array(n * 6).fill(-1);
  const river = new Uint8Array(n * 6);
  const rail = new Uint8Array(n * 6);
  const onRail = new Uint8Array(n);
  const forest = new Uint8Array(n);
  const city = new Uint8Array(n);
  const impassable = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const c = grid.cellAt(i);
    const cat = map.terrainTypes[map.terrain[i]!]?.category ?? 'open';
    if (cat === 'difficult' || cat === 'urban-difficult') forest[i] = 1;
    if (cat === 'urban' || cat === 'urban-difficult') city[i] = 1;
    if (cat === 'impassable') impassable[i] = 1;
    dirs.slice(0, 6).forEach((d, k) => {
      const to = grid.step(c, d);
      if (!to || !grid.inMap(to)) return;
      nb[i * 6 + k] = grid.index(to);
      const e = grid.edgeOf(c, d);
      if (e && map.edges.rivers.has(e)) river[i * 6 + k] = 1;
      if (e && map.edges.rails.has(e)) {
        rail[i * 6 + k] = 1;
        onRail[i] = 1;
      }
    });
  }
  const wall = blockTable(scenario, grid, 'movement', dirs.slice(0, 6))?.table ?? new Uint8Array(n * 6);
  const fortification = new Uint8Array(n);
  const moscow = new Uint8Array(n);
  const moscowCells: number[] = [];
  for (const [ref, f] of Object.entries(scenario.map.cells ?? {})) {
    const i = index.get(ref);
    if (i === undefined) continue;
    if (f.fortification) fortification[i] = 1;
    if (f.victory) {
      moscow[i] = 1;
      moscowCells.push(i);
    }
  }
  moscowCells.sort((a, b) => a - b);
  const sides = scenario.sides.map((s) => ({ id: s.id, name: s.name, code: s.code })) as BfmBoard['sides'];
  const sideIndex = new Map<string, Role>([
    [sides[0].id, 0],
    [sides[1].id, 1],
  ]);
  const options = bfmOptions(scenario);
  const edgeNames: [MapEdge, MapEdge] = [options.germanEdge ?? 'west', options.sovietEdge ?? 'east'];
  const units = new Map<string, BfmUnitInfo>();
  const unitOrder: string[] = [];
  const add = (u: NewUnit, start: number, fromTurn: number): void => {
    const f = (u.fields ?? {}) as Partial<BfmUnitFields>;
    units.set(u.id, {
      id: u.id,
      name: u.name,
      side: sideIndex.get(u.side) ?? 0,
      panzer: u.branch === 'tank',
      full: u.strength,
      half: f.reducedStrength ?? Math.floor(u.strength / 2),
      movement: f.movement ?? 4,
      startsReduced: f.startsReduced === true,
      start,
      fromTurn,
    });
    unitOrder.push(u.id);
  };
  for (const u of scenario.orderOfBattle) {
    const i = index.get(u.cell);
    if (i === undefined) throw new RangeError(`orderOfBattle: ${u.name} starts at ${u.cell}, outside the map`);
    add(u, i, 1);
  }
  for (const p of scenario.pool ?? []) add(p.unit, -1, p.fromTurn ?? 1);
  return {
    scenario,
    grid,
    n,
    ids,
    labels,
    index,
    nb,
    river,
    rail,
    wall,
    onRail,
    forest,
    city,
    impassable,
    fortification,
    moscow,
    moscowCells,
    edge: [edgeOf(grid, edgeNames[0]), edgeOf(grid, edgeNames[1])],
    edgeNames,
    sides,
    sideIndex,
    units,
    unitOrder,
    unitInfo: unitOrder.map((id) => units.get(id)!),
    crt: options.crt ?? STANDARD_CRT,
    turns: turnInfos(scenario),
    initialControl: map.controlRows().join(''),
  };
}

/** Result at a CRT column (1..6) for a die score. */
export const crtResult = (b: BfmBoard, die: number, column: number): CrtResult => b.crt[die - 1]![column - 1]!;
