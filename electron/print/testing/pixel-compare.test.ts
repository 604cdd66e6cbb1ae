// The pixel comparison the symbology tests rest on: anti-aliasing and a sub-pixel shift pass,
// a changed colour or symbols left out do not.
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { aligned, compare, within, type Pixels } from './pixel-compare.js';

/** A little map: hexes of three colours, a river line, "trees" (eight dots) in a third of the hexes and a label, drawn at (dx, dy). */
function picture(options: { dx?: number; dy?: number; woods?: string; dots?: boolean } = {}): Pixels {
  const { dx = 0, dy = 0, woods = '#86a672', dots = true } = options;
  const c = createCanvas(400, 300);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, 400, 300);
  const fills = ['#e4e6c3', woods, '#a08e7c'];
  for (let row = 0; row < 4; row++)
    for (let col = 0; col < 6; col++) {
      const cx = 40 + col * 60 + dx;
      const cy = 40 + row * 70 + (col % 2) * 35 + dy;
      ctx.beginPath();
      for (let k = 0; k < 6; k++) ctx.lineTo(cx + 38 * Math.cos((k * Math.PI) / 3), cy + 38 * Math.sin((k * Math.PI) / 3));
      ctx.closePath();
      ctx.fillStyle = fills[(row + col) % 3]!;
      ctx.fill();
      ctx.strokeStyle = '#555555';
      ctx.lineWidth = 1;
      ctx.stroke();
      if (dots && (row + col) % 3 === 1) {
        ctx.fillStyle = '#2f4f2a';
        for (const [ox, oy] of [[-14, -12], [0, -16], [14, -10], [-18, 4], [-2, 2], [16, 8], [-8, 18], [8, 20]] as const) {
          ctx.beginPath();
          ctx.arc(cx + ox, cy + oy, 5.5, 0, Math.PI * 2);
          ctx.fill();
        }
      }
    }
  ctx.strokeStyle = '#2f6fb3';
  ctx.lineWidth = 4;
  ctx.beginPath();
  ctx.moveTo(10 + dx, 150 + dy);
  ctx.bezierCurveTo(120 + dx, 90 + dy, 250 + dx, 220 + dy, 390 + dx, 140 + dy);
  ctx.stroke();
  ctx.fillStyle = '#111111';
  ctx.font = '700 14px sans-serif';
  ctx.fillText('Korsun', 170 + dx, 60 + dy);
  return { width: 400, height: 300, data: ctx.getImageData(0, 0, 400, 300).data };
}

describe('pixel comparison of two pictures of one map', () => {
  it('the same picture is identical', () => {
    const d = compare(picture(), picture());
    expect([d.far, d.solid, d.mean]).toEqual([0, 0, 0]);
    expect(within(d)).toBe(true);
  });

  it('anti-aliasing of the same picture drawn half a pixel aside passes', () => {
    const d = compare(picture(), picture({ dx: 0.5, dy: 0.5 }));
    expect(d.far).toBeGreaterThan(0);
    expect(within(d)).toBe(true);
  });

  it('a picture a whole pixel off is put back in place before it is compared', () => {
    const moved = picture({ dx: 1, dy: -1 });
    const r = aligned(picture(), moved, 0, 0);
    expect([r.dx, r.dy]).toEqual([1, -1]);
    expect(r.difference.mean).toBeLessThan(0.01);
  });

  it('a deliberately changed colour is caught', () => {
    const d = compare(picture(), picture({ woods: '#3f6f5a' }));
    expect(d.solid).toBeGreaterThan(0.05);
    expect(within(d)).toBe(false);
  });

  it('trees left out of the woods are caught', () => {
    const d = compare(picture(), picture({ dots: false }));
    expect(within(d)).toBe(false);
  });

  it('pictures of different sizes are an error, not a pass', () => {
    const p = picture();
    expect(() => compare(p, { width: 10, height: 10, data: new Uint8ClampedArray(400) })).toThrow(/different sizes/);
  });
});
