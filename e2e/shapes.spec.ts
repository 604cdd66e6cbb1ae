// The terrain shape tools as a designer uses them, from the library on a new hex map: a line
// dragged with the mouse (U), an ellipse chosen from the shape button's flyout (its corner
// triangle) and drawn as a circle outline with Shift, a polygon chosen by holding the shape
// button down, its corners clicked and closed with Enter (and one dropped with Esc). Each shows
// what it will paint while it is drawn and is one undo step; the button keeps the last shape.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { gridSpecOf } from '../shared/format/defaults.js';
import type { Scenario } from '../shared/format/scenario.types.js';
import { createGrid } from '../shared/grid/index.js';
import type { Cell } from '../shared/grid/types.js';
import { cellsInEllipse, cellsOnLine } from '../shared/editor/shapes.js';
import { cellsInPolygon } from '../shared/editor/region.js';
import type {} from '../renderer/src/testHook.types.js';
import { cellOnPage, createBlankScenario, expect, openDocument, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });

/** Terrain ids of `cells` (indices) in the open scenario. */
function terrainOf(doc: Scenario, indices: readonly number[]): string[] {
  const grid = createGrid(gridSpecOf(doc.map));
  const codes = new Map(doc.map.terrainTypes.map((t) => [t.code, t.id]));
  return indices.map((i) => {
    const c = grid.cellAt(i);
    return codes.get(doc.map.terrain![c.row]![c.col]!)!;
  });
}

const undoLabel = (page: Page) => page.evaluate(() => window.__gridfront!.editor!.undoLabel);

test('line, ellipse (circle outline) and polygon paint terrain with a live preview, one undo step each; the rail keeps the last shape', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  await createBlankScenario(page, 'Shapes', { cols: 16, rows: 12 });
  const doc0 = await openDocument(page);
  const grid = createGrid(gridSpecOf(doc0.map));
  const SIZE = 100;
  const shapeButton = page.getByTestId('shape-tool');
  await expect(shapeButton).toHaveAttribute('aria-label', 'Rectangle');
  // The palette's second terrain (Woods) is what the terrain tools paint on a new map.
  await page.getByRole('radio', { name: 'Rectangle', exact: true }).click();
  await page.getByRole('radiogroup', { name: 'Terrain to paint' }).getByRole('radio', { name: /Woods/ }).click();

  // Line (U): drag from 0203 to 1308; the cells show while dragging, painted on release.
  await page.getByTestId('map').hover();
  await page.keyboard.press('u');
  await expect(shapeButton).toHaveAttribute('aria-label', 'Line');
  await expect(shapeButton).toHaveAttribute('aria-checked', 'true');
  const a: Cell = { col: 1, row: 2 };
  const b: Cell = { col: 12, row: 7 };
  const pa = await cellOnPage(page, a);
  const pb = await cellOnPage(page, b);
  await page.mouse.move(pa.x, pa.y);
  await page.mouse.down();
  await page.mouse.move(pb.x, pb.y, { steps: 8 });
  await page.screenshot({ path: path.join(OUTPUT, 'shapes-line-preview.png') });
  expect(terrainOf(await openDocument(page), [grid.index(b)])).toEqual(['open']);
  await page.mouse.up();
  const line = cellsOnLine(grid, a, b);
  expect(terrainOf(await openDocument(page), line).every((t) => t === 'woods')).toBe(true);
  expect(await undoLabel(page)).toBe(`Paint Woods line (${line.length} cells)`);

  // Ellipse from the flyout (corner triangle), outline, Shift for a circle.
  await page.getByTestId('shape-flyout-open').click();
  const flyout = page.getByTestId('shape-flyout');
  await expect(flyout.getByRole('menuitemradio')).toHaveText(['RectangleR', 'EllipseO', 'LineU', 'PolygonQ']);
  await page.screenshot({ path: path.join(OUTPUT, 'shapes-flyout.png') });
  await flyout.getByRole('menuitemradio', { name: /Ellipse/ }).click();
  await expect(flyout).toHaveCount(0);
  await expect(shapeButton).toHaveAttribute('aria-label', 'Ellipse');
  await page.getByRole('radiogroup', { name: 'Ellipse' }).getByRole('radio', { name: 'Outline' }).click();
  await page.getByRole('radiogroup', { name: 'Terrain to paint' }).getByRole('radio', { name: /Swamp/ }).click();
  const c: Cell = { col: 3, row: 3 };
  const d: Cell = { col: 10, row: 5 };
  const pc = await cellOnPage(page, c);
  const pd = await cellOnPage(page, d);
  await page.mouse.move(pc.x, pc.y);
  await page.keyboard.down('Shift');
  await page.mouse.down();
  await page.mouse.move(pd.x, pd.y, { steps: 8 });
  await page.screenshot({ path: path.join(OUTPUT, 'shapes-circle-preview.png') });
  await page.mouse.up();
  await page.keyboard.up('Shift');
  const circle = cellsInEllipse(grid, c, d, SIZE, { filled: false, circle: true });
  const filledCircle = cellsInEllipse(grid, c, d, SIZE, { filled: true, circle: true });
  let doc = await openDocument(page);
  expect(terrainOf(doc, circle).every((t) => t === 'swamp')).toBe(true);
  const inner = filledCircle.filter((i) => !circle.includes(i) && !line.includes(i));
  expect(inner.length).toBeGreaterThan(0);
  expect(terrainOf(doc, inner).every((t) => t === 'open')).toBe(true);
  expect(await undoLabel(page)).toBe(`Paint Swamp ellipse (${circle.length} cells)`);

  // Polygon by holding the shape button down; corners clicked, Enter closes it.
  const box = (await shapeButton.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect(flyout).toBeVisible();
  await page.mouse.up();
  await flyout.getByRole('menuitemradio', { name: /Polygon/ }).click();
  await expect(shapeButton).toHaveAttribute('aria-label', 'Polygon');
  await page.getByRole('radiogroup', { name: 'Terrain to paint' }).getByRole('radio', { name: /Rough/ }).click();
  // One dropped with Esc first: nothing painted.
  for (const cell of [{ col: 13, row: 1 }, { col: 15, row: 1 }, { col: 15, row: 4 }]) {
    const p = await cellOnPage(page, cell);
    await page.mouse.click(p.x, p.y);
  }
  await page.keyboard.press('Escape');
  expect(await undoLabel(page)).toMatch(/^Paint Swamp ellipse/);
  const corners: Cell[] = [{ col: 2, row: 8 }, { col: 9, row: 8 }, { col: 11, row: 11 }, { col: 3, row: 11 }];
  const points: { x: number; y: number }[] = [];
  for (const cell of corners) {
    const p = await cellOnPage(page, cell);
    await page.mouse.click(p.x + 7, p.y - 5);
    points.push({ x: p.x + 7, y: p.y - 5 });
  }
  await page.mouse.move(points[0]!.x + 30, points[0]!.y + 40);
  await page.screenshot({ path: path.join(OUTPUT, 'shapes-polygon-preview.png') });
  await page.keyboard.press('Enter');
  // The corners in map pixels, as the tool got them: the view is a scale and a shift, found from two cells.
  const [u, v] = [corners[0]!, corners[2]!];
  const [cu, cv] = [await cellOnPage(page, u), await cellOnPage(page, v)];
  const [mu, mv] = [grid.center(u, SIZE), grid.center(v, SIZE)];
  const k = (cv.x - cu.x) / (mv.x - mu.x);
  const mapPoints = points.map((p) => ({ x: mu.x + (p.x - cu.x) / k, y: mu.y + (p.y - cu.y) / k }));
  const polygon = cellsInPolygon(grid, mapPoints, SIZE);
  doc = await openDocument(page);
  expect(polygon.length).toBeGreaterThan(8);
  expect(terrainOf(doc, polygon).every((t) => t === 'rough')).toBe(true);
  expect(await undoLabel(page)).toBe(`Paint Rough polygon (${polygon.length} cells)`);
  await page.mouse.move(5, 400);
  await page.screenshot({ path: path.join(OUTPUT, 'shapes-painted.png') });

  // One undo step each: Ctrl+Z takes the polygon away and leaves the circle.
  await page.keyboard.press('Control+z');
  doc = await openDocument(page);
  expect(terrainOf(doc, polygon).some((t) => t === 'rough')).toBe(false);
  expect(terrainOf(doc, circle).every((t) => t === 'swamp')).toBe(true);
  // The rail still shows the last shape; R picks the rectangle directly.
  await expect(shapeButton).toHaveAttribute('aria-label', 'Polygon');
  await page.keyboard.press('r');
  await expect(shapeButton).toHaveAttribute('aria-label', 'Rectangle');
});
