// Editing a cell's every field with the Select tool; editing the terrain palette (add, name,
// colour, rules category, freezing, paint with it, remove it choosing what its cells become);
// changing the grid kind, adjacency and label scheme in Map settings. Each is undoable, and
// all of it goes through the real UI.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type {} from '../renderer/src/testHook.types.js';
import { clickCell, createBlankScenario, expect, openDocument, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const TITLE = 'Designer settings walkthrough';

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(OUTPUT, `designer-settings-${name}.png`) });
/** Once the view is sharp, no tile on screen differs from a fresh paint of the map as it is now. */
async function expectFreshTiles(page: Page, what: string) {
  await expect.poll(() => page.evaluate(() => window.__gridfront!.map.pendingTiles), { timeout: 15_000 }).toBe(0);
  const check = await page.evaluate(() => window.__gridfront!.map.checkTiles());
  expect(check?.tiles, `${what}: tiles on screen`).toBeGreaterThan(0);
  expect(check?.large, `${what}: pixels far off a fresh paint`).toBe(0);
}

test('the Select tool edits everything on a cell; the palette, grid kind and labels change in Map settings, and all of it undoes', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  await createBlankScenario(page, TITLE, { cols: 10, rows: 8 }, 'two-sides');
  const original = await openDocument(page);
  const [germans, soviets] = original.sides;
  const undo = page.getByTestId('undo');
  const redo = page.getByTestId('redo');

  // Select (V) a cell in the first side's half; the inspector edits it.
  await page.getByRole('radio', { name: 'Select', exact: true }).click();
  const orel = { col: 2, row: 2 };
  await clickCell(page, orel);
  const cell = page.getByTestId('cell-editor');
  await expect(cell.locator('.head')).toHaveText('0303');

  // A name typed letter by letter is one undo step, taken when it is finished (Enter).
  await cell.getByTestId('cell-name').pressSequentially('Orel');
  expect((await openDocument(page)).map.cells?.['2,2']).toBeUndefined();
  await cell.getByTestId('cell-name').press('Enter');
  expect((await openDocument(page)).map.cells?.['2,2']).toEqual({ name: 'Orel' });
  await undo.click();
  expect((await openDocument(page)).map.cells?.['2,2']).toBeUndefined();
  await redo.click();
  await expect(cell.getByTestId('cell-name')).toHaveValue('Orel');

  await cell.getByLabel('Terrain').selectOption({ label: 'City' });
  await cell.getByLabel('Control').selectOption({ label: soviets.name });
  await cell.getByLabel('Supply base').selectOption({ label: germans.name });
  await cell.getByRole('checkbox', { name: 'Fortified' }).check();
  await cell.getByRole('checkbox', { name: 'Victory cell' }).check();
  await cell.getByRole('spinbutton', { name: 'VP/turn' }).fill('3');
  await cell.getByRole('spinbutton', { name: 'VP/turn' }).press('Tab');
  await cell.getByRole('spinbutton', { name: 'at end' }).fill('5');
  await cell.getByRole('spinbutton', { name: 'at end' }).press('Tab');
  await cell.locator('.entries').getByRole('checkbox', { name: germans.name }).check();
  let d = await openDocument(page);
  expect(d.map.cells?.['2,2']).toEqual({ name: 'Orel', supplyBase: germans.id, fortification: true, victory: { perTurn: 3, endGame: 5 }, entry: [germans.id] });
  expect(d.map.terrain![2]![2]).toBe(original.map.terrainTypes.find((t) => t.name === 'City')!.code);
  expect(d.map.control![2]![2]).toBe(soviets.code);
  await page.mouse.move(10, 450);
  await shot(page, '1-cell-edited');

  // The palette: a new type, named, coloured and made difficult ground.
  await page.getByTestId('map-settings-open').click();
  const settings = page.getByTestId('map-settings');
  const types = original.map.terrainTypes.length;
  await settings.getByRole('button', { name: 'Add terrain type' }).click();
  d = await openDocument(page);
  expect(d.map.terrainTypes).toHaveLength(types + 1);
  const added = d.map.terrainTypes.at(-1)!;
  await settings.getByRole('textbox', { name: `Name of terrain ${added.id}` }).fill('Marsh');
  await settings.getByRole('textbox', { name: `Name of terrain ${added.id}` }).press('Enter');
  await settings.getByLabel('Colour of Marsh').fill('#4a6b5d');
  // Only impassable ground can freeze (a lake that frozen or snowy ground makes passable).
  const category = settings.getByLabel('Rules category of Marsh');
  const freezes = settings.getByRole('checkbox', { name: 'Marsh freezes' });
  await expect(freezes).toBeDisabled();
  await category.selectOption('impassable');
  await freezes.check();
  d = await openDocument(page);
  expect(d.map.terrainTypes.at(-1)).toEqual({ ...added, name: 'Marsh', colour: '#4a6b5d', category: 'impassable', freezes: true });
  // Made difficult ground, it stops freezing with it.
  await category.selectOption('difficult');
  await expect(freezes).toBeDisabled();
  await expect(freezes).not.toBeChecked();
  d = await openDocument(page);
  expect(d.map.terrainTypes.at(-1)).toEqual({ ...added, name: 'Marsh', colour: '#4a6b5d', category: 'difficult' });
  await shot(page, '2-palette');
  await settings.getByRole('button', { name: 'Done' }).click();

  // It is in the brush's palette at once; paint a cell with it.
  await page.getByRole('radio', { name: 'Terrain brush', exact: true }).click();
  await page.locator(`[data-terrain="${added.id}"]`).click();
  const marsh = { col: 6, row: 5 };
  await clickCell(page, marsh);
  expect((await openDocument(page)).map.terrain![marsh.row]![marsh.col]).toBe(added.code);

  // Removing a type that cells use asks what they become; Cancel keeps it.
  await page.getByTestId('map-settings-open').click();
  await settings.getByRole('row', { name: /Marsh/ }).getByRole('button', { name: 'Remove' }).click();
  const confirm = settings.getByRole('group', { name: 'Remove Marsh' });
  await expect(confirm).toContainText('its 1 cell becomes');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  expect((await openDocument(page)).map.terrainTypes).toHaveLength(types + 1);
  await settings.getByRole('row', { name: /Marsh/ }).getByRole('button', { name: 'Remove' }).click();
  await confirm.getByLabel('Replacement terrain').selectOption({ label: 'Swamp' });
  await shot(page, '2b-remove-type');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(confirm).toHaveCount(0);
  d = await openDocument(page);
  expect(d.map.terrainTypes.map((t) => t.id)).toEqual(original.map.terrainTypes.map((t) => t.id));
  expect(d.map.terrain![marsh.row]![marsh.col]).toBe(original.map.terrainTypes.find((t) => t.name === 'Swamp')!.code);
  // A type no cell uses goes at once.
  await settings.getByRole('button', { name: 'Add terrain type' }).click();
  await expect(settings.getByRole('row', { name: /Terrain \d+/ })).toHaveCount(1);
  await settings.getByRole('row', { name: /Terrain \d+/ }).getByRole('button', { name: 'Remove' }).click();
  expect((await openDocument(page)).map.terrainTypes).toHaveLength(types);

  // Grid: square cells with diagonals, labelled by letter and number.
  await settings.getByLabel('Kind').selectOption('square');
  await settings.getByLabel('Adjacency').selectOption('8');
  await settings.getByLabel('Labels').selectOption('A1');
  d = await openDocument(page);
  expect(d.map.grid).toMatchObject({ kind: 'square', adjacency: 8, labels: 'A1', cols: 10, rows: 8 });
  await settings.getByRole('button', { name: 'Done' }).click();
  // The selection stays on its cell, now labelled C3, and the map prints the new labels:
  // every tile on screen is what painting it afresh gives.
  await expect(cell.locator('.head')).toHaveText('C3Orel');
  await expectFreshTiles(page, 'after the label scheme changed');
  await page.mouse.move(10, 450);
  await shot(page, '3-square-A1');

  // Three undos put back the hex grid and its labels; the cell keeps everything on it.
  for (let k = 0; k < 3; k++) await undo.click();
  d = await openDocument(page);
  expect(d.map.grid).toEqual(original.map.grid);
  await expect(cell.locator('.head')).toHaveText('0303Orel');
  expect(d.map.cells?.['2,2']?.name).toBe('Orel');
  await expectFreshTiles(page, 'after undoing the grid changes');
});
