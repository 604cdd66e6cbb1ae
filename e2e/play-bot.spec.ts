// Issue 14, item 1: against the bot, the bot takes its own decisions whenever it is the one
// to act (after a person's action, after a load, after "Play from here" in a replay), one
// visible action at a time, at the speed chosen on the board. Nothing here presses "Skip bot".
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, projectRoot, restoreSeededLibrary, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });

test.afterEach(({ request, baseURL }) => restoreSeededLibrary(request, baseURL));

const EXAMPLE = 'The Ros Salient, January 1944';

async function testPlayFromLibrary(page: Page, title: string): Promise<void> {
  await page.goto('/');
  await page.getByTestId('scenario-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) }).click();
  await page.getByTestId('library-test-play').click();
  await expect(page.getByTestId('play-setup')).toBeVisible();
}

/** Log entries of one side, as the log panel shows them. */
const entriesOf = (page: Page, side: string) => page.getByTestId('log-panel').locator(`li[data-side="${side}"]`);

/** Whatever ends the person's current decision without a die: pass, or end the step. */
async function finishHumanDecision(page: Page): Promise<void> {
  const finish = page.getByTestId('prompt-panel').locator('[data-testid^="action-"]').first();
  await finish.click();
}

const botActions = async (page: Page) => (await page.evaluate(() => window.__gridfront!.play!.log())).filter((a) => a.side === 'soviets').length;

async function waitForOurTurn(page: Page): Promise<void> {
  await expect(page.getByTestId('prompt-side')).toContainText('Germans', { timeout: 30_000 });
  await expect(page.getByTestId('prompt-side')).toContainText('you');
}

test('the bot plays its own decisions after each human action, visibly, at the chosen speed', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await testPlayFromLibrary(page, EXAMPLE);
  // The defaults: the first side is a person, the other the bot.
  await expect(page.getByTestId('ctl-germans-human')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('ctl-soviets-bot')).toHaveAttribute('aria-checked', 'true');
  await page.screenshot({ path: path.join(OUTPUT, 'play-bot-0-setup.png') });
  await page.getByTestId('play-start').click();
  await expect(page.getByTestId('play-board')).toBeVisible();
  // The speed is on the board too, where a player changes it mid-game.
  const speed = page.getByRole('radiogroup', { name: 'Bot speed' });
  await expect(speed.getByRole('radio')).toHaveText(['Slow', 'Fast', 'Instant']);

  // Human decisions one after another; whenever one hands the game to the bot, the bot
  // answers on its own and the game comes back to us.
  let answered = 0;
  for (let k = 0; answered < 4 && k < 30; k++) {
    await waitForOurTurn(page);
    const shownBefore = await entriesOf(page, 'soviets').count();
    const botActionsBefore = await botActions(page);
    await finishHumanDecision(page);
    if ((await page.evaluate(() => window.__gridfront!.play!.actor())) !== 'soviets') continue;
    if (answered === 0) {
      // Visibly: the bot is shown playing before its first move lands.
      await expect(page.getByTestId('bot-playing')).toBeVisible();
      await page.screenshot({ path: path.join(OUTPUT, 'play-bot-1-thinking.png') });
    }
    await expect.poll(() => entriesOf(page, 'soviets').count(), { timeout: 30_000 }).toBeGreaterThan(shownBefore);
    await waitForOurTurn(page);
    expect(await botActions(page)).toBeGreaterThan(botActionsBefore);
    answered++;
  }
  expect(answered).toBe(4);
  await page.screenshot({ path: path.join(OUTPUT, 'play-bot-2-answered.png') });

  /** Plays our decisions until one hands the game to the bot; the log length just after it. */
  async function handToBot(): Promise<number> {
    for (let k = 0; k < 30; k++) {
      await waitForOurTurn(page);
      await finishHumanDecision(page);
      if ((await page.evaluate(() => window.__gridfront!.play!.actor())) === 'soviets') return page.evaluate(() => window.__gridfront!.play!.logLength());
    }
    throw new Error('the game never came to the bot');
  }

  // Slow: a pause per bot action, so the first answer is not there at once.
  await speed.getByRole('radio', { name: 'Slow' }).click();
  await expect(speed.getByRole('radio', { name: 'Slow' })).toHaveAttribute('aria-checked', 'true');
  const handed = await handToBot();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.__gridfront!.play!.logLength())).toBe(handed);
  await expect(page.getByTestId('bot-playing')).toBeVisible();
  await waitForOurTurn(page);

  // Instant: the bot's whole answer lands without a pause.
  await speed.getByRole('radio', { name: 'Instant' }).click();
  const botBefore = await botActions(page);
  for (let k = 0; k < 30 && (await botActions(page)) === botBefore; k++) {
    await waitForOurTurn(page);
    await finishHumanDecision(page);
  }
  await waitForOurTurn(page);
  expect(await botActions(page)).toBeGreaterThan(botBefore);

  // A saved game continued while the bot is to act: the bot takes it up by itself.
  await page.getByTestId('save-game').click();
  await expect(page.getByTestId('save-message')).toContainText('Saved');
  const saved = await page.evaluate(() => window.__gridfront!.play!.logLength());
  await page.getByTestId('games-open').click();
  await page.getByTestId('replay-game').first().click();
  await expect(page.getByTestId('replay-bar')).toBeVisible();
  // Step forward to the first place where the Soviets are to act.
  for (let k = 0; k < 20 && (await page.evaluate(() => window.__gridfront!.play!.actor())) !== 'soviets'; k++) await page.getByTestId('replay-forward').click();
  expect(await page.evaluate(() => window.__gridfront!.play!.actor())).toBe('soviets');
  await page.getByRole('button', { name: 'Play from here' }).click();
  await expect(page.getByTestId('replay-bar')).toBeHidden();
  await waitForOurTurn(page);
  const soviets = (await page.evaluate(() => window.__gridfront!.play!.log())).filter((a) => a.side === 'soviets');
  expect(soviets.length).toBeGreaterThan(0);
  expect(saved).toBeGreaterThan(2);
});
