// One implementation of GridGeometry for every grid family, driven by the tables in
// families.ts. Topology (steps, distances, lines) is done in axial coordinates; offset
// (col,row) appears only at the boundary.
import { cellId, parseCellId, type Cell, type CellGridSpec, type Direction, type EdgeId, type GridGeometry, type Point, type Rect } from './types.js';
import { OPPOSITE, isDirection } from './directions.js';
import { familyFor } from './families.js';
import { cubeRound, hexDistance, hexLine, type Axial } from './hex.js';
import { axialToCol, axialToRow, offsetToQ, offsetToR } from './offset.js';
import { squareLine4, squareLine8 } from './square.js';
import { makeLabeller } from './labels.js';

const EDGE_PATTERN = /^\s*(-?\d+)\s*,\s*(-?\d+)\s*,\s*([A-Za-z]{1,2})\s*$/;

function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const vx = bx - ax;
  const vy = by - ay;
  const len2 = vx * vx + vy * vy;
  let t = len2 === 0 ? 0 : ((px - ax) * vx + (py - ay) * vy) / len2;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return Math.hypot(px - (ax + t * vx), py - (ay + t * vy));
}

export function createGeometry(spec: CellGridSpec): GridGeometry {
  const fam = familyFor(spec);
  const { axis, sign, dq, dr, directions, sideDirections, ownedDirections } = fam;
  const [m0, m1, m2, m3] = fam.matrix;
  // Inverse matrix for pixel → fractional axial.
  const det = m0 * m3 - m1 * m2;
  const i0 = m3 / det;
  const i1 = -m1 / det;
  const i2 = -m2 / det;
  const i3 = m0 / det;
  const { cols, rows } = spec;
  const cellCount = cols * rows;
  const dirIndex = new Map<Direction, number>(directions.map((d, i) => [d, i]));
  const owned = new Set<Direction>(ownedDirections);
  const sides = new Set<Direction>(sideDirections);
  const cornerCount = fam.corners.length;
  const cornerX = fam.corners.map((c) => c[0]);
  const cornerY = fam.corners.map((c) => c[1]);
  const labeller = makeLabeller(spec.labels, cols, rows);

  // Centre of (col,row) in units of size before the map is moved to start at (0,0).
  const rawX = (col: number, row: number): number =>
    m0 * offsetToQ(axis, sign, col, row) + m1 * offsetToR(axis, sign, col, row);
  const rawY = (col: number, row: number): number =>
    m2 * offsetToQ(axis, sign, col, row) + m3 * offsetToR(axis, sign, col, row);

  // The map's extent. Centres are affine in col and row apart from the parity shift, so
  // the first two and last two lines each way hold every extreme.
  const edgeLines = (n: number): number[] => [...new Set([0, 1, n - 2, n - 1].filter((v) => v >= 0 && v < n))];
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const c of edgeLines(cols)) {
    for (const r of edgeLines(rows)) {
      const x = rawX(c, r);
      const y = rawY(c, r);
      for (let k = 0; k < cornerCount; k++) {
        minX = Math.min(minX, x + cornerX[k]!);
        maxX = Math.max(maxX, x + cornerX[k]!);
        minY = Math.min(minY, y + cornerY[k]!);
        maxY = Math.max(maxY, y + cornerY[k]!);
      }
    }
  }
  const originX = -minX;
  const originY = -minY;
  const boxW = Math.max(...cornerX) - Math.min(...cornerX);
  const boxH = Math.max(...cornerY) - Math.min(...cornerY);

  const inMap = (c: Cell): boolean => c.col >= 0 && c.row >= 0 && c.col < cols && c.row < rows;

  const fromAxial = (q: number, r: number): Cell => ({
    col: axialToCol(axis, sign, q, r),
    row: axialToRow(axis, sign, q, r),
  });

  const step = (c: Cell, dir: Direction): Cell | null => {
    const i = dirIndex.get(dir);
    if (i === undefined) return null;
    return fromAxial(offsetToQ(axis, sign, c.col, c.row) + dq[i]!, offsetToR(axis, sign, c.col, c.row) + dr[i]!);
  };

  const directionTo = (a: Cell, b: Cell): Direction | null => {
    const ddq = offsetToQ(axis, sign, b.col, b.row) - offsetToQ(axis, sign, a.col, a.row);
    const ddr = offsetToR(axis, sign, b.col, b.row) - offsetToR(axis, sign, a.col, a.row);
    for (let i = 0; i < directions.length; i++) if (dq[i] === ddq && dr[i] === ddr) return directions[i]!;
    return null;
  };

  const distance = (a: Cell, b: Cell): number => {
    const ddq = offsetToQ(axis, sign, b.col, b.row) - offsetToQ(axis, sign, a.col, a.row);
    const ddr = offsetToR(axis, sign, b.col, b.row) - offsetToR(axis, sign, a.col, a.row);
    if (fam.metric === 'hex') return hexDistance(ddq, ddr);
    if (fam.metric === 'manhattan') return Math.abs(ddq) + Math.abs(ddr);
    return Math.max(Math.abs(ddq), Math.abs(ddr));
  };

  const edgeOf = (c: Cell, dir: Direction): EdgeId | null => {
    if (!sides.has(dir)) return null;
    if (owned.has(dir)) return `${c.col},${c.row},${dir}`;
    const n = step(c, dir)!;
    return `${n.col},${n.row},${OPPOSITE[dir]}`;
  };

  /** Owner cell and owned direction of an edge id in any valid form; null if it is not one. */
  const parseOwned = (text: string): { cell: Cell; dir: Direction } | null => {
    const m = EDGE_PATTERN.exec(text);
    if (!m) return null;
    const dir = m[3]!.toUpperCase();
    if (!isDirection(dir) || !sides.has(dir)) return null;
    const cell = { col: Number(m[1]), row: Number(m[2]) };
    if (owned.has(dir)) return { cell, dir };
    return { cell: step(cell, dir)!, dir: OPPOSITE[dir] };
  };

  const edgeCells = (edge: EdgeId): [Cell, Cell] => {
    const p = parseOwned(edge);
    if (!p) throw new Error(`"${edge}" is not a side of this ${spec.kind} grid`);
    return [p.cell, step(p.cell, p.dir)!];
  };

  const centerX = (col: number, row: number, size: number): number => (originX + rawX(col, row)) * size;
  const centerY = (col: number, row: number, size: number): number => (originY + rawY(col, row)) * size;

  const offsetCache = new Map<number, readonly Point[]>();
  const cornerOffsets = (size: number): readonly Point[] => {
    let hit = offsetCache.get(size);
    if (!hit) {
      hit = Object.freeze(fam.corners.map(([x, y]) => Object.freeze({ x: x * size, y: y * size })));
      if (offsetCache.size > 16) offsetCache.clear();
      offsetCache.set(size, hit);
    }
    return hit;
  };

  const scratch: Axial = { q: 0, r: 0 };
  const pixelToCell = (p: Point, size: number): Cell => {
    const x = p.x / size - originX;
    const y = p.y / size - originY;
    if (fam.picking === 'cube') {
      cubeRound(i0 * x + i1 * y, i2 * x + i3 * y, scratch);
      return fromAxial(scratch.q, scratch.r);
    }
    // Rectangular cells: find the row first, then the column within that (shifted) row.
    const r = Math.floor(i2 * x + i3 * y + 0.5) + 0;
    const q = Math.floor((x - m1 * r) / m0 + 0.5) + 0;
    return fromAxial(q, r);
  };

  const edgeEndpoints = (edge: EdgeId, size: number): [Point, Point] => {
    const p = parseOwned(edge);
    if (!p) throw new Error(`"${edge}" is not a side of this ${spec.kind} grid`);
    const k = fam.sideCorner[p.dir]!;
    const k2 = (k + 1) % cornerCount;
    const cx = centerX(p.cell.col, p.cell.row, size);
    const cy = centerY(p.cell.col, p.cell.row, size);
    return [
      { x: cx + cornerX[k]! * size, y: cy + cornerY[k]! * size },
      { x: cx + cornerX[k2]! * size, y: cy + cornerY[k2]! * size },
    ];
  };

  const neighbours = (c: Cell): Cell[] => {
    const out: Cell[] = [];
    for (const d of directions) {
      const n = step(c, d)!;
      if (inMap(n)) out.push(n);
    }
    return out;
  };

  const geometry: GridGeometry = {
    spec,
    network: null,
    directions,
    sideDirections,
    ownedDirections,
    cellCount,
    inMap,
    index: (c) => c.row * cols + c.col,
    cellAt: (i) => ({ col: i % cols, row: Math.floor(i / cols) }),
    step,
    neighbours,
    directionTo,
    adjacent: (a, b) => directionTo(a, b) !== null,
    distance,
    edgeOf,
    edgeBetween: (a, b) => {
      const d = directionTo(a, b);
      return d === null ? null : edgeOf(a, d);
    },
    edgeCells,
    parseEdge: (text) => {
      const p = parseOwned(text);
      return p ? `${p.cell.col},${p.cell.row},${p.dir}` : null;
    },
    allEdges: () => {
      const out: EdgeId[] = [];
      for (let row = 0; row < rows; row++) {
        for (let col = 0; col < cols; col++) {
          const c = { col, row };
          for (const d of sideDirections) {
            if (owned.has(d)) out.push(`${col},${row},${d}`);
            else {
              // A side this cell does not own is listed here only if its owner is off the map.
              const n = step(c, d)!;
              if (!inMap(n)) out.push(`${n.col},${n.row},${OPPOSITE[d]}`);
            }
          }
        }
      }
      return out;
    },
    diagonalSides: (a, b) => {
      if (fam.metric !== 'chebyshev') return [];
      const dc = b.col - a.col;
      const drow = b.row - a.row;
      if (Math.abs(dc) !== 1 || Math.abs(drow) !== 1) return [];
      // The four sides meeting at the corner the step crosses: between each end and the two
      // cells it squeezes past.
      const c1 = { col: b.col, row: a.row };
      const c2 = { col: a.col, row: b.row };
      return [edgeOf(a, directionTo(a, c1)!)!, edgeOf(a, directionTo(a, c2)!)!, edgeOf(c1, directionTo(c1, b)!)!, edgeOf(c2, directionTo(c2, b)!)!];
    },
    center: (c, size) => ({ x: centerX(c.col, c.row, size), y: centerY(c.col, c.row, size) }),
    centerX,
    centerY,
    corners: (c, size) => {
      const cx = centerX(c.col, c.row, size);
      const cy = centerY(c.col, c.row, size);
      const out: Point[] = new Array<Point>(cornerCount);
      for (let k = 0; k < cornerCount; k++) out[k] = { x: cx + cornerX[k]! * size, y: cy + cornerY[k]! * size };
      return out;
    },
    cornerOffsets,
    edgeEndpoints,
    pixelToCell,
    pixelToIndex: (p, size) => {
      const c = pixelToCell(p, size);
      return inMap(c) ? c.row * cols + c.col : -1;
    },
    nearestEdge: (p, size) => {
      const home = pixelToCell(p, size);
      let best: EdgeId | null = null;
      let bestDist = Infinity;
      // The nearest side of the containing cell is the nearest side of all; the neighbours
      // are searched too because that side may lie wholly outside the map.
      for (const c of [home, ...sideDirections.map((d) => step(home, d)!)]) {
        const cx = centerX(c.col, c.row, size);
        const cy = centerY(c.col, c.row, size);
        for (const d of sideDirections) {
          const k = fam.sideCorner[d]!;
          const k2 = (k + 1) % cornerCount;
          const dist = segmentDistance(
            p.x,
            p.y,
            cx + cornerX[k]! * size,
            cy + cornerY[k]! * size,
            cx + cornerX[k2]! * size,
            cy + cornerY[k2]! * size,
          );
          if (dist >= bestDist) continue;
          const other = step(c, d)!;
          if (!inMap(c) && !inMap(other)) continue;
          best = edgeOf(c, d);
          bestDist = dist;
        }
      }
      return best === null ? null : { edge: best, distance: bestDist };
    },
    bounds: (size): Rect => ({ x: 0, y: 0, width: (maxX - minX) * size, height: (maxY - minY) * size }),
    cellBox: (size) => ({ width: boxW * size, height: boxH * size }),
    line: (a, b) => {
      if (fam.metric === 'manhattan') return squareLine4(a, b);
      if (fam.metric === 'chebyshev') return squareLine8(a, b);
      const axial = hexLine(
        { q: offsetToQ(axis, sign, a.col, a.row), r: offsetToR(axis, sign, a.col, a.row) },
        { q: offsetToQ(axis, sign, b.col, b.row), r: offsetToR(axis, sign, b.col, b.row) },
      );
      return axial.map((h) => fromAxial(h.q, h.r));
    },
    edgesAlongPath: (path) => {
      const out: EdgeId[] = [];
      for (let i = 1; i < path.length; i++) {
        const d = directionTo(path[i - 1]!, path[i]!);
        const e = d === null ? null : edgeOf(path[i - 1]!, d);
        if (e !== null) out.push(e);
      }
      return out;
    },
    ref: cellId,
    parseRef: parseCellId,
    label: labeller.label,
    parseLabel: (text) => {
      const c = labeller.parse(text);
      return c && inMap(c) ? c : null;
    },
  };
  return geometry;
}

