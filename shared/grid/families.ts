// The numbers that make each grid family what it is. Everything else (geometry.ts) is
// shared code driven by these tables, so hexes, bricks and squares sit behind one interface.
import type { CellGridSpec, Direction } from './types.js';
import type { ShiftAxis, ShiftSign } from './offset.js';

export type Metric = 'hex' | 'manhattan' | 'chebyshev';
/** How a pixel finds its cell: cube rounding (hexes) or row-then-column (rectangular cells). */
export type Picking = 'cube' | 'rows';

export interface Family {
  directions: readonly Direction[];
  sideDirections: readonly Direction[];
  ownedDirections: readonly Direction[];
  /** Axial step per direction, aligned with `directions`. */
  dq: readonly number[];
  dr: readonly number[];
  axis: ShiftAxis;
  sign: ShiftSign;
  metric: Metric;
  picking: Picking;
  /** Axial (q,r) → pixel in units of `size`: x = m[0]q + m[1]r, y = m[2]q + m[3]r. */
  matrix: readonly [number, number, number, number];
  /** Polygon corners relative to the centre in units of `size`, clockwise. */
  corners: readonly (readonly [number, number])[];
  /** For each side direction, the index of its first corner (the side runs to the next one). */
  sideCorner: Readonly<Partial<Record<Direction, number>>>;
}

const SQRT3 = Math.sqrt(3);
/** Circumradius of a hex whose size across flats is 1. */
const R = 1 / SQRT3;

// Hex corners written out exactly, so that a map's first corners land on 0 without rounding noise.
const FLAT_CORNERS: [number, number][] = [
  [-R / 2, -0.5],
  [R / 2, -0.5],
  [R, 0],
  [R / 2, 0.5],
  [-R / 2, 0.5],
  [-R, 0],
];
const POINTY_CORNERS: [number, number][] = [
  [0, -R],
  [0.5, -R / 2],
  [0.5, R / 2],
  [0, R],
  [-0.5, R / 2],
  [-0.5, -R / 2],
];

function sidesFrom(dirs: readonly Direction[]): Partial<Record<Direction, number>> {
  const out: Partial<Record<Direction, number>> = {};
  dirs.forEach((d, i) => (out[d] = i));
  return out;
}

const FLAT_DIRS: Direction[] = ['N', 'NE', 'SE', 'S', 'SW', 'NW'];
const POINTY_DIRS: Direction[] = ['NE', 'E', 'SE', 'SW', 'W', 'NW'];

export function familyFor(spec: CellGridSpec): Family {
  const sign: ShiftSign = spec.offset === 'odd' ? -1 : 1;
  if (spec.kind === 'hex' && spec.orientation === 'flat') {
    return {
      directions: FLAT_DIRS,
      sideDirections: FLAT_DIRS,
      ownedDirections: ['N', 'NE', 'SE'],
      dq: [0, 1, 1, 0, -1, -1],
      dr: [-1, -1, 0, 1, 1, 0],
      axis: 'col',
      sign,
      metric: 'hex',
      picking: 'cube',
      matrix: [SQRT3 / 2, 0, 0.5, 1],
      // Upper-left corner first, so side i runs from corner i to corner i+1.
      corners: FLAT_CORNERS,
      sideCorner: sidesFrom(FLAT_DIRS),
    };
  }
  if (spec.kind === 'hex') {
    return {
      directions: POINTY_DIRS,
      sideDirections: POINTY_DIRS,
      ownedDirections: ['NE', 'E', 'SE'],
      dq: [1, 1, 0, -1, -1, 0],
      dr: [-1, 0, 1, 1, 0, -1],
      axis: 'row',
      sign,
      metric: 'hex',
      picking: 'cube',
      matrix: [1, 0.5, 0, SQRT3 / 2],
      corners: POINTY_CORNERS,
      sideCorner: sidesFrom(POINTY_DIRS),
    };
  }
  if (spec.kind === 'offsetSquare') {
    // A pointy hex grid squashed into squares: the top and bottom of each cell are split at
    // their midpoints between the two neighbours above (NW, NE) and below (SW, SE).
    return {
      directions: POINTY_DIRS,
      sideDirections: POINTY_DIRS,
      ownedDirections: ['NE', 'E', 'SE'],
      dq: [1, 1, 0, -1, -1, 0],
      dr: [-1, 0, 1, 1, 0, -1],
      axis: 'row',
      sign,
      metric: 'hex',
      picking: 'rows',
      matrix: [1, 0.5, 0, 1],
      corners: [
        [0, -0.5],
        [0.5, -0.5],
        [0.5, 0.5],
        [0, 0.5],
        [-0.5, 0.5],
        [-0.5, -0.5],
      ],
      sideCorner: sidesFrom(POINTY_DIRS),
    };
  }
  const eight = spec.adjacency === 8;
  const sides: Direction[] = ['N', 'E', 'S', 'W'];
  return {
    directions: eight ? ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] : sides,
    sideDirections: sides,
    ownedDirections: ['N', 'E'],
    dq: eight ? [0, 1, 1, 1, 0, -1, -1, -1] : [0, 1, 0, -1],
    dr: eight ? [-1, -1, 0, 1, 1, 1, 0, -1] : [-1, 0, 1, 0],
    axis: 'none',
    sign,
    metric: eight ? 'chebyshev' : 'manhattan',
    picking: 'rows',
    matrix: [1, 0, 0, 1],
    corners: [
      [-0.5, -0.5],
      [0.5, -0.5],
      [0.5, 0.5],
      [-0.5, 0.5],
    ],
    sideCorner: sidesFrom(sides),
  };
}
