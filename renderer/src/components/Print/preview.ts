// Drawing the print layout on a 2D canvas for the dialog's preview: the sheet plan (every
// tile's window over the map, overlaps showing darker) and one page at paper scale. The map
// and the page furniture are drawn by shared/print's drawing code, the code the PDF writer
// runs, on a canvas surface; only the screen's own guides (overlap strips, the printable
// area, tile windows on the plan) are drawn here.
import type { Scenario } from '../../../../shared/format/scenario.types.js';
import type { Cell, GridGeometry, Point, Rect } from '../../../../shared/grid/types.js';
import { drawAssemblyOverlay, drawCropMarks, drawDraftNote, drawHeader, drawRuler, tileHeaderLabel } from '../../../../shared/print/furniture.js';
import { gridFor, type PrintLayout, type PrintPage } from '../../../../shared/print/layout.js';
import { assemblyMapExtent, drawMap, drawRegistrationMarks, mapStyleFor } from '../../../../shared/print/map-draw.js';
import { buildPrintModel, type PrintModel } from '../../../../shared/print/model.js';
import { MM_PER_INCH, PT_PER_MM } from '../../../../shared/print/units.js';
import { CanvasSurface, canvasFonts } from './canvas-surface.js';

export interface PreviewScene {
  scenario: Scenario;
  layout: PrintLayout;
  grid: GridGeometry;
  /** Everything the PDF draws, at print scale (map mm). */
  model: PrintModel;
}

/** The page preview as the end-to-end tests see it (set while a preview is open; testHook.ts). */
export interface PreviewProbe {
  /** Screen px per paper pt and where the sheet's corner is (px from the preview box's corner). */
  view(): { scale: number; x: number; y: number; trueSize: number };
  /** Page coordinates (CSS px) of a cell's centre on the page shown, or null when that page does not show it. */
  cellToClient(col: number, row: number): { x: number; y: number } | null;
}

export const previewProbe: { current: PreviewProbe | null } = { current: null };

export interface Fit {
  scale: number;
  ox: number;
  oy: number;
}

const ACCENT = '#1f6feb';
const TILE_FILL = 'rgba(31, 111, 235, 0.07)';
const SELECTED_FILL = 'rgba(31, 111, 235, 0.22)';
/** Overlap strips: printed twice, so they stand out from the rest of the page. */
export const OVERLAP_FILL = 'rgba(232, 145, 0, 0.3)';
const INK = '#1f2328';
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';

export function buildScene(scenario: Scenario, layout: PrintLayout): PreviewScene {
  const grid = gridFor(scenario, layout.options);
  return { scenario, layout, grid, model: buildPrintModel(scenario, grid, layout.cellSizeMm) };
}

/** The smallest rectangle holding all of `rects`. */
function union(rects: readonly Rect[]): Rect {
  const x0 = Math.min(...rects.map((r) => r.x));
  const y0 = Math.min(...rects.map((r) => r.y));
  const x1 = Math.max(...rects.map((r) => r.x + r.width));
  const y1 = Math.max(...rects.map((r) => r.y + r.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

function intersect(a: Rect, b: Rect): Rect | null {
  const x0 = Math.max(a.x, b.x);
  const y0 = Math.max(a.y, b.y);
  const x1 = Math.min(a.x + a.width, b.x + b.width);
  const y1 = Math.min(a.y + a.height, b.y + b.height);
  return x1 - x0 > 1e-6 && y1 - y0 > 1e-6 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null;
}

/** Where neighbouring tiles share map (map mm); only those touching page `only` when given. */
export function overlapRects(layout: PrintLayout, only?: number): Rect[] {
  const out: Rect[] = [];
  const { tileCols, pages } = layout;
  pages.forEach((p, i) => {
    const neighbours = [p.tileCol + 1 < tileCols ? i + 1 : -1, i + tileCols];
    for (const j of neighbours) {
      const q = pages[j];
      if (!q || (only !== undefined && only !== i && only !== j)) continue;
      const r = intersect(p.window, q.window);
      if (r) out.push(r);
    }
  });
  return out;
}

function fit(box: Rect, width: number, height: number, pad: number): Fit {
  const scale = Math.min((width - 2 * pad) / box.width, (height - 2 * pad) / box.height);
  return { scale, ox: (width - box.width * scale) / 2 - box.x * scale, oy: (height - box.height * scale) / 2 - box.y * scale };
}

function allCells(grid: GridGeometry): Cell[] {
  return Array.from({ length: grid.cellCount }, (_, i) => grid.cellAt(i));
}

/** CSS pixels per millimetre: the screen taken as paper at 96 dpi, to judge what is legible there. */
const CSS_PX_PER_MM = 96 / MM_PER_INCH;

/**
 * Draws `draw` with the canvas transform mapping its units to pixels as p' = origin + p·k
 * (k in pixels per unit), on a surface for the shared print drawing code.
 */
function inUnits(ctx: CanvasRenderingContext2D, origin: Point, k: number, draw: (cv: CanvasSurface) => void): void {
  ctx.save();
  ctx.translate(origin.x, origin.y);
  ctx.scale(k, k);
  draw(new CanvasSurface(ctx, k, 0.5));
  ctx.restore();
}

function haloText(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, colour: string): void {
  ctx.lineJoin = 'round';
  ctx.lineWidth = 3;
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.9)';
  ctx.strokeText(text, x, y);
  ctx.fillStyle = colour;
  ctx.fillText(text, x, y);
}

/** The sheet plan: the map's cells, every tile window on top with its label; returns where things went. */
export function drawOverview(ctx: CanvasRenderingContext2D, width: number, height: number, scene: PreviewScene, selected: number | null): Fit {
  const { layout } = scene;
  ctx.clearRect(0, 0, width, height);
  const windows = layout.pages.map((p) => p.window);
  const f = fit(union([...windows, layout.mapBounds]), width, height, 14);
  const px = (r: Rect): Rect => ({ x: f.ox + r.x * f.scale, y: f.oy + r.y * f.scale, width: r.width * f.scale, height: r.height * f.scale });

  // The printable windows as paper, under the map.
  ctx.fillStyle = '#ffffff';
  for (const w of windows) {
    const r = px(w);
    ctx.fillRect(r.x, r.y, r.width, r.height);
  }
  // The map as the assembly sheet would show it at this size, faded under the tile windows.
  ctx.save();
  ctx.globalAlpha = 0.6;
  const fonts = canvasFonts(ctx);
  inUnits(ctx, { x: f.ox, y: f.oy }, f.scale, (cv) => {
    cv.save().clipRect(layout.mapBounds);
    drawMap(cv, scene.model, allCells(scene.grid), layout.mapBounds, mapStyleFor(scene.scenario, layout, f.scale / CSS_PX_PER_MM), fonts);
    cv.restore();
  });
  ctx.restore();

  layout.pages.forEach((p, i) => {
    const r = px(p.window);
    ctx.fillStyle = i === selected ? SELECTED_FILL : TILE_FILL;
    ctx.fillRect(r.x, r.y, r.width, r.height);
  });
  ctx.fillStyle = OVERLAP_FILL;
  for (const o of overlapRects(layout)) {
    const r = px(o);
    ctx.fillRect(r.x, r.y, r.width, r.height);
  }
  ctx.lineWidth = 1;
  ctx.strokeStyle = 'rgba(31, 111, 235, 0.75)';
  for (const w of windows) {
    const r = px(w);
    ctx.strokeRect(Math.round(r.x) + 0.5, Math.round(r.y) + 0.5, Math.round(r.width), Math.round(r.height));
  }
  if (selected !== null && layout.pages[selected]) {
    const r = px(layout.pages[selected].window);
    ctx.lineWidth = 2.5;
    ctx.strokeStyle = ACCENT;
    ctx.strokeRect(r.x, r.y, r.width, r.height);
  }

  // Labels at the middle of each window's own share (so overlapping labels do not collide).
  const size = Math.max(10, Math.min(26, Math.min(...windows.map((w) => Math.min(w.width, w.height))) * f.scale * 0.22));
  ctx.font = `600 ${size}px ${FONT}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  layout.pages.forEach((p, i) => {
    const r = px(p.window);
    haloText(ctx, layout.options.singleSheet ? 'Sheet' : p.label, r.x + r.width / 2, r.y + r.height / 2, i === selected ? ACCENT : INK);
  });
  return f;
}

/** The tile under a canvas point on the sheet plan: of the windows holding it, the one whose centre is nearest. */
export function tileAt(layout: PrintLayout, f: Fit, x: number, y: number): number | null {
  const mx = (x - f.ox) / f.scale;
  const my = (y - f.oy) / f.scale;
  let best: number | null = null;
  let bestD = Infinity;
  layout.pages.forEach((p, i) => {
    const w = p.window;
    if (mx < w.x || my < w.y || mx > w.x + w.width || my > w.y + w.height) return;
    const d = Math.hypot(mx - (w.x + w.width / 2), my - (w.y + w.height / 2));
    if (d < bestD) [best, bestD] = [i, d];
  });
  return best;
}

/** The view that shows a whole sheet of `sizePt` in a `width`×`height` box (px per pt and where pt 0,0 lands). */
export function fitPaper(sizePt: { width: number; height: number }, width: number, height: number): Fit {
  return fit({ x: 0, y: 0, ...sizePt }, width, height, 12);
}

/** Screen px per paper pt at true size: 1 mm of paper is 1 mm on screen, taking the screen as 96 px to the inch. */
export const TRUE_SIZE_PX_PER_PT = 96 / 72;

/** The sheet of paper at `f` (px per pt, where pt 0,0 lands), with a soft shadow and an edge. */
function paper(ctx: CanvasRenderingContext2D, f: Fit, sizePt: { width: number; height: number }): void {
  ctx.save();
  ctx.shadowColor = 'rgba(16, 24, 40, 0.22)';
  ctx.shadowBlur = 8;
  ctx.shadowOffsetY = 2;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(f.ox, f.oy, sizePt.width * f.scale, sizePt.height * f.scale);
  ctx.restore();
  ctx.strokeStyle = '#c3c9d1';
  ctx.lineWidth = 1;
  ctx.strokeRect(f.ox + 0.5, f.oy + 0.5, sizePt.width * f.scale - 1, sizePt.height * f.scale - 1);
}

/** The paper size of the page shown: a tile page, or the assembly sheet when `page` is null. */
export function sheetSizePt(scene: PreviewScene, page: PrintPage | null): { width: number; height: number } | null {
  return page ? scene.layout.pageSizePt : (scene.layout.assembly?.pageSizePt ?? null);
}

/** Where map point `mm` (map millimetres) lies on the shown sheet, in paper pt; null when that sheet does not show it. */
export function mapPointOnSheet(scene: PreviewScene, page: PrintPage | null, mm: Point): Point | null {
  if (page) {
    const w = page.window;
    if (mm.x < w.x || mm.y < w.y || mm.x > w.x + w.width || mm.y > w.y + w.height) return null;
    const a = page.furniture.mapAreaPt;
    return { x: a.x + (mm.x - w.x) * PT_PER_MM, y: a.y + (mm.y - w.y) * PT_PER_MM };
  }
  const sheet = scene.layout.assembly;
  return sheet ? { x: sheet.mapOriginPt.x + mm.x * sheet.scale, y: sheet.mapOriginPt.y + mm.y * sheet.scale } : null;
}

/**
 * One tile page as the PDF draws it, with the overlap strips and the printable area marked, at
 * `f` (px per pt and where the sheet's corner lands; the whole sheet fitted by default).
 */
export function drawTilePage(ctx: CanvasRenderingContext2D, width: number, height: number, scene: PreviewScene, page: PrintPage, f = fitPaper(scene.layout.pageSizePt, width, height)): void {
  const { layout } = scene;
  ctx.clearRect(0, 0, width, height);
  paper(ctx, f, layout.pageSizePt);
  const fu = page.furniture;
  const a = fu.mapAreaPt;
  const k = PT_PER_MM * f.scale;
  const area = { x: f.ox + a.x * f.scale, y: f.oy + a.y * f.scale, width: a.width * f.scale, height: a.height * f.scale };
  const fonts = canvasFonts(ctx);

  // Map mm → pixels: the window's corner sits at the map area's corner, as on the PDF page.
  const origin = { x: area.x - page.window.x * k, y: area.y - page.window.y * k };
  inUnits(ctx, origin, k, (cv) => {
    cv.save().clipRect(page.window);
    drawMap(cv, scene.model, page.cells, page.window, mapStyleFor(scene.scenario, layout, 1), fonts);
    drawRegistrationMarks(cv, page);
    cv.restore();
  });
  ctx.save();
  ctx.beginPath();
  ctx.rect(area.x, area.y, area.width, area.height);
  ctx.clip();
  ctx.fillStyle = OVERLAP_FILL;
  for (const o of overlapRects(layout, page.index)) ctx.fillRect(origin.x + o.x * k, origin.y + o.y * k, o.width * k, o.height * k);
  ctx.restore();

  // The printable area (not printed).
  ctx.setLineDash([3, 3]);
  ctx.strokeStyle = 'rgba(91, 99, 110, 0.45)';
  ctx.lineWidth = 1;
  ctx.strokeRect(area.x + 0.5, area.y + 0.5, area.width - 1, area.height - 1);
  ctx.setLineDash([]);

  inUnits(ctx, { x: f.ox, y: f.oy }, f.scale, (cv) => {
    drawCropMarks(cv, fu);
    const drafted = drawDraftNote(cv, fonts, fu, fu.rulerAtPt, layout.draft);
    drawHeader(cv, fonts, fu, tileHeaderLabel(layout, page), drafted ? undefined : layout.draft);
    drawRuler(cv, fonts, fu.rulerAtPt);
  });
}

/** The assembly sheet as the PDF draws it: the whole map reduced, each tile's window on it, the title block (at `f`, as drawTilePage). */
export function drawAssemblyPage(ctx: CanvasRenderingContext2D, width: number, height: number, scene: PreviewScene, f?: Fit): void {
  const { layout } = scene;
  const sheet = layout.assembly;
  ctx.clearRect(0, 0, width, height);
  if (!sheet) return;
  f ??= fitPaper(sheet.pageSizePt, width, height);
  paper(ctx, f, sheet.pageSizePt);
  const fonts = canvasFonts(ctx);
  const k = sheet.scale * f.scale;
  const origin = { x: f.ox + sheet.mapOriginPt.x * f.scale, y: f.oy + sheet.mapOriginPt.y * f.scale };
  const extent = assemblyMapExtent(layout);
  inUnits(ctx, origin, k, (cv) => {
    cv.save().clipRect(extent);
    drawMap(cv, scene.model, allCells(scene.grid), extent, mapStyleFor(scene.scenario, layout, sheet.scale / PT_PER_MM), fonts);
    cv.restore();
  });
  inUnits(ctx, { x: f.ox, y: f.oy }, f.scale, (cv) => {
    drawAssemblyOverlay(cv, fonts, sheet);
    const drafted = drawDraftNote(cv, fonts, sheet.furniture, sheet.furniture.rulerAtPt, layout.draft);
    drawHeader(cv, fonts, sheet.furniture, 'Assembly', drafted ? undefined : layout.draft);
    drawRuler(cv, fonts, sheet.furniture.rulerAtPt);
  });
}
