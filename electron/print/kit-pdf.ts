// The tabletop kit as a PDF: the same path as the map print (pdf-lib with the standard fonts,
// drawing through the Canvas surface of canvas.ts), one page per kit page at its true size.
import { Duplex, PDFDocument, PrintScaling, StandardFonts } from 'pdf-lib';
import type { Scenario } from '../../shared/format/scenario.types.js';
import { drawKitPage } from '../../shared/kit/draw.js';
import { layoutKit, type KitLayout } from '../../shared/kit/layout.js';
import type { KitOptionsInput } from '../../shared/kit/options.js';
import { PT_PER_MM } from '../../shared/print/units.js';
import { Canvas, PageFont } from './canvas.js';

/** Writes a kit already laid out (e.g. the one the preview shows). */
export async function renderKitLayoutPdf(scenario: Scenario, layout: KitLayout): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${scenario.title} \u2014 tabletop kit`);
  doc.setSubject(`Counters ${layout.options.counterId}, ${layout.options.paper}: ${layout.options.parts.join(', ')}`);
  doc.setCreator('Gridfront');
  doc.setProducer('Gridfront (pdf-lib)');
  // Counters must print at their size: ask viewers not to fit the pages to the printer's margins.
  doc.catalog.getOrCreateViewerPreferences().setPrintScaling(PrintScaling.None);
  // Duplex on the long edge is how the backs register with the fronts.
  doc.catalog.getOrCreateViewerPreferences().setDuplex(Duplex.DuplexFlipLongEdge);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (const page of layout.pages) {
    const W = page.size.width * PT_PER_MM;
    const H = page.size.height * PT_PER_MM;
    const pdfPage = doc.addPage([W, H]);
    const fonts = { regular: new PageFont(regular, pdfPage), bold: new PageFont(bold, pdfPage) };
    // Millimetres, y down from the top-left corner → PDF points, y up.
    const cv = new Canvas().save().transform(PT_PER_MM, 0, 0, -PT_PER_MM, 0, H);
    drawKitPage(cv, fonts, layout, page, scenario.title);
    cv.restore().flush(doc, pdfPage);
  }
  return doc.save({ useObjectStreams: true });
}

/** Lays out and writes the kit PDF. Throws KitOptionsError for bad options. */
export async function renderKitPdf(scenario: Scenario, options: KitOptionsInput = {}): Promise<Uint8Array> {
  return renderKitLayoutPdf(scenario, layoutKit(scenario, options));
}
