// Types for pngjs's packer (pngjs/lib/packer.js), the part of pngjs that filters rows and
// frames chunks; @types/pngjs covers only the whole-image API.
declare module 'pngjs/lib/packer.js' {
  interface PackerOptions {
    filterType?: number;
    colorType?: number;
    inputColorType?: number;
    inputHasAlpha?: boolean;
    bitDepth?: 8 | 16;
    deflateLevel?: number;
    deflateStrategy?: number;
  }
  export default class Packer {
    constructor(options: PackerOptions);
    /** Filtered scanlines: one filter-type byte, then the row, for each row. */
    filterData(data: Buffer, width: number, height: number): Buffer;
    packIHDR(width: number, height: number): Buffer;
    packIDAT(data: Buffer): Buffer;
    packIEND(): Buffer;
    /** A chunk of any type with its length and CRC. */
    _packChunk(type: number, data: Buffer | null): Buffer;
  }
}
