// Issue 14, item 7: the brush size control says what a dab paints, true for each kind of
// grid: the count it shows is the count of cells one click paints in the middle of the map.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { clickCell, expect, openDocument, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });

async function newMap(page: Page, title: string, grid: string): Promise<void> {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByTestId('new-dialog');
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('combobox', { name: 'Grid' }).selectOption(grid);
  await dialog.getByRole('spinbutton', { name: 'Columns' }).fill('13');
  await dialog.getByRole('spinbutton', { name: 'Rows' }).fill('11');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
}

const KINDS = [
  { grid: 'hex-flat', sizes: ['1 cell', '7 cells', '19 cells'], says: 'Each dab paints 19 cells: a hex 5 cells across.' },
  { grid: 'square-4', sizes: ['1 cell', '5 cells', '13 cells'], says: 'Each dab paints 13 cells: a diamond 5 cells across.' },
  { grid: 'square-8', sizes: ['1 cell', '9 cells', '25 cells'], says: 'Each dab paints 25 cells: a 5 × 5 square.' },
  { grid: 'offsetSquare', sizes: ['1 cell', '7 cells', '19 cells'], says: 'Each dab paints 19 cells: a patch 5 cells across.' },
];

test('each brush size says how many cells a dab paints, and a dab paints that many, on every kind of grid', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  for (const kind of KINDS) {
    await newMap(page, `Brush on ${kind.grid}`, kind.grid);
    await page.keyboard.press('b');
    const sizes = page.getByRole('radiogroup', { name: 'Brush size, in cells painted' }).getByRole('radio');
    await expect(sizes).toHaveCount(3);
    for (let i = 0; i < 3; i++) await expect(sizes.nth(i)).toHaveAccessibleName(kind.sizes[i]!);
    await sizes.nth(2).click();
    await expect(page.getByTestId('brush-says')).toHaveText(kind.says);
    if (kind.grid === 'hex-flat') await page.getByTestId('brush-says').screenshot({ path: path.join(OUTPUT, 'brush-label-hex.png') });
    await page.locator('[data-terrain="woods"]').click();
    const before = await openDocument(page);
    await clickCell(page, { col: 6, row: 5 });
    const after = await openDocument(page);
    const painted = after.map.terrain!.join('').split('').filter((c, i) => c !== before.map.terrain!.join('')[i]).length;
    const shown = Number(/paints (\d+) cells/.exec(kind.says)![1]);
    expect(painted, `${kind.grid}: the label says ${shown}`).toBe(shown);
    await page.getByRole('button', { name: 'Library', exact: true }).click();
    const ask = page.getByTestId('question-dialog');
    await ask.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByTestId('scenario-list')).toBeVisible();
  }
});
