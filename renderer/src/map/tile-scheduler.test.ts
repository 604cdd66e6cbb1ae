// The scheduler tells the compositor which tiles an edit painted again in place, so the screen
// copies just those (a brush sample) instead of every tile in view.
import { createCanvas } from '@napi-rs/canvas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Rect } from '../../../shared/grid/types.js';
import { detailFor } from './lod.js';
import { TileScheduler, type MapLevel } from './tile-scheduler.js';
import { tileRect } from './tiles.js';

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
    s.patch(level, area);
    const repainted = s.takeRepainted();
    const touched = tiles.filter((t) => {
      const r = tileRect(level, t.slot);
      return r.x < area.x + area.width && area.x < r.x + r.width && r.y < area.y + area.height && area.y < r.y + r.height;
    });
    expect(touched).toHaveLength(4);
    expect(new Set(repainted)).toEqual(new Set(touched));
    // Asked again with nothing painted since: none.
    expect(s.takeRepainted().size).toBe(0);
    s.destroy();
  });

  it('a tile painted whole again (counters moved a name) is reported too', () => {
    const { s } = scheduler();
    s.makeTiles(1, Infinity, false);
    s.repaintWhole(level, { x: 260, y: 10, width: 5, height: 5 });
    const repainted = [...s.takeRepainted()];
    expect(repainted.map((t) => t.slot)).toEqual([{ i: 2, j: 0 }]);
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
