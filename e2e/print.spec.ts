// The print dialog: options change the layout the preview shows, and Save PDF gives a
// true-scale PDF with the pages the summary promised (the web host sends the bytes, the
// page downloads them).
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import type { Scenario } from '../shared/format/scenario.types.js';
import type {} from '../renderer/src/testHook.types.js';
import { layoutPrint } from '../shared/print/layout.js';
import { GOLD } from '../shared/paint/markers.js';
import { expect, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
const EXAMPLE = JSON.parse(readFileSync(path.join(projectRoot, 'scenarios', 'seed-000-example.json'), 'utf8')) as Scenario;

/** Pages in the PDF for these options: the assembly sheet plus the tiles. */
const pdfPages = (options: Parameters<typeof layoutPrint>[1]): number => {
  const layout = layoutPrint(EXAMPLE, options);
  return layout.pages.length + (layout.assembly ? 1 : 0);
};

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('The Ros Salient, January 1944').first()).toBeVisible();
  // Opened through the test hook, so this spec does not depend on how the library view opens things.
  await page.waitForFunction(() => window.__gridfront !== undefined);
  await page.evaluate((scenario) => window.__gridfront!.openScenario(scenario), EXAMPLE);
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('scenario-title')).toHaveText('The Ros Salient, January 1944');
});

test('Letter paper and 4 in cells: the summary and preview follow, and the saved PDF has those pages', async ({ page }) => {
  await page.getByTestId('print-open').click();
  const dialog = page.getByTestId('print-dialog');
  await expect(dialog).toBeVisible();
  const preview = dialog.getByTestId('print-preview');

  // Defaults: the scenario's 10 cm hexes on A4.
  const a4 = pdfPages({ paper: 'A4', cellSize: { value: 10, unit: 'cm' } });
  await expect(dialog.getByTestId('print-cell-size')).toHaveValue('10');
  await expect(dialog.getByTestId('print-page-count')).toHaveText(`${a4} pages (assembly sheet + 3 × 4 tiles)`);
  await expect(preview).toHaveAttribute('data-pages', String(a4));
  await expect(dialog.getByTestId('print-scale')).toHaveText('Scale 40 km per cell (10 cm) = 1:400,000');

  await dialog.getByTestId('print-paper').selectOption('Letter');
  await dialog.getByTestId('print-cell-unit').selectOption('in');
  await dialog.getByTestId('print-cell-size').fill('4');

  const letter = pdfPages({ paper: 'Letter', cellSize: { value: 4, unit: 'in' } });
  expect(letter).toBe(16);
  await expect(dialog.getByTestId('print-page-count')).toHaveText(`${letter} pages (assembly sheet + 5 × 3 tiles)`);
  await expect(preview).toHaveAttribute('data-pages', String(letter));
  await expect(preview).toHaveAttribute('data-stale', 'false');
  await expect(dialog.getByTestId('print-summary')).toContainText('Letter landscape');
  await expect(dialog.getByTestId('print-scale')).toHaveText('Scale 40 km per cell (4 in) = 1:393,701');
  await expect(dialog.getByTestId('print-page-picker').getByRole('button')).toHaveCount(letter);

  // Picking a tile shows its page.
  await dialog.getByTestId('print-page-picker').getByRole('button', { name: 'B2', exact: true }).click();
  await expect(dialog.getByTestId('print-page-info')).toContainText('Page B2:');

  mkdirSync(OUTPUT, { recursive: true });
  await dialog.screenshot({ path: path.join(OUTPUT, 'print-dialog.png') });

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('print-save-pdf').click()]);
  expect(download.suggestedFilename()).toBe('the-ros-salient-january-1944-print.pdf');
  const file = path.join(OUTPUT, 'print', 'e2e-letter-4in.pdf');
  await download.saveAs(file);
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getPageCount()).toBe(letter);
  // Tiles are Letter landscape: 11 × 8.5 in.
  const { width, height } = pdf.getPage(1).getSize();
  expect([Math.round(width), Math.round(height)]).toEqual([792, 612]);
  await expect(dialog.getByTestId('print-outcome')).toContainText(`Downloaded the-ros-salient-january-1944-print.pdf: ${letter} pages`);

  // The selected page as a PNG: tile B2 at 72 dpi is 11 × 8.5 in = 792 × 612 px.
  await dialog.getByLabel('PNG resolution').selectOption('72');
  await expect(dialog.getByLabel('PNG pages')).toHaveValue('selected');
  const [png] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('print-png').click()]);
  expect(png.suggestedFilename()).toBe('the-ros-salient-january-1944-print-B2-72dpi.png');
  const pngFile = path.join(OUTPUT, 'print', 'e2e-letter-4in-B2.png');
  await png.saveAs(pngFile);
  const image = readFileSync(pngFile);
  expect(image.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect([image.readUInt32BE(16), image.readUInt32BE(20)]).toEqual([792, 612]);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

/** Pixels of the page preview canvas within a few levels of `rgb` (0–255 channels). */
async function pixelsOf(page: Page, rgb: [number, number, number]): Promise<number> {
  return page.getByTestId('print-page').evaluate((el, [r, g, b]) => {
    const canvas = el as HTMLCanvasElement;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i]! - r) <= 6 && Math.abs(data[i + 1]! - g) <= 6 && Math.abs(data[i + 2]! - b) <= 6) n++;
    return n;
  }, rgb);
}

test('the page preview shows what the PDF page prints: markers, names, and the units when that layer is on', async ({ page }) => {
  // A tall window, so the page preview is large enough to count the pixels of a marker.
  await page.setViewportSize({ width: 1600, height: 1400 });
  await page.getByTestId('print-open').click();
  const dialog = page.getByTestId('print-dialog');
  const preview = dialog.getByTestId('print-preview');
  await expect(preview).toHaveAttribute('data-stale', 'false');
  // Tile B3 holds Korsun: a victory cell (gold star), a fortification, the rail junction.
  await dialog.getByTestId('print-page-picker').getByRole('button', { name: 'B3', exact: true }).click();
  await expect(dialog.getByTestId('print-page-info')).toContainText('Page B3:');
  const gold = GOLD.map((v) => Math.round(v * 255)) as [number, number, number]; // the painter's victory star
  const germanGrey: [number, number, number] = [111, 117, 101]; // the Germans' side colour, unlightened
  await expect.poll(() => pixelsOf(page, gold)).toBeGreaterThan(20);
  const greyBefore = await pixelsOf(page, germanGrey);
  mkdirSync(OUTPUT, { recursive: true });
  await preview.screenshot({ path: path.join(OUTPUT, 'print-preview-B3.png') });

  // Units are off by default, as on the PDF; switched on, counters in the side colours appear.
  await dialog.getByRole('checkbox', { name: 'Units' }).check();
  await expect(preview).toHaveAttribute('data-stale', 'false');
  await expect.poll(() => pixelsOf(page, germanGrey)).toBeGreaterThan(greyBefore + 100);
  await preview.screenshot({ path: path.join(OUTPUT, 'print-preview-B3-units.png') });

  // The assembly sheet: the reduced map with the PDF's magenta tile outlines and labels over it.
  await dialog.getByTestId('print-page-picker').getByRole('button', { name: 'Assembly sheet' }).click();
  await expect(dialog.getByTestId('print-page-info')).toContainText('Assembly sheet');
  await expect.poll(() => pixelsOf(page, [199, 15, 115])).toBeGreaterThan(30);
  await preview.screenshot({ path: path.join(OUTPUT, 'print-preview-assembly.png') });
});

test('a bad option is named at its field, and nothing can be saved until it is fixed', async ({ page }) => {
  await page.keyboard.press('Control+p');
  const dialog = page.getByTestId('print-dialog');
  await expect(dialog).toBeVisible();
  const overlap = dialog.getByLabel('Overlap');
  await overlap.fill('-3');
  await expect(overlap).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('alert').filter({ hasText: 'Overlap: Must be from 0 to 200 mm.' })).toBeVisible();
  await expect(dialog.getByTestId('print-save-pdf')).toBeDisabled();
  await dialog.getByLabel('Margins').fill('95');
  await overlap.fill('10');
  // Margins that leave no room on the paper are only found when laying out.
  await expect(dialog.getByRole('alert').filter({ hasText: 'Margins: Leaves less than 30 mm to print on' })).toBeVisible();
  await dialog.getByLabel('Margins').fill('10');
  await expect(dialog.getByTestId('print-save-pdf')).toBeEnabled();
  await dialog.getByRole('button', { name: 'Close print dialog' }).click();
  await expect(dialog).toBeHidden();
});
