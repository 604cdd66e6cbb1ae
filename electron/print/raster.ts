// Raster output through poppler's pdftoppm (installed with poppler-utils): PNG export at a
// chosen resolution, and greyscale rendering for measuring printed geometry in tests.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const PDFTOPPM = process.env.GRIDFRONT_PDFTOPPM ?? 'pdftoppm';

async function withPdf<T>(pdf: Uint8Array, work: (dir: string, file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'gridfront-print-'));
  try {
    const file = join(dir, 'in.pdf');
    await writeFile(file, pdf);
    return await work(dir, file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function pdftoppm(args: string[]): Promise<void> {
  try {
    await run(PDFTOPPM, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { stderr?: string };
    if (err.code === 'ENOENT') throw new Error(`PNG export needs pdftoppm (Debian/Ubuntu: apt install poppler-utils); "${PDFTOPPM}" was not found`);
    throw new Error(`pdftoppm failed: ${err.stderr?.trim() || err.message}`);
  }
}

/** Every page as a PNG at `dpi`, in page order. */
export async function pdfToPngs(pdf: Uint8Array, dpi: number): Promise<Uint8Array[]> {
  if (!(dpi >= 10 && dpi <= 2400)) throw new RangeError(`dpi must be from 10 to 2400; got ${dpi}`);
  return withPdf(pdf, async (dir, file) => {
    await pdftoppm(['-png', '-r', String(dpi), file, join(dir, 'page')]);
    const names = (await readdir(dir)).filter((n) => n.startsWith('page') && n.endsWith('.png')).sort();
    return Promise.all(names.map((n) => readFile(join(dir, n))));
  });
}

export interface GreyImage {
  width: number;
  height: number;
  /** One byte per pixel, 0 = black, row by row. */
  pixels: Uint8Array;
}

/** Parses a binary PGM (P5, 8-bit), the format `pdftoppm -gray` writes. */
export function parsePgm(data: Uint8Array): GreyImage {
  let pos = 0;
  const token = (): string => {
    for (;;) {
      while (pos < data.length && /\s/.test(String.fromCharCode(data[pos]!))) pos++;
      if (data[pos] === 0x23) while (pos < data.length && data[pos] !== 0x0a) pos++;
      else break;
    }
    const start = pos;
    while (pos < data.length && !/\s/.test(String.fromCharCode(data[pos]!))) pos++;
    return String.fromCharCode(...data.subarray(start, pos));
  };
  if (token() !== 'P5') throw new Error('not a binary PGM (P5) image');
  const width = Number(token());
  const height = Number(token());
  const max = Number(token());
  if (!(width > 0 && height > 0) || max !== 255) throw new Error(`unsupported PGM header: ${width}×${height}, max ${max}`);
  pos++; // the single whitespace byte after the header
  const pixels = data.subarray(pos, pos + width * height);
  if (pixels.length !== width * height) throw new Error('PGM image is truncated');
  return { width, height, pixels };
}

/** One page (1-based) rendered in greyscale at `dpi`. */
export async function renderPageGrey(pdf: Uint8Array, page: number, dpi: number): Promise<GreyImage> {
  return withPdf(pdf, async (dir, file) => {
    await pdftoppm(['-gray', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', file, join(dir, 'page')]);
    return parsePgm(await readFile(join(dir, 'page.pgm')));
  });
}
