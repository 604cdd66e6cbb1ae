// Issue 14, item 4: one coordinate language for people. Wherever a person reads about a
// problem (the Checks panel, the list a refused hand-off shows, toasts), a cell is its map
// label with its place name and a field is its panel and row; the JSON pointer shows only
// behind a Details disclosure.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });

/** "14,5" or a JSON pointer: what a person must never have to read. */
const MACHINE_TERMS = /\/orderOfBattle|\/map\/|\b\d+,\d+\b/;

async function moveUnit(page: Page, name: string, label: string): Promise<void> {
  const rows = page.getByTestId('oob-germans').getByTestId('unit-row');
  const names = await rows.getByLabel('Name').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  expect(names).toContain(name);
  const row = rows.nth(names.indexOf(name));
  await row.getByLabel('Cell').fill(label);
  await row.getByLabel('Cell').press('Tab');
  await expect(row.getByLabel('Cell')).toHaveValue(label);
}

test('checks, a refused hand-off and toasts name cells by label and place, fields by panel and row', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await page.getByTestId('scenario-card').filter({ hasText: 'The Ros Salient, January 1944' }).dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');

  // Three more German corps into Korsun (0504), one over the stacking limit; one into a Soviet cell.
  await page.getByTestId('tab-oob').click();
  for (const name of ['III Panzer Corps', 'XXXXVII Panzer Corps', 'XXXXVI Panzer Corps']) await moveUnit(page, name, '0504');
  await moveUnit(page, 'Corps Detachment C', '0701');

  await page.getByTestId('tab-checks').click();
  const list = page.getByTestId('checks-list');
  const stacking = page.getByTestId('check-item').filter({ hasText: 'stacking limit' });
  await expect(stacking).toContainText('Cell 0504 (Korsun) starts with 4 units of Germans, more than the stacking limit of 3');
  await expect(stacking.getByTestId('check-where')).toHaveText(/^cell 0504 \(Korsun\) · Order of battle › [\w ]+ › start cell$/);
  const enemy = page.getByTestId('check-item').filter({ hasText: 'Corps Detachment C' });
  await expect(enemy).toContainText('Corps Detachment C starts at 0701, which Soviets control');
  await expect(enemy.getByTestId('check-where')).toHaveText('cell 0701 · Order of battle › Corps Detachment C › start cell');
  await expect(list).not.toContainText(MACHINE_TERMS, { useInnerText: true });
  // The technical place is one click away, for whoever edits the file by hand.
  const li = list.locator('li').filter({ has: stacking });
  await li.getByText('Details').click();
  await expect(li.locator('code')).toHaveText(/^\/orderOfBattle\/\d+\/cell = "4,3"$/);
  await page.screenshot({ path: path.join(OUTPUT, 'user-terms-1-checks.png') });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.screenshot({ path: path.join(OUTPUT, 'user-terms-1b-checks-large.png') });
  await page.setViewportSize({ width: 1280, height: 720 });

  // A refused test-play lists the same problem in the same words.
  await page.getByTestId('play-open').click();
  const refusal = page.getByRole('dialog', { name: 'Test-play needs the problems fixed' });
  await expect(refusal.getByTestId('question-details')).toContainText(/Order of battle › [\w ]+ › start cell: Cell 0504 \(Korsun\) starts with 4 units/);
  await expect(refusal).not.toContainText(MACHINE_TERMS, { useInnerText: true });
  await refusal.getByRole('button', { name: 'Close' }).click();

  // Saving keeps it as a draft; the toast speaks the same language.
  await page.keyboard.press('Control+s');
  const toast = page.getByTestId('toast').filter({ hasText: 'as a draft' });
  await expect(toast).toBeVisible();
  await expect(toast).not.toContainText(MACHINE_TERMS, { useInnerText: true });
});
