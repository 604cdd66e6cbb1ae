import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOD } from './lod.js';
import { nearestFirst, pixelRectIn, slotsCovering, tileRect, tileSizeFor, TileStore, type Level } from './tiles.js';

const level = (ratio: number, size = 256, key = `r${ratio}`): Level => ({ key, ratio, size });
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('map tiles', () => {
  it('the tiles for a rectangle cover every point of it, and each one touches it', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.002, max: 2, noNaN: true }),
        fc.constantFrom(128, 256),
        fc.record({ x: fc.double({ min: -5e4, max: 5e4, noNaN: true }), y: fc.double({ min: -5e4, max: 5e4, noNaN: true }), width: fc.double({ min: 1, max: 8000, noNaN: true }), height: fc.double({ min: 1, max: 8000, noNaN: true }) }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (ratio, size, rect, u, v) => {
          const lv = level(ratio, size);
          const slots = slotsCovering(lv, rect);
          for (const s of slots) expect(overlaps(tileRect(lv, s), rect)).toBe(true);
          const p = { x: rect.x + u * rect.width * 0.999, y: rect.y + v * rect.height * 0.999 };
          // (a hair of tolerance: tile edges are products of floating-point numbers)
          const eps = 1e-9 * tileRect(lv, { i: 1, j: 1 }).width;
          const holder = slots.find((s) => {
            const r = tileRect(lv, s);
            return p.x >= r.x - eps && p.x <= r.x + r.width + eps && p.y >= r.y - eps && p.y <= r.y + r.height + eps;
          });
          expect(holder).toBeDefined();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('neighbouring tiles meet exactly: tile i ends where tile i+1 begins', () => {
    const lv = level(0.37);
    const a = tileRect(lv, { i: 4, j: -2 });
    const b = tileRect(lv, { i: 5, j: -1 });
    expect(a.x + a.width).toBeCloseTo(b.x, 9);
    expect(a.y + a.height).toBeCloseTo(b.y, 9);
  });

  it('tiles nearest the middle of the screen come first', () => {
    const lv = level(1, 100);
    const order = nearestFirst(lv, slotsCovering(lv, { x: 0, y: 0, width: 500, height: 300 }), 250, 150);
    expect(order[0]).toEqual({ i: 2, j: 1 });
    const dist = (s: { i: number; j: number }) => Math.hypot((s.i + 0.5) * 100 - 250, (s.j + 0.5) * 100 - 150);
    for (let k = 1; k < order.length; k++) expect(dist(order[k]!)).toBeGreaterThanOrEqual(dist(order[k - 1]!));
  });

  it('small cells get small tiles: a tile drawn as vector cells holds a few hundred at most', () => {
    for (const px of [LOD.bitmap, 8, 10, 15.9, 16, 24, 40, 200]) expect((tileSizeFor(px) / px) ** 2).toBeLessThanOrEqual(460);
  });

  it("a patch's pixel rectangle is whole pixels inside the tile that cover the map rectangle", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 8, noNaN: true }),
        fc.integer({ min: -3, max: 3 }),
        fc.integer({ min: -3, max: 3 }),
        fc.record({ x: fc.double({ min: -2000, max: 2000, noNaN: true }), y: fc.double({ min: -2000, max: 2000, noNaN: true }), width: fc.double({ min: 0.1, max: 900, noNaN: true }), height: fc.double({ min: 0.1, max: 900, noNaN: true }) }),
        (ratio, i, j, rect) => {
          const lv = level(ratio, 256);
          const px = pixelRectIn(lv, { i, j }, rect);
          const tile = tileRect(lv, { i, j });
          if (!overlaps(tile, rect)) return; // null or a sliver at most
          if (!px) return;
          for (const v of [px.x, px.y, px.width, px.height]) expect(Number.isInteger(v)).toBe(true);
          expect(px.x).toBeGreaterThanOrEqual(0);
          expect(px.y).toBeGreaterThanOrEqual(0);
          expect(px.x + px.width).toBeLessThanOrEqual(256);
          expect(px.y + px.height).toBeLessThanOrEqual(256);
          // Back in map pixels, the patch holds the part of the rectangle inside the tile.
          const mx0 = (px.x + i * 256) / ratio;
          const mx1 = (px.x + px.width + i * 256) / ratio;
          expect(mx0).toBeLessThanOrEqual(Math.max(rect.x, tile.x) + 1e-6);
          expect(mx1).toBeGreaterThanOrEqual(Math.min(rect.x + rect.width, tile.x + tile.width) - 1e-6);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('tile store', () => {
  it('keeps tiles per level and finds them again', () => {
    const store = new TileStore<string>(1e9);
    const a = level(1);
    store.put(a, { i: 0, j: 0 }, 'a00', 1);
    expect(store.get(a, { i: 0, j: 0 })?.canvas).toBe('a00');
    expect(store.get(a, { i: 1, j: 0 })).toBeUndefined();
    expect(store.get(level(2), { i: 0, j: 0 })).toBeUndefined();
  });

  it('replacing a tile releases the old canvas and keeps the pixel count right', () => {
    const released: string[] = [];
    const store = new TileStore<string>(1e9, 2, (c) => released.push(c));
    const a = level(1, 128);
    store.put(a, { i: 0, j: 0 }, 'old', 1);
    store.put(a, { i: 0, j: 0 }, 'new', 2);
    expect(released).toEqual(['old']);
    expect(store.totalPixels).toBe(128 * 128);
  });

  it('older levels serve as backdrop until dropped, and only the latest few are kept', () => {
    const store = new TileStore<string>(1e9, 2);
    const levels = [1, 2, 3, 4].map((r) => level(r));
    levels.forEach((lv, k) => store.put(lv, { i: 0, j: 0 }, `t${k}`, k));
    const current = levels[3]!;
    expect(store.backdrop(current).map((t) => t.canvas).sort()).toEqual(['t0', 't1', 't2']);
    store.trim(current, 10);
    expect(store.backdrop(current).map((t) => t.canvas).sort()).toEqual(['t1', 't2']);
    store.dropOthers(current);
    expect(store.backdrop(current)).toEqual([]);
    expect(store.tilesOf(current).map((t) => t.canvas)).toEqual(['t3']);
  });

  it('over its memory cap it drops the least recently drawn tiles, never one drawn this frame', () => {
    const store = new TileStore<string>(3 * 100 * 100, 5);
    const lv = level(1, 100);
    for (let k = 0; k < 6; k++) store.put(lv, { i: k, j: 0 }, `t${k}`, k);
    store.get(lv, { i: 0, j: 0 })!.used = 9; // drawn in the current frame
    store.trim(lv, 9);
    expect(store.totalPixels).toBeLessThanOrEqual(3 * 100 * 100);
    const kept = store.tilesOf(lv).map((t) => t.canvas).sort();
    expect(kept).toEqual(['t0', 't4', 't5']);
  });

  it('an edit drops the out-of-date backdrop tiles it overlaps and leaves the rest', () => {
    const store = new TileStore<string>(1e9);
    const old = level(1, 100, 'old');
    const cur = level(2, 100, 'cur');
    store.put(old, { i: 0, j: 0 }, 'hit', 1);
    store.put(old, { i: 5, j: 5 }, 'miss', 1);
    store.put(cur, { i: 0, j: 0 }, 'current', 1);
    store.dropOverlapping(cur, { x: 10, y: 10, width: 5, height: 5 });
    expect(store.backdrop(cur).map((t) => t.canvas)).toEqual(['miss']);
    expect(store.tilesOf(cur).map((t) => t.canvas)).toEqual(['current']);
  });
});
