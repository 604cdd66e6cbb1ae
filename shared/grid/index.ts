// Grid geometry: build a GridGeometry from a scenario's grid description.
//   const grid = createGrid({ kind: 'hex', cols: 40, rows: 30 }); // flat-top, odd-q, CCRR
//   grid.neighbours({ col: 1, row: 1 }); grid.edgeBetween(a, b); grid.center(cell, 48);
//   grid.pixelToCell(p, 48); grid.nearestEdge(p, 48); grid.line(a, b); grid.label(cell);
// All grid kinds (hex flat/pointy × odd/even, square 4/8, offset square) share one
// implementation (geometry.ts) driven by per-family tables (families.ts). Network maps
// (positions joined by links) have their own (network-geometry.ts) behind the same interface:
//   const net = createGrid({ kind: 'network', network: { width: 600, height: 400, unit: 20, positions, links } });
//   net.network!.shortestPath(0, 5, { linkTypes: ['rail'] }); net.network!.cutOffFrom(sources, { enter });
import type { CellGridSpec, GridGeometry, GridSpec, NetworkGridSpec, NetworkLayout, Point, PositionShape } from './types.js';
import { createGeometry } from './geometry.js';
import { createNetworkGeometry } from './network-geometry.js';

export * from './types.js';
export { OPPOSITE, ALL_DIRECTIONS, isDirection } from './directions.js';
export { ccrrWidth, columnLetters, parseColumnLetters } from './labels.js';

/** A grid of cells, with any defaults left out. */
export type GridSpecInput = Partial<CellGridSpec> & Pick<CellGridSpec, 'kind' | 'cols' | 'rows'>;

/** A network's layout with any defaults left out (shape box, size `unit`, label = id, type ordinary, no bends). */
export interface NetworkLayoutInput {
  readonly width: number;
  readonly height: number;
  /** Millimetres the layout functions' `size` stands for, and a position's default width and height. */
  readonly unit: number;
  readonly positions: readonly {
    readonly id: string;
    readonly label?: string;
    readonly x: number;
    readonly y: number;
    readonly shape?: PositionShape;
    readonly width?: number;
    readonly height?: number;
  }[];
  readonly links: readonly {
    readonly id: string;
    readonly from: string;
    readonly to: string;
    readonly type?: string;
    readonly waypoints?: readonly Point[];
  }[];
}

export interface NetworkSpecInput {
  readonly kind: 'network';
  readonly network: NetworkLayoutInput;
}

const KINDS = ['hex', 'square', 'offsetSquare'] as const;
const ORIENTATIONS = ['flat', 'pointy'] as const;
const OFFSETS = ['odd', 'even'] as const;
const LABELS = ['CCRR', 'col,row', 'A1'] as const;

function oneOf<T extends string | number>(field: string, value: unknown, allowed: readonly T[]): T {
  if (!(allowed as readonly unknown[]).includes(value)) {
    throw new RangeError(`grid.${field} must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}; got ${JSON.stringify(value)}`);
  }
  return value as T;
}

function count(field: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 65536) {
    throw new RangeError(`grid.${field} must be a whole number from 1 to 65536; got ${JSON.stringify(value)}`);
  }
  return value;
}

function finite(field: string, value: unknown, positive = false): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || (positive && value <= 0)) {
    throw new RangeError(`${field} must be a ${positive ? 'positive ' : ''}number; got ${JSON.stringify(value)}`);
  }
  return value;
}

/** Fill in a network's defaults and check its numbers; throws RangeError naming the field. */
export function resolveNetworkLayout(input: NetworkLayoutInput): NetworkLayout {
  const unit = finite('network.unit', input.unit, true);
  return {
    width: finite('network.width', input.width, true),
    height: finite('network.height', input.height, true),
    unit,
    positions: input.positions.map((p, i) => ({
      id: p.id,
      label: p.label ?? p.id,
      x: finite(`network.positions[${i}].x`, p.x),
      y: finite(`network.positions[${i}].y`, p.y),
      shape: oneOf(`positions[${i}].shape`, p.shape ?? 'box', ['box', 'circle'] as const),
      width: finite(`network.positions[${i}].width`, p.width ?? unit, true),
      height: finite(`network.positions[${i}].height`, p.height ?? unit, true),
    })),
    links: input.links.map((l, i) => ({
      id: l.id,
      from: l.from,
      to: l.to,
      type: l.type ?? 'ordinary',
      waypoints: (l.waypoints ?? []).map((w, k) => ({ x: finite(`network.links[${i}].waypoints[${k}].x`, w.x), y: finite(`network.links[${i}].waypoints[${k}].y`, w.y) })),
    })),
  };
}

/** A network's spec: cols = number of positions, rows = 1, grid-only fields at their defaults. */
export function resolveNetworkSpec(input: NetworkSpecInput): NetworkGridSpec {
  const network = resolveNetworkLayout(input.network);
  return { kind: 'network', orientation: 'flat', offset: 'odd', adjacency: 4, cols: network.positions.length, rows: 1, labels: 'CCRR', network };
}

/** Fill in defaults (flat, odd, 4-way, CCRR) and check every field; throws RangeError naming the field. */
export function resolveGridSpec(input: GridSpecInput): CellGridSpec {
  return {
    kind: oneOf('kind', input.kind, KINDS),
    orientation: oneOf('orientation', input.orientation ?? 'flat', ORIENTATIONS),
    offset: oneOf('offset', input.offset ?? 'odd', OFFSETS),
    adjacency: oneOf('adjacency', input.adjacency ?? 4, [4, 8] as const),
    cols: count('cols', input.cols),
    rows: count('rows', input.rows),
    labels: oneOf('labels', input.labels ?? 'CCRR', LABELS),
  };
}

/** The geometry of a grid of cells or a network; a resolved GridSpec is accepted as it is. */
export function createGrid(input: GridSpecInput | NetworkSpecInput | GridSpec): GridGeometry {
  if (input.kind === 'network') return createNetworkGeometry(resolveNetworkSpec(input as NetworkSpecInput));
  return createGeometry(resolveGridSpec(input as GridSpecInput));
}
