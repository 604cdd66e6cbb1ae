import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paintCells } from './bitmap.js';
import { BLOCK, ChunkCache, KEPT_BLOCKS } from './chunk-cache.js';
import { chunkRanges, chunkRect } from './chunks.js';
import { buildMapModel } from './model.js';
import { GRID_KINDS, installImageData, scenarioWithGrid } from './testing.js';
import { intersects } from './viewport.js';

describe('the chunk cache', () => {
  // The map asks how many chunks are in view on every view change (over 300: the overview is
  // shown instead of tiles), so it looks only at the chunks round the view: the answer must be
  // the count over every chunk of the map, for every grid kind and any rectangle, in or out of it.
  it('counts and lists the chunks reaching into a rectangle as a look at every chunk does', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GRID_KINDS),
        fc.integer({ min: 1, max: 80 }),
        fc.integer({ min: 1, max: 80 }),
        fc.record({ x: fc.integer({ min: -2000, max: 9000 }), y: fc.integer({ min: -2000, max: 9000 }), width: fc.integer({ min: 1, max: 9000 }), height: fc.integer({ min: 1, max: 9000 }) }),
        fc.integer({ min: 0, max: 30 }),
        (grid, cols, rows, rect, atMost) => {
          const model = buildMapModel(scenarioWithGrid(grid, cols, rows));
          const cache = new ChunkCache(100);
          cache.reset(model);
          const all = chunkRanges(model).map((r) => chunkRect(model, 100, r));
          const expected = all.filter((r) => intersects(r, rect)).length;
          expect(cache.countIn(rect)).toBe(expected);
          expect(cache.in(rect).length).toBe(expected);
          // With a cap, counting stops at the first chunk past it.
          expect(cache.countIn(rect, atMost)).toBe(Math.min(expected, atMost + 1));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the far-zoom cell bitmaps', () => {
  /** A stand-in canvas for Node: its pixels are what putImageData uploaded (the dirty box only, when given). */
  function installCanvas(): { made: number; canvases: { width: number; height: number; pixels: Uint8ClampedArray }[] } {
    const log = { made: 0, canvases: [] as { width: number; height: number; pixels: Uint8ClampedArray }[] };
    (globalThis as { document?: unknown }).document = {
      createElement() {
        log.made++;
        const canvas = {
          width: 0,
          height: 0,
          pixels: new Uint8ClampedArray(0),
          getContext: () => ({
            putImageData(img: ImageData, dx: number, dy: number, x = 0, y = 0, w = img.width, h = img.height) {
              if (canvas.pixels.length !== canvas.width * canvas.height * 4) canvas.pixels = new Uint8ClampedArray(canvas.width * canvas.height * 4);
              for (let r = y; r < y + h; r++)
                canvas.pixels.set(img.data.subarray((r * img.width + x) * 4, (r * img.width + x + w) * 4), ((r + dy) * canvas.width + x + dx) * 4);
            },
          }),
        };
        log.canvases.push(canvas);
        return canvas;
      },
    };
    return log;
  }

  beforeAll(installImageData);
  afterEach(() => {
    delete (globalThis as { document?: unknown }).document;
  });

  // A 200×200 map's first frame at far zoom needs the bitmaps of all its 169 chunks: they are one
  // canvas, not one per chunk (each canvas costs its making, its context and an upload).
  it('makes one bitmap for the chunks of a block, and hands it out once per rectangle', () => {
    const log = installCanvas();
    const model = buildMapModel(scenarioWithGrid(GRID_KINDS[0], 200, 200));
    const cache = new ChunkCache(100);
    cache.reset(model);
    const bounds = model.grid.bounds(100);
    const bitmaps = cache.bitmapsIn(bounds);
    expect(bitmaps.length).toBe(1);
    expect(log.made).toBe(1);
    expect(new Set(cache.in(bounds).map((e) => cache.bitmap(e))).size).toBe(1);
    // A bigger map has a bitmap per block of BLOCK × BLOCK cells, made where it is asked for.
    const big = buildMapModel(scenarioWithGrid(GRID_KINDS[0], BLOCK * 2 + 3, BLOCK + 1));
    cache.reset(big);
    expect(cache.bitmapsIn({ x: 0, y: 0, width: 500, height: 500 }).length).toBe(1);
    expect(cache.bitmapsIn(big.grid.bounds(100)).length).toBe(6);
    expect(log.made).toBe(1 + 6);
  });

  it('paints the cells of the chunks an edit touched again, and the bitmap shows the map as it now is', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GRID_KINDS),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 60 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { minLength: 1, maxLength: 8 }),
        (grid, cols, rows, edits) => {
          const log = installCanvas();
          const model = buildMapModel(scenarioWithGrid(grid, cols, rows));
          const cache = new ChunkCache(100);
          cache.reset(model);
          const all = model.grid.bounds(100);
          cache.bitmapsIn(all);
          const dirty = new Set<ReturnType<ChunkCache['entryOf']>>();
          for (const [c, r, t] of edits) {
            const cell = { col: c % cols, row: r % rows };
            model.terrain[cell.row * cols + cell.col] = t % model.terrainTypes.length;
            dirty.add(cache.entryOf(cell));
          }
          cache.forget([...dirty].filter((e) => e !== undefined), null);
          const [bitmap] = cache.bitmapsIn(all);
          expect(log.made).toBe(1);
          const fresh = paintCells(model, 100, 0, 0, cols, rows);
          const shown = log.canvases[0]!;
          expect(bitmap!.canvas).toBe(shown);
          expect(Buffer.from(shown.pixels).equals(Buffer.from(fresh.image.data))).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('the far-zoom cell bitmaps kept', () => {
  beforeAll(installImageData);
  afterEach(() => {
    delete (globalThis as { document?: unknown }).document;
  });

  // Panning round a 4096×4096 map far out would otherwise keep a megabyte per 256×256 cells seen.
  it('keeps at most KEPT_BLOCKS bitmaps, dropping the least recently drawn, and makes a dropped one again when asked', () => {
    let made = 0;
    (globalThis as { document?: unknown }).document = {
      createElement: () => {
        made++;
        return { width: 0, height: 0, getContext: () => ({ putImageData() {} }) };
      },
    };
    // 30 blocks, more than are kept.
    expect(KEPT_BLOCKS).toBeLessThan(30);
    const model = buildMapModel(scenarioWithGrid(GRID_KINDS[4], BLOCK * 6, BLOCK * 5));
    const cache = new ChunkCache(100);
    cache.reset(model);
    const first = cache.entryOf({ col: 0, row: 0 })!;
    const firstBitmap = cache.bitmap(first);
    for (let j = 0; j < 5; j++)
      for (let i = 0; i < 6; i++) {
        cache.bitmap(cache.entryOf({ col: i * BLOCK, row: j * BLOCK })!);
        // The first block is drawn on every frame: never the least recently used.
        expect(cache.bitmap(first)).toBe(firstBitmap);
      }
    expect(made).toBe(30);
    // The second block was dropped (least recently drawn): asking for it makes it again.
    cache.bitmap(cache.entryOf({ col: BLOCK, row: 0 })!);
    expect(made).toBe(31);
    // The last block drawn is still kept.
    cache.bitmap(cache.entryOf({ col: 5 * BLOCK, row: 4 * BLOCK })!);
    expect(made).toBe(31);
  });
});
