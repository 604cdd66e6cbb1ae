// Tiled maps out and back in, as a designer does it: from the library, open the bundled Dnieper
// Bend scenario (pointy-top hexes), Export to Tiled… as TMX (a .zip download: the map and its
// two tileset pictures), go back to the library, Import Tiled map… with that zip, read the
// report, add it, and find the same map open in the designer.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { Page } from '@playwright/test';
import type { Scenario } from '../shared/format/scenario.types.js';
import { mapEssentials } from '../shared/interop/tiled/testing.js';
import { expect, openDocument, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });

/** Picks an item of the File menu in the top bar with the mouse. */
async function fromFileMenu(page: Page, label: string): Promise<void> {
  await page.getByTestId('file-menu').click();
  await page.getByRole('menu', { name: 'File' }).getByRole('menuitem', { name: label }).click();
}

const card = (page: Page, title: string) => page.getByTestId('scenario-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test('export a scenario to Tiled (TMX) and import the map back into a new scenario with the same map', async ({ page }) => {
  const original = JSON.parse(readFileSync(path.join(projectRoot, 'scenarios', 'dnieper-bend-1943.json'), 'utf8')) as Scenario;
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  await card(page, original.title).dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');

  await fromFileMenu(page, 'Export to Tiled…');
  const dialog = page.getByTestId('tiled-export-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: /TMX/ }).check();
  await page.screenshot({ path: path.join(OUTPUT, 'tiled-export-dialog.png') });
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Export' }).click()]);
  expect(download.suggestedFilename()).toBe('The Dnieper Bend Autumn 1943 Tiled.zip');
  const zipPath = path.join(OUTPUT, download.suggestedFilename());
  await download.saveAs(zipPath);
  await expect(dialog).toBeHidden();
  const files = unzipSync(new Uint8Array(readFileSync(zipPath)));
  expect(Object.keys(files).sort()).toEqual(['The Dnieper Bend Autumn 1943-control.png', 'The Dnieper Bend Autumn 1943-terrain.png', 'The Dnieper Bend Autumn 1943.tmx']);
  const tmx = new TextDecoder().decode(files['The Dnieper Bend Autumn 1943.tmx']);
  expect(tmx).toContain('orientation="hexagonal"');
  expect(tmx).toContain('staggeraxis="y"');
  // The tileset picture as the browser drew it, for a person to look at.
  writeFileSync(path.join(OUTPUT, 'tiled-terrain-tiles.png'), files['The Dnieper Bend Autumn 1943-terrain.png']!);

  // Back to the library, and in again through Import Tiled map… with the keyboard-free file chooser.
  await page.getByRole('button', { name: 'Library' }).click();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), fromFileMenu(page, 'Import Tiled map…')]);
  await chooser.setFiles(zipPath);
  const importDialog = page.getByTestId('tiled-import-dialog');
  await expect(importDialog).toBeVisible();
  await expect(importDialog).toContainText(original.title);
  await expect(importDialog.getByTestId('tiled-import-report')).toHaveText('Everything in the map was brought in.');
  await page.screenshot({ path: path.join(OUTPUT, 'tiled-import-dialog.png') });
  await importDialog.getByRole('button', { name: 'Add to library and open' }).press('Enter');
  await expect(importDialog).toBeHidden();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('scenario-title')).toHaveText(original.title);
  const imported = await openDocument(page);
  expect(imported.id).not.toBe(original.id);
  expect(mapEssentials(imported)).toEqual(mapEssentials(original));
  await page.screenshot({ path: path.join(OUTPUT, 'tiled-imported-map.png') });
});

test('export the open scenario as a VASSAL module from the File menu: a .vmod whose buildFile.xml sets up every unit', async ({ page }) => {
  const original = JSON.parse(readFileSync(path.join(projectRoot, 'scenarios', 'battle-for-moscow.json'), 'utf8')) as Scenario;
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  await card(page, original.title).dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  await fromFileMenu(page, 'Export VASSAL module…');
  const dialog = page.getByTestId('vassal-export-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Board pixels across a cell' }).selectOption('60');
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Export' }).click()]);
  const vmod = path.join(OUTPUT, download.suggestedFilename());
  expect(download.suggestedFilename()).toMatch(/\.vmod$/);
  await download.saveAs(vmod);
  const files = unzipSync(new Uint8Array(readFileSync(vmod)));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['buildFile.xml', 'moduledata', 'images/board.png']));
  const buildFile = new TextDecoder().decode(files['buildFile.xml']);
  expect(buildFile.match(/<VASSAL\.build\.module\.map\.SetupStack /g)).toHaveLength(original.orderOfBattle.length);
  writeFileSync(path.join(OUTPUT, 'vassal-board.png'), files['images/board.png']!);
});
