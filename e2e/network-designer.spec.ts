// The first hour of a network-map designer (a point-to-point map, seed 001): from the library's
// New dialog a Barbarossa Fast network; positions placed with the Positions and links tool start
// on plain ground (the tool options say which, and change it); at the whole-map zoom each one's
// name or label is drawn beside it, so it can be read where the designer works; a position named
// in the inspector shows its name. The River key refuses with a message; the Road key hands over
// to Positions and links drawing road links, and says so in a note instead of refusing (the
// refusal goes); a road is drawn, undone and redone, and the map saved. What does not apply to a
// network (side features along cell sides) is not offered, and the print dialog speaks of positions.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { NetworkGrid } from '../shared/format/scenario.types.js';
import type {} from '../renderer/src/testHook.types.js';
import { dragThrough, expect, openDocument, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });

/** The map's pixels round a point of the page (what the designer sees there), as PNG bytes. */
async function around(page: Page, p: { x: number; y: number }): Promise<Buffer> {
  await page.waitForFunction(() => window.__gridfront!.map.pendingTiles === 0);
  return page.screenshot({ clip: { x: p.x - 70, y: p.y - 45, width: 140, height: 90 } });
}

test('a network map from blank: names readable at the whole-map zoom, road and rail keys that point to link types, undo, save', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto('/');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByTestId('new-dialog');
  await dialog.getByTestId('ruleset-bf').click();
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Road to Moscow');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  // Nothing here runs along cell sides: no side-feature editor, and the status bar speaks of positions.
  await expect(page.getByTestId('side-features')).toHaveCount(0);
  await expect(page.getByText('Point at a position to see its details')).toBeVisible();

  await page.getByTestId('map').focus();
  await page.keyboard.press('p');
  await expect(page.getByRole('radio', { name: 'Positions and links' })).toHaveAttribute('aria-checked', 'true');
  const inspector = page.getByRole('complementary', { name: 'Inspector' });
  // New positions start on plain ground, as the tool options say; every choice of new link reads whole.
  await expect(inspector.getByTestId('new-position-terrain').locator('option:checked')).toHaveText('Open');
  for (const b of await inspector.getByRole('radiogroup', { name: 'New links' }).getByRole('radio').all())
    expect(await b.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);

  const box = (await page.getByTestId('map').boundingBox())!;
  const at = (fx: number, fy: number) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy });
  const spots = [at(0.25, 0.4), at(0.5, 0.35), at(0.75, 0.45)];
  for (const p of spots) await page.mouse.click(p.x, p.y);
  let doc = await openDocument(page);
  const net = () => doc.map.grid as NetworkGrid;
  expect(net().positions.map((p) => [p.label, p.terrain])).toEqual([
    ['P1', 'open'],
    ['P2', 'open'],
    ['P3', 'open'],
  ]);
  // P1 is named in the inspector.
  await page.mouse.click(spots[0]!.x, spots[0]!.y);
  await inspector.getByTestId('cell-name').click();
  await page.keyboard.type('Smolensk');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('undo')).toHaveAttribute('title', /Smolensk/);

  // The whole map in view (the zoom a designer works at on a network): each position's name is
  // drawn beside it — the pixels round it change when the Names layer is hidden.
  await page.getByTestId('map').focus();
  await page.keyboard.press('0');
  const shown = [await around(page, spots[0]!), await around(page, spots[1]!)];
  await page.screenshot({ path: path.join(OUTPUT, 'network-designer-names.png') });
  await inspector.getByRole('checkbox', { name: 'Show Names' }).uncheck();
  const hidden = [await around(page, spots[0]!), await around(page, spots[1]!)];
  expect(shown[0]!.equals(hidden[0]!), 'Smolensk beside P1').toBe(false);
  expect(shown[1]!.equals(hidden[1]!), 'P2 beside its box').toBe(false);
  await inspector.getByRole('checkbox', { name: 'Show Names' }).check();

  // River has no place on a network: refused, said in red.
  await page.getByTestId('map').focus();
  await page.keyboard.press('w');
  await expect(inspector.getByRole('alert')).toContainText('Rivers run along cell sides');
  // Road does: it hands over to Positions and links drawing roads, says so (not as an error), and
  // the refusal above no longer applies, so it goes.
  await page.keyboard.press('d');
  await expect(inspector.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Positions and links' })).toHaveAttribute('aria-checked', 'true');
  await expect(inspector.getByRole('radiogroup', { name: 'New links' }).getByRole('radio', { name: 'Road' })).toHaveAttribute('aria-checked', 'true');
  const note = inspector.getByTestId('tool-note');
  await expect(note).toContainText('Road type');
  await page.screenshot({ path: path.join(OUTPUT, 'network-designer-road-note.png') });
  await dragThrough(page, [spots[1]!, spots[2]!]);
  doc = await openDocument(page);
  expect(net().links.map((l) => [l.from, l.to, l.type])).toEqual([[net().positions[1]!.id, net().positions[2]!.id, 'road']]);
  // The Rail button on the rail works the same way.
  await page.locator('button[data-tool="rail"]').click();
  await expect(note).toContainText('Rail type');
  await expect(inspector.getByRole('radiogroup', { name: 'New links' }).getByRole('radio', { name: 'Rail' })).toHaveAttribute('aria-checked', 'true');
  // Another tool: the note goes with it.
  await page.getByTestId('map').focus();
  await page.keyboard.press('v');
  await expect(note).toHaveCount(0);

  // Undo takes the road away, redo brings it back; saved.
  await page.keyboard.press('Control+z');
  doc = await openDocument(page);
  expect(net().links).toHaveLength(0);
  await page.keyboard.press('Control+y');
  doc = await openDocument(page);
  expect(net().links).toHaveLength(1);
  await page.keyboard.press('Control+s');
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();

  // The print dialog speaks of positions, not cells.
  await page.getByTestId('print-open').click();
  const print = page.getByTestId('print-dialog');
  await expect(print.getByLabel('Position size')).toBeVisible();
  await expect(print.getByTestId('print-options')).toContainText('Bare positions');
  await expect(print.getByTestId('print-options')).not.toContainText(/Cell size|cell outlines|cell numbers|Every cell/);
  await page.screenshot({ path: path.join(OUTPUT, 'network-designer-print.png') });
  await print.getByRole('button', { name: 'Close', exact: true }).click();
});
