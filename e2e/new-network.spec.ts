// A network map from the library's New dialog (issue #19): pick Barbarossa Fast, the
// point-to-point ruleset, and the dialog offers a network sized in millimetres (A3 landscape)
// with 2 cm positions; a wrong size is named; Create opens a blank network written for it,
// whose Calendar shows the ruleset's own turn record.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type {} from '../renderer/src/testHook.types.js';
import { expect, openDocument, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });

test('the New dialog makes a network map for Barbarossa Fast', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto('/');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByTestId('new-dialog');
  await expect(dialog).toBeVisible();

  // Operational plays on cell grids only: no network among its grids.
  await expect(dialog.getByRole('combobox', { name: 'Grid' }).locator('option')).not.toContainText(['Network (positions and links)']);
  await dialog.getByTestId('ruleset-bf').click();
  await expect(dialog.getByTestId('ruleset-bf').getByRole('radio')).toBeChecked();
  const grid = dialog.getByRole('combobox', { name: 'Grid' });
  await expect(grid).toHaveValue('network');
  await expect(grid.locator('option')).toHaveText(['Network (positions and links)']);
  await expect(dialog.getByRole('spinbutton', { name: 'Columns' })).toHaveCount(0);
  await expect(dialog.getByTestId('template-two-sides')).toHaveCount(0);
  const width = dialog.getByRole('spinbutton', { name: 'Width in mm' });
  const height = dialog.getByRole('spinbutton', { name: 'Height in mm' });
  await expect(width).toHaveValue('420');
  await expect(height).toHaveValue('297');
  await expect(dialog.getByTestId('network-paper')).toContainText('A3 landscape');
  await expect(dialog.getByRole('spinbutton', { name: 'Position size', exact: true })).toHaveValue('2');
  await expect(dialog.getByRole('combobox', { name: 'Unit' })).toHaveValue('cm');

  await dialog.getByRole('textbox', { name: 'Title' }).click();
  await page.keyboard.type('Army Group Centre sketch');
  // A size too small to draw on is named before anything is made.
  await width.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('5');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toContainText("The map's width and height are millimetres from 10 to 100,000.");
  await width.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('594');
  await height.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('420');
  await expect(dialog.getByTestId('network-paper')).toContainText('A2 landscape');
  await page.screenshot({ path: path.join(OUTPUT, 'new-network-dialog.png') });
  await dialog.getByRole('button', { name: 'Create' }).click();

  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('network-note')).toBeVisible();
  const doc = await openDocument(page);
  expect(doc.ruleset.id).toBe('bf');
  expect(doc.title).toBe('Army Group Centre sketch');
  expect(doc.map.grid).toEqual({ kind: 'network', width: 594, height: 420, positions: [], links: [] });
  expect(doc.map.cellSize).toEqual({ value: 2, unit: 'cm' });

  await page.getByTestId('tab-calendar').click();
  const cal = page.getByTestId('panel-calendar');
  await expect(cal.getByTestId('turn-record')).toContainText('Turn record and weather');
  await expect(cal.getByTestId('initiative-1')).toHaveCount(0);
  await page.screenshot({ path: path.join(OUTPUT, 'new-network-created.png') });
});
