// Issue 14, item 5: a message about a problem goes when the problem does and stays on the
// screen it is about (it does not follow you into the library); no message covers a control
// or takes a click meant for one, on a 1280×720 window.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createBlankScenario, expect, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const TITLE = 'Toast test: Demyansk';

/** Every visible control whose middle a message sits on (what a click there would hit instead). */
async function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toasts = [...document.querySelectorAll('[data-testid="toast"]')];
    const controls = [...document.querySelectorAll<HTMLElement>('button, input, select, textarea, [role="tab"], a[href]')];
    const out: string[] = [];
    for (const c of controls) {
      if (toasts.some((t) => t.contains(c))) continue;
      const r = c.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.bottom < 0 || r.right < 0 || r.top > innerHeight || r.left > innerWidth) continue;
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (hit && toasts.some((t) => t.contains(hit))) out.push(c.getAttribute('aria-label') || c.textContent?.trim() || c.tagName);
    }
    return out;
  });
}

test('a problem message goes with the problem, stays on its screen and covers no control', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  // The page's clock runs as a real one until the test moves it on (below: past the time a
  // notice shows, without waiting that long).
  await page.clock.install();
  await page.goto('/');
  await createBlankScenario(page, TITLE);

  // Four units in one cell, saved: the message says it is a draft with one problem.
  await page.getByTestId('tab-oob').click();
  const germans = page.getByTestId('oob-germans');
  for (const name of ['II Corps', 'X Corps', 'SS Totenkopf', '290th Division']) {
    await germans.getByTestId('new-name-germans').fill(name);
    await germans.getByTestId('new-strength-germans').fill('3');
    await germans.getByTestId('new-cell-germans').fill('0404');
    await germans.getByTestId('new-cell-germans').press('Enter');
  }
  await page.keyboard.press('Control+s');
  const draft = page.getByTestId('toast').filter({ hasText: 'as a draft with one problem' });
  await expect(draft).toBeVisible();
  await page.screenshot({ path: path.join(OUTPUT, 'toasts-1-draft.png') });
  expect(await coveredControls(page)).toEqual([]);

  // With the dock folded down to its tab strip, the tabs are still free to click.
  await page.getByRole('button', { name: 'Hide the panels' }).click();
  expect(await coveredControls(page)).toEqual([]);
  await page.getByTestId('tab-checks').click();
  await expect(page.getByTestId('panel-checks')).toBeVisible();

  // It stays while the problem does (past the 4 or 8 seconds a notice lasts)…
  await page.clock.runFor(9000);
  await expect(draft).toBeVisible();
  // …and goes the moment it is fixed.
  await page.getByTestId('tab-oob').click();
  await germans.getByTestId('unit-row').last().getByLabel('Name').click();
  await germans.getByTestId('oob-delete-germans').click();
  await expect(draft).toHaveCount(0, { timeout: 3000 });

  // A problem message about this scenario does not follow into the library.
  await germans.getByTestId('unit-row').first().getByLabel('Cell').fill('0404');
  await germans.getByTestId('new-name-germans').fill('XXXIX Panzer Corps');
  await germans.getByTestId('new-strength-germans').fill('5');
  await germans.getByTestId('new-cell-germans').fill('0404');
  await germans.getByTestId('new-cell-germans').press('Enter');
  await page.keyboard.press('Control+s');
  await expect(draft).toBeVisible();
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await expect(page.getByTestId('scenario-list')).toBeVisible();
  await expect(draft).toHaveCount(0);

  // A library notice covers no control either, and its own Undo still works.
  await page.getByTestId('scenario-card').filter({ hasText: TITLE }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const deleted = page.getByTestId('toast').filter({ hasText: `Deleted “${TITLE}”` });
  await expect(deleted).toBeVisible();
  await page.screenshot({ path: path.join(OUTPUT, 'toasts-2-library.png') });
  expect(await coveredControls(page)).toEqual([]);
  await deleted.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('scenario-card').filter({ hasText: TITLE })).toBeVisible();
});
