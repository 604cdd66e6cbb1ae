// Place names stay readable under the counters on screen (issue #14 item 13): the map's name
// placement knows where the counters are, in the designer (start positions) and in test-play
// (units as they move), and repaints the names a counter pushes aside.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Box } from '../renderer/src/testHook.types.js';
import { cellOnPage, expect, projectRoot, startHotseatGame, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
const ROS = 'The Ros Salient, January 1944';
const card = (page: Page, title: string) => page.getByTestId('scenario-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

const meets = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The named cell's name box and every counter box on screen; fails when the name meets a counter. */
async function expectNameClear(page: Page, cell: string, text: string, counters: number): Promise<Box> {
  // The placement follows the counters a frame later: poll until both are there.
  await expect.poll(async () => (await page.evaluate(() => window.__gridfront!.map.labelBoxes()))?.counters.filter((c) => c.cell === cell).length).toBe(counters);
  const boxes = (await page.evaluate(() => window.__gridfront!.map.labelBoxes()))!;
  const name = boxes.names.find((n) => n.cell === cell);
  expect(name?.text).toBe(text);
  for (const c of boxes.counters) expect(meets(name!.box, c.box), `${text} meets a counter in ${c.cell}`).toBe(false);
  return name!.box;
}

async function settle(page: Page) {
  await expect.poll(() => page.evaluate(() => window.__gridfront!.map.pendingTiles)).toBe(0);
  await page.waitForTimeout(250);
}

test.beforeAll(() => mkdirSync(OUTPUT, { recursive: true }));

test('designer: units dropped on a named cell push the name clear of the counters', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 1100 });
  await page.goto('/');
  await card(page, ROS).dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('tab-oob').click();
  // The dock took room from the map: fit the whole map into what is left.
  await page.getByRole('button', { name: 'Fit to window' }).click();
  // Steblev (0404) is empty: its name sits just below the middle of the cell.
  const before = await expectNameClear(page, '3,3', 'Steblev', 0);
  // A German corps and a Soviet army dragged onto Steblev: a row of counters per side fills the cell's middle.
  const zone = page.getByTestId('map-dropzone');
  for (const side of ['germans', 'soviets']) {
    const steblev = await cellOnPage(page, { col: 3, row: 3 });
    const box = (await zone.boundingBox())!;
    const row = page.getByTestId(`oob-${side}`).getByTestId('unit-row').first();
    await row.locator('td.drag').dragTo(zone, { targetPosition: { x: steblev.x - box.x, y: steblev.y - box.y } });
    await expect(row.getByLabel('Cell')).toHaveValue('0404');
  }
  const after = await expectNameClear(page, '3,3', 'Steblev', 2);
  // The name moved down, out from under the second row, and the tiles show it there.
  expect(after.y).toBeGreaterThan(before.y);
  await settle(page);
  const check = await page.evaluate(() => window.__gridfront!.map.checkTiles());
  expect(check!.large).toBe(0);
  // A closer look, zoomed in at Steblev with the wheel, the cell no longer selected.
  await page.keyboard.press('Escape');
  const at = await cellOnPage(page, { col: 3, row: 3 });
  await page.mouse.move(at.x, at.y);
  await page.mouse.wheel(0, -400);
  await expectNameClear(page, '3,3', 'Steblev', 2);
  await settle(page);
  await page.screenshot({ path: path.join(OUTPUT, 'names-clear-designer.png'), clip: { x: at.x - 200, y: at.y - 160, width: 400, height: 320 } });
});

test('test-play: a counter moved onto a named cell keeps its name readable', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await startHotseatGame(page, ROS);
  await expect(page.getByTestId('prompt-text')).toContainText('activate a cell');
  await expectNameClear(page, '4,3', 'Korsun', 1);
  expect((await page.evaluate(() => window.__gridfront!.map.labelBoxes()))!.counters.filter((c) => c.cell === '3,3')).toHaveLength(0);

  // Activate 0304 (XLVI Panzer Corps) and drag it into Steblev (0404).
  const from = await cellOnPage(page, { col: 2, row: 3 });
  await page.mouse.click(from.x, from.y);
  await expect(page.getByTestId('prompt-text')).toContainText('Move the activated units');
  const to = await cellOnPage(page, { col: 3, row: 3 });
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => (await page.evaluate(() => window.__gridfront!.play!.view()!)).units.find((u) => u.id === 'g-46pz')?.cell).toBe('3,3');
  // The map knows the counter left 0304 and stands in Steblev; the name clears it.
  await expectNameClear(page, '3,3', 'Steblev', 1);
  expect((await page.evaluate(() => window.__gridfront!.map.labelBoxes()))!.counters.filter((c) => c.cell === '2,3')).toHaveLength(0);
  await settle(page);
  await page.screenshot({ path: path.join(OUTPUT, 'names-clear-play.png'), clip: { x: to.x - 200, y: to.y - 160, width: 400, height: 320 } });
});
