// Where Tiled puts each tile, and the map between Tiled's pixels and Gridfront's drawing units.
//
// Tiled lays a hexagonal map out in offset coordinates exactly as Gridfront does: a flat-top hex
// grid is Tiled's `staggeraxis="x"` (columns shifted down by half a tile), a pointy-top one
// `staggeraxis="y"` (rows shifted right), and `staggerindex` names the shifted columns/rows as
// Gridfront's `offset` does (odd or even, counted from 0). So Gridfront's cell (col,row) is
// Tiled's tile (x,y) with no renumbering. Tiled works in whole pixels, so a regular hexagon is
// approximated (76 × 66 px with 38 px sides for a flat hex); points are carried between the two
// pixel spaces by a per-axis linear map fitted on cell centres, which is exact at every centre.
// A brick (offset-square) grid is a hexagonal map whose side length is the tile's whole height:
// Tiled then stacks whole rectangles, every other row shifted by half a tile.
import type { CellGrid } from '../../format/scenario.types.js';
import { createGrid } from '../../grid/index.js';
import type { GridGeometry, GridSpec, Point } from '../../grid/types.js';
import type { TiledMap } from './types.js';

/** Cell size across flats, in Gridfront drawing units, used for every conversion here. */
export const GF_SIZE = 66;

export interface TiledGridShape {
  orientation: 'orthogonal' | 'hexagonal';
  tilewidth: number;
  tileheight: number;
  hexsidelength?: number;
  staggeraxis?: 'x' | 'y';
  staggerindex?: 'odd' | 'even';
}

/** The Tiled map shape for a Gridfront grid. */
export function tiledShapeOf(spec: Pick<GridSpec, 'kind' | 'orientation' | 'offset'>): TiledGridShape {
  switch (spec.kind) {
    case 'square':
      return { orientation: 'orthogonal', tilewidth: 64, tileheight: 64 };
    case 'offsetSquare':
      return { orientation: 'hexagonal', tilewidth: 64, tileheight: 64, hexsidelength: 64, staggeraxis: 'y', staggerindex: spec.offset };
    case 'hex':
      return spec.orientation === 'flat'
        ? { orientation: 'hexagonal', tilewidth: 76, tileheight: 66, hexsidelength: 38, staggeraxis: 'x', staggerindex: spec.offset }
        : { orientation: 'hexagonal', tilewidth: 66, tileheight: 76, hexsidelength: 38, staggeraxis: 'y', staggerindex: spec.offset };
    default:
      throw new Error('A network map has no cells for Tiled to tile.');
  }
}

/** The Gridfront grid a Tiled map's shape stands for, or the reason it has none. */
export function gridOfTiled(map: Pick<TiledMap, 'orientation' | 'width' | 'height' | 'tilewidth' | 'tileheight' | 'hexsidelength' | 'staggeraxis' | 'staggerindex'>): CellGrid | string {
  const { width: cols, height: rows } = map;
  if (map.orientation === 'orthogonal') return { kind: 'square', cols, rows };
  if (map.orientation !== 'hexagonal') return `The map is "${map.orientation}"; Gridfront reads hexagonal and orthogonal Tiled maps.`;
  const offset = map.staggerindex === 'even' ? 'even' : 'odd';
  const axis = map.staggeraxis === 'x' ? 'x' : 'y';
  // A side as long as the whole tile: no slanted sides, i.e. bricks.
  if (axis === 'y' && (map.hexsidelength ?? 0) >= map.tileheight) return { kind: 'offsetSquare', offset, cols, rows };
  return { kind: 'hex', orientation: axis === 'x' ? 'flat' : 'pointy', offset, cols, rows };
}

/** Top-left corner of tile (x,y)'s bounding box in Tiled's pixels (Tiled's HexagonalRenderer / OrthogonalRenderer). */
export function tileTopLeft(shape: TiledGridShape, x: number, y: number): Point {
  const { tilewidth: tw, tileheight: th } = shape;
  if (shape.orientation === 'orthogonal') return { x: x * tw, y: y * th };
  const side = shape.hexsidelength ?? 0;
  const even = shape.staggerindex === 'even';
  const shifted = (i: number) => ((i & 1) ^ (even ? 1 : 0)) === 1;
  if (shape.staggeraxis === 'x') {
    const sideOffsetX = Math.trunc((tw - side) / 2);
    const columnWidth = sideOffsetX + side;
    const rowHeight = Math.trunc(th / 2);
    return { x: x * columnWidth, y: y * th + (shifted(x) ? rowHeight : 0) };
  }
  const sideOffsetY = Math.trunc((th - side) / 2);
  const rowHeight = sideOffsetY + side;
  const columnWidth = Math.trunc(tw / 2);
  return { x: x * tw + (shifted(y) ? columnWidth : 0), y: y * rowHeight };
}

export const tileCentre = (shape: TiledGridShape, x: number, y: number): Point => {
  const p = tileTopLeft(shape, x, y);
  return { x: p.x + shape.tilewidth / 2, y: p.y + shape.tileheight / 2 };
};

/** Tiled's pixels ↔ Gridfront's drawing units (at GF_SIZE) for one grid. */
export interface PixelMap {
  grid: GridGeometry;
  shape: TiledGridShape;
  toTiled(p: Point): Point;
  toGridfront(p: Point): Point;
}

export function pixelMap(grid: GridGeometry, shape: TiledGridShape): PixelMap {
  // Fitted on the centres of cells (0,0), (1,0) and (0,1) of a grid at least 2 × 2 of the same kind.
  const spec = grid.spec;
  if (spec.kind === 'network') throw new Error('A network map has no cells for Tiled to tile.');
  const probe = createGrid({ ...spec, cols: Math.max(2, spec.cols), rows: Math.max(2, spec.rows) });
  const g00 = probe.center({ col: 0, row: 0 }, GF_SIZE);
  const g10 = probe.center({ col: 1, row: 0 }, GF_SIZE);
  const g01 = probe.center({ col: 0, row: 1 }, GF_SIZE);
  const t00 = tileCentre(shape, 0, 0);
  const t10 = tileCentre(shape, 1, 0);
  const t01 = tileCentre(shape, 0, 1);
  const ax = (t10.x - t00.x) / (g10.x - g00.x);
  const bx = t00.x - ax * g00.x;
  const ay = (t01.y - t00.y) / (g01.y - g00.y);
  const by = t00.y - ay * g00.y;
  return {
    grid,
    shape,
    toTiled: (p) => ({ x: ax * p.x + bx, y: ay * p.y + by }),
    toGridfront: (p) => ({ x: (p.x - bx) / ax, y: (p.y - by) / ay }),
  };
}
