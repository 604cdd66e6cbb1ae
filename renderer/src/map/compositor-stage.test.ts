// The map stage's interactive layer: the hovered and the selected cell's outlines are drawn
// where the cell is on screen with lines as wide at every zoom, a pan in the designer does not
// move the layer (its shapes draw at the view; moving a layer's transform every frame cost the
// pan frame), test-play counters make it follow the view (Konva hit-tests them in map px), and a
// layer with nothing on it is not cleared again every frame.
//
// Konva runs here as in Node (no window): its canvases are @napi-rs/canvas ones, as Konva's own
// Node backends make them with another canvas package.
import { createCanvas } from '@napi-rs/canvas';
import Konva from 'konva';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Point } from '../../../shared/grid/types.js';
import { MapStage, type StaticSource } from './compositor.js';

Konva.Util.createCanvasElement = () => {
  // Konva sets a few inline styles on the element; a Node canvas has no style to set.
  return Object.assign(createCanvas(300, 300), { style: {} }) as unknown as HTMLCanvasElement;
};

/** Nothing on the static layer: no map open. */
const noMap = {
  empty: () => true,
  overview: () => false,
  bounds: () => null,
  frame: () => 0,
  repainted: () => new Map(),
} as unknown as StaticSource;

/** Animation frames asked for, run by `frames()`. */
let queued: FrameRequestCallback[] = [];
function frames(): void {
  const now = queued;
  queued = [];
  for (const f of now) f(0);
}

beforeEach(() => {
  queued = [];
  vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => queued.push(f));
});
afterEach(() => vi.unstubAllGlobals());

function stage(): { map: MapStage; interactive: Konva.Layer } {
  const map = new MapStage({} as HTMLDivElement, 120, 100, noMap);
  // Static, underlay, interactive: the stacking order.
  return { map, interactive: map.layers[2]! };
}

/** A square cell, 20 map px across, its top-left corner at (10, 10). */
const cell: Point[] = [
  { x: 10, y: 10 },
  { x: 30, y: 10 },
  { x: 30, y: 30 },
  { x: 10, y: 30 },
];

function pixel(layer: Konva.Layer, x: number, y: number): number[] {
  return [...layer.getNativeCanvasElement().getContext('2d')!.getImageData(x, y, 1, 1).data];
}

function pixels(layer: Konva.Layer): Uint8ClampedArray {
  const c = layer.getNativeCanvasElement();
  return c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
}

const SELECTED_BLUE = [0x1f, 0x6f, 0xeb, 255];

describe('map stage: hover and selection outlines', () => {
  it('draws the selected cell where the view puts it, its line 3 px wide at every zoom', () => {
    const { map, interactive } = stage();
    map.setSelected(cell);
    // Scale 2 from (5, 7): the cell's left side is at x = 25, from y = 27 to 67.
    map.setView({ scale: 2, x: 5, y: 7 });
    map.draw();
    // The line covers x 23.5–26.5 (pixels 24 and 25 whole), the white halo one px more each side.
    expect(pixel(interactive, 24, 47)).toEqual(SELECTED_BLUE);
    expect(pixel(interactive, 25, 47)).toEqual(SELECTED_BLUE);
    expect(pixel(interactive, 22, 47).slice(0, 3)).toEqual([255, 255, 255]);
    expect(pixel(interactive, 21, 47)[3]).toBe(0);
    expect(pixel(interactive, 28, 47)[3]).toBe(0);
    // Zoomed in twice as far, from (-15, -13): the side is at x = 25 again and as wide.
    map.setView({ scale: 4, x: -15, y: -13 });
    map.draw();
    expect(pixel(interactive, 24, 60)).toEqual(SELECTED_BLUE);
    expect(pixel(interactive, 25, 60)).toEqual(SELECTED_BLUE);
    expect(pixel(interactive, 21, 60)[3]).toBe(0);
    expect(pixel(interactive, 28, 60)[3]).toBe(0);
    // The right side, at 30 × 4 − 15 = 105.
    expect(pixel(interactive, 105, 60)).toEqual(SELECTED_BLUE);
  });

  it('tints the hovered cell inside and leaves the selected one clear', () => {
    const { map, interactive } = stage();
    map.setView({ scale: 2, x: 0, y: 0 });
    map.setHover(cell);
    map.draw();
    const inside = pixel(interactive, 40, 40);
    expect(inside[3]).toBeGreaterThan(0);
    expect(inside[2]).toBeGreaterThan(inside[0]!);
    map.setHover(null);
    map.setSelected(cell);
    map.draw();
    expect(pixel(interactive, 40, 40)[3]).toBe(0);
  });

  it('does not move the interactive layer when the designer pans or zooms', () => {
    const { map, interactive } = stage();
    map.setSelected(cell);
    for (const view of [
      { scale: 2, x: 5, y: 7 },
      { scale: 3, x: -40, y: 12 },
    ]) {
      map.setView(view);
      map.draw();
      expect([interactive.x(), interactive.y(), interactive.scaleX(), interactive.scaleY()]).toEqual([0, 0, 1, 1]);
    }
  });

  it('with test-play counters on it, the layer follows the view and the outlines stay where they were', () => {
    const plain = stage();
    const play = stage();
    const view = { scale: 2.5, x: -3, y: 9 };
    for (const s of [plain, play]) {
      s.map.setSelected(cell);
      s.map.setHover([
        { x: 30, y: 10 },
        { x: 50, y: 10 },
        { x: 50, y: 30 },
        { x: 30, y: 30 },
      ]);
    }
    play.map.counterGroup();
    for (const s of [plain, play]) {
      s.map.setView(view);
      s.map.draw();
    }
    // Hit-tested between frames in map px: moved at once, not only when drawn.
    expect([play.interactive.x(), play.interactive.y(), play.interactive.scaleX()]).toEqual([-3, 9, 2.5]);
    expect(pixels(play.interactive)).toEqual(pixels(plain.interactive));
    expect(pixels(plain.interactive).some((v) => v > 0)).toBe(true);
  });

  it('does not clear the layer again while nothing is on it, and draws it as soon as something is', () => {
    const { map, interactive } = stage();
    const drawScene = vi.spyOn(interactive, 'drawScene');
    map.setView({ scale: 2, x: 0, y: 0 });
    map.draw();
    // Drawn once: the canvas may show something from before.
    expect(drawScene).toHaveBeenCalledTimes(1);
    for (const x of [10, 20, 30]) {
      map.setView({ scale: 2, x, y: 0 });
      map.draw();
    }
    expect(drawScene).toHaveBeenCalledTimes(1);
    map.setHover(cell);
    frames();
    expect(drawScene).toHaveBeenCalledTimes(2);
    expect(pixel(interactive, 70, 40)[3]).toBeGreaterThan(0);
    // Taken away: cleared once more, then left alone.
    map.setHover(null);
    frames();
    map.draw();
    expect(drawScene).toHaveBeenCalledTimes(3);
    expect(pixels(interactive).every((v) => v === 0)).toBe(true);
  });

  it('draws what a screen draws over the map at the view, in map px', () => {
    const { map, interactive } = stage();
    map.setOverlayDrawer((ctx, scale) => {
      expect(scale).toBe(2);
      ctx.fillStyle = '#ff0000';
      ctx.fillRect(10, 10, 5, 5);
    });
    map.setView({ scale: 2, x: 5, y: 7 });
    map.draw();
    // Map (10, 10)–(15, 15) is screen (25, 27)–(35, 37).
    expect(pixel(interactive, 26, 28)).toEqual([255, 0, 0, 255]);
    expect(pixel(interactive, 34, 36)).toEqual([255, 0, 0, 255]);
    expect(pixel(interactive, 24, 28)[3]).toBe(0);
    expect(pixel(interactive, 36, 36)[3]).toBe(0);
  });
});
