// A designer defines the scenario's own side feature, an escarpment, in the Layers panel, draws
// it along four cell sides with the mouse, saves, reopens it from the library (still there), and
// prints a sheet: the escarpment is on paper, in its colour, along those sides.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type { Page } from '@playwright/test';
import type { Scenario } from '../shared/format/scenario.types.js';
import { createGrid } from '../shared/grid/index.js';
import type { Cell } from '../shared/grid/types.js';
import { gridSpecOf } from '../shared/format/defaults.js';
import { layoutPrint } from '../shared/print/layout.js';
import { renderPdfPage } from '../electron/print/testing/pdf-pixels.js';
import type {} from '../renderer/src/testHook.types.js';
import { cellOnPage, createBlankScenario, dragThrough, expect, openDocument, projectRoot, startHotseatHere, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const EXAMPLE = JSON.parse(readFileSync(path.join(projectRoot, 'scenarios', 'seed-000-example.json'), 'utf8')) as Scenario;
/** A colour nothing else on the map uses. */
const COLOUR = '#c0178a';
const RGB = [0xc0, 0x17, 0x8a] as const;

/** The four sides between columns 3 and 4 from row 2 down (flat-top hexes, odd columns shifted down): a zigzag. */
const PAIRS: [Cell, Cell][] = [
  [{ col: 3, row: 2 }, { col: 4, row: 2 }],
  [{ col: 3, row: 2 }, { col: 4, row: 3 }],
  [{ col: 3, row: 3 }, { col: 4, row: 3 }],
  [{ col: 3, row: 3 }, { col: 4, row: 4 }],
];

const near = (r: number, g: number, b: number) => Math.max(Math.abs(r - RGB[0]), Math.abs(g - RGB[1]), Math.abs(b - RGB[2])) <= 40;

async function onScreen(page: Page, a: Cell, b: Cell): Promise<number> {
  const [p, q] = await Promise.all([cellOnPage(page, a), cellOnPage(page, b)]);
  return page.evaluate(
    ([x, y]) => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="map"] canvas')!;
      const box = canvas.getBoundingClientRect();
      const ratio = canvas.width / box.width;
      const r = 8;
      const d = canvas.getContext('2d')!.getImageData(Math.round((x! - box.left) * ratio) - r, Math.round((y! - box.top) * ratio) - r, 2 * r + 1, 2 * r + 1).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (Math.max(Math.abs(d[i]! - 0xc0), Math.abs(d[i + 1]! - 0x17), Math.abs(d[i + 2]! - 0x8a)) <= 40) n++;
      return n;
    },
    [(p.x + q.x) / 2, (p.y + q.y) / 2],
  );
}

/** In the Layers panel: Add a side feature and name it (a known name such as Escarpment or Wall takes that look). */
async function addSideFeature(page: Page, name: string): Promise<void> {
  const panel = page.getByTestId('layers-panel');
  await panel.getByTestId('side-feature-add').click();
  const field = panel.getByTestId('side-feature-name');
  await field.fill(name);
  await field.press('Enter');
}

test('an escarpment defined in the Layers panel, drawn along four sides, saved, reopened and printed', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('/');
  await page.locator(`[data-scenario-id="${EXAMPLE.id}"]`).dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');

  // Define it: Add, name it Escarpment (which takes an escarpment's look: ticks on one side), give it a colour.
  const panel = page.getByTestId('layers-panel');
  await addSideFeature(page, 'Escarpment');
  await expect(panel.locator('[data-layer-row="side:escarpment"]')).toHaveText('Escarpment');
  await expect(panel.getByTestId('side-feature-symbol')).toHaveValue('ticks');
  await panel.getByTestId('side-feature-colour').fill(COLOUR);
  let doc = await openDocument(page);
  expect(doc.map.sideFeatures).toEqual([{ id: 'escarpment', name: 'Escarpment', colour: COLOUR, width: 0.05, line: 'solid', symbol: 'ticks', blocks: { movement: false, supply: false, sight: true }, sides: [] }]);

  // Draw it: four sides clicked with the mouse, each from the west cell (its lower ground).
  await panel.getByTestId('side-feature-draw').click();
  for (const [a, b] of PAIRS) {
    const [p, q] = await Promise.all([cellOnPage(page, a), cellOnPage(page, b)]);
    // A little towards the west cell: the side is under the pointer, the cell it is written from is the west one.
    await page.mouse.click(p.x + (q.x - p.x) * 0.45, p.y + (q.y - p.y) * 0.45);
  }
  doc = await openDocument(page);
  const grid = createGrid(gridSpecOf(doc));
  const drawn = doc.map.sideFeatures![0]!.sides;
  expect(drawn).toHaveLength(4);
  expect(new Set(drawn.map((e) => grid.parseEdge(e)))).toEqual(new Set(PAIRS.map(([a, b]) => grid.edgeBetween(a, b))));
  expect(drawn.every((e) => e.startsWith('3,'))).toBe(true);
  await page.mouse.move(5, 300);
  await page.waitForFunction(() => window.__gridfront!.map.pendingTiles === 0);
  for (const [a, b] of PAIRS) await expect.poll(() => onScreen(page, a, b), `the escarpment between ${a.col},${a.row} and ${b.col},${b.row}`).toBeGreaterThan(3);
  await page.screenshot({ path: path.join(OUTPUT, 'side-features-map.png') });

  // Saved, back to the library, opened again: still there.
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('dirty-mark')).toHaveCount(0);
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await page.locator(`[data-scenario-id="${EXAMPLE.id}"]`).click();
  await page.getByTestId('details-panel').getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  doc = await openDocument(page);
  expect(doc.map.sideFeatures![0]!.sides).toEqual(drawn);
  await page.waitForFunction(() => window.__gridfront!.map.pendingTiles === 0);
  for (const [a, b] of PAIRS) await expect.poll(() => onScreen(page, a, b)).toBeGreaterThan(3);

  // Printed on one sheet: the escarpment's colour lies along each of the four sides on paper.
  await page.getByTestId('print-open').click();
  const dialog = page.getByTestId('print-dialog');
  await dialog.getByTestId('print-paper').selectOption('single');
  await expect(dialog.getByTestId('print-preview')).toHaveAttribute('data-stale', 'false');
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('print-save-pdf').click()]);
  const pdf = readFileSync((await download.path())!);
  const dpi = 100;
  const sheet = await renderPdfPage(pdf, 1, dpi);
  const layout = layoutPrint(doc, { singleSheet: true });
  const p1 = layout.pages[0]!;
  const toPx = (mm: { x: number; y: number }) => ({
    x: (p1.furniture.mapAreaPt.x + (mm.x - p1.window.x) * (72 / 25.4)) * (dpi / 72),
    y: (p1.furniture.mapAreaPt.y + (mm.y - p1.window.y) * (72 / 25.4)) * (dpi / 72),
  });
  const onPaper = (x: number, y: number, r: number) => {
    let n = 0;
    for (let j = Math.round(y - r); j <= Math.round(y + r); j++)
      for (let i = Math.round(x - r); i <= Math.round(x + r); i++) {
        const o = (j * sheet.width + i) * 4;
        if (near(sheet.pixels[o]!, sheet.pixels[o + 1]!, sheet.pixels[o + 2]!)) n++;
      }
    return n;
  };
  const r = Math.max(4, layout.cellSizeMm * 0.15 * (dpi / 25.4));
  for (const [a, b] of PAIRS) {
    const m = toPx({ x: (grid.center(a, layout.cellSizeMm).x + grid.center(b, layout.cellSizeMm).x) / 2, y: (grid.center(a, layout.cellSizeMm).y + grid.center(b, layout.cellSizeMm).y) / 2 });
    expect(onPaper(m.x, m.y, r), `escarpment on paper between ${a.col},${a.row} and ${b.col},${b.row}`).toBeGreaterThan(4);
  }
  // And nowhere it was not drawn: the side between columns 5 and 6 on row 2.
  const away = toPx({ x: (grid.center({ col: 5, row: 2 }, layout.cellSizeMm).x + grid.center({ col: 6, row: 2 }, layout.cellSizeMm).x) / 2, y: (grid.center({ col: 5, row: 2 }, layout.cellSizeMm).y + grid.center({ col: 6, row: 2 }, layout.cellSizeMm).y) / 2 });
  expect(onPaper(away.x, away.y, r)).toBe(0);

  // The printed page, as a PNG to look at.
  const canvas = createCanvas(sheet.width, sheet.height);
  const ctx = canvas.getContext('2d');
  const img = ctx.createImageData(sheet.width, sheet.height);
  img.data.set(sheet.pixels);
  ctx.putImageData(img, 0, 0);
  writeFileSync(path.join(OUTPUT, 'side-features-print.png'), canvas.toBuffer('image/png'));
  await page.keyboard.press('Escape');
});

/** Pixels of the escarpment's colour on the map canvas right of page x `x0`. */
function colourRightOf(page: Page, x0: number): Promise<number> {
  return page.evaluate((x0) => {
    let n = 0;
    // Every layer of the map (tiles, the overlay the floating paste is drawn on).
    for (const canvas of document.querySelectorAll<HTMLCanvasElement>('[data-testid="map"] canvas')) {
      const box = canvas.getBoundingClientRect();
      const ratio = canvas.width / box.width;
      const left = Math.max(0, Math.round((x0 - box.left) * ratio));
      if (left >= canvas.width) continue;
      const d = canvas.getContext('2d')!.getImageData(left, 0, canvas.width - left, canvas.height).data;
      for (let i = 0; i < d.length; i += 4) if (d[i + 3]! > 128 && Math.max(Math.abs(d[i]! - 0xc0), Math.abs(d[i + 1]! - 0x17), Math.abs(d[i + 2]! - 0x8a)) <= 40) n++;
    }
    return n;
  }, x0);
}

/** Pixels of the feature's colour within 8 px of page point (x, y), on every canvas under `testId`. */
function colourNear(page: Page, testId: string, x: number, y: number): Promise<number> {
  return page.evaluate(
    ([id, x, y]) => {
      let n = 0;
      for (const canvas of document.querySelectorAll<HTMLCanvasElement>(`[data-testid="${id}"] canvas`)) {
        const box = canvas.getBoundingClientRect();
        if (box.width === 0 || canvas.width === 0) continue;
        const ratio = canvas.width / box.width;
        const r = 8;
        const d = canvas.getContext('2d')!.getImageData(Math.round(((x as number) - box.left) * ratio) - r, Math.round(((y as number) - box.top) * ratio) - r, 2 * r + 1, 2 * r + 1).data;
        for (let i = 0; i < d.length; i += 4) if (d[i + 3]! > 128 && Math.max(Math.abs(d[i]! - 0xc0), Math.abs(d[i + 1]! - 0x17), Math.abs(d[i + 2]! - 0x8a)) <= 40) n++;
      }
      return n;
    },
    [testId, x, y] as const,
  );
}

/** The one cell of `terrainId` at or after column `from`, as a Cell. */
function cellOf(d: Scenario, terrainId: string, from: number): Cell {
  const code = d.map.terrainTypes.find((t) => t.id === terrainId)!.code;
  const found: Cell[] = [];
  d.map.terrain!.forEach((row, r) => [...row].forEach((c, col) => c === code && col >= from && found.push({ col, row: r })));
  expect(found, `one ${terrainId} cell from column ${from}`).toHaveLength(1);
  return found[0]!;
}

test('an escarpment inside a copied block is pasted turned 60° with its ticks toward the same cell; saved and reopened', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto('/');
  await createBlankScenario(page, 'Turned escarpment', { cols: 16, rows: 12 }, 'two-sides');
  const tool = (name: string) => page.getByRole('radio', { name, exact: true }).click();

  // Swamp at 3,2 (the escarpment's lower ground) and woods at 4,2, its north-east neighbour (flat-top, odd columns down).
  await tool('Rectangle');
  await page.locator('[data-terrain="swamp"]').click();
  await dragThrough(page, await Promise.all([cellOnPage(page, { col: 3, row: 2 }), cellOnPage(page, { col: 3, row: 2 })]));
  await page.locator('[data-terrain="woods"]').click();
  await dragThrough(page, await Promise.all([cellOnPage(page, { col: 4, row: 2 }), cellOnPage(page, { col: 4, row: 2 })]));

  // The escarpment between them, drawn from the swamp's side so its ticks face the swamp.
  const panel = page.getByTestId('layers-panel');
  await addSideFeature(page, 'Escarpment');
  await panel.getByTestId('side-feature-colour').fill(COLOUR);
  await panel.getByTestId('side-feature-draw').click();
  const [sw, wo] = await Promise.all([cellOnPage(page, { col: 3, row: 2 }), cellOnPage(page, { col: 4, row: 2 })]);
  await page.mouse.click(sw.x + (wo.x - sw.x) * 0.45, sw.y + (wo.y - sw.y) * 0.45);
  let doc = await openDocument(page);
  expect(doc.map.sideFeatures![0]!.sides).toEqual(['3,2,NE']);

  // Select the four cells at columns 3–4, rows 2–3, copy, paste at 10,6 turned once (60° clockwise), click.
  await tool('Select region');
  await dragThrough(page, await Promise.all([cellOnPage(page, { col: 3, row: 2 }), cellOnPage(page, { col: 4, row: 3 })]));
  await expect(page.getByTestId('region-status')).toHaveText('4 cells selected');
  await page.keyboard.press('Control+c');
  const at = await cellOnPage(page, { col: 10, row: 6 });
  expect(await colourRightOf(page, at.x - 200)).toBe(0);
  await page.mouse.move(at.x, at.y);
  await page.keyboard.press('Control+v');
  await page.keyboard.press('r');
  await expect(page.getByTestId('region-status')).toHaveText('Pasting 4 cells turned 60°');
  await page.mouse.move(at.x + 2, at.y + 2);
  // The floating paste shows the escarpment in its colour (the right half of the map had none).
  await expect.poll(() => colourRightOf(page, at.x - 200), 'the escarpment in the floating paste').toBeGreaterThan(8);
  await page.screenshot({ path: path.join(OUTPUT, 'side-features-paste-floating.png') });
  await page.mouse.click(at.x, at.y);
  await expect(page.getByTestId('undo')).toHaveAttribute('title', 'Undo Paste 4 cells (Ctrl+Z)');

  // The pasted swamp and woods: woods now south-east of the swamp (north-east turned 60°), and the
  // escarpment's new side runs between them written from the swamp (its ticks still face the swamp).
  doc = await openDocument(page);
  const grid = createGrid(gridSpecOf(doc));
  const swamp = cellOf(doc, 'swamp', 6);
  const woods = cellOf(doc, 'woods', 6);
  expect(grid.directionTo(swamp, woods)).toBe('SE');
  const pasted = `${swamp.col},${swamp.row},SE`;
  expect(doc.map.sideFeatures![0]!.sides).toEqual(['3,2,NE', pasted]);
  await page.mouse.move(5, 400);
  await page.waitForFunction(() => window.__gridfront!.map.pendingTiles === 0);
  await expect.poll(() => onScreen(page, swamp, woods), 'the pasted escarpment on screen').toBeGreaterThan(3);
  await page.screenshot({ path: path.join(OUTPUT, 'side-features-pasted.png') });

  // One undo takes the side away with the cells; redo brings it back.
  await page.keyboard.press('Control+z');
  expect((await openDocument(page)).map.sideFeatures![0]!.sides).toEqual(['3,2,NE']);
  await page.keyboard.press('Control+y');
  expect((await openDocument(page)).map.sideFeatures![0]!.sides).toEqual(['3,2,NE', pasted]);

  // Delete of the pasted block, selected again, removes its escarpment too; undo.
  await page.keyboard.press('Escape');
  await dragThrough(page, await Promise.all([cellOnPage(page, swamp), cellOnPage(page, woods)]));
  await page.keyboard.press('Delete');
  expect((await openDocument(page)).map.sideFeatures![0]!.sides).toEqual(['3,2,NE']);
  await page.keyboard.press('Control+z');

  // Saved, reopened from the library: the same sides.
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('dirty-mark')).toHaveCount(0);
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await page.getByTestId('scenario-card').filter({ has: page.getByRole('heading', { name: 'Turned escarpment', exact: true }) }).click();
  await page.getByTestId('details-panel').getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  doc = await openDocument(page);
  expect(doc.map.sideFeatures![0]!.sides).toEqual(['3,2,NE', pasted]);
  await page.waitForFunction(() => window.__gridfront!.map.pendingTiles === 0);
  await expect.poll(() => onScreen(page, swamp, woods)).toBeGreaterThan(3);
});

test('a wall that blocks movement, drawn in the designer, stops a unit in test-play: no destination across it, a drag there snaps back with the reason', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await page.locator(`[data-scenario-id="${EXAMPLE.id}"]`).dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');

  // A wall (named so, it takes a wall's look and blocks movement); the editor says what the operational rules do with it.
  const panel = page.getByTestId('layers-panel');
  await addSideFeature(page, 'Wall');
  await expect(panel.getByTestId('side-feature-blocks-movement')).toBeChecked();
  await expect(panel.getByTestId('side-feature-rules')).toHaveText(
    'Operational (Drive on Moscow style) reads Movement: no move, attack, retreat or breakthrough crosses it; Supply: no supply line is traced across it. It does not read Line of sight.',
  );
  await panel.getByTestId('side-feature-colour').fill(COLOUR);

  // Drawn on the side between 0304 (XLVI Panzer Corps) and Steblev, 0404, across the railway between them.
  await panel.getByTestId('side-feature-draw').click();
  const from = { col: 2, row: 3 };
  const steblev = { col: 3, row: 3 };
  const [p, q] = await Promise.all([cellOnPage(page, from), cellOnPage(page, steblev)]);
  await page.mouse.click(p.x + (q.x - p.x) * 0.45, p.y + (q.y - p.y) * 0.45);
  const doc = await openDocument(page);
  expect(doc.map.sideFeatures).toEqual([expect.objectContaining({ name: 'Wall', blocks: expect.objectContaining({ movement: true }), sides: ['2,3,SE'] })]);
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('dirty-mark')).toHaveCount(0);

  // Test-play, both sides human; activate 0304.
  await startHotseatHere(page);
  await expect(page.getByTestId('prompt-text')).toContainText('activate a cell');
  // The play board draws the wall where it was drawn.
  const [pa, pb] = await Promise.all([cellOnPage(page, from), cellOnPage(page, steblev)]);
  await expect.poll(() => colourNear(page, 'play-board', (pa.x + pb.x) / 2, (pa.y + pb.y) / 2), 'the wall on the play board').toBeGreaterThan(3);
  const a = await cellOnPage(page, from);
  await page.mouse.click(a.x, a.y);
  await expect(page.getByTestId('prompt-text')).toContainText('Move the activated units');

  // Its legal moves: every neighbour it could enter before, but not Steblev behind the wall.
  const destinations = async () =>
    (await page.evaluate(() => window.__gridfront!.play!.legal()))
      .filter((x) => x.type === 'move' && x['unit'] === 'g-46pz')
      .map((x) => (x['path'] as string[]).at(-1)!);
  const legal = await destinations();
  expect(legal.length).toBeGreaterThan(0);
  expect(legal).not.toContain('3,3');

  // Dragged there anyway: it snaps back and the reason names the wall.
  const b = await cellOnPage(page, steblev);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
  const alert = page.getByTestId('prompt-panel').getByRole('alert');
  await expect(alert).toContainText('wall');
  expect(await page.evaluate(() => window.__gridfront!.play!.view()!.units.find((x) => x.id === 'g-46pz')?.cell)).toBe('2,3');
  await page.screenshot({ path: path.join(OUTPUT, 'side-features-wall-play.png') });
});
