import { describe, expect, it } from 'vitest';
import example from '../../scenarios/seed-000-example.json' with { type: 'json' };
import dnieper from '../../scenarios/dnieper-bend-1943.json' with { type: 'json' };
import type { Scenario } from '../format/scenario.types.js';
import { MARKER_BOXES } from './markers.js';
import { shownCounts, sideGroups, stackBoxes } from './counters.js';
import { buildPaintModel, type PaintModel } from './model.js';
import { approxTextWidth, legibleNames, NAME_SIZE, placeNames, type PlacedName } from './place-names.js';

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
const meets = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

function nameBox(model: PaintModel, n: PlacedName): Box {
  const col = n.index % model.cols;
  const row = Math.floor(n.index / model.cols);
  const x = model.grid.centerX(col, row, 1) + n.dx;
  const y = model.grid.centerY(col, row, 1) + n.dy;
  const half = (approxTextWidth(n.text, n.bold) * n.size) / 2;
  return { x0: x - half, y0: y - n.size * 0.75, x1: x + half, y1: y + n.size * 0.2 };
}

function obstacles(model: PaintModel, units: boolean): Box[] {
  const out: Box[] = [];
  for (const [index, f] of model.features) {
    const cx = model.grid.centerX(index % model.cols, Math.floor(index / model.cols), 1);
    const cy = model.grid.centerY(index % model.cols, Math.floor(index / model.cols), 1);
    const add = (r: { x: number; y: number; width: number; height: number }) => out.push({ x0: cx + r.x, y0: cy + r.y, x1: cx + r.x + r.width, y1: cy + r.y + r.height });
    if (f.supplyBase) add(MARKER_BOXES.flag);
    if (f.victory) add(MARKER_BOXES.star);
    if (f.fortification) add(MARKER_BOXES.fort);
    if (f.entry?.length) add(MARKER_BOXES.entry);
  }
  if (units)
    for (const [index, list] of model.units ?? []) {
      const cx = model.grid.centerX(index % model.cols, Math.floor(index / model.cols), 1);
      const cy = model.grid.centerY(index % model.cols, Math.floor(index / model.cols), 1);
      for (const r of stackBoxes(shownCounts(sideGroups(list, model.sides)), 1)) out.push({ x0: cx + r.x, y0: cy + r.y, x1: cx + r.x + r.width, y1: cy + r.y + r.height });
    }
  return out;
}

describe('place names', () => {
  for (const [title, scenario] of [
    ['The Ros Salient', example],
    ['The Dnieper Bend', dnieper],
  ] as const) {
    it(`${title}: every name is placed clear of markers, counters and the other names`, () => {
      const model = buildPaintModel(scenario as unknown as Scenario);
      const placed = placeNames(model, { markers: true, units: true });
      const named = [...model.features.values()].filter((f) => f.name).length;
      expect(placed).toHaveLength(named);
      const blocks = obstacles(model, true);
      const boxes = placed.map((n) => nameBox(model, n));
      boxes.forEach((b, i) => {
        expect(blocks.filter((o) => meets(b, o)), placed[i]!.text).toEqual([]);
        boxes.forEach((o, j) => j !== i && expect(meets(b, o), `${placed[i]!.text} / ${placed[j]!.text}`).toBe(false));
      });
    });
  }

  it('sizes names by importance: a victory city over a town over a village', () => {
    const model = buildPaintModel(example as unknown as Scenario);
    const byName = new Map(placeNames(model, { markers: true, units: false }).map((n) => [n.text, n]));
    expect(byName.get('Korsun')?.importance).toBe('city');
    expect(byName.get('Steblev')?.importance).toBe('village');
    expect(byName.get('Korsun')!.size).toBe(NAME_SIZE.city);
    expect(NAME_SIZE.city).toBeGreaterThan(NAME_SIZE.town);
    expect(NAME_SIZE.town).toBeGreaterThan(NAME_SIZE.village);
    expect(byName.get('Korsun')!.bold).toBe(true);
  });

  it('moves a name off its first place when a counter stands there', () => {
    const scenario = structuredClone(example) as unknown as Scenario;
    const model = buildPaintModel(scenario);
    const steblev = placeNames(model, { markers: true, units: false }).find((n) => n.text === 'Steblev')!;
    const col = steblev.index % model.cols;
    const row = Math.floor(steblev.index / model.cols);
    // A dozen counters stack down into the cell's lower part, where the name would go.
    const cell = `${col},${row}`;
    scenario.orderOfBattle.push(...Array.from({ length: 12 }, (_, k) => ({ ...scenario.orderOfBattle[0]!, id: `extra-${k}`, cell })));
    const crowded = buildPaintModel(scenario);
    const moved = placeNames(crowded, { markers: true, units: true }).find((n) => n.text === 'Steblev')!;
    expect([moved.dx, moved.dy]).not.toEqual([steblev.dx, steblev.dy]);
  });
});

describe('names in a small export', () => {
  const model = buildPaintModel(dnieper as unknown as Scenario);
  const placed = placeNames(model, { markers: true, units: false });
  // The whole Dnieper map 1280 px wide is about 40 px a cell; names of 0.14 cell would be 6 px.
  const small = 12;
  const minPx = 6.5;

  it('none vanishes for being small: each is drawn at the legible minimum unless that would cover a name kept before it', () => {
    expect(placed.length).toBeGreaterThan(10);
    const tooSmall = placed.filter((n) => n.size * small < minPx);
    expect(tooSmall.length).toBeGreaterThan(0);
    const { byIndex, enlarged, leftOut } = legibleNames(model, placed, small, minPx, 'enlarge');
    expect(enlarged + leftOut).toBe(tooSmall.length);
    expect(byIndex.size).toBe(placed.length - leftOut);
    // Every name drawn can be read, and none is smaller than it was placed.
    for (const n of byIndex.values()) expect(n.size * small).toBeGreaterThanOrEqual(minPx - 1e-9);
    for (const n of placed) if (byIndex.has(n.index)) expect(byIndex.get(n.index)!.size).toBeGreaterThanOrEqual(n.size);
    // Kept names do not cover each other; the names that gave way would have.
    const drawn = [...byIndex.values()].map((n) => nameBox(model, n));
    for (let i = 0; i < drawn.length; i++) for (let j = i + 1; j < drawn.length; j++) expect(meets(drawn[i]!, drawn[j]!), `${i} and ${j}`).toBe(false);
    // Most names survive: a name gives way only to a more important neighbour.
    expect(byIndex.size).toBeGreaterThan(placed.length * 0.6);
  });

  it('left out (the screen, where zooming in shows them): every name under the minimum goes, the rest stay as placed', () => {
    const { byIndex, enlarged, leftOut } = legibleNames(model, placed, small, minPx, 'omit');
    expect(enlarged).toBe(0);
    expect(leftOut).toBe(placed.filter((n) => n.size * small < minPx).length);
    for (const n of byIndex.values()) expect(n.size * small).toBeGreaterThanOrEqual(minPx);
  });

  it('at a size where every name is legible, nothing changes', () => {
    const { byIndex, enlarged, leftOut } = legibleNames(model, placed, 200, minPx, 'enlarge');
    expect([enlarged, leftOut]).toEqual([0, 0]);
    expect([...byIndex.values()]).toEqual(placed);
  });
  it('a name at the map edge stays inside the map, however much a small export enlarges it (the picture is clipped there)', () => {
    const edgy = structuredClone(example) as unknown as Scenario;
    const cols = edgy.map.grid.kind === 'network' ? 0 : edgy.map.grid.cols;
    const rows = edgy.map.grid.kind === 'network' ? 0 : edgy.map.grid.rows;
    const corners = ['0,0', `${cols - 1},0`, `0,${rows - 1}`, `${cols - 1},${rows - 1}`, `0,${Math.floor(rows / 2)}`];
    edgy.map.cells = { ...edgy.map.cells };
    corners.forEach((ref, i) => (edgy.map.cells![ref] = { ...edgy.map.cells![ref], name: `Novomoskovsk-Dnipro ${i}` }));
    const model = buildPaintModel(edgy);
    const placed = placeNames(model, { markers: true, units: true });
    const area = model.grid.bounds(1);
    for (const cellPx of [200, 40, 12, 5]) {
      const { byIndex } = legibleNames(model, placed, cellPx, 6.5, 'enlarge');
      const edge = [...byIndex.values()].filter((n) => n.text.startsWith('Novomoskovsk'));
      expect(edge.length, `${cellPx} px a cell`).toBeGreaterThan(0);
      for (const n of edge) {
        const b = nameBox(model, n);
        // The box with its halo (a quarter of the size each way) inside the map's rectangle.
        const halo = n.size * 0.26;
        expect(b.y0 - halo, `${n.text} at ${cellPx} px: top`).toBeGreaterThanOrEqual(area.y - 1e-9);
        expect(b.y1 + halo, `${n.text} at ${cellPx} px: bottom`).toBeLessThanOrEqual(area.y + area.height + 1e-9);
        if (b.x1 - b.x0 + 2 * halo >= area.width) {
          // Wider than the whole map (a tiny picture of a small map): centred on it, cut evenly at both sides.
          expect(Math.abs((b.x0 + b.x1) / 2 - (area.x + area.width / 2))).toBeLessThan(1e-6);
          continue;
        }
        expect(b.x0 - halo, `${n.text} at ${cellPx} px: left`).toBeGreaterThanOrEqual(area.x - 1e-9);
        expect(b.x1 + halo, `${n.text} at ${cellPx} px: right`).toBeLessThanOrEqual(area.x + area.width + 1e-9);
      }
    }
    // Names away from the edges stay where they were placed.
    const { byIndex } = legibleNames(model, placed, 200, 6.5, 'enlarge');
    const inner = placed.filter((n) => !n.text.startsWith('Novomoskovsk'));
    for (const n of inner) expect(byIndex.get(n.index)).toEqual(n);
  });
});

describe('place names and counters drawn over the map', () => {
  const model = buildPaintModel(example as unknown as Scenario);
  const steblev = [...model.features].find(([, f]) => f.name === 'Steblev')![0];
  // Two rows of counters across the middle of Steblev's cell (one side each), as the screen draws them.
  const rows = [
    { x: -0.17, y: -0.36, width: 0.34, height: 0.37 },
    { x: -0.17, y: 0.02, width: 0.34, height: 0.37 },
  ];
  const counters = { key: 'steblev', byIndex: new Map([[steblev, rows]]) };
  const cx = model.grid.centerX(steblev % model.cols, Math.floor(steblev / model.cols), 1);
  const cy = model.grid.centerY(steblev % model.cols, Math.floor(steblev / model.cols), 1);
  const boxes = rows.map((r) => ({ x0: cx + r.x, y0: cy + r.y, x1: cx + r.x + r.width, y1: cy + r.y + r.height }));
  const nameOf = (placed: PlacedName[]) => nameBox(model, placed.find((n) => n.index === steblev)!);

  it('a name under the screen counters when they are not known moves clear of them when they are', () => {
    const blind = placeNames(model, { markers: true, units: false });
    expect(boxes.some((b) => meets(nameOf(blind), b))).toBe(true);
    const seeing = placeNames(model, { markers: true, units: false, counters });
    expect(boxes.some((b) => meets(nameOf(seeing), b))).toBe(false);
    // Only the crowded cell's name moves.
    const moved = seeing.filter((n, i) => n.dx !== blind[i]!.dx || n.dy !== blind[i]!.dy).map((n) => n.text);
    expect(moved).toEqual(['Steblev']);
  });
});
