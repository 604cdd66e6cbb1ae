// The app's UI kit (renderer/src/ui: modal frame, question dialog, toasts, buttons) as a person
// meets it: from the library open the example, print it (map and tabletop kit), export an
// image, rename it and leave with the change unsaved, answer the question, and see the
// library again. Each screen is photographed for a look, and the kit's shared button styles
// are checked where they show: every dialog's primary button in the accent colour, the
// library's toolbar buttons and the dialogs' buttons the same height everywhere.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { expect, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const shot = (name: string): string => path.join(OUTPUT, `ui-kit-${name}.png`);

const style = (l: Locator, property: string): Promise<string> =>
  l.evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);

test('library, print, kit, export image and the leave question share one look', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  const card = page.locator('[data-testid="scenario-card"][data-scenario-id="seed-000-example"]');
  await expect(card).toBeVisible();
  await card.click();
  await expect(page.getByTestId('details-title')).toBeVisible();
  await page.screenshot({ path: shot('library') });
  const accent = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim());
  const newButton = page.getByRole('button', { name: 'New', exact: true });
  await expect(newButton).toBeVisible();
  const toolbarHeight = await style(newButton, 'height');

  await card.dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');

  // Print: the map pages, then the tabletop kit.
  await page.keyboard.press('Control+p');
  const print = page.getByTestId('print-dialog');
  await expect(print).toBeVisible();
  await expect(print.getByTestId('print-preview')).toHaveAttribute('data-stale', 'false');
  await page.screenshot({ path: shot('print') });
  await print.getByText('Tabletop kit', { exact: true }).click();
  await expect(print.getByTestId('kit-options')).toBeVisible();
  await expect(print.getByTestId('kit-preview')).toBeVisible();
  await page.screenshot({ path: shot('print-kit') });
  await print.getByRole('button', { name: 'Close print dialog' }).click();
  await expect(print).toBeHidden();

  // Export image.
  await page.getByTestId('export-image').click();
  const exportDialog = page.getByTestId('export-image-dialog');
  await expect(exportDialog).toBeVisible();
  await page.screenshot({ path: shot('export-image') });
  await exportDialog.getByRole('button', { name: 'Close' }).click();
  await expect(exportDialog).toBeHidden();

  // A change, then back to the library: the question dialog asks.
  const field = page.getByTestId('title-field');
  await field.fill('Ros Salient (kit check)');
  await field.press('Enter');
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  const ask = page.getByTestId('question-dialog');
  await expect(ask).toContainText('“Ros Salient (kit check)” has changes that are not saved yet.');
  await page.screenshot({ path: shot('question') });
  const save = ask.getByRole('button', { name: 'Save' });
  expect(await style(save, 'background-color')).toBe(await page.evaluate((c) => {
    const probe = document.createElement('span');
    probe.style.color = c;
    document.body.append(probe);
    const rgb = getComputedStyle(probe).color;
    probe.remove();
    return rgb;
  }, accent));
  expect(await style(save, 'height')).toBe(await style(ask.getByRole('button', { name: 'Cancel' }), 'height'));
  // Escape answers Cancel: the scenario stays open with its change.
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(page.getByTestId('scenario-title')).toHaveText('Ros Salient (kit check)');
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByTestId('scenario-list')).toBeVisible();
  await expect(card).toContainText('The Ros Salient, January 1944');
  expect(await style(newButton, 'height')).toBe(toolbarHeight);
});
