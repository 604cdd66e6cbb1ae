// The designer's other tools, each picked by its keyboard shortcut and used with the real
// mouse on the canvas: a rectangle of rough ground, Alt+click to pick a terrain, a size-2
// brush and the eraser, a lake shore, a rail laid and one stretch of it removed, a
// fortification and a reinforcement entry cell, a front line that splits control, and a
// resize from Map settings that keeps everything in place, on the map and on screen (and
// undoes in one step).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Scenario } from '../shared/format/scenario.types.js';
import type {} from '../renderer/src/testHook.types.js';
import { createGrid } from '../shared/grid/index.js';
import type { Cell, EdgeId } from '../shared/grid/types.js';
import { cellOnPage, clickCell, createBlankScenario, dragThrough, expect, openDocument, projectRoot, test } from './fixtures.js';
import { gridSpecOf } from '../shared/format/defaults.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const TITLE = 'Designer tools walkthrough';
const COLS = 14;
const ROWS = 10;

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(OUTPUT, `designer-tools-${name}.png`) });const terrainAt = (d: Scenario, c: Cell) => d.map.terrain![c.row]![c.col];
const count = (d: Scenario, code: string) => d.map.terrain!.join('').split(code).length - 1;

const clickAt = (page: Page, p: { x: number; y: number }) => page.mouse.click(p.x, p.y);

/** The middle of the side two neighbouring cells share, on screen. */
async function sideBetween(page: Page, a: Cell, b: Cell) {
  const [p, q] = [await cellOnPage(page, a), await cellOnPage(page, b)];
  return { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
}

/** Presses a tool's shortcut with the map focused and checks the rail shows it active. */
async function pick(page: Page, key: string, name: string) {
  await page.keyboard.press(key);
  await expect(page.getByRole('radio', { name, exact: true })).toHaveAttribute('aria-checked', 'true');
}

test('every other designer tool works with its shortcut and the mouse, and a resize keeps the map in place', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto('/');
  await createBlankScenario(page, TITLE, { cols: COLS, rows: ROWS }, 'two-sides');
  const original = await openDocument(page);
  const grid = createGrid(gridSpecOf(original));
  const [germans, soviets] = original.sides;
  // Keys go to the map once it has been clicked (Pan does nothing to the document).
  await page.getByTestId('map').click({ position: { x: 5, y: 5 } });

  // Rectangle (R): rough ground over columns 2–4, rows 2–4.
  await pick(page, 'r', 'Rectangle');
  await page.locator('[data-terrain="rough"]').click();
  await dragThrough(page, [await cellOnPage(page, { col: 2, row: 2 }), await cellOnPage(page, { col: 3, row: 3 }), await cellOnPage(page, { col: 4, row: 4 })]);
  let d = await openDocument(page);
  for (let row = 2; row <= 4; row++) for (let col = 2; col <= 4; col++) expect(terrainAt(d, { col, row }), `${col},${row}`).toBe('r');
  expect(count(d, 'r')).toBe(9);

  // Brush (B) with woods chosen, then Alt+click on the rough ground picks rough.
  await pick(page, 'b', 'Terrain brush');
  await page.locator('[data-terrain="woods"]').click();
  const rough = await cellOnPage(page, { col: 3, row: 3 });
  await page.keyboard.down('Alt');
  await page.mouse.click(rough.x, rough.y);
  await page.keyboard.up('Alt');
  await expect(page.locator('[data-terrain="rough"]')).toHaveAttribute('aria-checked', 'true');
  expect(count(await openDocument(page), 'r'), 'picking paints nothing').toBe(9);

  // ] takes the brush to the next size: 7 cells, one click paints a cell and its whole first ring.
  await page.locator('[data-terrain="woods"]').click();
  await page.getByTestId('map').hover({ position: { x: 5, y: 5 } });
  await page.keyboard.press(']');
  await expect(page.getByRole('radiogroup', { name: 'Brush size, in cells painted' }).getByRole('radio', { name: '7 cells' })).toHaveAttribute('aria-checked', 'true');
  const centre = { col: 10, row: 5 };
  await clickCell(page, centre);
  d = await openDocument(page);
  const ring = grid.neighbours(centre);
  expect(ring).toHaveLength(6);
  for (const c of [centre, ...ring]) expect(terrainAt(d, c), `${c.col},${c.row}`).toBe('w');
  expect(count(d, 'w')).toBe(7);

  // [ back to one cell; the eraser (E) resets just the centre to open ground.
  await page.keyboard.press('[');
  await pick(page, 'e', 'Eraser');
  await clickCell(page, centre);
  d = await openDocument(page);
  expect(terrainAt(d, centre)).toBe(original.map.terrain![centre.row]![centre.col]);
  expect(count(d, 'w')).toBe(6);
  await shot(page, '1-terrain');

  // Lake shore (L): one click on a side.
  await pick(page, 'l', 'Lake shore');
  const shoreA = { col: 6, row: 7 };
  const shoreB = { col: 6, row: 8 };
  await clickAt(page, await sideBetween(page, shoreA, shoreB));
  d = await openDocument(page);
  expect(d.map.lakeShores).toEqual([grid.edgeBetween(shoreA, shoreB)]);

  // Rail (T): laid through four cells (three sides), then one click takes out the middle stretch.
  await pick(page, 't', 'Rail');
  const line: Cell[] = [{ col: 1, row: 8 }, { col: 2, row: 8 }, { col: 3, row: 8 }, { col: 4, row: 8 }];
  for (let k = 1; k < line.length; k++) expect(grid.edgeBetween(line[k - 1]!, line[k]!), 'the rail cells are neighbours').not.toBeNull();
  await dragThrough(page, await Promise.all(line.map((c) => cellOnPage(page, c))));
  d = await openDocument(page);
  const stretches = line.slice(1).map((c, k) => grid.edgeBetween(line[k]!, c)!) as EdgeId[];
  expect(new Set(d.map.rails)).toEqual(new Set(stretches));
  await clickAt(page, await sideBetween(page, line[1]!, line[2]!));
  d = await openDocument(page);
  expect(new Set(d.map.rails)).toEqual(new Set([stretches[0], stretches[2]]));

  // Markers (M): a fortification, and an entry cell for the second side.
  await pick(page, 'm', 'Markers');
  await page.getByTestId('marker-kind').selectOption('fort');
  const fort = { col: 4, row: 6 };
  await clickCell(page, fort);
  await page.getByTestId('marker-kind').selectOption('entry');
  await page.getByRole('radiogroup', { name: 'Side' }).getByRole('radio', { name: soviets.name }).click();
  const entry = { col: 13, row: 0 };
  await clickCell(page, entry);
  d = await openDocument(page);
  expect(d.map.cells?.[`${fort.col},${fort.row}`]).toEqual({ fortification: true });
  expect(d.map.cells?.[`${entry.col},${entry.row}`]).toEqual({ entry: [soviets.id] });
  // Placing a marker selects its cell: the inspector shows the entry cell.
  const cellEditor = page.getByTestId('cell-editor');
  const entryFor = (side: string) => cellEditor.locator('label', { hasText: side }).getByRole('checkbox');
  await expect(cellEditor.locator('.head')).toHaveText(grid.label(entry));
  await expect(entryFor(soviets.name)).toBeChecked();

  // Control (C), front line: dragged down every side between columns 9 and 10; on release
  // the first side holds everything west of it, the second everything east.
  await pick(page, 'c', 'Control');
  await page.getByRole('radiogroup', { name: 'Control mode' }).getByRole('radio', { name: 'Front line' }).click();
  const front: { a: Cell; b: Cell; y: number }[] = [];
  for (let row = 0; row < ROWS; row++)
    for (let r2 = row - 1; r2 <= row + 1; r2++) {
      const a = { col: 9, row };
      const b = { col: 10, row: r2 };
      if (grid.inMap(b) && grid.edgeBetween(a, b)) front.push({ a, b, y: (grid.center(a, 100).y + grid.center(b, 100).y) / 2 });
    }
  front.sort((p, q) => p.y - q.y);
  await dragThrough(page, await Promise.all(front.map((s) => sideBetween(page, s.a, s.b))));
  d = await openDocument(page);
  const westOfFront = d.map.control!.every((row) => [...row.slice(0, 10)].every((c) => c === germans.code));
  const eastOfFront = d.map.control!.every((row) => [...row.slice(10)].every((c) => c === soviets.code));
  expect(westOfFront && eastOfFront, `control after the front line:\n${d.map.control!.join('\n')}`).toBe(true);
  await page.mouse.move(10, 400);
  await shot(page, '2-features-front');
  const edited = await openDocument(page);

  // Zoomed in, as a designer working on one edge would be: the resize keeps the zoom, and the
  // cells stay where they were on screen (under their new coordinates).
  for (let k = 0; k < 3; k++) await page.getByRole('button', { name: 'Zoom in' }).click();
  const zoom = await page.evaluate(() => window.__gridfront!.map.zoom);
  const onScreen = await cellOnPage(page, fort);

  // Map settings: one column on the left and one row on top; everything moves with its cell.
  await page.getByTestId('map-settings-open').click();
  const settings = page.getByTestId('map-settings');
  await settings.getByRole('spinbutton', { name: 'Top', exact: true }).fill('1');
  await settings.getByRole('spinbutton', { name: 'Left', exact: true }).fill('1');
  await settings.getByRole('button', { name: `Resize to ${COLS + 1} × ${ROWS + 1}` }).click();
  await expect(settings.getByRole('heading', { name: `Size — ${COLS + 1} × ${ROWS + 1} cells` })).toBeVisible();
  await shot(page, '3-resize-settings');
  await settings.getByRole('button', { name: 'Done' }).click();
  d = await openDocument(page);
  expect([gridSpecOf(d).cols, gridSpecOf(d).rows]).toEqual([COLS + 1, ROWS + 1]);
  const moved = (c: Cell) => ({ col: c.col + 1, row: c.row + 1 });
  const resized = createGrid(gridSpecOf(d));
  expect(d.map.cells?.[`${fort.col + 1},${fort.row + 1}`]).toEqual({ fortification: true });
  expect(d.map.cells?.[`${entry.col + 1},${entry.row + 1}`]).toEqual({ entry: [soviets.id] });
  expect(terrainAt(d, moved({ col: 3, row: 3 }))).toBe('r');
  expect(d.map.lakeShores).toEqual([resized.edgeBetween(moved(shoreA), moved(shoreB))]);
  expect(new Set(d.map.rails)).toEqual(new Set([resized.edgeBetween(moved(line[0]!), moved(line[1]!)), resized.edgeBetween(moved(line[2]!), moved(line[3]!))]));
  expect(await page.evaluate(() => window.__gridfront!.map.zoom)).toBeCloseTo(zoom, 6);
  const fortNow = await cellOnPage(page, moved(fort));
  expect(Math.hypot(fortNow.x - onScreen.x, fortNow.y - onScreen.y), 'the fortification stays put on screen').toBeLessThan(1);
  // The selection moved with its cell: still the entry cell, under its new label.
  await expect(cellEditor.locator('.head')).toHaveText(resized.label(moved(entry)));
  await expect(entryFor(soviets.name)).toBeChecked();
  await page.mouse.move(10, 400);
  await shot(page, '4-resized-zoomed');

  // The resize is one step: a single Ctrl+Z gives back the map as it was before it.
  await page.keyboard.press('Control+z');
  expect(await openDocument(page)).toEqual(edited);
  const fortBack = await cellOnPage(page, fort);
  expect(Math.hypot(fortBack.x - onScreen.x, fortBack.y - onScreen.y), 'undo keeps it put too').toBeLessThan(1);
  await expect(cellEditor.locator('.head')).toHaveText(grid.label(entry));
  await expect(entryFor(soviets.name)).toBeChecked();
});
