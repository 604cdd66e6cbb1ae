// A designer gives a terrain type a symbol in the terrain palette and sees it everywhere the map
// goes: on the map, in the saved PDF and in the exported PNG. From the library, with the mouse
// and keyboard; pixels are read from screenshots and from the files the page downloads.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Scenario } from '../shared/format/scenario.types.js';
import { createGrid } from '../shared/grid/index.js';
import { gridSpecOf } from '../shared/format/defaults.js';
import { layoutPrint } from '../shared/print/layout.js';
import { layoutImage } from '../shared/print/image.js';
import { renderPdfPage } from '../electron/print/testing/pdf-pixels.js';
import type {} from '../renderer/src/testHook.types.js';
import { cellOnPage, expect, openDocument, projectRoot, test } from './fixtures.js';
import { decodePng as decode, type Img } from './images.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
const EXAMPLE = JSON.parse(readFileSync(path.join(projectRoot, 'scenarios', 'seed-000-example.json'), 'utf8')) as Scenario;
/** An open cell with nothing else on it. */
const CELL = { col: 0, row: 0 };
/**
 * Half the side of the square round the cell's centre where ink is counted, in cells: inside the
 * cell's outline (its grid line is half a cell away), wide enough for any of the cell's seeded
 * symbol layouts to put ink in it.
 */
const INNER = 0.32;

/** Pixels of dark ink (every channel under 120) in a square of half-side `r` round (x, y). */
function inkAround(img: Img, x: number, y: number, r: number): number {
  let n = 0;
  for (let j = Math.round(y - r); j <= Math.round(y + r); j++)
    for (let i = Math.round(x - r); i <= Math.round(x + r); i++) {
      const o = (j * img.width + i) * 4;
      if (img.data[o]! < 120 && img.data[o + 1]! < 120 && img.data[o + 2]! < 120) n++;
    }
  return n;
}

/** Ink round the cell on screen, from a screenshot of the map. */
async function inkOnScreen(page: Page): Promise<number> {
  const c = await cellOnPage(page, CELL);
  // The cell below is one cell size away (across flats).
  const below = await cellOnPage(page, { col: CELL.col, row: CELL.row + 1 });
  const r = Math.round(Math.hypot(below.x - c.x, below.y - c.y) * INNER);
  const shot = await page.screenshot({ clip: { x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r } });
  const img = await decode(shot);
  return inkAround(img, r, r, r - 1);
}

test('a terrain symbol set in the palette shows on the map, in the PDF and in the PNG', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await page.locator(`[data-scenario-id="${EXAMPLE.id}"]`).click();
  await page.getByRole('button', { name: 'Open', exact: true }).last().click();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('scenario-title')).toHaveText(EXAMPLE.title);
  await page.waitForFunction(() => window.__gridfront!.map.pendingTiles === 0);

  // Open ground has no symbol in the bundled scenario.
  expect(await inkOnScreen(page)).toBe(0);

  // Map settings → the Open row's look: mountains, picked with the keyboard.
  await page.getByTestId('map-settings-open').click();
  const settings = page.getByTestId('map-settings');
  const symbol = settings.getByLabel('Symbol of Open');
  await expect(symbol).toHaveValue('none');
  await symbol.focus();
  await symbol.selectOption('mountains');
  await expect(symbol).toHaveValue('mountains');
  await settings.getByRole('button', { name: 'Done' }).click();
  await page.waitForFunction(() => window.__gridfront!.map.pendingTiles === 0);
  mkdirSync(OUTPUT, { recursive: true });
  await page.screenshot({ path: path.join(OUTPUT, 'designer-symbology-map.png') });

  // On the map: the cell now holds mountain ink; the document says so; one undo step.
  expect(await inkOnScreen(page)).toBeGreaterThan(20);
  const doc = await openDocument(page);
  expect(doc.map.terrainTypes.find((t) => t.id === 'open')?.symbology?.symbol).toBe('mountains');
  await expect(page.getByTestId('undo')).toHaveAttribute('title', /Edit terrain Open/);

  // The PDF: a single sheet from the print dialog.
  await page.getByTestId('print-open').click();
  const dialog = page.getByTestId('print-dialog');
  await dialog.getByTestId('print-paper').selectOption('single');
  await expect(dialog.getByTestId('print-preview')).toHaveAttribute('data-stale', 'false');
  const [pdfDownload] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('print-save-pdf').click()]);
  const pdf = readFileSync((await pdfDownload.path())!);
  const dpi = 2 * 25.4;
  const rendered = await renderPdfPage(pdf, 1, dpi);
  const sheet: Img = { width: rendered.width, height: rendered.height, data: rendered.pixels };
  const layout = layoutPrint(doc, { singleSheet: true });
  const page1 = layout.pages[0]!;
  const grid = createGrid(gridSpecOf(doc));
  const centre = grid.center(CELL, layout.cellSizeMm);
  const ptToPx = dpi / 72;
  const px = (page1.furniture.mapAreaPt.x + (centre.x - page1.window.x) * (72 / 25.4)) * ptToPx;
  const py = (page1.furniture.mapAreaPt.y + (centre.y - page1.window.y) * (72 / 25.4)) * ptToPx;
  expect(inkAround(sheet, px, py, layout.cellSizeMm * INNER * 2)).toBeGreaterThan(20);
  await page.keyboard.press('Escape');

  // The PNG from the View panel's Export image dialog, at 120 px a cell, without the frame.
  await page.getByTestId('export-image').click();
  const exportDialog = page.getByTestId('export-image-dialog');
  await exportDialog.getByLabel('Size by').selectOption('cellPx');
  await exportDialog.getByRole('spinbutton', { name: 'Size' }).fill('120');
  await exportDialog.getByLabel('No frame').check();
  const [pngDownload] = await Promise.all([page.waitForEvent('download'), exportDialog.getByTestId('export-image-save').click()]);
  const png = await decode(readFileSync((await pngDownload.path())!));
  const image = layoutImage(doc, { size: { cellPx: 120 }, frame: false });
  expect([png.width, png.height]).toEqual([image.widthPx, image.heightPx]);
  const at = grid.center(CELL, image.cellSizeMm);
  const k = image.pxPerMm;
  expect(inkAround(png, (at.x - image.picture.x) * k, (at.y - image.picture.y) * k, 120 * INNER)).toBeGreaterThan(10);
  await exportDialog.getByRole('button', { name: 'Close' }).click();

  // Undo takes the symbol off the map again.
  await page.getByTestId('undo').click();
  await page.waitForFunction(() => window.__gridfront!.map.pendingTiles === 0);
  expect(await inkOnScreen(page)).toBe(0);
});
