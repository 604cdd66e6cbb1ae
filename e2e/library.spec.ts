// The library view and the document lifecycle in the browser (web host): create, find,
// rename, duplicate, delete and restore scenarios; import good and bad files; save edits as
// revisions and restore one; get unsaved changes back after a reload.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Scenario } from '../shared/format/scenario.types.js';
import { appOrigin, expect, invoke, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });

const bundledIds = new Set<string>();
for (const file of ['brick-grid-demo.json', 'dnieper-bend-1943.json', 'seed-000-example.json', 'square-grid-demo.json']) {
  bundledIds.add((JSON.parse(readFileSync(path.join(projectRoot, 'scenarios', file), 'utf8')) as Scenario).id);
}

// The web host keeps one library for the whole run: leave it as seeded (only the bundled
// scenarios, nothing in the trash, no recovery copies) so the map spec sees what it expects.
test.afterEach(async ({ request, baseURL }) => {
  const origin = appOrigin(baseURL);
  const list = await invoke<{ items: { id: string }[] }>(request, origin, 'library.list', { limit: 500 });
  if (list.body.ok) for (const s of list.body.value.items) if (!bundledIds.has(s.id)) await invoke(request, origin, 'library.trash', { id: s.id });
  await invoke(request, origin, 'library.emptyTrash');
  const rec = await invoke<{ docKey: string }[]>(request, origin, 'library.readRecovery');
  if (rec.body.ok) for (const r of rec.body.value) await invoke(request, origin, 'library.clearRecovery', { docKey: r.docKey });
});

const card = (page: Page, title: string) => page.getByTestId('scenario-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function createScenario(page: Page, title: string) {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByTestId('new-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('spinbutton', { name: 'Columns' }).fill('12');
  await dialog.getByRole('spinbutton', { name: 'Rows' }).fill('8');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('scenario-title')).toHaveText(title);
}

async function backToLibrary(page: Page) {
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await expect(page.getByTestId('scenario-list')).toBeVisible();
}

test('the library lists the seeded scenarios with status, sides and last edit', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto('/');
  await expect(page.getByTestId('scenario-card')).toHaveCount(bundledIds.size);
  const first = page.getByTestId('scenario-card').first();
  await expect(first.getByTestId('check-badge')).toHaveText('Valid');
  await expect(first).toContainText(/edited/);
  await page.screenshot({ path: path.join(OUTPUT, 'library-grid.png') });

  await page.getByRole('radio', { name: 'List' }).click();
  await expect(page.locator('.items.list')).toBeVisible();
  await first.click();
  await expect(page.getByTestId('details-panel')).toContainText('Revisions');
  await page.screenshot({ path: path.join(OUTPUT, 'library-list.png') });
});

test('a new scenario is created from the dialog, found, renamed, duplicated, deleted and restored', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto('/');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByTestId('new-dialog');
  // Sides start as Germans and Soviets with the rules the ruleset gives them.
  await expect(dialog.getByRole('textbox', { name: 'Side 1 name' })).toHaveValue('Germans');
  await expect(dialog.getByRole('group', { name: 'Germans rules' }).getByRole('checkbox', { name: 'Slowed by mud' })).toBeChecked();
  await expect(dialog.getByRole('group', { name: 'Soviets rules' }).getByRole('checkbox', { name: 'Rail movement' })).toBeChecked();
  // An empty title is refused in the dialog, before anything reaches the library.
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Give the scenario a title.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Operation Zitadelle draft');
  await dialog.getByRole('combobox', { name: 'Grid' }).selectOption('square-8');
  await page.screenshot({ path: path.join(OUTPUT, 'library-new-dialog.png') });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('scenario-title')).toHaveText('Operation Zitadelle draft');
  await backToLibrary(page);

  // As-you-type search finds it by one word of its title.
  await page.keyboard.press('Control+f');
  await expect(page.getByRole('searchbox', { name: 'Search the library' })).toBeFocused();
  await page.keyboard.type('zitadel');
  await expect(page.getByTestId('scenario-card')).toHaveCount(1);
  const created = card(page, 'Operation Zitadelle draft');
  await expect(created).toContainText('Square · 30×20');

  // F2 renames the selection.
  await created.click();
  await page.keyboard.press('F2');
  const rename = page.getByTestId('rename-dialog');
  await rename.getByRole('textbox', { name: 'Title' }).fill('Operation Citadel');
  await rename.getByRole('textbox', { name: 'Title' }).press('Enter');
  await expect(rename).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search the library' }).fill('citadel');
  await expect(card(page, 'Operation Citadel')).toBeVisible();

  // Duplicate, then delete the copy with the Delete key and take it back with Undo.
  await card(page, 'Operation Citadel').click();
  await page.getByRole('button', { name: 'Duplicate' }).click();
  const copy = card(page, 'Operation Citadel (copy)');
  await expect(copy).toBeVisible();
  await expect(page.getByTestId('scenario-card')).toHaveCount(2);
  await copy.click();
  await page.keyboard.press('Delete');
  const toast = page.getByTestId('toast').filter({ hasText: 'Deleted “Operation Citadel (copy)”' });
  await expect(toast).toBeVisible();
  await expect(copy).toBeHidden();
  await page.screenshot({ path: path.join(OUTPUT, 'library-deleted-toast.png') });
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(copy).toBeVisible();

  // Delete again and restore it from the Trash view.
  await copy.click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(copy).toBeHidden();
  await page.getByTestId('open-trash').click();
  await expect(page.getByRole('heading', { name: 'Trash' })).toBeVisible();
  await card(page, 'Operation Citadel (copy)').click();
  await page.screenshot({ path: path.join(OUTPUT, 'library-trash.png') });
  await page.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(page.getByText('The trash is empty.')).toBeVisible();
  await page.getByRole('button', { name: 'Back to the library' }).click();
  await page.getByRole('searchbox', { name: 'Search the library' }).fill('citadel');
  await expect(page.getByTestId('scenario-card')).toHaveCount(2);
});

test('keyboard: arrows move the selection and Enter opens it', async ({ page }) => {
  await page.goto('/');
  const cards = page.getByTestId('scenario-card');
  await cards.first().click();
  await expect(cards.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(cards.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(cards.nth(1)).toBeFocused();
  const title = (await cards.nth(1).getByTestId('scenario-card-title').textContent())!;
  await expect(page.getByTestId('details-title')).toHaveText(title);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('scenario-title')).toHaveText(title);
});

test('importing a good and a bad file adds the good one and names the bad one’s field', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto('/');
  const base = JSON.parse(readFileSync(path.join(projectRoot, 'scenarios', 'square-grid-demo.json'), 'utf8')) as Scenario;
  const good = { ...base, id: 'imported-good', title: 'Imported Pripet Marshes' };
  const bad = { ...base, id: 'imported-bad', title: 'Broken Import', map: { ...base.map, grid: { ...base.map.grid, cols: 0 } } };
  await page.getByTestId('import-input').setInputFiles([
    { name: 'good.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(good)) },
    { name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) },
  ]);
  const report = page.getByTestId('import-report');
  await expect(report.getByRole('heading', { name: 'Imported 1 of 2 files' })).toBeVisible();
  const results = report.getByTestId('import-result');
  await expect(results.filter({ hasText: 'good.json' })).toContainText('imported as “Imported Pripet Marshes”');
  await expect(results.filter({ hasText: 'bad.json' })).toContainText('not imported');
  await expect(results.filter({ hasText: 'bad.json' })).toContainText('bad.json: /map/grid/cols:');
  await page.screenshot({ path: path.join(OUTPUT, 'library-import-report.png') });
  await report.getByRole('button', { name: 'Done' }).click();
  await expect(card(page, 'Imported Pripet Marshes')).toBeVisible();
  await expect(card(page, 'Broken Import')).toHaveCount(0);

  // Export hands the scenario's JSON to the browser as a download.
  await card(page, 'Imported Pripet Marshes').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export', exact: true }).click()]);
  expect(download.suggestedFilename()).toBe('Imported Pripet Marshes.json');
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8')) as Scenario;
  expect(exported).toMatchObject({ id: 'imported-good', title: 'Imported Pripet Marshes' });

  // Dropping .json files on the window imports them too.
  const dropped = JSON.stringify({ ...base, id: 'dropped', title: 'Dropped Narew Line' });
  const transfer = await page.evaluateHandle((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'dropped.json', { type: 'application/json' }));
    return dt;
  }, dropped);
  await page.dispatchEvent('main', 'dragover', { dataTransfer: transfer });
  await expect(page.getByTestId('drop-overlay')).toBeVisible();
  await page.screenshot({ path: path.join(OUTPUT, 'library-drop-overlay.png') });
  await page.dispatchEvent('main', 'drop', { dataTransfer: transfer });
  await expect(page.getByTestId('drop-overlay')).toBeHidden();
  await expect(report.getByRole('heading', { name: 'Imported 1 scenario' })).toBeVisible();
  await report.getByRole('button', { name: 'Done' }).click();
  await expect(card(page, 'Dropped Narew Line')).toBeVisible();
});

test('an edit marks the document unsaved, Ctrl+S saves a revision, and restoring it brings the old title back', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto('/');
  await createScenario(page, 'Kharkov Spring');
  await expect(page.getByTestId('dirty-mark')).toHaveCount(0);

  const field = page.getByTestId('title-field');
  await field.fill('Kharkov Spring 1943');
  await expect(page.getByTestId('dirty-mark')).toBeVisible();
  await expect(page.getByTestId('scenario-title')).toHaveText('Kharkov Spring 1943');
  await expect(page).toHaveTitle('• Kharkov Spring 1943 — Gridfront');

  // An empty title is refused by the validator, which says where.
  await field.fill('');
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('toast').filter({ hasText: 'Not saved' })).toContainText('/title');
  await page.screenshot({ path: path.join(OUTPUT, 'library-save-refused.png') });
  await expect(page.getByTestId('dirty-mark')).toBeVisible();

  await field.fill('Kharkov Spring 1943');
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('toast').filter({ hasText: 'Saved “Kharkov Spring 1943”' })).toBeVisible();
  await expect(page.getByTestId('dirty-mark')).toHaveCount(0);
  await expect(page).toHaveTitle('Kharkov Spring 1943 — Gridfront');
  await page.screenshot({ path: path.join(OUTPUT, 'library-saved.png') });

  // Leaving with unsaved changes asks first: Cancel stays, Discard leaves without saving.
  await field.fill('Kharkov Autumn');
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  const ask = page.getByTestId('question-dialog');
  await expect(ask).toContainText('“Kharkov Autumn” has changes that are not saved yet.');
  await page.screenshot({ path: path.join(OUTPUT, 'library-unsaved-dialog.png') });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('scenario-title')).toHaveText('Kharkov Autumn');
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByTestId('scenario-list')).toBeVisible();

  // The saved title is current, the created one is a revision; restore it.
  const saved = card(page, 'Kharkov Spring 1943');
  await expect(saved).toBeVisible();
  await saved.click();
  const revisions = page.getByTestId('revision');
  await expect(revisions).toHaveCount(1);
  await expect(revisions.first()).toContainText('Kharkov Spring');
  await expect(revisions.first()).toContainText('Title changed');
  await page.screenshot({ path: path.join(OUTPUT, 'library-revisions.png') });
  await revisions.first().getByRole('button', { name: /Restore this revision/ }).click();
  await page.getByTestId('question-dialog').getByRole('button', { name: 'Restore' }).click();
  await expect(card(page, 'Kharkov Spring')).toBeVisible();
  await expect(page.getByTestId('details-title')).toHaveText('Kharkov Spring');
  await expect(revisions).toHaveCount(2);
  // The saved thumbnail is the stored PNG.
  await expect(card(page, 'Kharkov Spring').locator('img.thumb')).toBeVisible();
});

test('unsaved changes survive a reload and are offered back', async ({ page, request, baseURL }) => {
  await page.goto('/');
  await createScenario(page, 'Smolensk Gap');
  await page.getByTestId('title-field').fill('Smolensk Gap (unsaved)');
  await expect(page.getByTestId('dirty-mark')).toBeVisible();
  // The recovery copy reaches the library within a few seconds of the edit.
  await expect
    .poll(async () => {
      const rec = await invoke<{ document: { title: string } }[]>(request, appOrigin(baseURL), 'library.readRecovery');
      return rec.body.ok ? rec.body.value.map((r) => r.document.title) : [];
    })
    .toContain('Smolensk Gap (unsaved)');

  // Leaving the page with unsaved changes brings up the browser's "leave site?" warning.
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.type());
    void d.accept();
  });
  await page.reload();
  expect(dialogs).toEqual(['beforeunload']);
  const prompt = page.getByTestId('recovery-dialog');
  await expect(prompt).toContainText('Restore unsaved changes to “Smolensk Gap (unsaved)”?');
  await page.screenshot({ path: path.join(OUTPUT, 'library-recovery.png') });
  await prompt.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('scenario-title')).toHaveText('Smolensk Gap (unsaved)');
  await expect(page.getByTestId('dirty-mark')).toBeVisible();
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('dirty-mark')).toHaveCount(0);
  const rec = await invoke<unknown[]>(request, appOrigin(baseURL), 'library.readRecovery');
  expect(rec.body).toMatchObject({ ok: true, value: [] });
});
