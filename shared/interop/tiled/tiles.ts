// The tileset images of an exported Tiled map, drawn by the one map painter (shared/paint): one
// tile per terrain type, exactly as the map shows that terrain (fill, texture, symbols, the cell
// outline), and one tile per side for the control layer. Tiles are laid out in rows of up to
// eight with no margin or spacing, transparent outside the cell's outline.
import type { Side, TerrainType } from '../../format/scenario.types.js';
import { createGrid } from '../../grid/index.js';
import type { GridGeometry, GridSpec } from '../../grid/types.js';
import { CanvasSurface, canvasFonts, type Canvas2D } from '../../paint/canvas-surface.js';
import type { PaintModel } from '../../paint/model.js';
import { NONE } from '../../paint/model.js';
import { defaultStyle, paintMap } from '../../paint/painter.js';
import { hexToRgb } from '../../paint/surface.js';
import { GF_SIZE, type TiledGridShape } from './layout.js';

export const SHEET_COLUMNS = 8;

export interface SheetSize {
  columns: number;
  width: number;
  height: number;
}

export function sheetSize(count: number, shape: TiledGridShape): SheetSize {
  const columns = Math.max(1, Math.min(SHEET_COLUMNS, count));
  const rows = Math.max(1, Math.ceil(count / columns));
  return { columns, width: columns * shape.tilewidth, height: rows * shape.tileheight };
}

export type SheetContext = Canvas2D & { setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void };

/** A one-cell grid of the map's cell shape (a brick is a square on its own). */
function oneCell(spec: Pick<GridSpec, 'kind' | 'orientation'>): GridGeometry {
  if (spec.kind === 'hex') return createGrid({ kind: 'hex', orientation: spec.orientation, offset: 'odd', cols: 1, rows: 1 });
  return createGrid({ kind: 'square', cols: 1, rows: 1 });
}

/** Sets the context to draw one cell of `grid` (at GF_SIZE) into tile `k` of the sheet. */
function toTile(ctx: SheetContext, grid: GridGeometry, shape: TiledGridShape, columns: number, k: number): void {
  const box = grid.bounds(GF_SIZE);
  const sx = shape.tilewidth / box.width;
  const sy = shape.tileheight / box.height;
  ctx.setTransform(sx, 0, 0, sy, (k % columns) * shape.tilewidth - box.x * sx, Math.floor(k / columns) * shape.tileheight - box.y * sy);
}

/** Draws the terrain tiles (in palette order) into a context of `sheetSize(terrainTypes.length)`. */
export function drawTerrainSheet(ctx: SheetContext, terrainTypes: readonly TerrainType[], spec: Pick<GridSpec, 'kind' | 'orientation'>, shape: TiledGridShape): void {
  const grid = oneCell(spec);
  const { columns } = sheetSize(terrainTypes.length, shape);
  const style = defaultStyle(1, { control: false, rivers: false, roads: false, markers: false, names: false, coordinates: false, units: false, grid: true });
  terrainTypes.forEach((t, k) => {
    const model: PaintModel = {
      grid,
      cols: 1,
      rows: 1,
      terrainTypes: [t],
      sides: [],
      terrain: Uint8Array.of(0),
      control: Uint8Array.of(NONE),
      features: new Map(),
      riverSet: new Set(),
      lakeShoreSet: new Set(),
      roadSet: new Set(),
      railSet: new Set(),
      defaultVictoryVp: 0,
    };
    toTile(ctx, grid, shape, columns, k);
    const surface = new CanvasSurface(ctx, 1, 0.6);
    paintMap(surface, { model, size: GF_SIZE, region: grid.bounds(GF_SIZE), style, fonts: canvasFonts(ctx) });
  });
  ctx.setTransform(1, 0, 0, 1, 0, 0);
}

/** Draws one control tile per side: the cell in the side's colour, see-through, with a firm outline. */
export function drawControlSheet(ctx: SheetContext, sides: readonly Side[], spec: Pick<GridSpec, 'kind' | 'orientation'>, shape: TiledGridShape): void {
  const grid = oneCell(spec);
  const { columns } = sheetSize(sides.length, shape);
  sides.forEach((side, k) => {
    toTile(ctx, grid, shape, columns, k);
    const s = new CanvasSurface(ctx, 1, 0.6);
    const corners = grid.corners({ col: 0, row: 0 }, GF_SIZE);
    const colour = hexToRgb(side.colour);
    s.path(corners, true).fillStyle(colour, 0.45).fill();
    s.path(corners, true).strokeStyle(colour, GF_SIZE * 0.06, undefined, 0.9).stroke();
  });
  ctx.setTransform(1, 0, 0, 1, 0, 0);
}
