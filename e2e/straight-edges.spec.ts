// Shift-straight edge drawing on the seed-000 example, from the library: with Shift held, a
// river dragged roughly north-east from a cell side goes down as one straight run of sides (the
// zigzag between two rows of hexes), and a road dragged roughly east as one straight line of
// cells; each is shown while dragging and is one undo step; saved, the file has them straight.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { gridSpecOf } from '../shared/format/defaults.js';
import type { Scenario } from '../shared/format/scenario.types.js';
import { createGrid } from '../shared/grid/index.js';
import type { Cell, GridGeometry } from '../shared/grid/types.js';
import type {} from '../renderer/src/testHook.types.js';
import { cellOnPage, expect, openDocument, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const EXAMPLE = JSON.parse(readFileSync(path.join(projectRoot, 'scenarios', 'seed-000-example.json'), 'utf8')) as Scenario;

const undoLabel = (page: Page) => page.evaluate(() => window.__gridfront!.editor!.undoLabel);

/** Where on the page a point between two cells' centres is (t = 0.5: the middle of their side). */
async function between(page: Page, a: Cell, b: Cell, t = 0.5) {
  const [p, q] = await Promise.all([cellOnPage(page, a), cellOnPage(page, b)]);
  return { x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t };
}

/**
 * True when the new sides lie on one straight line of side midpoints with no gap: every point
 * from the first to the last, at the smallest spacing between them, is the middle of a river
 * side (sides already rivers fill the gaps between the new ones).
 */
function straightRun(grid: GridGeometry, added: readonly string[], all: readonly string[]): boolean {
  const mid = (e: string) => {
    const [p, q] = grid.edgeEndpoints(grid.parseEdge(e)!, 100);
    return { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
  };
  const pts = added.map(mid).sort((a, b) => a.x - b.x || a.y - b.y);
  let step = { x: pts[1]!.x - pts[0]!.x, y: pts[1]!.y - pts[0]!.y };
  for (let i = 1; i < pts.length; i++) {
    const d = { x: pts[i]!.x - pts[i - 1]!.x, y: pts[i]!.y - pts[i - 1]!.y };
    if (Math.hypot(d.x, d.y) < Math.hypot(step.x, step.y)) step = d;
  }
  const rivers = new Set(all.map((e) => grid.parseEdge(e)!));
  const last = pts[pts.length - 1]!;
  const n = Math.round(Math.hypot(last.x - pts[0]!.x, last.y - pts[0]!.y) / Math.hypot(step.x, step.y));
  for (let k = 0; k <= n; k++) {
    const p = { x: pts[0]!.x + step.x * k, y: pts[0]!.y + step.y * k };
    const hit = grid.nearestEdge(p, 100);
    if (!hit || hit.distance > 0.5 || !rivers.has(hit.edge)) return false;
    const m = mid(hit.edge);
    if (Math.hypot(m.x - p.x, m.y - p.y) > 0.5) return false;
  }
  // And every new side is on that line.
  return pts.every((p) => Math.abs((p.x - pts[0]!.x) * step.y - (p.y - pts[0]!.y) * step.x) < 1);
}

test('Shift+drag draws a straight river and a straight road, each one undo step, saved straight', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  await page.locator(`[data-scenario-id="${EXAMPLE.id}"]`).dblclick();
  const map = page.getByTestId('map');
  await expect(map).toHaveAttribute('data-ready', 'true');
  const grid = createGrid(gridSpecOf(EXAMPLE));
  const before = await openDocument(page);

  // River (W): from the side between 0106 and 0107, Shift held, towards the north-east.
  await map.hover();
  await page.keyboard.press('w');
  const start = await between(page, { col: 0, row: 5 }, { col: 0, row: 6 });
  const end = await cellOnPage(page, { col: 5, row: 2 });
  await page.mouse.move(start.x, start.y);
  await page.keyboard.down('Shift');
  await page.mouse.down();
  await page.mouse.move(start.x + (end.x - start.x) * 0.5, start.y + (end.y - start.y) * 0.5 + 12, { steps: 5 });
  await page.mouse.move(end.x, end.y, { steps: 5 });
  // Shown, not yet drawn.
  expect((await openDocument(page)).map.rivers).toEqual(before.map.rivers);
  await page.screenshot({ path: path.join(OUTPUT, 'straight-river-preview.png') });
  await page.mouse.up();
  await page.keyboard.up('Shift');
  const afterRiver = await openDocument(page);
  const newRivers = (afterRiver.map.rivers ?? []).filter((e) => !(before.map.rivers ?? []).includes(e));
  expect(newRivers.length).toBeGreaterThanOrEqual(4);
  expect(straightRun(grid, newRivers, afterRiver.map.rivers ?? [])).toBe(true);
  expect(newRivers).toContain(grid.edgeBetween({ col: 0, row: 5 }, { col: 0, row: 6 }));
  expect(await undoLabel(page)).toMatch(/^Add river \(\d+ sides\)$/);

  // Road (D): from 0204, Shift held, dragged east with a wobble: one straight line of cells.
  await page.keyboard.press('d');
  const from = await cellOnPage(page, { col: 1, row: 3 });
  const to = await cellOnPage(page, { col: 5, row: 4 });
  await page.mouse.move(from.x, from.y);
  await page.keyboard.down('Shift');
  await page.mouse.down();
  await page.mouse.move(from.x + 40, from.y - 20, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 6 });
  expect((await openDocument(page)).map.roads).toEqual(afterRiver.map.roads);
  await page.screenshot({ path: path.join(OUTPUT, 'straight-road-preview.png') });
  await page.mouse.up();
  await page.keyboard.up('Shift');
  const afterRoad = await openDocument(page);
  const newRoads = (afterRoad.map.roads ?? []).filter((e) => !(afterRiver.map.roads ?? []).includes(e)).map((e) => grid.parseEdge(e)!);
  expect(newRoads.length).toBeGreaterThanOrEqual(2);
  // The road's sides join cells one step apart in one direction, from 0204.
  const dirs = new Set(newRoads.map((e) => {
    const [a, b] = grid.edgeCells(e);
    const [p, q] = [grid.center(a, 100), grid.center(b, 100)];
    return `${Math.round(Math.abs(q.x - p.x))},${Math.round(Math.sign(q.x - p.x) * (q.y - p.y))}`;
  }));
  expect(dirs.size).toBe(1);
  expect(newRoads.some((e) => grid.edgeCells(e).some((c) => c.col === 1 && c.row === 3))).toBe(true);
  expect(await undoLabel(page)).toMatch(/^Lay road \(\d+ sides?\)$/);
  await page.mouse.move(5, 400);
  await page.screenshot({ path: path.join(OUTPUT, 'straight-drawn.png') });

  // One undo step each.
  await page.keyboard.press('Control+z');
  expect((await openDocument(page)).map.roads).toEqual(afterRiver.map.roads);
  await page.keyboard.press('Control+z');
  expect((await openDocument(page)).map.rivers).toEqual(before.map.rivers);
  await page.keyboard.press('Control+Shift+z');
  await page.keyboard.press('Control+Shift+z');
  // Saved and opened again: still straight.
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('dirty-mark')).toHaveCount(0);
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await page.locator(`[data-scenario-id="${EXAMPLE.id}"]`).dblclick();
  await expect(map).toHaveAttribute('data-ready', 'true');
  const reopened = await openDocument(page);
  expect(reopened.map.rivers).toEqual(afterRoad.map.rivers);
  expect(reopened.map.roads).toEqual(afterRoad.map.roads);
});
