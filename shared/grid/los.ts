// Line of sight over any grid: which cells the straight line between two cell centres passes
// through, and whether the ruleset's blocking cells stop it. Pure geometry plus a predicate, so
// each ruleset says what blocks (woods, towns, hills higher than both ends, units) and the UI
// draws the same line the rules trace.
//
// The line is walked cell by cell through the sides it crosses (exact for squares, hexes and the
// brick layout alike). A line that runs exactly through a corner (squares) or along a side
// (hexes) passes between cells, and rulesets differ there; so the line is traced twice, nudged a
// hair to either side, and `ties` decides: 'both' (the default) sees through the gap unless both
// nudged lines are blocked, 'either' sees only when both are clear (The Portable Wargame: a unit
// must be seen entire). Blocking depends on the cells only, so sight is symmetric: a sees b
// exactly when b sees a (unless the ruleset makes the target's own cell block).
//
//   const sight = lineOfSight(g, from, to, { blocks: (c) => woods.has(cellId(c)), ties: 'either' });
//   sight.clear; sight.cells; sight.blockedAt;
import type { Cell, GridGeometry } from './types.js';

/** What blocks sight, as the ruleset says. */
export interface SightRules {
  /**
   * Whether this cell blocks sight. Called for the cells strictly between the two ends with
   * `at: 'between'`, and for the target cell with `at: 'target'` (return false there unless the
   * target's own terrain hides it). The observer's own cell never blocks.
   */
  blocks(cell: Cell, at: 'between' | 'target'): boolean;
  /**
   * Whether the side between two neighbouring cells the line passes from one into the other
   * blocks sight (a wall, a hedge: a feature on a cell side, not in a cell). Optional; when it
   * does, the cell beyond the side is where the view is lost. Asked for every side the line
   * crosses, the target's too.
   */
  blocksSide?(from: Cell, into: Cell): boolean;
  /** A line passing exactly between two cells: 'both' blocks only if both sides are blocked; 'either' if either is. Default 'both'. */
  ties?: 'both' | 'either';
}

export interface SightLine {
  clear: boolean;
  /** Cells the line passes through from `from` to `to` inclusive; where it passes exactly between two cells, both. */
  cells: Cell[];
  /** The same line nudged a hair to the left and to the right of the true one (equal where it never passes between cells). */
  left: Cell[];
  right: Cell[];
  /** The first blocking cell along the line, when it is blocked. */
  blockedAt?: Cell;
}

const NUDGE = 1e-6;
const same = (a: Cell, b: Cell): boolean => a.col === b.col && a.row === b.row;

/**
 * The cells a segment from (x0,y0) in cell `from` to (x1,y1) in cell `to` passes through, walked
 * from side to side: in each cell, the side the segment leaves by is the one it meets last.
 * Coordinates are in cell sizes (size 1).
 */
function walk(grid: GridGeometry, from: Cell, to: Cell, x0: number, y0: number, x1: number, y1: number): Cell[] {
  const out: Cell[] = [from];
  const dx = x1 - x0;
  const dy = y1 - y0;
  const sides = grid.sideDirections;
  const offsets = grid.cornerOffsets(1);
  const n = offsets.length;
  let cur = from;
  let tIn = 0;
  // No straight line crosses more cells than this; a guard against numerical trouble.
  const limit = 4 * (Math.abs(to.col - from.col) + Math.abs(to.row - from.row)) + 8;
  while (!same(cur, to)) {
    if (out.length > limit) throw new Error(`lineOfSight: lost the line from ${from.col},${from.row} to ${to.col},${to.row}`);
    const cx = grid.centerX(cur.col, cur.row, 1);
    const cy = grid.centerY(cur.col, cur.row, 1);
    let bestT = -Infinity;
    let bestSide = -1;
    for (let k = 0; k < n; k++) {
      const ax = cx + offsets[k]!.x;
      const ay = cy + offsets[k]!.y;
      const ex = cx + offsets[(k + 1) % n]!.x - ax;
      const ey = cy + offsets[(k + 1) % n]!.y - ay;
      // Solve p0 + t·d = a + u·e.
      const den = dx * ey - dy * ex;
      if (Math.abs(den) < 1e-15) continue;
      const t = ((ax - x0) * ey - (ay - y0) * ex) / den;
      const u = ((ax - x0) * dy - (ay - y0) * dx) / den;
      if (u < -1e-12 || u > 1 + 1e-12 || t <= tIn + 1e-12) continue;
      if (t > bestT) {
        bestT = t;
        bestSide = k;
      }
    }
    if (bestSide < 0) throw new Error(`lineOfSight: no way out of ${cur.col},${cur.row} towards ${to.col},${to.row}`);
    cur = grid.step(cur, sides[bestSide]!)!;
    tIn = bestT;
    out.push(cur);
  }
  return out;
}

/**
 * The line between the centres of two cells, nudged a hair to its left and to its right (as seen
 * from `from`): the cells each passes through, in order, both ends included. Where the true line
 * passes exactly between cells the two differ; elsewhere they are the same.
 */
export function sightLines(grid: GridGeometry, from: Cell, to: Cell): { left: Cell[]; right: Cell[] } {
  if (same(from, to)) return { left: [from], right: [from] };
  const x0 = grid.centerX(from.col, from.row, 1);
  const y0 = grid.centerY(from.col, from.row, 1);
  const x1 = grid.centerX(to.col, to.row, 1);
  const y1 = grid.centerY(to.col, to.row, 1);
  const len = Math.hypot(x1 - x0, y1 - y0);
  // Unit normal to the left of the direction of travel (y down: left is (dy, -dx)).
  const nx = ((y1 - y0) / len) * NUDGE;
  const ny = (-(x1 - x0) / len) * NUDGE;
  return {
    left: walk(grid, from, to, x0 + nx, y0 + ny, x1 + nx, y1 + ny),
    right: walk(grid, from, to, x0 - nx, y0 - ny, x1 - nx, y1 - ny),
  };
}

/** Both nudged lines merged in order: each cell once, tie pairs side by side. */
function merge(left: Cell[], right: Cell[]): Cell[] {
  const out: Cell[] = [];
  const seen = new Set<string>();
  const add = (c: Cell): void => {
    const k = `${c.col},${c.row}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push(c);
    }
  };
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    const a = left[i];
    const b = right[j];
    if (a && b && same(a, b)) {
      add(a);
      i++;
      j++;
      continue;
    }
    // The lines part: take each side's cells up to the next cell both pass through.
    const rightKeys = new Map(right.slice(j).map((c, k) => [`${c.col},${c.row}`, j + k]));
    let meetI = i;
    while (meetI < left.length && !rightKeys.has(`${left[meetI]!.col},${left[meetI]!.row}`)) meetI++;
    const meetJ = meetI < left.length ? rightKeys.get(`${left[meetI]!.col},${left[meetI]!.row}`)! : right.length;
    while (i < meetI || j < meetJ) {
      if (i < meetI) add(left[i++]!);
      if (j < meetJ) add(right[j++]!);
    }
  }
  return out;
}

/** The first cell of `line` that blocks (observer's cell skipped, target asked as the target), or undefined. */
function firstBlock(line: Cell[], rules: SightRules): Cell | undefined {
  for (let k = 1; k < line.length; k++) {
    const c = line[k]!;
    if (rules.blocksSide?.(line[k - 1]!, c)) return c;
    if (rules.blocks(c, k === line.length - 1 ? 'target' : 'between')) return c;
  }
  return undefined;
}

/** Line of sight from `from` to `to` under the ruleset's blocking rule (see the file comment). */
export function lineOfSight(grid: GridGeometry, from: Cell, to: Cell, rules: SightRules): SightLine {
  const { left, right } = sightLines(grid, from, to);
  const cells = merge(left, right);
  const bl = firstBlock(left, rules);
  const br = firstBlock(right, rules);
  const strict = rules.ties === 'either';
  const clear = strict ? bl === undefined && br === undefined : bl === undefined || br === undefined;
  const out: SightLine = { clear, cells, left, right };
  if (!clear) {
    // Where the view is lost: strictly, at the first block on either nudged line; leniently,
    // where the second of the two is blocked too.
    const order = (c: Cell): number => cells.findIndex((x) => same(x, c));
    const deciding = [bl, br].filter((c): c is Cell => c !== undefined).sort((a, b) => order(a) - order(b));
    out.blockedAt = strict ? deciding[0]! : deciding[deciding.length - 1]!;
  }
  return out;
}
