// Fire (seed 004, "Artillery Fire", "Non-Artillery Fire", "Pinning"): arcs of 90° forward of the
// facing, ranges measured orthogonally, firing out of woods, built-up areas and fortifications
// only from their edge, direct fire when the whole target can be seen (else indirect, or "in
// cover"), artillery fire at three squares or more drifting on the die, and the effect tables.
import type { PwUnitState } from '../../format/ruleset-pw.types.js';
import { cellsInArc, lineOfSight, sightLines, type Cell, type SightLine } from '../../grid/index.js';
import { DIR_INDEX, DIRS, orthRange, stepFrom, type Facing, type PwBoard } from './board.js';
import { cellIx, isArtillery, isFordingHeld, occupancy, onMap, rangeOf, roleOf, unitAt, type PwGame } from './state.js';

const cellOf = (b: PwBoard, i: number): Cell => ({ col: i % b.cols, row: Math.floor(i / b.cols) });

/**
 * What hides a unit from an observer in square `from`: woods, built-up areas and fortifications
 * between them; a hill square at least as high as both ends and higher than the lower one (a
 * crest, with dead ground beyond); and other units, unless one end stands higher than the square
 * they are in (so sight stays symmetric). The target's own square never hides it (its cover counts separately).
 */
export function sightRules(s: PwGame, b: PwBoard, from: number, to: number) {
  const occ = occupancy(s, b);
  const low = Math.min(b.contour[from]!, b.contour[to]!);
  const high = Math.max(b.contour[from]!, b.contour[to]!);
  const blocks = (c: Cell, at: 'between' | 'target'): boolean => {
    if (at === 'target') return false;
    const i = c.row * b.cols + c.col;
    if (b.cover[i]) return true;
    const h = b.contour[i]!;
    if (h > low && h >= high) return true;
    return occ[i]! >= 0 && high <= h;
  };
  // A side feature that blocks sight (a wall, a hedge) on a side the line crosses.
  const blocksSide = (a: Cell, z: Cell): boolean => sideBlocks(b, a.row * b.cols + a.col, z.row * b.cols + z.col);
  return { blocks, blocksSide, ties: 'either' as const };
}

/** The geometry of sight lines and fire zones depends on the board only: kept per board. */
interface Memo {
  lines: Map<number, { left: number[]; right: number[] }>;
  zones: Map<string, number[]>;
}
const memos = new WeakMap<PwBoard, Memo>();
function memoOf(b: PwBoard): Memo {
  let m = memos.get(b);
  if (!m) {
    m = { lines: new Map(), zones: new Map() };
    memos.set(b, m);
  }
  return m;
}

/** The two nudged lines between two squares' centres, as square indices (see shared/grid/los.ts). */
function linesBetween(b: PwBoard, from: number, to: number): { left: number[]; right: number[] } {
  const m = memoOf(b);
  const key = from * b.n + to;
  let hit = m.lines.get(key);
  if (!hit) {
    const l = sightLines(b.grid, cellOf(b, from), cellOf(b, to));
    hit = { left: l.left.map((c) => c.row * b.cols + c.col), right: l.right.map((c) => c.row * b.cols + c.col) };
    m.lines.set(key, hit);
  }
  return hit;
}

/** Whether a side feature blocking sight lies between neighbouring squares `a` and `z`. */
function sideBlocks(b: PwBoard, a: number, z: number): boolean {
  for (let d = 0; d < 4; d++) if (b.nb[a * 4 + d] === z) return b.sightWall[a * 4 + d]! > 0;
  return false;
}

/** Whether a unit in `to` can be seen entire from `from` (the fast path of `sight`). */
export function seesEntire(s: PwGame, b: PwBoard, from: number, to: number): boolean {
  const { blocks } = sightRules(s, b, from, to);
  const { left, right } = linesBetween(b, from, to);
  for (const line of [left, right]) {
    for (let k = 1; k < line.length; k++) {
      const i = line[k]!;
      if (b.sightWalls && sideBlocks(b, line[k - 1]!, i)) return false;
      if (k < line.length - 1 && blocks({ col: i % b.cols, row: Math.floor(i / b.cols) }, 'between')) return false;
    }
  }
  return true;
}

/** The line of sight between two squares: clear only when a unit in `to` can be seen entire. */
export function sight(s: PwGame, b: PwBoard, from: number, to: number): SightLine {
  return lineOfSight(b.grid, cellOf(b, from), cellOf(b, to), sightRules(s, b, from, to));
}

/** The name of a side feature blocking sight on the side the line from `from` to `to` crosses into `at`, if one does. */
function sightWallName(b: PwBoard, from: number, at: number, to: number): string | null {
  const { left, right } = linesBetween(b, from, to);
  for (const line of [left, right]) {
    const k = line.indexOf(at);
    if (k > 0 && sideBlocks(b, line[k - 1]!, at)) {
      const ix = line[k - 1]!;
      const e = b.grid.edgeBetween({ col: ix % b.cols, row: Math.floor(ix / b.cols) }, { col: at % b.cols, row: Math.floor(at / b.cols) });
      return (b.scenario.map.sideFeatures ?? []).find((f) => f.blocks?.sight && f.sides.some((w) => b.grid.parseEdge(w) === e))?.name ?? 'wall';
    }
  }
  return null;
}

/** Why a line is blocked, for people. */
export function blockReason(s: PwGame, b: PwBoard, from: number, at: number, to: number): string {
  const where = b.labels[at] ?? '?';
  const wall = sightWallName(b, from, at, to);
  if (wall) return `The ${wall.toLowerCase()} before ${where} blocks the view`;
  if (b.fort[at]) return `The fortification in ${where} blocks the view`;
  if (b.role[at] === 'woods') return `Woods in ${where} block the view`;
  if (b.role[at] === 'builtUp') return `The built-up area in ${where} blocks the view`;
  if (occupancy(s, b)[at]! >= 0 && b.contour[at]! >= Math.max(b.contour[from]!, b.contour[to]!)) return `A unit in ${where} blocks the view`;
  return `The crest of the hill in ${where} hides ${b.labels[to] ?? '?'}`;
}

/**
 * A unit in woods, a built-up area or a fortification fires out only from its edge: the square
 * next to it in the direction of fire (where the line of fire leaves its square; either of the two
 * on an exact diagonal) holds none of them. Elsewhere it may always fire.
 */
export function firesOutOf(b: PwBoard, from: number, to: number): boolean {
  if (!b.cover[from] || from === to) return true;
  const { left, right } = linesBetween(b, from, to);
  return !b.cover[left[1]!] || !b.cover[right[1]!];
}

/** Squares the unit's fire reaches from where it stands: in its 90° forward arc, within its range orthogonally, able to fire out of cover there. */
export function fireZone(b: PwBoard, u: PwUnitState, range: number): number[] {
  const i = cellIx(b, u);
  if (i < 0 || range <= 0) return [];
  const m = memoOf(b);
  const key = `${i},${u.facing},${range}`;
  let hit = m.zones.get(key);
  if (!hit) {
    hit = cellsInArc(b.grid, cellOf(b, i), u.facing, 90, range)
      .map((c) => c.row * b.cols + c.col)
      .filter((t) => firesOutOf(b, i, t));
    m.zones.set(key, hit);
  }
  return hit;
}

/** Squares holding an enemy unit that the unit could fire at now (its zone; fording units in their held turn may not fire). */
export function fireTargets(s: PwGame, b: PwBoard, u: PwUnitState): number[] {
  if (!onMap(u) || isFordingHeld(s, u)) return [];
  const role = roleOf(b, u.side);
  return fireZone(b, u, rangeOf(b, u)).filter((t) => {
    const e = unitAt(s, b, t);
    return e !== undefined && roleOf(b, e.side) !== role;
  });
}

/** Whether a small-arms unit (not artillery) may be activated to fire now. */
export function mayFire(s: PwGame, b: PwBoard, u: PwUnitState): boolean {
  return onMap(u) && !isArtillery(b, u) && rangeOf(b, u) > 0 && !u.activated && !u.moved && !u.fired && !isFordingHeld(s, u);
}

/** Whether an artillery unit may be given a fire order this turn (pinned artillery may fire). */
export function mayBombard(s: PwGame, b: PwBoard, u: PwUnitState): boolean {
  return onMap(u) && isArtillery(b, u) && !u.fired && !isFordingHeld(s, u);
}

/** The target is in cover: in woods, a built-up area or a fortification, pinned ("gone to ground"), or not seen entire. */
export function inCover(s: PwGame, b: PwBoard, from: number, target: PwUnitState): boolean {
  const t = cellIx(b, target);
  return b.cover[t] === 1 || target.pinned || !seesEntire(s, b, from, t);
}

export type FireEffect = 'destroyed' | 'pinned' | 'none';

/** Direct artillery fire and non-artillery fire at a target in the open: 5–6 destroys; else pins (artillery) or 2–4 pins, 1 nothing (small arms). */
export function effectOf(kind: 'artillery' | 'smallArms', cover: boolean, die: number): FireEffect {
  if (cover) return die === 6 ? 'destroyed' : die >= 4 ? 'pinned' : 'none';
  if (die >= 5) return 'destroyed';
  if (kind === 'artillery') return 'pinned';
  return die >= 2 ? 'pinned' : 'none';
}

/** Where long-range artillery fire lands for a die score, seen from the gun (12 o'clock is the gun's facing): 1 left, 2 beyond, 3 right, 4 short, 5–6 on target. */
export const DRIFT = ['left', 'beyond', 'right', 'short', 'on target', 'on target'] as const;
export type Drift = (typeof DRIFT)[number];

/** The square fire aimed at `target` lands in after drifting `drift`, relative to a gun facing `facing`; -1 off the map. */
export function driftCell(b: PwBoard, target: number, facing: Facing, drift: Drift): number {
  const f = DIR_INDEX[facing];
  switch (drift) {
    case 'on target':
      return target;
    case 'beyond':
      return stepFrom(b, target, f);
    case 'short':
      return stepFrom(b, target, (f + 2) % 4);
    case 'left':
      return stepFrom(b, target, (f + 3) % 4);
    case 'right':
      return stepFrom(b, target, (f + 1) % 4);
  }
}

/** Fire at two squares or less hits the target square; from three squares it may drift. */
export const drifts = (b: PwBoard, from: number, target: number): boolean => orthRange(b, from, target) >= 3;

export { DIRS };
