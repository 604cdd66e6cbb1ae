// The Portable Wargame's long-range artillery drift, seen on the board: from the library, the
// bundled battle is test-played as the French against the Prussian bot with seed 1, whose drift die
// for the Batterie de 12's shot at I7 (five squares) is a 3: it drifts right (seen from the gun,
// which faces south) and lands in H7. The board shows a shell leaving the aimed square and
// travelling to H7, where it bursts; the log says it drifted and where. With prefers-reduced-motion
// nothing travels: the landing is shown at once.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { clickCell, expect, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const PW = 'The Portable Wargame: The Bridge at Villers, 1870';

/** From the library: the bundled battle, the French by hand against the bot, seed 1; the Batterie de 12 (I2) is ordered to fire at I7. */
async function orderTheLongShot(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await page.getByTestId('scenario-card').filter({ has: page.getByRole('heading', { name: PW, exact: true }) }).click();
  await page.getByTestId('library-test-play').click();
  await page.getByTestId('ctl-french-human').click();
  await page.getByTestId('ctl-prussians-bot').click();
  await page.getByTestId('seed').fill('1');
  await page.getByTestId('play-start').click();
  await expect(page.getByTestId('play-screen')).toHaveAttribute('data-ruleset', 'pw');
  await expect(page.getByTestId('decision-title')).toContainText('artillery orders');
  // Every phase the drift layer goes through is noted, so the test sees the shell travel however fast the frames come.
  await page.getByTestId('drift-layer').evaluate((el) => {
    const w = window as unknown as { driftPhases: string[] };
    w.driftPhases = [];
    new MutationObserver(() => {
      const p = el.getAttribute('data-phase');
      if (p && w.driftPhases.at(-1) !== p) w.driftPhases.push(p);
    }).observe(el, { attributes: true, attributeFilter: ['data-phase'] });
  });
  await clickCell(page, { col: 8, row: 1 });
  await clickCell(page, { col: 8, row: 6 });
  const choice = page.getByTestId('choice');
  await expect(choice.getByTestId('attack-preview')).toContainText('Range 5');
  await choice.getByTestId('strike-confirm').click();
  await page.getByTestId('decision').getByRole('button', { name: 'Artillery orders given' }).click();
}

test('artillery fire that drifts is shown travelling from the aimed square to where it lands', async ({ page }) => {
  test.setTimeout(120_000);
  await orderTheLongShot(page);
  const layer = page.getByTestId('drift-layer');
  // The Prussian bot gives its orders, the guns fire together, and the shell is on its way.
  await expect(layer).toHaveAttribute('data-drift', /(^| )8,6>7,6( |$)/, { timeout: 20_000 });
  await expect(layer).toHaveAttribute('data-reduced', 'false');
  await page.screenshot({ path: path.join(OUTPUT, 'play-drift-1-shot.png') });
  // The shell travelled, then landed (the phases as they came, however slow the screenshot was).
  await expect.poll(() => page.evaluate(() => (window as unknown as { driftPhases: string[] }).driftPhases.slice(0, 2)), { timeout: 15_000 }).toEqual(['travel', 'landed']);
  await expect(page.getByTestId('log-panel')).toContainText('Batterie de 12 in I2 fires at I7 (3: drifts right, lands in H7): H7 is empty.');
  // The animation ends and the layer is clear again.
  await expect(layer).not.toHaveAttribute('data-phase', /./, { timeout: 10_000 });
});

test('with reduced motion the drift is shown landed at once, without travelling', async ({ page }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await orderTheLongShot(page);
  const layer = page.getByTestId('drift-layer');
  await expect(layer).toHaveAttribute('data-drift', /(^| )8,6>7,6( |$)/, { timeout: 20_000 });
  await expect(layer).toHaveAttribute('data-reduced', 'true');
  await page.screenshot({ path: path.join(OUTPUT, 'play-drift-2-reduced.png') });
  await expect.poll(() => page.evaluate(() => (window as unknown as { driftPhases: string[] }).driftPhases), { timeout: 15_000 }).toEqual(['landed']);
  await expect(page.getByTestId('log-panel')).toContainText('(3: drifts right, lands in H7)');
});
