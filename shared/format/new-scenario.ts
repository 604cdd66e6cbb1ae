// Builds a blank, schema-valid scenario from the fields of the New Scenario dialog.
// Pure (no Node, no DOM): the renderer uses it to preview, the library to create.
import type { CellGrid, GameMap, Scenario } from './scenario.types.js';

type TerrainType = Scenario['map']['terrainTypes'][number];
type Side = Scenario['sides'][number];
type CellSize = Scenario['map']['cellSize'];
type GridKind = Scenario['map']['grid']['kind'];

export interface NewSideFields {
  name: string;
  colour?: string;
}

export interface NewScenarioFields {
  /** The caller picks the id (e.g. nanoid in the main process) so this stays pure. */
  id: string;
  title: string;
  author?: string;
  gridKind: GridKind;
  /** Hex only. */
  orientation?: 'flat' | 'pointy';
  /** Grids: columns and rows of cells. Ignored for a network. */
  cols: number;
  rows: number;
  /** Network only: the map's extent in millimetres (A3 landscape when omitted). */
  extentMm?: { width: number; height: number };
  cellSize?: CellSize;
  groundScaleKm?: number;
  sides?: [NewSideFields, NewSideFields];
  startDate?: string;
  turns?: number;
}

/** The palette a new map starts with: one type per rules category, lakes freeze. */
export const DEFAULT_TERRAIN_TYPES: readonly TerrainType[] = [
  { id: 'open', code: '.', name: 'Open', colour: '#d8e4b0', category: 'open' },
  { id: 'woods', code: 'w', name: 'Woods', colour: '#5f8f4e', category: 'difficult' },
  { id: 'swamp', code: 's', name: 'Swamp', colour: '#8fa89a', category: 'difficult' },
  { id: 'rough', code: 'r', name: 'Rough', colour: '#b59f7a', category: 'difficult' },
  { id: 'city', code: 'c', name: 'City', colour: '#9c8f8a', category: 'urban' },
  { id: 'mountain', code: 'm', name: 'Mountain', colour: '#7b6a5c', category: 'impassable' },
  { id: 'sea', code: '~', name: 'Sea', colour: '#6f9fcf', category: 'impassable' },
  { id: 'lake', code: 'l', name: 'Lake', colour: '#8fbfe0', category: 'impassable', freezes: true },
];

export const DEFAULT_SIDES: readonly [NewSideFields, NewSideFields] = [
  { name: 'Blue', colour: '#2f5fa8' },
  { name: 'Red', colour: '#b33a3a' },
];

export const DEFAULT_CELL_SIZE: CellSize = { value: 10, unit: 'cm' };
/** A network's default position size: a 2 cm box holds a name and a few counters' worth of label. */
export const DEFAULT_NETWORK_CELL_SIZE: CellSize = { value: 2, unit: 'cm' };
/** A network map's default extent: A3 landscape. */
export const DEFAULT_NETWORK_EXTENT_MM = { width: 420, height: 297 } as const;
export const DEFAULT_GROUND_SCALE_KM = 40;
export const DEFAULT_START_DATE = '1941-10-01';
export const DEFAULT_TURNS = 12;
/** The format's largest game turn (schema $defs/Turn). */
export const MAX_TURNS = 999;

/**
 * True for a YYYY-MM-DD date that exists on the calendar. The schema's pattern alone lets
 * "1943-02-30" through; a start date should be a day a designer can look up.
 */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= days;
}

function slug(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32);
}

/** Side ids and one-character codes derived from the names, kept distinct. */
function buildSides(fields: readonly [NewSideFields, NewSideFields]): [Side, Side] {
  const fallbackIds = ['side-a', 'side-b'] as const;
  const fallbackCodes = ['A', 'B'] as const;
  const ids: string[] = [];
  const codes: string[] = [];
  fields.forEach((side, i) => {
    let id = slug(side.name) || fallbackIds[i]!;
    if (ids.includes(id)) id = fallbackIds[i]!;
    ids.push(id);
    let code = (side.name.match(/[A-Za-z0-9]/)?.[0] ?? fallbackCodes[i]!).toUpperCase();
    if (codes.includes(code)) code = code === fallbackCodes[i] ? String(i + 1) : fallbackCodes[i]!;
    codes.push(code);
  });
  return [0, 1].map((i) => ({
    id: ids[i]!,
    name: fields[i]!.name,
    code: codes[i]!,
    colour: fields[i]!.colour ?? DEFAULT_SIDES[i]!.colour!,
  })) as [Side, Side];
}

/** A blank network map: its extent, no positions or links yet (a designer draws them, or traces them from an underlay). */
function blankNetworkMap(fields: NewScenarioFields): GameMap {
  const extent = fields.extentMm ?? DEFAULT_NETWORK_EXTENT_MM;
  return {
    grid: { kind: 'network', width: extent.width, height: extent.height, positions: [], links: [] },
    cellSize: fields.cellSize ?? DEFAULT_NETWORK_CELL_SIZE,
    groundScaleKm: fields.groundScaleKm ?? DEFAULT_GROUND_SCALE_KM,
    terrainTypes: DEFAULT_TERRAIN_TYPES.map((t) => ({ ...t })),
  };
}

/**
 * A blank grid map: open ground everywhere, the west half held by the first side and the
 * east half by the second, each with a supply base on its own map edge (mid row).
 */
function blankGridMap(fields: NewScenarioFields & { gridKind: CellGrid['kind'] }, sides: [Side, Side]): GameMap {
  const cols = fields.cols;
  const rows = fields.rows;
  const split = Math.ceil(cols / 2);
  const controlRow = sides[0].code.repeat(split) + sides[1].code.repeat(Math.max(0, cols - split));
  const terrainRow = DEFAULT_TERRAIN_TYPES[0]!.code.repeat(cols);
  const grid: CellGrid = { kind: fields.gridKind, cols, rows };
  if (fields.gridKind === 'hex') grid.orientation = fields.orientation ?? 'flat';
  const midRow = Math.floor(rows / 2);
  const cells: NonNullable<GameMap['cells']> = { [`0,${midRow}`]: { supplyBase: sides[0].id } };
  // A one-column map has no east edge of its own; the second side then has no base yet.
  if (cols > 1) cells[`${cols - 1},${midRow}`] = { supplyBase: sides[1].id };
  return {
    grid,
    cellSize: fields.cellSize ?? DEFAULT_CELL_SIZE,
    groundScaleKm: fields.groundScaleKm ?? DEFAULT_GROUND_SCALE_KM,
    terrainTypes: DEFAULT_TERRAIN_TYPES.map((t) => ({ ...t })),
    terrain: Array.from({ length: rows }, () => terrainRow),
    control: Array.from({ length: rows }, () => controlRow),
    cells,
  };
}

/**
 * A blank scenario: a blank grid or network map (above), the first side holding the
 * initiative throughout, no units, the default calendar.
 */
export function newScenario(fields: NewScenarioFields): Scenario {
  const sides = buildSides(fields.sides ?? DEFAULT_SIDES);
  const turns = fields.turns ?? DEFAULT_TURNS;
  const scenario: Scenario = {
    formatVersion: 1,
    id: fields.id,
    title: fields.title,
    ruleset: { id: 'operational' },
    sides,
    map: fields.gridKind === 'network' ? blankNetworkMap(fields) : blankGridMap({ ...fields, gridKind: fields.gridKind }, sides),
    calendar: { startDate: fields.startDate ?? DEFAULT_START_DATE, turns },
    groundConditions: { initial: 'easy' },
    initiative: [{ side: sides[0].id, fromTurn: 1, toTurn: turns }],
    orderOfBattle: [],
  };
  if (fields.author) scenario.author = fields.author;
  return scenario;
}
