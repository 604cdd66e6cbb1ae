// Region editing as a designer coming from Tiled does it: select a block of the map with a
// river and a road through it, copy it, paste it elsewhere turned by the grid's symmetry
// (60° on hexes, 90° on squares), undo, redo, save, reopen. The expected content is worked
// out here from the source block with the grid's own maths written out (axial coordinates
// for flat-top odd-q hexes, plain vectors for squares), not with the app's region code.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createGrid } from '../shared/grid/index.js';
import type { Cell, EdgeId, GridGeometry } from '../shared/grid/types.js';
import { gridSpecOf } from '../shared/format/defaults.js';
import type { Scenario } from '../shared/format/scenario.types.js';
import { cellOnPage, createBlankScenario, dragThrough, expect, openDocument, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const COLS = 16;
const ROWS = 12;

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(OUTPUT, `regions-${name}.png`) });
const tool = (page: Page, name: string) => page.getByRole('radio', { name, exact: true }).click();
const cells = (page: Page, list: readonly Cell[]) => Promise.all(list.map((c) => cellOnPage(page, c)));

type Axial = [number, number];
interface Lattice {
  to(c: Cell): Axial;
  from(a: Axial): Cell;
  /** One clockwise rotation step. */
  turn(a: Axial): Axial;
}
/** Flat-top hexes, odd columns shifted down (the default new map). */
const HEX: Lattice = {
  to: ({ col, row }) => [col, row - (col - (col & 1)) / 2],
  from: ([q, r]) => ({ col: q, row: r + (q - (q & 1)) / 2 }),
  turn: ([q, r]) => [-r, q + r],
};
const SQUARE: Lattice = {
  to: ({ col, row }) => [col, row],
  from: ([x, y]) => ({ col: x, row: y }),
  turn: ([x, y]) => [-y, x],
};

/** Paints a 4×3 block of woods at columns 2–5, rows 2–4 with a river down its middle and a road across it. */
async function paintSource(page: Page, grid: GridGeometry): Promise<{ block: Cell[]; river: EdgeId[] }> {
  await tool(page, 'Rectangle');
  await page.locator('[data-terrain="woods"]').click();
  await dragThrough(page, await cells(page, [{ col: 2, row: 2 }, { col: 4, row: 3 }, { col: 5, row: 4 }]));
  const block: Cell[] = [];
  for (let row = 2; row <= 4; row++) for (let col = 2; col <= 5; col++) block.push({ col, row });

  // The river: every side between columns 3 and 4 inside the block, clicked one by one.
  const sides: { e: EdgeId; a: Cell; b: Cell; y: number }[] = [];
  for (let row = 2; row <= 4; row++)
    for (let r2 = 2; r2 <= 4; r2++) {
      const a = { col: 3, row };
      const b = { col: 4, row: r2 };
      const e = grid.edgeBetween(a, b);
      if (e) sides.push({ e, a, b, y: (grid.center(a, 100).y + grid.center(b, 100).y) / 2 });
    }
  sides.sort((p, q) => p.y - q.y);
  await tool(page, 'River');
  for (const s of sides) {
    const [p, q] = await cells(page, [s.a, s.b]);
    await page.mouse.click((p!.x + q!.x) / 2, (p!.y + q!.y) / 2);
  }

  await tool(page, 'Road');
  await dragThrough(page, await cells(page, [{ col: 2, row: 3 }, { col: 3, row: 3 }, { col: 4, row: 3 }, { col: 5, row: 3 }]));
  return { block, river: sides.map((s) => s.e) };
}

const setCode = (rows: string[], c: Cell, code: string) => {
  rows[c.row] = rows[c.row]!.slice(0, c.col) + code + rows[c.row]!.slice(c.col + 1);
};
const sorted = (list: readonly string[] | undefined) => [...(list ?? [])].sort();

/**
 * The map expected after pasting `block` of `before` turned `steps` times with the selection's
 * cell `origin` under `target`: every cell, river and road of the block moved and turned.
 */
function expectedMap(before: Scenario, grid: GridGeometry, lat: Lattice, block: Cell[], origin: Cell, target: Cell, steps: number): Scenario['map'] {
  const turn = (a: Axial) => {
    for (let i = 0; i < steps; i++) a = lat.turn(a);
    return a;
  };
  const o = lat.to(origin);
  const t = lat.to(target);
  const move = (c: Cell): Cell => {
    const [q, r] = turn([lat.to(c)[0] - o[0], lat.to(c)[1] - o[1]]);
    return lat.from([t[0] + q, t[1] + r]);
  };
  const map = structuredClone(before.map);
  for (const c of block) {
    const to = move(c);
    setCode(map.terrain!, to, before.map.terrain![c.row]![c.col]!);
    setCode(map.control!, to, before.map.control![c.row]![c.col]!);
  }
  for (const key of ['rivers', 'roads'] as const) {
    const moved = (before.map[key] ?? []).map((e) => {
      const [a, b] = grid.edgeCells(e);
      return grid.edgeBetween(move(a), move(b))!;
    });
    map[key] = [...(before.map[key] ?? []), ...moved];
  }
  return map;
}

/** Select, copy, paste turned, and check the document against the expected map; then undo, redo, save, reopen. */
async function copyTurnPaste(page: Page, title: string, lat: Lattice, steps: number, turnedBy: string) {
  const opened = await openDocument(page);
  const grid = createGrid(gridSpecOf(opened));
  const { block, river } = await paintSource(page, grid);
  const before = await openDocument(page);
  expect(sorted(before.map.rivers)).toEqual(sorted(river));
  expect(before.map.roads).toHaveLength(3);

  // Select the block with the rectangle selection and copy it.
  await tool(page, 'Select region');
  await dragThrough(page, await cells(page, [{ col: 2, row: 2 }, { col: 3, row: 3 }, { col: 5, row: 4 }]));
  await expect(page.getByTestId('region-status')).toHaveText('12 cells selected');
  await page.keyboard.press('Control+c');
  await expect(page.getByTestId('region-bar').getByRole('button', { name: 'Paste' })).toBeEnabled();

  // Paste under the pointer, turn it once with R, put it down with a click.
  const target = { col: 11, row: 7 };
  const at = await cellOnPage(page, target);
  await page.mouse.move(at.x, at.y);
  await page.keyboard.press('Control+v');
  await expect(page.getByTestId('region-status')).toHaveText('Pasting 12 cells');
  await page.keyboard.press('r');
  await expect(page.getByTestId('region-status')).toHaveText(`Pasting 12 cells${turnedBy}`);
  await page.mouse.move(at.x + 3, at.y + 2);
  await shot(page, `${title}-floating`);
  await page.mouse.click(at.x, at.y);
  await expect(page.getByTestId('region-status')).toHaveText('12 cells selected');
  await expect(page.getByTestId('undo')).toHaveAttribute('title', 'Undo Paste 12 cells (Ctrl+Z)');
  const pasted = await openDocument(page);

  // The pasted block is the source turned about one of its cells, which sits under the pointer.
  const match = block.find((origin) => {
    const want = expectedMap(before, grid, lat, block, origin, target, steps);
    return JSON.stringify({ ...want, rivers: sorted(want.rivers), roads: sorted(want.roads) }) ===
      JSON.stringify({ ...pasted.map, rivers: sorted(pasted.map.rivers), roads: sorted(pasted.map.roads) });
  });
  expect(match, 'the pasted map is the block turned, under the pointer').toBeDefined();
  expect(pasted.map.rivers).toHaveLength(2 * river.length);
  expect(pasted.map.roads).toHaveLength(6);
  await page.mouse.move(5, 400);
  await shot(page, `${title}-pasted`);

  // One undo takes the whole paste away; redo puts it back.
  await page.keyboard.press('Control+z');
  expect(await openDocument(page)).toEqual(before);
  await page.keyboard.press('Control+y');
  expect(await openDocument(page)).toEqual(pasted);

  // Saved and reopened from the library: the same file.
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('dirty-mark')).toHaveCount(0);
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await page.getByTestId('scenario-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) }).click();
  await page.getByTestId('details-panel').getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  expect((await openDocument(page)).map).toEqual(pasted.map);
}

test('copy a block with a river and a road and paste it turned 60° on a hex map; undo, redo, save, reopen', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto('/');
  await createBlankScenario(page, 'Regions on hexes', { cols: COLS, rows: ROWS }, 'two-sides');
  await copyTurnPaste(page, 'Regions on hexes', HEX, 1, ' turned 60°');
});

test('copy a block with a river and a road and paste it turned 90° on a square map; undo, redo, save, reopen', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto('/');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByTestId('new-dialog');
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Regions on squares');
  await dialog.getByRole('radio', { name: /^Two sides facing/ }).check();
  await dialog.getByRole('combobox', { name: 'Grid' }).selectOption('square-4');
  await dialog.getByRole('spinbutton', { name: 'Columns' }).fill(String(COLS));
  await dialog.getByRole('spinbutton', { name: 'Rows' }).fill(String(ROWS));
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  await copyTurnPaste(page, 'Regions on squares', SQUARE, 1, ' turned 90°');
});

/** Cells of `terrain` in a document, as "col,row". */
function cellsOf(d: Scenario, terrainId: string): string[] {
  const code = d.map.terrainTypes.find((t) => t.id === terrainId)!.code;
  const out: string[] = [];
  d.map.terrain!.forEach((row, r) => [...row].forEach((c, col) => c === code && out.push(`${col},${r}`)));
  return out;
}

test('wand, lasso and drag to move; cut in one scenario, paste mirrored in another; delete; Esc drops a paste', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto('/');
  await createBlankScenario(page, 'Regions source', { cols: COLS, rows: ROWS }, 'two-sides');
  await tool(page, 'Rectangle');
  await page.locator('[data-terrain="swamp"]').click();
  await dragThrough(page, await cells(page, [{ col: 2, row: 2 }, { col: 4, row: 3 }]));
  await page.locator('[data-terrain="rough"]').click();
  await dragThrough(page, await cells(page, [{ col: 8, row: 8 }, { col: 8, row: 8 }]));
  await page.locator('[data-terrain="woods"]').click();
  await dragThrough(page, await cells(page, [{ col: 10, row: 2 }, { col: 11, row: 3 }]));

  // Magic wand: the connected swamp; Shift+click adds the rough cell.
  await tool(page, 'Magic wand');
  const swampCell = await cellOnPage(page, { col: 3, row: 2 });
  await page.mouse.click(swampCell.x, swampCell.y);
  await expect(page.getByTestId('region-status')).toHaveText('6 cells selected');
  const rough = await cellOnPage(page, { col: 8, row: 8 });
  await page.keyboard.down('Shift');
  await page.mouse.click(rough.x, rough.y);
  await page.keyboard.up('Shift');
  await expect(page.getByTestId('region-status')).toHaveText('7 cells selected');

  // Lasso round the four woods cells, then drag them four rows down: one undo step.
  await tool(page, 'Lasso select');
  const size = (await cellOnPage(page, { col: 0, row: 1 })).y - (await cellOnPage(page, { col: 0, row: 0 })).y;
  const a = await cellOnPage(page, { col: 10, row: 2 });
  const b = await cellOnPage(page, { col: 11, row: 3 });
  const m = 0.3 * size;
  await dragThrough(page, [
    { x: a.x - m, y: a.y - m }, { x: b.x + m, y: a.y - m }, { x: b.x + m, y: b.y + m }, { x: a.x - m, y: b.y + m }, { x: a.x - m, y: a.y - m + 2 },
  ]);
  await expect(page.getByTestId('region-status')).toHaveText('4 cells selected');
  await shot(page, 'lasso');
  await dragThrough(page, await cells(page, [{ col: 10, row: 2 }, { col: 10, row: 4 }, { col: 10, row: 6 }]));
  await expect(page.getByTestId('undo')).toHaveAttribute('title', 'Undo Move 4 cells (Ctrl+Z)');
  let d = await openDocument(page);
  expect(cellsOf(d, 'woods').sort()).toEqual(['10,6', '10,7', '11,6', '11,7']);
  await page.keyboard.press('Control+z');
  d = await openDocument(page);
  expect(cellsOf(d, 'woods').sort()).toEqual(['10,2', '10,3', '11,2', '11,3']);
  await page.keyboard.press('Control+y');

  // Cut the swamp (the wand again): the cells go back to open ground; save.
  await tool(page, 'Magic wand');
  await page.mouse.click(swampCell.x, swampCell.y);
  await page.keyboard.press('Control+x');
  d = await openDocument(page);
  expect(cellsOf(d, 'swamp')).toEqual([]);
  await expect(page.getByTestId('undo')).toHaveAttribute('title', 'Undo Cut 6 cells (Ctrl+Z)');
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('dirty-mark')).toHaveCount(0);

  // Another scenario: the clipboard is still there. Esc drops a paste; M mirrors, Enter places.
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await createBlankScenario(page, 'Regions target', { cols: 12, rows: 10 }, 'two-sides');
  const before = await openDocument(page);
  await tool(page, 'Select region');
  const at = await cellOnPage(page, { col: 6, row: 5 });
  await page.mouse.move(at.x, at.y);
  await page.keyboard.press('Control+v');
  await expect(page.getByTestId('region-status')).toHaveText('Pasting 6 cells');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('region-bar')).toHaveCount(0);
  expect(await openDocument(page)).toEqual(before);
  await page.keyboard.press('Control+v');
  await page.keyboard.press('m');
  await expect(page.getByTestId('region-status')).toHaveText('Pasting 6 cells mirrored');
  await page.keyboard.press('Enter');
  d = await openDocument(page);
  const pasted = cellsOf(d, 'swamp');
  expect(pasted).toHaveLength(6);
  expect(pasted).toContain('6,5');
  await shot(page, 'pasted-mirrored');

  // Delete empties the selection (the pasted cells are selected after a paste).
  await expect(page.getByTestId('region-status')).toHaveText('6 cells selected');
  await page.keyboard.press('Delete');
  d = await openDocument(page);
  expect(cellsOf(d, 'swamp')).toEqual([]);
  expect(d.map.terrain).toEqual(before.map.terrain);
  await page.keyboard.press('Control+z');
  expect(cellsOf(await openDocument(page), 'swamp')).toHaveLength(6);
});
