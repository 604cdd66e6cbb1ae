import { describe, expect, it } from 'vitest';
import { createGrid } from '../grid/index.js';
import type { NetworkLayout, Point } from '../grid/types.js';
import type { PaintModel } from './model.js';
import { RAIL, ROAD } from './network.js';
import { defaultStyle, paintMap } from './painter.js';
import { RecordingSurface } from './recording-surface.js';
import type { Rgb, SurfaceFont, SurfaceFonts } from './surface.js';

/** A recording surface that also keeps every polyline drawn, with the layer and stroke colour it was drawn in. */
function lineSurface() {
  const s = new RecordingSurface();
  const lines: { layer: string; colour: Rgb; points: Point[] }[] = [];
  let colour: Rgb = [0, 0, 0];
  s.strokeStyle = ((c: Rgb) => ((colour = c), s)) as unknown as typeof s.strokeStyle;
  s.path = ((points: readonly Point[]) => (lines.push({ layer: s.layers[s.layers.length - 1] ?? '', colour, points: [...points] }), s)) as unknown as typeof s.path;
  return Object.assign(s, { lines });
}

const font = { width: (t: string, size: number) => t.length * size * 0.5 } as unknown as SurfaceFont;
const fonts: SurfaceFonts<SurfaceFont> = { regular: font, bold: font };

const UNIT = 20;
/** A box A (40 × 20 mm) and an ellipse B (r 10 mm) joined by a road bent through (100, 100); C joined to B by rail. */
const layout: NetworkLayout = {
  width: 300,
  height: 200,
  unit: UNIT,
  positions: [
    { id: 'a', label: 'A', x: 40, y: 40, shape: 'box', width: 40, height: 20, terrain: 'open', properties: {} },
    { id: 'b', label: 'B', x: 160, y: 40, shape: 'circle', width: 20, height: 20, terrain: 'open', properties: {} },
    { id: 'c', label: 'C', x: 260, y: 160, shape: 'box', width: 20, height: 20, terrain: 'open', properties: {} },
  ] as unknown as NetworkLayout['positions'],
  links: [
    { id: 'ab', from: 'a', to: 'b', type: 'road', waypoints: [{ x: 100, y: 100 }] },
    { id: 'bc', from: 'b', to: 'c', type: 'rail', waypoints: [] },
  ],
};

function model(): PaintModel {
  const grid = createGrid({ kind: 'network', network: layout });
  const n = layout.positions.length;
  return { grid, cols: n, rows: 1, terrainTypes: [], sides: [], terrain: new Uint8Array(n), control: new Uint8Array(n).fill(255), features: new Map(), riverSet: new Set(), lakeShoreSet: new Set(), roadSet: new Set(), railSet: new Set(), defaultVictoryVp: 2 };
}

const same = (a: Rgb, b: Rgb) => a.every((v, i) => Math.abs(v - b[i]!) < 1e-9);

/** Distance from a point to the segment p–q. */
function toSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** Paints the whole map at cell size S (drawing units per UNIT mm) and returns the link strokes, in mm. */
function paint(S: number, region = { x: 0, y: 0, width: 300 * (S / UNIT), height: 200 * (S / UNIT) }) {
  const s = lineSurface();
  paintMap(s, { model: model(), size: S, region, style: defaultStyle(4), fonts });
  const k = UNIT / S;
  return { s, links: s.lines.filter((l) => l.layer === 'links').map((l) => ({ ...l, points: l.points.map((p) => ({ x: p.x * k, y: p.y * k })) })) };
}

describe('the painter draws network links', () => {
  it('from the border of one shape to the border of the other, bending through the waypoints', () => {
    const { links } = paint(40);
    const road = links.find((l) => same(l.colour, ROAD))!;
    expect(road).toBeDefined();
    const [first, ...rest] = road.points;
    const last = rest[rest.length - 1]!;
    // Leaves box A on its lower side (y = 50), between its corners.
    expect(first!.y).toBeCloseTo(50, 6);
    expect(first!.x).toBeGreaterThan(20);
    expect(first!.x).toBeLessThan(60);
    // Enters circle B on its rim.
    expect(Math.hypot(last.x - 160, last.y - 40)).toBeCloseTo(10, 6);
    // Through the bend.
    expect(road.points.some((p) => Math.hypot(p.x - 100, p.y - 100) < 1e-6)).toBe(true);
    // Points on the way lie on the straight pieces A→bend and bend→B.
    expect(toSegment(first!, { x: 40, y: 40 }, { x: 100, y: 100 })).toBeLessThan(1e-6);
    expect(toSegment(last, { x: 100, y: 100 }, { x: 160, y: 40 })).toBeLessThan(1e-6);
  });

  it('in the road and rail looks by link type, under the positions (before the terrain layer)', () => {
    const { s, links } = paint(40);
    const rail = links.find((l) => same(l.colour, RAIL))!;
    expect(rail).toBeDefined();
    // Straight B→C: starts on the circle's rim, ends on C's box border (x = 250 or y = 150).
    expect(Math.hypot(rail.points[0]!.x - 160, rail.points[0]!.y - 40)).toBeCloseTo(10, 6);
    const end = rail.points[rail.points.length - 1]!;
    expect(Math.min(Math.abs(end.x - 250), Math.abs(end.y - 150))).toBeLessThan(1e-6);
    expect(s.layers.indexOf('links')).toBeGreaterThanOrEqual(0);
    expect(s.layers.indexOf('links')).toBeLessThan(s.layers.indexOf('terrain'));
  });

  it('draws a link through a region no position lies in, and leaves out links far from the region', () => {
    // A small region on the rail between B and C, away from every position.
    const S = 20;
    const onRail = { x: 210, y: 100 };
    const { links } = paint(S, { x: onRail.x - 5, y: onRail.y - 5, width: 10, height: 10 });
    expect(links.filter((l) => same(l.colour, RAIL)).length).toBeGreaterThan(0);
    expect(links.some((l) => same(l.colour, ROAD))).toBe(false);
  });

  it('draws each position in its own shape and size', () => {
    const s = lineSurface();
    let moves: Point[] = [];
    s.moveTo = ((x: number, y: number) => ((moves = [...moves, { x, y }]), s)) as unknown as typeof s.moveTo;
    paintMap(s, { model: model(), size: UNIT, region: { x: 0, y: 0, width: 300, height: 200 }, style: defaultStyle(4), fonts });
    // Box A's outline starts at its own top-left corner (20, 30), not a default cell box (30, 30).
    expect(moves.some((p) => p.x === 20 && p.y === 30)).toBe(true);
    // Circle B's outline starts at its top (160, 30).
    expect(moves.some((p) => Math.abs(p.x - 160) < 1e-9 && Math.abs(p.y - 30) < 1e-9)).toBe(true);
  });
});
