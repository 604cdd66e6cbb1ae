// Words and numbers the print and kit dialogs show, kept free of the DOM and of Svelte so they can
// be tested on their own.
import type { PrintLayout } from '../../../shared/print/layout.js';
import { trimNumber } from '../../../shared/print/units.js';

export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "must be from 0 to 200 mm; got -3" → "Must be from 0 to 200 mm." The user can see what they typed. */
export function fieldMessage(message: string): string {
  const text = message.replace(/;\s*got .*$/s, '').trim();
  return text.charAt(0).toUpperCase() + text.slice(1) + (/[.)]$/.test(text) ? '' : '.');
}

/** A text field's number ("12", "0.5", "0,5"); NaN for anything else, so the options check names the field. */
export function fieldNumber(text: string): number {
  const t = text.trim().replace(',', '.');
  return /^(\d+(\.\d*)?|\.\d+|-\d+(\.\d*)?)$/.test(t) ? Number(t) : NaN;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${trimNumber(n / 1024, 0)} KB`;
  return `${trimNumber(n / (1024 * 1024), 1)} MB`;
}

/** Pages in the PDF: the assembly sheet (when there is one), then the tiles. */
export const pdfPageCount = (layout: PrintLayout): number => layout.pages.length + (layout.assembly ? 1 : 0);

/**
 * The summary line in parts: pages, paper and orientation, the map's printed size.
 * ["16 pages (assembly sheet + 5 × 3 tiles)", "Letter landscape", "map 64.5 × 76.2 cm (25.4 × 30 in)"]
 */
export function summaryParts(layout: PrintLayout): string[] {
  const o = layout.options;
  const count = pdfPageCount(layout);
  const paper = o.singleSheet
    ? `one ${trimNumber(layout.pageSizeMm.width / 10, 1)} × ${trimNumber(layout.pageSizeMm.height / 10, 1)} cm sheet`
    : typeof o.paper === 'string'
      ? `${o.paper} ${layout.orientation}`
      : `${trimNumber(o.paperMm.width, 1)} × ${trimNumber(o.paperMm.height, 1)} mm ${layout.orientation}`;
  const pages = layout.assembly ? `${plural(count, 'page')} (assembly sheet + ${layout.tileRows} × ${layout.tileCols} tiles)` : plural(count, 'page');
  const b = layout.mapBounds;
  const size = `map ${trimNumber(b.width / 10, 1)} × ${trimNumber(b.height / 10, 1)} cm (${trimNumber(b.width / 25.4, 1)} × ${trimNumber(b.height / 25.4, 1)} in)`;
  return [pages, paper, size];
}
