// The map's test probes: the frame probe of the benchmarks (per animation frame, the interval
// since the last one and the main-thread time spent in the methods named, nested calls counted
// once; methods are wrapped on the instances only while probing), the tiles' self-check against
// a fresh paint, and the boxes of the placed names and the counters they keep clear of.
import type { Rect } from '../../../shared/grid/types.js';
import { paintCacheOf } from '../../../shared/paint/cache.js';
import { approxTextWidth, type NameObstacles } from '../../../shared/paint/place-names.js';
import type { MapModel } from './model.js';
import type { MapLevel, Tile } from './tile-scheduler.js';
import { tileRect } from './tiles.js';
import { toScreen, type View } from './viewport.js';

export interface FrameProbe {
  /** Per frame: the work in all the methods, the same split by part, and the frame interval. */
  stop(): { work: number[]; parts: Record<string, number[]>; intervals: number[] };
}

/**
 * Probes `targets` (object, method name, the part of the work it belongs to): per animation
 * frame, the time spent in them (nested calls counted once, in the whole and in each part).
 */
export function frameProbe(targets: readonly (readonly [object, string, string])[]): FrameProbe {
  let work = 0;
  let depth = 0;
  const part = new Map<string, { now: number; depth: number; frames: number[] }>();
  const works: number[] = [];
  const intervals: number[] = [];
  const restores: (() => void)[] = [];
  for (const [obj, key, name] of targets) {
    const target = obj as Record<string, (...a: unknown[]) => unknown>;
    const orig = target[key]!;
    const mine = part.get(name) ?? { now: 0, depth: 0, frames: [] };
    part.set(name, mine);
    target[key] = function (this: unknown, ...a: unknown[]) {
      const t = performance.now();
      depth++;
      mine.depth++;
      try {
        return orig.apply(this, a);
      } finally {
        const spent = performance.now() - t;
        if (--depth === 0) work += spent;
        if (--mine.depth === 0) mine.now += spent;
      }
    };
    restores.push(() => {
      delete target[key];
      if (target[key] !== orig) target[key] = orig;
    });
  }
  let running = true;
  let last = performance.now();
  const tick = (t: number) => {
    if (!running) return;
    intervals.push(t - last);
    works.push(work);
    for (const p of part.values()) {
      p.frames.push(p.now);
      p.now = 0;
    }
    last = t;
    work = 0;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return {
    stop() {
      running = false;
      for (const f of restores) f();
      const parts: Record<string, number[]> = {};
      for (const [name, p] of part) parts[name] = p.frames.slice(1);
      return { work: works.slice(1), parts, intervals: intervals.slice(1) };
    },
  };
}

/** How far the tiles on screen are from a fresh paint (see checkTiles). */
export interface TileCheck {
  tiles: number;
  slight: number;
  large: number;
  maxDifference: number;
  /** The most different pixel: where (map pixels) and its colour in a fresh paint and on the tile. */
  worst: { x: number; y: number; fresh: number[]; tile: number[] } | null;
  /** The box (map pixels) round every pixel a shade off. */
  slightArea: Rect | null;
}

/**
 * Self-check for tests: repaints every tile of `level` afresh (with `paint`) and compares it
 * with the tile kept (edits patch tiles in place). Pixels are counted by how far they are off:
 * `slight` (> 16 of 255 in some channel, a faint tint) and `large` (> 48: a wrong colour or a
 * missing line).
 */
export function checkTiles(level: MapLevel, tiles: readonly Tile[], paint: (ctx: CanvasRenderingContext2D, rect: Rect, level: MapLevel) => void): TileCheck {
  const out: TileCheck = { tiles: 0, slight: 0, large: 0, maxDifference: 0, worst: null, slightArea: null };
  const fresh = document.createElement('canvas');
  fresh.width = fresh.height = level.size;
  const fctx = fresh.getContext('2d', { willReadFrequently: true })!;
  for (const tile of tiles) {
    fctx.setTransform(1, 0, 0, 1, 0, 0);
    fctx.clearRect(0, 0, level.size, level.size);
    fctx.setTransform(level.ratio, 0, 0, level.ratio, -tile.slot.i * level.size, -tile.slot.j * level.size);
    paint(fctx, tileRect(level, tile.slot), level);
    const a = fctx.getImageData(0, 0, level.size, level.size).data;
    const b = tile.canvas.getContext('2d')!.getImageData(0, 0, level.size, level.size).data;
    for (let k = 0; k < a.length; k += 4) {
      const d = Math.max(Math.abs(a[k]! - b[k]!), Math.abs(a[k + 1]! - b[k + 1]!), Math.abs(a[k + 2]! - b[k + 2]!), Math.abs(a[k + 3]! - b[k + 3]!));
      if (d > 16) {
        out.slight++;
        const mx = (tile.slot.i * level.size + ((k / 4) % level.size)) / level.ratio;
        const my = (tile.slot.j * level.size + Math.floor(k / 4 / level.size)) / level.ratio;
        const box = out.slightArea;
        out.slightArea = box
          ? { x: Math.min(box.x, mx), y: Math.min(box.y, my), width: Math.max(box.x + box.width, mx) - Math.min(box.x, mx), height: Math.max(box.y + box.height, my) - Math.min(box.y, my) }
          : { x: mx, y: my, width: 0, height: 0 };
      }
      if (d > 48) out.large++;
      if (d > out.maxDifference) {
        const px = (k / 4) % level.size;
        const py = Math.floor(k / 4 / level.size);
        out.worst = { x: (tile.slot.i * level.size + px) / level.ratio, y: (tile.slot.j * level.size + py) / level.ratio, fresh: [...a.slice(k, k + 4)], tile: [...b.slice(k, k + 4)] };
      }
      out.maxDifference = Math.max(out.maxDifference, d);
    }
    out.tiles++;
  }
  return out;
}

/**
 * For tests: the place names as placed now and the counters they keep clear of, as boxes in
 * container pixels (a name's box from the placement's text-width estimate, baseline to cap).
 */
export function labelBoxes(
  model: MapModel,
  view: View,
  cellSize: number,
  obstacles: NameObstacles,
): { names: { cell: string; text: string; box: Rect }[]; counters: { cell: string; box: Rect }[] } {
  const k = cellSize * view.scale;
  const at = (index: number) => {
    const cell = { col: index % model.cols, row: Math.floor(index / model.cols) };
    return { ref: model.grid.ref(cell), c: toScreen(view, model.grid.center(cell, cellSize)) };
  };
  const names = paintCacheOf(model)
    .placedNames(obstacles)
    .list.map((n) => {
      const { ref, c } = at(n.index);
      const half = (approxTextWidth(n.text, n.bold) * n.size) / 2;
      const box = { x: c.x + (n.dx - half) * k, y: c.y + (n.dy - n.size * 0.75) * k, width: 2 * half * k, height: n.size * 0.95 * k };
      return { cell: ref, text: n.text, box };
    });
  const counters: { cell: string; box: Rect }[] = [];
  for (const [index, boxes] of obstacles.counters?.byIndex ?? []) {
    const { ref, c } = at(index);
    for (const r of boxes) counters.push({ cell: ref, box: { x: c.x + r.x * k, y: c.y + r.y * k, width: r.width * k, height: r.height * k } });
  }
  return { names, counters };
}
