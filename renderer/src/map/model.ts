// A scenario's map as the renderer reads it: the shared Board (typed arrays of terrain and
// control indices, edge sets) plus colours, features by cell index and the physical cell
// size. Built once per loaded map; nothing re-parses row strings while drawing.

import type { Scenario } from '../../../shared/format/scenario.types.js';
import { Board, NO_CODE } from '../../../shared/format/board.js';
import type { Cell, EdgeId, GridGeometry } from '../../../shared/grid/types.js';
import { parseHex, type Rgb } from './colour.js';
import type { PaintModel } from '../../../shared/paint/model.js';

export type GameMap = Scenario['map'];
export type TerrainType = GameMap['terrainTypes'][number];
export type Side = Scenario['sides'][number];
export type CellFeatures = NonNullable<GameMap['cells']>[string];

/** Marks a cell whose terrain or control code is not in the palette. */
export const NONE = NO_CODE;

/** The painter's model (shared/paint) plus what the renderer's tools and bitmaps read. */
export interface MapModel extends PaintModel {
  /** The shared decoded map (terrain/control indices, edge sets). */
  readonly board: Board;
  readonly grid: GridGeometry;
  readonly cols: number;
  readonly rows: number;
  readonly terrainTypes: readonly TerrainType[];
  readonly terrainRgb: readonly Rgb[];
  /** Per terrain type: whether control tints it. Impassable ground (water, peaks) stays its own colour. */
  readonly terrainTinted: readonly boolean[];
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

/** Throws a RangeError naming the field when the map's rows do not fit its grid and palettes. */
export function buildMapModel(scenario: Scenario): MapModel {
  const map = scenario.map;
  const board = Board.fromScenario(scenario);
  const { grid } = board;
  const { cols, rows } = grid.spec;
  const features = new Map<number, CellFeatures>();
  for (const [ref, f] of Object.entries(map.cells ?? {})) {
    const cell = grid.parseRef(ref);
    if (cell && grid.inMap(cell)) features.set(grid.index(cell), f);
  }
  const { rivers, lakeShores, roads, rails } = board.edges;
  return {
    board,
    grid,
    cols,
    rows,
    terrainTypes: map.terrainTypes,
    terrainRgb: map.terrainTypes.map((t) => parseHex(t.colour)),
    terrainTinted: map.terrainTypes.map((t) => t.category !== 'impassable'),
    sides: scenario.sides,
    sideRgb: scenario.sides.map((s) => parseHex(s.colour)),
    terrain: board.terrain,
    control: board.control,
    features,
    rivers: [...rivers],
    lakeShores: [...lakeShores],
    roads: [...roads],
    rails: [...rails],
    riverSet: rivers,
    lakeShoreSet: lakeShores,
    roadSet: roads,
    railSet: rails,
    // The scenario's own side features (walls, escarpments): play boards draw them as the designer does.
    sideFeatures: map.sideFeatures ?? [],
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
