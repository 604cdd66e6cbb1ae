import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PDFDocument, PrintScaling } from 'pdf-lib';
import type { Scenario } from '../../shared/format/scenario.types.js';
import { layoutPrint, type PrintLayout, type PrintPage } from '../../shared/print/layout.js';
import { buildPrintModel } from '../../shared/print/model.js';
import type { PrintOptionsInput } from '../../shared/print/options.js';
import { PT_PER_MM } from '../../shared/print/units.js';
import { createGrid, type Cell } from '../../shared/grid/index.js';
import { renderLayoutPdf, renderPdf, type PrintProgress } from './pdf.js';
import { printPagesPng } from './raster.js';
import { renderPageGrey, type GreyImage } from './testing/pdf-pixels.js';
import { gridSpecOf } from '../../shared/format/defaults.js';

const seedPath = fileURLToPath(new URL('../../scenarios/seed-000-example.json', import.meta.url));
const seed = (): Scenario => JSON.parse(readFileSync(seedPath, 'utf8')) as Scenario;

const A4 = [595.2756, 841.8898];
const DPI = 600;

async function pageSizes(bytes: Uint8Array): Promise<number[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((p) => {
    const box = p.getMediaBox();
    return [box.width, box.height].sort((a, b) => a - b);
  });
}

/** Start and end row of the first run of dark pixels from `from` stepping by `dir`. */
function darkRun(img: GreyImage, x: number, from: number, dir: 1 | -1): [number, number] | null {
  let y = from;
  while (y >= 0 && y < img.height && img.pixels[y * img.width + x]! >= 128) y += dir;
  if (y < 0 || y >= img.height) return null;
  const start = y;
  while (y >= 0 && y < img.height && img.pixels[y * img.width + x]! < 128) y += dir;
  return [start, y - dir];
}

/** A whole cell whose vertical line from the centre to both flats stays clear of registration marks. */
function measurableCell(layout: PrintLayout, page: PrintPage): Cell | undefined {
  const grid = createGrid(gridSpecOf(seed()));
  const s = layout.cellSizeMm;
  return page.wholeCells.find((cell) => {
    const c = grid.center(cell, s);
    return page.registrationMarks.every((m) => Math.abs(m.at.x - c.x) > m.radiusMm + 1 || Math.abs(m.at.y - c.y) > s / 2 + m.radiusMm + 1);
  });
}

/** Renders one tile at 600 dpi and measures a whole hex across its flats from the pixels, in mm. */
async function measureAcrossFlats(options: PrintOptionsInput): Promise<{ mm: number; sizes: number[][]; layout: PrintLayout }> {
  const scenario = seed();
  const layout = layoutPrint(scenario, { mode: 'grid', ...options });
  const bytes = await renderLayoutPdf(scenario, layout);
  const page = layout.pages.find((p) => measurableCell(layout, p));
  expect(page, 'some tile holds a whole hex clear of marks').toBeDefined();
  const cell = measurableCell(layout, page!)!;
  const centre = createGrid(gridSpecOf(scenario)).center(cell, layout.cellSizeMm);
  const area = page!.furniture.mapAreaPt;
  const toPx = (pt: number): number => (pt / 72) * DPI;
  const px = Math.round(toPx(area.x + (centre.x - page!.window.x) * PT_PER_MM));
  const py = Math.round(toPx(area.y + (centre.y - page!.window.y) * PT_PER_MM));
  // Page 1 is the assembly sheet, so tile i is page i + 2.
  const img = await renderPageGrey(bytes, page!.index + 2, DPI);
  const top = darkRun(img, px, py, -1);
  const bottom = darkRun(img, px, py, 1);
  expect(top, 'top flat found').not.toBeNull();
  expect(bottom, 'bottom flat found').not.toBeNull();
  const topMid = (top![0] + top![1]) / 2;
  const bottomMid = (bottom![0] + bottom![1]) / 2;
  return { mm: ((bottomMid - topMid) / DPI) * 25.4, sizes: await pageSizes(bytes), layout };
}

describe('print PDF', () => {
  it('seed 000 at 10 cm on A4: every page is exactly A4 and the viewer is told not to scale', async () => {
    const scenario = seed();
    const layout = layoutPrint(scenario, { mode: 'full', paper: 'A4', cellSize: { value: 10, unit: 'cm' } });
    const bytes = await renderLayoutPdf(scenario, layout);
    const sizes = await pageSizes(bytes);
    expect(sizes).toHaveLength(layout.pages.length + 1);
    for (const [w, h] of sizes) {
      expect(w).toBeCloseTo(A4[0]!, 3);
      expect(h).toBeCloseTo(A4[1]!, 3);
    }
    const doc = await PDFDocument.load(bytes);
    expect(doc.catalog.getViewerPreferences()?.getPrintScaling()).toBe(PrintScaling.None);
  });

  it('a 10 cm hex printed on A4 measures 100.0 mm ± 0.2 across flats in the rendered pixels', async () => {
    const { mm, sizes } = await measureAcrossFlats({ paper: 'A4', cellSize: { value: 10, unit: 'cm' } });
    expect(Math.abs(mm - 100)).toBeLessThanOrEqual(0.2);
    for (const [w, h] of sizes) expect([w, h].map((v) => Number(v!.toFixed(3)))).toEqual(A4.map((v) => Number(v.toFixed(3))));
  });

  it('a 4 in hex printed on Letter measures 101.6 mm ± 0.2 across flats', async () => {
    const { mm, sizes } = await measureAcrossFlats({ paper: 'Letter', cellSize: { value: 4, unit: 'in' } });
    expect(Math.abs(mm - 101.6)).toBeLessThanOrEqual(0.2);
    for (const [w, h] of sizes) expect([w, h]).toEqual([612, 792]);
  });

  it('the calibration ruler on a tile measures 10 cm and 4 in in the rendered pixels', async () => {
    const scenario = seed();
    const layout = layoutPrint(scenario, { mode: 'grid', paper: 'A4' });
    const img = await renderPageGrey(await renderLayoutPdf(scenario, layout), 2, DPI);
    const at = layout.pages[0]!.furniture.rulerAtPt;
    const px = (pt: number): number => (pt / 72) * DPI;
    const mmPx = DPI / 25.4;
    // Only the whole-cm ticks reach 2.2 mm above the line, only the whole-inch ticks 2.2 mm below.
    const tickCentres = (row: number): number[] => {
      const out: number[] = [];
      const y = Math.round(row);
      for (let x = Math.floor(px(at.x) - mmPx); x < px(at.x) + 103 * mmPx; x++) {
        if (img.pixels[y * img.width + x]! >= 128) continue;
        const start = x;
        while (img.pixels[y * img.width + x + 1]! < 128) x++;
        out.push((start + x) / 2);
      }
      return out;
    };
    const cm = tickCentres(px(at.y) - 2.2 * mmPx);
    const inch = tickCentres(px(at.y) + 2.2 * mmPx);
    expect(cm).toHaveLength(11);
    expect(inch).toHaveLength(5);
    expect(Math.abs((cm.at(-1)! - cm[0]!) / mmPx - 100)).toBeLessThanOrEqual(0.2);
    expect(Math.abs((inch.at(-1)! - inch[0]!) / mmPx - 101.6)).toBeLessThanOrEqual(0.2);
  });

  it('a single sheet is one page the size of the map plus margins', async () => {
    const scenario = seed();
    const layout = layoutPrint(scenario, { singleSheet: true, marginMm: 12 });
    const sizes = await pageSizes(await renderLayoutPdf(scenario, layout));
    expect(sizes).toHaveLength(1);
    const expected = [layout.pageSizePt.width, layout.pageSizePt.height].sort((a, b) => a - b);
    expect(sizes[0]![0]).toBeCloseTo(expected[0]!, 3);
    expect(sizes[0]![1]).toBeCloseTo(expected[1]!, 3);
  });

  it('reports progress once per page, ending at the total', async () => {
    const seen: PrintProgress[] = [];
    await renderPdf(seed(), { mode: 'outline', paper: 'A3' }, (p) => seen.push(p));
    expect(seen[0]!.page).toBe('Assembly');
    expect(seen.map((p) => p.done)).toEqual(seen.map((_, i) => i + 1));
    expect(seen.at(-1)!.done).toBe(seen.at(-1)!.total);
  });

  it('PNG pages of a single-sheet print: one PNG the size of the sheet at the chosen dpi', async () => {
    const scenario = seed();
    const layout = layoutPrint(scenario, { mode: 'coords', singleSheet: true });
    const pngs = await printPagesPng(scenario, layout, 30);
    expect(pngs).toHaveLength(1);
    expect([...pngs[0]!.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(pngs[0]!.readUInt32BE(16)).toBe(Math.ceil((layout.pageSizePt.width / 72) * 30));
    expect(pngs[0]!.readUInt32BE(20)).toBe(Math.ceil((layout.pageSizePt.height / 72) * 30));
  });

  it('a map with an unknown terrain code, a bad edge id and a unit off the map still prints, and says what it skipped', async () => {
    const scenario = seed();
    scenario.map.terrain![0] = `#${scenario.map.terrain![0]!.slice(1)}`;
    scenario.map.rivers = [...(scenario.map.rivers ?? []), '99,99,Q'];
    scenario.orderOfBattle[0]!.cell = '40,40';
    scenario.title = 'Корсунь pocket';
    const bytes = await renderPdf(scenario, { mode: 'full', layers: { units: true } });
    expect((await pageSizes(bytes)).length).toBeGreaterThan(1);
    const model = buildPrintModel(scenario, createGrid(gridSpecOf(scenario)), 100);
    expect([...model.skipped].sort()).toEqual([
      `/map/rivers/${scenario.map.rivers.length - 1}: "99,99,Q" is not a side of this grid`,
      '/orderOfBattle/0/cell: "40,40" is not a cell of this map',
    ]);
  });
});
