// Cell markers and unit counters, in drawing units around a cell centre: supply-base flag,
// victory star with its VP, fortification, reinforcement entry arrow, and counters with a NATO
// branch box. Where each sits in a cell (MARKER_BOXES) is shared with label placement, so names
// keep clear of them.
import type { PlacedUnit } from '../format/scenario.types.js';
import type { Point } from '../grid/types.js';
import type { Rgb, Surface, SurfaceFont } from './surface.js';
import { SYMBOL_MARKS } from './unit-symbols.js';

export const INK: Rgb = [0.12, 0.13, 0.15];
export const WHITE: Rgb = [1, 1, 1];
export const GOLD: Rgb = [0.89, 0.7, 0.11];
export const HALO: Rgb = [1, 0.995, 0.97];

/** Where markers sit, relative to the cell centre in cell units. */
export const MARKER_AT = {
  flag: { x: -0.27, y: 0.02 },
  star: { x: 0.22, y: -0.17 },
  vp: { x: 0.22, y: -0.01 },
  fort: { x: -0.21, y: 0.15 },
  entry: { x: 0.21, y: 0.15 },
} as const;

/** The boxes markers take (cell units, relative to the centre), for label placement. */
export const MARKER_BOXES = {
  flag: { x: -0.29, y: -0.32, width: 0.24, height: 0.36 },
  star: { x: 0.1, y: -0.29, width: 0.24, height: 0.34 },
  fort: { x: -0.32, y: 0.04, width: 0.22, height: 0.22 },
  entry: { x: 0.08, y: 0.03, width: 0.26, height: 0.24 },
} as const;

/** A flag on a pole, the pole's foot at `at`; `S` is the cell size. */
export function flag(s: Surface, at: Point, S: number, colour: Rgb): void {
  const top = at.y - S * 0.32;
  s.roundJoins().strokeStyle(INK, S * 0.022);
  s.moveTo(at.x, at.y).lineTo(at.x, top).stroke();
  s.fillStyle(colour).strokeStyle(INK, S * 0.018);
  s.path(
    [
      { x: at.x, y: top },
      { x: at.x + S * 0.2, y: top + S * 0.02 },
      { x: at.x + S * 0.17, y: top + S * 0.07 },
      { x: at.x + S * 0.2, y: top + S * 0.12 },
      { x: at.x, y: top + S * 0.12 },
    ],
    true,
  );
  s.fillAndStroke();
}

export function starPoints(c: Point, r: number, points = 5, inner = 0.42, rotation = 0): Point[] {
  const pts: Point[] = [];
  for (let i = 0; i < points * 2; i++) {
    const rr = i % 2 === 0 ? r : r * inner;
    const a = -Math.PI / 2 + rotation + (i * Math.PI) / points;
    pts.push({ x: c.x + rr * Math.cos(a), y: c.y + rr * Math.sin(a) });
  }
  return pts;
}

export function star(s: Surface, c: Point, r: number, fill: Rgb | null): void {
  s.path(starPoints(c, r), true);
  s.roundJoins().strokeStyle(INK, r * 0.16);
  if (fill) s.fillStyle(fill).fillAndStroke();
  else s.stroke();
}

/** A four-pointed bastion with a keep: the fortification marker. */
export function fortification(s: Surface, c: Point, S: number): void {
  s.path(starPoints(c, S * 0.1, 4, 0.55, Math.PI / 4), true);
  s.fillStyle([0.36, 0.38, 0.4]).roundJoins().strokeStyle(INK, S * 0.018).fillAndStroke();
  s.fillStyle([0.96, 0.93, 0.88]).circle(c, S * 0.025).fill();
}

/** An arrow into the map from the border at `c`, along (ux, uy). */
export function entryArrow(s: Surface, c: Point, S: number, ux: number, uy: number, colour: Rgb): void {
  const len = S * 0.13;
  const shaft = S * 0.03;
  const head = S * 0.075;
  const nx = -uy;
  const ny = ux;
  const pts: [number, number][] = [
    [-len, -shaft],
    [len * 0.2, -shaft],
    [len * 0.2, -head],
    [len, 0],
    [len * 0.2, head],
    [len * 0.2, shaft],
    [-len, shaft],
  ];
  s.path(
    pts.map(([a, b]) => ({ x: c.x + ux * a + nx * b, y: c.y + uy * a + ny * b })),
    true,
  );
  s.fillStyle(colour).roundJoins().strokeStyle(INK, S * 0.018).fillAndStroke();
}

/** A unit counter `u` wide centred on `c`: side colour, a NATO branch box, the strength below. */
export function unitCounter<F extends SurfaceFont>(s: Surface<F>, bold: F, c: Point, u: number, unit: PlacedUnit, colour: Rgb, lightFill: boolean): void {
  const x = c.x - u / 2;
  const y = c.y - u / 2;
  // A drop shadow lifts the counter off the map, as a real one stands on it.
  s.fillStyle([0, 0, 0], 0.3).rect({ x: x + u * 0.06, y: y + u * 0.06, width: u, height: u }).fill();
  s.fillStyle(colour).buttCaps().strokeStyle(INK, u * 0.03).rect({ x, y, width: u, height: u }).fillAndStroke();
  natoSymbol(s, { x: x + u * 0.17, y: y + u * 0.12, width: u * 0.66, height: u * 0.42 }, unit.branch);
  const size = u * 0.32;
  s.fillStyle(lightFill ? INK : WHITE).text(bold, size, c.x, y + u * 0.9, `${unit.strength}${unit.elite ? '+' : ''}`, 'centre');
}

/**
 * The NATO unit symbol: a white frame with the branch's marks (infantry cross, armour oval,
 * cavalry slash...), in the current stroke style. Counters on the map and in the tabletop kit
 * share it.
 */
export function natoSymbol(s: Surface, box: { x: number; y: number; width: number; height: number }, branch: string): void {
  const { x: bx, y: by, width: bw, height: bh } = box;
  s.fillStyle(WHITE).rect(box).fillAndStroke();
  const mid = { x: bx + bw / 2, y: by + bh / 2 };
  const cross = (): void => void s.segment({ x: bx, y: by }, { x: bx + bw, y: by + bh }).segment({ x: bx + bw, y: by }, { x: bx, y: by + bh }).stroke();
  switch (branch) {
    case 'infantry':
      cross();
      break;
    case 'tank':
      s.ellipse(mid, bw * 0.32, bh * 0.28).stroke();
      break;
    case 'mechanised':
      cross();
      s.ellipse(mid, bw * 0.32, bh * 0.28).stroke();
      break;
    case 'cavalry':
      s.segment({ x: bx, y: by + bh }, { x: bx + bw, y: by }).stroke();
      break;
    case 'airborne':
      cross();
      s.path([{ x: mid.x - bw * 0.14, y: by + bh * 0.92 }, { x: mid.x, y: by + bh * 0.72 }, { x: mid.x + bw * 0.14, y: by + bh * 0.92 }], false).stroke();
      break;
    default: {
      // A ruleset's own unit type (artillery, engineers...): its marks from the one definition.
      const at = ([x, y]: readonly [number, number]) => ({ x: bx + bw * x, y: by + bh * y });
      for (const m of SYMBOL_MARKS[branch] ?? []) {
        if (m.kind === 'dot') s.fillStyle(INK).circle(at([m.x, m.y]), Math.min(bw, bh) * m.r).fill();
        else if (m.kind === 'fill') s.fillStyle(INK).path(m.points.map(at), true).fill();
        else s.path(m.points.map(at), m.closed === true).stroke();
      }
    }
  }
}

/** Where the k-th of `count` counters in a cell sits (cell units from the centre), and their width. */
export function counterSlot(k: number, count: number): { x: number; y: number; u: number } {
  const u = 0.2;
  const perRow = 3;
  const row = Math.floor(k / perRow);
  const inRow = Math.min(perRow, count - row * perRow);
  const col = k % perRow;
  return { x: (col - (inRow - 1) / 2) * u * 1.1, y: 0.04 + row * u * 0.35, u };
}
