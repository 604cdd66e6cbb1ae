// One document store, one history: ten edits of both kinds — map strokes with the mouse
// (woods, a river, a road, control, a city) and panel edits with the keyboard (turn count,
// a new unit, a side's name, that unit's strength, the title) — interleaved, then all undone
// (Ctrl+Z and the Edit menu) and all redone (Ctrl+Shift+Z and the Edit menu). After every
// undo and redo the scenario as it would be saved is byte-for-byte the one recorded when the
// edit was made, and what Ctrl+S puts in the library is the last of them.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { gridSpecOf } from '../shared/format/defaults.js';
import type { Scenario } from '../shared/format/scenario.types.js';
import { createGrid } from '../shared/grid/index.js';
import type { Cell } from '../shared/grid/types.js';
import type {} from '../renderer/src/testHook.types.js';
import { appOrigin, cellOnPage, createBlankScenario, dragThrough, expect, invoke, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const TITLE = 'One history walkthrough';

const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(100);
  await page.screenshot({ path: path.join(OUTPUT, `one-history-${name}.png`) });
};
const tool = (page: Page, name: string) => page.getByRole('radio', { name, exact: true }).click();
/** The scenario exactly as a save would write it. */
const documentJson = async (page: Page): Promise<string> => (await page.evaluate(() => window.__gridfront!.editor!.documentJson()))!;

test('ten interleaved map and panel edits undo and redo through one history to byte-identical scenarios', async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1500, height: 980 });
  await page.goto('/');
  await createBlankScenario(page, TITLE, { cols: 12, rows: 8 }, 'two-sides');
  const dock = page.getByTestId('scenario-dock');
  const undoButton = page.getByTestId('undo');
  const redoButton = page.getByTestId('redo');
  const grid = createGrid(gridSpecOf(JSON.parse(await documentJson(page)) as Scenario));

  /** Snapshots after each edit (index 0: as opened) and the label each edit's undo step carries. */
  const snapshots = [await documentJson(page)];
  const labels: string[] = [];
  const recorded = async (label: string) => {
    await expect(undoButton).toHaveAttribute('title', `Undo ${label} (Ctrl+Z)`);
    labels.push(label);
    const now = await documentJson(page);
    expect(now).not.toBe(snapshots.at(-1));
    snapshots.push(now);
  };
  const midpoint = async (a: Cell, b: Cell) => {
    const [p, q] = [await cellOnPage(page, a), await cellOnPage(page, b)];
    return { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
  };

  // 1. Map: a woods stroke over three cells.
  await tool(page, 'Terrain brush');
  await page.locator('[data-terrain="woods"]').click();
  await dragThrough(page, await Promise.all([{ col: 2, row: 1 }, { col: 2, row: 2 }, { col: 2, row: 3 }].map((c) => cellOnPage(page, c))));
  await recorded('Paint Woods (3 cells)');

  // 2. Calendar: 8 turns, typed.
  await page.getByTestId('tab-calendar').click();
  const turns = page.getByTestId('turns');
  await turns.fill('8');
  await turns.press('Enter');
  await recorded('8 turns');

  // 3. Map: a river along the sides between columns 5 and 6, dragged over three of them.
  const sides: [Cell, Cell][] = [];
  for (let row = 2; row < 8 && sides.length < 3; row++) {
    const a = { col: 5, row };
    for (const b of [{ col: 6, row }, { col: 6, row: row + 1 }]) if (grid.inMap(b) && grid.edgeBetween(a, b) && sides.length < 3) sides.push([a, b]);
  }
  await tool(page, 'River');
  await dragThrough(page, await Promise.all(sides.map(([a, b]) => midpoint(a, b))));
  const rivers = (JSON.parse(await documentJson(page)) as Scenario).map.rivers ?? [];
  expect(rivers.length).toBeGreaterThanOrEqual(2);
  await recorded(`Add river (${rivers.length} sides)`);

  // 4. Order of battle: a new unit in 0304, typed.
  await page.getByTestId('tab-oob').click();
  const firstSide = dock.getByTestId(/^oob-/).first();
  await firstSide.getByTestId(/^new-name-/).fill('Panzer Group 3');
  await firstSide.getByTestId(/^new-strength-/).fill('6');
  await firstSide.getByTestId(/^new-cell-/).fill('0304');
  await firstSide.getByTestId(/^new-cell-/).press('Enter');
  await expect(firstSide.getByTestId('unit-row')).toHaveCount(1);
  await recorded('Added Panzer Group 3');

  // 5. Map: a road dragged over three cells of row 1.
  await tool(page, 'Road');
  await dragThrough(page, await Promise.all([{ col: 7, row: 1 }, { col: 8, row: 1 }, { col: 9, row: 1 }].map((c) => cellOnPage(page, c))));
  const roads = (JSON.parse(await documentJson(page)) as Scenario).map.roads ?? [];
  expect(roads.length).toBe(2);
  await expect(undoButton).toHaveAttribute('title', /^Undo Lay road/);
  await recorded((await undoButton.getAttribute('title'))!.replace(/^Undo /, '').replace(/ \(Ctrl\+Z\)$/, ''));

  // 6. Scenario panel: the first side renamed, typed.
  await page.getByTestId('tab-scenario').click();
  const sideName = dock.getByLabel('Side 1 name');
  await sideName.fill('Army Group Centre');
  await sideName.press('Enter');
  await recorded('Side renamed to Army Group Centre');

  // 7. Map: control of the second side painted over two cells.
  await tool(page, 'Control');
  const side2 = (JSON.parse(await documentJson(page)) as Scenario).sides[1];
  await page.getByRole('radio', { name: side2.name, exact: true }).click();
  await dragThrough(page, await Promise.all([{ col: 0, row: 1 }, { col: 0, row: 2 }].map((c) => cellOnPage(page, c))));
  await expect(undoButton).toHaveAttribute('title', /^Undo Paint control/);
  await recorded((await undoButton.getAttribute('title'))!.replace(/^Undo /, '').replace(/ \(Ctrl\+Z\)$/, ''));

  // 8. Order of battle: the new unit's strength edited in its row, typed.
  await page.getByTestId('tab-oob').click();
  const strength = firstSide.getByTestId('unit-row').first().getByLabel(/Strength/i);
  await strength.fill('4');
  await strength.press('Enter');
  await expect(undoButton).not.toHaveAttribute('title', /Paint control/);
  await recorded((await undoButton.getAttribute('title'))!.replace(/^Undo /, '').replace(/ \(Ctrl\+Z\)$/, ''));
  expect((JSON.parse(snapshots.at(-1)!) as Scenario).orderOfBattle[0]!.strength).toBe(4);

  // 9. Map: one city cell.
  await tool(page, 'Terrain brush');
  await page.locator('[data-terrain="city"]').click();
  const city = await cellOnPage(page, { col: 8, row: 2 });
  await page.mouse.click(city.x, city.y);
  await recorded('Paint City (1 cell)');

  // 10. The title, typed in the inspector.
  const titleField = page.getByTestId('title-field');
  await titleField.fill('Operation Typhoon');
  await titleField.press('Enter');
  await recorded('Title changed');
  expect(labels).toHaveLength(10);
  await shot(page, '1-ten-edits');

  // ---- Undo all ten: Ctrl+Z with the map focused, every third through the Edit menu ----
  await tool(page, 'Pan');
  await page.getByTestId('map').click({ position: { x: 20, y: 20 } });
  for (let i = 10; i >= 1; i--) {
    if (i % 3 === 0) {
      await page.getByTestId('edit-menu').click();
      await expect(page.getByTestId('menu-undo')).toContainText(`Undo ${labels[i - 1]}`);
      await page.getByTestId('menu-undo').click();
      await page.getByTestId('map').click({ position: { x: 20, y: 20 } });
    } else {
      await expect(undoButton).toHaveAttribute('title', `Undo ${labels[i - 1]} (Ctrl+Z)`);
      await page.keyboard.press('Control+z');
    }
    await expect.poll(() => documentJson(page)).toBe(snapshots[i - 1]);
  }
  await expect(undoButton).toBeDisabled();
  await expect(page.getByTestId('dirty-mark')).toHaveCount(0);
  await shot(page, '2-all-undone');

  // ---- Redo all ten: Ctrl+Shift+Z, every fourth through the Edit menu ----
  for (let i = 1; i <= 10; i++) {
    if (i % 4 === 0) {
      await page.getByTestId('edit-menu').click();
      await expect(page.getByTestId('menu-redo')).toContainText(`Redo ${labels[i - 1]}`);
      await page.getByTestId('menu-redo').click();
      await page.getByTestId('map').click({ position: { x: 20, y: 20 } });
    } else {
      await expect(redoButton).toHaveAttribute('title', `Redo ${labels[i - 1]} (Ctrl+Shift+Z)`);
      await page.keyboard.press('Control+Shift+z');
    }
    await expect.poll(() => documentJson(page)).toBe(snapshots[i]);
  }
  await expect(redoButton).toBeDisabled();
  await shot(page, '3-all-redone');

  // Saved, the library holds exactly the last snapshot.
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('dirty-mark')).toHaveCount(0);
  const origin = appOrigin(baseURL);
  const list = await invoke<{ items: { id: string; title: string }[] }>(request, origin, 'library.list', { limit: 500 });
  const id = list.body.ok ? list.body.value.items.find((s) => s.title === 'Operation Typhoon')?.id : undefined;
  expect(id).toBeTruthy();
  const saved = await invoke<{ document: Scenario }>(request, origin, 'library.get', { id });
  expect(saved.body.ok && JSON.stringify(saved.body.value.document)).toBe(snapshots[10]);
});
