// Page furniture in paper space (pt, y down as in the layout), the same on the PDF and in the
// preview: tile label and caption, the "print at 100%" note, crop marks, the calibration
// ruler, and the assembly sheet's tile grid and title block.
import type { Point } from '../grid/index.js';
import type { AssemblySheet, PageFurniture, PrintLayout, PrintPage } from './layout.js';
import type { PrintFont, PrintFonts, PrintSurface, Rgb } from './surface.js';
import { MM_PER_INCH, mmToPt } from './units.js';

const INK: Rgb = [0, 0, 0];
const GREY: Rgb = [0.35, 0.35, 0.35];
// Magenta, so tile outlines never read as rivers or roads.
const TILE: Rgb = [0.78, 0.06, 0.45];
// A draft's mark: a dark red that still reads as plain text on a black-and-white printer.
const DRAFT: Rgb = [0.6, 0.08, 0.08];
const DRAFT_SIZE = 7;

/** The big label in a tile page's header: none on a single-sheet print, which has no tiles to tell apart. */
export function tileHeaderLabel(layout: PrintLayout, page: PrintPage): string {
  return page.label === 'A1' && layout.options.singleSheet ? '' : page.label;
}

function fitText(font: PrintFont, text: string, size: number, maxWidth: number): string {
  if (font.width(text, size) <= maxWidth) return text;
  let cut = text;
  while (cut.length > 1 && font.width(`${cut}\u2026`, size) > maxWidth) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}\u2026`;
}

/** The tile label, the caption and the "print at 100%" note; `draft` (a draft's mark the bottom margin had no room for) goes before the caption. */
export function drawHeader<F extends PrintFont>(cv: PrintSurface<F>, fonts: PrintFonts<F>, f: Omit<PageFurniture, 'cropMarksPt'>, label: string, draft?: string): void {
  const small = 7;
  cv.fillStyle(INK);
  if (label) cv.text(fonts.bold, f.labelSizePt, f.labelAtPt.x, f.labelAtPt.y, label);
  const noteW = fonts.bold.width(f.note, small);
  cv.text(fonts.bold, small, f.noteAtPt.x, f.noteAtPt.y, f.note, 'right');
  let captionX = label ? f.labelAtPt.x + fonts.bold.width(label, f.labelSizePt) + mmToPt(3) : f.labelAtPt.x;
  const end = f.noteAtPt.x - noteW - mmToPt(5);
  if (draft) {
    const text = fitText(fonts.bold, draft, DRAFT_SIZE, Math.max(20, end - captionX));
    cv.fillStyle(DRAFT).text(fonts.bold, DRAFT_SIZE, captionX, f.captionAtPt.y, text);
    captionX += fonts.bold.width(text, DRAFT_SIZE) + mmToPt(3);
  }
  const room = end - captionX;
  if (room > 20) cv.fillStyle(GREY).text(fonts.regular, small, captionX, f.captionAtPt.y, fitText(fonts.regular, f.caption, small, room));
}

/**
 * A draft's mark, "Draft — 3 checks not passing", small and bold in the bottom margin, ending
 * where the header's note ends, level with the ruler (beside it, never over the map). False,
 * drawing nothing, when the sheet is too narrow for both: drawHeader then puts it in the header.
 */
export function drawDraftNote<F extends PrintFont>(cv: PrintSurface<F>, fonts: PrintFonts<F>, f: Pick<PageFurniture, 'noteAtPt'>, rulerAt: Point, text: string | undefined): boolean {
  if (!text) return true;
  const width = fonts.bold.width(text, DRAFT_SIZE);
  // The ruler's 10 cm (or 4 in) and its "10 cm" label, then a gap.
  const rulerEnd = rulerAt.x + (Math.max(100, 4 * MM_PER_INCH) + 14) * mmToPt(1);
  if (f.noteAtPt.x - width < rulerEnd) return false;
  cv.fillStyle(DRAFT).text(fonts.bold, DRAFT_SIZE, f.noteAtPt.x, rulerAt.y + DRAFT_SIZE * 0.35, text, 'right');
  return true;
}

export function drawCropMarks(cv: PrintSurface, f: PageFurniture): void {
  cv.buttCaps().strokeStyle(INK, 0.4);
  for (const m of f.cropMarksPt) cv.segment(m.a, m.b);
  cv.stroke();
}

/**
 * A 10 cm scale (mm ticks, numbered cm) above a 4 in scale (quarter-inch ticks, numbered
 * inches), sharing their zero at `at`, so a printout can be checked with any ruler.
 */
export function drawRuler<F extends PrintFont>(cv: PrintSurface<F>, fonts: PrintFonts<F>, at: Point): void {
  const mm = mmToPt(1);
  const len = Math.max(100, 4 * MM_PER_INCH) * mm;
  cv.buttCaps().strokeStyle(INK, 0.35).segment(at, { x: at.x + len, y: at.y }).stroke();
  cv.strokeStyle(INK, 0.3);
  for (let i = 0; i <= 100; i++) {
    const h = (i % 10 === 0 ? 2.6 : i % 5 === 0 ? 1.8 : 1.1) * mm;
    cv.segment({ x: at.x + i * mm, y: at.y }, { x: at.x + i * mm, y: at.y - h });
  }
  for (let q = 0; q <= 16; q++) {
    const x = at.x + q * (MM_PER_INCH / 4) * mm;
    const h = (q % 4 === 0 ? 2.6 : q % 2 === 0 ? 1.8 : 1.2) * mm;
    cv.segment({ x, y: at.y }, { x, y: at.y + h });
  }
  cv.stroke();
  const size = 4.5;
  cv.fillStyle(INK);
  for (let c = 0; c <= 10; c++) cv.text(fonts.regular, size, at.x + c * 10 * mm + (c === 0 ? 0.8 : 0), at.y - 3 * mm, String(c), c === 0 ? 'left' : 'centre');
  for (let n = 0; n <= 4; n++) cv.text(fonts.regular, size, at.x + n * MM_PER_INCH * mm + (n === 0 ? 0.8 : 0), at.y + 3 * mm + size * 0.75, String(n), n === 0 ? 'left' : 'centre');
  cv.text(fonts.bold, 5.5, at.x + len + 2.5 * mm, at.y - 0.9 * mm, '10 cm');
  cv.text(fonts.bold, 5.5, at.x + len + 2.5 * mm, at.y + 0.9 * mm + 4, '4 in');
}

/** Tile outlines and labels over the reduced map, then the title block. */
export function drawAssemblyOverlay<F extends PrintFont>(cv: PrintSurface<F>, fonts: PrintFonts<F>, sheet: AssemblySheet): void {
  cv.buttCaps().strokeStyle(TILE, 0.9);
  for (const t of sheet.tiles) cv.rect(t.rectPt);
  cv.stroke();
  for (const t of sheet.tiles) {
    const r = t.rectPt;
    const size = Math.max(6, Math.min(22, r.width / 3, r.height / 3));
    cv.fillStyle(TILE).text(fonts.bold, size, r.x + r.width / 2, r.y + r.height / 2 + size * 0.35, t.label, 'centre');
  }
  const b = sheet.titleBlockPt;
  cv.strokeStyle(INK, 0.6).rect(b).stroke();
  const pad = mmToPt(3);
  const [title = '', ...rest] = sheet.titleLines;
  const width = b.width - 2 * pad;
  cv.fillStyle(INK).text(fonts.bold, 12, b.x + pad, b.y + pad + 10, fitText(fonts.bold, title, 12, width));
  rest.forEach((line, i) => cv.text(fonts.regular, 8, b.x + pad, b.y + pad + 24 + i * 11, fitText(fonts.regular, line, 8, width)));
}
