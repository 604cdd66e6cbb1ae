// The Layers panel's settings (map.layers) and what the painter makes of them: a hidden layer
// is not drawn, a translucent one is drawn at its opacity, and the others are left alone.
import { describe, expect, it } from 'vitest';
import { createGrid } from '../grid/index.js';
import type { PaintModel } from './model.js';
import { defaultStyle, paintMap, type PaintLayers } from './painter.js';
import { RecordingSurface } from './recording-surface.js';
import { rgbToHex, type Rgb, type SurfaceFont } from './surface.js';
import { RAIL, ROAD } from './network.js';
import { isLocked, layerState, lockedMessage, withLayer, withUnderlayBelow } from './layers.js';

describe('layer settings', () => {
  it('a layer at its defaults says nothing in the file; changes are kept per layer', () => {
    let l = withLayer(undefined, 'roads', { hidden: true });
    expect(l).toEqual({ settings: { roads: { hidden: true } } });
    l = withLayer(l, 'terrain', { locked: true, opacity: 0.456 });
    expect(layerState(l, 'terrain')).toEqual({ hidden: false, locked: true, opacity: 0.46 });
    expect(isLocked(l, 'terrain')).toBe(true);
    expect(isLocked(l, 'roads')).toBe(false);
    l = withLayer(l, 'roads', { hidden: false });
    l = withUnderlayBelow(l, true);
    expect(l).toEqual({ settings: { terrain: { locked: true, opacity: 0.46 } }, underlayBelowTerrain: true });
    l = withLayer(withUnderlayBelow(l, false), 'terrain', { locked: false, opacity: 1 });
    expect(l).toBeUndefined();
  });

  it('the refusal names the layer as the panel does', () => {
    expect(lockedMessage('lakeShores')).toBe('Lake shores layer is locked');
    expect(lockedMessage('terrain')).toBe('Terrain layer is locked');
  });
});

/** Remembers each stroke's colour and opacity. */
class InkSurface extends RecordingSurface {
  readonly strokes: { colour: string; alpha: number }[] = [];
  override strokeStyle = ((...args: unknown[]) => {
    this.strokes.push({ colour: rgbToHex(args[0] as Rgb), alpha: (args[3] as number | undefined) ?? 1 });
    return this;
  }) as () => this;
}

const font: SurfaceFont = { width: (t, s) => t.length * s * 0.5 };

/** A flat-top hex map with a road, a railway, a river and a lake shore. */
function model(): PaintModel {
  const grid = createGrid({ kind: 'hex', orientation: 'flat', offset: 'odd', cols: 6, rows: 6 });
  const side = (a: [number, number], b: [number, number]) => grid.edgeBetween({ col: a[0], row: a[1] }, { col: b[0], row: b[1] })!;
  return {
    grid, cols: 6, rows: 6, terrainTypes: [], sides: [],
    terrain: new Uint8Array(36).fill(255), control: new Uint8Array(36).fill(255), features: new Map(),
    riverSet: new Set([side([1, 1], [1, 2])]), lakeShoreSet: new Set([side([3, 3], [3, 4])]),
    roadSet: new Set([side([2, 1], [3, 1])]), railSet: new Set([side([1, 4], [2, 4])]), defaultVictoryVp: 2,
  };
}

function inks(layers: Partial<PaintLayers>, opacity?: Record<string, number>): InkSurface {
  const s = new InkSurface();
  const style = { ...defaultStyle(1, { grid: false, coordinates: false, ...layers }), ...(opacity ? { opacity } : {}) };
  paintMap(s, { model: model(), size: 100, region: { x: 0, y: 0, width: 600, height: 600 }, style, fonts: { regular: font, bold: font } });
  return s;
}

const RIVER = '#2f6fb3';
const SHORE = '#1d4f7c';
const has = (s: InkSurface, hex: string) => s.strokes.some((k) => k.colour === hex);

describe('the painter and the layers', () => {
  it('draws every edge layer by default', () => {
    const s = inks({});
    for (const c of [RIVER, SHORE, rgbToHex(ROAD), rgbToHex(RAIL)]) expect(has(s, c), c).toBe(true);
  });

  it('draws the grid under the rivers, shores and roads, so a river along a side covers that side\'s grid line', () => {
    const s = inks({ grid: true });
    const grid = rgbToHex(defaultStyle(1).grid.colour);
    const first = (hex: string) => s.strokes.findIndex((k) => k.colour === hex);
    expect(first(grid)).toBeGreaterThanOrEqual(0);
    for (const c of [RIVER, SHORE, rgbToHex(ROAD), rgbToHex(RAIL)]) expect(first(grid), c).toBeLessThan(first(c));
  });

  it('leaves out exactly the hidden layers: lake shores without rivers, rails without roads', () => {
    const noShores = inks({ shores: false });
    expect(has(noShores, SHORE)).toBe(false);
    expect(has(noShores, RIVER)).toBe(true);
    const noRivers = inks({ rivers: false, shores: true });
    expect(has(noRivers, RIVER)).toBe(false);
    expect(has(noRivers, SHORE)).toBe(true);
    const noRails = inks({ rails: false });
    expect(has(noRails, rgbToHex(RAIL))).toBe(false);
    expect(has(noRails, rgbToHex(ROAD))).toBe(true);
    const noRoads = inks({ roads: false, rails: true });
    expect(has(noRoads, rgbToHex(ROAD))).toBe(false);
    expect(has(noRoads, rgbToHex(RAIL))).toBe(true);
  });

  it('draws a translucent layer at its opacity and the others opaque', () => {
    const s = inks({}, { roads: 0.4, lakeShores: 0.25 });
    const road = s.strokes.filter((k) => k.colour === rgbToHex(ROAD));
    expect(road.length).toBeGreaterThan(0);
    expect(road.every((k) => Math.abs(k.alpha - 0.4) < 1e-9)).toBe(true);
    expect(s.strokes.filter((k) => k.colour === SHORE).every((k) => k.alpha === 0.25)).toBe(true);
    expect(s.strokes.filter((k) => k.colour === RIVER || k.colour === rgbToHex(RAIL)).every((k) => k.alpha === 1)).toBe(true);
  });
});

describe('side features in the painter', () => {
  it('draws a feature in its colour, with its ticks, and leaves it out when its layer is hidden', () => {
    const m = { ...model(), sideFeatures: [{ id: 'escarpment', name: 'Escarpment', colour: '#c0178a', symbol: 'ticks' as const, sides: ['2,2,N', '3,3,S'] }] };
    const paint = (hidden?: string[]) => {
      const s = new InkSurface();
      paintMap(s, { model: m, size: 100, region: { x: 0, y: 0, width: 600, height: 600 }, style: { ...defaultStyle(1, { grid: false, coordinates: false }), ...(hidden ? { hidden } : {}) }, fonts: { regular: font, bold: font } });
      return s.strokes.filter((k) => k.colour === '#c0178a').length;
    };
    // The line (one path), then each side's ticks: three strokes in the feature's colour.
    expect(paint()).toBe(3);
    expect(paint(['side:escarpment'])).toBe(0);
  });
});
