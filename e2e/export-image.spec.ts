// Export image: from the library, open the bundled seed-000 scenario, open the Export image
// dialog from the View panel, and export the whole map at 1280 px wide with the frame, then
// the current view with units at 48 px per cell; the web host draws the PNG in process and
// the page downloads it. The files are decoded and checked against what the dialog said.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { expect, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });

/** Share of pixels that are not white paper. */
function inked(png: PNG): number {
  let n = 0;
  for (let i = 0; i < png.data.length; i += 4) if (png.data[i]! < 240 || png.data[i + 1]! < 240 || png.data[i + 2]! < 240) n++;
  return n / (png.width * png.height);
}

test('export the whole map framed at 1280 px, then the current view with units', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto('/');
  const card = page.locator('[data-testid="scenario-card"][data-scenario-id="seed-000-example"]');
  await card.dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');

  await page.getByTestId('export-image').click();
  const dialog = page.getByTestId('export-image-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Whole map')).toBeChecked();
  await dialog.getByRole('spinbutton', { name: 'Size' }).fill('1280');
  // The frame's parts, all on by default: title, legend, scale bar, north arrow, border coordinates.
  for (const part of ['Title', 'Legend', 'Scale bar', 'North arrow', 'Border coordinates']) await expect(dialog.getByLabel(part, { exact: true })).toBeChecked();
  await expect(dialog.getByLabel('No frame')).not.toBeChecked();
  const stated = await dialog.getByTestId('export-image-pixels').textContent();
  expect(stated).toMatch(/^1,280 × [\d,]+ px$/);
  await dialog.screenshot({ path: path.join(OUTPUT, 'export-image-dialog.png') });

  const [whole] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('export-image-save').click()]);
  expect(whole.suggestedFilename()).toMatch(/^The Ros Salient January 1944 1280x\d+ px\.png$/);
  const wholeFile = path.join(OUTPUT, 'export-image-seed-000.png');
  await whole.saveAs(wholeFile);
  const png = PNG.sync.read(readFileSync(wholeFile));
  expect(`${png.width.toLocaleString('en')} × ${png.height.toLocaleString('en')} px`).toBe(stated);
  expect(inked(png)).toBeGreaterThan(0.5);
  await expect(dialog.getByTestId('export-image-outcome')).toContainText('Downloaded The Ros Salient January 1944 1280x');

  // A bad size is named before anything is drawn.
  await dialog.getByRole('spinbutton', { name: 'Size' }).fill('3');
  await expect(dialog.getByRole('alert')).toContainText('pixels from 16');
  await expect(dialog.getByTestId('export-image-save')).toBeDisabled();

  // The current view, zoomed in, with units, at 48 px per cell: smaller than the whole map.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('map').click({ position: { x: 400, y: 300 } });
  for (let i = 0; i < 3; i++) await page.keyboard.press('+');
  await page.getByTestId('export-image').click();
  await dialog.getByLabel('Current view').check();
  await dialog.getByLabel('Size by').selectOption('cellPx');
  await dialog.getByRole('spinbutton', { name: 'Size' }).fill('48');
  await dialog.getByLabel('Units').check();
  await dialog.getByLabel('No frame').check();
  await expect(dialog.getByLabel('Title', { exact: true })).not.toBeChecked();
  const viewStated = (await dialog.getByTestId('export-image-pixels').textContent())!;
  const [part] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('export-image-save').click()]);
  const partFile = path.join(OUTPUT, 'export-image-seed-000-view.png');
  await part.saveAs(partFile);
  const view = PNG.sync.read(readFileSync(partFile));
  expect(`${view.width.toLocaleString('en')} × ${view.height.toLocaleString('en')} px`).toBe(viewStated);
  // 7 columns at 48 px per cell would be about 300 px: the view holds only part of them.
  expect(view.width).toBeLessThan(300);
  expect(inked(view)).toBeGreaterThan(0.8);
});
