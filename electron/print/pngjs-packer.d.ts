// Types for pngjs's packer (pngjs/lib/packer.js), the part of pngjs that frames chunks; @types/pngjs covers only the whole-image API.
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
    packIHDR(width: number, height: number): Buffer;
    packIDAT(data: Buffer): Buffer;
    packIEND(): Buffer;
    /** A chunk of any type with its length and CRC. */
    _packChunk(type: number, data: Buffer | null): Buffer;
  }
}
