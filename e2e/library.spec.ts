// The library view and the document lifecycle in the browser (web host): create, find,
// rename, duplicate, delete and restore scenarios; import good and bad files; save edits as
// revisions and restore one; get unsaved changes back after a reload; check badges that tell
// clean, warned and failing scenarios apart; start and turns from the New dialog; test-play
// straight from the library.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import type { Scenario } from '../shared/format/scenario.types.js';
import { appOrigin, bundledIds, createBlankScenario, expect, invoke, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });

const card = (page: Page, title: string) => page.getByTestId('scenario-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function createScenario(page: Page, title: string) {
  await createBlankScenario(page, title);
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
  // The field is named as the editor names it, not by its JSON pointer.
  await expect(results.filter({ hasText: 'bad.json' })).toContainText('Map settings › columns:');
  await expect(results.filter({ hasText: 'bad.json' })).not.toContainText('/map/grid/cols');
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
  // A field edit is taken when it is committed (Enter or leaving the field).
  await field.fill('Kharkov Spring 1943');
  await field.press('Enter');
  await expect(page.getByTestId('dirty-mark')).toBeVisible();
  await expect(page.getByTestId('scenario-title')).toHaveText('Kharkov Spring 1943');
  await expect(page).toHaveTitle('• Kharkov Spring 1943 — Gridfront');

  // An empty title is refused at the field: the document keeps its title.
  await field.fill('');
  await field.press('Enter');
  await expect(page.getByTestId('title-field-error')).toHaveText('The scenario needs a title.');
  await expect(field).toHaveValue('Kharkov Spring 1943');
  await page.screenshot({ path: path.join(OUTPUT, 'library-save-refused.png') });
  await expect(page.getByTestId('dirty-mark')).toBeVisible();

  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('toast').filter({ hasText: 'Saved “Kharkov Spring 1943”' })).toBeVisible();
  await expect(page.getByTestId('dirty-mark')).toHaveCount(0);
  await expect(page).toHaveTitle('Kharkov Spring 1943 — Gridfront');
  await page.screenshot({ path: path.join(OUTPUT, 'library-saved.png') });

  // Leaving with unsaved changes asks first: Cancel stays, Discard leaves without saving.
  await field.fill('Kharkov Autumn');
  await field.press('Enter');
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
  await page.getByTestId('title-field').press('Enter');
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

/** The bundled square-grid demo with a second German supply base inside the map (legal, but the checks warn). */
function warnedScenario(id: string, title: string): Scenario {
  const base = JSON.parse(readFileSync(path.join(projectRoot, 'scenarios', 'square-grid-demo.json'), 'utf8')) as Scenario;
  return { ...base, id, title, map: { ...base.map, cells: { ...base.map.cells, '5,4': { supplyBase: base.sides[0].id } } } };
}

/**
 * Marks a stored scenario the way a newer, stricter validator would on its next start: kept,
 * but failing. (The web host's library file lives in the run's data folder.)
 */
function flagAsFailing(id: string, message: string): void {
  const db = new Database(path.join(process.env.GF_E2E_DATA_DIR!, 'library.sqlite'));
  try {
    db.prepare("UPDATE scenarios SET check_status = 'errors', error_count = 1, check_notes = ? WHERE id = ?").run(JSON.stringify([message]), id);
  } finally {
    db.close();
  }
}

test('the check badge is green when clean, amber with only warnings (listing them) and red for a draft, which also blocks test-play', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto('/');
  await page.getByTestId('import-input').setInputFiles([
    { name: 'inland.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(warnedScenario('inland-depot', 'Inland Depot'))) },
  ]);
  const report = page.getByTestId('import-report');
  await expect(report.getByRole('heading', { name: 'Imported 1 scenario' })).toBeVisible();
  await expect(report).toContainText('not on a map edge');
  await page.screenshot({ path: path.join(OUTPUT, 'library-import-warnings.png') });
  await report.getByRole('button', { name: 'Done' }).click();

  const warned = card(page, 'Inland Depot');
  const badge = warned.getByTestId('check-badge');
  await expect(badge).toHaveAttribute('data-tone', 'warn');
  await expect(badge).toHaveText(/^\d+ warnings?$/);
  await expect(badge).toHaveAttribute('title', /not on a map edge/);
  await expect(badge).toHaveCSS('background-color', 'rgb(253, 243, 216)');
  // A clean bundled scenario next to it stays green.
  const clean = card(page, 'Square Grid Demo: The Vistula Bridgehead').getByTestId('check-badge');
  await expect(clean).toHaveText('Valid');
  await expect(clean).toHaveAttribute('data-tone', 'ok');

  // The details panel lists the messages; warnings do not stop test-play.
  await warned.click();
  const details = page.getByTestId('details-panel');
  await expect(details.getByTestId('check-notes')).toContainText('not on a map edge');
  await expect(details.getByTestId('details-test-play')).toBeEnabled();
  await page.screenshot({ path: path.join(OUTPUT, 'library-badge-warnings.png') });
  await page.getByRole('radio', { name: 'List' }).click();
  await expect(page.locator('.items.list')).toBeVisible();
  await page.screenshot({ path: path.join(OUTPUT, 'library-badge-warnings-list.png') });
  await page.getByRole('radio', { name: 'Grid' }).click();

  // A stricter validator later rejects it: red badge, and test-play is off with the reason shown.
  flagAsFailing('inland-depot', 'Unit 3 starts off the map.');
  await page.reload();
  await card(page, 'Inland Depot').click();
  await expect(card(page, 'Inland Depot').getByTestId('check-badge')).toHaveText('Draft · 1 problem');
  await expect(card(page, 'Inland Depot').getByTestId('check-badge')).toHaveAttribute('data-tone', 'bad');
  await expect(details.getByTestId('details-test-play')).toBeDisabled();
  await expect(details.getByTestId('test-play-block')).toHaveText(/this draft has 1 problem; open it and fix it/);
  // The toolbar's Test-play stays clickable: it opens the draft with the list of what to fix.
  await expect(page.getByTestId('library-test-play')).toHaveAttribute('title', /this draft has 1 problem/);
  await page.screenshot({ path: path.join(OUTPUT, 'library-badge-errors.png') });
});

test('the New dialog sets the start date and number of turns, naming a field it refuses', async ({ page, request, baseURL }) => {
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto('/');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByTestId('new-dialog');
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Kursk South');
  // Defaults: a 12-turn game from 1 October 1941.
  await expect(dialog.getByLabel('Start date')).toHaveValue('1941-10-01');
  await expect(dialog.getByRole('spinbutton', { name: 'Turns' })).toHaveValue('12');
  await dialog.getByLabel('Start date').fill('1943-07-05');
  await dialog.getByRole('spinbutton', { name: 'Turns' }).fill('0');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('The number of turns must be a whole number from 1 to 999.')).toBeVisible();
  await expect(dialog.getByRole('spinbutton', { name: 'Turns' })).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: path.join(OUTPUT, 'library-new-dialog-turns.png') });
  await dialog.getByRole('spinbutton', { name: 'Turns' }).fill('8');
  await expect(dialog.getByText('The number of turns must be')).toBeHidden();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('scenario-title')).toHaveText('Kursk South');
  await expect(page.getByLabel('Inspector')).toContainText('8 from 1943-07-05');

  const list = await invoke<{ items: { id: string; title: string }[] }>(request, appOrigin(baseURL), 'library.list', { limit: 500 });
  const id = list.body.ok ? list.body.value.items.find((s) => s.title === 'Kursk South')?.id : undefined;
  expect(id).toBeTruthy();
  const got = await invoke<{ document: Scenario }>(request, appOrigin(baseURL), 'library.get', { id: id! });
  expect(got.body.ok && got.body.value.document.calendar).toEqual({ startDate: '1943-07-05', turns: 8 });
  expect(got.body.ok && got.body.value.document.initiative).toEqual([expect.objectContaining({ fromTurn: 1, toTurn: 8 })]);
});

test('Test-play from the library opens the scenario straight into the play screen', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto('/');
  const target = card(page, 'Square Grid Demo: The Vistula Bridgehead');
  await target.click();
  await page.getByTestId('details-panel').getByTestId('details-test-play').click();
  const setup = page.getByTestId('play-setup');
  await expect(setup).toBeVisible();
  await expect(page.getByTestId('scenario-title')).toHaveText('Square Grid Demo: The Vistula Bridgehead');
  await expect(page.getByTestId('play-exit')).toBeVisible();
  await page.screenshot({ path: path.join(OUTPUT, 'library-test-play-setup.png') });
  await setup.getByTestId('play-start').click();
  await expect(setup).toBeHidden();
  await expect(page.getByTestId('play-exit')).toBeVisible();
  await page.screenshot({ path: path.join(OUTPUT, 'library-test-play-board.png') });

  // Back in the library, the toolbar's Test-play and its key do the same for the selection.
  await page.getByTestId('play-exit').click();
  await backToLibrary(page);
  await card(page, 'Square Grid Demo: The Vistula Bridgehead').click();
  await page.getByTestId('library-test-play').click();
  await expect(page.getByTestId('play-setup')).toBeVisible();
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await expect(page.getByTestId('scenario-list')).toBeVisible();
  await card(page, 'Square Grid Demo: The Vistula Bridgehead').click();
  // In the browser Ctrl+T belongs to the browser (a new tab): the page's key for Test-play is Alt+Shift+G.
  await page.keyboard.press('Alt+Shift+G');
  await expect(page.getByTestId('play-setup')).toBeVisible();
});

