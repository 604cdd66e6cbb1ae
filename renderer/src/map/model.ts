// A scenario's map decoded into flat typed arrays for fast drawing and hit lookups.
// Built once per loaded map; the renderer never re-parses row strings while drawing.

import type { Scenario } from '../../../shared/format/scenario.types.js';
import { createGrid } from '../../../shared/grid/index.js';
import type { Cell, EdgeId, GridGeometry } from '../../../shared/grid/types.js';
import { parseHex, type Rgb } from './colour.js';

export type GameMap = Scenario['map'];
export type TerrainType = GameMap['terrainTypes'][number];
export type Side = Scenario['sides'][number];
export type CellFeatures = NonNullable<GameMap['cells']>[string];

/** Marks a cell whose terrain or control code is not in the palette. */
export const NONE = 255;

export interface MapModel {
  readonly grid: GridGeometry;
  readonly cols: number;
  readonly rows: number;
  readonly terrainTypes: readonly TerrainType[];
  readonly terrainRgb: readonly Rgb[];
  readonly sides: readonly Side[];
  readonly sideRgb: readonly Rgb[];
  /** Index into terrainTypes per cell (grid.index order), NONE when unknown. */
  readonly terrain: Uint8Array;
  /** Index into sides per cell, NONE when no side controls it. */
  readonly control: Uint8Array;
  /** Features keyed by cell index. */
  readonly features: ReadonlyMap<number, CellFeatures>;
  readonly rivers: readonly EdgeId[];
  readonly lakeShores: readonly EdgeId[];
  readonly roads: readonly EdgeId[];
  readonly rails: readonly EdgeId[];
  readonly riverSet: ReadonlySet<EdgeId>;
  readonly lakeShoreSet: ReadonlySet<EdgeId>;
  readonly roadSet: ReadonlySet<EdgeId>;
  readonly railSet: ReadonlySet<EdgeId>;
  /** VP per turn of a victory cell that sets none (ruleset option). */
  readonly defaultVictoryVp: number;
  /** Physical size of a cell across flats, in CSS pixels (96 per inch). */
  readonly physicalCellPx: number;
}

const CSS_PX_PER_UNIT: Record<string, number> = { in: 96, cm: 96 / 2.54, mm: 96 / 25.4 };

export function physicalCellPx(map: GameMap): number {
  return map.cellSize.value * (CSS_PX_PER_UNIT[map.cellSize.unit] ?? 96);
}

/** Decode row strings through a code → index table (one lookup per character). */
function decodeRows(rows: readonly string[], cols: number, rowCount: number, table: Uint8Array): Uint8Array {
  const out = new Uint8Array(cols * rowCount).fill(NONE);
  for (let r = 0; r < rowCount; r++) {
    const line = rows[r];
    if (line === undefined) continue;
    const n = Math.min(cols, line.length);
    const base = r * cols;
    for (let c = 0; c < n; c++) {
      const code = line.charCodeAt(c);
      out[base + c] = code < 128 ? table[code]! : NONE;
    }
  }
  return out;
}

function codeTable(codes: readonly string[]): Uint8Array {
  const table = new Uint8Array(128).fill(NONE);
  codes.forEach((code, i) => {
    const ch = code.charCodeAt(0);
    if (ch < 128) table[ch] = i;
  });
  return table;
}

/** Canonicalise an edge list against the grid, dropping ids that are not sides of it. */
function edges(grid: GridGeometry, list: readonly string[] | undefined): EdgeId[] {
  if (!list) return [];
  const out: EdgeId[] = [];
  for (const id of list) {
    const e = grid.parseEdge(id);
    if (e !== null) out.push(e);
  }
  return out;
}

export function buildMapModel(scenario: Scenario): MapModel {
  const map = scenario.map;
  const grid = createGrid(map.grid);
  const { cols, rows } = grid.spec;
  const terrain = decodeRows(map.terrain, cols, rows, codeTable(map.terrainTypes.map((t) => t.code)));
  const control = decodeRows(map.control, cols, rows, codeTable(scenario.sides.map((s) => s.code)));
  const features = new Map<number, CellFeatures>();
  for (const [ref, f] of Object.entries(map.cells ?? {})) {
    const m = /^(\d+),(\d+)$/.exec(ref);
    if (!m) continue;
    const cell: Cell = { col: Number(m[1]), row: Number(m[2]) };
    if (grid.inMap(cell)) features.set(grid.index(cell), f);
  }
  const rivers = edges(grid, map.rivers);
  const lakeShores = edges(grid, map.lakeShores);
  const roads = edges(grid, map.roads);
  const rails = edges(grid, map.rails);
  return {
    grid,
    cols,
    rows,
    terrainTypes: map.terrainTypes,
    terrainRgb: map.terrainTypes.map((t) => parseHex(t.colour)),
    sides: scenario.sides,
    sideRgb: scenario.sides.map((s) => parseHex(s.colour)),
    terrain,
    control,
    features,
    rivers,
    lakeShores,
    roads,
    rails,
    riverSet: new Set(rivers),
    lakeShoreSet: new Set(lakeShores),
    roadSet: new Set(roads),
    railSet: new Set(rails),
    physicalCellPx: physicalCellPx(map),
    defaultVictoryVp: scenario.ruleset.options?.victoryCellVpPerTurn ?? 2,
  };
}

/** What the status bar and inspector show for one cell. */
export interface CellInfo {
  cell: Cell;
  label: string;
  terrain: TerrainType | null;
  side: Side | null;
  features: CellFeatures | null;
  /** Short feature words: "Supply base (Axis)", "Fortified", "Victory 2 VP", "Entry", river/road sides. */
  featureWords: string[];
}

export function cellInfo(model: MapModel, cell: Cell): CellInfo | null {
  const { grid } = model;
  if (!grid.inMap(cell)) return null;
  const i = grid.index(cell);
  const t = model.terrain[i]!;
  const s = model.control[i]!;
  const f = model.features.get(i) ?? null;
  const sideName = (id: string) => model.sides.find((x) => x.id === id)?.name ?? id;
  const words: string[] = [];
  if (f?.supplyBase) words.push(`Supply base (${sideName(f.supplyBase)})`);
  if (f?.fortification) words.push('Fortified');
  if (f?.victory) {
    const per = f.victory.perTurn;
    const end = f.victory.endGame ?? 0;
    const parts = [per !== undefined ? `${per} VP/turn` : 'VP/turn (default)'];
    if (end > 0) parts.push(`${end} VP at end`);
    words.push(`Victory: ${parts.join(', ')}`);
  }
  if (f?.entry) words.push(`Entry (${f.entry.map(sideName).join(', ')})`);
  const sides = grid.sideDirections
    .map((d) => grid.edgeOf(cell, d))
    .filter((e): e is string => e !== null);
  const count = (set: ReadonlySet<EdgeId>) => sides.filter((e) => set.has(e)).length;
  const river = count(model.riverSet);
  if (river) words.push(`River (${river} side${river > 1 ? 's' : ''})`);
  if (count(model.lakeShoreSet)) words.push('Lake shore');
  if (count(model.roadSet)) words.push('Road');
  if (count(model.railSet)) words.push('Rail');
  return {
    cell,
    label: grid.label(cell),
    terrain: t === NONE ? null : (model.terrainTypes[t] ?? null),
    side: s === NONE ? null : (model.sides[s] ?? null),
    features: f,
    featureWords: words,
  };
}
