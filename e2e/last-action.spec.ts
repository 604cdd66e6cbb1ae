// Issue 14, item 10: what the editor says was done last (the dock's last-action note, the
// Undo button and the Edit menu) belongs to the scenario it was done in: opening another
// scenario starts with nothing to undo and nothing said.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { clickCell, expect, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });

test('the last action of one scenario does not show on another', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await page.getByTestId('scenario-card').filter({ hasText: 'The Ros Salient, January 1944' }).dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');

  // Paint a lake on the Ros map: the dock and the Undo button say so.
  await page.keyboard.press('b');
  await page.locator('[data-terrain="lake"]').click();
  await clickCell(page, { col: 3, row: 3 });
  const dock = page.getByTestId('scenario-dock');
  await expect(dock.locator('.last')).toHaveText(/Paint Lake/);
  await expect(page.getByTestId('undo')).toHaveAttribute('title', /^Undo Paint Lake/);

  // To the library without saving, and into the Dnieper Bend.
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await page.getByTestId('question-dialog').getByRole('button', { name: 'Discard' }).click();
  await page.getByTestId('scenario-card').filter({ hasText: 'The Dnieper Bend, Autumn 1943' }).dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('scenario-title')).toHaveText('The Dnieper Bend, Autumn 1943');
  await expect(dock.locator('.last')).toHaveCount(0);
  await expect(page.getByTestId('undo')).toBeDisabled();
  await expect(page.getByTestId('undo')).toHaveAttribute('title', 'Nothing to undo');
  await page.getByTestId('edit-menu').click();
  await expect(page.getByTestId('menu-undo')).toHaveText(/^Undo/);
  await expect(page.getByTestId('menu-undo')).not.toContainText('Lake');
  await expect(page.getByTestId('menu-undo')).toBeDisabled();
  await page.screenshot({ path: path.join(OUTPUT, 'last-action-other-scenario.png') });
});
