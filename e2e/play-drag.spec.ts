// Test-play drag and drop (operational ruleset, the seed-000 example from the library): a
// counter dragged to a cell the engine does not allow snaps back and the engine's reason shows;
// dragged to a legal cell it moves there.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { cellOnPage, expect, projectRoot, restoreSeededLibrary, startHotseatGame, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
const ROS = 'The Ros Salient, January 1944';

async function drag(page: Page, from: { col: number; row: number }, to: { col: number; row: number }) {
  const a = await cellOnPage(page, from);
  const b = await cellOnPage(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

const unitCell = (page: Page, id: string) => page.evaluate((u) => window.__gridfront!.play!.view()!.units.find((x) => x.id === u)?.cell, id);

test.beforeAll(() => mkdirSync(OUTPUT, { recursive: true }));
test.afterEach(({ request, baseURL, page }) => restoreSeededLibrary(request, baseURL, page));

test('a counter dropped on a cell it may not enter snaps back with the reason; on a legal one it moves', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await startHotseatGame(page, ROS);
  await expect(page.getByTestId('prompt-text')).toContainText('activate a cell');

  // Activate 0304 (XLVI Panzer Corps): it may move now.
  const from = { col: 2, row: 3 };
  const fromPoint = await cellOnPage(page, from);
  await page.mouse.click(fromPoint.x, fromPoint.y);
  await expect(page.getByTestId('prompt-text')).toContainText('Move the activated units');

  // Far across the river and the enemy line, to 0701: the engine refuses, the counter stays.
  await drag(page, from, { col: 6, row: 0 });
  const alert = page.getByTestId('prompt-panel').getByRole('alert');
  await expect(alert).toBeVisible();
  const reason = (await alert.textContent())!.trim();
  expect(reason.length).toBeGreaterThan(10);
  expect(reason).not.toContain('not next to');
  expect(await unitCell(page, 'g-46pz')).toBe('2,3');
  await page.screenshot({ path: path.join(OUTPUT, 'play-drag-refused.png') });

  // To Steblev (0404), a legal move: the counter goes, and the reason is gone.
  await drag(page, from, { col: 3, row: 3 });
  await expect.poll(() => unitCell(page, 'g-46pz')).toBe('3,3');
  await expect(alert).toHaveCount(0);
});
