// The PDF writer: a vector PDF of the print layout at exact physical size. A Node-side
// service (pdf-lib, no Electron import) so it runs in the main process, the web host,
// the command line and tests alike. Each page is drawn by shared/print/page-draw.ts, as the
// PNG pages are.
import { PDFDocument, PrintScaling, StandardFonts, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import type { Scenario } from '../../shared/format/scenario.types.js';
import { gridFor, layoutPrint, type PrintLayout } from '../../shared/print/layout.js';
import { buildPrintModel } from '../../shared/print/model.js';
import type { PrintOptionsInput } from '../../shared/print/options.js';
import { drawPrintPage, frameExtra, printPageCount, printPageLabel, printPageSizePt } from '../../shared/print/page-draw.js';
import type { PrintFonts } from '../../shared/print/surface.js';
import { PageFont, PageImage, paperCanvas } from './canvas.js';

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

/** An underlay picture's bytes (PNG or JPEG), for a print that draws it. */
export interface PrintPicture {
  bytes: Uint8Array;
}

/**
 * Writes the PDF for a layout already computed (e.g. the one the preview shows). `underlay` is
 * the picture map.underlay names, needed when the layout draws it (options.underlay).
 */
export async function renderLayoutPdf(scenario: Scenario, layout: PrintLayout, onProgress?: ProgressListener, underlay?: PrintPicture): Promise<Uint8Array> {
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
  let picture: PDFImage | null = null;
  if (layout.options.underlay) {
    if (!underlay) throw new Error('the print draws the underlay picture, but the picture was not given');
    // Embedded once; every page that shows it refers to the same image.
    picture = isPng(underlay.bytes) ? await doc.embedPng(underlay.bytes) : await doc.embedJpg(underlay.bytes);
  }
  const extra = frameExtra(scenario, layout, model);
  const total = printPageCount(layout);
  for (let i = 0; i < total; i++) {
    const size = printPageSizePt(layout, i, extra);
    const page = doc.addPage([size.width, size.height]);
    const cv = paperCanvas(size.height);
    drawPrintPage(cv, pageFonts(page, fonts), scenario, layout, model, i, { extra, ...(picture ? { underlay: new PageImage(picture, page) } : {}) });
    cv.restore().flush(doc, page);
    onProgress?.({ done: i + 1, total, page: printPageLabel(layout, i) });
  }
  return doc.save({ useObjectStreams: true });
}

const isPng = (b: Uint8Array): boolean => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;

/** Lays out and writes the print PDF. Throws PrintOptionsError for bad options. */
export async function renderPdf(scenario: Scenario, options: PrintOptionsInput = {}, onProgress?: ProgressListener, underlay?: PrintPicture): Promise<Uint8Array> {
  return renderLayoutPdf(scenario, layoutPrint(scenario, options), onProgress, underlay);
}
