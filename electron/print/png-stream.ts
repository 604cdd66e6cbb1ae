// A PNG written band by band, so an image far larger than memory (a 1024×1024-cell map at
// 24 px per cell is 25,000 × 28,000 pixels, 2.8 GB as RGBA) streams to its file while only
// one band of rows is held. Node's zlib deflates the rows as one stream on its thread pool, so
// the next band is drawn while the last one is being compressed; the chunks around it (IHDR,
// IDAT, IEND, with their CRCs: zlib.crc32 where Node has it) are framed here.
//
// What it writes, and why (the 200×200 benchmark map at 24 px a cell, 4165 × 4813 px; CPU):
// - RGB, not RGBA: every pixel of an exported map is opaque (a band starts as white paper), so
//   the alpha byte is a quarter of the bytes to deflate for nothing. Dropping it costs a pass
//   over the band (four pixels at a time, as 32-bit words: 40-60 ms for the whole image), where
//   the copy into scanlines it replaces cost ~25 ms, and deflate takes 25-40% less.
// - Rows unfiltered (filter type 0). The terrain symbols' anti-aliased edges make the image
//   noisy at the pixel scale: Sub, Up and Paeth all made it larger (13.2-15.7 MB against 10.8 MB
//   at level 3) after 300-800 ms of filtering in JavaScript; Z_RLE after a filter, 17-18 MB.
// - Deflate level 1: 300-340 ms against 400 ms at level 3 and 500 ms for RGBA at level 3 (the
//   old setting), for a file 4% larger than level 3's (10.8 MB; level 6 saves 10% for twice the time).
import { once } from 'node:events';
import { endianness } from 'node:os';
import type { Writable } from 'node:stream';
import zlib, { createDeflate, type Deflate } from 'node:zlib';
import pngjsCrc from 'pngjs/lib/crc.js';

export interface PngMeta {
  /** Pixels per inch, written as a pHYs chunk so viewers and print shops know the size. */
  dpi?: number;
  /** tEXt chunks: Title, Software, Description... */
  text?: Record<string, string>;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Deflate level (see the head of the file). */
export const PNG_DEFLATE_LEVEL = 1;

/** CRC-32 of `data` continuing `crc`, by pngjs's table: for Node 20 before 20.15, whose zlib has no crc32. */
export function tableCrc32(data: Uint8Array, crc: number): number {
  const c = new pngjsCrc();
  c._crc = ~crc;
  c.write(data);
  return c.crc32() >>> 0;
}

/** CRC-32 of `data` continuing `crc` (zlib's, in native code, where Node has it). */
const crc32: (data: Uint8Array, crc: number) => number = typeof zlib.crc32 === 'function' ? (data, crc) => zlib.crc32(data, crc) : tableCrc32;

/** A chunk's length and type (its head) and its CRC (its tail), around `data` written between them. */
function chunkParts(type: string, data: Uint8Array): [Buffer, Buffer] {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(data, crc32(head.subarray(4), 0)) >>> 0, 0);
  return [head, tail];
}

function chunk(type: string, data: Uint8Array): Buffer {
  const [head, tail] = chunkParts(type, data);
  return Buffer.concat([head, data, tail]);
}

/** 32-bit words are little-endian here (x64, arm64): RGBA bytes read as one word are R | G<<8 | B<<16 | A<<24. */
const LITTLE = endianness() === 'LE';

export class PngBandWriter {
  private readonly deflate: Deflate;
  /** Bytes of a scanline: its filter type byte and the row's RGB. */
  private readonly line: number;
  private rowsWritten = 0;
  private failed: Error | null = null;
  /** Resolves when zlib has taken in the last band written (its buffer may then be filled again). */
  private drained: Promise<void> = Promise.resolve();
  /** Scanlines of the band zlib is compressing (or last compressed). */
  private buffer: Buffer = Buffer.alloc(0);

  /**
   * Writes to `out` (left open: the caller ends it). The rows given are RGBA and every pixel
   * must be opaque, as a canvas filled with a background gives; the file is RGB.
   */
  constructor(
    private readonly out: Writable,
    readonly width: number,
    readonly height: number,
    meta: PngMeta = {},
  ) {
    if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0)) throw new RangeError(`a PNG needs a positive whole size; got ${width} × ${height}`);
    this.line = width * 3 + 1;
    this.deflate = createDeflate({ level: PNG_DEFLATE_LEVEL, memLevel: 9, chunkSize: 256 * 1024 });
    this.deflate.on('data', (data: Buffer) => {
      const [head, tail] = chunkParts('IDAT', data);
      // One writev for the three parts, no copy of the data.
      this.out.cork();
      this.out.write(head);
      this.out.write(data);
      this.out.write(tail);
      this.out.uncork();
    });
    this.deflate.on('error', (e: Error) => (this.failed = e));
    this.out.on('error', (e: Error) => (this.failed = e));
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(width, 0);
    ihdr.writeUInt32BE(height, 4);
    ihdr[8] = 8; // bits per sample
    ihdr[9] = 2; // colour type: RGB
    // compression 0 (deflate), filter method 0, no interlace
    const head = [SIGNATURE, chunk('IHDR', ihdr)];
    if (meta.dpi && meta.dpi > 0) {
      const ppm = Math.round(meta.dpi / 0.0254);
      const phys = Buffer.alloc(9);
      phys.writeUInt32BE(ppm, 0);
      phys.writeUInt32BE(ppm, 4);
      phys[8] = 1; // unit: metre
      head.push(chunk('pHYs', phys));
    }
    for (const [key, value] of Object.entries(meta.text ?? {})) {
      // tEXt is Latin-1; anything else becomes "?".
      const latin = value.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
      head.push(chunk('tEXt', Buffer.concat([Buffer.from(key, 'latin1'), Buffer.from([0]), Buffer.from(latin, 'latin1')])));
    }
    this.out.write(Buffer.concat(head));
  }

  /**
   * Row `y` of `band` (RGBA) into `lines` at `at` as a scanline: filter type 0 (none), then RGB.
   * Returns the AND of the row's alpha bytes (255 when it is opaque).
   */
  private scanline(band: Uint8Array, words: Uint32Array | null, y: number, lines: Buffer, view: DataView, at: number): number {
    const w = this.width;
    lines[at] = 0;
    let alpha = 0xff;
    let x = 0;
    if (words) {
      // Four RGBA pixels (four words) make three words of RGB: R0G0B0R1 G1B1R2G2 B2R3G3B3,
      // written where they go (a scanline starts anywhere, so through a DataView).
      const quads = w >> 2;
      let s = y * w;
      let all = 0xffffffff;
      for (let q = 0, o = at + 1; q < quads; q++, s += 4, o += 12) {
        const p0 = words[s]!;
        const p1 = words[s + 1]!;
        const p2 = words[s + 2]!;
        const p3 = words[s + 3]!;
        all &= p0 & p1 & p2 & p3;
        view.setUint32(o, (p0 & 0xffffff) | (p1 << 24), true);
        view.setUint32(o + 4, ((p1 >>> 8) & 0xffff) | (p2 << 16), true);
        view.setUint32(o + 8, ((p2 >>> 16) & 0xff) | (p3 << 8), true);
      }
      alpha = all >>> 24;
      x = quads * 4;
    }
    for (let i = (y * w + x) * 4, j = at + 1 + x * 3; x < w; x++, i += 4, j += 3) {
      lines[j] = band[i]!;
      lines[j + 1] = band[i + 1]!;
      lines[j + 2] = band[i + 2]!;
      alpha &= band[i + 3]!;
    }
    return alpha;
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
    const rowBytes = this.width * 4;
    if (rgba.length < rows * rowBytes) throw new RangeError(`a band of ${rows} rows needs ${rows * rowBytes} bytes; got ${rgba.length}`);
    await this.drained;
    if (this.failed) throw this.failed;
    const line = this.line;
    const need = rows * line;
    // zlib is done with the buffer of the band before: these rows take it.
    if (this.buffer.length < need) this.buffer = Buffer.allocUnsafe(need);
    const lines = this.buffer.subarray(0, need);
    const words = LITTLE && rgba.byteOffset % 4 === 0 ? new Uint32Array(rgba.buffer, rgba.byteOffset, rows * this.width) : null;
    let alpha = 0xff;
    const view = new DataView(lines.buffer, lines.byteOffset, lines.length);
    for (let y = 0; y < rows; y++) alpha &= this.scanline(rgba, words, y, lines, view, y * line);
    if (alpha !== 0xff) throw new RangeError('the PNG writer writes opaque images: a band has a pixel that is not');
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
    this.out.write(chunk('IEND', new Uint8Array(0)));
  }
}
