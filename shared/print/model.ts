// What there is to print, read once from a scenario at print scale (map millimetres): cell
// terrain and control, features, and the edge lines (rivers, shores, roads, rails, bridges).
// Lenient on purpose: a bad code or edge id is skipped and reported, never a crash, so a
// half-finished map can still be printed to look at.
import { controlAt, terrainAt } from '../format/board.js';
import type { CellFeatures, PlacedUnit, Scenario, Side, TerrainType } from '../format/scenario.types.js';
import type { EdgeId, GridGeometry, Point, Rect } from '../grid/index.js';

/** A road or rail crossing: from one cell centre through the shared side to the other. */
export interface Crossing {
  edge: EdgeId;
  path: [Point, Point, Point];
  box: Rect;
}

export interface EdgeLine {
  edge: EdgeId;
  a: Point;
  b: Point;
  box: Rect;
}

export interface PrintModel {
  grid: GridGeometry;
  size: number;
  terrain: (TerrainType | undefined)[];
  control: (Side | undefined)[];
  features: Map<number, CellFeatures>;
  units: Map<number, PlacedUnit[]>;
  sidesById: Map<string, Side>;
  rivers: EdgeLine[];
  lakeShores: EdgeLine[];
  roads: Crossing[];
  rails: Crossing[];
  /** Road or rail sides that are also river sides. */
  bridges: EdgeLine[];
  /** What was skipped, with where. */
  skipped: string[];
}

const boxOf = (points: readonly Point[]): Rect => {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
};

export const boxesMeet = (a: Rect, b: Rect): boolean => a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;

export function buildPrintModel(scenario: Scenario, grid: GridGeometry, size: number): PrintModel {
  const skipped: string[] = [];
  const terrain: (TerrainType | undefined)[] = [];
  const control: (Side | undefined)[] = [];
  for (let i = 0; i < grid.cellCount; i++) {
    const cell = grid.cellAt(i);
    terrain.push(terrainAt(scenario.map, cell));
    control.push(controlAt(scenario, cell));
  }
  const features = new Map<number, CellFeatures>();
  for (const [ref, f] of Object.entries(scenario.map.cells ?? {})) {
    const cell = grid.parseRef(ref);
    if (!cell || !grid.inMap(cell)) skipped.push(`/map/cells/${ref}: not a cell of this map`);
    else features.set(grid.index(cell), f);
  }
  const units = new Map<number, PlacedUnit[]>();
  scenario.orderOfBattle.forEach((u, i) => {
    const cell = grid.parseRef(u.cell);
    if (!cell || !grid.inMap(cell)) return void skipped.push(`/orderOfBattle/${i}/cell: "${u.cell}" is not a cell of this map`);
    const k = grid.index(cell);
    units.set(k, [...(units.get(k) ?? []), u]);
  });

  const edges = (list: readonly string[] | undefined, pointer: string): EdgeId[] => {
    const out: EdgeId[] = [];
    (list ?? []).forEach((e, i) => {
      const id = grid.parseEdge(e);
      if (id) out.push(id);
      else skipped.push(`${pointer}/${i}: "${e}" is not a side of this grid`);
    });
    return out;
  };
  const line = (edge: EdgeId): EdgeLine => {
    const [a, b] = grid.edgeEndpoints(edge, size);
    return { edge, a, b, box: boxOf([a, b]) };
  };
  const crossing = (edge: EdgeId): Crossing => {
    const [ca, cb] = grid.edgeCells(edge);
    const [a, b] = grid.edgeEndpoints(edge, size);
    const path: [Point, Point, Point] = [grid.center(ca, size), { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, grid.center(cb, size)];
    return { edge, path, box: boxOf(path) };
  };
  const riverIds = edges(scenario.map.rivers, '/map/rivers');
  const roadIds = edges(scenario.map.roads, '/map/roads');
  const railIds = edges(scenario.map.rails, '/map/rails');
  const riverSet = new Set(riverIds);
  const bridgeIds = [...new Set([...roadIds, ...railIds])].filter((e) => riverSet.has(e));

  return {
    grid,
    size,
    terrain,
    control,
    features,
    units,
    sidesById: new Map(scenario.sides.map((s) => [s.id, s])),
    rivers: riverIds.map(line),
    lakeShores: edges(scenario.map.lakeShores, '/map/lakeShores').map(line),
    roads: roadIds.map(crossing),
    rails: railIds.map(crossing),
    bridges: bridgeIds.map(line),
    skipped,
  };
}

