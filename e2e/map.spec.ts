// The map view draws every bundled scenario: terrain colours at cell centres, rivers and
// roads where the data puts them, and the status bar names the cell under the pointer.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Scenario } from '../shared/format/scenario.types.js';
import type {} from '../renderer/src/testHook.types.js';
import { createGrid } from '../shared/grid/index.js';
import type { Cell } from '../shared/grid/types.js';
import { cellOnPage, expect, projectRoot, test } from './fixtures.js';
import { gridSpecOf } from '../shared/format/defaults.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
// Must match the map painter (shared/paint/painter.ts).
const CONTROL_TINT = 0.16;
const RIVER = '#2f6fb3';
// The painter's road casing (shared/paint/painter.ts).
const ROAD_CASING = '#9a4a1c';
// What a cell shows with the terrain layer hidden.
const BLANK_GROUND = '#f1eee6';

type Rgb = [number, number, number];
const hex = (c: string): Rgb => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)) as Rgb;
const blend = (a: Rgb, b: Rgb, t: number): Rgb => a.map((v, i) => Math.round(v + (b[i]! - v) * t)) as Rgb;
const distance = (a: Rgb, b: Rgb) => Math.max(...a.map((v, i) => Math.abs(v - b[i]!)));

function bundled(): { file: string; scenario: Scenario }[] {
  const dir = path.join(projectRoot, 'scenarios');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, scenario: JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Scenario }));
}

/** The bundled scenarios on hex or square grids (network maps have their own spec, e2e/network.spec.ts). */
const gridScenarios = () => bundled().filter(({ scenario }) => scenario.map.grid.kind !== 'network');

/** Facts about a scenario's map the test checks against the canvas. */
function expectations(scenario: Scenario) {
  const map = scenario.map;
  const grid = createGrid(gridSpecOf(map));
  const terrainOf = (c: Cell) => map.terrainTypes.find((t) => t.code === map.terrain![c.row]?.[c.col]);
  const sideOf = (c: Cell) => scenario.sides.find((s) => s.code === map.control![c.row]?.[c.col]);
  const roads = new Set(map.roads ?? []);
  const rails = new Set(map.rails ?? []);
  const rivers = new Set(map.rivers ?? []);
  const lines = new Set([...roads, ...rails]);
  const cells = map.cells ?? {};
  // Cells whose centre shows bare terrain: no markers, no road or rail through the centre.
  const plain: Cell[] = [];
  for (let row = 0; row < grid.spec.rows; row++)
    for (let col = 0; col < grid.spec.cols; col++) {
      const cell = { col, row };
      if (cells[`${col},${row}`]) continue;
      const sides = grid.sideDirections.map((d) => grid.edgeOf(cell, d));
      if (sides.some((e) => e !== null && lines.has(e))) continue;
      plain.push(cell);
    }
  // Up to four plain cells, preferring different terrain types.
  const samples: Cell[] = [];
  const seen = new Set<string>();
  for (const c of plain) {
    const t = terrainOf(c)?.id ?? '?';
    if (!seen.has(t)) {
      seen.add(t);
      samples.push(c);
    }
    if (samples.length === 4) break;
  }
  const inMap = (e: string) => grid.edgeCells(e).every((c) => grid.inMap(c));
  const river = [...rivers].find((e) => inMap(e) && !lines.has(e)) ?? null;
  const road = [...roads].find((e) => inMap(e) && !rivers.has(e) && !rails.has(e)) ?? null;
  const named = Object.entries(cells).find(([, f]) => f.name)?.[0];
  const hover = named ? (named.split(',').map(Number) as [number, number]) : [0, 0];
  return {
    grid,
    samples: samples.map((c) => {
      const side = sideOf(c);
      const terrain = terrainOf(c)!;
      const base = hex(terrain.colour);
      // Control tints every terrain but impassable ground (water, peaks).
      const tinted = side && terrain.category !== 'impassable';
      const tint = (ground: Rgb) => (tinted ? blend(ground, hex(side.colour), CONTROL_TINT) : ground);
      // With the terrain hidden the ground is bare and untinted; control shows as its front line only.
      return { cell: c, colour: tint(base), blank: hex(BLANK_GROUND) };
    }),
    river: river ? grid.edgeCells(river) : null,
    road: road ? grid.edgeCells(road) : null,
    hover: { col: hover[0]!, row: hover[1]! },
    terrainOf,
  };
}

/**
 * Colours of the static map canvas (below the hover layer) in a (2r+1)² square of device
 * pixels around a page point, to find a thin anti-aliased line without pixel-exact maths.
 */
async function staticPixels(page: Page, x: number, y: number, r = 0): Promise<Rgb[]> {
  return page.evaluate(
    ([px, py, radius]) => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="map"] canvas')!;
      const box = canvas.getBoundingClientRect();
      const ratio = canvas.width / box.width;
      const cx = Math.round((px! - box.left) * ratio);
      const cy = Math.round((py! - box.top) * ratio);
      const n = 2 * radius! + 1;
      const d = canvas.getContext('2d')!.getImageData(cx - radius!, cy - radius!, n, n).data;
      const out: [number, number, number][] = [];
      for (let i = 0; i < d.length; i += 4) out.push([d[i]!, d[i + 1]!, d[i + 2]!]);
      return out;
    },
    [x, y, r],
  );
}

const nearest = (pixels: Rgb[], want: Rgb): Rgb => pixels.reduce((a, b) => (distance(b, want) < distance(a, want) ? b : a));

async function openScenario(page: Page, id: string) {
  await page.goto('/');
  const card = page.locator(`[data-testid="scenario-card"][data-scenario-id="${id}"]`);
  await expect(card).toBeVisible();
  await card.dblclick(); // a click selects in the library; double-click opens
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
}

mkdirSync(OUTPUT, { recursive: true });

test('the start screen lists every bundled scenario with its mini-map', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const all = bundled();
  await expect(page.getByTestId('scenario-card')).toHaveCount(all.length);
  for (const { scenario } of all) await expect(page.getByText(scenario.title, { exact: true })).toBeVisible();
  // Each card shows its map: drawn from the scenario, or the library's stored thumbnail of it.
  await expect(page.getByTestId('scenario-card').locator('canvas.minimap, img.thumb')).toHaveCount(all.length);
  await page.screenshot({ path: path.join(OUTPUT, 'start-screen.png') });
});

for (const { file, scenario } of gridScenarios()) {
  test.describe(`${file}`, () => {
    // One opening of the map serves both walks (the picture, then the pointer on it): a page and
    // a map opened per test cost more than the checks.
    test('the map shows terrain, rivers and roads where the scenario puts them; hovering a cell names it and its terrain', async ({ page }) => {
      await page.setViewportSize({ width: 1400, height: 900 });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await openScenario(page, scenario.id);
      await expect(page.getByTestId('scenario-title')).toHaveText(scenario.title);
      const facts = expectations(scenario);
      expect(facts.samples.length).toBeGreaterThan(0);

      for (const s of facts.samples) {
        const p = await cellOnPage(page, s.cell);
        // The ground's colour shows round the centre, between the terrain's symbols.
        const got = nearest(await staticPixels(page, p.x, p.y, 10), s.colour);
        expect(distance(got, s.colour), `centre of ${facts.grid.label(s.cell)}: got rgb(${got}) expected rgb(${s.colour})`).toBeLessThanOrEqual(12);
      }
      if (facts.river) {
        const [a, b] = await Promise.all(facts.river.map((c) => cellOnPage(page, c)));
        const got = nearest(await staticPixels(page, (a!.x + b!.x) / 2, (a!.y + b!.y) / 2, 1), hex(RIVER));
        expect(distance(got, hex(RIVER)), `river between ${facts.river.map((c) => facts.grid.label(c))}: rgb(${got})`).toBeLessThanOrEqual(30);
      }
      if (facts.road) {
        const [a, b] = await Promise.all(facts.road.map((c) => cellOnPage(page, c)));
        // The road's brown casing shows across the side it crosses (close in, with its pale fill
        // inside; far out, the road is one brown line).
        const got = nearest(await staticPixels(page, (a!.x + b!.x) / 2, (a!.y + b!.y) / 2, 3), hex(ROAD_CASING));
        expect(distance(got, hex(ROAD_CASING)), `road between ${facts.road.map((c) => facts.grid.label(c))}: rgb(${got})`).toBeLessThanOrEqual(30);
      }
      await page.screenshot({ path: path.join(OUTPUT, `${scenario.id}-map.png`) });

      // Hovering a cell names it and its terrain in the status bar.
      const p = await cellOnPage(page, facts.hover);
      await page.mouse.move(p.x, p.y);
      await expect(page.getByTestId('status-cell')).toHaveText(facts.grid.label(facts.hover));
      await expect(page.getByTestId('status-terrain')).toHaveText(facts.terrainOf(facts.hover)!.name);

      // Zoom in on that cell with the wheel: it stays under the pointer and the zoom grows.
      const before = await page.evaluate(() => window.__gridfront!.map.zoom);
      await page.mouse.wheel(0, -600);
      await expect.poll(() => page.evaluate(() => window.__gridfront!.map.zoom)).toBeGreaterThan(before * 1.5);
      const after = await cellOnPage(page, facts.hover);
      expect(Math.hypot(after.x - p.x, after.y - p.y)).toBeLessThan(2);
      // The view sharpens by itself once the zoom holds still.
      await expect.poll(() => page.evaluate(() => window.__gridfront!.map.pendingTiles)).toBe(0);
      await page.screenshot({ path: path.join(OUTPUT, `${scenario.id}-zoomed.png`) });
      expect(errors).toEqual([]);
    });
  });
}


test.describe('map view controls', () => {
  const { scenario } = gridScenarios()[0]!;
  const physicalPx = (s: Scenario) => s.map.cellSize.value * { mm: 96 / 25.4, cm: 96 / 2.54, in: 96 }[s.map.cellSize.unit];

  test('a scenario card opens with the keyboard (Enter)', async ({ page }) => {
    await page.goto('/');
    const card = page.locator(`[data-testid="scenario-card"][data-scenario-id="${scenario.id}"]`);
    await card.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
    await expect(page.getByTestId('scenario-title')).toHaveText(scenario.title);
  });

  test('dragging, middle-dragging, Space+drag and arrow keys pan the map; cells follow the pointer', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await openScenario(page, scenario.id);
    const cell = { col: 1, row: 1 };
    const a = await cellOnPage(page, cell);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(a.x + 60, a.y + 40, { steps: 5 });
    await page.mouse.up();
    const b = await cellOnPage(page, cell);
    expect(b.x - a.x).toBeCloseTo(60, 0);
    expect(b.y - a.y).toBeCloseTo(40, 0);

    // In the select tool a left drag does not pan, but a middle drag does.
    await page.getByRole('radio', { name: 'Select', exact: true }).click();
    await page.mouse.move(b.x, b.y);
    await page.mouse.down();
    await page.mouse.move(b.x - 50, b.y, { steps: 5 });
    await page.mouse.up();
    expect(await cellOnPage(page, cell)).toEqual(b);
    await page.mouse.move(b.x, b.y);
    await page.mouse.down({ button: 'middle' });
    await page.mouse.move(b.x - 50, b.y - 30, { steps: 5 });
    await page.mouse.up({ button: 'middle' });
    const c = await cellOnPage(page, cell);
    expect(c.x - b.x).toBeCloseTo(-50, 0);
    expect(c.y - b.y).toBeCloseTo(-30, 0);

    // Space held turns a left drag into a pan in any tool.
    await page.mouse.move(c.x, c.y);
    await page.keyboard.down(' ');
    await page.mouse.down();
    await page.mouse.move(c.x + 30, c.y, { steps: 4 });
    await page.mouse.up();
    await page.keyboard.up(' ');
    const sp = await cellOnPage(page, cell);
    expect(sp.x - c.x).toBeCloseTo(30, 0);

    await page.keyboard.press('ArrowRight');
    const d = await cellOnPage(page, cell);
    expect(d.x).toBeLessThan(sp.x);
    expect(d.y).toBeCloseTo(sp.y, 5);
  });

  test('a click selects a cell and the inspector describes it', async ({ page }) => {
    await openScenario(page, scenario.id);
    const facts = expectations(scenario);
    const p = await cellOnPage(page, facts.hover);
    await page.mouse.click(p.x, p.y);
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    await expect(inspector.getByText(facts.grid.label(facts.hover), { exact: true }).first()).toBeVisible();
  });

  test('actual size shows cells at their printed size (96 CSS px per inch)', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await openScenario(page, scenario.id);
    await page.getByRole('button', { name: 'Actual size' }).click();
    await expect(page.getByTestId('status-zoom')).toHaveText('100%');
    const grid = createGrid(gridSpecOf(scenario));
    // Two neighbours whose centres are one cell apart across flats.
    const a = { col: 1, row: 1 };
    const b = grid.spec.kind === 'hex' && grid.spec.orientation === 'flat' ? { col: 1, row: 2 } : { col: 2, row: 1 };
    const [pa, pb] = [await cellOnPage(page, a), await cellOnPage(page, b)];
    expect(Math.hypot(pb.x - pa.x, pb.y - pa.y)).toBeCloseTo(physicalPx(scenario), 0);

    await page.getByRole('button', { name: 'Fit to window' }).click();
    const box = (await page.getByTestId('map').boundingBox())!;
    for (const corner of [{ col: 0, row: 0 }, { col: grid.spec.cols - 1, row: grid.spec.rows - 1 }]) {
      const p = await cellOnPage(page, corner);
      expect(p.x).toBeGreaterThan(box.x);
      expect(p.x).toBeLessThan(box.x + box.width);
      expect(p.y).toBeGreaterThan(box.y);
      expect(p.y).toBeLessThan(box.y + box.height);
    }
  });

  test('the View panel hides and shows layers: terrain colours and rivers go and come back', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await openScenario(page, scenario.id);
    const facts = expectations(scenario);
    // The sample whose terrain stands out most from bare ground.
    const sample = facts.samples.reduce((a, b) => (distance(b.colour, b.blank) > distance(a.colour, a.blank) ? b : a));
    expect(distance(sample.colour, sample.blank), 'a sample whose terrain differs from bare ground').toBeGreaterThan(30);
    const centre = await cellOnPage(page, sample.cell);
    // How far the pixels round the centre are from a colour: the ground shows between the
    // terrain's symbols (a forest's trees may stand on the centre itself).
    const offAtCentre = async (c: Rgb) => distance(nearest(await staticPixels(page, centre.x, centre.y, 10), c), c);
    expect(await offAtCentre(sample.colour)).toBeLessThanOrEqual(12);
    expect(facts.river, 'the first bundled scenario has a river to hide').not.toBeNull();
    const [a, b] = await Promise.all(facts.river!.map((c) => cellOnPage(page, c)));
    const riverAt = async () => distance(nearest(await staticPixels(page, (a!.x + b!.x) / 2, (a!.y + b!.y) / 2, 1), hex(RIVER)), hex(RIVER));
    expect(await riverAt()).toBeLessThanOrEqual(30);

    const toggle = (layer: string) => page.locator(`[data-layer="${layer}"]`);
    await toggle('terrain').uncheck();
    await expect.poll(() => offAtCentre(sample.blank)).toBeLessThanOrEqual(12);
    expect(await offAtCentre(sample.colour), 'the terrain colour is gone round the centre').toBeGreaterThan(12);
    await toggle('rivers').uncheck();
    await expect.poll(riverAt).toBeGreaterThan(60);
    await page.screenshot({ path: path.join(OUTPUT, 'layers-terrain-rivers-off.png') });

    await toggle('terrain').check();
    await toggle('rivers').check();
    await expect.poll(() => offAtCentre(sample.colour)).toBeLessThanOrEqual(12);
    await expect.poll(riverAt).toBeLessThanOrEqual(30);
  });
});
