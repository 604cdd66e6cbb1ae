// A network map (positions joined by links) as far as the first step of issue #19 takes it:
// it imports into the library with its own card, opens in the designer where everything per
// cell works per position (select a position, edit its control in the inspector, undo), the
// side tools that have no meaning on a network are offered disabled, the print lays it out at
// true scale and says what it does not draw yet, and test-play refuses the grid-only ruleset
// with a sentence instead of a crash.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Scenario } from '../shared/format/scenario.types.js';
import { expect, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const TITLE = 'Road to Moscow (network test map)';
const card = (page: Page) => page.getByTestId('scenario-card').filter({ has: page.getByRole('heading', { name: TITLE, exact: true }) });
const documentOf = async (page: Page) => JSON.parse((await page.evaluate(() => window.__gridfront!.editor!.documentJson()))!) as Scenario;
const positionOf = (s: Scenario, id: string) => (s.map.grid.kind === 'network' ? s.map.grid.positions.find((p) => p.id === id) : undefined);

test('a network scenario imports, opens per position, prints its positions and refuses the grid-only ruleset', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto('/');

  // Import the file the way a designer does, through the library's Import.
  const file = readFileSync(path.join(projectRoot, 'shared', 'format', 'fixtures', 'network-front.json'));
  await page.getByTestId('import-input').setInputFiles([{ name: 'network-front.json', mimeType: 'application/json', buffer: file }]);
  const report = page.getByTestId('import-report');
  await expect(report.getByRole('heading', { name: 'Imported 1 scenario' })).toBeVisible();
  await report.getByRole('button', { name: 'Done' }).click();
  await expect(card(page)).toContainText('Network · 14 positions');
  await expect(card(page)).toContainText('Valid');
  await card(page).screenshot({ path: path.join(OUTPUT, 'network-library-card.png') });

  // Open it: the note says what the map view shows of a network so far.
  await card(page).dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('network-note')).toContainText('Positions and links show as they print');
  // Read once, the note closes and stays closed: it no longer covers the top of the map.
  await page.getByTestId('network-note').getByRole('button', { name: 'Close this note' }).click();
  await expect(page.getByTestId('network-note')).toHaveCount(0);
  await page.reload();
  await card(page).dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('network-note')).toHaveCount(0);
  // Cell sides do not exist on a network: River and Lake shore are offered disabled, their keys do
  // nothing. Road and Rail draw links of their type (network-designer.spec.ts walks them).
  for (const name of ['River', 'Lake shore']) await expect(page.getByRole('radio', { name })).toBeDisabled();
  for (const name of ['Road', 'Rail']) await expect(page.getByRole('radio', { name })).toHaveAttribute('title', new RegExp(`links of the ${name} type`));
  await page.getByTestId('map').focus();
  await page.keyboard.press('w');
  await expect(page.getByTestId('map')).not.toHaveAttribute('data-tool', 'river');

  // Select Moscow with the mouse; the inspector edits it like any cell.
  await page.keyboard.press('v');
  // Moscow is the twelfth position of the file: cell { col: 11, row: 0 }.
  const moscow = await page.evaluate(() => window.__gridfront!.map.cellToClient(11, 0));
  expect(moscow).not.toBeNull();
  await page.mouse.click(moscow!.x, moscow!.y);
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Moscow');
  await page.screenshot({ path: path.join(OUTPUT, 'network-designer-select.png') });
  await page.getByRole('combobox', { name: 'Control' }).selectOption({ label: 'Germans' });
  await expect.poll(async () => positionOf(await documentOf(page), 'moscow')?.control).toBe('ger');
  // Terrain and control stay in the positions: no rows appear in the file.
  expect((await documentOf(page)).map.terrain).toBeUndefined();
  await page.getByTestId('map').focus();
  await page.keyboard.press('Control+z');
  await expect.poll(async () => positionOf(await documentOf(page), 'moscow')?.control).toBe('sov');

  // The print dialog lays it out at the map's own scale, links and all.
  await page.getByRole('button', { name: 'Print…' }).click();
  const dialog = page.getByRole('dialog', { name: /Print/ });
  await expect(dialog).toContainText('Scale 50 km per cell (20 mm) = 1:2,500,000');
  await expect(dialog).not.toContainText('links are not drawn');
  await page.screenshot({ path: path.join(OUTPUT, 'network-print-dialog.png') });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // Test-play: the operational ruleset plays grids only, and says so.
  await page.getByRole('button', { name: 'Test-play' }).click();
  await page.getByRole('button', { name: 'Start game' }).click();
  await expect(page.getByRole('alert')).toContainText('The game cannot start: the operational ruleset plays on hex and square grids, and this is a network map');
  await page.screenshot({ path: path.join(OUTPUT, 'network-test-play-refused.png') });
  expect(errors).toEqual([]);
});
