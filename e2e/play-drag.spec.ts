// Test-play drag and drop (operational ruleset, the seed-000 example from the library): a
// counter dragged to a cell the engine does not allow snaps back and the engine's reason shows;
// dragged to a legal cell it moves there.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { cellOnPage, expect, projectRoot, startHotseatGame, test } from './fixtures.js';

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

/** The board's counter of `unit` as its Konva node stands now (page px). */
const node = (page: Page, unit: string) => page.evaluate((u) => window.__gridfront!.play!.counters().find((c) => c.unit === u) ?? null, unit);
const near = (a: { x: number; y: number } | null, b: { x: number; y: number }, px = 1.5) => a !== null && Math.hypot(a.x - b.x, a.y - b.y) <= px;

const unitCell = (page: Page, id: string) => page.evaluate((u) => window.__gridfront!.play!.view()!.units.find((x) => x.id === u)?.cell, id);

test.beforeAll(() => mkdirSync(OUTPUT, { recursive: true }));

test('a counter dropped on a cell it may not enter snaps back with the reason; on a legal one it moves', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await startHotseatGame(page, ROS);
  await expect(page.getByTestId('prompt-text')).toContainText('activate a cell');

  // The counters are Konva nodes on the board, one per unit on the map; none may be dragged
  // before a cell is activated.
  const board = page.getByTestId('play-board');
  const onMap = (await page.evaluate(() => window.__gridfront!.play!.view()!.units.filter((u) => u.where === 'onMap').length));
  await expect.poll(async () => (await page.evaluate(() => window.__gridfront!.play!.counters())).length).toBe(onMap);
  expect((await node(page, 'g-46pz'))!.draggable).toBe(false);

  // Activate 0304 (XLVI Panzer Corps): it may move now, and the cursor over it says so.
  const from = { col: 2, row: 3 };
  const fromPoint = await cellOnPage(page, from);
  await page.mouse.click(fromPoint.x, fromPoint.y);
  await expect(page.getByTestId('prompt-text')).toContainText('Move the activated units');
  await expect.poll(async () => (await node(page, 'g-46pz'))?.draggable).toBe(true);
  const home = (await node(page, 'g-46pz'))!;
  expect(home.cell).toBe('2,3');
  await page.mouse.move(home.x + 2, home.y + 2);
  await expect(board).toHaveCSS('cursor', 'grab');
  // A Soviet counter (not the mover's) cannot be dragged: the plain cursor.
  const soviet = (await page.evaluate(() => window.__gridfront!.play!.counters())).find((c) => c.unit.startsWith('s-') && !c.draggable)!;
  await page.mouse.move(soviet.x, soviet.y);
  await expect(board).toHaveCSS('cursor', 'default');

  // Carried, the node follows the pointer.
  const far = await cellOnPage(page, { col: 6, row: 0 });
  await page.mouse.move(home.x, home.y);
  await page.mouse.down();
  await page.mouse.move((home.x + far.x) / 2, (home.y + far.y) / 2, { steps: 5 });
  await expect(board).toHaveClass(/dragging/);
  expect(near(await node(page, 'g-46pz'), { x: (home.x + far.x) / 2, y: (home.y + far.y) / 2 }, 2)).toBe(true);
  await page.mouse.move(far.x, far.y, { steps: 4 });
  await page.screenshot({ path: path.join(OUTPUT, 'play-drag-carried.png') });

  // Let go far across the river and the enemy line, on 0701: the engine refuses, the counter
  // glides back to where it stood.
  await page.mouse.up();
  const alert = page.getByTestId('prompt-panel').getByRole('alert');
  await expect(alert).toBeVisible();
  const reason = (await alert.textContent())!.trim();
  expect(reason.length).toBeGreaterThan(10);
  expect(reason).not.toContain('not next to');
  expect(await unitCell(page, 'g-46pz')).toBe('2,3');
  await expect.poll(async () => near(await node(page, 'g-46pz'), home)).toBe(true);
  await expect(board).not.toHaveClass(/dragging/);
  await page.screenshot({ path: path.join(OUTPUT, 'play-drag-refused.png') });

  // To Steblev (0404), a legal move: the counter goes, and the reason is gone.
  await drag(page, from, { col: 3, row: 3 });
  await expect.poll(() => unitCell(page, 'g-46pz')).toBe('3,3');
  await expect(alert).toHaveCount(0);
  // Its node stands in Steblev, alone there: at the cell's centre.
  const steblev = await cellOnPage(page, { col: 3, row: 3 });
  await expect.poll(async () => near(await node(page, 'g-46pz'), steblev)).toBe(true);
  expect((await node(page, 'g-46pz'))!.cell).toBe('3,3');
  await page.screenshot({ path: path.join(OUTPUT, 'play-drag-moved.png') });
});
