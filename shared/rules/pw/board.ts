// The scenario compiled once for The Portable Wargame (kept in a WeakMap beside the scenario,
// never in a state): squares with their terrain role, hill contour and cover, the four
// orthogonal neighbours and the roads across their sides, the units' fixed values, and the
// options resolved. Everything the rules ask per square is an array lookup.
import { gridSpecOf } from '../../format/defaults.js';
import type { PwArmyKind, PwMapEdge, PwOptions, PwTerrainRole, PwUnitFields, PwUnitType } from '../../format/ruleset-pw.types.js';
import type { Scenario, Side, TerrainType } from '../../format/scenario.types.js';
import { createGrid, type GridGeometry } from '../../grid/index.js';
import { blockTable } from '../side-blocks.js';

export type Role = 0 | 1;
/** The four orthogonal directions, in the order of `PwBoard.nb`. */
export const DIRS = ['N', 'E', 'S', 'W'] as const;
export type Facing = (typeof DIRS)[number];
export const DIR_INDEX: Readonly<Record<Facing, number>> = { N: 0, E: 1, S: 2, W: 3 };
/** Column and row step per direction, in DIRS order. */
export const DCOL = [0, 1, 0, -1] as const;
export const DROW = [-1, 0, 1, 0] as const;

export interface UnitTypeInfo {
  label: string;
  /** Squares a move covers (0: may only turn where it stands). */
  movement: number;
  /** Close Combat Power the text gives the type. */
  ccp: number;
  /** Weapon range in squares (0: none). */
  range: number;
  artillery: boolean;
  /** May move forward into a square whose defender it destroyed (infantry and cavalry). */
  followUp: boolean;
}

/** The unit types of the 19th-century version, as the text gives them. */
export const UNIT_TYPES: Readonly<Record<PwUnitType, UnitTypeInfo>> = {
  infantry: { label: 'Infantry (Firearms)', movement: 1, ccp: 5, range: 2, artillery: false, followUp: true },
  closeCombatInfantry: { label: 'Infantry (Close Combat Weapons)', movement: 1, ccp: 4, range: 0, artillery: false, followUp: true },
  cavalry: { label: 'Mounted Cavalry', movement: 2, ccp: 5, range: 0, artillery: false, followUp: true },
  machineGun: { label: 'Machine Guns', movement: 1, ccp: 6, range: 3, artillery: false, followUp: false },
  lightArtillery: { label: 'Light Field Artillery', movement: 1, ccp: 1, range: 4, artillery: true, followUp: false },
  fieldArtillery: { label: 'Field Artillery', movement: 1, ccp: 1, range: 6, artillery: true, followUp: false },
  fortressArtillery: { label: 'Fortress/Siege Artillery', movement: 0, ccp: 1, range: 10, artillery: true, followUp: false },
  command: { label: 'Command', movement: 2, ccp: 5, range: 0, artillery: false, followUp: false },
};

/** Dismounted cavalry moves and fights as Infantry (Firearms): one square, range two. */
export const DISMOUNTED = { movement: 1, range: 2 } as const;

export const ROLE_LABELS: Readonly<Record<PwTerrainRole, string>> = {
  open: 'Open ground',
  woods: 'Woods',
  builtUp: 'Built-up area',
  hill1: 'Hill (1 contour)',
  hill2: 'Hill (2 contours)',
  hill3: 'Hill (3 contours)',
  river: 'River',
  ford: 'Ford (shallow spot)',
  bridge: 'Bridge',
  impassable: 'Impassable',
};

export interface PwUnitInfo {
  id: string;
  name: string;
  branch: string;
  side: Role;
  type: PwUnitType;
  /** Close Combat Power as printed (the unit's strength). */
  ccp: number;
  startsDismounted: boolean;
  /** Starting square (cell index), -1 off the map. */
  start: number;
  facing: Facing;
}

export interface ResolvedPwOptions {
  armies: [PwArmyKind, PwArmyKind];
  edges: [PwMapEdge, PwMapEdge];
  deployment: 'oneOff' | 'campaign' | 'free';
  turnLimit: number;
  exhaustionPercent: number;
  terrainRoles: Record<string, PwTerrainRole>;
}

export interface Objective {
  cell: number;
  name: string;
  perTurn: number;
  endGame: number;
}

export interface PwBoard {
  scenario: Scenario;
  grid: GridGeometry;
  cols: number;
  rows: number;
  n: number;
  ids: string[];
  labels: string[];
  index: Map<string, number>;
  /** Terrain role per square. */
  role: PwTerrainRole[];
  /** Hill contour per square (0 off the hills). */
  contour: Uint8Array;
  /** Woods, built-up area or fortification: cover from fire, and no firing out except from the edge. */
  cover: Uint8Array;
  /** Reduction to an attacker's close combat power for the defender's square: 2 built-up/fortified, 1 woods. */
  defenceMod: Uint8Array;
  fort: Uint8Array;
  builtUp: Uint8Array;
  /** Squares a unit may enter (not river, not impassable). */
  passable: Uint8Array;
  ford: Uint8Array;
  /** Neighbour square per direction (n × 4, DIRS order), -1 off the map. */
  nb: Int16Array;
  /** A road crosses the side in that direction (n × 4). */
  road: Uint8Array;
  /** A side feature of the scenario's own that blocks movement lies on the side in that direction (n × 4). */
  wall: Uint8Array;
  /** A side feature that blocks line of sight lies on the side in that direction (n × 4). */
  sightWall: Uint8Array;
  /** Whether any side blocks sight (the fast path skips the side checks when none does). */
  sightWalls: boolean;
  sides: [Side, Side];
  sideIndex: Map<string, Role>;
  options: ResolvedPwOptions;
  units: Map<string, PwUnitInfo>;
  /** Unit ids in scenario order (the order of the state's units). */
  unitOrder: string[];
  unitInfo: PwUnitInfo[];
  objectives: Objective[];
  initialControl: string;
  /** Units each side starts with, and the losses that exhaust it. */
  startCount: [number, number];
  exhaustAt: [number, number];
}

export const DEFAULTS = {
  firstArmy: 'european',
  secondArmy: 'european',
  firstEdge: 'south',
  secondEdge: 'north',
  deployment: 'oneOff',
  turnLimit: 15,
  exhaustionPercent: 50,
} as const;

export function resolvePwOptions(scenario: Pick<Scenario, 'ruleset'>): ResolvedPwOptions {
  const o = (scenario.ruleset.options ?? {}) as PwOptions;
  return {
    armies: [o.firstArmy ?? DEFAULTS.firstArmy, o.secondArmy ?? DEFAULTS.secondArmy],
    edges: [o.firstEdge ?? DEFAULTS.firstEdge, o.secondEdge ?? DEFAULTS.secondEdge],
    deployment: o.deployment ?? DEFAULTS.deployment,
    turnLimit: o.turnLimit ?? DEFAULTS.turnLimit,
    exhaustionPercent: o.exhaustionPercent ?? DEFAULTS.exhaustionPercent,
    terrainRoles: { ...(o.terrainRoles ?? {}) },
  };
}

/** What a terrain type counts as: the scenario's choice, else by its category. */
export function roleOfTerrain(t: TerrainType | undefined, roles: Readonly<Record<string, PwTerrainRole>>): PwTerrainRole {
  if (!t) return 'open';
  const chosen = roles[t.id];
  if (chosen) return chosen;
  switch (t.category) {
    case 'difficult':
      return 'woods';
    case 'urban':
    case 'urban-difficult':
      return 'builtUp';
    case 'impassable':
      return 'impassable';
    default:
      return 'open';
  }
}

export const contourOf = (role: PwTerrainRole): number => (role === 'hill1' ? 1 : role === 'hill2' ? 2 : role === 'hill3' ? 3 : 0);

/** The facing an army looks towards by default: away from its own edge. */
export const FACING_FROM_EDGE: Readonly<Record<PwMapEdge, Facing>> = { north: 'S', south: 'N', east: 'W', west: 'E' };

const boards = new WeakMap<Scenario, PwBoard>();

export function pwBoardOf(scenario: Scenario): PwBoard {
  let b = boards.get(scenario);
  if (!b) {
    b = compile(scenario);
    boards.set(scenario, b);
  }
  return b;
}

function compile(scenario: Scenario): PwBoard {
  const spec = gridSpecOf(scenario);
  if (spec.kind !== 'square') throw new Error(`The Portable Wargame plays on a square grid; this map is a ${spec.kind} grid.`);
  const grid = createGrid(spec);
  const { cols, rows } = spec;
  const n = cols * rows;
  const options = resolvePwOptions(scenario);
  const ids: string[] = [];
  const labels: string[] = [];
  const index = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const c = grid.cellAt(i);
    ids.push(`${c.col},${c.row}`);
    labels.push(grid.label(c));
    index.set(ids[i]!, i);
  }
  const byCode = new Map(scenario.map.terrainTypes.map((t) => [t.code, t] as const));
  const cells = scenario.map.cells ?? {};
  const role: PwTerrainRole[] = [];
  const contour = new Uint8Array(n);
  const cover = new Uint8Array(n);
  const defenceMod = new Uint8Array(n);
  const fort = new Uint8Array(n);
  const builtUp = new Uint8Array(n);
  const passable = new Uint8Array(n);
  const ford = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const c = grid.cellAt(i);
    const r = roleOfTerrain(byCode.get(scenario.map.terrain?.[c.row]?.charAt(c.col) ?? ''), options.terrainRoles);
    role.push(r);
    contour[i] = contourOf(r);
    fort[i] = cells[ids[i]!]?.fortification ? 1 : 0;
    builtUp[i] = r === 'builtUp' ? 1 : 0;
    cover[i] = r === 'woods' || r === 'builtUp' || fort[i] ? 1 : 0;
    defenceMod[i] = r === 'builtUp' || fort[i] ? 2 : r === 'woods' ? 1 : 0;
    passable[i] = r === 'river' || r === 'impassable' ? 0 : 1;
    ford[i] = r === 'ford' ? 1 : 0;
  }
  const nb = new Int16Array(n * 4).fill(-1);
  for (let i = 0; i < n; i++) {
    const c = grid.cellAt(i);
    for (let d = 0; d < 4; d++) {
      const col = c.col + DCOL[d]!;
      const row = c.row + DROW[d]!;
      if (col >= 0 && row >= 0 && col < cols && row < rows) nb[i * 4 + d] = row * cols + col;
    }
  }
  const road = new Uint8Array(n * 4);
  for (const e of scenario.map.roads ?? []) {
    const canonical = grid.parseEdge(e);
    if (!canonical) continue;
    const [a, z] = grid.edgeCells(canonical);
    if (!grid.inMap(a) || !grid.inMap(z)) continue;
    const ia = grid.index(a);
    const iz = grid.index(z);
    for (let d = 0; d < 4; d++) {
      if (nb[ia * 4 + d] === iz) road[ia * 4 + d] = 1;
      if (nb[iz * 4 + d] === ia) road[iz * 4 + d] = 1;
    }
  }
  const wall = blockTable(scenario, grid, 'movement', DIRS)?.table ?? new Uint8Array(n * 4);
  const sightTable = blockTable(scenario, grid, 'sight', DIRS);
  const sightWall = sightTable?.table ?? new Uint8Array(n * 4);
  const sides: [Side, Side] = [scenario.sides[0], scenario.sides[1]];
  const sideIndex = new Map<string, Role>([
    [sides[0].id, 0],
    [sides[1].id, 1],
  ]);
  const units = new Map<string, PwUnitInfo>();
  const unitInfo: PwUnitInfo[] = [];
  const startCount: [number, number] = [0, 0];
  for (const u of scenario.orderOfBattle) {
    const fields = (u.fields ?? {}) as Partial<PwUnitFields>;
    const side = sideIndex.get(u.side) ?? 0;
    const start = index.get(u.cell) ?? -1;
    const facing = u.facing && (DIRS as readonly string[]).includes(u.facing) ? (u.facing as Facing) : FACING_FROM_EDGE[options.edges[side]];
    const info: PwUnitInfo = {
      id: u.id,
      name: u.name,
      branch: u.branch,
      side,
      type: fields.unitType ?? 'infantry',
      ccp: u.strength,
      startsDismounted: fields.unitType === 'cavalry' && fields.dismounted === true,
      start,
      facing,
    };
    units.set(u.id, info);
    unitInfo.push(info);
    startCount[side] += 1;
  }
  const exhaustAt: [number, number] = [0, 1].map((k) => Math.max(1, Math.ceil((startCount[k]! * options.exhaustionPercent) / 100))) as [number, number];
  const objectives: Objective[] = [];
  for (const [id, f] of Object.entries(cells)) {
    const i = index.get(id);
    if (i === undefined || !f.victory) continue;
    objectives.push({ cell: i, name: f.name ?? labels[i]!, perTurn: f.victory.perTurn ?? 0, endGame: f.victory.endGame ?? 0 });
  }
  objectives.sort((a, z) => a.cell - z.cell);
  let initialControl = '';
  for (let i = 0; i < n; i++) {
    const c = grid.cellAt(i);
    const ch = scenario.map.control?.[c.row]?.charAt(c.col) ?? '';
    initialControl += ch === sides[1].code ? sides[1].code : sides[0].code;
  }
  return {
    scenario,
    grid,
    cols,
    rows,
    n,
    ids,
    labels,
    index,
    role,
    contour,
    cover,
    defenceMod,
    fort,
    builtUp,
    passable,
    ford,
    nb,
    road,
    wall,
    sightWall,
    sightWalls: sightTable !== null,
    sides,
    sideIndex,
    options,
    units,
    unitOrder: unitInfo.map((u) => u.id),
    unitInfo,
    objectives,
    initialControl,
    startCount,
    exhaustAt,
  };
}

/** The direction from square a to its orthogonal neighbour z, or -1. */
export function dirBetween(b: PwBoard, a: number, z: number): number {
  for (let d = 0; d < 4; d++) if (b.nb[a * 4 + d] === z) return d;
  return -1;
}

/** Orthogonal range between two squares (through sides, never corners). */
export function orthRange(b: PwBoard, a: number, z: number): number {
  return Math.abs((a % b.cols) - (z % b.cols)) + Math.abs(Math.floor(a / b.cols) - Math.floor(z / b.cols));
}

/** The square one step in direction d from a (may be off the map: -1). */
export const stepFrom = (b: PwBoard, a: number, d: number): number => (a < 0 ? -1 : b.nb[a * 4 + d]!);

/** The facing from a toward z along the larger of the column and row differences (ties: the row). */
export function facingToward(b: PwBoard, a: number, z: number): Facing {
  const dc = (z % b.cols) - (a % b.cols);
  const dr = Math.floor(z / b.cols) - Math.floor(a / b.cols);
  if (Math.abs(dr) >= Math.abs(dc)) return dr < 0 ? 'N' : 'S';
  return dc > 0 ? 'E' : 'W';
}
