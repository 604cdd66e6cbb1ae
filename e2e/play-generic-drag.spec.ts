// Test-play drag and drop on the generic board (any ruleset but the operational one, which has
// e2e/play-drag.spec.ts): Battle for Moscow from the library, two people at one screen. A German
// panzer corps dragged with the mouse to a hex the rules do not let it reach snaps back with the
// rules' reason; dragged to a hex they offer, it moves there and the log says so.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { cellOnPage, expect, projectRoot, startHotseatGame, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
const BFM = 'Battle for Moscow, October–December 1941';

async function drag(page: Page, from: { col: number; row: number }, to: { col: number; row: number }) {
  const a = await cellOnPage(page, from);
  const b = await cellOnPage(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x, b.y, { steps: 5 });
  return async () => {
    await page.mouse.up();
  };
}

/** The units the hover card names for a hex (the mouse rests on it). */
async function unitsIn(page: Page, cell: { col: number; row: number }): Promise<string> {
  const p = await cellOnPage(page, cell);
  await page.mouse.move(p.x, p.y, { steps: 2 });
  const card = page.getByTestId('hover-card');
  return (await card.count()) ? ((await card.textContent()) ?? '') : '';
}

/** The board's counters as their Konva nodes stand now (page px). */
const nodes = (page: Page) => page.evaluate(() => window.__gridfront!.play!.counters());
const near = (a: { x: number; y: number } | undefined, b: { x: number; y: number }, px = 1.5) => a !== undefined && Math.hypot(a.x - b.x, a.y - b.y) <= px;

test.beforeAll(() => mkdirSync(OUTPUT, { recursive: true }));

test('a Battle for Moscow counter dragged out of reach snaps back with the reason; dragged to a hex it may reach, it moves', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await startHotseatGame(page, BFM);
  await expect(page.getByTestId('play-screen')).toHaveAttribute('data-ruleset', 'bfm');
  await expect(page.getByTestId('decision')).toContainText('Move panzers');
  const board = page.getByTestId('play-board');
  const from = { col: 2, row: 4 }; // 0305, LVI Panzer Corps
  await expect.poll(() => unitsIn(page, from)).toContain('LVI Panzer Corps');
  const log = page.getByTestId('log-panel');
  const logBefore = await log.locator('li').count();
  // The counter is a Konva node in its hex that may be dragged now; the Soviet ones may not.
  const id = (await page.evaluate(() => window.__gridfront!.play!.observation()!.units.find((u) => u.name === 'LVI Panzer Corps')!.id));
  const home = (await nodes(page)).find((c) => c.unit === id)!;
  expect(home).toMatchObject({ cell: '2,4', draggable: true });
  const sovietIds = new Set((await page.evaluate(() => window.__gridfront!.play!.observation()!.units.filter((u) => u.side === 'soviets').map((u) => u.id))));
  expect((await nodes(page)).filter((c) => sovietIds.has(c.unit)).every((c) => !c.draggable)).toBe(true);

  // Out of reach, to 0705 behind the Soviet line: carried under the pointer, then refused.
  const far = { col: 6, row: 4 };
  let release = await drag(page, from, far);
  await expect(board).toHaveClass(/dragging/);
  await page.screenshot({ path: path.join(OUTPUT, 'play-generic-drag-carried.png') });
  await release();
  const alert = page.getByTestId('decision').getByRole('alert');
  await expect(alert).toContainText('LVI Panzer Corps cannot reach 0705 this phase');
  await expect(board).not.toHaveClass(/dragging/);
  expect(await unitsIn(page, far)).not.toContain('LVI Panzer Corps');
  expect(await unitsIn(page, from)).toContain('LVI Panzer Corps');
  await expect(log.locator('li')).toHaveCount(logBefore);
  // Its node glided back to where it stood.
  await expect.poll(async () => near((await nodes(page)).find((c) => c.unit === id), home)).toBe(true);
  await page.screenshot({ path: path.join(OUTPUT, 'play-generic-drag-refused.png') });

  // To 0404, a hex the rules offer: it moves, the log says so and the reason is gone.
  const to = { col: 3, row: 3 };
  release = await drag(page, from, to);
  await release();
  await expect(log).toContainText('LVI Panzer Corps moves from 0305 to 0404');
  await expect(alert).toHaveCount(0);
  await expect.poll(() => unitsIn(page, to)).toContain('LVI Panzer Corps');
  expect(await unitsIn(page, from)).not.toContain('LVI Panzer Corps');
  // Its node stands in 0404, alone there: at the hex's centre.
  const centre = await cellOnPage(page, to);
  await expect.poll(async () => near((await nodes(page)).find((c) => c.unit === id), centre)).toBe(true);
  expect((await nodes(page)).filter((c) => c.cell === '3,3').map((c) => c.unit)).toEqual([id]);
  await page.screenshot({ path: path.join(OUTPUT, 'play-generic-drag-moved.png') });

  // A drag that starts anywhere but on a counter that may move (here the Soviet side's corner)
  // still pans the board.
  const before = await cellOnPage(page, to);
  const box = (await board.boundingBox())!;
  await page.mouse.move(box.x + box.width - 40, box.y + 40);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 140, box.y + 90, { steps: 6 });
  await page.mouse.up();
  const after = await cellOnPage(page, to);
  expect(after.x - before.x).toBeCloseTo(-100, 0);
  expect(after.y - before.y).toBeCloseTo(50, 0);
});
