// The scenario compiled once into lookup tables the rules read many times a turn: cell
// indices, terrain categories, neighbour links with their edge features, supply bases,
// victory cells and unit facts. Kept outside the game state (a WeakMap keyed by the scenario
// object), so states stay small and every state of a game shares one board.
import type { Scenario, Branch, SideFlags } from '../../format/scenario.types.js';
import { cellId, createGrid, type GridGeometry } from '../../grid/index.js';
import { gridSpecOf, resolveOptions, resolveSideFlags, type ResolvedOptions } from '../../format/defaults.js';
import { Board as MapBoard } from '../../format/board.js';
import { blockingSides } from '../side-blocks.js';

export const OPEN = 0;
export const DIFFICULT = 1;
export const URBAN = 2;
export const URBAN_DIFFICULT = 3;
export const IMPASSABLE = 4;

const CATEGORY: Record<string, number> = {
  open: OPEN,
  difficult: DIFFICULT,
  urban: URBAN,
  'urban-difficult': URBAN_DIFFICULT,
  impassable: IMPASSABLE,
};

/** One neighbour of a cell and what lies on the side between them. */
export interface Link {
  to: number;
  /** Canonical id of the shared side; null for an 8-way diagonal. */
  edge: string | null;
  river: boolean;
  lakeShore: boolean;
  road: boolean;
  rail: boolean;
  /** 8-way diagonal passing a river (or lake shore) side: blocked while those matter. */
  diagRiver: boolean;
  diagLake: boolean;
  /**
   * The name of a side feature of the scenario's own (map.sideFeatures) on this side that blocks
   * movement (on an 8-way diagonal: on either side it passes), or null: nothing moves across it.
   */
  wall: string | null;
  /** A side feature on this side (or either side a diagonal passes) blocks supply lines. */
  cutsSupply: boolean;
}

export interface UnitInfo {
  id: string;
  name: string;
  side: 0 | 1;
  branch: Branch;
  elite: boolean;
  max: number;
  /** Reinforcement entry cell index, or -1 for units on the map at the start. */
  entry: number;
}

export interface SideInfo {
  id: string;
  name: string;
  code: string;
  flags: Required<SideFlags>;
}

export interface RulesBoard {
  scenario: Scenario;
  grid: GridGeometry;
  n: number;
  ids: string[];
  labels: string[];
  index: Map<string, number>;
  category: Uint8Array;
  /** Impassable lake cells that become passable while frozen or snowy. */
  freezes: Uint8Array;
  links: Link[][];
  /** Supply base owner side index per cell, -1 if none. */
  supplyBase: Int8Array;
  fortification: Uint8Array;
  /** Victory cell indices with their per-turn and end-of-game values. */
  victory: { cell: number; perTurn: number; endGame: number }[];
  sides: [SideInfo, SideInfo];
  sideIndex: Map<string, 0 | 1>;
  options: ResolvedOptions;
  units: Map<string, UnitInfo>;
  /** Unit ids in scenario order (order of battle, then reinforcements). */
  unitOrder: string[];
  /** Starting control: the controlling side's code per cell, row by row (the state's form). */
  initialControl: string;
}

const cache = new WeakMap<Scenario, RulesBoard>();

export function boardOf(scenario: Scenario): RulesBoard {
  let b = cache.get(scenario);
  if (!b) {
    b = compile(scenario);
    cache.set(scenario, b);
  }
  return b;
}

function compile(sc: Scenario): RulesBoard {
  const grid = createGrid(gridSpecOf(sc));
  // Movement, supply and combat here are written for cells with sides (rivers, roads across
  // sides, zones around a cell); a point-to-point map needs a ruleset written for links.
  if (grid.network) throw new Error('the operational ruleset plays on hex and square grids, and this is a network map (positions joined by links); choose a point-to-point ruleset for it.');
  // Rows and edge lists are decoded by the format's board; the rules add their own tables.
  const map = MapBoard.fromScenario(sc, grid);
  const n = grid.cellCount;
  const ids: string[] = new Array<string>(n);
  const labels: string[] = new Array<string>(n);
  const index = new Map<string, number>();
  const category = new Uint8Array(n);
  const freezes = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const c = grid.cellAt(i);
    ids[i] = cellId(c);
    labels[i] = grid.label(c);
    index.set(ids[i]!, i);
    const t = sc.map.terrainTypes[map.terrain[i]!]!;
    category[i] = CATEGORY[t.category] ?? OPEN;
    freezes[i] = t.category === 'impassable' && t.freezes ? 1 : 0;
  }
  const { rivers, lakeShores: lakes, roads, rails } = map.edges;
  // The scenario's own side features that block movement or supply, by canonical side.
  const walls = blockingSides(sc, grid, 'movement');
  const supplyCuts = new Set(blockingSides(sc, grid, 'supply').keys());
  const wallOf = (edge: string | null, diag: readonly string[]): string | null => {
    if (edge !== null) return walls.get(edge) ?? null;
    for (const e of diag) if (walls.has(e)) return walls.get(e)!;
    return null;
  };
  const links: Link[][] = new Array<Link[]>(n);
  for (let i = 0; i < n; i++) {
    const a = grid.cellAt(i);
    links[i] = grid.neighbours(a).map((b) => {
      const edge = grid.edgeBetween(a, b);
      const diag = edge === null ? grid.diagonalSides(a, b) : [];
      return {
        to: grid.index(b),
        edge,
        river: edge !== null && rivers.has(edge),
        lakeShore: edge !== null && lakes.has(edge),
        road: edge !== null && roads.has(edge),
        rail: edge !== null && rails.has(edge),
        diagRiver: diag.some((e) => rivers.has(e)),
        diagLake: diag.some((e) => lakes.has(e)),
        wall: walls.size ? wallOf(edge, diag) : null,
        cutsSupply: supplyCuts.size > 0 && (edge !== null ? supplyCuts.has(edge) : diag.some((e) => supplyCuts.has(e))),
      };
    });
  }
  const sideIndex = new Map<string, 0 | 1>([
    [sc.sides[0].id, 0],
    [sc.sides[1].id, 1],
  ]);
  const sides: [SideInfo, SideInfo] = [0, 1].map((k) => {
    const s = sc.sides[k as 0 | 1];
    return { id: s.id, name: s.name, code: s.code, flags: resolveSideFlags(s) };
  }) as [SideInfo, SideInfo];
  const options = resolveOptions(sc);
  const supplyBase = new Int8Array(n).fill(-1);
  const fortification = new Uint8Array(n);
  const victory: RulesBoard['victory'] = [];
  for (const [ref, f] of Object.entries(sc.map.cells ?? {})) {
    const i = index.get(ref);
    if (i === undefined) continue;
    if (f.supplyBase !== undefined) supplyBase[i] = sideIndex.get(f.supplyBase) ?? -1;
    if (f.fortification) fortification[i] = 1;
    if (f.victory) {
      victory.push({ cell: i, perTurn: f.victory.perTurn ?? options.victoryCellVpPerTurn, endGame: f.victory.endGame ?? 0 });
    }
  }
  victory.sort((x, y) => x.cell - y.cell);
  const units = new Map<string, UnitInfo>();
  const unitOrder: string[] = [];
  const addUnit = (u: { id: string; name: string; side: string; branch: Branch; elite?: boolean; strength: number }, entry: number): void => {
    units.set(u.id, {
      id: u.id,
      name: u.name,
      side: sideIndex.get(u.side) ?? 0,
      branch: u.branch,
      elite: u.elite === true,
      max: u.strength,
      entry,
    });
    unitOrder.push(u.id);
  };
  for (const u of sc.orderOfBattle) addUnit(u, -1);
  for (const r of sc.reinforcements ?? []) addUnit(r.unit, index.get(r.entryCell) ?? -1);
  return {
    scenario: sc,
    grid,
    n,
    ids,
    labels,
    index,
    category,
    freezes,
    links,
    supplyBase,
    fortification,
    victory,
    sides,
    sideIndex,
    options,
    units,
    unitOrder,
    initialControl: Array.from(map.control, (k) => sc.sides[k === 1 ? 1 : 0].code).join(''),
  };
}

export const isDifficult = (cat: number): boolean => cat === DIFFICULT || cat === URBAN_DIFFICULT;
export const isUrban = (cat: number): boolean => cat === URBAN || cat === URBAN_DIFFICULT;
