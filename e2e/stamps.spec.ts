// Stamps as a designer uses them: paint a village with its road on one map, select it, keep it
// in the library as a stamp, open another map, choose the stamp in the Stamps panel, turn it
// and put it down (each placement one undo step), save — the saved file has the village,
// turned, where it was put. A square map refuses the hex stamp and says why. The expected
// content is worked out here from the painted block with the grid's maths written out (axial
// coordinates of flat-top odd-q hexes), not with the app's region code.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Cell } from '../shared/grid/types.js';
import { createGrid } from '../shared/grid/index.js';
import { gridSpecOf } from '../shared/format/defaults.js';
import type { Scenario } from '../shared/format/scenario.types.js';
import { decodePng } from './images.js';
import { appOrigin, cellOnPage, createBlankScenario, dragThrough, expect, invoke, openDocument, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(OUTPUT, `stamps-${name}.png`) });
const tool = (page: Page, name: string) => page.getByRole('radio', { name, exact: true }).click();
const cells = (page: Page, list: readonly Cell[]) => Promise.all(list.map((c) => cellOnPage(page, c)));

type Axial = [number, number];
/** Flat-top hexes, odd columns shifted down (a new map's grid). */
const toAxial = ({ col, row }: Cell): Axial => [col, row - (col - (col & 1)) / 2];
const fromAxial = ([q, r]: Axial): Cell => ({ col: q, row: r + (q - (q & 1)) / 2 });
const turn60 = ([q, r]: Axial): Axial => [-r, q + r];

const setCode = (rows: string[], c: Cell, code: string) => {
  rows[c.row] = rows[c.row]!.slice(0, c.col) + code + rows[c.row]!.slice(c.col + 1);
};
const sorted = (list: readonly string[] | undefined) => [...(list ?? [])].sort();

/** `target`'s map with `block` of `source` put down turned `steps` × 60° about `origin`, which lands on `anchor`. */
function stamped(source: Scenario, target: Scenario, block: Cell[], origin: Cell, anchor: Cell, steps: number): Scenario['map'] {
  const grid = createGrid(gridSpecOf(source));
  const o = toAxial(origin);
  const a = toAxial(anchor);
  const move = (c: Cell): Cell => {
    let d: Axial = [toAxial(c)[0] - o[0], toAxial(c)[1] - o[1]];
    for (let i = 0; i < steps; i++) d = turn60(d);
    return fromAxial([a[0] + d[0], a[1] + d[1]]);
  };
  const map = structuredClone(target.map);
  for (const c of block) {
    setCode(map.terrain!, move(c), source.map.terrain![c.row]![c.col]!);
    setCode(map.control!, move(c), source.map.control![c.row]![c.col]!);
  }
  map.roads = [...(target.map.roads ?? []), ...(source.map.roads ?? []).map((e) => {
    const [p, q] = grid.edgeCells(e);
    return grid.edgeBetween(move(p), move(q))!;
  })];
  return map;
}

const comparable = (m: Scenario['map']) => JSON.stringify({ ...m, roads: sorted(m.roads), rivers: sorted(m.rivers) });

test('a village with its road kept as a stamp in one scenario, stamped turned on another, saved', async ({ page, request, baseURL }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto('/');

  // The source map: a 3×3 village of woods with a road through it, on the west side's half.
  await createBlankScenario(page, 'Stamp source', { cols: 14, rows: 10 }, 'two-sides');
  await tool(page, 'Rectangle');
  await page.locator('[data-terrain="woods"]').click();
  await dragThrough(page, await cells(page, [{ col: 2, row: 2 }, { col: 3, row: 3 }, { col: 4, row: 4 }]));
  await tool(page, 'Road');
  await dragThrough(page, await cells(page, [{ col: 2, row: 3 }, { col: 3, row: 3 }, { col: 4, row: 3 }]));
  const block: Cell[] = [];
  for (let row = 2; row <= 4; row++) for (let col = 2; col <= 4; col++) block.push({ col, row });
  const source = await openDocument(page);
  expect(source.map.roads).toHaveLength(2);

  // Select it and keep it as a stamp.
  await tool(page, 'Select region');
  await dragThrough(page, await cells(page, [{ col: 2, row: 2 }, { col: 3, row: 3 }, { col: 4, row: 4 }]));
  await expect(page.getByTestId('region-status')).toHaveText('9 cells selected');
  await page.getByTestId('region-bar').getByRole('button', { name: 'Save as stamp…' }).click();
  const dialog = page.getByTestId('stamp-name-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Village with road');
  await shot(page, 'save-dialog');
  await dialog.getByRole('button', { name: 'Save stamp' }).click();
  await expect(dialog).toHaveCount(0);
  const card = page.getByTestId('stamp-card').filter({ hasText: 'Village with road' });
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('aria-selected', 'true');
  await expect(card.locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);
  // Its thumbnail is the map painter's picture too: trees in the woods, not a flat fill.
  const thumb = await treeInk(Buffer.from((await card.locator('img').getAttribute('src'))!.split(',')[1]!, 'base64'));
  expect(thumb.dark, 'trees in the stamp thumbnail').toBeGreaterThan(60);
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('dirty-mark')).toHaveCount(0);

  // Another scenario from the library.
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await createBlankScenario(page, 'Stamp target', { cols: 14, rows: 10 });
  const target = await openDocument(page);
  expect(target.map.roads ?? []).toEqual([]);

  // The stamp is in the panel: choose it (the Stamp tool comes up), turn it once, put it down.
  const targetCard = page.getByTestId('stamp-card').filter({ hasText: 'Village with road' });
  await targetCard.scrollIntoViewIfNeeded();
  await targetCard.click();
  await expect(page.getByRole('radio', { name: 'Stamp', exact: true })).toHaveAttribute('aria-checked', 'true');
  const anchor = { col: 9, row: 5 };
  const at = await cellOnPage(page, anchor);
  await page.mouse.move(at.x + 4, at.y + 3);
  await expect(page.getByTestId('region-status')).toHaveText('Stamping “Village with road”');
  await page.keyboard.press('r');
  await expect(page.getByTestId('region-status')).toHaveText('Stamping “Village with road” turned 60°');
  await page.mouse.move(at.x, at.y);
  await shot(page, 'floating');
  // The stamp under the pointer is drawn as the map draws it: the woods' trees and the road as
  // they will be once put down (the map painter's symbols, not flat colours).
  const box = { x: at.x - 150, y: at.y - 150, width: 300, height: 300 };
  const floatingInk = treeInk(await page.screenshot({ clip: box }));
  await page.mouse.click(at.x, at.y);
  await expect(page.getByTestId('undo')).toHaveAttribute('title', 'Undo Stamp “Village with road” (Ctrl+Z)');
  await page.mouse.move(5, 400);
  const placedInk = treeInk(await page.screenshot({ clip: box }));
  expect((await placedInk).dark, 'trees on the stamped cells').toBeGreaterThan(2000);
  expect((await floatingInk).dark / (await placedInk).dark, 'the floating stamp shows the trees it puts down (at 85 % opacity)').toBeGreaterThan(0.4);
  expect((await floatingInk).road, 'the floating stamp shows the road as drawn on the map').toBeGreaterThan(0.5 * (await placedInk).road);
  const once = await openDocument(page);
  const origin = block.find((o) => comparable(stamped(source, target, block, o, anchor, 1)) === comparable(once.map));
  expect(origin, 'the stamped map is the village turned 60°, under the pointer').toBeDefined();

  // A second placement is a step of its own: one undo takes only it away.
  const second = await cellOnPage(page, { col: 4, row: 2 });
  await page.mouse.click(second.x, second.y);
  const twice = await openDocument(page);
  expect(twice.map.roads).toHaveLength(4);
  await page.mouse.move(5, 400);
  await shot(page, 'stamped');
  await page.keyboard.press('Control+z');
  expect((await openDocument(page)).map).toEqual(once.map);

  // Esc puts the stamp away; saved, the library's file has the stamped village.
  await page.mouse.move(at.x, at.y);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('radio', { name: 'Select', exact: true })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('dirty-mark')).toHaveCount(0);
  const list = await invoke<{ items: { id: string; title: string }[] }>(request, appOrigin(baseURL), 'library.list', { limit: 500 });
  const id = list.body.ok ? list.body.value.items.find((s) => s.title === 'Stamp target')?.id : undefined;
  expect(id).toBeDefined();
  const saved = await invoke<{ document: Scenario }>(request, appOrigin(baseURL), 'library.get', { id });
  expect(saved.body.ok).toBe(true);
  if (saved.body.ok) expect(comparable(saved.body.value.document.map)).toBe(comparable(stamped(source, target, block, origin!, anchor, 1)));

  // A square map: the hex stamp is dimmed and refused, saying why.
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const newDialog = page.getByTestId('new-dialog');
  await newDialog.getByRole('textbox', { name: 'Title' }).fill('Stamp on squares');
  await newDialog.getByRole('combobox', { name: 'Grid' }).selectOption('square-4');
  await newDialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  const squareCard = page.getByTestId('stamp-card').filter({ hasText: 'Village with road' });
  await squareCard.scrollIntoViewIfNeeded();
  await expect(squareCard).toHaveAttribute('title', /made on a map of flat-top hexes; this map has squares/);
  const before = await openDocument(page);
  await squareCard.click();
  await clickOnMap(page, { col: 3, row: 3 });
  await expect(page.getByRole('alert').filter({ hasText: 'this map has squares' })).toBeVisible();
  expect(await openDocument(page)).toEqual(before);
});

/**
 * Pixels of the woods' tree symbols (dark green ink) and of the road (the painter's orange-buff
 * casing) in a picture: flat terrain colours have neither.
 */
async function treeInk(png: Uint8Array): Promise<{ dark: number; road: number }> {
  const img = await decodePng(png);
  let dark = 0;
  let road = 0;
  for (let i = 0; i < img.data.length; i += 4) {
    const [r, g, b, a] = [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!, img.data[i + 3]!];
    // A thumbnail is transparent round the clip: only opaque pixels count.
    if (a < 250) continue;
    if (r + g + b < 260 && g >= r && g >= b) dark++;
    if (r > 200 && g > 150 && b < 140 && r - b > 80) road++;
  }
  return { dark, road };
}

/** Keeps the one cell at `cell` as a stamp named `name` (Select region, click, Save as stamp). */
async function keepCellAsStamp(page: Page, cell: Cell, name: string): Promise<void> {
  await tool(page, 'Select region');
  await clickOnMap(page, cell);
  await expect(page.getByTestId('region-status')).toHaveText('1 cell selected');
  await page.getByTestId('region-bar').getByRole('button', { name: 'Save as stamp…' }).click();
  const dialog = page.getByTestId('stamp-name-dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Save stamp' }).click();
  await expect(dialog).toHaveCount(0);
}

/** Drags the Stamp tool along row `row` from column `from` to `to`, through every cell's centre. */
async function strokeRow(page: Page, row: number, from: number, to: number): Promise<void> {
  const list: Cell[] = [];
  for (let col = from; col <= to; col++) list.push({ col, row });
  await dragThrough(page, await cells(page, list));
}

test('painting with a random choice of two stamps: the same seed and stroke put down the same stamps; rename, delete', async ({ page, request, baseURL }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto('/');
  await createBlankScenario(page, 'Random stamps', { cols: 14, rows: 10 });
  await tool(page, 'Terrain brush');
  await page.locator('[data-terrain="woods"]').click();
  await clickOnMap(page, { col: 1, row: 1 });
  await page.locator('[data-terrain="city"]').click();
  await clickOnMap(page, { col: 1, row: 3 });
  await keepCellAsStamp(page, { col: 1, row: 1 }, 'Wood');
  await keepCellAsStamp(page, { col: 1, row: 3 }, 'Town');
  await page.keyboard.press('Escape');

  // Choose Town, Ctrl+click Wood: a random choice between the two, with its seed.
  await page.getByTestId('stamp-card').filter({ hasText: 'Town' }).click();
  await page.getByTestId('stamp-card').filter({ hasText: 'Wood' }).click({ modifiers: ['Control'] });
  await expect(page.getByTestId('stamp-card').and(page.locator('[aria-selected="true"]'))).toHaveCount(2);
  const random = page.getByTestId('stamp-random');
  await expect(random).toContainText('Random choice among 2 stamps');
  const seed = await random.locator('.seed').textContent();

  const before = await openDocument(page);
  await strokeRow(page, 6, 2, 11);
  const after = await openDocument(page);
  // Each cell of the stroke took one of the two stamps; nothing else changed.
  const row6 = after.map.terrain![6]!;
  for (let col = 0; col < 14; col++) {
    if (col >= 2 && col <= 11) expect('wc').toContain(row6[col]);
    else expect(row6[col]).toBe(before.map.terrain![6]![col]);
  }
  expect(after.map.terrain!.filter((_, r) => r !== 6)).toEqual(before.map.terrain!.filter((_, r) => r !== 6));
  await page.mouse.move(5, 400);
  await shot(page, 'random');
  // One undo step per stamp put down.
  await page.keyboard.press('Control+z');
  expect((await openDocument(page)).map.terrain![6]!.slice(0, 11)).toBe(row6.slice(0, 11));
  expect((await openDocument(page)).map.terrain![6]![11]).toBe('.');
  await page.keyboard.press('Control+y');

  // The same stroke on a fresh map of the same size with the same seed: the same stamps.
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('dirty-mark')).toHaveCount(0);
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await createBlankScenario(page, 'Random stamps again', { cols: 14, rows: 10 });
  await page.getByRole('radio', { name: 'Stamp', exact: true }).click();
  await expect(page.getByTestId('stamp-random').locator('.seed')).toHaveText(seed!);
  await strokeRow(page, 6, 2, 11);
  expect((await openDocument(page)).map.terrain![6]).toBe(row6);

  // Another seed: another draw of the same two stamps.
  await random.getByRole('button', { name: 'New seed' }).click();
  await expect(random.locator('.seed')).not.toHaveText(seed!);

  // Rename one (double-click its card), delete the other (asked first): the library keeps that.
  await page.getByTestId('stamp-card').filter({ hasText: 'Wood' }).dblclick();
  const nameDialog = page.getByTestId('stamp-name-dialog');
  await nameDialog.getByRole('textbox', { name: 'Name' }).fill('Birch wood');
  await nameDialog.getByRole('button', { name: 'Rename' }).click();
  await expect(nameDialog).toHaveCount(0);
  await page.getByTestId('stamp-card').filter({ hasText: 'Town' }).click();
  await page.getByTestId('stamps-panel').getByRole('button', { name: 'Delete', exact: true }).click();
  const question = page.getByTestId('question-dialog');
  await expect(question).toContainText('Delete the stamp “Town” from the library?');
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('stamp-card')).toHaveText(['Birch wood']);
  const stored = await invoke<{ name: string }[]>(request, appOrigin(baseURL), 'stamps.list');
  expect(stored.body.ok && stored.body.value.map((e) => e.name)).toEqual(['Birch wood']);
});

async function clickOnMap(page: Page, cell: Cell): Promise<void> {
  const p = await cellOnPage(page, cell);
  await page.mouse.move(p.x, p.y);
  await page.mouse.click(p.x, p.y);
}
