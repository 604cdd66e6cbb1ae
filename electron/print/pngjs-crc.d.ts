// Types for pngjs's CRC-32 (pngjs/lib/crc.js), which the PNG writer uses where Node's zlib has no
// crc32 (Node 20 before 20.15); @types/pngjs covers only the whole-image API.
declare module 'pngjs/lib/crc.js' {
  export default class CrcCalculator {
    /** The running value (its bits inverted, as the table algorithm keeps it). */
    _crc: number;
    write(data: Uint8Array): boolean;
    /** The CRC of all written so far, as a signed 32-bit number. */
    crc32(): number;
  }
}
