// What the painter reads: a map as typed arrays and sets, the same shape whether it comes from
// a scenario file (exports, print) or from the open document being edited (the screen, where the
// arrays are the document's own and change in place between draws).
import { declarationById } from '../rules/catalogue.js';
import { counterSymbol } from '../rules/declaration.js';
import { controlAt, NO_CODE, terrainAt } from '../format/board.js';
import { gridSpecOf } from '../format/defaults.js';
import type { CellFeatures, PlacedUnit, Scenario, Side, SideFeature, TerrainType } from '../format/scenario.types.js';
import { createGrid } from '../grid/index.js';
import type { EdgeId, GridGeometry } from '../grid/types.js';

/** Marks a cell whose terrain or control code is not in the palette. */
export const NONE = NO_CODE;

export interface PaintModel {
  readonly grid: GridGeometry;
  readonly cols: number;
  readonly rows: number;
  readonly terrainTypes: readonly TerrainType[];
  readonly sides: readonly Side[];
  /** Index into terrainTypes per cell (grid.index order), NONE when unknown. */
  readonly terrain: Uint8Array;
  /** Index into sides per cell, NONE when no side controls it. */
  readonly control: Uint8Array;
  /** Features keyed by cell index. */
  readonly features: ReadonlyMap<number, CellFeatures>;
  readonly riverSet: ReadonlySet<EdgeId>;
  readonly lakeShoreSet: ReadonlySet<EdgeId>;
  readonly roadSet: ReadonlySet<EdgeId>;
  readonly railSet: ReadonlySet<EdgeId>;
  /** The scenario's own side features (map.sideFeatures), drawn after rivers and shores. */
  readonly sideFeatures?: readonly SideFeature[];
  /** VP per turn of a victory cell that sets none (ruleset option). */
  readonly defaultVictoryVp: number;
  /** Units at their start cells, keyed by cell index (the units layer). */
  readonly units?: ReadonlyMap<number, readonly PlacedUnit[]>;
}

/** A scenario's map for painting once (exports, print, thumbnails), with its units placed. */
export interface ScenarioPaintModel extends PaintModel {
  readonly units: ReadonlyMap<number, readonly PlacedUnit[]>;
  /** Entries that could not be placed (bad cell refs), with where. */
  readonly skipped: readonly string[];
}

/** Row strings to palette indices; a code not in the palette (or a missing cell) is NONE. */
function decodeLenient(rows: readonly string[], palette: readonly string[], cols: number, count: number): Uint8Array {
  const lookup = new Map(palette.map((code, i) => [code, i]));
  // ASCII codes (all the usual ones) by char code: a 1024×1024 map is a million look-ups.
  const ascii = new Uint8Array(128).fill(NONE);
  for (const [code, i] of lookup) if (code.length === 1 && code.charCodeAt(0) < 128) ascii[code.charCodeAt(0)] = i;
  const out = new Uint8Array(cols * count).fill(NONE);
  for (let r = 0; r < Math.min(count, rows.length); r++) {
    const row = rows[r]!;
    for (let c = 0; c < Math.min(cols, row.length); c++) {
      const u = row.charCodeAt(c);
      out[r * cols + c] = u < 128 ? ascii[u]! : (lookup.get(row.charAt(c)) ?? NONE);
    }
  }
  return out;
}

/** Terrain and control per cell: decoded from the row strings on a grid, read per position on a network. */
function layersOf(scenario: Scenario, g: GridGeometry): { terrain: Uint8Array; control: Uint8Array } {
  const map = scenario.map;
  const { cols, rows } = g.spec;
  if (map.grid.kind !== 'network') {
    return {
      terrain: decodeLenient(map.terrain ?? [], map.terrainTypes.map((t) => t.code), cols, rows),
      control: decodeLenient(map.control ?? [], scenario.sides.map((s) => s.code), cols, rows),
    };
  }
  const terrain = new Uint8Array(g.cellCount).fill(NONE);
  const control = new Uint8Array(g.cellCount).fill(NONE);
  for (let i = 0; i < g.cellCount; i++) {
    const cell = g.cellAt(i);
    const t = terrainAt(map, cell);
    const s = controlAt(scenario, cell);
    if (t) terrain[i] = map.terrainTypes.indexOf(t);
    if (s) control[i] = scenario.sides.indexOf(s);
  }
  return { terrain, control };
}

/**
 * Reads a scenario for painting. Lenient on purpose: an unknown code paints as unknown ground,
 * and a bad side id or unit cell is skipped and listed, so a half-finished map still draws.
 */
export function buildPaintModel(scenario: Scenario, grid: GridGeometry = createGrid(gridSpecOf(scenario))): ScenarioPaintModel {
  const g = grid;
  const { cols, rows } = g.spec;
  const map = scenario.map;
  const skipped: string[] = [];
  const edges = (list: readonly string[] | undefined, pointer: string): Set<EdgeId> => {
    const out = new Set<EdgeId>();
    (list ?? []).forEach((e, i) => {
      const id = g.parseEdge(e);
      if (id) out.add(id);
      else skipped.push(`${pointer}/${i}: "${e}" is not a side of this grid`);
    });
    return out;
  };
  const rivers = edges(map.rivers, '/map/rivers');
  const lakeShores = edges(map.lakeShores, '/map/lakeShores');
  const roads = edges(map.roads, '/map/roads');
  const rails = edges(map.rails, '/map/rails');
  const features = new Map<number, CellFeatures>();
  for (const [ref, f] of Object.entries(scenario.map.cells ?? {})) {
    const cell = g.parseRef(ref);
    if (cell && g.inMap(cell)) features.set(g.index(cell), f);
    else skipped.push(`/map/cells/${ref}: not a cell of this map`);
  }
  const units = new Map<number, PlacedUnit[]>();
  // A ruleset's unit type may have its own symbol (Shambattle's artillery stand): the counter shows it.
  const layout = declarationById(scenario.ruleset.id)?.counter;
  scenario.orderOfBattle.forEach((placed, i) => {
    const cell = g.parseRef(placed.cell);
    if (!cell || !g.inMap(cell)) return void skipped.push(`/orderOfBattle/${i}/cell: "${placed.cell}" is not a cell of this map`);
    const symbol = layout ? counterSymbol(layout, placed.branch, placed.fields) : placed.branch;
    const u = symbol === placed.branch ? placed : { ...placed, branch: symbol as PlacedUnit['branch'] };
    const k = g.index(cell);
    const list = units.get(k);
    if (list) list.push(u);
    else units.set(k, [u]);
  });
  return {
    grid: g,
    cols,
    rows,
    terrainTypes: map.terrainTypes,
    sides: scenario.sides,
    ...layersOf(scenario, g),
    features,
    riverSet: rivers,
    lakeShoreSet: lakeShores,
    roadSet: roads,
    railSet: rails,
    sideFeatures: map.sideFeatures ?? [],
    defaultVictoryVp: scenario.ruleset.options?.victoryCellVpPerTurn ?? 2,
    units,
    skipped,
  };
}
