// What every semantic check may read: the schema-valid scenario plus lookups built once.
// Checks run only after the schema passes, but each must stay safe when another check's
// problem is present too (rows of the wrong length, unknown codes, cells off the map).
import { createGrid, parseCellId, type Cell, type GridGeometry } from '../../grid/index.js';
import { gridSpecOf, resolveOptions, type ResolvedOptions } from '../defaults.js';
import type { ValidationIssue, Severity } from '../issues.js';
import type { Scenario, Side, TerrainType } from '../scenario.types.js';

/** An issue as a check reports it; the check's severity is stamped on by the runner. */
export type Finding = Omit<ValidationIssue, 'severity'>;

export interface ScenarioCheck {
  /** Stable name, e.g. "initiative-covers-every-turn": for tests and the checks panel. */
  readonly id: string;
  readonly severity: Severity;
  /** The rule in one line, for people. */
  readonly rule: string;
  run(ctx: CheckContext): Finding[];
}

export interface CheckContext {
  readonly scenario: Scenario;
  readonly grid: GridGeometry;
  readonly options: ResolvedOptions;
  readonly sidesById: ReadonlyMap<string, Side>;
  readonly sidesByCode: ReadonlyMap<string, Side>;
  /** First terrain type with each code. */
  readonly terrainByCode: ReadonlyMap<string, TerrainType>;
  /** The cell a CellRef names if it is inside the map, else null. */
  cellIn(ref: string): Cell | null;
  /** Terrain type of an in-map cell, or undefined when its row or code is broken. */
  terrainAt(cell: Cell): TerrainType | undefined;
  /** Controlling side of an in-map cell, or undefined when its row or code is broken. */
  controlAt(cell: Cell): Side | undefined;
  /** A side's display name, or its id in quotes if no side has that id. */
  sideName(id: string): string;
  /**
   * A cell as people read it: its map label, with its place name when it has one ("0405
   * (Korsun)"); a cell off the map still gets the label its place would have.
   */
  cellText(ref: string): string;
}

function firstBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) if (!map.has(key(item))) map.set(key(item), item);
  return map;
}

/** Builds the lookups; throws only if the grid geometry rejects a schema-valid grid. */
export function buildContext(scenario: Scenario): CheckContext {
  const grid = createGrid(gridSpecOf(scenario));
  const sidesById = firstBy(scenario.sides, (s) => s.id);
  const sidesByCode = firstBy(scenario.sides, (s) => s.code);
  const terrainByCode = firstBy(scenario.map.terrainTypes, (t) => t.code);
  const charAt = (rows: readonly string[], cell: Cell) => rows[cell.row]?.charAt(cell.col) ?? '';
  return {
    scenario,
    grid,
    options: resolveOptions(scenario),
    sidesById,
    sidesByCode,
    terrainByCode,
    cellIn(ref) {
      const cell = parseCellId(ref);
      return cell && grid.inMap(cell) ? cell : null;
    },
    terrainAt: (cell) => terrainByCode.get(charAt(scenario.map.terrain, cell)),
    controlAt: (cell) => sidesByCode.get(charAt(scenario.map.control, cell)),
    sideName: (id) => sidesById.get(id)?.name ?? `"${id}"`,
    cellText(ref) {
      const cell = parseCellId(ref);
      if (!cell) return `"${ref}"`;
      const name = grid.inMap(cell) ? scenario.map.cells?.[ref]?.name : undefined;
      return name ? `${grid.label(cell)} (${name})` : grid.label(cell);
    },
  };
}

/** A grid described for people: "flat-top hex grid", "8-way square grid". */
export function gridWords(ctx: CheckContext): string {
  const { kind, orientation, adjacency } = ctx.grid.spec;
  if (kind === 'hex') return `${orientation}-top hex grid`;
  if (kind === 'square') return `${adjacency}-way square grid`;
  return 'offset-square grid';
}

/** The first and last cell labels of the map: "0101 to 2015". */
export const cellRange = (ctx: CheckContext): string =>
  `${ctx.grid.label({ col: 0, row: 0 })} to ${ctx.grid.label({ col: ctx.grid.spec.cols - 1, row: ctx.grid.spec.rows - 1 })}`;

/** "6×5" */
export const mapSize = (ctx: CheckContext): string => `${ctx.grid.spec.cols}×${ctx.grid.spec.rows}`;
