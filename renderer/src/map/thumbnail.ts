// Draws a whole map small into a canvas. Where cells are a few pixels or more, the map painter
// draws it as everywhere else (fills, rivers, roads; details appear as they become legible);
// where they are smaller, each pixel takes its cell's colour (the cost follows the pixels, not
// the million cells) with rivers on top. Used for scenario mini-maps, library thumbnails and the
// map view's overview level on very large maps. A network map (positions and the links between
// them) is always drawn by the painter.
import { dirCode, readSideId, type SideIdParts } from '../../../shared/editor/edge-set.js';
import type { EdgeId, GridGeometry, Point, Rect } from '../../../shared/grid/types.js';
import { CanvasSurface, canvasFonts } from '../../../shared/paint/canvas-surface.js';
import { defaultStyle, paintMap } from '../../../shared/paint/painter.js';
import { paintThumbnail, thumbnailFrame } from './bitmap.js';
import type { MapModel } from './model.js';

/** Cells at least this many pixels across are drawn by the painter. */
const VECTOR_CELL_PX = 3;

const RIVER = '#2f6fb3';

/**
 * Paints the whole thumbnail, or with `area` (map pixels at cell size 100) only the pixels
 * that area covers: an edit patches the thumbnail instead of repainting a million cells.
 */
export function drawThumbnail(canvas: HTMLCanvasElement, model: MapModel, riverWidth = 1, area?: Rect): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const { size, scale, ox, oy } = thumbnailFrame(model, canvas.width, canvas.height);
  // A network has few positions and its links are lines: the painter draws it at any size.
  if (size * scale >= VECTOR_CELL_PX || model.grid.network) {
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    const whole = { x: -ox / scale, y: -oy / scale, width: canvas.width / scale, height: canvas.height / scale };
    const region = area ?? whole;
    if (area) {
      ctx.beginPath();
      ctx.rect(area.x * scale + ox, area.y * scale + oy, area.width * scale, area.height * scale);
      ctx.clip();
    }
    const r = { x: region.x * scale + ox, y: region.y * scale + oy, w: region.width * scale, h: region.height * scale };
    ctx.clearRect(r.x, r.y, r.w, r.h);
    ctx.setTransform(scale, 0, 0, scale, ox, oy);
    paintMap(new CanvasSurface(ctx, scale, riverWidth * 0.5), { model, size, region, style: { ...defaultStyle(scale), layers: { ...defaultStyle(scale).layers, coordinates: false, names: false } }, fonts: canvasFonts(ctx) });
    ctx.restore();
    return;
  }
  ctx.save();
  if (area) {
    // One pixel more on each side: a pixel's border shading looks at its left and upper neighbours.
    const x0 = Math.max(0, Math.floor(area.x * scale + ox) - 1);
    const y0 = Math.max(0, Math.floor(area.y * scale + oy) - 1);
    const x1 = Math.min(canvas.width, Math.ceil((area.x + area.width) * scale + ox) + 1);
    const y1 = Math.min(canvas.height, Math.ceil((area.y + area.height) * scale + oy) + 1);
    if (x1 <= x0 || y1 <= y0) return ctx.restore();
    const part = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
    ctx.putImageData(paintThumbnail(model, canvas.width, canvas.height, part), x0, y0, 1, 1, part.width - 1, part.height - 1);
    ctx.beginPath();
    ctx.rect(x0 + 1, y0 + 1, part.width - 1, part.height - 1);
    ctx.clip();
  } else ctx.putImageData(paintThumbnail(model, canvas.width, canvas.height), 0, 0);
  // Rivers shape a map as much as its terrain does. A patch strokes only the sides of the
  // cells in its area (the clip keeps the rest of the thumbnail as it was).
  ctx.beginPath();
  const ends = sideEnds(model.grid, size);
  const id: SideIdParts = { col: 0, row: 0, dir: 0 };
  const stroke = (e: EdgeId) => {
    // A big map has 100 000 river sides: a canonical id is read by char codes and its ends put
    // at the owning cell's corners, with the same arithmetic as grid.edgeEndpoints.
    const corners = readSideId(e, id) ? ends.get(id.dir) : undefined;
    if (corners) {
      const cx = model.grid.centerX(id.col, id.row, size);
      const cy = model.grid.centerY(id.col, id.row, size);
      ctx.moveTo((cx + corners[0].x) * scale + ox, (cy + corners[0].y) * scale + oy);
      ctx.lineTo((cx + corners[1].x) * scale + ox, (cy + corners[1].y) * scale + oy);
      return;
    }
    const [p, q] = model.grid.edgeEndpoints(e, size);
    ctx.moveTo(p.x * scale + ox, p.y * scale + oy);
    ctx.lineTo(q.x * scale + ox, q.y * scale + oy);
  };
  if (area) for (const e of riversAround(model, area, size)) stroke(e);
  else for (const e of model.rivers) stroke(e);
  ctx.strokeStyle = RIVER;
  ctx.lineWidth = Math.max(riverWidth, Math.min(2.5 * riverWidth, size * scale * 0.08));
  ctx.lineCap = 'round';
  ctx.stroke();
  ctx.restore();
}

/**
 * Per direction a cell owns (by `dirCode`), the two corner offsets from the cell's centre that
 * bound that side: the very numbers grid.edgeEndpoints adds to the centre, so a side drawn
 * from them lands on the same pixels. A direction whose corners cannot be matched is left out
 * (its sides go through grid.edgeEndpoints).
 */
export function sideEnds(grid: GridGeometry, size: number): Map<number, readonly [Point, Point]> {
  const out = new Map<number, readonly [Point, Point]>();
  if (grid.network) return out;
  const offsets = grid.cornerOffsets(size);
  const cx = grid.centerX(0, 0, size);
  const cy = grid.centerY(0, 0, size);
  const corner = (p: Point) => offsets.find((o) => cx + o.x === p.x && cy + o.y === p.y);
  for (const d of grid.ownedDirections) {
    const [p, q] = grid.edgeEndpoints(`0,0,${d}`, size);
    const a = corner(p);
    const b = corner(q);
    if (a && b && d.length <= 2) out.set(dirCode(d, 0), [a, b]);
  }
  return out;
}

/** River sides of the cells in and just around `area` (map pixels at cell size `size`). */
function riversAround(model: MapModel, area: Rect, size: number): EdgeId[] {
  const { grid } = model;
  const a = grid.pixelToCell({ x: area.x, y: area.y }, size);
  const b = grid.pixelToCell({ x: area.x + area.width, y: area.y + area.height }, size);
  const out: EdgeId[] = [];
  for (let row = Math.max(0, Math.min(a.row, b.row) - 1); row <= Math.min(model.rows - 1, Math.max(a.row, b.row) + 1); row++)
    for (let col = Math.max(0, Math.min(a.col, b.col) - 1); col <= Math.min(model.cols - 1, Math.max(a.col, b.col) + 1); col++)
      for (const dir of grid.sideDirections) {
        const e = grid.edgeOf({ col, row }, dir);
        if (e !== null && model.riverSet.has(e)) out.push(e);
      }
  return out;
}
