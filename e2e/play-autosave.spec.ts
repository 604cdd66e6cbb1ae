// Issue 14, item 2: leaving test-play keeps the game in progress beside its scenario in the
// library, offered as "Resume: turn N, <side> to act" the next time test-play opens (after a
// reload too); leaving with unsaved actions, starting a new game, or loading another over an
// unsaved one asks first.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });

const EXAMPLE = 'The Ros Salient, January 1944';
const card = (page: Page, title: string) => page.getByTestId('scenario-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const view = (page: Page) => page.evaluate(() => window.__gridfront!.play!.view()!);
const logLength = (page: Page) => page.evaluate(() => window.__gridfront!.play!.logLength());

/** Our decisions (pass or end the step) until the game has at least `actions` actions and it is our turn. */
async function playUntil(page: Page, actions: number): Promise<void> {
  for (let k = 0; k < 80; k++) {
    await expect(page.getByTestId('prompt-side')).toContainText('you', { timeout: 30_000 });
    if ((await logLength(page)) >= actions) return;
    await page.getByTestId('prompt-panel').locator('[data-testid^="action-"]').first().click();
  }
  throw new Error(`the game did not reach ${actions} actions`);
}

test('leaving test-play keeps the game; it is offered back as Resume and a new game asks first', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await card(page, EXAMPLE).click();
  await page.getByTestId('library-test-play').click();
  // Nothing to resume the first time.
  await expect(page.getByTestId('play-setup')).toBeVisible();
  await expect(page.getByTestId('resume-box')).toHaveCount(0);
  await page.getByTestId('play-start').click();
  await page.getByRole('radiogroup', { name: 'Bot speed' }).getByRole('radio', { name: 'Instant' }).click();
  await playUntil(page, 40);
  const left = await view(page);
  const actions = await logLength(page);
  expect(left.prompt!.side).toBe('germans');

  // Back to the editor: the game has actions no save holds, so leaving asks; "Keep it" keeps it.
  await page.getByTestId('play-exit').click();
  const leave = page.getByRole('dialog', { name: 'Leave the game in progress?' });
  await expect(leave).toContainText(`Turn ${left.turn}, Germans to act, ${actions} actions`);
  await leave.getByRole('button', { name: 'Keep it' }).click();
  await expect(page.getByTestId('map')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Next time test-play opens (from a reloaded page, through the library), it offers the game back.
  await page.reload();
  await card(page, EXAMPLE).click();
  await page.getByTestId('library-test-play').click();
  const resume = page.getByTestId('play-resume');
  await expect(resume).toHaveText(`Resume: turn ${left.turn}, Germans to act`);
  await expect(page.getByTestId('resume-box')).toContainText(`${actions} actions`);
  await page.screenshot({ path: path.join(OUTPUT, 'play-autosave-1-resume.png') });
  await resume.click();
  await expect(page.getByTestId('play-board')).toBeVisible();
  expect(await logLength(page)).toBe(actions);
  expect(await view(page)).toEqual(left);

  // Play on a little, leave, and start a new game: that asks, and "Keep it" files it under Games.
  await playUntil(page, actions + 4);
  const second = await view(page);
  await page.getByTestId('play-exit').click();
  await leave.getByRole('button', { name: 'Keep it' }).click();
  await page.getByTestId('play-open').click();
  await expect(page.getByTestId('play-resume')).toHaveText(`Resume: turn ${second.turn}, Germans to act`);
  await page.getByTestId('play-start').click();
  const ask = page.getByRole('dialog', { name: 'Start a new game?' });
  await expect(ask).toBeVisible();
  await page.screenshot({ path: path.join(OUTPUT, 'play-autosave-2-new-game-asks.png') });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('play-setup')).toBeVisible();
  await page.getByTestId('play-start').click();
  await ask.getByRole('button', { name: 'Keep it under Games' }).click();
  await expect(page.getByTestId('play-board')).toBeVisible();
  await expect(page.getByTestId('hdr-turn')).toContainText('1/');
  await page.getByTestId('games-open').click();
  await expect(page.getByTestId('saved-game')).toHaveCount(1);
  await expect(page.getByTestId('saved-game')).toContainText(`Turn ${second.turn}, Germans to act`);

  // The new game has an unsaved action now: continuing the kept one asks before replacing it.
  await page.getByTestId('games-open').click();
  await playUntil(page, 1);
  await page.getByTestId('prompt-panel').locator('[data-testid^="action-"]').first().click();
  await page.getByTestId('games-open').click();
  await page.getByTestId('load-game').click();
  const replace = page.getByRole('dialog', { name: 'Replace the game on the board?' });
  await expect(replace).toBeVisible();
  await replace.getByRole('button', { name: 'Cancel' }).click();
  expect((await view(page)).turn).toBe(1);
  await page.getByTestId('load-game').click();
  await replace.getByRole('button', { name: 'Discard it' }).click();
  await expect.poll(async () => (await view(page)).turn).toBe(second.turn);
});
