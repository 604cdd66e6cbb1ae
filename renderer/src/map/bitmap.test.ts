import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { bitmapMetrics, cellColour, paintCells, paintThumbnail, repaintCells, thumbnailFrame } from './bitmap.js';
import { buildMapModel, NONE } from './model.js';
import { GRID_KINDS, installImageData, scenarioWithGrid } from './testing.js';

beforeAll(installImageData);

describe('terrain bitmap (far zoom)', () => {
  it('gives every cell its own block of pixels in its own colour, with no overlaps', () => {
    fc.assert(
      fc.property(fc.constantFrom(...GRID_KINDS), fc.integer({ min: 1, max: 24 }), fc.integer({ min: 1, max: 24 }), (grid, cols, rows) => {
        const model = buildMapModel(scenarioWithGrid(grid, cols, rows));
        const size = 100;
        const bmp = paintCells(model, size, 0, 0, cols, rows);
        const { fw, fh } = bitmapMetrics(model, size);
        const { width, data } = bmp.image;
        let painted = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i] === 255) painted++;
        expect(painted).toBe(cols * rows * fw * fh);
        // The pixel under each cell centre has that cell's colour.
        for (let row = 0; row < rows; row++)
          for (let col = 0; col < cols; col++) {
            const p = model.grid.center({ col, row }, size);
            const x = Math.floor((p.x - bmp.left) / bmp.pixelWidth);
            const y = Math.floor((p.y - bmp.top) / bmp.pixelHeight);
            const o = (y * width + x) * 4;
            expect([data[o], data[o + 1], data[o + 2]]).toEqual([...cellColour(model, row * cols + col)]);
          }
      }),
      { numRuns: 60 },
    );
  });

  it('tints controlled cells with the side colour, but not impassable ground', () => {
    const model = buildMapModel(scenarioWithGrid(GRID_KINDS[0], 6, 4));
    for (let i = 0; i < model.terrain.length; i++) {
      const t = model.terrain[i]!;
      const tinted = cellColour(model, i);
      const plain = model.terrainRgb[t]!;
      if (model.terrainTypes[t]!.category === 'impassable') expect(tinted).toEqual(plain);
      else expect(tinted).not.toEqual(plain);
    }
  });
});

describe('thumbnail', () => {
  it('gives each pixel the colour of the cell under its centre (terrain tinted by control), and leaves pixels off the map transparent', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GRID_KINDS),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 8, max: 90 }),
        fc.integer({ min: 8, max: 90 }),
        fc.boolean(),
        (grid, cols, rows, width, height, unknown) => {
          const model = buildMapModel(scenarioWithGrid(grid, cols, rows));
          // Cells with codes outside the palette (a half-edited file) show the "unknown" colour.
          if (unknown) {
            (model.terrain as Uint8Array)[0] = NONE;
            (model.control as Uint8Array)[model.terrain.length - 1] = NONE;
          }
          const image = paintThumbnail(model, width, height);
          const { scale, ox, oy } = thumbnailFrame(model, width, height);
          const borders = model.grid.cellBox(100).height * scale >= 12;
          const wrong: string[] = [];
          for (let y = 0; y < height; y++)
            for (let x = 0; x < width; x++) {
              const cell = model.grid.pixelToCell({ x: (x + 0.5 - ox) / scale, y: (y + 0.5 - oy) / scale }, 100);
              const o = (y * width + x) * 4;
              const got = [...image.data.subarray(o, o + 4)];
              const rgb = model.grid.inMap(cell) ? cellColour(model, model.grid.index(cell)) : null;
              // Border pixels (on maps drawn large enough) are the colour darkened a little.
              const ok = rgb
                ? got[3] === 255 && [0, 1, 2].every((k) => got[k] === rgb[k] || (borders && got[k] === Math.round(rgb[k]! * 0.82)))
                : got.every((v) => v === 0);
              if (!ok) wrong.push(`(${x},${y}) ${got} for ${rgb ?? 'off the map'}`);
            }
          expect(wrong).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a patched block is exactly that block of the whole thumbnail (so edits can patch the overview)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GRID_KINDS),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 20, max: 90 }),
        fc.integer({ min: 20, max: 90 }),
        fc.nat(),
        fc.nat(),
        (grid, cols, rows, width, height, a, b) => {
          const model = buildMapModel(scenarioWithGrid(grid, cols, rows));
          const whole = paintThumbnail(model, width, height);
          const part = { x: a % width, y: b % height, width: 1 + (a % 17), height: 1 + (b % 13) };
          part.width = Math.min(part.width, width - part.x);
          part.height = Math.min(part.height, height - part.y);
          const patch = paintThumbnail(model, width, height, part);
          expect([patch.width, patch.height]).toEqual([part.width, part.height]);
          // Border shading looks at the left and upper neighbours, which a patch lacks on
          // its first row and column; the caller paints one pixel more and keeps the inside.
          for (let y = 1; y < part.height; y++)
            for (let x = 1; x < part.width; x++)
              for (let k = 0; k < 4; k++)
                expect(patch.data[(y * part.width + x) * 4 + k]).toBe(whole.data[((part.y + y) * width + part.x + x) * 4 + k]);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('terrain bitmap patched after an edit', () => {
  // The far-zoom bitmap of a block of cells is kept and only the cells an edit touched are
  // painted again: the result must be the bitmap painted afresh, for every grid kind.
  it('repaints the cells of a box as painting the whole range again would', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GRID_KINDS),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()), { minLength: 1, maxLength: 6 }),
        (grid, cols, rows, edits) => {
          const model = buildMapModel(scenarioWithGrid(grid, cols, rows));
          const size = 100;
          const kept = paintCells(model, size, 0, 0, cols, rows);
          // What the canvas holds: the pixels before the edits, until the box written is uploaded.
          const shown = new Uint8ClampedArray(kept.image.data);
          let c0 = cols;
          let r0 = rows;
          let c1 = 0;
          let r1 = 0;
          for (const [c, r, t, s] of edits) {
            const col = c % cols;
            const row = r % rows;
            model.terrain[row * cols + col] = t % model.terrainTypes.length;
            model.control[row * cols + col] = s % 2 === 0 ? NONE : 1;
            c0 = Math.min(c0, col);
            r0 = Math.min(r0, row);
            c1 = Math.max(c1, col + 1);
            r1 = Math.max(r1, row + 1);
          }
          const box = repaintCells(model, size, kept, c0, r0, c1, r1);
          const fresh = paintCells(model, size, 0, 0, cols, rows);
          expect([kept.left, kept.top, kept.image.width, kept.image.height]).toEqual([fresh.left, fresh.top, fresh.image.width, fresh.image.height]);
          expect(Buffer.from(kept.image.data).equals(Buffer.from(fresh.image.data))).toBe(true);
          // Uploading only the box written brings the canvas up to date.
          expect(box).not.toBeNull();
          const w = kept.image.width;
          for (let y = box!.y; y < box!.y + box!.height; y++) shown.set(kept.image.data.subarray((y * w + box!.x) * 4, (y * w + box!.x + box!.width) * 4), (y * w + box!.x) * 4);
          expect(Buffer.from(shown).equals(Buffer.from(fresh.image.data))).toBe(true);
        },
      ),
      { numRuns: 80 },
    );
  });
});
