// Issue 14, item 1: against the bot, the bot takes its own decisions whenever it is the one
// to act (after a person's action, after a load, after "Play from here" in a replay), one
// visible action at a time, at the speed chosen on the board. Nothing here presses "Skip bot".
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });

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

/**
 * Sets window.seenBotPlaying once the page shows the bot playing while the game still has
 * only `actionsBefore` Soviet actions, i.e. before the bot's move lands.
 */
async function watchForBotBeforeItsMove(page: Page, actionsBefore: number): Promise<void> {
  await page.evaluate((before) => {
    const w = window as { seenBotPlaying?: boolean };
    w.seenBotPlaying = false;
    const look = () => {
      const moved = window.__gridfront!.play!.log().filter((a) => a.side === 'soviets').length > before;
      if (!moved && document.querySelector('[data-testid="bot-playing"]')) w.seenBotPlaying = true;
      if (moved || w.seenBotPlaying) observer.disconnect();
    };
    const observer = new MutationObserver(look);
    observer.observe(document.body, { childList: true, subtree: true });
  }, actionsBefore);
}

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
    // Visibly: the page is watched for "… (bot) is playing" shown while the bot has not acted
    // yet (at Fast the pause is short, so a look after the click could miss it).
    if (answered === 0) await watchForBotBeforeItsMove(page, botActionsBefore);
    await finishHumanDecision(page);
    if ((await page.evaluate(() => window.__gridfront!.play!.actor())) !== 'soviets') continue;
    if (answered === 0) await expect.poll(() => page.evaluate(() => (window as { seenBotPlaying?: boolean }).seenBotPlaying === true)).toBe(true);
    await expect.poll(() => entriesOf(page, 'soviets').count(), { timeout: 30_000 }).toBeGreaterThan(shownBefore);
    await waitForOurTurn(page);
    expect(await botActions(page)).toBeGreaterThan(botActionsBefore);
    answered++;
  }
  expect(answered).toBe(4);
  await page.screenshot({ path: path.join(OUTPUT, 'play-bot-2-answered.png') });

  /** Plays our decisions until one hands the game to the bot. */
  async function handToBot(): Promise<void> {
    for (let k = 0; k < 30; k++) {
      await waitForOurTurn(page);
      await finishHumanDecision(page);
      if ((await page.evaluate(() => window.__gridfront!.play!.actor())) === 'soviets') return;
    }
    throw new Error('the game never came to the bot');
  }

  // Slow: a pause per bot action, so the first answer is not there at once.
  await speed.getByRole('radio', { name: 'Slow' }).click();
  await expect(speed.getByRole('radio', { name: 'Slow' })).toHaveAttribute('aria-checked', 'true');
  // Timed in the page (a busy test machine may take longer than the pause for a round trip):
  // from the moment the game is handed to the bot to its first action landing.
  await page.evaluate(() => {
    const w = window as { botPause?: { handedAt?: number; handedLen?: number; movedAt?: number; shown?: boolean } };
    const pause: NonNullable<typeof w.botPause> = {};
    w.botPause = pause;
    const play = window.__gridfront!.play!;
    const look = () => {
      const now = performance.now();
      if (pause.handedAt === undefined) {
        if (play.actor() === 'soviets') [pause.handedAt, pause.handedLen] = [now, play.logLength()];
      } else if (play.logLength() > pause.handedLen!) {
        pause.movedAt = now;
        observer.disconnect();
        return;
      }
      if (pause.handedAt !== undefined && document.querySelector('[data-testid="bot-playing"]')) pause.shown = true;
    };
    const observer = new MutationObserver(look);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await handToBot();
  await page.screenshot({ path: path.join(OUTPUT, 'play-bot-1-thinking.png') });
  await expect.poll(() => page.evaluate(() => (window as { botPause?: { movedAt?: number } }).botPause?.movedAt !== undefined), { timeout: 30_000 }).toBe(true);
  const slow = await page.evaluate(() => (window as unknown as { botPause: { handedAt: number; movedAt: number; shown?: boolean } }).botPause);
  expect(slow.shown).toBe(true);
  expect(slow.movedAt - slow.handedAt).toBeGreaterThanOrEqual(900);
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
