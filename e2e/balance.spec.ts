// The balance report: bot-vs-bot games of the seed 000 example on two Web Workers (a run of 200
// cancelled part-way, then one of 50), a progress bar that moves, win rates with 95% intervals,
// and the three charts; the report is kept with the scenario. 50 games show all of that; the
// count only changes how long the walk takes.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Scenario } from '../shared/format/scenario.types.js';
import type {} from '../renderer/src/testHook.types.js';
import { expect, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
const SCENARIO = JSON.parse(readFileSync(path.join(projectRoot, 'scenarios', 'seed-000-example.json'), 'utf8')) as Scenario;

test('balance report: cancel, then 50 games with progress, win rates with intervals, three charts, saved and exported', async ({ page }) => {
  test.setTimeout(420_000);
  mkdirSync(OUTPUT, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto('/');
  await page.waitForFunction(() => window.__gridfront !== undefined);
  await page.evaluate((s) => window.__gridfront!.openScenario(s), SCENARIO);
  await page.getByTestId('balance-open').click();
  // A run can be cancelled part-way: the workers stop and the count stays where it was.
  await page.getByTestId('balance-games').fill('200');
  await page.getByTestId('balance-run').click();
  await expect.poll(async () => Number(await page.getByTestId('balance-progress').getAttribute('data-done')), { timeout: 60_000 }).toBeGreaterThan(0);
  await page.getByTestId('balance-cancel').click();
  await expect(page.getByTestId('balance-progress')).toContainText('cancelled');
  const stopped = Number(await page.getByTestId('balance-progress').getAttribute('data-done'));
  await page.waitForTimeout(1500);
  expect(Number(await page.getByTestId('balance-progress').getAttribute('data-done'))).toBe(stopped);

  await page.getByTestId('balance-games').fill('50');
  await page.getByTestId('balance-run').click();

  const progress = page.getByTestId('balance-progress');
  await expect(progress).toBeVisible();
  await expect.poll(async () => Number(await progress.getAttribute('data-done')), { timeout: 60_000 }).toBeGreaterThan(0);
  const early = Number(await progress.getAttribute('data-done'));
  await page.screenshot({ path: path.join(OUTPUT, 'balance-1-progress.png') });
  await expect.poll(async () => Number(await progress.getAttribute('data-done')), { timeout: 60_000 }).toBeGreaterThan(early);

  await expect(page.getByTestId('chart-margin')).toBeVisible({ timeout: 400_000 });
  await expect(page.getByTestId('chart-decision')).toBeVisible();
  await expect(page.getByTestId('chart-control')).toBeVisible();
  const wins = page.getByTestId('balance-wins');
  await expect(wins).toContainText('95% interval');
  await expect(wins).toContainText('of 50');
  // Both rates and the draws add up to every game.
  const rates = await Promise.all([0, 1].map(async (k) => parseFloat((await page.getByTestId(`win-rate-${k}`).textContent()) ?? '')));
  expect(rates[0]! + rates[1]!).toBeLessThanOrEqual(100.05);
  await expect(page.getByTestId('balance-saved')).toContainText('Saved with the scenario');

  // The CSV has one row per game.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('balance-csv').click()]);
  const csv = readFileSync((await download.path())!, 'utf8').trim().split(/\r?\n/);
  expect(csv).toHaveLength(51);
  expect(csv[0]).toContain('seed');
  // A chart exports as PNG.
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('chart-margin').getByRole('button', { name: 'PNG' }).click()]);
  expect(png.suggestedFilename()).toMatch(/\.png$/);
  await page.screenshot({ path: path.join(OUTPUT, 'balance-2-report.png'), fullPage: true });
});
