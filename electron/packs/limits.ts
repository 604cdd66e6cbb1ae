// Caps that keep a hostile or broken pack from exhausting memory or disk. A real pack holds
// a few scenarios (the largest legal map is a few MB of JSON), a PNG each and maybe a PDF.

export interface PackLimits {
  /** Entries in the zip's central directory. */
  maxEntries: number;
  /** Sum of all uncompressed bytes, counted while inflating. */
  maxTotalBytes: number;
  /** Uncompressed bytes of one entry. */
  maxEntryBytes: number;
  /** Largest uncompressed:compressed ratio allowed... */
  maxRatio: number;
  /** ...once an entry has inflated past this many bytes (small files compress freely). */
  ratioFloorBytes: number;
  /** Size of the .gfpack file itself. */
  maxPackBytes: number;
}

export const DEFAULT_LIMITS: Readonly<PackLimits> = Object.freeze({
  maxEntries: 2000,
  maxTotalBytes: 200 * 1024 * 1024,
  maxEntryBytes: 64 * 1024 * 1024,
  // Measured: a blank 1000x1000 hex map (2 MB of JSON) deflates about 200:1, so 100:1 would
  // refuse honest packs; a deflate bomb runs near 1000:1 and is stopped after 1 MB of output.
  maxRatio: 400,
  ratioFloorBytes: 1024 * 1024,
  maxPackBytes: 200 * 1024 * 1024,
});

export const MAX_THUMBNAIL_BYTES = 2 * 1024 * 1024;

export const MANIFEST_FILE = 'manifest.json';
