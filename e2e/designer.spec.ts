// The map designer with real mouse input on the canvas: paint, fill, rivers, a road with a
// bridge, control, markers and a name; every step undone back to the opened map and redone;
// saved with Ctrl+S and found again after reopening from the library.
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type {} from '../renderer/src/testHook.types.js';
import { createGrid } from '../shared/grid/index.js';
import type { Cell, EdgeId } from '../shared/grid/types.js';
import { cellOnPage, clickCell, createBlankScenario, dragThrough, expect, openDocument, projectRoot, test } from './fixtures.js';
import { gridSpecOf } from '../shared/format/defaults.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const TITLE = 'Designer Walkthrough';
const COLS = 14;
const ROWS = 10;

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(OUTPUT, `designer-${name}.png`) });
const tool = (page: Page, name: string) => page.getByRole('radio', { name, exact: true }).click();

test('design a map with the mouse, undo it all, redo it, save and reopen it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto('/');
  await createBlankScenario(page, TITLE, { cols: COLS, rows: ROWS }, 'two-sides');
  const original = await openDocument(page);
  const grid = createGrid(gridSpecOf(original));
  await shot(page, '0-blank');

  // 1. A 10-cell woods stroke down column 3 (it walls off the west edge).
  await tool(page, 'Terrain brush');
  await page.locator('[data-terrain="woods"]').click();
  const column: Cell[] = Array.from({ length: ROWS }, (_, row) => ({ col: 3, row }));
  await dragThrough(page, await Promise.all(column.map((c) => cellOnPage(page, c))));
  let d = await openDocument(page);
  expect(column.every((c) => d.map.terrain![c.row]![c.col] === 'w')).toBe(true);
  expect(d.map.terrain!.join('').split('w').length - 1).toBe(10);
  await expect(page.getByTestId('undo')).toHaveAttribute('title', 'Undo Paint Woods (10 cells) (Ctrl+Z)');
  await shot(page, '1-woods');

  // 2. Flood-fill a lake west of the woods: exactly the 30 open cells it encloses.
  await tool(page, 'Fill');
  await page.locator('[data-terrain="lake"]').click();
  await clickCell(page, { col: 1, row: 4 });
  d = await openDocument(page);
  expect(d.map.terrain!.every((row) => row.slice(0, 3) === 'lll' && row[3] === 'w' && !row.slice(4).includes('l'))).toBe(true);
  await shot(page, '2-lake');

  // 3. A river along 5 sides between columns 8 and 9, dragged from side to side.
  const between = new Map<EdgeId, [Cell, Cell]>();
  for (let row = 0; row < ROWS; row++)
    for (let r2 = row - 1; r2 <= row + 1; r2++) {
      const a = { col: 8, row };
      const b = { col: 9, row: r2 };
      const e = grid.inMap(b) ? grid.edgeBetween(a, b) : null;
      if (e) between.set(e, [a, b]);
    }
  const river = [...between.entries()]
    .map(([e, [a, b]]) => ({ e, a, b, y: (grid.center(a, 100).y + grid.center(b, 100).y) / 2 }))
    .sort((p, q) => p.y - q.y)
    .slice(4, 9);
  await tool(page, 'River');
  const mid = async (a: Cell, b: Cell) => {
    const [p, q] = [await cellOnPage(page, a), await cellOnPage(page, b)];
    return { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
  };
  await dragThrough(page, await Promise.all(river.map((s) => mid(s.a, s.b))));
  d = await openDocument(page);
  expect(new Set(d.map.rivers)).toEqual(new Set(river.map((s) => s.e)));
  await shot(page, '3-river');

  // 4. A road from west to east across the river: the crossing is a bridge.
  const crossing = river[2]!;
  const roadCells: Cell[] = [{ col: 6, row: crossing.a.row }, { col: 7, row: crossing.a.row }, crossing.a, crossing.b, { col: 10, row: crossing.b.row }];
  await tool(page, 'Road');
  await dragThrough(page, await Promise.all(roadCells.map((c) => cellOnPage(page, c))));
  d = await openDocument(page);
  expect(d.map.roads).toContain(crossing.e);
  expect(d.map.rivers).toContain(crossing.e);
  expect(d.map.roads).toHaveLength(4);
  await expect(page.getByTestId('undo')).toHaveAttribute('title', /Undo Lay road/);
  await shot(page, '4-road-bridge');

  // 5. The second side's control painted into three cells of the first.
  await tool(page, 'Control');
  await page.getByRole('radiogroup', { name: 'Side' }).getByRole('radio', { name: original.sides[1].name }).click();
  const front: Cell[] = [{ col: 5, row: 7 }, { col: 5, row: 8 }, { col: 6, row: 8 }];
  await dragThrough(page, await Promise.all(front.map((c) => cellOnPage(page, c))));
  d = await openDocument(page);
  const red = d.sides[1].code;
  expect(front.every((c) => d.map.control![c.row]![c.col] === red)).toBe(true);
  await shot(page, '5-control');

  // 6. A supply base of the first side and a victory cell; 7. the victory cell named in place.
  await tool(page, 'Markers');
  await page.getByTestId('marker-kind').selectOption('supply');
  await page.getByRole('radiogroup', { name: 'Side' }).getByRole('radio', { name: original.sides[0].name }).click();
  await clickCell(page, { col: 5, row: 2 });
  await page.getByTestId('marker-kind').selectOption('victory');
  await clickCell(page, { col: 11, row: 5 });
  await page.keyboard.press('n');
  await clickCell(page, { col: 11, row: 5 });
  await page.getByTestId('name-editor').fill('Kharkov');
  await page.getByTestId('name-editor').press('Enter');
  d = await openDocument(page);
  expect(d.map.cells?.['5,2']).toEqual({ supplyBase: d.sides[0].id });
  expect(d.map.cells?.['11,5']).toEqual({ name: 'Kharkov', victory: { perTurn: 2, endGame: 0 } });
  await page.mouse.move(10, 400);
  await shot(page, '6-markers');
  const edited = await openDocument(page);

  // The Edit menu says what will be undone.
  await page.getByTestId('edit-menu').click();
  await expect(page.getByTestId('menu-undo')).toContainText('Undo Name 1206 “Kharkov”');
  await shot(page, '7-edit-menu');
  await page.keyboard.press('Escape');

  // Undo every step, one at a time, back to the map as opened.
  const steps = 8;
  for (let i = 0; i < steps; i++) {
    await page.keyboard.press('Control+z');
    if (i === 3) await shot(page, '8-undo-half');
  }
  await expect(page.getByTestId('undo')).toBeDisabled();
  expect(await page.evaluate(() => window.__gridfront!.editor!.documentJson())).toBe(JSON.stringify(original));
  await shot(page, '9-undone');

  // Redo them all (Ctrl+Shift+Z and Ctrl+Y both redo).
  for (let i = 0; i < steps; i++) await page.keyboard.press(i % 2 ? 'Control+y' : 'Control+Shift+z');
  await expect(page.getByTestId('redo')).toBeDisabled();
  expect(await openDocument(page)).toEqual(edited);

  // Save, go back to the library and open it again: everything is there.
  await expect(page.getByTestId('dirty-mark')).toBeVisible();
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('dirty-mark')).toHaveCount(0);
  expect(await page.evaluate(() => window.__gridfront!.editor!.dirty)).toBe(false);
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await expect(page.getByTestId('scenario-list')).toBeVisible();
  await page.getByTestId('scenario-card').filter({ has: page.getByRole('heading', { name: TITLE, exact: true }) }).click();
  await page.getByTestId('details-panel').getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  const reopened = await openDocument(page);
  expect(reopened.map).toEqual(edited.map);
  await shot(page, '10-reopened');

  // Map settings: the scale follows the ground per cell (40 km on 10 cm is 1:400,000).
  await page.getByTestId('map-settings-open').click();
  const settings = page.getByTestId('map-settings');
  await expect(settings.getByTestId('map-scale')).toHaveText('1:400,000');
  await settings.getByTestId('ground-scale').fill('20');
  await settings.getByTestId('ground-scale').press('Tab');
  await expect(settings.getByTestId('map-scale')).toHaveText('1:200,000');
  await shot(page, '11-settings');
  await settings.getByRole('button', { name: 'Done' }).click();
  expect((await openDocument(page)).map.groundScaleKm).toBe(20);

  // Zoomed in, the minimap appears; a click in it moves the view there.
  await page.getByTestId('map').click({ position: { x: 5, y: 5 } });
  for (let i = 0; i < 4; i++) await page.keyboard.press('+');
  const minimap = page.getByTestId('minimap');
  await expect(minimap).toBeVisible();
  const before = await cellOnPage(page, { col: 0, row: 0 });
  const mbox = (await minimap.boundingBox())!;
  await page.mouse.click(mbox.x + 6, mbox.y + 6);
  const after = await cellOnPage(page, { col: 0, row: 0 });
  expect(after.x).toBeGreaterThan(before.x);
  await shot(page, '12-minimap');

  // Export: an SVG drawn as the print draws the map, at the printed size, and a PNG at the
  // chosen resolution.
  const [svgFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-svg').click()]);
  const svg = await readFile((await svgFile.path())!, 'utf8');
  await svgFile.saveAs(path.join(OUTPUT, 'designer-export.svg'));
  // 14 flat-top columns of 10 cm hexes: 10/√3 · (1.5·13 + 2) cm ≈ 1241 mm across.
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="[^"]+" width="124\d(\.\d+)?mm"/);
  const lake = original.map.terrainTypes.find((t) => t.id === 'lake')!;
  expect(svg).toContain(`fill="${lake.colour.toLowerCase()}"`);
  for (const group of ['terrain', 'rivers', 'bridges', 'markers', 'coordinates']) expect(svg).toContain(`<g id="${group}">`);
  expect(svg).toContain('>Kharkov</text>');
  expect(svg).toContain('>0101</text>');
  await page.getByTestId('export-image').click();
  const exportDialog = page.getByTestId('export-image-dialog');
  await exportDialog.getByLabel('Size by').selectOption('cellPx');
  await exportDialog.getByRole('spinbutton', { name: 'Size' }).fill('24');
  await exportDialog.getByLabel('No frame').check();
  const [pngFile] = await Promise.all([page.waitForEvent('download'), exportDialog.getByTestId('export-image-save').click()]);
  await exportDialog.getByRole('button', { name: 'Close' }).click();
  const png = await readFile((await pngFile.path())!);
  await pngFile.saveAs(path.join(OUTPUT, 'designer-export.png'));
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  // 14 flat-top hex columns at 24 px across flats: width = 24/√3 · (1.5·13 + 2) ≈ 298 px.
  expect(png.readUInt32BE(16)).toBeGreaterThan(280);
  expect(png.readUInt32BE(16)).toBeLessThan(320);
});
