// The Layers panel as a designer coming from Tiled uses it: lock the terrain and try to paint
// woods (nothing changes, the status line says why), unlock and paint; hide the roads (gone
// from the map), make the terrain translucent, save, go back to the library and reopen: the
// layers are as they were left.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Cell } from '../shared/grid/types.js';
import { cellOnPage, createBlankScenario, dragThrough, expect, openDocument, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });

type Rgb = [number, number, number];
const ROAD = [0x9a, 0x4a, 0x1c] as Rgb;
const distance = (a: Rgb, b: Rgb) => Math.max(...a.map((v, i) => Math.abs(v - b[i]!)));

const tool = (page: Page, name: string) => page.getByRole('radio', { name, exact: true }).click();

/** How many map canvas pixels within `r` of a page point are the road's brown (within 24 of it in every channel). */
async function roadPixels(page: Page, p: { x: number; y: number }, want: Rgb = ROAD, r = 4): Promise<number> {
  const pixels = await page.evaluate(
    ([px, py, radius]) => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="map"] canvas')!;
      const box = canvas.getBoundingClientRect();
      const ratio = canvas.width / box.width;
      const n = 2 * radius! + 1;
      const d = canvas.getContext('2d')!.getImageData(Math.round((px! - box.left) * ratio) - radius!, Math.round((py! - box.top) * ratio) - radius!, n, n).data;
      const out: [number, number, number][] = [];
      for (let i = 0; i < d.length; i += 4) out.push([d[i]!, d[i + 1]!, d[i + 2]!]);
      return out;
    },
    [p.x, p.y, r],
  );
  return pixels.filter((c) => distance(c, want) <= 24).length;
}

const midway = async (page: Page, a: Cell, b: Cell) => {
  const [p, q] = await Promise.all([cellOnPage(page, a), cellOnPage(page, b)]);
  return { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
};

test('lock the terrain, try to paint, unlock and paint; hide the roads and make the terrain translucent; save and reopen', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await createBlankScenario(page, 'Layered map', { cols: 12, rows: 8 }, 'two-sides');
  const panel = page.getByTestId('layers-panel');
  await expect(panel).toBeVisible();
  // Tiled's order: the top layer first.
  await expect(panel.locator('[data-layer-row]')).toHaveText(['Units', 'Names', 'Markers', 'Rails', 'Roads', 'Lake shores', 'Rivers', 'Control', 'Terrain']);

  // A road across four cells, drawn with the mouse.
  await tool(page, 'Road');
  const road: Cell[] = [{ col: 2, row: 3 }, { col: 3, row: 3 }, { col: 4, row: 3 }, { col: 5, row: 3 }];
  await dragThrough(page, await Promise.all(road.map((c) => cellOnPage(page, c))));
  expect((await openDocument(page)).map.roads).toHaveLength(3);
  const roadSide = await midway(page, road[1]!, road[2]!);
  await page.mouse.move(5, 300);
  await expect.poll(() => roadPixels(page, roadSide)).toBeGreaterThan(3);

  // Lock the terrain and try to paint woods over three cells: nothing changes, the status line says why.
  await panel.locator('[data-lock="terrain"]').click();
  await expect(panel.locator('[data-lock="terrain"]')).toBeChecked();
  const before = await openDocument(page);
  await tool(page, 'Terrain brush');
  await page.locator('[data-terrain="woods"]').click();
  const strip: Cell[] = [{ col: 6, row: 5 }, { col: 7, row: 5 }, { col: 8, row: 5 }];
  await dragThrough(page, await Promise.all(strip.map((c) => cellOnPage(page, c))));
  await expect(page.getByTestId('status-message')).toHaveText('Terrain layer is locked');
  const refused = await openDocument(page);
  expect(refused.map.terrain).toEqual(before.map.terrain);
  expect(refused.map.layers).toEqual({ settings: { terrain: { locked: true } } });
  await page.screenshot({ path: path.join(OUTPUT, 'layers-locked.png') });

  // Unlocked, the same stroke paints.
  await panel.locator('[data-lock="terrain"]').click();
  await dragThrough(page, await Promise.all(strip.map((c) => cellOnPage(page, c))));
  const painted = await openDocument(page);
  const woods = painted.map.terrainTypes.find((t) => t.id === 'woods')!.code;
  expect(painted.map.terrain![5]!.slice(6, 9)).toBe(woods.repeat(3));
  expect(painted.map.layers).toBeUndefined();

  // Hide the roads: their pixels leave the map. The terrain at 60 %.
  await panel.locator('[data-layer="roads"]').click();
  await expect(panel.locator('[data-layer="roads"]')).not.toBeChecked();
  await expect.poll(() => roadPixels(page, roadSide)).toBe(0);
  await panel.locator('[data-layer-row="terrain"]').click();
  const opacity = panel.getByTestId('layer-opacity');
  await opacity.focus();
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowLeft');
  await expect(opacity).toHaveValue('60');
  await expect(panel.locator('[data-layer-row="terrain"]')).toContainText('60%');
  await page.mouse.move(5, 300);
  await page.screenshot({ path: path.join(OUTPUT, 'layers-roads-hidden.png') });

  // Not an undo step, but unsaved until saved.
  expect(await page.evaluate(() => window.__gridfront!.editor!.undoLabel)).toMatch(/^Paint Woods/);
  await expect(page.getByTestId('dirty-mark')).toHaveCount(1);
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('dirty-mark')).toHaveCount(0);

  // Back in the library and open again: still hidden, still translucent.
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await page.getByTestId('scenario-card').filter({ has: page.getByRole('heading', { name: 'Layered map', exact: true }) }).dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  const reopened = await openDocument(page);
  expect(reopened.map.layers).toEqual({ settings: { roads: { hidden: true }, terrain: { opacity: 0.6 } } });
  expect(reopened.map.roads).toHaveLength(3);
  await expect(panel.locator('[data-layer="roads"]')).not.toBeChecked();
  await expect(panel.locator('[data-layer-row="terrain"]')).toContainText('60%');
  const side = await midway(page, road[1]!, road[2]!);
  await page.mouse.move(5, 300);
  await expect.poll(() => roadPixels(page, side)).toBe(0);
  await page.screenshot({ path: path.join(OUTPUT, 'layers-reopened.png') });

  // Shown again, the road is back.
  await panel.locator('[data-layer="roads"]').click();
  await expect.poll(() => roadPixels(page, side)).toBeGreaterThan(3);
});

test('the underlay row has a lock: a locked underlay cannot be calibrated, replaced or removed until unlocked', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  await createBlankScenario(page, 'Locked underlay', { cols: 10, rows: 8 });

  // A scan to trace, imported from the Underlay panel: it joins the Layers panel above the map.
  const scanFile = path.join(OUTPUT, 'layers-underlay-scan.png');
  const c = createCanvas(400, 300);
  const g = c.getContext('2d');
  g.fillStyle = '#efe6cf';
  g.fillRect(0, 0, 400, 300);
  g.strokeStyle = '#7a6a4a';
  g.lineWidth = 4;
  g.strokeRect(20, 20, 360, 260);
  writeFileSync(scanFile, c.encodeSync('png'));
  const underlay = page.getByTestId('underlay-panel');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), underlay.getByTestId('underlay-import').click()]);
  await chooser.setFiles(scanFile);
  await expect(underlay).toHaveAttribute('data-loaded', 'true');
  const layers = page.getByTestId('layers-panel');
  await expect(layers.locator('[data-layer-row]').first()).toHaveAttribute('data-layer-row', 'underlay');
  const placed = (await openDocument(page)).map.underlay!;

  // Lock it in the Layers panel: calibrate, replace and remove are off, and the panel says why.
  const lock = layers.locator('[data-lock="underlay"]');
  await expect(lock).not.toBeChecked();
  await lock.click();
  await expect(lock).toBeChecked();
  await expect(underlay.getByTestId('underlay-calibrate')).toBeDisabled();
  await expect(underlay.getByTestId('underlay-replace')).toBeDisabled();
  await expect(underlay.getByTestId('underlay-remove')).toBeDisabled();
  await expect(underlay.getByTestId('underlay-locked')).toHaveText('The underlay is locked in the Layers panel: unlock it to calibrate, replace or remove it.');
  let doc = await openDocument(page);
  expect(doc.map.layers).toEqual({ settings: { underlay: { locked: true } } });
  expect(doc.map.underlay).toEqual(placed);
  await page.screenshot({ path: path.join(OUTPUT, 'layers-underlay-locked.png') });

  // Saved and reopened, still locked.
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('dirty-mark')).toHaveCount(0);
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await page.getByTestId('scenario-card').filter({ has: page.getByRole('heading', { name: 'Locked underlay', exact: true }) }).dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  await expect(layers.locator('[data-lock="underlay"]')).toBeChecked();
  await expect(underlay.getByTestId('underlay-remove')).toBeDisabled();

  // Unlocked: it can be calibrated again, and removed.
  await layers.locator('[data-lock="underlay"]').click();
  await expect(underlay).toHaveAttribute('data-loaded', 'true');
  await expect(underlay.getByTestId('underlay-calibrate')).toBeEnabled();
  await expect(underlay.getByTestId('underlay-locked')).toHaveCount(0);
  await underlay.getByTestId('underlay-remove').click();
  doc = await openDocument(page);
  expect(doc.map.underlay).toBeUndefined();
});
