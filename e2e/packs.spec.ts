// Scenario packs in the browser (web host): export two library scenarios as a .gfpack
// download (with their print PDFs), delete them, import the pack back (preview, progress
// bar, outcome), import it again over the originals with a conflict choice each, and drop a
// hostile pack (an entry named ../evil.json) to see it refused with the reason and nothing
// written. A pack larger than the web host's 64 MB cap on JSON calls goes in too (it travels
// as raw bytes).
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Scenario } from '../shared/format/scenario.types.js';
import { exportPack } from '../electron/packs/export.js';
import { craftZip, validPackEntries } from '../electron/packs/testing.js';
import { appOrigin, expect, invoke, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });

const card = (page: Page, title: string) => page.getByTestId('scenario-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function createBlank(request: Parameters<typeof invoke>[0], origin: string, title: string): Promise<string> {
  const made = await invoke<{ ok: boolean; summary: { id: string } }>(request, origin, 'library.createBlank', { title, gridKind: 'hex', cols: 10, rows: 7 });
  if (!made.body.ok || !made.body.value.ok) throw new Error(`could not create ${title}: ${JSON.stringify(made.body)}`);
  return made.body.value.summary.id;
}

/** Drops a file on the window the way a file manager would. */
async function dropFile(page: Page, name: string, bytes: Buffer) {
  await page.evaluate(
    ({ name, data }) => {
      const file = new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], name, { type: 'application/octet-stream' });
      const dt = new DataTransfer();
      dt.items.add(file);
      const target = document.querySelector('main') ?? document.body;
      for (const type of ['dragenter', 'dragover', 'drop'] as const) target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dt }));
    },
    { name, data: bytes.toString('base64') },
  );
}

test('export two scenarios as a pack, delete them, import the pack and find both', async ({ page, request, baseURL }) => {
  const origin = appOrigin(baseURL);
  const alpha = await createBlank(request, origin, 'Pack Alpha');
  const bravo = await createBlank(request, origin, 'Pack Bravo');
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  await card(page, 'Pack Alpha').click();

  // Export: the selection comes ticked; tick the second one too.
  await page.getByTestId('pack-export-open').click();
  const exportDialog = page.getByTestId('pack-export-dialog');
  await expect(exportDialog).toBeVisible();
  const list = exportDialog.getByTestId('pack-export-list');
  await expect(list.getByRole('checkbox', { name: /Pack Alpha/ })).toBeChecked();
  await list.getByRole('checkbox', { name: /Pack Bravo/ }).check();
  await exportDialog.getByTestId('pack-name-input').fill('Two small fronts');
  await exportDialog.getByRole('textbox', { name: 'Author' }).fill('E2E');
  await exportDialog.getByRole('textbox', { name: 'Description' }).fill('Alpha and Bravo, for the round trip.');
  // Each scenario's print PDF goes along (saved games too, when it has any).
  await expect(exportDialog.getByRole('checkbox', { name: 'Thumbnails' })).toBeChecked();
  await exportDialog.getByRole('checkbox', { name: 'Print PDFs' }).check();
  await page.screenshot({ path: path.join(OUTPUT, 'packs-export-dialog.png') });
  const [download] = await Promise.all([page.waitForEvent('download'), exportDialog.getByTestId('pack-export-submit').click()]);
  expect(download.suggestedFilename()).toBe('Two small fronts.gfpack');
  const packPath = path.join(OUTPUT, 'two-small-fronts.gfpack');
  await download.saveAs(packPath);
  await expect(exportDialog).toBeHidden();
  expect(readFileSync(packPath).subarray(0, 2).toString()).toBe('PK');

  // Delete both for good.
  for (const id of [alpha, bravo]) await invoke(request, origin, 'library.trash', { id });
  await invoke(request, origin, 'library.emptyTrash');
  await page.reload();
  await expect(page.getByTestId('scenario-card').first()).toBeVisible();
  await expect(card(page, 'Pack Alpha')).toHaveCount(0);

  // Import it back through the file picker.
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('pack-import-open').click()]);
  await chooser.setFiles(packPath);
  const importDialog = page.getByTestId('pack-import-dialog');
  await expect(importDialog.getByTestId('pack-name')).toContainText('Two small fronts');
  await expect(importDialog.getByTestId('pack-items')).toContainText('Pack Alpha');
  await expect(importDialog.getByTestId('pack-items')).toContainText('Pack Bravo');
  await expect(importDialog.getByTestId('pack-problems')).toHaveCount(0);
  await expect(importDialog.getByTestId('pack-items').getByText('1 extra file')).toHaveCount(2);
  await page.screenshot({ path: path.join(OUTPUT, 'packs-import-preview.png') });
  await importDialog.getByTestId('pack-import-start').click();
  const bar = importDialog.getByRole('progressbar', { name: 'Import progress' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(importDialog.getByTestId('pack-outcomes')).toContainText('Added');
  await page.screenshot({ path: path.join(OUTPUT, 'packs-import-done.png') });
  await importDialog.getByRole('button', { name: 'Close' }).click();
  await expect(card(page, 'Pack Alpha')).toBeVisible();
  await expect(card(page, 'Pack Bravo')).toBeVisible();

  // The same pack again: both ids are taken now, so each gets a choice.
  await page.getByTestId('pack-input').setInputFiles(packPath);
  await expect(importDialog.getByTestId('pack-items')).toContainText('Your library already has “Pack Alpha”');
  await importDialog.getByRole('radiogroup', { name: 'What to do with Pack Alpha' }).getByLabel('Skip').check();
  await importDialog.getByRole('radiogroup', { name: 'What to do with Pack Bravo' }).getByLabel('Replace').check();
  await page.screenshot({ path: path.join(OUTPUT, 'packs-import-conflicts.png') });
  await importDialog.getByTestId('pack-import-start').click();
  const outcomes = importDialog.getByTestId('pack-outcomes');
  await expect(outcomes).toContainText('Skipped');
  await expect(outcomes).toContainText('Replaced');
  await importDialog.getByRole('button', { name: 'Close' }).click();
  await expect(card(page, 'Pack Alpha')).toHaveCount(1);
  await expect(card(page, 'Pack Bravo')).toHaveCount(1);
});

test('a hostile pack dropped on the window is refused with the reason, and nothing is written', async ({ page, request, baseURL }) => {
  const origin = appOrigin(baseURL);
  const before = await invoke<{ total: number }>(request, origin, 'library.list', { includeTrashed: true, limit: 1 });
  const base = JSON.parse(readFileSync(path.join(projectRoot, 'scenarios', 'square-grid-demo.json'), 'utf8')) as Scenario;
  const decoy: Scenario = { ...base, id: 'decoy-scenario', title: 'Decoy' };
  const hostile = craftZip([...validPackEntries([decoy]), { name: '../evil.json', data: Buffer.from('{"owned": true}') }]);

  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  await expect(page.getByTestId('scenario-card').first()).toBeVisible();
  await dropFile(page, 'free-scenarios.gfpack', hostile);
  const dialog = page.getByTestId('pack-import-dialog');
  const problems = dialog.getByTestId('pack-problems');
  await expect(problems).toBeVisible();
  await expect(problems).toContainText('cannot be imported');
  await expect(problems).toContainText('../evil.json');
  await expect(dialog.getByTestId('pack-import-start')).toBeDisabled();
  // The library's own drop handler (for .json files) did not see it: no "only .json" toast, no hint left on screen.
  await expect(page.getByText('Only .json scenario files can be imported.')).toHaveCount(0);
  await page.screenshot({ path: path.join(OUTPUT, 'packs-hostile.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // A pack dropped on the map screen is taken too, and the map stays.
  await page.getByTestId('scenario-card').first().dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  await dropFile(page, 'free-scenarios.gfpack', hostile);
  await expect(dialog.getByTestId('pack-problems')).toContainText('../evil.json');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('map')).toBeVisible();

  const after = await invoke<{ total: number }>(request, origin, 'library.list', { includeTrashed: true, limit: 1 });
  expect(after.body).toEqual(before.body);
});

test('a pack larger than the 64 MB cap on host calls is previewed and imported in the browser', async ({ page }) => {
  // Two print PDFs of random bytes: no compression shrinks them, so the pack stays big and the
  // zip-bomb ratio caps have nothing to object to.
  const base = JSON.parse(readFileSync(path.join(projectRoot, 'scenarios', 'square-grid-demo.json'), 'utf8')) as Scenario;
  const pdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(34 * 1024 * 1024)]);
  const pack = await exportPack({ name: 'Heavy maps', version: '1.0' }, [
    { json: { ...base, id: 'heavy-maps-e2e', title: 'Heavy Maps' }, extras: [{ kind: 'print-pdf', name: 'a.pdf', data: pdf() }, { kind: 'print-pdf', name: 'b.pdf', data: pdf() }] },
  ]);
  expect(pack.length).toBeGreaterThan(64 * 1024 * 1024);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gf-e2e-bigpack-'));
  const packPath = path.join(dir, 'heavy-maps.gfpack');
  writeFileSync(packPath, pack);
  try {
    await page.goto('/');
    await expect(page.getByTestId('scenario-card').first()).toBeVisible();
    await page.getByTestId('pack-input').setInputFiles(packPath);
    const dialog = page.getByTestId('pack-import-dialog');
    await expect(dialog.getByTestId('pack-name')).toContainText('Heavy maps');
    await expect(dialog).toContainText(`heavy-maps.gfpack, ${(pack.length / 1024 / 1024).toFixed(1)} MB`);
    await expect(dialog.getByTestId('pack-problems')).toHaveCount(0);
    await dialog.getByTestId('pack-import-start').click();
    await expect(dialog.getByTestId('pack-outcomes')).toContainText('Added');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(card(page, 'Heavy Maps')).toBeVisible();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('F1 shows the keyboard shortcuts from the same table as the desktop menu, and the pack keys work', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('scenario-card').first()).toBeVisible();
  await page.keyboard.press('F1');
  const dialog = page.getByTestId('shortcuts-dialog');
  await expect(dialog).toContainText('Export pack');
  await expect(dialog).toContainText('Ctrl+Shift+E');
  await page.screenshot({ path: path.join(OUTPUT, 'shortcuts-dialog.png') });
  await dialog.getByRole('button', { name: 'Close' }).click();
  // Ctrl+I opens the pack import (the browser's file picker in the web host).
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Control+I');
  expect((await chooser).isMultiple()).toBe(false);
  // Ctrl+Shift+E opens the pack export.
  await page.keyboard.press('Control+Shift+E');
  await expect(page.getByTestId('pack-export-dialog')).toBeVisible();
  await page.getByTestId('pack-export-dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('pack-export-dialog')).toBeHidden();
});

test('F1 works with the focus in the scenario panels too, and lists the map designer’s and the unit tables’ keys', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await page.getByTestId('scenario-card').first().dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('tab-oob').click();
  await expect(page.getByTestId('tab-oob')).toBeFocused();
  await page.keyboard.press('F1');
  const dialog = page.getByTestId('shortcuts-dialog');
  await expect(dialog).toBeVisible();
  const row = (label: string) => dialog.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  await expect(row('Terrain brush')).toHaveText('B');
  await expect(row('Lake shore')).toHaveText('L');
  await expect(row('Duplicate the row')).toHaveText('Ctrl+D');
  await page.screenshot({ path: path.join(OUTPUT, 'shortcuts-dialog-designer.png') });
  await dialog.getByRole('button', { name: 'Close' }).click();
  // Plain keys typed in the panels still stay there: an arrow moves between tabs, not the map.
  await page.getByTestId('tab-oob').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('tab-schedule')).toBeFocused();
});
