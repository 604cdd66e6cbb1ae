// The PDF writer: a vector PDF of the print layout at exact physical size. A Node-side
// service (pdf-lib, no Electron import) so it runs in the main process, the web host,
// the command line and tests alike.
import { PDFDocument, PrintScaling, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Scenario } from '../../shared/format/scenario.types.js';
import { drawAssemblyOverlay, drawCropMarks, drawHeader, drawRuler, tileHeaderLabel } from '../../shared/print/furniture.js';
import { gridFor, layoutPrint, type PrintLayout, type PrintPage } from '../../shared/print/layout.js';
import { assemblyMapExtent, drawMap, drawRegistrationMarks, mapStyleFor } from '../../shared/print/map-draw.js';
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

function writeTile(pdfPage: PDFPage, fonts: DocFonts, scenario: Scenario, layout: PrintLayout, model: PrintModel, page: PrintPage): void {
  const H = layout.pageSizePt.height;
  const f = page.furniture;
  const area = f.mapAreaPt;
  const w = page.window;
  const pf = pageFonts(pdfPage, fonts);
  // Map mm → page pt: x' = area.x + (x - w.x)·k, y' = H - area.y - (y - w.y)·k.
  const cv = new Canvas()
    .save()
    .transform(PT_PER_MM, 0, 0, -PT_PER_MM, area.x - w.x * PT_PER_MM, H - area.y + w.y * PT_PER_MM)
    .clipRect(w);
  drawMap(cv, model, page.cells, w, mapStyleFor(scenario, layout, 1), pf);
  drawRegistrationMarks(cv, page);
  cv.restore();
  cv.flush(pdfPage.doc, pdfPage);
  const paper = paperCanvas(H);
  drawCropMarks(paper, f);
  drawHeader(paper, pf, f, tileHeaderLabel(layout, page));
  drawRuler(paper, pf, f.rulerAtPt);
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
  for (const page of layout.pages) {
    writeTile(doc.addPage([layout.pageSizePt.width, layout.pageSizePt.height]), fonts, scenario, layout, model, page);
    onProgress?.({ done: ++done, total, page: page.label });
  }
  return doc.save({ useObjectStreams: true });
}

/** Lays out and writes the print PDF. Throws PrintOptionsError for bad options. */
export async function renderPdf(scenario: Scenario, options: PrintOptionsInput = {}, onProgress?: ProgressListener): Promise<Uint8Array> {
  return renderLayoutPdf(scenario, layoutPrint(scenario, options), onProgress);
}
