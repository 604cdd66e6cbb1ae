// Issue 14, item 8: a date typed into the middle of the start date field is checked where it
// is typed and never stored as a nonsense year; a field edit becomes one undo step and one
// line of the next revision, taken when it is finished (Enter, or leaving the field).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createBlankScenario, expect, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const TITLE = 'Date field test: Rzhev';

/** The start date the open scenario holds, as the inspector shows it ("12 from 1941-10-01"). */
const startDate = async (page: Page) => /from (\S+)$/.exec((await page.getByLabel('Inspector').getByText(/^\d+ from /).innerText()).trim())![1];

test('a start date is checked as typed, stored only when finished, and is one undo step and one revision line', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await createBlankScenario(page, TITLE);
  await page.getByTestId('tab-calendar').click();
  const field = page.getByTestId('start-date');
  const says = page.getByTestId('start-date-says');
  await expect(field).toHaveValue('1941-10-01');
  await expect(says).toHaveText('Wed, 1 October 1941');
  const undo = page.getByTestId('undo');
  const undoBefore = await undo.getAttribute('title');

  // Digits typed into the middle of the field (from the day on) run into the year.
  await field.click({ position: { x: 8, y: 10 } });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('07101942');
  await expect(says).toHaveText(/^The year \d+ is outside 1000–2999/);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: path.join(OUTPUT, 'date-field-1-bad-year.png') });
  // Nothing of it reached the scenario, and no undo step was made.
  expect(await startDate(page)).toBe('1941-10-01');
  await expect(undo).toHaveAttribute('title', undoBefore!);
  // Leaving the field puts the last good date back and says why.
  await page.getByTestId('turns').click();
  await expect(field).toHaveValue('1941-10-01');
  await expect(says).toHaveText(/^Not changed: The year \d+ is outside/);
  expect(await startDate(page)).toBe('1941-10-01');

  // A whole date typed from the start: shown in words, stored on Enter as one step.
  await field.click({ position: { x: 8, y: 10 } });
  await page.keyboard.type('10071942');
  await expect(says).toHaveText('Wed, 7 October 1942');
  expect(await startDate(page), 'not stored before it is finished').toBe('1941-10-01');
  await page.keyboard.press('Enter');
  await expect.poll(() => startDate(page)).toBe('1942-10-07');
  await expect(undo).toHaveAttribute('title', 'Undo Start date 1942-10-07 (Ctrl+Z)');
  await page.screenshot({ path: path.join(OUTPUT, 'date-field-2-committed.png') });
  await undo.click();
  expect(await startDate(page), 'one undo takes the whole edit back').toBe('1941-10-01');
  await expect(undo).toHaveAttribute('title', undoBefore!);
  await page.getByTestId('redo').click();
  expect(await startDate(page)).toBe('1942-10-07');

  // Saved: the revision says what changed, once.
  await page.keyboard.press('Control+s');
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await page.getByTestId('scenario-card').filter({ hasText: TITLE }).click();
  const revision = page.getByTestId('revision').first();
  await expect(revision).toContainText('Start date 1942-10-07');
  expect((await revision.innerText()).match(/Start date/g)).toHaveLength(1);
});
