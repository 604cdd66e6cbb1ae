// Drawing the print layout on a 2D canvas for the dialog's preview: the sheet plan (every
// tile's window over the map's cells, overlaps showing darker) and one page at paper
// scale. It draws what the layout says, not a second opinion on it.
import { terrainAt } from '../../../../shared/format/board.js';
import type { Scenario } from '../../../../shared/format/scenario.types.js';
import type { Cell, GridGeometry, Point, Rect } from '../../../../shared/grid/types.js';
import { gridFor, type PrintLayout, type PrintPage } from '../../../../shared/print/layout.js';
import { buildPrintModel, type PrintModel } from '../../../../shared/print/model.js';
import { PT_PER_MM } from '../../../../shared/print/units.js';

export interface PreviewScene {
  layout: PrintLayout;
  grid: GridGeometry;
  /** Terrain colour per cell index when the mode prints colour; null for line-only modes. */
  fills: (string | null)[] | null;
  /** Rivers, roads and rails in map mm, when those layers print. */
  lines: PrintModel | null;
}

// The PDF writer's line colours (electron/print/map-draw.ts), so the preview reads the same.
const RIVER = '#2f6fd0';
const ROAD = '#a0522d';
const RAIL = '#1a1a1a';
const DARK = '#2b2b2b';

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
const MUTED = '#5b636e';
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';

export function buildScene(scenario: Scenario, layout: PrintLayout): PreviewScene {
  const grid = gridFor(scenario, layout.options);
  const o = layout.options;
  // Terrain prints as colour fills, except in the outline mode (ink-saving hatching).
  let fills: (string | null)[] | null = null;
  if (o.mode !== 'outline' && o.layers.terrain) {
    fills = [];
    for (let i = 0; i < grid.cellCount; i++) fills.push(terrainAt(scenario.map, grid.cellAt(i))?.colour ?? null);
  }
  const lines = o.layers.rivers || o.layers.roads ? buildPrintModel(scenario, grid, layout.cellSizeMm) : null;
  return { layout, grid, fills, lines };
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

/** Cell outlines (and fills by colour) as paths in canvas pixels: p' = origin + p·k. */
function cellPaths(scene: PreviewScene, cells: Iterable<Cell>, k: number, origin: Point): { outline: Path2D; fills: Map<string, Path2D> } {
  const { grid, layout } = scene;
  const outline = new Path2D();
  const fills = new Map<string, Path2D>();
  const offsets = grid.cornerOffsets(layout.cellSizeMm);
  for (const cell of cells) {
    const c = grid.center(cell, layout.cellSizeMm);
    const path = new Path2D();
    offsets.forEach((o, i) => {
      const x = origin.x + (c.x + o.x) * k;
      const y = origin.y + (c.y + o.y) * k;
      if (i === 0) path.moveTo(x, y);
      else path.lineTo(x, y);
    });
    path.closePath();
    outline.addPath(path);
    const colour = scene.fills?.[grid.index(cell)];
    if (colour) {
      let p = fills.get(colour);
      if (!p) fills.set(colour, (p = new Path2D()));
      p.addPath(path);
    }
  }
  return { outline, fills };
}

function allCells(grid: GridGeometry): Cell[] {
  return Array.from({ length: grid.cellCount }, (_, i) => grid.cellAt(i));
}

function drawCells(ctx: CanvasRenderingContext2D, scene: PreviewScene, cells: Iterable<Cell>, k: number, origin: Point, lineWidthPx: number, alpha: number): void {
  const { outline, fills } = cellPaths(scene, cells, k, origin);
  ctx.save();
  ctx.globalAlpha = alpha;
  for (const [colour, path] of fills) {
    ctx.fillStyle = colour;
    ctx.fill(path);
  }
  ctx.restore();
  // Cells a few pixels across would turn into a solid smudge of lines; thin them out.
  const cellPx = scene.layout.cellSizeMm * k;
  ctx.strokeStyle = scene.layout.options.lineColour;
  ctx.globalAlpha = cellPx < 4 ? 0.25 : cellPx < 10 ? 0.5 : 0.85;
  ctx.lineWidth = lineWidthPx;
  ctx.stroke(outline);
  ctx.globalAlpha = 1;
}

/** Rivers, roads and rails (map mm → canvas px: p' = origin + p·k), widths as the PDF has them but never under a pixel. */
function drawLines(ctx: CanvasRenderingContext2D, scene: PreviewScene, k: number, origin: Point, view: Rect | null): void {
  const model = scene.lines;
  if (!model) return;
  const { layers, mode } = scene.layout.options;
  const s = scene.layout.cellSizeMm;
  const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));
  const meets = (b: Rect): boolean => !view || (b.x <= view.x + view.width && view.x <= b.x + b.width && b.y <= view.y + view.height && view.y <= b.y + b.height);
  const X = (p: Point): number => origin.x + p.x * k;
  const Y = (p: Point): number => origin.y + p.y * k;
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  const stroke = (colour: string, widthMm: number, draw: (path: Path2D) => void, dash: number[] = []): void => {
    const path = new Path2D();
    draw(path);
    ctx.strokeStyle = colour;
    ctx.lineWidth = Math.max(1, widthMm * k);
    ctx.setLineDash(dash.map((d) => Math.max(1, d * k)));
    ctx.stroke(path);
  };
  const outline = mode === 'outline';
  if (layers.rivers) {
    stroke(outline ? DARK : RIVER, clamp(s * 0.035, 0.6, 4), (path) => {
      for (const e of [...model.rivers, ...model.lakeShores]) {
        if (!meets(e.box)) continue;
        path.moveTo(X(e.a), Y(e.a));
        path.lineTo(X(e.b), Y(e.b));
      }
    });
  }
  if (layers.roads) {
    const crossings = (list: PrintModel['roads']) => (path: Path2D) => {
      for (const r of list) {
        if (!meets(r.box)) continue;
        path.moveTo(X(r.path[0]), Y(r.path[0]));
        path.lineTo(X(r.path[1]), Y(r.path[1]));
        path.lineTo(X(r.path[2]), Y(r.path[2]));
      }
    };
    stroke(outline ? DARK : ROAD, clamp(s * 0.02, 0.45, 2.5), crossings(model.roads), outline ? [s * 0.05, s * 0.025] : []);
    stroke(RAIL, clamp(s * 0.012, 0.3, 1.2), crossings(model.rails));
  }
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
  drawCells(ctx, scene, allCells(scene.grid), f.scale, { x: f.ox, y: f.oy }, 1, 0.55);
  ctx.save();
  ctx.globalAlpha = 0.6;
  drawLines(ctx, scene, f.scale, { x: f.ox, y: f.oy }, null);
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

function paper(ctx: CanvasRenderingContext2D, width: number, height: number, sizePt: { width: number; height: number }): Fit {
  const f = fit({ x: 0, y: 0, ...sizePt }, width, height, 12);
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
  return f;
}

/** Text the size it will print, or a grey bar where it would be too small to read. */
function pageText(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, sizePx: number, weight: number, align: CanvasTextAlign = 'left'): void {
  ctx.textAlign = align;
  ctx.textBaseline = 'alphabetic';
  if (sizePx >= 6) {
    ctx.font = `${weight} ${sizePx}px ${FONT}`;
    ctx.fillStyle = weight > 500 ? INK : MUTED;
    ctx.fillText(text, x, y);
    return;
  }
  const w = Math.min(text.length * sizePx * 0.5, 400);
  ctx.fillStyle = '#d8dce2';
  ctx.fillRect(align === 'right' ? x - w : x, y - sizePx * 0.7, w, Math.max(1, sizePx * 0.7));
}

function cellLabels(ctx: CanvasRenderingContext2D, scene: PreviewScene, cells: readonly Cell[], k: number, origin: Point): void {
  const o = scene.layout.options;
  const cellPx = scene.layout.cellSizeMm * k;
  if (o.coordinates.style === 'none' || cellPx < 26) return;
  const size = Math.min(11, cellPx * 0.16);
  ctx.font = `${size}px ${FONT}`;
  ctx.fillStyle = o.lineColour;
  ctx.textAlign = 'center';
  ctx.textBaseline = o.coordinates.position === 'top' ? 'top' : 'middle';
  const box = scene.grid.cellBox(scene.layout.cellSizeMm);
  for (const cell of cells) {
    const c = scene.grid.center(cell, scene.layout.cellSizeMm);
    const y = o.coordinates.position === 'top' ? c.y - box.height / 2 + box.height * 0.08 : c.y;
    ctx.fillText(scene.grid.label(cell), origin.x + c.x * k, origin.y + y * k);
  }
}

/** One tile page at paper scale: margins, the map window with its cells, registration and crop marks, the label. */
export function drawTilePage(ctx: CanvasRenderingContext2D, width: number, height: number, scene: PreviewScene, page: PrintPage): void {
  const { layout } = scene;
  ctx.clearRect(0, 0, width, height);
  const f = paper(ctx, width, height, layout.pageSizePt);
  const fu = page.furniture;
  const a = fu.mapAreaPt;
  const k = PT_PER_MM * f.scale;
  const area = { x: f.ox + a.x * f.scale, y: f.oy + a.y * f.scale, width: a.width * f.scale, height: a.height * f.scale };

  ctx.save();
  ctx.beginPath();
  ctx.rect(area.x, area.y, area.width, area.height);
  ctx.clip();
  const origin = { x: area.x - page.window.x * k, y: area.y - page.window.y * k };
  const lineWidthPx = Math.max(0.6, layout.options.lineWidthMm * k);
  drawCells(ctx, scene, page.cells, k, origin, lineWidthPx, 0.9);
  drawLines(ctx, scene, k, origin, page.window);
  cellLabels(ctx, scene, page.cells, k, origin);
  ctx.fillStyle = OVERLAP_FILL;
  for (const o of overlapRects(layout, page.index)) ctx.fillRect(origin.x + o.x * k, origin.y + o.y * k, o.width * k, o.height * k);
  ctx.strokeStyle = INK;
  ctx.lineWidth = 0.8;
  for (const m of page.registrationMarks) {
    const x = origin.x + m.at.x * k;
    const y = origin.y + m.at.y * k;
    const r = Math.max(2, m.radiusMm * k);
    ctx.beginPath();
    ctx.arc(x, y, r * 0.7, 0, Math.PI * 2);
    ctx.moveTo(x - r, y);
    ctx.lineTo(x + r, y);
    ctx.moveTo(x, y - r);
    ctx.lineTo(x, y + r);
    ctx.stroke();
  }
  ctx.restore();

  // The printable area, and the map window's edge.
  ctx.setLineDash([3, 3]);
  ctx.strokeStyle = 'rgba(91, 99, 110, 0.45)';
  ctx.lineWidth = 1;
  ctx.strokeRect(area.x + 0.5, area.y + 0.5, area.width - 1, area.height - 1);
  ctx.setLineDash([]);
  ctx.strokeStyle = INK;
  ctx.beginPath();
  for (const s of fu.cropMarksPt) {
    ctx.moveTo(f.ox + s.a.x * f.scale, f.oy + s.a.y * f.scale);
    ctx.lineTo(f.ox + s.b.x * f.scale, f.oy + s.b.y * f.scale);
  }
  ctx.stroke();

  const at = (p: Point): Point => ({ x: f.ox + p.x * f.scale, y: f.oy + p.y * f.scale });
  const label = at(fu.labelAtPt);
  if (!layout.options.singleSheet) pageText(ctx, page.label, label.x, label.y, fu.labelSizePt * f.scale, 700);
  const caption = at(fu.captionAtPt);
  pageText(ctx, fu.caption, caption.x, caption.y, 7 * f.scale, 400);
  const note = at(fu.noteAtPt);
  pageText(ctx, fu.note, note.x, note.y, 7 * f.scale, 400, 'right');
}

/** The assembly sheet: the whole map reduced, each tile's window on it, and the title block. */
export function drawAssemblyPage(ctx: CanvasRenderingContext2D, width: number, height: number, scene: PreviewScene): void {
  const sheet = scene.layout.assembly;
  ctx.clearRect(0, 0, width, height);
  if (!sheet) return;
  const f = paper(ctx, width, height, sheet.pageSizePt);
  const k = sheet.scale * f.scale;
  const origin = { x: f.ox + sheet.mapOriginPt.x * f.scale, y: f.oy + sheet.mapOriginPt.y * f.scale };
  drawCells(ctx, scene, allCells(scene.grid), k, origin, 0.5, 0.8);
  drawLines(ctx, scene, k, origin, null);
  const labelPx = Math.max(6, Math.min(14, Math.min(...sheet.tiles.map((t) => Math.min(t.rectPt.width, t.rectPt.height))) * f.scale * 0.25));
  ctx.font = `600 ${labelPx}px ${FONT}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const t of sheet.tiles) {
    const r = { x: f.ox + t.rectPt.x * f.scale, y: f.oy + t.rectPt.y * f.scale, width: t.rectPt.width * f.scale, height: t.rectPt.height * f.scale };
    ctx.strokeStyle = 'rgba(198, 40, 40, 0.8)';
    ctx.lineWidth = 1;
    ctx.strokeRect(r.x, r.y, r.width, r.height);
    haloText(ctx, t.label, r.x + r.width / 2, r.y + r.height / 2, '#c62828');
  }
  const tb = sheet.titleBlockPt;
  ctx.strokeStyle = '#8a929c';
  ctx.lineWidth = 0.8;
  ctx.strokeRect(f.ox + tb.x * f.scale, f.oy + tb.y * f.scale, tb.width * f.scale, tb.height * f.scale);
  sheet.titleLines.forEach((line, i) => {
    const size = (i === 0 ? 11 : 8) * f.scale;
    pageText(ctx, line, f.ox + (tb.x + 8) * f.scale, f.oy + (tb.y + 14 + i * 11) * f.scale, size, i === 0 ? 700 : 400);
  });
  const label = { x: f.ox + sheet.furniture.labelAtPt.x * f.scale, y: f.oy + sheet.furniture.labelAtPt.y * f.scale };
  pageText(ctx, 'Assembly', label.x, label.y, sheet.furniture.labelSizePt * f.scale, 700);
}
