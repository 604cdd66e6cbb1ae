// Test helper: a PDF page turned into pixels with pdf.js (pdfjs-dist, a dev dependency) on
// the Skia canvas it brings (@napi-rs/canvas), so tests that measure what a PDF prints need
// no system program (poppler's pdftoppm was used before). Never imported by the product.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
/** The fonts pdf.js draws the PDF's standard 14 (Helvetica...) with; they are not embedded. */
const STANDARD_FONTS = `${join(pdfjsRoot, 'standard_fonts')}/`;

export interface GreyImage {
  width: number;
  height: number;
  /** One byte per pixel, 0 = black, row by row. */
  pixels: Uint8Array;
}

export interface RgbaImage {
  width: number;
  height: number;
  /** Four bytes per pixel, row by row. */
  pixels: Uint8ClampedArray;
}

/** Page `page` (1-based) of a PDF at `dpi`, RGBA on white. */
export async function renderPdfPage(pdf: Uint8Array, page: number, dpi: number): Promise<RgbaImage> {
  // pdf.js takes ownership of (and detaches) the bytes it is given.
  const doc = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl: STANDARD_FONTS, verbosity: 0 }).promise;
  try {
    const p = await doc.getPage(page);
    const viewport = p.getViewport({ scale: dpi / 72 });
    const width = Math.ceil(viewport.width);
    const height = Math.ceil(viewport.height);
    // pdf.js's own canvas factory: in Node it makes @napi-rs/canvas canvases.
    const factory = doc.canvasFactory as { create(w: number, h: number): { canvas: unknown; context: CanvasRenderingContext2D } };
    const { canvas, context } = factory.create(width, height);
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    await p.render({ canvas: canvas as HTMLCanvasElement, canvasContext: context, viewport }).promise;
    return { width, height, pixels: context.getImageData(0, 0, width, height).data };
  } finally {
    await doc.destroy();
  }
}

/** How many pages a PDF has. */
export async function pdfPageCount(pdf: Uint8Array): Promise<number> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  try {
    return doc.numPages;
  } finally {
    await doc.destroy();
  }
}

/** Luma of RGBA pixels (Rec. 601 weights, as a greyscale render gives). */
export function toGrey(img: RgbaImage): GreyImage {
  const n = img.width * img.height;
  const out = new Uint8Array(n);
  const p = img.pixels;
  for (let i = 0; i < n; i++) out[i] = Math.round(0.299 * p[i * 4]! + 0.587 * p[i * 4 + 1]! + 0.114 * p[i * 4 + 2]!);
  return { width: img.width, height: img.height, pixels: out };
}

/** One page (1-based) rendered in greyscale at `dpi`. */
export async function renderPageGrey(pdf: Uint8Array, page: number, dpi: number): Promise<GreyImage> {
  return toGrey(await renderPdfPage(pdf, page, dpi));
}
