// One page of a print, drawn on any surface in paper points (y down, (0,0) at the sheet's top
// left): the assembly sheet (the reduced map with the tile grid) or a tile (its window of the
// map at true scale, registration marks, crop marks, header and ruler), with the map frame round
// a single sheet when asked and the underlay picture when asked. The PDF writer draws it on PDF
// operators and the PNG pages on a Skia canvas, so both are the same page.
import type { Scenario } from '../format/scenario.types.js';
import type { Rect } from '../grid/index.js';
import { anyFrame, frameLayout, frameTextOf, paintFrame } from '../paint/frame.js';
import { paintUnderlay } from '../paint/underlay.js';
import { drawAssemblyOverlay, drawCropMarks, drawDraftNote, drawHeader, drawRuler, tileHeaderLabel } from './furniture.js';
import type { PrintLayout } from './layout.js';
import { assemblyMapExtent, drawMap, drawRegistrationMarks, mapStyleFor, paintStyleOf } from './map-draw.js';
import type { PrintModel } from './model.js';
import type { PrintFont, PrintFonts, PrintSurface, SurfaceImage } from './surface.js';
import { PT_PER_MM } from './units.js';

/** What a single sheet's frame adds round the map (map mm each side), or null without one (tiled prints never have one). */
export interface FrameExtra {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export function frameExtra(scenario: Scenario, layout: PrintLayout, model: PrintModel): FrameExtra | null {
  const parts = layout.options.frame;
  if (!layout.options.singleSheet || !anyFrame(parts)) return null;
  const map = model.grid.bounds(model.size);
  const outer = frameLayout(model, map, model.size, parts, paintStyleOf(mapStyleFor(scenario, layout, 1))).outer;
  return { left: map.x - outer.x, top: map.y - outer.y, right: outer.x + outer.width - map.x - map.width, bottom: outer.y + outer.height - map.y - map.height };
}

/** Pages in PDF order: the assembly sheet (when there is one), then the tiles. */
export function printPageCount(layout: PrintLayout): number {
  return layout.pages.length + (layout.assembly ? 1 : 0);
}

/** The size of page `index` in points (a framed single sheet grows by its frame). */
export function printPageSizePt(layout: PrintLayout, index: number, extra: FrameExtra | null): { width: number; height: number } {
  if (layout.assembly && index === 0) return layout.assembly.pageSizePt;
  const grow = extra ? { w: (extra.left + extra.right) * PT_PER_MM, h: (extra.top + extra.bottom) * PT_PER_MM } : { w: 0, h: 0 };
  return { width: layout.pageSizePt.width + grow.w, height: layout.pageSizePt.height + grow.h };
}

/** The label of page `index`: "Assembly" or the tile's label. */
export function printPageLabel(layout: PrintLayout, index: number): string {
  if (layout.assembly && index === 0) return 'Assembly';
  const page = layout.pages[index - (layout.assembly ? 1 : 0)];
  if (!page) throw new RangeError(`there is no page ${index + 1}`);
  return page.label;
}

export interface PageDrawOptions {
  /** The underlay picture, in the surface's kind, when the print draws it (layout.options.underlay). */
  underlay?: SurfaceImage;
  /** Only the part of the page in this rectangle (paper pt) is needed: the map paints only the cells reaching into it (a raster band). */
  visible?: Rect;
  /** Worked out once per print by frameExtra. */
  extra?: FrameExtra | null;
}

const meet = (a: Rect, b: Rect): Rect | null => {
  const x0 = Math.max(a.x, b.x);
  const y0 = Math.max(a.y, b.y);
  const x1 = Math.min(a.x + a.width, b.x + b.width);
  const y1 = Math.min(a.y + a.height, b.y + b.height);
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null;
};

/**
 * Draws page `index` of a print on `cv`, whose transform maps paper points (y down) to the
 * output. Everything drawn is inside a save/restore.
 */
export function drawPrintPage<F extends PrintFont>(cv: PrintSurface<F>, fonts: PrintFonts<F>, scenario: Scenario, layout: PrintLayout, model: PrintModel, index: number, opts: PageDrawOptions = {}): void {
  const sheet = layout.assembly;
  const S = model.size;
  // Map mm → paper pt: p' = origin + (p − window)·k; `visible` back into map mm.
  const drawMapPart = (window: Rect, originPt: { x: number; y: number }, k: number, reduction: number, extras?: () => void) => {
    const visiblePt = opts.visible ?? { x: originPt.x, y: originPt.y, width: window.width * k, height: window.height * k };
    const region = meet(window, { x: window.x + (visiblePt.x - originPt.x) / k, y: window.y + (visiblePt.y - originPt.y) / k, width: visiblePt.width / k, height: visiblePt.height / k });
    if (!region) return;
    cv.save().transform(k, 0, 0, k, originPt.x - window.x * k, originPt.y - window.y * k).clipRect(window);
    drawMap(cv, model, null, region, mapStyleFor(scenario, layout, reduction), fonts);
    if (opts.underlay && scenario.map.underlay) paintUnderlay(cv, opts.underlay, scenario.map.underlay, S);
    extras?.();
    cv.restore();
  };

  if (sheet && index === 0) {
    const k = sheet.scale;
    const extent = assemblyMapExtent(layout);
    drawMapPart(extent, { x: sheet.mapOriginPt.x + extent.x * k, y: sheet.mapOriginPt.y + extent.y * k }, k, k / PT_PER_MM);
    drawAssemblyOverlay(cv, fonts, sheet);
    const drafted = drawDraftNote(cv, fonts, sheet.furniture, sheet.furniture.rulerAtPt, layout.draft);
    drawHeader(cv, fonts, sheet.furniture, 'Assembly', drafted ? undefined : layout.draft);
    drawRuler(cv, fonts, sheet.furniture.rulerAtPt);
    return;
  }
  const page = layout.pages[index - (sheet ? 1 : 0)];
  if (!page) throw new RangeError(`there is no page ${index + 1}`);
  const f = page.furniture;
  const extra = opts.extra === undefined ? frameExtra(scenario, layout, model) : opts.extra;
  // With a frame the map moves right and down by the frame's left and top.
  const area = extra ? { ...f.mapAreaPt, x: f.mapAreaPt.x + extra.left * PT_PER_MM, y: f.mapAreaPt.y + extra.top * PT_PER_MM } : f.mapAreaPt;
  const w = page.window;
  drawMapPart(w, area, PT_PER_MM, 1, () => drawRegistrationMarks(cv, page));
  if (extra) {
    cv.save().transform(PT_PER_MM, 0, 0, PT_PER_MM, area.x - w.x * PT_PER_MM, area.y - w.y * PT_PER_MM);
    paintFrame(cv, fonts, model, model.grid.bounds(S), S, layout.options.frame, frameTextOf(scenario), paintStyleOf(mapStyleFor(scenario, layout, 1)));
    cv.restore();
  }
  // The frame's neat line is the trimming guide on a framed sheet.
  if (!extra) drawCropMarks(cv, f);
  const rulerAt = extra ? { x: f.rulerAtPt.x, y: f.rulerAtPt.y + (extra.top + extra.bottom) * PT_PER_MM } : f.rulerAtPt;
  const drafted = drawDraftNote(cv, fonts, f, rulerAt, layout.draft);
  drawHeader(cv, fonts, f, tileHeaderLabel(layout, page), drafted ? undefined : layout.draft);
  drawRuler(cv, fonts, rulerAt);
}
