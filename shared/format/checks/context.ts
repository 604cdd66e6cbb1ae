// What every semantic check may read: the schema-valid scenario plus lookups built once.
// Checks run only after the schema passes, but each must stay safe when another check's
// problem is present too (rows of the wrong length, unknown codes, cells off the map).
import { createGrid, type Cell, type GridGeometry } from '../../grid/index.js';
import { gridSpecOf, resolveOptions, type ResolvedOptions } from '../defaults.js';
import type { ValidationIssue, Severity } from '../issues.js';
import type { NetworkGrid, Scenario, Side, TerrainType } from '../scenario.types.js';
import { stackingLimitOf } from '../../rules/catalogue.js';
import type { ScenarioFeature } from '../../rules/types.js';

/** An issue as a check reports it; the check's severity is stamped on by the runner. */
export type Finding = Omit<ValidationIssue, 'severity'>;

export interface ScenarioCheck {
  /** Stable name, e.g. "initiative-covers-every-turn": for tests and the checks panel. */
  readonly id: string;
  readonly severity: Severity;
  /** The rule in one line, for people. */
  readonly rule: string;
  /** The part of the scenario it is about; skipped when the scenario's ruleset does not read that part. */
  readonly feature?: ScenarioFeature;
  run(ctx: CheckContext): Finding[];
}

export interface CheckContext {
  readonly scenario: Scenario;
  readonly grid: GridGeometry;
  readonly options: ResolvedOptions;
  /** Most units of one side per cell under the scenario's ruleset; null for no limit. */
  readonly stackingLimit: number | null;
  readonly sidesById: ReadonlyMap<string, Side>;
  readonly sidesByCode: ReadonlyMap<string, Side>;
  /** First terrain type with each code. */
  readonly terrainByCode: ReadonlyMap<string, TerrainType>;
  /** The file's network grid on a network map, else null. */
  readonly network: NetworkGrid | null;
  /** The cell a CellRef names if it is inside the map (on a network: a position's id), else null. */
  cellIn(ref: string): Cell | null;
  /**
   * A CellRef as people know it: the ref itself on a grid; on a network the position's
   * name and label ("Moscow (MOS)"), or its id in quotes when it is not a position.
   */
  place(ref: string): string;
  /** Terrain type of an in-map cell, or undefined when its row or code is broken. */
  terrainAt(cell: Cell): TerrainType | undefined;
  /** Controlling side of an in-map cell, or undefined when its row or code is broken. */
  controlAt(cell: Cell): Side | undefined;
  /** A side's display name, or its id in quotes if no side has that id. */
  sideName(id: string): string;
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
  const charAt = (rows: readonly string[] | undefined, cell: Cell) => rows?.[cell.row]?.charAt(cell.col) ?? '';
  const network = scenario.map.grid.kind === 'network' ? scenario.map.grid : null;
  const terrainById = firstBy(scenario.map.terrainTypes, (t) => t.id);
  const cellIn = (ref: string): Cell | null => {
    const cell = grid.parseRef(ref);
    return cell && grid.inMap(cell) ? cell : null;
  };
  return {
    scenario,
    grid,
    options: resolveOptions(scenario),
    stackingLimit: stackingLimitOf(scenario),
    sidesById,
    sidesByCode,
    terrainByCode,
    network,
    cellIn,
    place: (ref) => {
      if (!network) return ref;
      const cell = cellIn(ref);
      return cell ? positionName(network.positions[cell.col]!, scenario.map.cells?.[ref]?.name) : `"${ref}"`;
    },
    terrainAt: (cell) =>
      network ? terrainById.get(network.positions[cell.col]?.terrain ?? '') : terrainByCode.get(charAt(scenario.map.terrain, cell)),
    controlAt: (cell) =>
      network ? sidesById.get(network.positions[cell.col]?.control ?? '') : sidesByCode.get(charAt(scenario.map.control, cell)),
    sideName: (id) => sidesById.get(id)?.name ?? `"${id}"`,
  };
}

/** A position for people: its name and label ("Moscow (MOS)"), whichever it has, else its id. */
export function positionName(p: { id: string; label?: string | undefined }, name: string | undefined): string {
  if (name && p.label && p.label !== name) return `${name} (${p.label})`;
  return name ?? p.label ?? `"${p.id}"`;
}

/** A grid described for people: "flat-top hex grid", "8-way square grid", "network map". */
export function gridWords(ctx: CheckContext): string {
  const { kind, orientation, adjacency } = ctx.grid.spec;
  if (kind === 'hex') return `${orientation}-top hex grid`;
  if (kind === 'square') return `${adjacency}-way square grid`;
  if (kind === 'network') return 'network map';
  return 'offset-square grid';
}

/** "6×5"; on a network, its extent "600×420 mm". */
export const mapSize = (ctx: CheckContext): string =>
  ctx.network ? `${ctx.network.width}×${ctx.network.height} mm` : `${ctx.grid.spec.cols}×${ctx.grid.spec.rows}`;
