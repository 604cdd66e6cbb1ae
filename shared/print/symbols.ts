// Map symbols drawn in map units around a point: supply-base flag, victory star,
// fortification, entry arrow, unit counter. Sizes are given by the caller.
import type { PlacedUnit } from '../format/scenario.types.js';
import type { Point } from '../grid/index.js';
import type { PrintFont, PrintSurface, Rgb } from './surface.js';

const INK: Rgb = [0.1, 0.1, 0.1];
const WHITE: Rgb = [1, 1, 1];
const GOLD: Rgb = [0.93, 0.73, 0.12];

/** A flag on a pole, the pole's foot at `at`; `h` is the pole height. */
export function flag(cv: PrintSurface, at: Point, h: number, colour: Rgb, ink: Rgb = INK): void {
  const pole = { x: at.x - h * 0.25, y: at.y };
  const top = { x: pole.x, y: at.y - h };
  cv.fillStyle(colour).path([top, { x: top.x + h * 0.6, y: top.y + h * 0.2 }, { x: top.x, y: top.y + h * 0.42 }], true).fill();
  cv.strokeStyle(ink, h * 0.06).path([top, { x: top.x + h * 0.6, y: top.y + h * 0.2 }, { x: top.x, y: top.y + h * 0.42 }], true).stroke();
  cv.strokeStyle(ink, h * 0.07).segment(pole, top).stroke();
}

export function starPoints(c: Point, r: number): Point[] {
  const pts: Point[] = [];
  for (let i = 0; i < 10; i++) {
    const rr = i % 2 === 0 ? r : r * 0.42;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    pts.push({ x: c.x + rr * Math.cos(a), y: c.y + rr * Math.sin(a) });
  }
  return pts;
}

export function star(cv: PrintSurface, c: Point, r: number, fillColour: Rgb | null, ink: Rgb = INK): void {
  const pts = starPoints(c, r);
  if (fillColour) cv.fillStyle(fillColour).path(pts, true).fill();
  cv.strokeStyle(ink, r * 0.09).path(pts, true).stroke();
}

/** A little crenellated wall, `w` wide, centred on `c`. */
export function fortification(cv: PrintSurface, c: Point, w: number, ink: Rgb = INK): void {
  const h = w * 0.55;
  const x0 = c.x - w / 2;
  const y1 = c.y + h / 2;
  const y0 = c.y - h / 2;
  const m = w / 5;
  const notch = h * 0.3;
  const pts: Point[] = [
    { x: x0, y: y1 },
    { x: x0, y: y0 },
    { x: x0 + m, y: y0 },
    { x: x0 + m, y: y0 + notch },
    { x: x0 + 2 * m, y: y0 + notch },
    { x: x0 + 2 * m, y: y0 },
    { x: x0 + 3 * m, y: y0 },
    { x: x0 + 3 * m, y: y0 + notch },
    { x: x0 + 4 * m, y: y0 + notch },
    { x: x0 + 4 * m, y: y0 },
    { x: x0 + w, y: y0 },
    { x: x0 + w, y: y1 },
  ];
  cv.strokeStyle(ink, w * 0.08).path(pts, true).stroke();
}

/** An arrow pointing down into the cell, for reinforcement entry cells. */
export function entryArrow(cv: PrintSurface, c: Point, w: number, colour: Rgb, ink: Rgb = INK): void {
  const pts: Point[] = [
    { x: c.x - w * 0.2, y: c.y - w * 0.5 },
    { x: c.x + w * 0.2, y: c.y - w * 0.5 },
    { x: c.x + w * 0.2, y: c.y },
    { x: c.x + w * 0.45, y: c.y },
    { x: c.x, y: c.y + w * 0.5 },
    { x: c.x - w * 0.45, y: c.y },
    { x: c.x - w * 0.2, y: c.y },
  ];
  cv.fillStyle(colour).path(pts, true).fill();
  cv.strokeStyle(ink, w * 0.05).path(pts, true).stroke();
}

/** A unit counter `u` wide centred on `c`: side colour, a NATO branch box, the strength below. */
export function unitCounter<F extends PrintFont>(cv: PrintSurface<F>, bold: F, c: Point, u: number, unit: PlacedUnit, colour: Rgb, lightFill: boolean): void {
  const x = c.x - u / 2;
  const y = c.y - u / 2;
  cv.fillStyle(colour).rect({ x, y, width: u, height: u }).fill();
  cv.strokeStyle(INK, u * 0.03).rect({ x, y, width: u, height: u }).stroke();
  const bx = x + u * 0.17;
  const by = y + u * 0.12;
  const bw = u * 0.66;
  const bh = u * 0.42;
  cv.fillStyle(WHITE).rect({ x: bx, y: by, width: bw, height: bh }).fill();
  cv.strokeStyle(INK, u * 0.03).rect({ x: bx, y: by, width: bw, height: bh }).stroke();
  const mid = { x: bx + bw / 2, y: by + bh / 2 };
  const cross = (): void => void cv.segment({ x: bx, y: by }, { x: bx + bw, y: by + bh }).segment({ x: bx + bw, y: by }, { x: bx, y: by + bh }).stroke();
  cv.strokeStyle(INK, u * 0.03);
  switch (unit.branch) {
    case 'infantry':
      cross();
      break;
    case 'tank':
      cv.ellipse(mid, bw * 0.32, bh * 0.28).stroke();
      break;
    case 'mechanised':
      cross();
      cv.ellipse(mid, bw * 0.32, bh * 0.28).stroke();
      break;
    case 'cavalry':
      cv.segment({ x: bx, y: by + bh }, { x: bx + bw, y: by }).stroke();
      break;
    case 'airborne':
      cross();
      cv.path([{ x: mid.x - bw * 0.14, y: by + bh * 0.92 }, { x: mid.x, y: by + bh * 0.72 }, { x: mid.x + bw * 0.14, y: by + bh * 0.92 }], false).stroke();
      break;
  }
  const size = u * 0.32;
  cv.fillStyle(lightFill ? INK : WHITE).text(bold, size, c.x, y + u * 0.9, `${unit.strength}${unit.elite ? '+' : ''}`, 'centre');
}

export { GOLD, INK, WHITE };
