// Defaults of the scenario format, resolved: what an omitted ruleset option, side flag or grid
// field means. The numbers mirror the schema's `default` keywords (a test keeps them in step)
// and RULES-NOTES.md.
import { resolveNetworkSpec } from '../grid/index.js';
import type { GridSpec } from '../grid/types.js';
import type { CellGrid, GameMap, NetworkGrid, OperationalOptions, PhysicalSize, Scenario, Side, SideFlags } from './scenario.types.js';

/** Every operational ruleset option with a value; `supplyLineLimit: null` means no limit. */
export type ResolvedOptions = { [K in keyof OperationalOptions]-?: Exclude<OperationalOptions[K], undefined> };
export type ResolvedSideFlags = Required<SideFlags>;

export const DEFAULT_OPTIONS: Readonly<ResolvedOptions> = Object.freeze({
  defensiveFire: true,
  defensiveFireHitOn: 6,
  baseToHit: 5,
  stackingLimit: 3,
  victoryCellVpPerTurn: 2,
  destroyedStrengthVp: 1,
  supplyLineLimit: null,
});

/** Every side rule off: the flags of a side whose name the ruleset text does not use. */
export const NO_FLAGS: Readonly<ResolvedSideFlags> = Object.freeze({
  mudSlows: false,
  losesDifficultInSnow: false,
  railMovement: false,
  breakthroughInSnow: false,
  rebuilds: false,
  deepPenetration: false,
});

export function resolveOptions(scenario: Pick<Scenario, 'ruleset'>): ResolvedOptions {
  return { ...DEFAULT_OPTIONS, ...definedOnly(scenario.ruleset.options ?? {}) };
}

/**
 * A side's flags with every omitted one filled in: by the text's assignment when the side is
 * named like the Germans or the Soviets (RULES-NOTES, Naming), else off. A flag the file sets,
 * true or false, always wins.
 */
export function resolveSideFlags(side: Pick<Side, 'flags' | 'name'>): ResolvedSideFlags {
  return { ...defaultFlagsForSideName(side.name), ...definedOnly(side.flags ?? {}) };
}

// The ruleset text gives some rules to "the Germans" and others to "the Soviets"; a new scenario
// whose sides carry such names starts with that assignment (RULES-NOTES.md, Naming).
const GERMAN_NAME = /\b(german|germany|wehrmacht|axis)/i;
const SOVIET_NAME = /\b(soviet|ussr|russia|red army)/i;

/**
 * The flags the ruleset text assigns to a side of this name, used for a flag a file leaves out
 * and by the New-scenario dialog: German-like names get mud slowing and losing difficult
 * terrain in snow, Soviet-like names rail movement and breakthroughs in snow; any other name
 * gets no flags. Rebuilds and deep penetration are scenario choices and always start off.
 */
export function defaultFlagsForSideName(name: string): ResolvedSideFlags {
  if (GERMAN_NAME.test(name)) return { ...NO_FLAGS, mudSlows: true, losesDifficultInSnow: true };
  if (SOVIET_NAME.test(name)) return { ...NO_FLAGS, railMovement: true, breakthroughInSnow: true };
  return { ...NO_FLAGS };
}

const MM_PER: Record<PhysicalSize['unit'], number> = { mm: 1, cm: 10, in: 25.4 };

/** A physical length in millimetres. */
export const lengthMm = (size: PhysicalSize): number => size.value * MM_PER[size.unit];

/**
 * The grid description with every default filled in, as the grid geometry wants it. A
 * network needs the map's cell size too (its positions' default size and the length the
 * geometry's `size` stands for), so it is given as the scenario, the map or { grid, cellSize }.
 */
export function gridSpecOf(source: Pick<Scenario, 'map'> | Pick<GameMap, 'grid' | 'cellSize'> | CellGrid): GridSpec {
  if ('map' in source) return gridSpecOf(source.map);
  if ('grid' in source) {
    const { grid, cellSize } = source;
    return grid.kind === 'network' ? networkSpecOf(grid, cellSize) : gridSpecOf(grid);
  }
  const grid: CellGrid = source;
  return {
    kind: grid.kind,
    orientation: grid.orientation ?? 'flat',
    offset: grid.offset ?? 'odd',
    adjacency: grid.adjacency ?? 4,
    cols: grid.cols,
    rows: grid.rows,
    labels: grid.labels ?? 'CCRR',
  };
}

function networkSpecOf(grid: NetworkGrid, cellSize: PhysicalSize): GridSpec {
  return resolveNetworkSpec({ kind: 'network', network: { width: grid.width, height: grid.height, unit: lengthMm(cellSize), positions: grid.positions, links: grid.links } });
}

/** Drops keys whose value is undefined, so spreading them never hides a default. */
function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
