// Drawing the static layer in part: after a brush sample only the pixels the patch changed are
// copied to the screen, and what the screen shows is still every tile copied whole.
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { copyParts, planParts, type PartTarget, type Shown } from './compositor.js';
import { detailFor } from './lod.js';
import type { MapLevel, Repainted, Tile } from './tile-scheduler.js';

const level: MapLevel = { key: 'test', ratio: 1, scale: 1, size: 64, detail: detailFor(10) };

/** A 64 px tile at slot (i, j), filled with one colour. */
function tile(i: number, j: number, colour: string): Tile {
  const canvas = createCanvas(64, 64);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = colour;
  ctx.fillRect(0, 0, 64, 64);
  return { level, slot: { i, j }, canvas: canvas as unknown as HTMLCanvasElement, used: 0 };
}

/** A 3 × 2 tiling placed 10 px right and 7 px up on a 150 × 100 screen. */
function screen(): Shown {
  const tiles = [tile(0, 0, '#4a7'), tile(1, 0, '#c33'), tile(2, 0, '#37b'), tile(0, 1, '#fc0'), tile(1, 1, '#777'), tile(2, 1, '#a5f')];
  return { tiles, ox: 10, oy: -7, width: 150, height: 100 };
}

/** Every tile copied whole at its place, as the whole draw does. */
function drawWhole(s: Shown): Canvas {
  const out = createCanvas(s.width, s.height);
  const ctx = out.getContext('2d');
  for (const t of s.tiles) ctx.drawImage(t.canvas as unknown as Canvas, t.slot.i * 64 + s.ox, t.slot.j * 64 + s.oy);
  return out;
}

function pixels(c: Canvas): Uint8ClampedArray {
  return c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
}

describe('static layer drawn in part', () => {
  it('plans just the changed box of each repainted tile, cut to the screen, with few tiles in view too', () => {
    const s = screen();
    const [, t10, t20] = s.tiles;
    const repainted = new Map<Tile, Repainted>([
      [t10!, { box: { x: 5, y: 3, width: 20, height: 12 } }],
      // Reaches past the screen's right edge (tile 2 starts at 138) and above its top.
      [t20!, { box: { x: 4, y: 0, width: 30, height: 20 } }],
    ]);
    expect(planParts(s, s, repainted)).toEqual([
      { canvas: t10!.canvas, sx: 5, sy: 7, dx: 79, dy: 0, width: 20, height: 8 },
      { canvas: t20!.canvas, sx: 4, sy: 7, dx: 142, dy: 0, width: 8, height: 13 },
    ]);
  });

  it('reads the pixels from where the edit was painted when it says so, shifted as the box is cut', () => {
    const s = screen();
    const t10 = s.tiles[1]!;
    const scratch = createCanvas(40, 30) as unknown as HTMLCanvasElement;
    // The box's top-left pixel (5, 3) of the tile is (4, 4) of the scratch canvas; the top 7 rows
    // of the tile are above the screen.
    const repainted = new Map<Tile, Repainted>([[t10, { box: { x: 5, y: 3, width: 20, height: 12 }, from: { canvas: scratch, x: 4, y: 4 } }]]);
    expect(planParts(s, s, repainted)).toEqual([{ canvas: scratch, sx: 4, sy: 8, dx: 79, dy: 0, width: 20, height: 8 }]);
  });

  it('draws whole when the view or the tiles moved, and nothing when no tile in view changed', () => {
    const s = screen();
    const repainted = new Map<Tile, Repainted>([[s.tiles[0]!, { box: { x: 0, y: 0, width: 8, height: 8 } }]]);
    expect(planParts(s, { ...s, ox: 11 }, repainted)).toBe('whole');
    expect(planParts(s, { ...s, width: 151 }, repainted)).toBe('whole');
    expect(planParts(s, { ...s, tiles: s.tiles.slice(1) }, repainted)).toBe('whole');
    // Stand-ins in view, or nothing known of the canvas (a resize).
    expect(planParts(s, null, repainted)).toBe('whole');
    expect(planParts(null, s, repainted)).toBe('whole');
    expect(planParts(s, s, new Map())).toBe('none');
    // A tile that is not in view (a ring tile made for panning) changed: nothing to copy.
    const off = tile(5, 5, '#000');
    expect(planParts(s, s, new Map([[off, { box: { x: 0, y: 0, width: 64, height: 64 } }]]))).toBe('none');
  });

  it('copies only the changed box, leaving the rest of the screen as it was, and the screen is the tiles copied whole', () => {
    const s = screen();
    const shown = drawWhole(s);
    const before = pixels(shown);
    // An edit changes tile (1, 1) from its pixel (20, 30) to (33, 39), and part transparent (a
    // cleared pixel must clear the screen too).
    const t11 = s.tiles[4]!;
    const tctx = (t11.canvas as unknown as Canvas).getContext('2d');
    tctx.clearRect(20, 30, 13, 9);
    tctx.fillStyle = 'rgba(20, 200, 240, 0.5)';
    tctx.fillRect(24, 30, 9, 9);
    const parts = planParts(s, s, new Map([[t11, { box: { x: 20, y: 30, width: 13, height: 9 } }]]));
    expect(parts).not.toBe('whole');
    expect(parts).not.toBe('none');
    copyParts(shown.getContext('2d') as unknown as PartTarget, parts as Exclude<typeof parts, string>);
    const after = pixels(shown);
    const fresh = pixels(drawWhole(s));
    // On screen the box is at (64 + 10 + 20, 64 − 7 + 30) = (94, 87).
    let changed = 0;
    let off = 0;
    for (let y = 0; y < 100; y++)
      for (let x = 0; x < 150; x++) {
        const k = (y * 150 + x) * 4;
        const inBox = x >= 94 && x < 107 && y >= 87 && y < 96;
        const differs = [0, 1, 2, 3].some((c) => after[k + c] !== before[k + c]);
        if (differs) {
          changed++;
          if (!inBox) off++;
        }
        if ([0, 1, 2, 3].some((c) => after[k + c] !== fresh[k + c])) off++;
      }
    expect(changed).toBe(13 * 9);
    expect(off).toBe(0);
  });

  it('copies nothing outside the boxes it is given (what was not reported stays as it was)', () => {
    const s = screen();
    const shown = drawWhole(s);
    const before = pixels(shown);
    // The tile changes all over, but only a 4 × 4 box is reported.
    const t00 = s.tiles[0]!;
    const tctx = (t00.canvas as unknown as Canvas).getContext('2d');
    tctx.fillStyle = '#fff';
    tctx.fillRect(0, 0, 64, 64);
    const parts = planParts(s, s, new Map([[t00, { box: { x: 40, y: 40, width: 4, height: 4 } }]]));
    copyParts(shown.getContext('2d') as unknown as PartTarget, parts as Exclude<typeof parts, string>);
    const after = pixels(shown);
    let changed = 0;
    for (let k = 0; k < after.length; k += 4) if (after[k] !== before[k] || after[k + 1] !== before[k + 1] || after[k + 2] !== before[k + 2]) changed++;
    expect(changed).toBe(16);
  });
});
