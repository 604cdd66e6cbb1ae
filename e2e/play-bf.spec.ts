// Barbarossa Fast on its network map, from the library: test-play the bundled scenario as the
// Germans against the Russian bot. The Russians are face-down counters to the German player (the
// hover card says "Unknown unit"; no Russian unit's name is anywhere on the screen) until they
// are fought; the header shows the month's weather. The German player ends movement and air
// operations, clicks an army in East Prussia and then Siauliai down the link: the attack is shown
// before it is made (hits, absorption, the defenders' fire), is confirmed, and its result is read.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Scenario } from '../shared/format/scenario.types.js';
import type {} from '../renderer/src/testHook.types.js';
import { cellOnPage, clickCell, expect, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const scenario = JSON.parse(readFileSync(path.join(projectRoot, 'scenarios', 'barbarossa-fast.json'), 'utf8')) as Scenario;
const positions = (scenario.map.grid as unknown as { positions: { id: string }[] }).positions;
/** A position of the network as the board addresses it (its index). */
const pos = (id: string) => ({ col: positions.findIndex((p) => p.id === id), row: 0 });
const russianNames = scenario.orderOfBattle.filter((u) => u.side === 'russians').map((u) => u.name);

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(200);
  await page.screenshot({ path: path.join(OUTPUT, `play-bf-${name}.png`) });
}

test('Barbarossa Fast is test-played on its network: hidden Russians, the weather, and an attack down a link with its result', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1500, height: 960 });
  await page.goto('/');
  await page.getByTestId('scenario-card').filter({ has: page.getByRole('heading', { name: scenario.title, exact: true }) }).click();
  await page.getByTestId('library-test-play').click();
  await expect(page.getByTestId('play-setup')).toBeVisible();
  await page.getByTestId('ctl-germans-human').click();
  await page.getByTestId('ctl-russians-bot').click();
  await page.getByTestId('seed').fill('2');
  await page.getByTestId('play-start').click();
  const screen = page.getByTestId('play-screen');
  await expect(screen).toHaveAttribute('data-ruleset', 'bf');
  await expect(page.getByTestId('play-header')).toContainText('Weather');
  await expect(page.getByTestId('play-header')).toContainText('Good');

  // The Russians are hidden: face-down counters, named nowhere.
  const siauliai = await cellOnPage(page, pos('siauliai'));
  await page.mouse.move(siauliai.x, siauliai.y, { steps: 3 });
  await expect(page.getByTestId('hover-card')).toContainText('Unknown unit');
  const text = await screen.innerText();
  for (const name of russianNames) expect(text).not.toContain(name);
  await shot(page, '1-start');

  await expect(page.getByTestId('decision-title')).toContainText('German operational movement');
  await page.getByTestId('decision').getByRole('button', { name: 'End movement' }).click();
  await expect(page.getByTestId('decision-title')).toContainText('German air operations');
  await page.getByTestId('decision').getByRole('button', { name: 'End air operations' }).click();
  await expect(page.getByTestId('decision-title')).toContainText('German attacks');

  // An army in East Prussia, then Siauliai down the link: the attack before it is made.
  await clickCell(page, pos('east-prussia'));
  await expect(page.getByTestId('unit-choices')).toBeVisible();
  await clickCell(page, pos('siauliai'));
  const choice = page.getByTestId('choice');
  await expect(choice.getByTestId('attack-preview')).toContainText('Target');
  await expect(choice.getByTestId('attack-preview')).toContainText('a Russian unit');
  await expect(choice.getByTestId('attack-preview')).toContainText(/hits?/);
  const confirm = choice.getByTestId('strike-confirm');
  await expect(confirm).toHaveText(/attacks Siauliai/);
  await shot(page, '2-attack-preview');
  await confirm.click();

  // Others may join; the attack as it stands is shown; then it is made.
  await expect(page.getByTestId('decision')).toContainText('The attack as it stands');
  await page.getByTestId('decision').getByRole('button', { name: 'Attack Siauliai', exact: true }).click();
  const result = page.getByTestId('attack-result').first();
  await expect(result).toContainText('German attack on Siauliai');
  await expect(result).toContainText(/\d+ hits?/);
  await expect(page.getByTestId('log-panel')).toContainText('German attack on Siauliai');
  await shot(page, '3-attack-result');
});
