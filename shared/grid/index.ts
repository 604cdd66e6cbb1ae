// Grid geometry: build a GridGeometry from a scenario's grid description.
//   const grid = createGrid({ kind: 'hex', cols: 40, rows: 30 }); // flat-top, odd-q, CCRR
//   grid.neighbours({ col: 1, row: 1 }); grid.edgeBetween(a, b); grid.center(cell, 48);
//   grid.pixelToCell(p, 48); grid.nearestEdge(p, 48); grid.line(a, b); grid.label(cell);
// All grid kinds (hex flat/pointy × odd/even, square 4/8, offset square) share one
// implementation (geometry.ts) driven by per-family tables (families.ts).
import type { GridGeometry, GridSpec } from './types.js';
import { createGeometry } from './geometry.js';

export * from './types.js';
export { OPPOSITE, ALL_DIRECTIONS, isDirection } from './directions.js';
export { ccrrWidth, columnLetters, parseColumnLetters } from './labels.js';

export type GridSpecInput = Partial<GridSpec> & Pick<GridSpec, 'kind' | 'cols' | 'rows'>;

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

/** Fill in defaults (flat, odd, 4-way, CCRR) and check every field; throws RangeError naming the field. */
export function resolveGridSpec(input: GridSpecInput): GridSpec {
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

export function createGrid(input: GridSpecInput): GridGeometry {
  return createGeometry(resolveGridSpec(input));
}
export { facingsOf, isFacing, turnFacing, reverseFacing, relativeSteps, sideOf, bearing, inArc, facingToward, type Facing, type FacingSide } from './facing.js';
export { rangeBetween, cellsInRange, cellsInArc, type RangeMetric } from './range.js';
export { lineOfSight, sightLines, type SightRules, type SightLine } from './los.js';
