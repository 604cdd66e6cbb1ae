// A big map (400×400 hexes, 160 000 cells, rivers, roads and towns) imported into the library
// and opened from it as a designer does: its first frame shows the whole map drawn from the
// overview image, each cell in its own colour (terrain tinted by the side that holds it) with
// the rivers on top; zoomed in, the minimap shows the map too. A 200×200 map (below) is drawn
// from far out as tiles of cell bitmaps instead.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { generateScenario } from '../scripts/bench-render.js';
import { gridSpecOf } from '../shared/format/defaults.js';
import type { Scenario } from '../shared/format/scenario.types.js';
import { createGrid } from '../shared/grid/index.js';
import type { Cell } from '../shared/grid/types.js';
import { CONTROL_TINT } from '../shared/paint/painter.js';
import type {} from '../renderer/src/testHook.types.js';
import { expect, openDocument, projectRoot, test } from './fixtures.js';
import { decodePng as decode, type Img } from './images.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
const SIZE = 400;
const scenario: Scenario = { ...generateScenario(SIZE), id: 'big-map-open', title: 'Big map 400 x 400' };
const RIVER: Rgb = [0x2f, 0x6f, 0xb3];

type Rgb = readonly [number, number, number];
const hex = (c: string): Rgb => [parseInt(c.slice(1, 3), 16), parseInt(c.slice(3, 5), 16), parseInt(c.slice(5, 7), 16)];

/** The colour a cell shows from afar: its terrain's, tinted by the side holding it unless the ground is impassable. */
function cellColour(cell: Cell, s: Scenario = scenario, code = (s.map.terrain as string[])[cell.row]![cell.col]): Rgb {
  const t = s.map.terrainTypes.find((x) => x.code === code)!;
  const side = s.sides.find((x) => x.code === (s.map.control as string[])[cell.row]![cell.col]);
  const base = hex(t.colour);
  if (!side || t.category === 'impassable') return base;
  const top = hex(side.colour);
  return [0, 1, 2].map((k) => Math.round(base[k]! + (top[k]! - base[k]!) * CONTROL_TINT)) as unknown as Rgb;
}

/**
 * Cells in the middle of a patch of one colour: every cell within two steps has the same
 * terrain and side, no river runs along any of their sides, and no counter stands near.
 */
function plainCells(s: Scenario = scenario): Cell[] {
  const grid = createGrid(gridSpecOf(s));
  const { cols, rows } = grid.spec;
  const rivers = new Set(s.map.rivers ?? []);
  const units = s.orderOfBattle.map((u) => grid.parseRef(u.cell)!);
  const out: Cell[] = [];
  for (let row = 4; row < rows - 4; row += 7)
    for (let col = 4; col < cols - 4; col += 7) {
      const cell = { col, row };
      if (units.some((u) => grid.distance(u, cell) < 6)) continue;
      const near = new Map<string, Cell>([[`${col},${row}`, cell]]);
      for (let k = 0; k < 2; k++) for (const c of [...near.values()]) for (const n of grid.neighbours(c)) near.set(`${n.col},${n.row}`, n);
      const colour = cellColour(cell, s).join();
      const plain = [...near.values()].every(
        (c) => cellColour(c, s).join() === colour && grid.sideDirections.every((d) => !rivers.has(grid.edgeOf(c, d)!)),
      );
      if (plain) out.push(cell);
    }
  return out;
}

const pixel = (img: Img, x: number, y: number): Rgb => {
  const o = (Math.floor(y) * img.width + Math.floor(x)) * 4;
  return [img.data[o]!, img.data[o + 1]!, img.data[o + 2]!];
};
const close = (a: Rgb, b: Rgb, by: number) => a.every((v, k) => Math.abs(v - b[k]!) <= by);

async function openFromLibrary(page: Page, s: Scenario = scenario) {
  await page.goto('/');
  await page.getByTestId('import-input').setInputFiles([{ name: 'big-map.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(s)) }]);
  const report = page.getByTestId('import-report');
  await expect(report.getByRole('heading', { name: 'Imported 1 scenario' })).toBeVisible();
  await report.getByRole('button', { name: 'Done' }).click();
  await page.getByTestId('scenario-card').filter({ hasText: s.title }).click();
  await page.getByTestId('details-panel').getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
}

test('a 400×400 map opened from the library shows every cell in its colour and the rivers on its first frame, and the minimap shows it zoomed in', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openFromLibrary(page);
  await expect(page.getByTestId('scenario-title')).toHaveText(scenario.title);
  // The whole map is in view, drawn from the overview image (far too many cells for tiles).
  const screen = await page.evaluate(() => window.__gridfront!.map.checkScreen());
  expect(screen?.mode).toBe('overview');
  expect(await page.evaluate(() => window.__gridfront!.map.firstDrawMs)).not.toBeNull();

  const map = page.getByTestId('map');
  const box = (await map.boundingBox())!;
  const shot = await map.screenshot({ path: path.join(OUTPUT, 'big-map-open.png') });
  const img = await decode(shot);
  const cells = plainCells();
  expect(cells.length, 'cells in plain patches to look at').toBeGreaterThan(100);
  const onPage = await page.evaluate((cs) => cs.map((c) => window.__gridfront!.map.cellToClient(c.col, c.row)!), cells);
  const wrong: string[] = [];
  cells.forEach((cell, k) => {
    const got = pixel(img, onPage[k]!.x - box.x, onPage[k]!.y - box.y);
    if (!close(got, cellColour(cell), 3)) wrong.push(`${cell.col},${cell.row}: ${got} for ${cellColour(cell)}`);
  });
  expect(wrong, 'cells shown in another colour than their own').toEqual([]);
  // The rivers are drawn over the terrain (no terrain has their blue; about 1 100 pixels of it at this size).
  let riverPixels = 0;
  for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) if (close(pixel(img, x, y), RIVER, 24)) riverPixels++;
  expect(riverPixels, 'pixels of river blue').toBeGreaterThan(400);

  // Zoomed in with the wheel, the minimap appears and shows the map small: most of its pixels
  // are cell colours, and more than a few different ones.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let k = 0; k < 6; k++) await page.mouse.wheel(0, -240);
  const minimap = page.getByTestId('minimap');
  await expect(minimap).toBeVisible();
  await page.waitForTimeout(300);
  const mini = await decode(await minimap.screenshot({ path: path.join(OUTPUT, 'big-map-minimap.png') }));
  const palette = new Map<string, Rgb>();
  for (let row = 0; row < SIZE; row += 3) for (let col = 0; col < SIZE; col += 3) palette.set(cellColour({ col, row }).join(), cellColour({ col, row }));
  const seen = new Set<string>();
  let cellPixels = 0;
  for (let y = 0; y < mini.height; y++)
    for (let x = 0; x < mini.width; x++) {
      const got = pixel(mini, x, y);
      const match = [...palette.values()].find((c) => close(got, c, 4));
      if (match) {
        cellPixels++;
        seen.add(match.join());
      }
    }
  expect(cellPixels / (mini.width * mini.height), 'minimap pixels in cell colours').toBeGreaterThan(0.5);
  expect(seen.size, 'different cell colours in the minimap').toBeGreaterThanOrEqual(5);
  expect(errors).toEqual([]);
});

// A 200×200 map is drawn from far out as tiles of cell bitmaps (a cell is a few pixels), not as
// the overview image: its first frame has every tile made (no stand-ins), and a brush dab made
// from that far out shows at once in the cell painted, and nowhere else.
const mid: Scenario = { ...generateScenario(200), id: 'mid-map-open', title: 'Mid map 200 x 200' };

test('a 200×200 map opened from the library is whole and sharp on its first frame, and a brush dab from far out shows in its cell at once', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openFromLibrary(page, mid);
  expect(await page.evaluate(() => window.__gridfront!.map.pendingTiles), 'tiles still to make on the first frame').toBe(0);
  const screen = await page.evaluate(() => window.__gridfront!.map.checkScreen());
  expect(screen, 'the first frame has every tile (no stand-ins)').not.toBeNull();
  expect(screen!.mode).toBe('mosaic');
  expect(screen!.pixelsOff).toBe(0);
  // Cells a few pixels across: the far-zoom bitmaps, not the painter's shapes.
  const [a, b] = await page.evaluate(() => [window.__gridfront!.map.cellToClient(100, 100)!, window.__gridfront!.map.cellToClient(100, 101)!]);
  expect(b!.y - a!.y, 'screen px from one cell to the next').toBeLessThan(6);

  const map = page.getByTestId('map');
  const box = (await map.boundingBox())!;
  const look = async (name: string) => decode(await map.screenshot({ path: path.join(OUTPUT, name) }));
  const at = async (img: Img, cell: Cell) => {
    const p = await page.evaluate((c) => window.__gridfront!.map.cellToClient(c.col, c.row)!, cell);
    return pixel(img, p.x - box.x, p.y - box.y);
  };
  const first = await look('mid-map-open.png');
  const cells = plainCells(mid);
  expect(cells.length, 'cells in plain patches to look at').toBeGreaterThan(50);
  const wrong: string[] = [];
  for (const cell of cells) {
    const got = await at(first, cell);
    if (!close(got, cellColour(cell, mid), 3)) wrong.push(`${cell.col},${cell.row}: ${got} for ${cellColour(cell, mid)}`);
  }
  expect(wrong, 'cells shown in another colour than their own').toEqual([]);

  // Woods dabbed with the one-cell brush on a clear cell, clicked with the mouse.
  const target = cells.find((c) => (mid.map.terrain as string[])[c.row]![c.col] === '.')!;
  expect(target, 'a clear cell in a plain patch').toBeDefined();
  await page.keyboard.press('b');
  await page.getByRole('radiogroup', { name: 'Brush size, in cells painted' }).getByRole('radio').first().click();
  await page.locator('[data-terrain="woods"]').click();
  const p = await page.evaluate((c) => window.__gridfront!.map.cellToClient(c.col, c.row)!, target);
  await page.mouse.click(p.x, p.y);
  const doc = await openDocument(page);
  expect((doc.map.terrain as string[])[target.row]![target.col], 'terrain of the cell dabbed').toBe('f');
  await page.mouse.move(box.x + 5, box.y + 5);
  const after = await look('mid-map-dab.png');
  const woods = cellColour(target, mid, 'f');
  const dabbed = await at(after, target);
  expect(close(dabbed, woods, 3), `the cell dabbed shows woods: ${dabbed} for ${woods}`).toBe(true);
  const grid = createGrid(gridSpecOf(mid));
  for (const n of grid.neighbours(target)) {
    const got = await at(after, n);
    expect(close(got, cellColour(n, mid), 3), `neighbour ${n.col},${n.row} as it was: ${got} for ${cellColour(n, mid)}`).toBe(true);
  }
  // The patched tiles are what painting them afresh gives.
  await expect.poll(() => page.evaluate(() => window.__gridfront!.map.pendingTiles), { timeout: 15_000 }).toBe(0);
  const check = await page.evaluate(() => window.__gridfront!.map.checkTiles());
  expect(check!.large + check!.slight, 'tile pixels off a fresh paint').toBe(0);
  expect(errors).toEqual([]);
});
