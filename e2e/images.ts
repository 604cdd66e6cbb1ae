// Pictures the end-to-end tests read pixel by pixel: a screenshot or an exported PNG, decoded
// with the npm canvas (no system program).
import { createCanvas, loadImage } from '@napi-rs/canvas';

export interface Img {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** A PNG's RGBA pixels. */
export async function decodePng(png: Uint8Array): Promise<Img> {
  const img = await loadImage(Buffer.from(png));
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  return { width: img.width, height: img.height, data: ctx.getImageData(0, 0, img.width, img.height).data };
}
