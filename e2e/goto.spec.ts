// "Go to cell" as a designer uses it on a big map: Ctrl+G, type the label the map shows
// ("3525"), and the view centres on that cell, close enough to read it, with the cell selected;
// a label that is no cell of this map is said in the box, and the map stays where it was.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { cellOnPage, createBlankScenario, expect, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });

test('Ctrl+G goes to a cell by its label: centred, readable, selected; a bad label says so', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto('/');
  await createBlankScenario(page, 'Go to cell', { cols: 40, rows: 30 });
  const map = page.getByTestId('map');
  const box = (await map.boundingBox())!;
  const before = await cellOnPage(page, { col: 34, row: 24 });

  // A label that is not a cell of this map: said in the box; nothing moves.
  await page.keyboard.press('Control+g');
  const dialog = page.getByTestId('goto-dialog');
  await expect(dialog).toBeVisible();
  const field = dialog.getByRole('textbox', { name: 'Cell' });
  await field.fill('4131');
  await field.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('“4131” is not a cell of this map (labels here run from 0101 to 4030).');
  await field.fill('B7');
  await dialog.getByRole('button', { name: 'Go' }).click();
  await expect(dialog.getByRole('alert')).toContainText('“B7” is not a cell of this map');
  expect(await cellOnPage(page, { col: 34, row: 24 })).toEqual(before);

  // The label as the map shows it: the cell comes to the middle of the map, big enough to read, selected.
  await field.fill('3525');
  await field.press('Enter');
  await expect(dialog).toHaveCount(0);
  const at = await cellOnPage(page, { col: 34, row: 24 });
  expect(Math.abs(at.x - (box.x + box.width / 2))).toBeLessThan(2);
  expect(Math.abs(at.y - (box.y + box.height / 2))).toBeLessThan(2);
  const next = await cellOnPage(page, { col: 35, row: 24 });
  expect(Math.hypot(next.x - at.x, next.y - at.y)).toBeGreaterThan(30);
  await expect(page.getByTestId('cell-editor')).toContainText('3525');
  await page.waitForTimeout(600); // the map's tiles settle at the new zoom (labels appear)
  await page.screenshot({ path: path.join(OUTPUT, 'goto-centred.png') });

  // From the Edit menu too.
  await page.getByRole('button', { name: /^Edit/ }).click();
  await page.getByRole('menuitem', { name: /Go to cell/ }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Cell' }).fill('0101');
  await dialog.getByRole('textbox', { name: 'Cell' }).press('Enter');
  await expect(page.getByTestId('cell-editor')).toContainText('0101');
});
