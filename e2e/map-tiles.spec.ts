// The map is drawn from tiles that edits patch in place. Whatever the zoom, after painting
// terrain and control, adding markers, a river side, a road, a name, and undoing some of it,
// every tile on screen must be exactly what painting it afresh gives; and after a zoom the
// view sharpens by itself.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Scenario } from '../shared/format/scenario.types.js';
import type {} from '../renderer/src/testHook.types.js';
import { createGrid } from '../shared/grid/index.js';
import type { Cell } from '../shared/grid/types.js';
import { cellOnPage, expect, projectRoot, test } from './fixtures.js';
import { gridSpecOf } from '../shared/format/defaults.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });

const source = JSON.parse(readFileSync(path.join(projectRoot, 'scenarios', 'dnieper-bend-1943.json'), 'utf8')) as Scenario;
// A copy under its own id, opened in memory: nothing here reaches the library.
const scenario: Scenario = { ...source, id: 'tiles-check', title: 'Tiles check' };
const grid = createGrid(gridSpecOf(scenario));

const stroke = (page: Page, cells: Cell[], tool: string) =>
  page.evaluate(([cs, t]) => window.__gridfront!.editor!.strokeMs(cs, t), [cells, tool] as const);
const options = (page: Page, o: Record<string, unknown>) => page.evaluate((x) => window.__gridfront!.editor!.setOptions(x), o);

async function sharp(page: Page) {
  await expect.poll(() => page.evaluate(() => window.__gridfront!.map.pendingTiles), { timeout: 15_000 }).toBe(0);
}

async function expectTilesMatch(page: Page, what: string) {
  // An edit patches the tiles it touches at once and paints them whole again a moment later
  // (MapRenderer's settling tiles); once the view is sharp, every tile is a fresh paint.
  await sharp(page);
  const check = await page.evaluate(() => window.__gridfront!.map.checkTiles());
  expect(check, what).not.toBeNull();
  expect(check!.tiles, `${what}: tiles on screen`).toBeGreaterThan(0);
  expect(check!.large, `${what}: pixels far off a fresh paint (max difference ${check!.maxDifference} at ${JSON.stringify(check!.worst)})`).toBe(0);
  expect(check!.slight, `${what}: pixels a shade off a fresh paint (in ${JSON.stringify(check!.slightArea)})`).toBe(0);
  await expectScreenShowsTiles(page, what);
}

/** The map's static layer on screen is its tiles, pixel for pixel, each where the tiling puts it. */
async function expectScreenShowsTiles(page: Page, what: string, mode?: 'mosaic' | 'overview') {
  const screen = await page.evaluate(() => window.__gridfront!.map.checkScreen());
  expect(screen, `${what}: tiles all made`).not.toBeNull();
  expect(screen!.tiles, `${what}: tiles on screen`).toBeGreaterThan(0);
  expect(screen!.pixelsOff, `${what}: pixels on screen that differ from their tile`).toBe(0);
  if (mode) expect(screen!.mode, `${what}: how the tiles are drawn`).toBe(mode);
  return screen!;
}

for (const cellPx of [4, 22, 70]) {
  test(`edits at ${cellPx} px per cell leave every tile as a fresh paint would`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1400, height: 900 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/');
    await page.waitForFunction(() => window.__gridfront?.editor !== undefined);
    await page.evaluate((s) => window.__gridfront!.openScenario(s), scenario);
    await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
    await page.evaluate((px) => window.__gridfront!.editor!.zoomToCellPx(px), cellPx);
    await sharp(page);
    await expectTilesMatch(page, `before any edit at ${cellPx} px`);

    // Cells around the middle of the map, which the zoom keeps in view.
    const c0 = { col: 13, row: 9 };
    const row = (r: number, n: number) => Array.from({ length: n }, (_, k) => ({ col: c0.col - 1 + k, row: r }));
    await options(page, { terrain: 'woods', brushSize: 1 });
    await stroke(page, row(c0.row, 4), 'brush');
    // Right after the stroke (tiles patched, not yet settled) the screen is its tiles pixel for pixel.
    await expectScreenShowsTiles(page, `right after a brush stroke at ${cellPx} px`);
    await options(page, { side: scenario.sides[1]!.id, controlMode: 'brush' });
    await stroke(page, row(c0.row + 1, 3), 'control');
    await options(page, { marker: 'victory', victoryPerTurn: 3, victoryEndGame: 5 });
    await stroke(page, [{ col: c0.col, row: c0.row - 1 }], 'marker');
    await options(page, { marker: 'supply', side: scenario.sides[0]!.id });
    await stroke(page, [{ col: c0.col + 2, row: c0.row - 1 }], 'marker');
    await stroke(page, [{ col: c0.col - 2, row: c0.row + 2 }, { col: c0.col - 1, row: c0.row + 2 }, { col: c0.col, row: c0.row + 2 }], 'road');

    // A river side clicked with the mouse at the middle of the side two cells share.
    const a = { col: c0.col + 3, row: c0.row + 1 };
    const b = grid.neighbours(a).find((n) => n.row === a.row)!;
    const [pa, pb] = [await cellOnPage(page, a), await cellOnPage(page, b)];
    await page.evaluate(() => window.__gridfront!.editor!.setTool('river'));
    await page.mouse.click((pa.x + pb.x) / 2, (pa.y + pb.y) / 2);

    // A name typed in place.
    await options(page, { marker: 'name' });
    await stroke(page, [{ col: c0.col + 1, row: c0.row + 3 }], 'marker');
    await page.getByTestId('name-editor').fill('Verkhnodniprovsk');
    await page.getByTestId('name-editor').press('Enter');

    const doc = JSON.parse((await page.evaluate(() => window.__gridfront!.editor!.documentJson()))!) as Scenario;
    expect(doc.map.cells?.[`${c0.col},${c0.row - 1}`]?.victory).toEqual({ perTurn: 3, endGame: 5 });
    expect(doc.map.cells?.[`${c0.col + 1},${c0.row + 3}`]?.name).toBe('Verkhnodniprovsk');
    await expectTilesMatch(page, `after the edits at ${cellPx} px`);
    await page.screenshot({ path: path.join(OUTPUT, `map-tiles-${cellPx}px-edited.png`) });

    // Undo the name, the river and the road: the patched tiles still match.
    for (let k = 0; k < 3; k++) await page.evaluate(() => window.__gridfront!.editor!.undo());
    await expectTilesMatch(page, `after undoing three steps at ${cellPx} px`);

    // Zooming and panning make new tiles; they sharpen without further input.
    await page.evaluate((px) => window.__gridfront!.editor!.zoomToCellPx(px * 1.7), cellPx);
    await sharp(page);
    await expectTilesMatch(page, `after zooming in from ${cellPx} px`);
    expect(errors).toEqual([]);
  });
}

test('a map opened from the library is sharp on its first frame: the tiles made while opening stay on screen', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  await page.waitForFunction(() => window.__gridfront?.editor !== undefined);
  // Read the tiles still missing at the moment the map says it is ready, before any later
  // frame could make them: a blurred stand-in (cell blocks poking past the map's edge)
  // would be what the designer sees first otherwise.
  const atReady = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const seen = new MutationObserver(() => {
          if (document.querySelector('[data-testid="map"][data-ready="true"]')) {
            seen.disconnect();
            resolve(window.__gridfront!.map.pendingTiles);
          }
        });
        seen.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-ready'] });
      }),
  );
  const card = page.locator(`[data-testid="scenario-card"][data-scenario-id="${source.id}"]`);
  await card.click();
  await page.getByTestId('details-panel').getByRole('button', { name: 'Open', exact: true }).click();
  expect(await atReady).toBe(0);
  await expectTilesMatch(page, 'as opened');
});

test('one shape draws the tiles, far out and near in: every tile pixel for pixel, before and after a pan and a brush stroke; a stroke copies to the screen only the pixels it patched', async ({ page }) => {
  test.setTimeout(90_000);
  // The Dnieper map repeated to 140×140 cells: at the whole-map view well over 40 tiles.
  const n = 140;
  const repeat = (rows: readonly string[]) => Array.from({ length: n }, (_, r) => rows[r % rows.length]!.repeat(Math.ceil(n / rows[0]!.length)).slice(0, n));
  const big: Scenario = {
    ...scenario,
    id: 'tiles-mosaic',
    title: 'Tiles mosaic',
    map: { ...scenario.map, grid: { kind: 'hex', orientation: 'pointy', offset: 'odd', cols: n, rows: n, labels: 'CCRR' }, terrain: repeat(scenario.map.terrain as string[]), control: repeat(scenario.map.control as string[]) },
  };
  await page.setViewportSize({ width: 1400, height: 900 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page.waitForFunction(() => window.__gridfront?.editor !== undefined);
  await page.evaluate((s) => window.__gridfront!.openScenario(s), big);
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  await sharp(page);
  const far = await expectScreenShowsTiles(page, 'the whole map', 'mosaic');
  expect(far.tiles).toBeGreaterThan(40);
  // A brush stroke far out copies to the screen only the pixels it patched, and the screen,
  // right after it and once the tiles have settled, is still its tiles pixel for pixel.
  await page.evaluate(() => window.__gridfront!.editor!.setOptions({ terrain: 'woods', brushSize: 1 }));
  await stroke(page, Array.from({ length: 6 }, (_, k) => ({ col: 60 + k, row: 70 })), 'brush');
  const stroked = await expectScreenShowsTiles(page, 'right after a brush stroke far out', 'mosaic');
  expect(stroked.drawsInPart, 'the stroke drew the map in part').toBeGreaterThan(far.drawsInPart);
  await sharp(page);
  await expectScreenShowsTiles(page, 'a brush stroke far out, settled', 'mosaic');

  const box = (await page.getByTestId('map').boundingBox())!;
  const middle = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const pan = async (dx: number, dy: number) => {
    await page.mouse.move(middle.x, middle.y);
    await page.mouse.down({ button: 'middle' });
    for (let k = 1; k <= 10; k++) await page.mouse.move(middle.x + (dx * k) / 10, middle.y + (dy * k) / 10);
    await page.mouse.up({ button: 'middle' });
  };
  await pan(-150, -90);
  await sharp(page);
  await expectScreenShowsTiles(page, 'the whole map panned', 'mosaic');

  // Wheel in until a few large tiles fill the view.
  await page.mouse.move(middle.x, middle.y);
  for (let k = 0; k < 25 && (await page.evaluate(() => window.__gridfront!.map.zoom)) < 1; k++) await page.mouse.wheel(0, -240);
  await sharp(page);
  const near = await expectScreenShowsTiles(page, 'zoomed in', 'mosaic');
  expect(near.tiles).toBeLessThanOrEqual(40);
  await pan(300, 170);
  await sharp(page);
  await expectScreenShowsTiles(page, 'zoomed in and panned', 'mosaic');
  await pan(-420, -260);
  await sharp(page);
  await expectScreenShowsTiles(page, 'zoomed in and panned back past the start', 'mosaic');
  await page.getByTestId('map').screenshot({ path: path.join(OUTPUT, 'map-tiles-near-panned.png') });
  // Near in (a few large tiles), a stroke through the cells in the middle of the screen; the
  // screen is its tiles right after it and once settled.
  // The cell nearest the middle, from where three cells' centres are on the page (cells lie on a lattice).
  const centre = await page.evaluate(([x, y]) => {
    const at = (col: number, row: number) => window.__gridfront!.map.cellToClient(col, row)!;
    const o = at(0, 0);
    const across = (at(2, 0).x - o.x) / 2;
    const down = (at(0, 2).y - o.y) / 2;
    return { col: Math.round((x - o.x) / across), row: Math.round((y - o.y) / down) };
  }, [middle.x, middle.y] as const);
  // The stroke and the count of part draws in one go (no frame in between settles the tiles).
  const counted = await page.evaluate(
    (cs) => {
      window.__gridfront!.editor!.strokeMs(cs, 'brush');
      return window.__gridfront!.map.checkScreen()!;
    },
    Array.from({ length: 3 }, (_, k) => ({ col: centre.col + k, row: centre.row })),
  );
  await expectScreenShowsTiles(page, 'right after a brush stroke near in', 'mosaic');
  // Near in too, with a few large tiles, the samples that changed a cell (one of the three may be
  // Woods already) were drawn in part: only the pixels their patches painted were copied (a patch
  // here reaches as far as the place names the edit moved).
  expect(counted.drawsInPart - near.drawsInPart, 'the stroke near in drew the map in part').toBeGreaterThan(0);
  await sharp(page);
  await expectScreenShowsTiles(page, 'a brush stroke near in, settled', 'mosaic');
  await page.getByTestId('map').screenshot({ path: path.join(OUTPUT, 'map-tiles-near-stroked.png') });
  expect(errors).toEqual([]);
});
