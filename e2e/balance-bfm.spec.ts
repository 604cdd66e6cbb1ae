// The balance report on Battle for Moscow, from the library: open the bundled scenario, Balance…,
// run a small batch of bot-vs-bot games on the workers, and read the results in the ruleset's own
// terms: win shares per side that add up with the draws to every game, the cities-held margin
// (Battle for Moscow keeps no victory points), the turn the game was settled, and Moscow's control
// by turn; the report is kept with the scenario and listed when the screen opens again.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const BFM = 'Battle for Moscow, October–December 1941';

test('the balance report runs Battle for Moscow games and shows them in its own terms', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto('/');
  await page.getByTestId('scenario-card').filter({ has: page.getByRole('heading', { name: BFM, exact: true }) }).dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('balance-open').click();
  const report = page.getByTestId('balance-report');
  await expect(report).toContainText('Battle for Moscow');

  const games = page.getByTestId('balance-games');
  await games.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('12');
  await page.getByTestId('balance-run').click();

  await expect(page.getByTestId('chart-margin')).toBeVisible({ timeout: 200_000 });
  await expect(page.getByTestId('chart-decision')).toBeVisible();
  await expect(page.getByTestId('chart-control')).toBeVisible();
  const wins = page.getByTestId('balance-wins');
  await expect(wins).toContainText('Germans win');
  await expect(wins).toContainText('Soviets win');
  await expect(wins).toContainText('of 12');
  // Battle for Moscow counts cities, not victory points.
  await expect(wins).toContainText('Mean cities-held margin');
  await expect(wins).not.toContainText('VP');
  await expect(page.getByTestId('chart-margin')).toContainText('Final cities-held margin');
  await expect(page.getByTestId('chart-control')).toContainText('Control of Moscow by turn');
  await expect(report).toContainText('Battle for Moscow rules, their bot on both sides');
  const counts = await Promise.all([0, 1].map(async (k) => Number((await wins.locator('.ci').nth(k).textContent())?.match(/(\d+) of 12/)?.[1])));
  const draws = parseFloat((await wins.locator('.win.small').first().locator('.wr').textContent()) ?? '');
  expect(counts[0]! + counts[1]! + Math.round((draws / 100) * 12)).toBe(12);
  await expect(page.getByTestId('balance-saved')).toContainText('Saved with the scenario');
  await expect(page.getByTestId('balance-report').locator('.foot')).toContainText('12 games, seeds 1–12');
  await expect(page.getByTestId('balance-report').locator('.foot')).not.toContainText('VP');
  await page.screenshot({ path: path.join(OUTPUT, 'balance-bfm-1-report.png'), fullPage: true });

  // Back to the editor and in again: the report is listed with the scenario.
  await page.getByTestId('play-exit').click();
  await page.getByTestId('balance-open').click();
  await expect(page.getByTestId('balance-report').locator('.earlier')).toContainText('12 games');
});
