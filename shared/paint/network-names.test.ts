import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../format/scenario.types.js';
import { createGrid } from '../grid/index.js';
import type { NetworkLayout } from '../grid/types.js';
import { buildPaintModel, type PaintModel } from './model.js';
import { legibleNetworkNames, NETWORK_NAME_SIZE, networkNameBox, placeNetworkNames } from './network-names.js';
import { defaultStyle, paintMap } from './painter.js';
import type { PlacedName } from './place-names.js';
import { RecordingSurface } from './recording-surface.js';
import type { Align, SurfaceFont, SurfaceFonts } from './surface.js';

const font = { width: (t: string, size: number) => t.length * size * 0.5 } as unknown as SurfaceFont;
const fonts: SurfaceFonts<SurfaceFont> = { regular: font, bold: font };
const AVOID = { markers: true, units: false, counters: null };

const barbarossa = (): PaintModel =>
  buildPaintModel(JSON.parse(readFileSync(fileURLToPath(new URL('../../scenarios/barbarossa-fast.json', import.meta.url)), 'utf8')) as Scenario);

type Box = { x0: number; y0: number; x1: number; y1: number };
const meet = (a: Box, b: Box) => Math.min(a.x1, b.x1) > Math.max(a.x0, b.x0) && Math.min(a.y1, b.y1) > Math.max(a.y0, b.y0);

/** A name's box in cells (map coordinates). */
function boxOf(model: PaintModel, n: PlacedName): Box {
  return networkNameBox(model.grid.centerX(n.index, 0, 1) + n.dx, model.grid.centerY(n.index, 0, 1) + n.dy, n.text, n.bold, n.size, n.align ?? 'centre');
}

/** Position i's shape's box in cells. */
function shapeOf(model: PaintModel, i: number): Box {
  const pts = model.grid.corners({ col: i, row: 0 }, 1);
  return { x0: Math.min(...pts.map((p) => p.x)), y0: Math.min(...pts.map((p) => p.y)), x1: Math.max(...pts.map((p) => p.x)), y1: Math.max(...pts.map((p) => p.y)) };
}

/** A small network (mm, 20 mm cells): positions with or without names, optional links. */
function small(positions: { id: string; x: number; y: number; name?: string }[], links: [string, string][] = []): PaintModel {
  const layout: NetworkLayout = {
    width: 300,
    height: 200,
    unit: 20,
    positions: positions.map((p) => ({ id: p.id, label: p.id.toUpperCase(), x: p.x, y: p.y, shape: 'box', width: 20, height: 20, terrain: 'open', properties: {} })),
    links: links.map(([from, to], i) => ({ id: `l${i}`, from, to, waypoints: [] })),
  } as unknown as NetworkLayout;
  const grid = createGrid({ kind: 'network', network: layout });
  const n = positions.length;
  const features = new Map(positions.flatMap((p, i) => (p.name ? [[i, { name: p.name }] as const] : [])));
  return {
    grid,
    cols: n,
    rows: 1,
    terrainTypes: [{ id: 'open', code: '.', name: 'Open', colour: '#eeeeee', category: 'open' }],
    sides: [],
    terrain: new Uint8Array(n),
    control: new Uint8Array(n).fill(255),
    features,
    riverSet: new Set(),
    lakeShoreSet: new Set(),
    roadSet: new Set(),
    railSet: new Set(),
    defaultVictoryVp: 2,
  };
}

describe("a network map's position names", () => {
  it('at the whole-map zoom every Barbarossa Fast position is named, legibly, beside its box, no name over another or over a position', () => {
    const model = barbarossa();
    // The designer's fit zoom on a 1400 × 1000 window: 27 px a cell; names 11 px high at least.
    const cellPx = 27;
    const { byIndex, enlarged, leftOut } = legibleNetworkNames(model, AVOID, cellPx, 11);
    expect(leftOut).toBe(0);
    expect(byIndex.size).toBe(model.cols);
    expect(enlarged).toBe(model.cols);
    const names = [...byIndex.values()];
    const wrong: string[] = [];
    for (const n of names) {
      if (n.size * cellPx < 11 - 1e-9) wrong.push(`${n.text}: ${n.size * cellPx} px`);
      const own = model.features.get(n.index)?.name ?? model.grid.label({ col: n.index, row: 0 });
      if (n.text !== own) wrong.push(`${n.text} is not ${own}`);
      const box = boxOf(model, n);
      for (let i = 0; i < model.cols; i++) if (meet(box, shapeOf(model, i))) wrong.push(`${n.text} lies over ${model.grid.label({ col: i, row: 0 })}`);
      for (const m of names) if (m !== n && meet(box, boxOf(model, m))) wrong.push(`${n.text} lies over ${m.text}`);
    }
    expect(wrong).toEqual([]);
  });

  it('printed at their own size, beside the box: a city larger than a village, both clear of their position', () => {
    const model = barbarossa();
    const placed = placeNetworkNames(model, AVOID);
    const moscow = placed.find((n) => n.text === 'Moscow')!;
    const vyazma = placed.find((n) => n.text === 'Vyazma')!;
    expect(moscow.size).toBe(NETWORK_NAME_SIZE.city);
    expect(vyazma.size).toBe(NETWORK_NAME_SIZE.village);
    for (const n of [moscow, vyazma]) expect(meet(boxOf(model, n), shapeOf(model, n.index))).toBe(false);
  });

  it("a position with no name shows its label; a name replaces it; too crowded far out, later names give way until zoomed in", () => {
    // Nine positions 30 mm apart in a square of three by three, with long names; a tenth far away has none.
    const long = ['Dnepropetrovsk', 'Zaporozhye-on-Dnieper', 'Krivoi Rog junction', 'Nikopol crossing', 'Melitopol', 'Kamenka-Dneprovskaya', 'Nikolaev docks', 'Kherson bridgehead', 'Perekop isthmus'];
    const model = small([...long.map((name, i) => ({ id: `p${i}`, x: 100 + 30 * (i % 3), y: 60 + 30 * Math.floor(i / 3), name })), { id: 'e', x: 260, y: 180 }]);
    const placed = placeNetworkNames(model, AVOID);
    expect(placed.map((n) => n.text).sort()).toEqual([...long, 'E'].sort());
    // Far out (20 px a cell, names at 11 px): not all four long names fit; the first placed keeps its
    // spot, the far one shows, and no name drawn lies over another.
    const far = legibleNetworkNames(model, AVOID, 20, 11);
    const shown = [...far.byIndex.values()];
    expect(far.leftOut).toBeGreaterThan(0);
    expect(shown.map((n) => n.text)).toEqual(expect.arrayContaining(['Dnepropetrovsk', 'E']));
    for (const n of shown) for (const m of shown) if (m !== n) expect(meet(boxOf(model, n), boxOf(model, m)), `${n.text} / ${m.text}`).toBe(false);
    // Zoomed in (120 px a cell) all show at their own size.
    const near = legibleNetworkNames(model, AVOID, 120, 11);
    expect(near.byIndex.size).toBe(10);
    expect(near.enlarged).toBe(0);
    // Beyond NETWORK_NAME_MAX (a name larger than the positions) none is drawn.
    expect(legibleNetworkNames(model, AVOID, 12, 11).byIndex.size).toBe(0);
  });

  it('keeps off a link where there is a clear side: a link straight down from a position sends its name elsewhere', () => {
    const model = small(
      [
        { id: 'a', x: 100, y: 60, name: 'Kursk' },
        { id: 'b', x: 100, y: 160, name: 'Belgorod' },
      ],
      [['a', 'b']],
    );
    const [kursk] = placeNetworkNames(model, AVOID).filter((n) => n.text === 'Kursk');
    const box = boxOf(model, kursk!);
    // The link runs down x = 5 cells (100 mm) from y = 3.5 to 7.5 cells: the name's box keeps off it.
    expect(box.x1 <= 5 || box.x0 >= 5 || box.y1 <= 3.5).toBe(true);
  });

  it('the painter draws each name once, aligned as placed, and the label in the box only where the name differs', () => {
    const model = small([
      { id: 'a', x: 100, y: 100, name: 'Orel' },
      { id: 'b', x: 200, y: 100 },
    ]);
    const written: { text: string; align: Align | undefined }[] = [];
    const s = new RecordingSurface();
    s.haloText = ((_f: SurfaceFont, _s: number, _x: number, _y: number, text: string, _h: unknown, align?: Align) => (written.push({ text, align }), s)) as typeof s.haloText;
    // 200 px a cell: legible at their own size, and the cell numbers too.
    paintMap(s, { model, size: 20, region: { x: 0, y: 0, width: 300, height: 200 }, style: defaultStyle(10), fonts });
    const texts = written.map((w) => w.text).sort();
    // Orel beside A, A's label in its box; B's label once (beside it, as its name).
    expect(texts).toEqual(['A', 'B', 'Orel']);
  });
});
