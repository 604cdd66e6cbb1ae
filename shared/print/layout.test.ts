import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { newScenario } from '../format/new-scenario.js';
import type { Scenario } from '../format/scenario.types.js';
import { cellId, createGrid, type Cell } from '../grid/index.js';
import { MAX_PRINT_PAGES, largestCellFitting, layoutPrint, mapPadMm, type PrintLayout } from './layout.js';
import { PrintOptionsError, requirePrintOptions, type PrintOptionsInput } from './options.js';
import { PAPER_NAMES, PAPER_SIZES_MM, type PaperName } from './units.js';
import { gridSpecOf } from '../format/defaults.js';
import type { CellGrid } from '../format/scenario.types.js';

type GridChoice = Pick<CellGrid, 'kind' | 'orientation' | 'offset' | 'adjacency'>;

const GRID_CHOICES: GridChoice[] = [
  { kind: 'hex', orientation: 'flat', offset: 'odd' },
  { kind: 'hex', orientation: 'flat', offset: 'even' },
  { kind: 'hex', orientation: 'pointy', offset: 'odd' },
  { kind: 'hex', orientation: 'pointy', offset: 'even' },
  { kind: 'square', adjacency: 4 },
  { kind: 'square', adjacency: 8 },
  { kind: 'offsetSquare', offset: 'odd' },
  { kind: 'offsetSquare', offset: 'even' },
];

function scenarioWith(grid: GridChoice, cols: number, rows: number): Scenario {
  const s = newScenario({ id: 'print-test', title: 'Print test', gridKind: grid.kind, cols, rows });
  s.map.grid = { ...grid, cols, rows };
  return s;
}

const arbCase = fc.record({
  grid: fc.constantFrom(...GRID_CHOICES),
  cols: fc.integer({ min: 1, max: 24 }),
  rows: fc.integer({ min: 1, max: 24 }),
  cellMm: fc.double({ min: 8, max: 110, noNaN: true }),
  paper: fc.constantFrom(...PAPER_NAMES),
  orientation: fc.constantFrom('auto' as const, 'portrait' as const, 'landscape' as const),
  marginMm: fc.double({ min: 5, max: 20, noNaN: true }),
  overlapMm: fc.double({ min: 0, max: 30, noNaN: true }),
  wholeCells: fc.boolean(),
});

type Case = typeof arbCase extends fc.Arbitrary<infer T> ? T : never;

function layoutFor(c: Case): { scenario: Scenario; layout: PrintLayout; input: PrintOptionsInput } {
  const scenario = scenarioWith(c.grid, c.cols, c.rows);
  const input: PrintOptionsInput = {
    mode: 'grid',
    cellSize: { value: c.cellMm, unit: 'mm' },
    paper: c.paper,
    orientation: c.orientation,
    marginMm: c.marginMm,
    overlapMm: c.overlapMm,
    wholeCells: c.wholeCells,
  };
  return { scenario, layout: layoutPrint(scenario, input), input };
}

const page = (l: PrintLayout, r: number, c: number) => l.pages[r * l.tileCols + c]!;

function cornersInside(corners: readonly { x: number; y: number }[], w: { x: number; y: number; width: number; height: number }): boolean {
  const e = 1e-6;
  return corners.every((p) => p.x >= w.x - e && p.x <= w.x + w.width + e && p.y >= w.y - e && p.y <= w.y + w.height + e);
}

describe('print layout: tiling', () => {
  it('neighbouring tiles overlap by exactly the setting (plain tiling), or by the least whole-cell overlap when that is larger', () => {
    fc.assert(
      fc.property(arbCase, (c) => {
        const { layout } = layoutFor(c);
        for (let r = 0; r < layout.tileRows; r++) {
          for (let k = 0; k + 1 < layout.tileCols; k++) {
            const a = page(layout, r, k).window;
            const b = page(layout, r, k + 1).window;
            expect(a.x + a.width - b.x).toBeCloseTo(layout.overlapMm.x, 9);
            expect(b.y).toBe(a.y);
          }
        }
        for (let r = 0; r + 1 < layout.tileRows; r++) {
          const a = page(layout, r, 0).window;
          const b = page(layout, r + 1, 0).window;
          expect(a.y + a.height - b.y).toBeCloseTo(layout.overlapMm.y, 9);
        }
        for (const [count, ov] of [[layout.tileCols, layout.overlapMm.x], [layout.tileRows, layout.overlapMm.y]] as const) {
          if (count < 2) continue;
          if (!c.wholeCells || !layout.wholeCellsGuaranteed) expect(ov).toBeCloseTo(c.overlapMm, 9);
          else expect(ov).toBeGreaterThanOrEqual(c.overlapMm - 1e-9);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('every window fits inside the printable area of its page and the tiles together cover the whole map', () => {
    fc.assert(
      fc.property(arbCase, (c) => {
        const { layout } = layoutFor(c);
        const pw = layout.pageSizeMm.width - 2 * c.marginMm;
        const ph = layout.pageSizeMm.height - 2 * c.marginMm;
        const first = layout.pages[0]!.window;
        const last = layout.pages[layout.pages.length - 1]!.window;
        expect(first.width).toBeLessThanOrEqual(pw + 1e-9);
        expect(first.height).toBeLessThanOrEqual(ph + 1e-9);
        expect(first.x).toBeLessThanOrEqual(0);
        expect(first.y).toBeLessThanOrEqual(0);
        expect(last.x + last.width).toBeGreaterThanOrEqual(layout.mapBounds.width - 1e-9);
        expect(last.y + last.height).toBeGreaterThanOrEqual(layout.mapBounds.height - 1e-9);
        expect(layout.pages).toHaveLength(layout.tileCols * layout.tileRows);
        for (const p of layout.pages) {
          expect(p.window.width).toBe(first.width);
          expect(p.window.height).toBe(first.height);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('with whole cells on, every cell appears whole on at least one tile', () => {
    fc.assert(
      fc.property(arbCase, (c) => {
        const { layout } = layoutFor({ ...c, wholeCells: true });
        expect(layout.wholeCellsGuaranteed).toBe(true);
        const seen = new Set<string>();
        for (const p of layout.pages) for (const cell of p.wholeCells) seen.add(cellId(cell));
        expect(seen.size).toBe(c.cols * c.rows);
      }),
      { numRuns: 300 },
    );
  });

  it("a page's whole cells are exactly those whose corners all lie in its window, and its drawn cells are those whose box meets it", () => {
    fc.assert(
      fc.property(arbCase, (c) => {
        const { scenario, layout } = layoutFor({ ...c, cols: Math.min(c.cols, 12), rows: Math.min(c.rows, 12) });
        const grid = createGrid(gridSpecOf(scenario));
        const size = layout.cellSizeMm;
        const box = grid.cellBox(size);
        for (const p of layout.pages) {
          const whole = new Set(p.wholeCells.map(cellId));
          const drawn = new Set(p.cells.map(cellId));
          const w = p.window;
          for (let i = 0; i < grid.cellCount; i++) {
            const cell: Cell = grid.cellAt(i);
            expect(whole.has(cellId(cell))).toBe(cornersInside(grid.corners(cell, size), w));
            const ctr = grid.center(cell, size);
            const shared = (a: number, b: number, s: number, e: number): number => Math.min(b, e) - Math.max(a, s);
            const meets =
              shared(ctr.x - box.width / 2, ctr.x + box.width / 2, w.x, w.x + w.width) > 1e-6 &&
              shared(ctr.y - box.height / 2, ctr.y + box.height / 2, w.y, w.y + w.height) > 1e-6;
            expect(drawn.has(cellId(cell))).toBe(meets);
          }
        }
      }),
      { numRuns: 120 },
    );
  });

  it('auto orientation picks the orientation with the fewest pages', () => {
    fc.assert(
      fc.property(arbCase, (c) => {
        const auto = layoutFor({ ...c, orientation: 'auto' }).layout;
        const portrait = layoutFor({ ...c, orientation: 'portrait' }).layout;
        const landscape = layoutFor({ ...c, orientation: 'landscape' }).layout;
        expect(auto.pages.length).toBe(Math.min(portrait.pages.length, landscape.pages.length));
        expect(portrait.pageSizeMm.width).toBeLessThan(portrait.pageSizeMm.height);
        expect(landscape.pageSizeMm.width).toBeGreaterThan(landscape.pageSizeMm.height);
      }),
      { numRuns: 200 },
    );
  });

  it('tiles are labelled by row letter and column number, in reading order, each label once', () => {
    const layout = layoutPrint(scenarioWith(GRID_CHOICES[0]!, 30, 30), { paper: 'A4', cellSize: { value: 3, unit: 'cm' }, orientation: 'portrait' });
    expect(layout.pages.slice(0, 3).map((p) => p.label)).toEqual(['A1', 'A2', 'A3']);
    expect(page(layout, 1, 2).label).toBe('B3');
    expect(new Set(layout.pages.map((p) => p.label)).size).toBe(layout.pages.length);
  });

  it('registration marks sit in the overlap zones and appear identically on both tiles of a join', () => {
    const layout = layoutPrint(scenarioWith(GRID_CHOICES[0]!, 12, 10), { paper: 'A4', cellSize: { value: 4, unit: 'cm' }, overlapMm: 12 });
    expect(layout.tileCols).toBeGreaterThan(1);
    const a = page(layout, 0, 0);
    const b = page(layout, 0, 1);
    const onJoin = a.registrationMarks.filter((m) => m.at.x > b.window.x && m.at.x < a.window.x + a.window.width);
    expect(onJoin.length).toBeGreaterThan(0);
    for (const m of onJoin) expect(b.registrationMarks).toContainEqual(m);
  });
});

describe('print layout: registration marks per page', () => {
  it('each page holds exactly the marks whose circle lies wholly inside its window', () => {
    const key = (m: { at: { x: number; y: number }; radiusMm: number }) => `${m.at.x.toFixed(6)},${m.at.y.toFixed(6)},${m.radiusMm}`;
    fc.assert(
      fc.property(arbCase, (c) => {
        const { layout } = layoutFor(c);
        const all = new Map(layout.pages.flatMap((p) => p.registrationMarks.map((m) => [key(m), m] as const)));
        for (const p of layout.pages) {
          const w = p.window;
          const inside = [...all.values()].filter(
            (m) => m.at.x - m.radiusMm >= w.x && m.at.x + m.radiusMm <= w.x + w.width && m.at.y - m.radiusMm >= w.y && m.at.y + m.radiusMm <= w.y + w.height,
          );
          expect(p.registrationMarks.map(key).sort()).toEqual(inside.map(key).sort());
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('print layout: page cap', () => {
  const big = () => scenarioWith(GRID_CHOICES[0]!, 400, 400);

  it(`refuses more than ${MAX_PRINT_PAGES} pages on the cell size, suggesting a cell that fits or a single sheet`, () => {
    let error: unknown;
    try {
      layoutPrint(big(), { paper: 'A4', cellSize: { value: 10, unit: 'cm' } });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(PrintOptionsError);
    const problems = (error as PrintOptionsError).problems;
    expect(problems).toHaveLength(1);
    expect(problems[0]!.field).toBe('cellSize');
    expect(problems[0]!.message).toMatch(/^at 10 cm this map needs 28,950 pages \(\d+ rows × \d+ columns of A4 \w+\); one print job has at most 1,000: use a cell of 1\.8 cm or less, or print the whole map on a single sheet/);
  });

  it('the suggested cell fits in the cap and a step larger does not; a single sheet is always one page', () => {
    const s = big();
    const options = requirePrintOptions(s, { paper: 'A4', cellSize: { value: 10, unit: 'cm' } });
    const fit = largestCellFitting(s, options, MAX_PRINT_PAGES)!;
    expect(fit).toEqual({ value: 1.8, unit: 'cm' });
    expect(layoutPrint(s, { paper: 'A4', cellSize: fit }).pages.length).toBeLessThanOrEqual(MAX_PRINT_PAGES);
    expect(() => layoutPrint(s, { paper: 'A4', cellSize: { value: 1.9, unit: 'cm' } })).toThrow(PrintOptionsError);
    expect(layoutPrint(s, { paper: 'A4', cellSize: { value: 10, unit: 'cm' }, singleSheet: true }).pages).toHaveLength(1);
  });

  it('a map too big even at the smallest cell is pointed at a single sheet or larger paper', () => {
    const s = scenarioWith(GRID_CHOICES[4]!, 4096, 4096);
    expect(() => layoutPrint(s, { paper: 'A4', cellSize: { value: 2, unit: 'mm' } })).toThrow(/at most 1,000: print the whole map on a single sheet for a plotter or print shop, or use larger paper/);
  });

  it('lays out far more pages when the cap is lifted (what bench:print times)', () => {
    const layout = layoutPrint(scenarioWith(GRID_CHOICES[0]!, 120, 120), { mode: 'grid', paper: 'A4', cellSize: { value: 10, unit: 'cm' } }, { maxPages: Infinity });
    expect(layout.pages.length).toBeGreaterThan(2 * MAX_PRINT_PAGES);
    const cells = new Set(layout.pages.flatMap((p) => p.cells.map((c) => cellId(c))));
    expect(cells.size).toBe(120 * 120);
  });
});

describe('print layout: paper and scale', () => {
  const seedLike = (): Scenario => scenarioWith(GRID_CHOICES[0]!, 7, 7);

  it('A4 pages measure exactly 595.2756 × 841.8898 pt (portrait)', () => {
    const layout = layoutPrint(seedLike(), { paper: 'A4', orientation: 'portrait' });
    expect(layout.pageSizePt.width).toBeCloseTo(595.2756, 4);
    expect(layout.pageSizePt.height).toBeCloseTo(841.8898, 4);
  });

  it('Letter and Tabloid are exact inch sizes', () => {
    expect(layoutPrint(seedLike(), { paper: 'Letter', orientation: 'portrait' }).pageSizePt).toEqual({ width: 612, height: 792 });
    expect(layoutPrint(seedLike(), { paper: 'Tabloid', orientation: 'landscape' }).pageSizePt).toEqual({ width: 1224, height: 792 });
  });

  it('states the map scale: 40 km on a 10 cm cell is 1:400,000', () => {
    const layout = layoutPrint(seedLike(), { cellSize: { value: 10, unit: 'cm' } });
    expect(layout.scale.ratio).toBe(400_000);
    expect(layout.scale.text).toContain('1:400,000');
    expect(layout.assembly!.titleLines.join('\n')).toContain('40 km per cell');
  });

  it('a single sheet holds the whole mat on one page sized to the map plus margins', () => {
    const scenario = seedLike();
    const layout = layoutPrint(scenario, { singleSheet: true, marginMm: 15 });
    expect(layout.pages).toHaveLength(1);
    expect(layout.assembly).toBeNull();
    const pad = mapPadMm(layout.options);
    expect(layout.pageSizeMm.width).toBeCloseTo(layout.mapBounds.width + 2 * pad + 30, 9);
    expect(layout.pages[0]!.wholeCells).toHaveLength(49);
  });

  it('the assembly sheet shows every tile, reduced to fit one page', () => {
    const layout = layoutPrint(seedLike(), { paper: 'A4' });
    const sheet = layout.assembly!;
    expect(sheet.tiles.map((t) => t.label)).toEqual(layout.pages.map((p) => p.label));
    for (const t of sheet.tiles) {
      expect(t.rectPt.x).toBeGreaterThanOrEqual(0);
      expect(t.rectPt.x + t.rectPt.width).toBeLessThanOrEqual(sheet.pageSizePt.width + 1e-9);
      expect(t.rectPt.y + t.rectPt.height).toBeLessThanOrEqual(sheet.titleBlockPt.y + 1e-9);
    }
  });

  it('raising the overlap for whole cells is reported to the user', () => {
    const layout = layoutPrint(seedLike(), { paper: 'A4', overlapMm: 5, wholeCells: true });
    expect(layout.warnings.some((w) => /Overlap .* raised from 5 mm/.test(w))).toBe(true);
  });

  it('bad options are refused with every faulty field named', () => {
    let error: unknown;
    try {
      layoutPrint(seedLike(), { paper: 'B5' as PaperName, overlapMm: -3, lineColour: 'red', layers: { rivers: 'yes' as unknown as boolean } });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PrintOptionsError);
    expect((error as PrintOptionsError).problems.map((p) => p.field).sort()).toEqual(['layers.rivers', 'lineColour', 'overlapMm', 'paper']);
  });

  it('paper sizes are kept in millimetres without rounding', () => {
    expect(PAPER_SIZES_MM.Letter.width).toBeCloseTo(215.9, 12);
    expect(PAPER_SIZES_MM.Legal.height).toBeCloseTo(355.6, 12);
  });
});

describe('print layout: coordinates', () => {
  it("coordinates follow the scenario's label scheme unless another style is chosen", () => {
    const scenario = scenarioWith(GRID_CHOICES[0]!, 5, 5);
    (scenario.map.grid as CellGrid).labels = 'A1';
    expect(layoutPrint(scenario, { mode: 'coords' }).options.coordinates.style).toBe('A1');
    expect(layoutPrint(scenario, { mode: 'coords', coordinates: { style: 'CCRR' } }).options.coordinates.style).toBe('CCRR');
    expect(layoutPrint(scenario, { mode: 'grid' }).options.coordinates.style).toBe('none');
  });
});
