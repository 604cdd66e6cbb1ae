// A stamp's small picture for the Stamps panel: the clip drawn as the floating paste shows it
// (terrain fills, rivers, roads, rails, units, its outline), fitted into a PNG.
import type { Clip } from '../../../shared/editor/index.js';
import type { GridGeometry } from '../../../shared/grid/types.js';
import { clipPicture, paintPicture } from '../tools/region.svelte.js';

export const STAMP_THUMB = { width: 192, height: 144 } as const;

/** The PNG as base64 (no data: prefix), drawn on `grid` (the map the stamp was made on). */
export function stampThumbnail(grid: GridGeometry, clip: Clip): string {
  const canvas = document.createElement('canvas');
  canvas.width = STAMP_THUMB.width;
  canvas.height = STAMP_THUMB.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return '';
  const size = 100;
  const pic = clipPicture(grid, clip, size);
  const b = pic.bounds;
  const pad = 8;
  const scale = Math.min((canvas.width - 2 * pad) / (b.x1 - b.x0), (canvas.height - 2 * pad) / (b.y1 - b.y0));
  ctx.translate(canvas.width / 2, canvas.height / 2);
  ctx.scale(scale, scale);
  ctx.translate(-(b.x0 + b.x1) / 2, -(b.y0 + b.y1) / 2);
  // Outline a little thinner than on the map, so small cells keep their colour.
  paintPicture(ctx, pic, size, scale * 1.6);
  return canvas.toDataURL('image/png').replace(/^data:image\/png;base64,/, '');
}
