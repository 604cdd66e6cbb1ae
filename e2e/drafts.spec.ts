// Issue 14, item 3: saving never depends on the scenario checks. A scenario with a problem is
// saved (Ctrl+S) and listed as a draft with its problem count, in the card and list views;
// what hands it on refuses (test-play, balance, pack export) or warns (JSON export) with the
// list of problems in the user's words; the editor never writes a file the schema refuses.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Scenario } from '../shared/format/scenario.types.js';
import { scenarioSchemaIssues } from '../shared/format/validate.js';
import { createBlankScenario, expect, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const TITLE = 'Stalingrad pocket';
const PROBLEM = 'Cell 0305 starts with 4 units of Germans, more than the stacking limit of 3';

const card = (page: Page, title: string) => page.getByTestId('scenario-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function backToLibrary(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await expect(page.getByTestId('scenario-list')).toBeVisible();
}

test('a scenario with a problem is saved as a draft; test-play, balance and exports refuse or warn with the list', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await createBlankScenario(page, TITLE);

  // Four German units typed into one cell: one over the stacking limit.
  await page.getByTestId('tab-oob').click();
  const germans = page.getByTestId('oob-germans');
  for (const name of ['6th Army', 'XIV Panzer Corps', 'LI Corps', 'IV Corps']) {
    await germans.getByTestId('new-name-germans').fill(name);
    await germans.getByTestId('new-strength-germans').fill('4');
    await germans.getByTestId('new-cell-germans').fill('0305');
    await germans.getByTestId('new-cell-germans').press('Enter');
  }
  await expect(germans.getByTestId('unit-row')).toHaveCount(4);
  await page.getByTestId('tab-checks').click();
  const checks = page.getByTestId('panel-checks');
  await expect(checks.getByTestId('checks-status')).toHaveAttribute('data-status', 'errors');
  await expect(checks.getByTestId('checks-status')).toContainText('saves as a draft');
  await expect(checks.getByTestId('check-item').filter({ hasText: PROBLEM })).toHaveCount(1);

  // Saving does not wait for the fix: it is kept as a draft, and says so.
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('toast').filter({ hasText: `Saved “${TITLE}” as a draft with one problem` })).toBeVisible();
  await expect(page.getByTestId('dirty-mark')).toHaveCount(0);
  await page.screenshot({ path: path.join(OUTPUT, 'drafts-1-saved.png') });

  // Test-play refuses, listing the problem; Balance too, and "Show in Checks" goes there.
  await page.getByTestId('tab-oob').click();
  await page.getByTestId('play-open').click();
  const refusal = page.getByRole('dialog', { name: 'Test-play needs the problems fixed' });
  await expect(refusal).toBeVisible();
  await expect(refusal.getByTestId('question-details')).toContainText(PROBLEM);
  await page.screenshot({ path: path.join(OUTPUT, 'drafts-2-test-play-refused.png') });
  await refusal.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('play-setup')).toHaveCount(0);
  await page.getByTestId('balance-open').click();
  const balance = page.getByRole('dialog', { name: 'The balance report needs the problems fixed' });
  await expect(balance.getByTestId('question-details')).toContainText(PROBLEM);
  await balance.getByRole('button', { name: 'Show in Checks' }).click();
  await expect(page.getByTestId('panel-checks')).toBeVisible();

  // The library lists it as a draft with its problem count, as a card and as a row.
  await backToLibrary(page);
  await expect(card(page, TITLE).getByTestId('check-badge')).toHaveText('Draft · 1 problem');
  await page.screenshot({ path: path.join(OUTPUT, 'drafts-3-library-card.png') });
  await page.getByRole('radio', { name: 'List' }).click();
  await expect(card(page, TITLE).getByTestId('check-badge')).toHaveText('Draft · 1 problem');
  await page.getByRole('radio', { name: 'Grid' }).click();

  // JSON export warns with the list and exports when asked to.
  await card(page, TITLE).click();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const warn = page.getByRole('dialog', { name: 'Export a draft?' });
  await expect(warn.getByTestId('question-details')).toContainText(PROBLEM);
  const download = page.waitForEvent('download');
  await warn.getByRole('button', { name: 'Export anyway' }).click();
  const file = await download;
  const exported = JSON.parse(readFileSync((await file.path())!, 'utf8')) as Scenario;
  expect(exported.title).toBe(TITLE);
  // A draft, but never a file that breaks the schema.
  expect(scenarioSchemaIssues(exported)).toEqual([]);

  // A pack leaves the draft out and says why.
  await page.getByTestId('pack-export-open').click();
  const pack = page.getByTestId('pack-export-dialog');
  await expect(pack.getByTestId('pack-draft')).toHaveText('Draft · 1 problem');
  await expect(pack.getByTestId('pack-draft-refused')).toContainText(`“${TITLE}” is a draft with one problem`);
  await page.screenshot({ path: path.join(OUTPUT, 'drafts-4-pack-refused.png') });
  await pack.getByRole('button', { name: 'Cancel' }).click();

  // Test-play from the library opens the draft with the list, instead of a game.
  await page.getByTestId('library-test-play').click();
  await expect(page.getByRole('dialog', { name: 'Test-play needs the problems fixed' })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();

  // Fixed (one unit deleted) and saved: valid again.
  await page.getByTestId('tab-oob').click();
  await germans.getByTestId('unit-row').last().getByLabel('Name').click();
  await germans.getByTestId('oob-delete-germans').click();
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('toast').filter({ hasText: `Saved “${TITLE}”` }).last()).not.toContainText('as a draft');
  await backToLibrary(page);
  await expect(card(page, TITLE).getByTestId('check-badge')).toHaveAttribute('data-tone', /^(ok|warn)$/);
});

test('the editor never writes a file the schema refuses: an emptied title is refused at the field', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await createBlankScenario(page, 'Kharkov title test');
  // The title in the inspector, and the one in the Scenario panel.
  const inspector = page.getByTestId('title-field');
  await inspector.fill('');
  await inspector.press('Enter');
  await expect(inspector).toHaveValue('Kharkov title test');
  await expect(page.getByTestId('title-field-error')).toHaveText('The scenario needs a title.');
  await page.getByTestId('tab-scenario').click();
  const title = page.getByTestId('panel-scenario').getByLabel('Title', { exact: true });
  await title.fill('');
  await title.press('Enter');
  await expect(page.getByTestId('panel-scenario').getByRole('alert')).toHaveText('The scenario needs a title.');
  await page.keyboard.press('Control+s');
  // Nothing to save (the title was never emptied in the document), and no refusal.
  await expect(page.getByTestId('toast').filter({ hasText: 'Not saved' })).toHaveCount(0);
  await expect(page.getByTestId('scenario-title')).toHaveText('Kharkov title test');
});
