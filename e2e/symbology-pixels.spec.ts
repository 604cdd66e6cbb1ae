// One symbology, proven by pixels: the bundled seed-000 map drawn on screen in the designer at a
// known zoom, exported as PNG (Export image dialog), as SVG (View panel) and printed as a one-sheet
// PDF (print dialog), all from the library with the mouse. The files are rasterised at the
// screen's scale (the PDF by pdf.js, the SVG by resvg) and each is compared with the screen pixel
// by pixel: colours, symbols, lines, markers, names and units must agree within a tolerance that
// lets anti-aliasing and fonts through (electron/print/testing/pixel-compare.ts; its own test shows
// a changed colour is caught). The four pictures and the three difference images are saved under
// e2e/output/symbology/.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type { Page } from '@playwright/test';
import type { Scenario } from '../shared/format/scenario.types.js';
import { createGrid } from '../shared/grid/index.js';
import { gridSpecOf } from '../shared/format/defaults.js';
import { layoutPrint } from '../shared/print/layout.js';
import { layoutImage } from '../shared/print/image.js';
import { toMm } from '../shared/print/units.js';
import { renderPdfPage } from '../electron/print/testing/pdf-pixels.js';
import { aligned, crop, decode, encode, rasteriseSvg, SYMBOLOGY_TOLERANCE, within, type Pixels } from '../electron/print/testing/pixel-compare.js';
import type {} from '../renderer/src/testHook.types.js';
import { cellOnPage, expect, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output', 'symbology');
const EXAMPLE = JSON.parse(readFileSync(path.join(projectRoot, 'scenarios', 'seed-000-example.json'), 'utf8')) as Scenario;
/** Screen pixels across a cell: the whole 7×7 map fits the view with room to spare. */
const CELL_PX = 100;

/** Paints everything outside the map's cells white (the screen shows its backdrop there, an export shows paper). */
function onlyCells(p: Pixels, scenario: Scenario, cellPx: number, bx: number, by: number): Pixels {
  const spec = gridSpecOf(scenario);
  if (spec.kind === 'network') throw new Error('a map of cells is needed');
  const grid = createGrid(spec);
  const c = createCanvas(p.width, p.height);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#000000';
  for (let row = 0; row < spec.rows; row++)
    for (let col = 0; col < spec.cols; col++) {
      const corners = grid.corners({ col, row }, cellPx);
      ctx.beginPath();
      corners.forEach((q, k) => (k === 0 ? ctx.moveTo(q.x - bx, q.y - by) : ctx.lineTo(q.x - bx, q.y - by)));
      ctx.closePath();
      ctx.fill();
    }
  const mask = ctx.getImageData(0, 0, p.width, p.height).data;
  const data = new Uint8ClampedArray(p.data);
  for (let k = 0; k < p.width * p.height; k++) if (mask[k * 4 + 3]! < 128) data.set([255, 255, 255, 255], k * 4);
  return { width: p.width, height: p.height, data };
}

async function sharp(page: Page) {
  await expect.poll(() => page.evaluate(() => window.__gridfront!.map.pendingTiles), { timeout: 15_000 }).toBe(0);
}

test('the map on screen, the PNG, the SVG and the PDF show the same symbology, pixel for pixel within a tolerance', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1500, height: 1100 });
  await page.goto('/');
  await page.locator(`[data-scenario-id="${EXAMPLE.id}"]`).click();
  await page.getByRole('button', { name: 'Open', exact: true }).last().click();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('scenario-title')).toHaveText(EXAMPLE.title);

  // The minimap would sit over a corner of the map: the View panel hides it.
  await page.locator('input[data-view="minimap"]').uncheck();
  await page.evaluate((px) => window.__gridfront!.editor!.zoomToCellPx(px), CELL_PX);
  await sharp(page);
  // The pointer away from the map: no hover outline.
  await page.mouse.move(2, 2);
  await sharp(page);

  const grid = createGrid(gridSpecOf(EXAMPLE));
  const bounds = grid.bounds(CELL_PX);
  const W = Math.round(bounds.width);
  const H = Math.round(bounds.height);
  // Where the map's bounds sit on the page, from a cell centre the page reports.
  const first = await cellOnPage(page, { col: 0, row: 0 });
  const centre = grid.center({ col: 0, row: 0 }, CELL_PX);
  const sx = first.x - centre.x + bounds.x;
  const sy = first.y - centre.y + bounds.y;
  const shot = await page.screenshot();
  mkdirSync(OUTPUT, { recursive: true });
  writeFileSync(path.join(OUTPUT, 'designer.png'), shot);
  const screenshot = await decode(shot);
  const cellsOnly = (p: Pixels) => onlyCells(p, EXAMPLE, CELL_PX, bounds.x, bounds.y);
  const screen = cellsOnly(crop(screenshot, Math.round(sx), Math.round(sy), W, H));

  // The PNG: View panel → Image (PNG)…, 100 px per cell, no frame, units and coordinates as on screen.
  await page.getByTestId('export-image').click();
  const exportDialog = page.getByTestId('export-image-dialog');
  await exportDialog.getByLabel('Size by').selectOption('cellPx');
  await exportDialog.getByRole('spinbutton', { name: 'Size' }).fill(String(CELL_PX));
  await exportDialog.getByLabel('No frame').check();
  await expect(exportDialog.getByLabel('Units', { exact: true })).toBeChecked();
  await expect(exportDialog.getByLabel('Coordinates', { exact: true })).toBeChecked();
  const [pngDownload] = await Promise.all([page.waitForEvent('download'), exportDialog.getByTestId('export-image-save').click()]);
  const pngFile = await decode(readFileSync((await pngDownload.path())!));
  await exportDialog.getByRole('button', { name: 'Close' }).click();
  const image = layoutImage(EXAMPLE, { size: { cellPx: CELL_PX }, frame: false });
  const k = image.pxPerMm;
  const mapMm = grid.bounds(image.cellSizeMm);
  const png = aligned(screen, pngFile, (mapMm.x - image.picture.x) * k, (mapMm.y - image.picture.y) * k, cellsOnly);

  // The SVG: View panel → SVG, drawn by resvg at the same scale (the file is in millimetres, at the printed cell size).
  const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-svg').click()]);
  const svgText = readFileSync((await svgDownload.path())!, 'utf8');
  const viewBox = /viewBox="([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+)"/.exec(svgText);
  expect(viewBox, 'the SVG has a viewBox').not.toBeNull();
  const [vx, vy, vw] = viewBox!.slice(1, 4).map(Number) as [number, number, number];
  const sizeMm = toMm(EXAMPLE.map.cellSize);
  const svgK = CELL_PX / sizeMm;
  const svgFile = await rasteriseSvg(svgText, Math.round(vw * svgK));
  const cellMm = grid.bounds(sizeMm);
  const svg = aligned(screen, svgFile, (cellMm.x - vx) * svgK, (cellMm.y - vy) * svgK, cellsOnly);

  // The PDF: Print… → one sheet, units ticked → Save PDF, drawn by pdf.js at the screen's scale.
  await page.getByTestId('print-open').click();
  const printDialog = page.getByTestId('print-dialog');
  await printDialog.getByTestId('print-paper').selectOption('single');
  // A print leaves units off by default (the table has real counters); ticked, it shows them as the screen does.
  const printUnits = printDialog.getByLabel('Units', { exact: true });
  await expect(printUnits).not.toBeChecked();
  await printUnits.check();
  await expect(printDialog.getByTestId('print-preview')).toHaveAttribute('data-stale', 'false');
  const [pdfDownload] = await Promise.all([page.waitForEvent('download'), printDialog.getByTestId('print-save-pdf').click()]);
  const dpi = svgK * 25.4;
  const sheet = await renderPdfPage(readFileSync((await pdfDownload.path())!), 1, dpi);
  await page.keyboard.press('Escape');
  const layout = layoutPrint(EXAMPLE, { singleSheet: true, layers: { units: true } });
  const page1 = layout.pages[0]!;
  const ptToPx = dpi / 72;
  const pdfX = (page1.furniture.mapAreaPt.x + (cellMm.x - page1.window.x) * (72 / 25.4)) * ptToPx;
  const pdfY = (page1.furniture.mapAreaPt.y + (cellMm.y - page1.window.y) * (72 / 25.4)) * ptToPx;
  const pdf = aligned(screen, { width: sheet.width, height: sheet.height, data: sheet.pixels }, pdfX, pdfY, cellsOnly);

  writeFileSync(path.join(OUTPUT, 'screen.png'), encode(screen));
  const results: Record<string, string> = {};
  for (const [name, r] of Object.entries({ png, svg, pdf })) {
    writeFileSync(path.join(OUTPUT, `${name}.png`), encode(r.pixels));
    writeFileSync(path.join(OUTPUT, `${name}-diff.png`), encode(r.difference.diff));
    results[name] = `${(r.difference.far * 100).toFixed(2)}% far off, ${(r.difference.solid * 100).toFixed(2)}% solidly, mean ${r.difference.mean.toFixed(2)}, shift ${r.dx},${r.dy}`;
  }
  console.log(JSON.stringify(results));
  for (const [name, r] of Object.entries({ png, svg, pdf })) {
    expect(within(r.difference), `${name} against the screen: ${results[name]} (allowed ${SYMBOLOGY_TOLERANCE.farShare * 100}%, ${SYMBOLOGY_TOLERANCE.solidShare * 100}% solidly, mean ${SYMBOLOGY_TOLERANCE.mean})`).toBe(true);
  }
});
