// The PDF writer: a vector PDF of the print layout at exact physical size. A Node-side
// service (pdf-lib, no Electron import) so it runs in the main process, the web host,
// the command line and tests alike.
import { PDFDocument, PrintScaling, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Scenario } from '../../shared/format/scenario.types.js';
import { drawAssemblyOverlay, drawCropMarks, drawHeader, drawRuler, tileHeaderLabel } from '../../shared/print/furniture.js';
import { gridFor, layoutPrint, type PrintLayout, type PrintPage } from '../../shared/print/layout.js';
import type { Rect } from '../../shared/grid/types.js';
import { anyFrame, frameLayout, frameTextOf, paintFrame } from '../../shared/paint/frame.js';
import { assemblyMapExtent, drawMap, drawRegistrationMarks, mapStyleFor, paintStyleOf } from '../../shared/print/map-draw.js';
import { buildPrintModel, type PrintModel } from '../../shared/print/model.js';
import type { PrintOptionsInput } from '../../shared/print/options.js';
import type { PrintFonts } from '../../shared/print/surface.js';
import { PT_PER_MM } from '../../shared/print/units.js';
import { Canvas, PageFont, paperCanvas } from './canvas.js';

export interface PrintProgress {
  /** Pages written so far (assembly sheet included). */
  done: number;
  total: number;
  /** "Assembly" or the tile label just written. */
  page: string;
}

export type ProgressListener = (progress: PrintProgress) => void;

interface DocFonts {
  regular: PDFFont;
  bold: PDFFont;
}

function pageFonts(page: PDFPage, fonts: DocFonts): PrintFonts<PageFont> {
  return { regular: new PageFont(fonts.regular, page), bold: new PageFont(fonts.bold, page) };
}

/**
 * What a single-sheet print's frame adds round the map (map mm on each side), or null when the
 * print has no frame (tiled prints never do: the frame goes round a whole map).
 */
function frameExtra(scenario: Scenario, layout: PrintLayout, model: PrintModel): { left: number; top: number; right: number; bottom: number; outer: Rect } | null {
  const parts = layout.options.frame;
  if (!layout.options.singleSheet || !anyFrame(parts)) return null;
  const map = model.grid.bounds(model.size);
  const outer = frameLayout(model, map, model.size, parts, paintStyleOf(mapStyleFor(scenario, layout, 1))).outer;
  return { left: map.x - outer.x, top: map.y - outer.y, right: outer.x + outer.width - map.x - map.width, bottom: outer.y + outer.height - map.y - map.height, outer };
}

function writeTile(pdfPage: PDFPage, fonts: DocFonts, scenario: Scenario, layout: PrintLayout, model: PrintModel, page: PrintPage): void {
  const H = pdfPage.getHeight();
  const f = page.furniture;
  const extra = frameExtra(scenario, layout, model);
  // With a frame the map moves right and down by the frame's left and top.
  const area = extra ? { ...f.mapAreaPt, x: f.mapAreaPt.x + extra.left * PT_PER_MM, y: f.mapAreaPt.y + extra.top * PT_PER_MM } : f.mapAreaPt;
  const w = page.window;
  const pf = pageFonts(pdfPage, fonts);
  const style = mapStyleFor(scenario, layout, 1);
  // Map mm → page pt: x' = area.x + (x - w.x)·k, y' = H - area.y - (y - w.y)·k.
  const toPage = (cv: Canvas) => cv.transform(PT_PER_MM, 0, 0, -PT_PER_MM, area.x - w.x * PT_PER_MM, H - area.y + w.y * PT_PER_MM);
  const cv = toPage(new Canvas().save()).clipRect(w);
  drawMap(cv, model, page.cells, w, style, pf);
  drawRegistrationMarks(cv, page);
  cv.restore();
  if (extra) {
    toPage(cv.save());
    paintFrame(cv, pf, model, model.grid.bounds(model.size), model.size, layout.options.frame, frameTextOf(scenario), paintStyleOf(style));
    cv.restore();
  }
  cv.flush(pdfPage.doc, pdfPage);
  const paper = paperCanvas(H);
  // The frame's neat line is the trimming guide on a framed sheet.
  if (!extra) drawCropMarks(paper, f);
  drawHeader(paper, pf, f, tileHeaderLabel(layout, page));
  drawRuler(paper, pf, extra ? { x: f.rulerAtPt.x, y: f.rulerAtPt.y + (extra.top + extra.bottom) * PT_PER_MM } : f.rulerAtPt);
  paper.restore().flush(pdfPage.doc, pdfPage);
}


function writeAssembly(pdfPage: PDFPage, fonts: DocFonts, scenario: Scenario, layout: PrintLayout, model: PrintModel): void {
  const sheet = layout.assembly!;
  const H = sheet.pageSizePt.height;
  const pf = pageFonts(pdfPage, fonts);
  const k = sheet.scale;
  const o = sheet.mapOriginPt;
  const extent = assemblyMapExtent(layout);
  const all = Array.from({ length: model.grid.cellCount }, (_, i) => model.grid.cellAt(i));
  const cv = new Canvas().save().transform(k, 0, 0, -k, o.x, H - o.y).clipRect(extent);
  drawMap(cv, model, all, extent, mapStyleFor(scenario, layout, k / PT_PER_MM), pf);
  cv.restore().flush(pdfPage.doc, pdfPage);
  const paper = paperCanvas(H);
  drawAssemblyOverlay(paper, pf, sheet);
  drawHeader(paper, pf, sheet.furniture, 'Assembly');
  drawRuler(paper, pf, sheet.furniture.rulerAtPt);
  paper.restore().flush(pdfPage.doc, pdfPage);
}

/** Writes the PDF for a layout already computed (e.g. the one the preview shows). */
export async function renderLayoutPdf(scenario: Scenario, layout: PrintLayout, onProgress?: ProgressListener): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${scenario.title} \u2014 print overlay`);
  doc.setSubject(layout.scale.text);
  doc.setCreator('Gridfront');
  doc.setProducer('Gridfront (pdf-lib)');
  // Ask viewers not to shrink the pages to fit the printer's margins.
  doc.catalog.getOrCreateViewerPreferences().setPrintScaling(PrintScaling.None);
  const fonts: DocFonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const model = buildPrintModel(scenario, gridFor(scenario, layout.options), layout.cellSizeMm);
  const total = layout.pages.length + (layout.assembly ? 1 : 0);
  let done = 0;
  if (layout.assembly) {
    const s = layout.assembly.pageSizePt;
    writeAssembly(doc.addPage([s.width, s.height]), fonts, scenario, layout, model);
    onProgress?.({ done: ++done, total, page: 'Assembly' });
  }
  const extra = frameExtra(scenario, layout, model);
  const grow = extra ? { w: (extra.left + extra.right) * PT_PER_MM, h: (extra.top + extra.bottom) * PT_PER_MM } : { w: 0, h: 0 };
  for (const page of layout.pages) {
    writeTile(doc.addPage([layout.pageSizePt.width + grow.w, layout.pageSizePt.height + grow.h]), fonts, scenario, layout, model, page);
    onProgress?.({ done: ++done, total, page: page.label });
  }
  return doc.save({ useObjectStreams: true });
}

/** Lays out and writes the print PDF. Throws PrintOptionsError for bad options. */
export async function renderPdf(scenario: Scenario, options: PrintOptionsInput = {}, onProgress?: ProgressListener): Promise<Uint8Array> {
  return renderLayoutPdf(scenario, layoutPrint(scenario, options), onProgress);
}
