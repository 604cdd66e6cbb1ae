// The print preview's page is looked at through the one viewport controller: from the library,
// seed 000 opened and Print chosen, the wheel zooms the page about the cursor (the cell under it
// stays there), a drag pans it, 100 % shows it at true size (a millimetre of paper a millimetre
// on screen at 96 px to the inch), and Fit (button, 0, Ctrl+0) brings the whole page back; the
// page count and the page shown stay right throughout.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { Scenario } from '../shared/format/scenario.types.js';
import type {} from '../renderer/src/testHook.types.js';
import { gridFor } from '../shared/print/layout.js';
import { expect, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
const ROS = 'The Ros Salient, January 1944';
const EXAMPLE = JSON.parse(readFileSync(path.join(projectRoot, 'scenarios', 'seed-000-example.json'), 'utf8')) as Scenario;

const view = (page: Page) => page.evaluate(() => window.__gridfront!.print!.view()!);
const cellAt = (page: Page, cell: { col: number; row: number }) => page.evaluate(([c, r]) => window.__gridfront!.print!.cellToClient(c!, r!), [cell.col, cell.row]);
const near = (a: { x: number; y: number } | null, b: { x: number; y: number }, px = 1) => a !== null && Math.abs(a.x - b.x) <= px && Math.abs(a.y - b.y) <= px;

/** The page's pixels as the screen shows them (a PNG of the preview box). */
const pixels = (box: Locator) => box.screenshot();

test.beforeAll(() => mkdirSync(OUTPUT, { recursive: true }));

test('the print preview zooms about the cursor, pans by dragging, shows true size and fits the page again', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await page.getByTestId('scenario-card').filter({ has: page.getByRole('heading', { name: ROS, exact: true }) }).dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('print-open').click();
  const dialog = page.getByTestId('print-dialog');
  await expect(dialog).toBeVisible();
  const preview = dialog.getByTestId('print-preview');
  await expect(preview).toHaveAttribute('data-stale', 'false');
  const pages = await preview.getAttribute('data-pages');
  const pageCount = await dialog.getByTestId('print-page-count').textContent();

  // Tile A1 of the default layout (10 cm hexes on A4).
  await dialog.getByTestId('print-page-picker').getByRole('button', { name: 'A1', exact: true }).click();
  await expect(dialog.getByTestId('print-page-info')).toContainText('Page A1');
  const box = dialog.getByTestId('print-page-view');
  const area = (await box.boundingBox())!;

  // Fitted: the whole sheet (A4, 595 × 842 pt either way round) inside the box.
  const fitted = await view(page);
  const sheet = { width: 841.89, height: 595.28 };
  const long = Math.max(sheet.width, sheet.height) * fitted.scale;
  expect(fitted.x).toBeGreaterThanOrEqual(0);
  expect(fitted.y).toBeGreaterThanOrEqual(0);
  expect(Math.min(area.width - 2 * fitted.x, area.height - 2 * fitted.y)).toBeGreaterThan(0);
  expect(long).toBeLessThanOrEqual(Math.max(area.width, area.height) + 1);
  await page.screenshot({ path: path.join(OUTPUT, 'print-preview-fit.png') });
  const before = await pixels(box);

  // A cell of this page well inside the box: the wheel zooms in about it, and it stays under the cursor.
  const inside = (p: { x: number; y: number } | null) => p !== null && p.x > area.x + area.width * 0.25 && p.x < area.x + area.width * 0.75 && p.y > area.y + area.height * 0.2 && p.y < area.y + area.height * 0.8;
  const grid = gridFor(EXAMPLE);
  let cell: { col: number; row: number } | null = null;
  for (let i = 0; i < grid.cellCount && !cell; i++) if (inside(await cellAt(page, grid.cellAt(i)))) cell = grid.cellAt(i);
  expect(cell).not.toBeNull();
  // Whole pixels: the browser reports the wheel's position in whole CSS px.
  const centre = (await cellAt(page, cell!))!;
  const at = { x: Math.round(centre.x), y: Math.round(centre.y) };
  await page.mouse.move(at.x, at.y);
  for (let k = 0; k < 4; k++) await page.mouse.wheel(0, -200);
  await expect.poll(async () => (await view(page)).scale).toBeGreaterThan(fitted.scale * 3);
  // The cell's centre is where it was, give or take the part of a pixel it was off the cursor, magnified.
  const k = (await view(page)).scale / fitted.scale;
  const off = Math.max(Math.abs(centre.x - at.x), Math.abs(centre.y - at.y));
  expect(near(await cellAt(page, cell!), centre, off * k + 0.5)).toBe(true);
  expect(near(await cellAt(page, cell!), at, 0.5 * k + 0.5)).toBe(true);
  await expect(dialog.getByTestId('print-zoom')).not.toHaveText(`${Math.round((fitted.scale / fitted.trueSize) * 100)} %`);
  // The screen shows something else than the fitted page.
  expect((await pixels(box)).equals(before)).toBe(false);
  await page.screenshot({ path: path.join(OUTPUT, 'print-preview-zoomed.png') });

  // A drag pans: the cell follows the pointer.
  const zoomed = await view(page);
  const held = (await cellAt(page, cell!))!;
  await page.mouse.down();
  await page.mouse.move(at.x - 60, at.y - 40, { steps: 4 });
  await page.mouse.move(at.x - 120, at.y - 80, { steps: 4 });
  await page.mouse.up();
  const panned = await view(page);
  expect(panned.scale).toBe(zoomed.scale);
  expect(panned.x - zoomed.x).toBeCloseTo(-120, 0);
  expect(panned.y - zoomed.y).toBeCloseTo(-80, 0);
  expect(near(await cellAt(page, cell!), { x: held.x - 120, y: held.y - 80 })).toBe(true);
  // The page shown and the page count did not change.
  await expect(dialog.getByTestId('print-page-info')).toContainText('Page A1');
  await expect(preview).toHaveAttribute('data-pages', pages!);
  await expect(dialog.getByTestId('print-page-count')).toHaveText(pageCount!);

  // 100 %: two neighbouring cell centres lie as far apart on screen as on paper, at 96 px to the inch.
  await dialog.getByRole('button', { name: '100 %' }).click();
  await expect(dialog.getByTestId('print-zoom')).toHaveText('100 %');
  const neighbour = grid.neighbours(cell!).find((n) => grid.inMap(n))!;
  const mmApart = Math.hypot(grid.center(cell!, 100).x - grid.center(neighbour, 100).x, grid.center(cell!, 100).y - grid.center(neighbour, 100).y);
  const a = (await cellAt(page, cell!))!;
  const b = await cellAt(page, neighbour);
  if (b) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeCloseTo((mmApart * 96) / 25.4, 0);
  else expect((await view(page)).scale).toBeCloseTo(96 / 72, 5);
  await page.screenshot({ path: path.join(OUTPUT, 'print-preview-true-size.png') });

  // Fit (the button) brings the whole page back, where it was.
  await dialog.getByRole('button', { name: 'Fit', exact: true }).click();
  expect(await view(page)).toEqual(fitted);
  // Zoom in by the button, then 0 on the focused preview fits again; and Ctrl+0.
  await dialog.getByRole('button', { name: 'Zoom in' }).click();
  expect((await view(page)).scale).toBeGreaterThan(fitted.scale);
  await box.click();
  await page.keyboard.press('0');
  expect(await view(page)).toEqual(fitted);
  await dialog.getByRole('button', { name: 'Zoom in' }).click();
  await box.focus();
  await page.keyboard.press('Control+0');
  expect(await view(page)).toEqual(fitted);

  // The next page: its label and the count are right, and it too can be looked at closely.
  await dialog.getByRole('button', { name: 'Next page' }).click();
  await expect(dialog.getByTestId('print-page-info')).toContainText('Page A2');
  await expect(dialog.getByTestId('print-page-count')).toHaveText(pageCount!);
  await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
  await page.mouse.wheel(0, -300);
  await expect.poll(async () => (await view(page)).scale).toBeGreaterThan(fitted.scale);
});
