// The scenario's own cell-side features (map.sideFeatures: escarpments, borders, walls,
// streams), drawn by the one painter so the screen, print, PNG and SVG show them alike. Each
// definition says its colour, width (a fraction of the cell), line (solid, dash, dash-dot, dot)
// and a symbol along it: an escarpment's ticks toward its lower ground, a wall's crenellation.
// A side is drawn once, from the cell that owns it (or the other one when the owner is off the
// map); a one-sided symbol faces the cell the side was written from.
import type { SideFeature } from '../format/scenario.types.js';
import type { GridGeometry } from '../grid/types.js';
import { hexToRgb, type Surface, type SurfaceFont } from './surface.js';
import { translucent } from './translucent.js';

/** A feature's sides by the cell that draws them: side index k, and whether the symbol faces that cell. */
interface Parsed {
  readonly feature: SideFeature;
  readonly byCell: Map<number, { k: number; inward: boolean }[]>;
}

const parsedCache = new WeakMap<GridGeometry, WeakMap<readonly SideFeature[], Parsed[]>>();

function parse(grid: GridGeometry, features: readonly SideFeature[]): Parsed[] {
  let byList = parsedCache.get(grid);
  if (!byList) parsedCache.set(grid, (byList = new WeakMap()));
  const hit = byList.get(features);
  if (hit) return hit;
  const out = features.map((feature): Parsed => {
    const byCell = new Map<number, { k: number; inward: boolean }[]>();
    for (const written of feature.sides) {
      const edge = grid.parseEdge(written);
      if (!edge) continue;
      const [owner, other] = grid.edgeCells(edge);
      const [at, across] = grid.inMap(owner) ? [owner, other] : [other, owner];
      if (!grid.inMap(at)) continue;
      const dir = grid.directionTo(at, across);
      const k = dir ? grid.sideDirections.indexOf(dir) : -1;
      if (k < 0) continue;
      const m = /^(-?\d+),(-?\d+),/.exec(written);
      const inward = !!m && Number(m[1]) === at.col && Number(m[2]) === at.row;
      const i = grid.index(at);
      const list = byCell.get(i);
      if (list) list.push({ k, inward });
      else byCell.set(i, [{ k, inward }]);
    }
    return { feature, byCell };
  });
  byList.set(features, out);
  return out;
}

export interface SideFeatureStyle {
  /** Cell size across flats, drawing units. */
  S: number;
  outline: boolean;
  minLine: (nominal: number, minPx: number) => number;
  /** Layer ids (side:<id>) not to draw. */
  hidden?: readonly string[];
  opacity?: Partial<Record<string, number>>;
}

const INK = hexToRgb('#1a1a1a');

/** The dash pattern of a line style, for a line `w` wide. */
function dashOf(line: SideFeature['line'], w: number): number[] {
  switch (line) {
    case 'dash':
      return [w * 3, w * 2];
    case 'dash-dot':
      return [w * 4, w * 1.6, w * 0.6, w * 1.6];
    case 'dot':
      return [w * 0.05, w * 1.8];
    default:
      return [];
  }
}

/** Draws every feature's sides among the cells given (indices and centres, as the painter lists them). */
export function paintSideFeatures<F extends SurfaceFont>(
  base: Surface<F>,
  grid: GridGeometry,
  features: readonly SideFeature[],
  cells: { n: number; index: Int32Array; x: Float64Array; y: Float64Array },
  style: SideFeatureStyle,
): void {
  if (features.length === 0) return;
  const { S } = style;
  const corners = grid.cornerOffsets(S);
  for (const p of parse(grid, features)) {
    const f = p.feature;
    if (p.byCell.size === 0 || style.hidden?.includes(`side:${f.id}`)) continue;
    const s = translucent(base, style.opacity?.[`side:${f.id}`]);
    const colour = style.outline ? INK : hexToRgb(f.colour);
    const w = style.minLine((f.width ?? 0.06) * S, 1.4);
    const symbol = f.symbol ?? 'none';
    // The line itself: one path for the feature.
    const segs: [number, number, number, number, number, number, boolean][] = [];
    for (let i = 0; i < cells.n; i++) {
      const list = p.byCell.get(cells.index[i]!);
      if (!list) continue;
      const cx = cells.x[i]!;
      const cy = cells.y[i]!;
      for (const { k, inward } of list) {
        const a = corners[k]!;
        const b = corners[(k + 1) % corners.length]!;
        segs.push([cx + a.x, cy + a.y, cx + b.x, cy + b.y, cx, cy, inward]);
      }
    }
    if (segs.length === 0) continue;
    s.lineStyle(f.line === 'dot' ? 'round' : 'butt', 'round').strokeStyle(colour, w, dashOf(f.line ?? 'solid', w));
    for (const [x0, y0, x1, y1] of segs) s.moveTo(x0, y0).lineTo(x1, y1);
    s.stroke();
    if (symbol === 'none') continue;
    // Symbols on one side: toward the cell's centre when the side faces it, away otherwise.
    for (const [x0, y0, x1, y1, cx, cy, inward] of segs) {
      const dx = x1 - x0;
      const dy = y1 - y0;
      const len = Math.hypot(dx, dy);
      const ux = dx / len;
      const uy = dy / len;
      // The normal pointing into the drawing cell.
      let nx = -uy;
      let ny = ux;
      if (nx * (cx - (x0 + x1) / 2) + ny * (cy - (y0 + y1) / 2) < 0) {
        nx = -nx;
        ny = -ny;
      }
      if (!inward) {
        nx = -nx;
        ny = -ny;
      }
      if (symbol === 'ticks') {
        const n = Math.max(2, Math.round(len / (S * 0.11)));
        const tick = S * 0.1;
        s.buttCaps().strokeStyle(colour, w * 0.6);
        for (let j = 0; j < n; j++) {
          const t = (j + 0.5) / n;
          const px = x0 + dx * t + nx * w * 0.4;
          const py = y0 + dy * t + ny * w * 0.4;
          s.moveTo(px, py).lineTo(px + nx * tick, py + ny * tick);
        }
        s.stroke();
      } else {
        // Crenellation: square merlons standing on the facing side of the wall.
        const n = Math.max(2, Math.round(len / (S * 0.14)));
        const m = Math.min(len / (2 * n), S * 0.07);
        s.fillStyle(colour);
        for (let j = 0; j < n; j++) {
          const t = (j + 0.5) / n;
          const mx = x0 + dx * t;
          const my = y0 + dy * t;
          const h = m * 1.1 + w * 0.5;
          s.path(
            [
              { x: mx - ux * m * 0.5, y: my - uy * m * 0.5 },
              { x: mx + ux * m * 0.5, y: my + uy * m * 0.5 },
              { x: mx + ux * m * 0.5 + nx * h, y: my + uy * m * 0.5 + ny * h },
              { x: mx - ux * m * 0.5 + nx * h, y: my - uy * m * 0.5 + ny * h },
            ],
            true,
          );
        }
        s.fill();
      }
    }
    s.roundJoins();
  }
}
