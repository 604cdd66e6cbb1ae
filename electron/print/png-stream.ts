// A PNG written band by band, so an image far larger than memory (a 1024×1024-cell map at
// 24 px per cell is 25,000 × 28,000 pixels, 2.8 GB as RGBA) streams to its file while only
// one band of rows is held. pngjs frames the chunks (IHDR, IDAT, IEND, with their CRCs)
// through its packer; Node's zlib deflates the rows as one stream on its thread pool, so the
// next band is drawn while the last one is being compressed.
//
// Rows go in unfiltered (filter type 0): a filter pass in JavaScript cost more than the
// deflate it saves, and map images (flat fills, repeated cells) compress well without one:
// the 200×200 benchmark map at full size is 5.3 MB unfiltered at level 3, 6.3 MB with the
// Sub filter at level 6 after three times the work.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { createDeflate, type Deflate } from 'node:zlib';
import Packer from 'pngjs/lib/packer.js';


export interface PngMeta {
  /** Pixels per inch, written as a pHYs chunk so viewers and print shops know the size. */
  dpi?: number;
  /** tEXt chunks: Title, Software, Description... */
  text?: Record<string, string>;
}

const TYPE_pHYs = 0x70485973;
const TYPE_tEXt = 0x74455874;

export class PngBandWriter {
  private readonly packer: Packer;
  private readonly deflate: Deflate;
  private readonly rowBytes: number;
  private rowsWritten = 0;
  private failed: Error | null = null;
  /** Resolves when zlib has taken in the last band written (its buffer may then be filled again). */
  private drained: Promise<void> = Promise.resolve();
  /** Scanlines of the band zlib is compressing (or last compressed). */
  private buffer: Buffer = Buffer.alloc(0);

  /**
   * Writes to `out` (left open: the caller ends it). The image is RGBA with every pixel
   * opaque, as a canvas filled with a background gives.
   */
  constructor(
    private readonly out: Writable,
    readonly width: number,
    readonly height: number,
    meta: PngMeta = {},
  ) {
    if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0)) throw new RangeError(`a PNG needs a positive whole size; got ${width} × ${height}`);
    this.rowBytes = width * 4;
    this.packer = new Packer({ colorType: 6, inputColorType: 6, inputHasAlpha: true, bitDepth: 8 });
    this.deflate = createDeflate({ level: 3, chunkSize: 256 * 1024 });
    this.deflate.on('data', (chunk: Buffer) => this.push(this.packer.packIDAT(chunk)));
    this.deflate.on('error', (e: Error) => (this.failed = e));
    this.out.on('error', (e: Error) => (this.failed = e));
    this.push(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    this.push(this.packer.packIHDR(width, height));
    if (meta.dpi && meta.dpi > 0) {
      const ppm = Math.round(meta.dpi / 0.0254);
      const phys = Buffer.alloc(9);
      phys.writeUInt32BE(ppm, 0);
      phys.writeUInt32BE(ppm, 4);
      phys[8] = 1; // unit: metre
      this.push(this.packer._packChunk(TYPE_pHYs, phys));
    }
    for (const [key, value] of Object.entries(meta.text ?? {})) {
      // tEXt is Latin-1; anything else becomes "?".
      const latin = value.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
      this.push(this.packer._packChunk(TYPE_tEXt, Buffer.concat([Buffer.from(key, 'latin1'), Buffer.from([0]), Buffer.from(latin, 'latin1')])));
    }
  }

  private push(bytes: Buffer): void {
    this.out.write(bytes);
  }

  /**
   * The next `rows` rows, RGBA, top to bottom, copied before it returns (the caller may draw
   * over them). Resolves as soon as they are handed to zlib: they are compressed on Node's
   * thread pool while the caller draws the next band, and the band after waits for them.
   */
  async writeBand(rgba: Uint8Array, rows: number): Promise<void> {
    if (this.failed) throw this.failed;
    if (rows <= 0) return;
    if (this.rowsWritten + rows > this.height) throw new RangeError(`the band runs past the image's ${this.height} rows`);
    if (rgba.length < rows * this.rowBytes) throw new RangeError(`a band of ${rows} rows needs ${rows * this.rowBytes} bytes; got ${rgba.length}`);
    await this.drained;
    if (this.failed) throw this.failed;
    const band = Buffer.from(rgba.buffer, rgba.byteOffset, rows * this.rowBytes);
    // Each scanline is its filter type byte (0, none) and the row.
    const line = this.rowBytes + 1;
    const need = rows * line;
    // zlib is done with the buffer of the band before: these rows take it.
    if (this.buffer.length < need) this.buffer = Buffer.allocUnsafe(need);
    const lines = this.buffer.subarray(0, need);
    for (let y = 0; y < rows; y++) {
      lines[y * line] = 0;
      band.copy(lines, y * line + 1, y * this.rowBytes, (y + 1) * this.rowBytes);
    }
    this.rowsWritten += rows;
    // Written back when zlib has taken all of it in (not merely queued it): the buffer is free then.
    // A failure surfaces at the next write or at end() (the deflate's error handler keeps it).
    this.drained = new Promise((resolve) => this.deflate.write(lines, () => resolve()));
    if (this.out.writableNeedDrain) await once(this.out, 'drain');
    if (this.failed) throw this.failed;
  }

  /** Flushes the compressed rows and writes the end chunk. Every row must have been written. */
  async end(): Promise<void> {
    if (this.rowsWritten !== this.height) throw new Error(`the PNG has ${this.rowsWritten} of its ${this.height} rows`);
    await this.drained;
    const finished = once(this.deflate, 'end');
    this.deflate.end();
    await finished;
    if (this.failed) throw this.failed;
    this.push(this.packer.packIEND());
  }
}
