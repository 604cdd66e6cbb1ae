// The map's per-cell data, decoded for fast reading and encoded back for the file.
//
// In a scenario file, terrain and control are stored as one string per map row with one
// character per cell, each character a code from a palette (terrain type codes, side codes):
// "..f~u." is a row of six cells. This keeps a 200×200 map at about 40 kB per layer, makes
// a one-cell edit a one-character change in a git diff, and lets a person read the map in a
// text editor. Cell features (names, supply bases, victory values...) are sparse, so they
// live in a map keyed by "col,row"; rivers, roads and rails are lists of canonical edge ids.
//
// In memory, code that reads every cell (renderer, rules, print) wants indices, not strings:
// a Board holds one byte per cell for terrain (index into terrainTypes) and control (index
// into sides), in `grid.index(cell)` order (row * cols + col), plus edge feature sets.
//
// A network map has no row strings: each position carries its terrain type id and its
// controlling side id, and the Board decodes those into the same two arrays (position i is
// cell i), so everything that reads a Board works on both kinds. A network has no edge
// features (roads and rails are its link types), so its edge sets are empty.
import { createGrid, type Cell, type EdgeId, type GridGeometry } from '../grid/index.js';
import { gridSpecOf } from './defaults.js';
import type { GameMap, NetworkGrid, Position, Scenario, Side, TerrainType } from './scenario.types.js';

/** Index stored for a cell whose code is not in the palette. Never produced from a valid scenario. */
export const NO_CODE = 255;

/** The position a network cell stands for; undefined off the network. */
function positionAt(grid: NetworkGrid, cell: Cell): Position | undefined {
  return cell.row === 0 ? grid.positions[cell.col] : undefined;
}

/** The terrain type of a cell, read straight from the file; undefined off the map or for an unknown code. */
export function terrainAt(map: GameMap, cell: Cell): TerrainType | undefined {
  if (map.grid.kind === 'network') {
    const id = positionAt(map.grid, cell)?.terrain;
    return id === undefined ? undefined : map.terrainTypes.find((t) => t.id === id);
  }
  const code = codeAt(map.terrain ?? [], map.grid.cols, cell);
  return code === undefined ? undefined : map.terrainTypes.find((t) => t.code === code);
}

/** The side controlling a cell, read straight from the file; undefined off the map or for an unknown code. */
export function controlAt(scenario: Pick<Scenario, 'map' | 'sides'>, cell: Cell): Side | undefined {
  const { grid } = scenario.map;
  if (grid.kind === 'network') {
    const id = positionAt(grid, cell)?.control;
    return id === undefined ? undefined : scenario.sides.find((s) => s.id === id);
  }
  const code = codeAt(scenario.map.control ?? [], grid.cols, cell);
  return code === undefined ? undefined : scenario.sides.find((s) => s.code === code);
}

function codeAt(rows: readonly string[], cols: number, cell: Cell): string | undefined {
  if (cell.col < 0 || cell.col >= cols) return undefined;
  const ch = rows[cell.row]?.charAt(cell.col);
  return ch || undefined;
}

/**
 * Decodes a network's per-position terrain and control into palette indices (position
 * order). Throws a RangeError naming the position when a terrain type or side is unknown.
 */
export function decodePositions(grid: NetworkGrid, terrainTypes: readonly TerrainType[], sides: readonly Side[]): { terrain: Uint8Array; control: Uint8Array } {
  const terrainIndex = new Map(terrainTypes.map((t, i) => [t.id, i]));
  const sideIndex = new Map(sides.map((s, i) => [s.id, i]));
  const terrain = new Uint8Array(grid.positions.length);
  const control = new Uint8Array(grid.positions.length);
  grid.positions.forEach((p, i) => {
    const t = terrainIndex.get(p.terrain);
    if (t === undefined) throw new RangeError(`map.grid.positions[${i}] ("${p.id}"): unknown terrain type "${p.terrain}"`);
    const c = sideIndex.get(p.control);
    if (c === undefined) throw new RangeError(`map.grid.positions[${i}] ("${p.id}"): unknown side "${p.control}"`);
    terrain[i] = t;
    control[i] = c;
  });
  return { terrain, control };
}

/** A network's positions with terrain and control written back from palette indices; the inverse of decodePositions. */
export function encodePositions(grid: NetworkGrid, terrain: ArrayLike<number>, control: ArrayLike<number>, terrainTypes: readonly TerrainType[], sides: readonly Side[]): Position[] {
  if (terrain.length !== grid.positions.length || control.length !== grid.positions.length) {
    throw new RangeError(`encodePositions: ${grid.positions.length} positions, but ${terrain.length} terrain and ${control.length} control entries`);
  }
  return grid.positions.map((p, i) => {
    const t = terrainTypes[terrain[i]!];
    const c = sides[control[i]!];
    if (!t || !c) throw new RangeError(`encodePositions: position "${p.id}" has terrain index ${terrain[i]} / side index ${control[i]}, not in the palettes`);
    return { ...p, terrain: t.id, control: c.id };
  });
}

/**
 * Decodes row strings into one palette index per cell (row-major). Throws a RangeError naming
 * the row and column when a row has the wrong length or a code is not in the palette, so
 * nothing is silently dropped; validate the scenario first to report such problems nicely.
 */
export function decodeRows(rows: readonly string[], palette: readonly string[], cols: number, rowCount: number, what = 'rows'): Uint8Array {
  if (palette.length >= NO_CODE) throw new RangeError(`${what}: a palette holds at most ${NO_CODE - 1} codes`);
  if (rows.length !== rowCount) throw new RangeError(`${what}: expected ${rowCount} rows, found ${rows.length}`);
  const lookup = new Map(palette.map((code, i) => [code, i]));
  const out = new Uint8Array(cols * rowCount);
  rows.forEach((row, r) => {
    if (row.length !== cols) throw new RangeError(`${what}: row ${r} has ${row.length} cells, expected ${cols}`);
    for (let c = 0; c < cols; c++) {
      const index = lookup.get(row.charAt(c));
      if (index === undefined) throw new RangeError(`${what}: unknown code "${row.charAt(c)}" at ${c},${r}`);
      out[r * cols + c] = index;
    }
  });
  return out;
}

/** Encodes palette indices (row-major) back into row strings; the inverse of decodeRows. */
export function encodeRows(indices: ArrayLike<number>, palette: readonly string[], cols: number): string[] {
  if (cols < 1 || indices.length % cols !== 0) throw new RangeError(`encodeRows: ${indices.length} cells do not fill rows of ${cols}`);
  const rows: string[] = [];
  for (let start = 0; start < indices.length; start += cols) {
    let row = '';
    for (let i = start; i < start + cols; i++) {
      const code = palette[indices[i]!];
      if (code === undefined) throw new RangeError(`encodeRows: cell ${i % cols},${start / cols} has index ${indices[i]}, not in the palette`);
      row += code;
    }
    rows.push(row);
  }
  return rows;
}

export interface EdgeFeatures {
  readonly rivers: ReadonlySet<EdgeId>;
  readonly lakeShores: ReadonlySet<EdgeId>;
  readonly roads: ReadonlySet<EdgeId>;
  readonly rails: ReadonlySet<EdgeId>;
}

/** The map of a (validated) scenario, decoded once for fast per-cell reading. */
export class Board {
  private constructor(
    readonly grid: GridGeometry,
    readonly terrainTypes: readonly TerrainType[],
    readonly sides: readonly Side[],
    /** Terrain type index per cell, row-major. */
    readonly terrain: Uint8Array,
    /** Controlling side index per cell, row-major. */
    readonly control: Uint8Array,
    readonly edges: EdgeFeatures,
  ) {}

  /** Throws a RangeError if the rows (a network's positions) do not fit the grid and palettes (validate first). */
  static fromScenario(scenario: Pick<Scenario, 'map' | 'sides'>, grid: GridGeometry = createGrid(gridSpecOf(scenario))): Board {
    const { map } = scenario;
    if (map.grid.kind === 'network') {
      const { terrain, control } = decodePositions(map.grid, map.terrainTypes, scenario.sides);
      const none = new Set<EdgeId>();
      return new Board(grid, map.terrainTypes, scenario.sides, terrain, control, { rivers: none, lakeShores: none, roads: none, rails: none });
    }
    const { cols, rows } = grid.spec;
    const terrain = decodeRows(map.terrain ?? [], map.terrainTypes.map((t) => t.code), cols, rows, 'map.terrain');
    const control = decodeRows(map.control ?? [], scenario.sides.map((s) => s.code), cols, rows, 'map.control');
    const edgeSet = (list: readonly string[] | undefined, what: string): Set<EdgeId> =>
      new Set(
        (list ?? []).map((e) => {
          const canonical = grid.parseEdge(e);
          if (!canonical) throw new RangeError(`${what}: "${e}" is not a side of this grid`);
          return canonical;
        }),
      );
    const edges: EdgeFeatures = {
      rivers: edgeSet(map.rivers, 'map.rivers'),
      lakeShores: edgeSet(map.lakeShores, 'map.lakeShores'),
      roads: edgeSet(map.roads, 'map.roads'),
      rails: edgeSet(map.rails, 'map.rails'),
    };
    return new Board(grid, map.terrainTypes, scenario.sides, terrain, control, edges);
  }

  terrainIndexAt(cell: Cell): number {
    return this.grid.inMap(cell) ? this.terrain[this.grid.index(cell)]! : NO_CODE;
  }

  terrainAt(cell: Cell): TerrainType | undefined {
    return this.terrainTypes[this.terrainIndexAt(cell)];
  }

  controlIndexAt(cell: Cell): number {
    return this.grid.inMap(cell) ? this.control[this.grid.index(cell)]! : NO_CODE;
  }

  controlAt(cell: Cell): Side | undefined {
    return this.sides[this.controlIndexAt(cell)];
  }

  /** Row strings of the current terrain, for writing back to map.terrain (grid maps; see encodePositions for a network). */
  terrainRows(): string[] {
    this.refuseNetwork('terrain');
    return encodeRows(this.terrain, this.terrainTypes.map((t) => t.code), this.grid.spec.cols);
  }

  /** Row strings of the current control, for writing back to map.control (grid maps; see encodePositions for a network). */
  controlRows(): string[] {
    this.refuseNetwork('control');
    return encodeRows(this.control, this.sides.map((s) => s.code), this.grid.spec.cols);
  }

  private refuseNetwork(layer: string): void {
    if (this.grid.network) throw new RangeError(`a network map has no ${layer} rows: each position carries its own ${layer}`);
  }
}
