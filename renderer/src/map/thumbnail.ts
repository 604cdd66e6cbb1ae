// Draws a whole map small into a canvas: cells from the ImageData painter, rivers on top.
// Used for scenario mini-maps and for the map view's overview level on very large maps.
import { paintThumbnail, thumbnailFrame } from './bitmap.js';
import type { MapModel } from './model.js';

const RIVER = '#2f6fb3';

export function drawThumbnail(canvas: HTMLCanvasElement, model: MapModel, riverWidth = 1): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.putImageData(paintThumbnail(model, canvas.width, canvas.height), 0, 0);
  // Rivers shape a map as much as its terrain does.
  const { size, scale, ox, oy } = thumbnailFrame(model, canvas.width, canvas.height);
  ctx.beginPath();
  for (const e of model.rivers) {
    const [p, q] = model.grid.edgeEndpoints(e, size);
    ctx.moveTo(p.x * scale + ox, p.y * scale + oy);
    ctx.lineTo(q.x * scale + ox, q.y * scale + oy);
  }
  ctx.strokeStyle = RIVER;
  ctx.lineWidth = Math.max(riverWidth, Math.min(2.5 * riverWidth, size * scale * 0.08));
  ctx.lineCap = 'round';
  ctx.stroke();
}
