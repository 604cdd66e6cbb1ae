// Splits a map into square blocks of cells and precomputes, per block, everything the
// static drawing needs in map pixels: cell centres, and the edge-based features (rivers,
// shores, roads, rails, bridges, control borders) that belong to it. An edge belongs to the
// block of its first in-map cell, so each is drawn exactly once.

import type { Cell, EdgeId, Point, Rect } from '../../../shared/grid/types.js';
import { NONE, type MapModel } from './model.js';

export const CHUNK = 16;

/** A line segment x1,y1,x2,y2 in a flat array. */
export type Segments = number[];

export interface Road {
  /** centre of a, edge midpoint, centre of b */
  ax: number;
  ay: number;
  mx: number;
  my: number;
  bx: number;
  by: number;
}

export interface Bridge {
  x: number;
  y: number;
  /** unit vector along the crossing (road direction) */
  dx: number;
  dy: number;
  rail: boolean;
}

export interface ControlBorder {
  /** the side segment pulled into the controlled cell */
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  side: number;
}

export interface ChunkGeometry {
  readonly key: string;
  readonly c0: number;
  readonly r0: number;
  readonly c1: number;
  readonly r1: number;
  /** Bounds of the cells in map pixels, grown by a margin for strokes, markers and names. */
  readonly rect: Rect;
  /** x,y per cell, row-major within the block. */
  readonly centers: Float64Array;
  readonly rivers: Segments;
  readonly lakeShores: Segments;
  readonly roads: Road[];
  readonly rails: Road[];
  /** Rails whose side a road also crosses. */
  readonly sharedRoutes: Road[];
  readonly bridges: Bridge[];
  readonly borders: ControlBorder[];
}

/** Chunk column/row ranges covering the map. */
export function chunkRanges(model: MapModel): { c0: number; r0: number; c1: number; r1: number }[] {
  const out = [];
  for (let r0 = 0; r0 < model.rows; r0 += CHUNK)
    for (let c0 = 0; c0 < model.cols; c0 += CHUNK)
      out.push({ c0, r0, c1: Math.min(model.cols, c0 + CHUNK), r1: Math.min(model.rows, r0 + CHUNK) });
  return out;
}

export function chunkKeyOf(cell: Cell): string {
  return `${Math.floor(cell.col / CHUNK)}:${Math.floor(cell.row / CHUNK)}`;
}

/**
 * Bounds of a chunk in map pixels, grown by a margin for strokes, markers and names. Cells of
 * a grid are congruent and sit on a lattice, so the corner cells' centres plus one cell box
 * (which covers the half-cell stagger of hex and brick grids) bound the block.
 */
export function chunkRect(model: MapModel, size: number, range: { c0: number; r0: number; c1: number; r1: number }): Rect {
  const { grid } = model;
  const box = grid.cellBox(size);
  const a = grid.center({ col: range.c0, row: range.r0 }, size);
  const b = grid.center({ col: range.c1 - 1, row: range.r1 - 1 }, size);
  const margin = size * 0.6 + Math.max(box.width, box.height);
  return {
    x: Math.min(a.x, b.x) - margin,
    y: Math.min(a.y, b.y) - margin,
    width: Math.abs(b.x - a.x) + 2 * margin,
    height: Math.abs(b.y - a.y) + 2 * margin,
  };
}

/** Per-edge features grouped by the chunk that draws them. */
export interface EdgeBuckets {
  rivers: Map<string, EdgeId[]>;
  lakeShores: Map<string, EdgeId[]>;
  roads: Map<string, EdgeId[]>;
  rails: Map<string, EdgeId[]>;
}

function ownerChunk(model: MapModel, edge: EdgeId): string | null {
  const [a, b] = model.grid.edgeCells(edge);
  if (model.grid.inMap(a)) return chunkKeyOf(a);
  if (model.grid.inMap(b)) return chunkKeyOf(b);
  return null;
}

function bucket(model: MapModel, list: readonly EdgeId[]): Map<string, EdgeId[]> {
  const out = new Map<string, EdgeId[]>();
  for (const e of list) {
    const k = ownerChunk(model, e);
    if (k === null) continue;
    const arr = out.get(k);
    if (arr) arr.push(e);
    else out.set(k, [e]);
  }
  return out;
}

export function bucketEdges(model: MapModel): EdgeBuckets {
  return {
    rivers: bucket(model, model.rivers),
    lakeShores: bucket(model, model.lakeShores),
    roads: bucket(model, model.roads),
    rails: bucket(model, model.rails),
  };
}

const mid = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

function roadOf(model: MapModel, edge: EdgeId, size: number): Road {
  const { grid } = model;
  const [a, b] = grid.edgeCells(edge);
  const ca = grid.center(a, size);
  const cb = grid.center(b, size);
  const [p, q] = grid.edgeEndpoints(edge, size);
  const m = mid(p, q);
  // A road leaving the map stops at the border side instead of running off into nothing.
  const aIn = grid.inMap(a);
  const bIn = grid.inMap(b);
  return {
    ax: aIn ? ca.x : m.x,
    ay: aIn ? ca.y : m.y,
    mx: m.x,
    my: m.y,
    bx: bIn ? cb.x : m.x,
    by: bIn ? cb.y : m.y,
  };
}

export function buildChunk(
  model: MapModel,
  size: number,
  range: { c0: number; r0: number; c1: number; r1: number },
  edges: EdgeBuckets,
): ChunkGeometry {
  const { grid } = model;
  const { c0, r0, c1, r1 } = range;
  const key = `${Math.floor(c0 / CHUNK)}:${Math.floor(r0 / CHUNK)}`;
  const n = (c1 - c0) * (r1 - r0);
  const centers = new Float64Array(n * 2);
  let k = 0;
  for (let r = r0; r < r1; r++)
    for (let c = c0; c < c1; c++) {
      const p = grid.center({ col: c, row: r }, size);
      centers[k++] = p.x;
      centers[k++] = p.y;
    }

  const segs = (list: EdgeId[] | undefined): Segments => {
    const out: Segments = [];
    for (const e of list ?? []) {
      const [p, q] = grid.edgeEndpoints(e, size);
      out.push(p.x, p.y, q.x, q.y);
    }
    return out;
  };

  const roadEdges = edges.roads.get(key) ?? [];
  const railEdges = edges.rails.get(key) ?? [];
  const bridges: Bridge[] = [];
  const addBridges = (list: EdgeId[], rail: boolean) => {
    for (const e of list) {
      if (!model.riverSet.has(e)) continue;
      const [a, b] = grid.edgeCells(e);
      const ca = grid.center(a, size);
      const cb = grid.center(b, size);
      const [p, q] = grid.edgeEndpoints(e, size);
      const m = mid(p, q);
      const len = Math.hypot(cb.x - ca.x, cb.y - ca.y) || 1;
      bridges.push({ x: m.x, y: m.y, dx: (cb.x - ca.x) / len, dy: (cb.y - ca.y) / len, rail });
    }
  };
  addBridges(roadEdges, false);
  addBridges(railEdges, true);

  // Only vector zoom levels draw control borders, so they are found on first use.
  let borders: ControlBorder[] | null = null;
  return {
    key,
    c0,
    r0,
    c1,
    r1,
    rect: chunkRect(model, size, range),
    centers,
    rivers: segs(edges.rivers.get(key)),
    lakeShores: segs(edges.lakeShores.get(key)),
    roads: roadEdges.map((e) => roadOf(model, e, size)),
    rails: railEdges.map((e) => roadOf(model, e, size)),
    sharedRoutes: railEdges.filter((e) => model.roadSet.has(e)).map((e) => roadOf(model, e, size)),
    bridges,
    get borders() {
      return (borders ??= controlBorders(model, size, range));
    },
  };
}

/**
 * Control borders: where neighbouring cells differ in control, each side gets a line just
 * inside its own cell, so a front line reads as two coloured bands.
 */
export function controlBorders(
  model: MapModel,
  size: number,
  range: { c0: number; r0: number; c1: number; r1: number },
): ControlBorder[] {
  const { grid } = model;
  const { c0, r0, c1, r1 } = range;
  const borders: ControlBorder[] = [];
  const inset = 0.1;
  for (let r = r0; r < r1; r++)
    for (let c = c0; c < c1; c++) {
      const cell = { col: c, row: r };
      const s = model.control[r * model.cols + c]!;
      if (s === NONE) continue;
      const cc = grid.center(cell, size);
      for (const dir of grid.sideDirections) {
        const nb = grid.step(cell, dir);
        if (!nb || !grid.inMap(nb)) continue;
        if (model.control[nb.row * model.cols + nb.col] === s) continue;
        const e = grid.edgeOf(cell, dir);
        if (e === null) continue;
        const [p, q] = grid.edgeEndpoints(e, size);
        borders.push({
          x1: p.x + (cc.x - p.x) * inset,
          y1: p.y + (cc.y - p.y) * inset,
          x2: q.x + (cc.x - q.x) * inset,
          y2: q.y + (cc.y - q.y) * inset,
          side: s,
        });
      }
    }

  return borders;
}
