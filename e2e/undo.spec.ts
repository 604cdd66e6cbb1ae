// One undo history for the open scenario: map strokes and scenario-panel edits (turn count,
// a new unit, a renamed side) undo newest first with Ctrl+Z whether the map or a panel has
// focus, the undo button and the Edit menu name the step each time, and redo (Ctrl+Shift+Z,
// Ctrl+Y, the button, the menu) brings them back in order. Renaming or recolouring a side
// keeps the map's strokes undoable, and undoing everything leaves the document clean.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Scenario } from '../shared/format/scenario.types.js';
import type {} from '../renderer/src/testHook.types.js';
import type { Cell } from '../shared/grid/types.js';
import { appOrigin, cellOnPage, createBlankScenario, expect, invoke, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const TITLE = 'Undo walkthrough';

const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(100);
  await page.screenshot({ path: path.join(OUTPUT, `undo-${name}.png`) });
};

/** Brush stroke through cells with the real mouse. */
async function stroke(page: Page, cells: Cell[]): Promise<void> {
  const points = await Promise.all(cells.map((c) => cellOnPage(page, c)));
  await page.mouse.move(points[0]!.x, points[0]!.y);
  await page.mouse.down();
  for (const p of points.slice(1)) await page.mouse.move(p.x, p.y, { steps: 4 });
  await page.mouse.up();
}

const terrainRows = async (page: Page): Promise<string[]> =>
  (JSON.parse((await page.evaluate(() => window.__gridfront!.editor!.documentJson()))!) as Scenario).map.terrain!;

test('map strokes and panel edits undo newest first with their labels, and redo in order', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1500, height: 980 });
  await page.goto('/');
  await createBlankScenario(page, TITLE, undefined, 'two-sides');
  const dock = page.getByTestId('scenario-dock');
  const undoButton = page.getByTestId('undo');
  const redoButton = page.getByTestId('redo');
  const dirty = page.getByTestId('dirty-mark');
  const blank = await terrainRows(page);
  await expect(dirty).toHaveCount(0);

  // 1. Map: a woods stroke over three cells.
  await page.getByRole('radio', { name: 'Terrain brush', exact: true }).click();
  await page.locator('[data-terrain="woods"]').click();
  await stroke(page, [{ col: 2, row: 1 }, { col: 2, row: 2 }, { col: 2, row: 3 }]);
  await expect(undoButton).toHaveAttribute('title', 'Undo Paint Woods (3 cells) (Ctrl+Z)');
  const wooded = await terrainRows(page);
  expect(wooded).not.toEqual(blank);

  // 2. Calendar panel: 8 turns instead of 12.
  await page.getByTestId('tab-calendar').click();
  const turns = page.getByTestId('turns');
  await turns.fill('8');
  await turns.press('Enter');
  await expect(undoButton).toHaveAttribute('title', 'Undo 8 turns (Ctrl+Z)');
  // Entering the same count again changes nothing and makes no step.
  await turns.fill('8');
  await turns.press('Enter');
  await expect(undoButton).toHaveAttribute('title', 'Undo 8 turns (Ctrl+Z)');

  // 3. Order of battle: a new unit for the first side in 0304.
  await page.getByTestId('tab-oob').click();
  const firstSide = dock.getByTestId(/^oob-/).first();
  await expect(firstSide.getByTestId('unit-row')).toHaveCount(0);
  await firstSide.getByTestId(/^new-name-/).fill('Panzer Group 3');
  await firstSide.getByTestId(/^new-strength-/).fill('6');
  await firstSide.getByTestId(/^new-cell-/).fill('0304');
  await firstSide.getByTestId(/^new-cell-/).press('Enter');
  await expect(firstSide.getByTestId('unit-row')).toHaveCount(1);
  await expect(undoButton).toHaveAttribute('title', 'Undo Added Panzer Group 3 (Ctrl+Z)');

  // 4. Scenario panel: rename the first side (this used to reload the map and wipe its undo).
  await page.getByTestId('tab-scenario').click();
  const sideName = dock.getByLabel('Side 1 name');
  const originalSide = await sideName.inputValue();
  await sideName.fill('Army Group Centre');
  await sideName.press('Enter');
  await expect(undoButton).toHaveAttribute('title', 'Undo Side renamed to Army Group Centre (Ctrl+Z)');
  // 4b. Recolour the second side: the open map retints its control and keeps its undo.
  const colour2 = dock.getByLabel('Side 2 colour');
  const originalColour = await colour2.inputValue();
  const side2 = await dock.getByLabel('Side 2 name').inputValue();
  await colour2.fill('#7a1fa2');
  await expect(undoButton).toHaveAttribute('title', `Undo ${side2} colour changed (Ctrl+Z)`);
  await shot(page, '0-recoloured');

  // 5. Map again: one city cell.
  await page.locator('[data-terrain="city"]').click();
  await stroke(page, [{ col: 8, row: 2 }]);
  await expect(undoButton).toHaveAttribute('title', 'Undo Paint City (1 cell) (Ctrl+Z)');
  const finished = await terrainRows(page);
  await expect(dirty).toHaveCount(1);
  await page.getByTestId('edit-menu').click();
  await expect(page.getByTestId('menu-undo')).toContainText('Undo Paint City (1 cell)');
  await shot(page, '1-edited-menu');
  await page.keyboard.press('Escape');

  // ---- Undo with the map focused: the city cell, then the side's name ----
  await page.getByRole('radio', { name: 'Pan', exact: true }).click();
  await page.getByTestId('map').click({ position: { x: 20, y: 20 } });
  await page.keyboard.press('Control+z');
  await expect.poll(() => terrainRows(page)).toEqual(wooded);
  await expect(undoButton).toHaveAttribute('title', `Undo ${side2} colour changed (Ctrl+Z)`);
  await page.keyboard.press('Control+z');
  await expect(colour2).toHaveValue(originalColour);
  await expect(undoButton).toHaveAttribute('title', 'Undo Side renamed to Army Group Centre (Ctrl+Z)');
  await page.keyboard.press('Control+z');
  await expect(sideName).toHaveValue(originalSide);
  await expect(undoButton).toHaveAttribute('title', 'Undo Added Panzer Group 3 (Ctrl+Z)');
  await expect(dock.getByText('Undo Side renamed to Army Group Centre')).toBeVisible();
  await shot(page, '2-side-undone');

  // ---- Undo with a panel focused (the tab strip): the unit, then the turn count ----
  await page.getByTestId('tab-oob').click();
  await expect(page.getByTestId('tab-oob')).toBeFocused();
  await page.keyboard.press('Control+z');
  await expect(firstSide.getByTestId('unit-row')).toHaveCount(0);
  await expect(undoButton).toHaveAttribute('title', 'Undo 8 turns (Ctrl+Z)');
  await page.getByTestId('tab-calendar').click();
  await page.keyboard.press('Control+z');
  await expect(turns).toHaveValue('12');
  // The map's stroke from before the side was renamed is still there to undo.
  await expect(undoButton).toHaveAttribute('title', 'Undo Paint Woods (3 cells) (Ctrl+Z)');
  await page.getByTestId('edit-menu').click();
  await expect(page.getByTestId('menu-undo')).toContainText('Undo Paint Woods (3 cells)');
  await expect(page.getByTestId('menu-redo')).toContainText('Redo 8 turns');
  await shot(page, '3-menu-before-last-undo');
  await page.getByTestId('menu-undo').click();
  await expect.poll(() => terrainRows(page)).toEqual(blank);
  await expect(undoButton).toBeDisabled();
  // Back where it was opened: nothing left to save.
  await expect(dirty).toHaveCount(0);
  await shot(page, '4-all-undone');

  // ---- Redo in order: Ctrl+Shift+Z, Ctrl+Y, the button, the menu ----
  await page.getByTestId('map').click({ position: { x: 20, y: 20 } });
  await expect(redoButton).toHaveAttribute('title', 'Redo Paint Woods (3 cells) (Ctrl+Shift+Z)');
  await page.keyboard.press('Control+Shift+z');
  await expect.poll(() => terrainRows(page)).toEqual(wooded);
  await expect(dirty).toHaveCount(1);
  await page.keyboard.press('Control+Shift+z');
  await expect(turns).toHaveValue('8');
  await page.getByTestId('tab-oob').click();
  await page.keyboard.press('Control+y');
  await expect(firstSide.getByTestId('unit-row')).toHaveCount(1);
  await expect(redoButton).toHaveAttribute('title', 'Redo Side renamed to Army Group Centre (Ctrl+Shift+Z)');
  await redoButton.click();
  await page.getByTestId('tab-scenario').click();
  await expect(sideName).toHaveValue('Army Group Centre');
  await expect(redoButton).toHaveAttribute('title', `Redo ${side2} colour changed (Ctrl+Shift+Z)`);
  await redoButton.click();
  await expect(colour2).toHaveValue('#7a1fa2');
  await page.getByTestId('edit-menu').click();
  await page.getByTestId('menu-redo').click();
  await expect.poll(() => terrainRows(page)).toEqual(finished);
  await expect(redoButton).toBeDisabled();
  await shot(page, '5-all-redone');

  // Saved, the library holds every edit.
  await page.getByTestId('map').click({ position: { x: 20, y: 20 } });
  await page.keyboard.press('Control+s');
  await expect(dirty).toHaveCount(0);
  const origin = appOrigin(baseURL);
  const list = await invoke<{ items: { id: string; title: string }[] }>(request, origin, 'library.list', { limit: 500 });
  const id = list.body.ok ? list.body.value.items.find((s) => s.title === TITLE)?.id : undefined;
  expect(id).toBeTruthy();
  const saved = await invoke<{ document: Scenario }>(request, origin, 'library.get', { id });
  expect(saved.body.ok).toBe(true);
  const s = saved.body.ok ? saved.body.value.document : null;
  expect(s?.calendar.turns).toBe(8);
  expect(s?.sides[0].name).toBe('Army Group Centre');
  expect(s?.sides[1].colour).toBe('#7a1fa2');
  expect(s?.orderOfBattle.map((u) => u.name)).toEqual(['Panzer Group 3']);
  expect(s?.map.terrain).toEqual(finished);
});
