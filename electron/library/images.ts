// Underlay images (a scanned map to trace, map.underlay in the scenario): checked before the
// library keeps one, and named by content so a scenario, its revisions, its copies and the
// packs it travels in all point at the same bytes. Sizes are read from the header
// (image-size) before anything is decoded, so a small file that claims a huge picture (a
// decompression bomb) is refused without being unpacked; then the image is decoded in full
// (@napi-rs/canvas) to prove it is whole.
import { createHash } from 'node:crypto';
import { loadImage } from '@napi-rs/canvas';
import { imageSize } from 'image-size';
import { LibraryError } from './errors.js';

/** The web host takes requests up to 64 MB, base64 grows bytes by a third. */
export const MAX_UNDERLAY_BYTES = 32 * 1024 * 1024;
/** About a 11,000 × 11,000 scan; decoded it is 480 MB of RGBA. */
export const MAX_UNDERLAY_MEGAPIXELS = 120;
/** `<sha256>.png` or `<sha256>.jpg`, as map.underlay.image holds it. */
export const UNDERLAY_REF = /^([0-9a-f]{64})\.(png|jpg)$/;

export interface CheckedImage {
  ref: string;
  ext: 'png' | 'jpg';
  mime: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The type an image's first bytes say it is, if PNG or JPEG. */
export function imageKind(bytes: Uint8Array): 'png' | 'jpg' | null {
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  return null;
}

/** Whether `bytes` are what `ref` names: the same hash and type. */
export function refMatches(ref: string, bytes: Uint8Array): boolean {
  const m = UNDERLAY_REF.exec(ref);
  return m !== null && imageKind(bytes) === m[2] && sha256Hex(bytes) === m[1];
}

/** Checks an image for use as an underlay; throws a LibraryError saying what is wrong in the user's terms. */
export async function checkUnderlayImage(bytes: Uint8Array, label = 'The image'): Promise<CheckedImage> {
  const bad = (message: string) => new LibraryError('bad-request', `${label} ${message}`);
  if (bytes.length > MAX_UNDERLAY_BYTES) throw bad(`is ${Math.round(bytes.length / 1048576)} MB; an underlay may be at most ${MAX_UNDERLAY_BYTES / 1048576} MB (save it as a JPEG, or smaller)`);
  const ext = imageKind(bytes);
  if (!ext) throw bad('is not a PNG or JPEG image');
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw bad(`is not a readable ${ext === 'png' ? 'PNG' : 'JPEG'} image`);
  }
  const { width = 0, height = 0 } = size;
  if (!(width > 0 && height > 0)) throw bad('has no size');
  if ((width * height) / 1e6 > MAX_UNDERLAY_MEGAPIXELS) throw bad(`is ${width} × ${height} pixels; an underlay may have at most ${MAX_UNDERLAY_MEGAPIXELS} megapixels`);
  try {
    const img = await loadImage(Buffer.from(bytes));
    if (img.width !== width || img.height !== height) throw new Error('size mismatch');
  } catch {
    throw bad('is damaged: it could not be decoded');
  }
  return { ref: `${sha256Hex(bytes)}.${ext}`, ext, mime: ext === 'png' ? 'image/png' : 'image/jpeg', width, height };
}
