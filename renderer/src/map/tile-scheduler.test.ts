// The scheduler tells the compositor which tiles an edit painted again in place, so the screen
// copies just those (a brush sample) instead of every tile in view.
import { createCanvas } from '@napi-rs/canvas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Rect } from '../../../shared/grid/types.js';
import { detailFor } from './lod.js';
import { TileScheduler, type MapLevel } from './tile-scheduler.js';
import { pixelRectIn, tileRect } from './tiles.js';

const level: MapLevel = { key: 'test', ratio: 1, scale: 1, size: 128, detail: detailFor(10) };

function scheduler() {
  vi.stubGlobal('document', { createElement: () => createCanvas(1, 1) });
  const painted: Rect[] = [];
  const s = new TileScheduler(
    { level: () => level, visible: () => ({ x: 0, y: 0, width: 300, height: 200 }), bounds: () => ({ x: 0, y: 0, width: 300, height: 200 }), cellSize: 10 },
    (ctx, rect) => {
      painted.push(rect);
      ctx.fillStyle = '#4a7';
      ctx.fillRect(rect.x, rect.y, rect.width, rect.height);
    },
    () => {},
  );
  return { s, painted };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('tile scheduler', () => {
  it('reports the tiles an edit patched, once, and not the tiles it made', () => {
    const { s } = scheduler();
    // 300×200 map px in 128 px tiles, a cell past the bounds: 3 × 2 tiles in view.
    expect(s.makeTiles(1, Infinity, false)).toBe(false);
    const tiles = s.store.tilesOf(level);
    expect(tiles).toHaveLength(6);
    expect(s.takeRepainted().size).toBe(0);

    // An edit at the corner where the four top-left tiles meet patches those four.
    const area = { x: 120, y: 120, width: 16, height: 16 };
    s.patch(area);
    // Painted when the map is next drawn: until then the tiles are as they were.
    expect(s.takeRepainted().size).toBe(0);
    expect(s.patchesPending).toBe(true);
    s.flush(level);
    expect(s.patchesPending).toBe(false);
    const repainted = s.takeRepainted();
    const touched = tiles.filter((t) => {
      const r = tileRect(level, t.slot);
      return r.x < area.x + area.width && area.x < r.x + r.width && r.y < area.y + area.height && area.y < r.y + r.height;
    });
    expect(touched).toHaveLength(4);
    expect(new Set(repainted.keys())).toEqual(new Set(touched));
    // Asked again with nothing painted since: none.
    expect(s.takeRepainted().size).toBe(0);
    s.destroy();
  });

  it('reports the box of pixels a patch painted in each tile, the boxes of two patches in a tile joined', () => {
    const { s } = scheduler();
    s.makeTiles(1, Infinity, false);
    // Across the border of tiles (0, 0) and (1, 0) (128 px), and apart from it, in tile (0, 0).
    s.patch({ x: 120.5, y: 10, width: 16, height: 8.2 });
    s.patch({ x: 20, y: 60, width: 10, height: 10 });
    s.flush(level);
    const repainted = s.takeRepainted();
    const at = (i: number, j: number) => [...repainted].find(([t]) => t.slot.i === i && t.slot.j === j)!;
    expect(repainted.size).toBe(2);
    // Tile px: (0, 0) from the second patch's left (20) to its right edge, the first patch's top
    // (10) to the second's bottom (70); (1, 0) the first patch's part past 128, whole pixels.
    expect(at(0, 0)[1].box).toEqual({ x: 20, y: 10, width: 108, height: 60 });
    expect(at(1, 0)[1].box).toEqual({ x: 0, y: 10, width: 9, height: 9 });
    // Tile (0, 0) was painted by both edits: only the tile has all of its box. Tile (1, 0) by one:
    // the scratch canvas it was painted on has the same pixels as the tile's box.
    expect(at(0, 0)[1].from).toBeUndefined();
    const [t10, r10] = at(1, 0);
    const { from, box } = r10;
    expect(from).toBeDefined();
    const read = (c: HTMLCanvasElement, x: number, y: number) => [...c.getContext('2d')!.getImageData(x, y, box.width, box.height).data];
    expect(read(from!.canvas, from!.x, from!.y)).toEqual(read(t10.canvas, box.x, box.y));
    // Settled (painted whole) once edits pause: the whole tile.
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => 1e9);
    s.work(2, Infinity);
    clock.mockRestore();
    const settled = s.takeRepainted();
    expect([...settled.values()]).toEqual([{ box: { x: 0, y: 0, width: 128, height: 128 } }, { box: { x: 0, y: 0, width: 128, height: 128 } }]);
    s.destroy();
  });

  it('a scratch canvas painted again before the screen copied from it is no longer given as where to read', () => {
    const { s } = scheduler();
    s.makeTiles(1, Infinity, false);
    s.patch({ x: 10, y: 10, width: 10, height: 10 });
    s.flush(level);
    // Another edit, in another tile, is painted (on the same scratch canvas) before a draw.
    s.patch({ x: 200, y: 150, width: 10, height: 10 });
    s.flush(level);
    const repainted = [...s.takeRepainted()];
    expect(repainted.map(([t, r]) => [t.slot, r.from !== undefined])).toEqual([
      [{ i: 0, j: 0 }, false],
      [{ i: 1, j: 1 }, true],
    ]);
    s.destroy();
  });

  it('edits before a draw are painted once, overlapping areas together, into every tile they touch', () => {
    const { s, painted } = scheduler();
    s.makeTiles(1, Infinity, false);
    painted.length = 0;
    // Three brush samples in a row inside tile (0, 0), and one far off in tile (2, 1).
    s.patch({ x: 10, y: 10, width: 20, height: 20 });
    s.patch({ x: 25, y: 10, width: 20, height: 20 });
    s.patch({ x: 40, y: 10, width: 20, height: 20 });
    s.patch({ x: 270, y: 150, width: 10, height: 10 });
    expect(painted).toHaveLength(0);
    // One waiting area and more: the map is not sharp yet.
    expect(s.pending()).toBeGreaterThan(0);
    s.flush(level);
    expect(painted).toEqual([
      { x: 10, y: 10, width: 50, height: 20 },
      { x: 270, y: 150, width: 10, height: 10 },
    ]);
    s.destroy();
  });

  it('an edit across tiles is painted once for them all, and each tile is a fresh paint once edits pause', () => {
    // A painter whose picture depends on where it is drawn (anti-aliased discs) and on the
    // map's state (`version`), like the map's.
    let version = 0;
    const paint = (ctx: CanvasRenderingContext2D, rect: Rect) => {
      for (let y = Math.floor(rect.y / 13) * 13 - 13; y < rect.y + rect.height + 13; y += 13)
        for (let x = Math.floor(rect.x / 13) * 13 - 13; x < rect.x + rect.width + 13; x += 13) {
          ctx.fillStyle = (x * 7 + y * 3 + version) % 5 === 0 ? '#c33' : '#37b';
          ctx.beginPath();
          ctx.arc(x + 0.3, y + 0.7, 5.4, 0, Math.PI * 2);
          ctx.fill();
        }
    };
    vi.stubGlobal('document', { createElement: () => createCanvas(1, 1) });
    // 1.5 device px per map px: tile borders fall between map pixels.
    const fine: MapLevel = { key: 'fine', ratio: 1.5, scale: 1.5, size: 128, detail: detailFor(15) };
    const view = { level: () => fine, visible: () => ({ x: 0, y: 0, width: 300, height: 200 }), bounds: () => ({ x: 0, y: 0, width: 300, height: 200 }), cellSize: 10 };
    let calls = 0;
    const edited = new TileScheduler(view, (ctx, rect) => (calls++, paint(ctx, rect)), () => {});
    edited.makeTiles(1, Infinity, false);
    version = 1;
    calls = 0;
    // Across the corner where tiles (0, 0), (1, 0), (0, 1) and (1, 1) meet (128 / 1.5 map px).
    const area = { x: 70.2, y: 75.1, width: 31.3, height: 22.6 };
    let now = 1000;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => now);
    edited.patch(area);
    edited.flush(fine);
    expect(calls).toBe(1);
    expect(edited.takeRepainted().size).toBe(4);
    const fresh = new TileScheduler(view, (ctx, rect) => paint(ctx, rect), () => {});
    fresh.makeTiles(1, Infinity, false);
    const compare = () => {
      let inside = 0;
      let exact = 0;
      let outsideOld = 0;
      for (const tile of edited.store.tilesOf(fine)) {
        // (The frame's work also makes a ring of tiles round the view, for panning: not compared.)
        if (!fresh.store.get(fine, tile.slot)) continue;
        const a = tile.canvas.getContext('2d')!.getImageData(0, 0, 128, 128).data;
        const b = fresh.store.get(fine, tile.slot)!.canvas.getContext('2d')!.getImageData(0, 0, 128, 128).data;
        const px = pixelRectIn(fine, tile.slot, area);
        for (let y = 0; y < 128; y++)
          for (let x = 0; x < 128; x++) {
            const k = (y * 128 + x) * 4;
            const same = a[k] === b[k] && a[k + 1] === b[k + 1] && a[k + 2] === b[k + 2] && a[k + 3] === b[k + 3];
            if (px && x >= px.x && x < px.x + px.width && y >= px.y && y < px.y + px.height) {
              inside++;
              if (same) exact++;
            } else if (!same) outsideOld++;
          }
      }
      return { inside, exact, outsideOld };
    };
    // Patched: the new picture inside the edit's area, but for a few anti-aliased edge pixels
    // (Skia rasterises a curve a shade apart at another place on another canvas); the old
    // one outside it (version 0 paints other colours there).
    const patched = compare();
    // The area's device px: x from ⌊70.2 × 1.5⌋ to ⌈101.5 × 1.5⌉, y from ⌊75.1 × 1.5⌋ to ⌈97.7 × 1.5⌉.
    expect(patched.inside).toBe((153 - 105) * (147 - 112));
    expect(patched.exact).toBeGreaterThan(patched.inside * 0.95);
    expect(patched.outsideOld).toBeGreaterThan(0);
    // Edits pause: the patched tiles are painted whole again, now exactly a fresh paint inside the area.
    now += 1000;
    edited.work(2, Infinity);
    const settled = compare();
    expect(settled.exact).toBe(settled.inside);
    clock.mockRestore();
    edited.destroy();
    fresh.destroy();
  });

  it('a tile painted whole again (counters moved a name) is reported too', () => {
    const { s } = scheduler();
    s.makeTiles(1, Infinity, false);
    s.repaintWhole(level, { x: 260, y: 10, width: 5, height: 5 });
    const repainted = [...s.takeRepainted()];
    expect(repainted.map(([t]) => t.slot)).toEqual([{ i: 2, j: 0 }]);
    // Painted whole: every pixel of it may have changed.
    expect(repainted[0]![1]).toEqual({ box: { x: 0, y: 0, width: 128, height: 128 } });
    s.destroy();
  });

  it('missing tiles are made nearest the middle of the view first, the ones there left alone', () => {
    const { s, painted } = scheduler();
    // The middle of the view (150, 100) lies in tile (1, 0), which is there already; of the
    // others, (0, 0) has its centre nearest.
    s.store.put(level, { i: 1, j: 0 }, createCanvas(128, 128) as unknown as HTMLCanvasElement, 1);
    s.makeTiles(2, Infinity, false);
    expect(painted).toHaveLength(5);
    expect(painted[0]).toEqual(tileRect(level, { i: 0, j: 0 }));
    expect(painted).not.toContainEqual(tileRect(level, { i: 1, j: 0 }));
    s.destroy();
  });
});
