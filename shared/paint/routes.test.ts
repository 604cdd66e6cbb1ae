import { describe, expect, it } from 'vitest';
import { createGrid } from '../grid/index.js';
import type { Cell } from '../grid/types.js';
import { PaintCache } from './cache.js';
import type { PaintModel } from './model.js';
import { cellRouteCurves, cubicAt, sideGeometry } from './routes.js';

/** A map with one road along `path` (adjacent cells): its sides are the road. */
function roadModel(path: Cell[], kind: 'flat' | 'pointy' = 'flat'): PaintModel {
  const grid = createGrid({ kind: 'hex', orientation: kind, offset: 'odd', cols: 8, rows: 8 });
  const roads = new Set(grid.edgesAlongPath(path));
  return { grid, cols: 8, rows: 8, terrainTypes: [], sides: [], terrain: new Uint8Array(64), control: new Uint8Array(64).fill(255), features: new Map(), riverSet: new Set(), lakeShoreSet: new Set(), roadSet: roads, railSet: new Set(), defaultVictoryVp: 2 };
}

/** Points along the road, cell by cell in path order, each cell's curve oriented to run on from the last point. */
function sample(model: PaintModel, path: Cell[], S = 100, perCurve = 24): { x: number; y: number }[] {
  const masks = new PaintCache(model).mask('roads');
  const sides = sideGeometry(model.grid);
  const pts: { x: number; y: number }[] = [];
  for (const cell of path) {
    const curves: number[] = [];
    cellRouteCurves(masks[model.grid.index(cell)]!, model.grid.centerX(cell.col, cell.row, S), model.grid.centerY(cell.col, cell.row, S), S, sides, curves);
    expect(curves.length).toBeGreaterThan(0);
    // Interior cells hold one curve between their two road sides; the ends a spoke to the centre.
    let seg = Array.from({ length: perCurve + 1 }, (_, k) => cubicAt(curves, 0, k / perCurve));
    const last = pts[pts.length - 1];
    if (last && Math.hypot(seg[0]!.x - last.x, seg[0]!.y - last.y) > Math.hypot(seg[perCurve]!.x - last.x, seg[perCurve]!.y - last.y)) seg = seg.reverse();
    if (!last && path.length > 1) seg = seg.reverse(); // the first cell's spoke runs centre → side
    pts.push(...(last ? seg.slice(1) : seg));
  }
  return pts;
}

/** The largest change of heading between successive steps, in degrees. */
function maxTurn(pts: { x: number; y: number }[]): number {
  let worst = 0;
  for (let i = 2; i < pts.length; i++) {
    const a = Math.atan2(pts[i - 1]!.y - pts[i - 2]!.y, pts[i - 1]!.x - pts[i - 2]!.x);
    const b = Math.atan2(pts[i]!.y - pts[i - 1]!.y, pts[i]!.x - pts[i - 1]!.x);
    let d = Math.abs(b - a);
    if (d > Math.PI) d = 2 * Math.PI - d;
    worst = Math.max(worst, (d * 180) / Math.PI);
  }
  return worst;
}

describe('roads are smooth curves through the sides they cross', () => {
  // Through four hexes with two bends, from a town at one end to a town at the other.
  const path: Cell[] = [
    { col: 1, row: 2 },
    { col: 2, row: 2 },
    { col: 3, row: 3 },
    { col: 3, row: 4 },
    { col: 4, row: 4 },
    { col: 5, row: 5 },
  ];

  it('sampled points along a road through four hexes never turn more than 12° between samples', () => {
    for (const kind of ['flat', 'pointy'] as const) {
      const model = roadModel(path, kind);
      // The same run of cells on each layout, as the line tool lays it (adjacent, with bends).
      const run = model.grid.line({ col: 1, row: 1 }, { col: 5, row: 4 });
      expect(run.length).toBeGreaterThanOrEqual(6);
      const laid = roadModel(run, kind);
      const pts = sample(laid, run);
      expect(pts.length).toBeGreaterThan(100);
      expect(maxTurn(pts), kind).toBeLessThan(12);
    }
  });

  it('the road meets each crossed side at its middle, square to it, from both cells', () => {
    const model = roadModel(path);
    const masks = new PaintCache(model).mask('roads');
    const sides = sideGeometry(model.grid);
    for (const edge of model.roadSet) {
      const [a, b] = model.grid.edgeCells(edge);
      const [p, q] = model.grid.edgeEndpoints(edge, 100);
      const mid = { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
      for (const cell of [a, b]) {
        const curves: number[] = [];
        cellRouteCurves(masks[model.grid.index(cell)]!, model.grid.centerX(cell.col, cell.row, 100), model.grid.centerY(cell.col, cell.row, 100), 100, sides, curves);
        const ends = [];
        for (let o = 0; o < curves.length; o += 8) ends.push([curves[o]!, curves[o + 1]!, curves[o + 2]!, curves[o + 3]!], [curves[o + 6]!, curves[o + 7]!, curves[o + 4]!, curves[o + 5]!]);
        const at = ends.find(([x, y]) => Math.hypot(x! - mid.x, y! - mid.y) < 1e-9);
        expect(at, `${edge} from ${cell.col},${cell.row}`).toBeDefined();
        // The first control point lies on the normal through the side's middle.
        const [x, y, cx, cy] = at!;
        const along = ((cx! - x!) * (q.x - p.x) + (cy! - y!) * (q.y - p.y)) / Math.hypot(q.x - p.x, q.y - p.y);
        expect(Math.abs(along)).toBeLessThan(1e-9);
      }
    }
  });

  it('the old centre-to-side-to-centre polyline would fail the same turn test', () => {
    const model = roadModel(path);
    const pts = path.map((c) => model.grid.center(c, 100));
    expect(maxTurn(pts)).toBeGreaterThan(12);
  });
});
