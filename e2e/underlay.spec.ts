// Tracing a historical map: from the library, make a blank map, import a scan as its
// underlay, line it up by two-point calibration with the mouse (a place on the picture, then
// its cell, twice), set its opacity and hide and show it, save, reopen it from the library,
// and export the scenario as a pack that carries the picture.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type { Page } from '@playwright/test';
import type {} from '../renderer/src/testHook.types.js';
import { inspectPack } from '../electron/packs/inspect.js';
import { sha256Hex } from '../electron/library/images.js';
import { imageToMap } from '../shared/editor/underlay.js';
import { gridSpecOf } from '../shared/format/defaults.js';
import { createGrid } from '../shared/grid/index.js';
import type { Cell, Point } from '../shared/grid/types.js';
import { cellOnPage, createBlankScenario, expect, openDocument, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const TITLE = 'Underlay Walkthrough';
const RED: Point = { x: 120, y: 150 };
const BLUE: Point = { x: 650, y: 470 };

/** An 800 × 600 "scan": paper, a few lines, a red and a blue landmark. */
function scan(): Buffer {
  const c = createCanvas(800, 600);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#efe6cf';
  ctx.fillRect(0, 0, 800, 600);
  ctx.strokeStyle = '#7a6a4a';
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.moveTo(0, 300);
  ctx.bezierCurveTo(200, 200, 500, 420, 800, 320);
  ctx.stroke();
  for (const [p, colour] of [[RED, '#d01010'], [BLUE, '#1030d0']] as const) {
    ctx.fillStyle = colour;
    ctx.beginPath();
    ctx.arc(p.x, p.y, 9, 0, Math.PI * 2);
    ctx.fill();
  }
  return c.encodeSync('png');
}

/** Map points (cells from the map's top left) → page pixels, from three cell centres on screen. */
async function mapToPage(page: Page, grid: ReturnType<typeof createGrid>): Promise<(m: Point) => Point> {
  const cells: Cell[] = [{ col: 0, row: 0 }, { col: 4, row: 0 }, { col: 0, row: 4 }];
  const screen = await Promise.all(cells.map((c) => cellOnPage(page, c)));
  const map = cells.map((c) => grid.center(c, 1));
  const kx = (screen[1]!.x - screen[0]!.x) / (map[1]!.x - map[0]!.x);
  const ky = (screen[2]!.y - screen[0]!.y) / (map[2]!.y - map[0]!.y);
  return (m) => ({ x: screen[0]!.x + (m.x - map[0]!.x) * kx, y: screen[0]!.y + (m.y - map[0]!.y) * ky });
}

test('import a scan, calibrate it on two points, set its opacity, save, reopen and carry it in a pack', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  await createBlankScenario(page, TITLE, { cols: 10, rows: 8 });
  const scanFile = path.join(OUTPUT, 'underlay-scan.png');
  writeFileSync(scanFile, scan());

  // Import: the picture is kept by the library and fitted over the map.
  const panel = page.getByTestId('underlay-panel');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), panel.getByTestId('underlay-import').click()]);
  await chooser.setFiles(scanFile);
  await expect(panel).toHaveAttribute('data-loaded', 'true');
  await expect(panel).toContainText('underlay-scan.png');
  let doc = await openDocument(page);
  expect(doc.map.underlay).toMatchObject({ image: `${sha256Hex(readFileSync(scanFile))}.png`, width: 800, height: 600, opacity: 0.5 });
  await expect(page.getByTestId('undo')).toHaveAttribute('title', 'Undo Import underlay (Ctrl+Z)');
  await page.screenshot({ path: path.join(OUTPUT, 'underlay-1-imported.png') });

  // Two-point calibration: the red landmark belongs in cell 3,2 and the blue one in 8,6.
  const grid = createGrid(gridSpecOf(doc));
  const toPage = await mapToPage(page, grid);
  await panel.getByTestId('underlay-calibrate').click();
  const instruction = page.getByTestId('underlay-instruction');
  for (const [landmark, cell] of [[RED, { col: 3, row: 2 }], [BLUE, { col: 8, row: 6 }]] as const) {
    await expect(instruction).toContainText('click a place you recognise on the picture');
    const at = toPage(imageToMap({ ...doc.map.underlay!, rotation: doc.map.underlay!.rotation ?? 0 }, landmark));
    await page.mouse.click(at.x, at.y);
    await expect(instruction).toContainText('now click the cell where that place belongs');
    const target = await cellOnPage(page, cell);
    await page.mouse.click(target.x, target.y);
  }
  await expect(instruction).toHaveCount(0);
  doc = await openDocument(page);
  const u = { ...doc.map.underlay!, rotation: doc.map.underlay!.rotation ?? 0 };
  for (const [landmark, cell] of [[RED, { col: 3, row: 2 }], [BLUE, { col: 8, row: 6 }]] as const) {
    const placed = imageToMap(u, landmark);
    const centre = grid.center(cell, 1);
    expect(Math.hypot(placed.x - centre.x, placed.y - centre.y)).toBeLessThan(0.05);
  }
  await expect(page.getByTestId('undo')).toHaveAttribute('title', 'Undo Calibrate underlay (Ctrl+Z)');

  // Opacity and show/hide.
  await panel.getByTestId('underlay-opacity').fill('80');
  await expect(panel).toContainText('80%');
  expect((await openDocument(page)).map.underlay!.opacity).toBeCloseTo(0.8, 9);
  await page.screenshot({ path: path.join(OUTPUT, 'underlay-2-calibrated.png') });
  await panel.getByTestId('underlay-visible').uncheck();
  expect((await openDocument(page)).map.underlay!.visible).toBe(false);
  await panel.getByTestId('underlay-visible').check();
  expect((await openDocument(page)).map.underlay!.visible).toBe(true);
  // Never printed unless asked.
  await expect(panel.getByTestId('underlay-print')).not.toBeChecked();
  const saved = await openDocument(page);

  // Save, back to the library, reopen: placement and picture come back.
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('dirty-mark')).toHaveCount(0);
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  const card = page.getByTestId('scenario-card').filter({ has: page.getByRole('heading', { name: TITLE, exact: true }) });
  await card.dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  expect((await openDocument(page)).map.underlay).toEqual(saved.map.underlay);
  await expect(page.getByTestId('underlay-panel')).toHaveAttribute('data-loaded', 'true');
  await page.screenshot({ path: path.join(OUTPUT, 'underlay-3-reopened.png') });

  // A pack of it carries the picture beside the scenario.
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await card.click();
  await page.getByTestId('pack-export-open').click();
  const exportDialog = page.getByTestId('pack-export-dialog');
  await expect(exportDialog.getByTestId('pack-export-list').getByRole('checkbox', { name: new RegExp(TITLE) })).toBeChecked();
  await exportDialog.getByTestId('pack-name-input').fill('Traced front');
  const [download] = await Promise.all([page.waitForEvent('download'), exportDialog.getByTestId('pack-export-submit').click()]);
  const packPath = path.join(OUTPUT, 'traced-front.gfpack');
  await download.saveAs(packPath);
  const inspection = await inspectPack(readFileSync(packPath));
  expect(inspection.problems).toEqual([]);
  const carried = inspection.scenarios.find((s) => s.title === TITLE)!;
  expect(carried.document.map.underlay).toEqual(saved.map.underlay);
  const picture = carried.extras.find((x) => x.kind === 'underlay')!;
  expect(picture.data.equals(readFileSync(scanFile))).toBe(true);
});
