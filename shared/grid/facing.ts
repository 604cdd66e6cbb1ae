// Unit facing on every grid kind: which way a unit may face, turning, where a cell lies relative
// to a facing (front, flank, rear; the bearing in degrees) and arcs of fire.
//
// A facing is one of the grid's neighbour directions: N, E, S, W on a 4-way square grid, the
// eight compass points on an 8-way one, the six hexside directions on hexes (flat-top N, NE, SE,
// S, SW, NW; pointy-top and offset squares NE, E, SE, SW, W, NW). A unit faces the neighbour in
// that direction: on squares and hexes, across a side of its cell.
//
// Angles are measured between cell centres on the drawn map (y down), clockwise positive, so a
// 90° arc on squares sweeps from one 45° diagonal line of squares to the other, and a 120° arc on
// flat-top hexes takes in the two hexsides either side of the front one's centre line.
//
//   const g = createGrid({ kind: 'square', cols: 12, rows: 8 });
//   facingsOf(g);                                     // ['N', 'E', 'S', 'W']
//   inArc(g, { col: 5, row: 5 }, 'N', { col: 7, row: 3 }, 90);  // true: on the 45° diagonal
//   facingToward(g, { col: 5, row: 5 }, { col: 5, row: 1 });    // 'N'
//   sideOf(g, 'N', 'E');                              // 'flank'
import type { Cell, Direction, GridGeometry } from './types.js';

export type Facing = Direction;

interface DirectionAngles {
  /** Angle of each facing's direction in radians (atan2 of the centre-to-centre vector, y down). */
  angle: Map<Direction, number>;
}

const angles = new WeakMap<GridGeometry, DirectionAngles>();

function anglesOf(grid: GridGeometry): DirectionAngles {
  let a = angles.get(grid);
  if (!a) {
    // The vector of a step is the same from every cell (offset rows and columns shift centres,
    // not steps), so one cell away from the edges gives every direction's angle.
    const from = { col: 2, row: 2 };
    const x0 = grid.centerX(from.col, from.row, 1);
    const y0 = grid.centerY(from.col, from.row, 1);
    const angle = new Map<Direction, number>();
    for (const d of grid.directions) {
      const to = grid.step(from, d)!;
      angle.set(d, Math.atan2(grid.centerY(to.col, to.row, 1) - y0, grid.centerX(to.col, to.row, 1) - x0));
    }
    a = { angle };
    angles.set(grid, a);
  }
  return a;
}

/** The directions a unit may face on this grid, clockwise from the first at or after north. */
export const facingsOf = (grid: GridGeometry): readonly Direction[] => grid.directions;

/** Whether `value` is a facing this grid allows (a neighbour direction of the grid). */
export function isFacing(grid: GridGeometry, value: unknown): value is Direction {
  return typeof value === 'string' && (grid.directions as readonly string[]).includes(value);
}

/** The facing `steps` directions clockwise (negative: anticlockwise) from `facing`. */
export function turnFacing(grid: GridGeometry, facing: Direction, steps: number): Direction {
  const dirs = grid.directions;
  const i = dirs.indexOf(facing);
  if (i < 0) throw new RangeError(`${facing} is not a facing on this grid (${dirs.join(', ')})`);
  const n = dirs.length;
  return dirs[(((i + steps) % n) + n) % n]!;
}

/** The facing directly behind `facing`. */
export const reverseFacing = (grid: GridGeometry, facing: Direction): Direction => turnFacing(grid, facing, grid.directions.length / 2);

/**
 * How many directions clockwise `dir` lies from `facing`: 0 is the front, n/2 the rear, negative
 * values anticlockwise (the range is −n/2 < k ≤ n/2 for n facings).
 */
export function relativeSteps(grid: GridGeometry, facing: Direction, dir: Direction): number {
  const dirs = grid.directions;
  const i = dirs.indexOf(facing);
  const j = dirs.indexOf(dir);
  if (i < 0 || j < 0) throw new RangeError(`${i < 0 ? facing : dir} is not a direction on this grid (${dirs.join(', ')})`);
  const n = dirs.length;
  let k = (((j - i) % n) + n) % n;
  if (k > n / 2) k -= n;
  return k;
}

export type FacingSide = 'front' | 'flank' | 'rear';

/**
 * Which part of a unit facing `facing` the neighbour in direction `dir` touches: its front (the
 * faced side), its rear (the opposite one) or a flank (any other side). On 8-way squares the
 * diagonals next to the front count as front, those next to the rear as rear.
 */
export function sideOf(grid: GridGeometry, facing: Direction, dir: Direction): FacingSide {
  const k = Math.abs(relativeSteps(grid, facing, dir));
  const n = grid.directions.length;
  if (n === 8) return k <= 1 ? 'front' : k >= 3 ? 'rear' : 'flank';
  return k === 0 ? 'front' : k === n / 2 ? 'rear' : 'flank';
}

const DEG = 180 / Math.PI;

/** Normalises degrees to −180 < x ≤ 180. */
function normalise(deg: number): number {
  let x = deg % 360;
  if (x <= -180) x += 360;
  if (x > 180) x -= 360;
  return x;
}

/**
 * The angle in degrees from a unit's facing to the line joining the centres of its cell and `to`:
 * 0 straight ahead, positive clockwise, ±180 straight behind (−180 < x ≤ 180). NaN when `to` is
 * the unit's own cell.
 */
export function bearing(grid: GridGeometry, from: Cell, facing: Direction, to: Cell): number {
  const base = anglesOf(grid).angle.get(facing);
  if (base === undefined) throw new RangeError(`${facing} is not a facing on this grid (${grid.directions.join(', ')})`);
  const dx = grid.centerX(to.col, to.row, 1) - grid.centerX(from.col, from.row, 1);
  const dy = grid.centerY(to.col, to.row, 1) - grid.centerY(from.col, from.row, 1);
  if (dx === 0 && dy === 0) return Number.NaN;
  // Rounded to 1e-9 degrees so a cell exactly on an arc's boundary line is on it whatever the
  // floating-point noise of the centres.
  const x = Math.round(normalise((Math.atan2(dy, dx) - base) * DEG) * 1e9) / 1e9;
  return (x <= -180 ? x + 360 : x) + 0; // `+ 0` turns -0 into 0
}

/**
 * Whether `to` lies within an arc of `arcDegrees` centred on the facing of a unit in `from`,
 * boundaries included (a 90° arc on squares takes in both 45° diagonal lines of squares). The
 * unit's own cell is never in its arc; a 360° arc takes in every other cell.
 */
export function inArc(grid: GridGeometry, from: Cell, facing: Direction, to: Cell, arcDegrees: number): boolean {
  const b = bearing(grid, from, facing, to);
  if (Number.isNaN(b)) return false;
  return Math.abs(b) <= arcDegrees / 2 + 1e-9;
}

/**
 * The facing that points most nearly at `to` (the smallest angle between the facing and the
 * line of centres); an exact tie between two facings goes to the first in clockwise order from
 * the grid's first direction. A neighbour's direction is always its own answer.
 */
export function facingToward(grid: GridGeometry, from: Cell, to: Cell): Direction {
  let best = grid.directions[0]!;
  let bestAngle = Infinity;
  for (const d of grid.directions) {
    const a = Math.abs(bearing(grid, from, d, to));
    if (a < bestAngle - 1e-9) {
      best = d;
      bestAngle = a;
    }
  }
  return best;
}
