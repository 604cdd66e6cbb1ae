// Find and replace as a designer uses it on the seed-000 example: from the library, Ctrl+F,
// look for Woods (8 cells), step through them with Enter (the view centres on each, the cell
// highlighted and selected), narrow the search to Woods on a road, select all the Woods, try
// to replace them while the terrain layer is locked (refused, naming the layer), unlock,
// replace them with Open in the selection as one undo step, undo, redo, save, reopen.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Scenario } from '../shared/format/scenario.types.js';
import { gridSpecOf } from '../shared/format/defaults.js';
import { createGrid } from '../shared/grid/index.js';
import type {} from '../renderer/src/testHook.types.js';
import { cellOnPage, expect, openDocument, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const EXAMPLE = JSON.parse(readFileSync(path.join(projectRoot, 'scenarios', 'seed-000-example.json'), 'utf8')) as Scenario;

/** The cells ("col,row") whose terrain code is `code`, in map order as the file's rows give them. */
function cellsOf(s: Scenario, code: string): string[] {
  const out: string[] = [];
  (s.map.terrain ?? []).forEach((row, r) => [...row].forEach((c, col) => c === code && out.push(`${col},${r}`)));
  return out;
}

test('Ctrl+F finds the Woods, steps through them, selects them and replaces them with Open as one undo step; saved and reopened', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 860 });
  const woods = cellsOf(EXAMPLE, 'f');
  expect(woods).toHaveLength(8);
  await page.goto('/');
  await page.locator(`[data-scenario-id="${EXAMPLE.id}"]`).dblclick();
  const map = page.getByTestId('map');
  await expect(map).toHaveAttribute('data-ready', 'true');

  // Ctrl+F opens the Find panel with its first field ready.
  await map.click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+f');
  const panel = page.getByTestId('find-panel');
  await expect(panel).toBeVisible();
  const terrain = panel.getByLabel('Terrain', { exact: true });
  await expect(terrain).toBeFocused();
  await expect(panel).toContainText('Choose what to look for.');

  // Woods: eight cells.
  await terrain.selectOption({ label: 'Woods' });
  await expect(panel.getByTestId('find-count')).toHaveText('8 cells');

  // Enter goes to the first Woods, then the next: each comes to the middle of the map, selected.
  const box = (await map.boundingBox())!;
  const labelOf = (ref: string) => {
    const [c, r] = ref.split(',').map(Number);
    return `${String(c! + 1).padStart(2, '0')}${String(r! + 1).padStart(2, '0')}`;
  };
  // Map order is the designer's: ask which cell each hit is, then check the view went there.
  const visited: string[] = [];
  for (let k = 0; k < 2; k++) {
    await terrain.press('Enter');
    await expect(panel.getByTestId('find-count')).toHaveText(`8 cells · ${k + 1} of 8`);
    const selected = await page.getByTestId('cell-editor').textContent();
    const hit = woods.find((ref) => selected!.includes(labelOf(ref)));
    expect(hit, `the selected cell (${selected}) is a Woods cell`).toBeDefined();
    visited.push(hit!);
    const [col, row] = hit!.split(',').map(Number);
    const at = await cellOnPage(page, { col: col!, row: row! });
    expect(Math.abs(at.x - (box.x + box.width / 2))).toBeLessThan(2);
    expect(Math.abs(at.y - (box.y + box.height / 2))).toBeLessThan(2);
  }
  expect(visited[0]).not.toBe(visited[1]);
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(OUTPUT, 'find-next.png') });
  // Previous goes back.
  await panel.getByRole('button', { name: '‹ Previous' }).click();
  await expect(panel.getByTestId('find-count')).toHaveText('8 cells · 1 of 8');

  // Criteria combine: Woods on a road is fewer (the file says which).
  const along = panel.getByLabel('Along');
  await along.selectOption({ label: 'Road' });
  const doc0 = await openDocument(page);
  const onRoad = new Set<string>();
  const grid = createGrid(gridSpecOf(doc0.map));
  for (const e of doc0.map.roads ?? []) for (const c of grid.edgeCells(grid.parseEdge(e)!)) onRoad.add(`${c.col},${c.row}`);
  const woodsOnRoad = woods.filter((w) => onRoad.has(w)).length;
  await expect(panel.getByTestId('find-count')).toHaveText(woodsOnRoad === 0 ? 'No cells' : `${woodsOnRoad} cell${woodsOnRoad === 1 ? '' : 's'}`);
  await expect(panel).toContainText('Woods, on a road');
  await along.selectOption({ label: 'Anything or nothing' });
  await expect(panel.getByTestId('find-count')).toHaveText('8 cells');

  // Select all: the Woods become the region selection.
  await panel.getByRole('button', { name: 'Select all' }).click();
  await expect(page.getByTestId('region-status')).toHaveText('8 cells selected');

  // The terrain layer locked: Replace is refused, naming the layer; nothing changes.
  const layers = page.getByTestId('layers-panel');
  await layers.locator('[data-lock="terrain"]').click();
  await panel.getByLabel('Selection (8 cells)', { exact: true }).check();
  await expect(panel.getByLabel('Replace with')).toHaveValue('open');
  await panel.getByTestId('find-replace').click();
  await expect(panel.getByTestId('find-said')).toContainText('Terrain layer is locked');
  expect(cellsOf(await openDocument(page), 'f')).toEqual(woods);
  await layers.locator('[data-lock="terrain"]').click();

  // Unlocked: Woods with Open in the selection, one undo step naming the count.
  await panel.getByTestId('find-replace').click();
  await expect(panel.getByTestId('find-said')).toHaveText('Replace Woods with Open (8 cells).');
  await expect(panel.getByTestId('find-count')).toHaveText('No cells');
  let doc = await openDocument(page);
  expect(cellsOf(doc, 'f')).toEqual([]);
  expect(cellsOf(doc, '.').length).toBe(cellsOf(EXAMPLE, '.').length + 8);
  await page.getByRole('button', { name: /^Edit/ }).click();
  await expect(page.getByTestId('menu-undo')).toHaveText(/Undo Replace Woods with Open \(8 cells\)/);
  await page.keyboard.press('Escape');
  await page.mouse.move(box.x + 40, box.y + box.height - 40);
  await page.screenshot({ path: path.join(OUTPUT, 'find-replaced.png') });

  // Undo: the Woods are back (found again); redo: gone again.
  await page.keyboard.press('Control+z');
  await expect(panel.getByTestId('find-count')).toHaveText('8 cells');
  expect(cellsOf(await openDocument(page), 'f')).toEqual(woods);
  await page.keyboard.press('Control+Shift+z');
  await expect(panel.getByTestId('find-count')).toHaveText('No cells');

  // Esc closes the panel; saved, back to the library and opened again: no Woods.
  await panel.getByLabel('Terrain', { exact: true }).press('Escape');
  await expect(panel).toHaveCount(0);
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('dirty-mark')).toHaveCount(0);
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await page.locator(`[data-scenario-id="${EXAMPLE.id}"]`).dblclick();
  await expect(map).toHaveAttribute('data-ready', 'true');
  doc = await openDocument(page);
  expect(cellsOf(doc, 'f')).toEqual([]);
  expect(doc.map.terrain).toEqual(EXAMPLE.map.terrain!.map((row) => row.replaceAll('f', '.')));

  // From the Edit menu too: the panel opens on the reopened map, and finds no Woods.
  await page.getByRole('button', { name: /^Edit/ }).click();
  await page.getByRole('menuitem', { name: /Find and replace/ }).click();
  await expect(panel).toBeVisible();
  await panel.getByLabel('Terrain', { exact: true }).selectOption({ label: 'Woods' });
  await expect(panel.getByTestId('find-count')).toHaveText('No cells');
});
