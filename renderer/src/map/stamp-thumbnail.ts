// A stamp's small picture for the Stamps panel: the clip drawn by the map painter, as it looks on
// the map and while it floats under the pointer (map/clip-image.ts), with its outline, fitted into a PNG.
import type { Clip } from '../../../shared/editor/index.js';
import type { GridGeometry } from '../../../shared/grid/types.js';
import type { ClipBase } from '../../../shared/paint/clip.js';
import { outlinePath, paintClipFitted, strokeOutline } from './clip-image.js';

export const STAMP_THUMB = { width: 192, height: 144 } as const;

/** The PNG as base64 (no data: prefix), drawn on `grid` (the map the stamp was made on) in `base`'s colours. */
export function stampThumbnail(grid: GridGeometry, clip: Clip, base: ClipBase): string {
  const canvas = document.createElement('canvas');
  canvas.width = STAMP_THUMB.width;
  canvas.height = STAMP_THUMB.height;
  const pad = 8;
  const fitted = paintClipFitted(canvas, grid, clip, base, pad);
  const ctx = canvas.getContext('2d');
  if (!fitted || !ctx) return '';
  const { paint, transform } = fitted;
  ctx.setTransform(transform);
  strokeOutline(ctx, outlinePath(paint.model.grid, paint.cells, 100), transform.a!, 1.5);
  return canvas.toDataURL('image/png').replace(/^data:image\/png;base64,/, '');
}
