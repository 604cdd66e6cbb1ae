// The print service's channels (service: electron/print). The renderer sends the scenario
// it shows and the dialog's options; the host lays out and writes the file. In Electron the
// host asks where to save with a native dialog and writes the file itself; the web host
// cannot, so it sends the bytes back and the page offers them as a download.
import { returns, v, type Check, type Issue } from '../check.js';
import { defineChannels } from '../channel.js';
import type { ImageExportInput } from '../../print/image.js';
import type { PrintOptionsInput } from '../../print/options.js';

/** What a print request produced. */
export type PrintFileResult =
  | {
      kind: 'saved';
      /** Where the host wrote the file. */
      path: string;
      bytes: number;
      /** Pages in the PDF (assembly sheet included), or PNG images written. */
      pages: number;
      /** What the user should know about the file (place names enlarged or left out...). */
      notes?: string[];
    }
  | {
      kind: 'data';
      /** A suggested file name, e.g. "the-ros-salient-january-1944.pdf". */
      fileName: string;
      mime: 'application/pdf' | 'image/png' | 'application/zip';
      base64: string;
      bytes: number;
      pages: number;
      notes?: string[];
    }
  /** The user closed the save dialog; nothing was written. */
  | { kind: 'cancelled' };

/** Which pages a PNG export holds: every page (a zip of PNGs) or one page by its PDF index. */
export type PngPages = 'all' | number;

const printRequest = {
  scenario: v.jsonObject(),
  // Checked field by field by resolvePrintOptions, which names each bad option.
  options: v.jsonObject<PrintOptionsInput>(),
};
const pngPages: Check<PngPages> = {
  validate(value: unknown, at: string, issues: Issue[]) {
    if (value === 'all') return;
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 10000) return;
    issues.push({ pointer: at, message: 'must be "all" or a page index from 0' });
  },
};
const fileStem = { fileStem: v.string({ maxLength: 120, pattern: /^[A-Za-z0-9 ._()-]+$/, patternHint: 'letters, digits, spaces, . _ ( ) -' }) };

export const printChannels = defineChannels({
  'print.pdf': {
    doc: 'Writes the true-scale print PDF (assembly sheet, then the tiles) for a scenario and print options.',
    request: v.object(printRequest, fileStem),
    response: returns<PrintFileResult>(),
  },
  'print.png': {
    doc: 'Renders the print pages as PNG at a resolution: one page, or every page in a zip.',
    request: v.object(
      {
        ...printRequest,
        dpi: v.number({ integer: true, min: 50, max: 600 }),
        pages: pngPages,
      },
      fileStem,
    ),
    response: returns<PrintFileResult>(),
  },
  'print.image': {
    doc: 'Renders the map (or a part of it, the designer\'s view) as one PNG image at a width, dpi or pixels per cell, drawn in process and streamed to the file.',
    request: v.object(
      {
        scenario: v.jsonObject(),
        // Checked field by field by layoutImage, which names each bad option.
        image: v.jsonObject<ImageExportInput>(),
      },
      fileStem,
    ),
    response: returns<PrintFileResult>(),
  },
});

