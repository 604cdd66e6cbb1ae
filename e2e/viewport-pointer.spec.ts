// Pan and zoom the designer's map as a person does (middle-button drag, mouse wheel), then point
// at cells and paint: the status line names the cell under the pointer and the brush paints it,
// also after the panels below the map are folded away and the window is made smaller (the map
// keeps its box on the page between pointer events, so every change of layout must renew it).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type {} from '../renderer/src/testHook.types.js';
import { gridSpecOf } from '../shared/format/defaults.js';
import { createGrid } from '../shared/grid/index.js';
import type { Cell } from '../shared/grid/types.js';
import { cellOnPage, createBlankScenario, expect, openDocument, projectRoot, restoreSeededLibrary, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(OUTPUT, `viewport-pointer-${name}.png`) });

test.afterEach(({ request, baseURL }) => restoreSeededLibrary(request, baseURL));

test('pan with the middle button, zoom with the wheel, then hover and paint the cell under the pointer, also after the layout changes', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto('/');
  await createBlankScenario(page, 'Pointer Walk', { cols: 30, rows: 20 });
  const grid = createGrid(gridSpecOf(await openDocument(page)));
  const map = page.getByTestId('map');
  const status = page.getByTestId('status-cell');

  /** A cell whose centre is well inside the map's box on the page now (away from its edges and the minimap corner). */
  const inView = async (prefer: Cell): Promise<Cell> => {
    const b = (await map.boundingBox())!;
    for (let d = 0; d < 12; d++)
      for (const cell of [{ col: prefer.col - d, row: prefer.row - d }, { col: prefer.col, row: prefer.row - d }, { col: prefer.col - d, row: prefer.row }]) {
        if (!grid.inMap(cell)) continue;
        const p = await cellOnPage(page, cell);
        if (p.x > b.x + 40 && p.y > b.y + 40 && p.x < b.x + b.width - 200 && p.y < b.y + b.height - 60) return cell;
      }
    throw new Error('no cell near the one wanted is in view');
  };

  /** Moves the pointer onto `cell` (in small steps, as a hand does) and checks the status line names it. */
  const hover = async (cell: Cell) => {
    const p = await cellOnPage(page, cell);
    await page.mouse.move(p.x, p.y, { steps: 3 });
    await expect(status).toHaveText(grid.label(cell));
  };

  // Zoom in with the wheel over a cell: that cell stays under the pointer.
  const anchor = { col: 12, row: 9 };
  const a0 = await cellOnPage(page, anchor);
  const zoom = () => page.evaluate(() => window.__gridfront!.map.zoom);
  const z0 = await zoom();
  await page.mouse.move(a0.x, a0.y);
  for (let k = 0; k < 4; k++) await page.mouse.wheel(0, -120);
  // Four notches in: about twice as close.
  await expect.poll(async () => (await zoom()) / z0).toBeGreaterThan(1.8);
  const a1 = await cellOnPage(page, anchor);
  expect(Math.abs(a1.x - a0.x)).toBeLessThan(1.5);
  expect(Math.abs(a1.y - a0.y)).toBeLessThan(1.5);
  await expect(status).toHaveText(grid.label(anchor));

  // A middle-button drag moves the map with the pointer.
  const box = (await map.boundingBox())!;
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down({ button: 'middle' });
  await page.mouse.move(from.x - 180, from.y - 90, { steps: 12 });
  await page.mouse.up({ button: 'middle' });
  const a2 = await cellOnPage(page, anchor);
  expect(a2.x - a1.x).toBeCloseTo(-180, 0);
  expect(a2.y - a1.y).toBeCloseTo(-90, 0);
  await hover({ col: 14, row: 10 });
  await hover({ col: 16, row: 8 });
  await shot(page, '1-panned');

  // Fold the scenario panels below the map (or unfold them): the map changes height; the pointer still finds its cells.
  const before = (await map.boundingBox())!.height;
  await page.getByRole('button', { name: /^(Hide|Show) the panels$/ }).click();
  await expect.poll(async () => (await map.boundingBox())!.height).not.toBe(before);
  await hover(await inView({ col: 15, row: 12 }));
  // A smaller window: the map moves and shrinks on the page.
  await page.setViewportSize({ width: 1000, height: 700 });
  await expect(map).toHaveAttribute('data-ready', 'true');
  const target = await inView({ col: 13, row: 9 });
  await hover(target);
  await shot(page, '2-smaller');

  // Paint the cell under the pointer with the brush: that cell, and only it, becomes woods.
  await page.getByRole('radio', { name: 'Terrain brush', exact: true }).click();
  await page.locator('[data-terrain="woods"]').click();
  const p = await cellOnPage(page, target);
  await page.mouse.click(p.x, p.y);
  const doc = await openDocument(page);
  const woods = doc.map.terrain!.flatMap((row, r) => [...row].flatMap((code, c) => (code === 'w' ? [{ col: c, row: r }] : [])));
  expect(woods).toEqual([target]);
  await hover(target);
  await shot(page, '3-painted');
  // At this width the panels' undo, redo and fold buttons stay inside their dock (the tabs
  // scroll instead), not drawn over the inspector beside it.
  const dock = (await page.getByTestId('scenario-dock').boundingBox())!;
  for (const id of ['panels-undo', 'panels-redo']) {
    const b = (await page.getByTestId(id).boundingBox())!;
    expect(b.x + b.width, id).toBeLessThanOrEqual(dock.x + dock.width + 0.5);
  }
});
