// Saved games on the generic play screen (every ruleset but the operational one), walked from the
// library in Battle for Moscow: a move, back to the library (the game in progress asks; keep it),
// Test-play offers "Resume: turn 1, Germans to act", the resumed game has the unit where it was
// moved with the same decision and log; a named save from the Games menu, one more move, and
// Continue on the saved game (asked, discard the unsaved move) puts the board back as saved, and
// the save replays step by step. In Barbarossa Fast a resumed game keeps hidden what was hidden.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Scenario } from '../shared/format/scenario.types.js';
import type { Cell } from '../shared/grid/types.js';
import { cellOnPage, clickCell, expect, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const BFM = 'Battle for Moscow, October–December 1941';

const card = (page: Page, title: string) => page.getByTestId('scenario-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const unitCell = (page: Page, id: string) =>
  page.evaluate((u) => window.__gridfront!.play!.observation()?.units.find((x) => x.id === u)?.cell ?? null, id);
const actions = (page: Page) => page.evaluate(() => window.__gridfront!.play!.logLength());

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(200);
  await page.screenshot({ path: path.join(OUTPUT, `play-saves-${name}.png`) });
}

/** Picks the unit in `from` and clicks `to`: one move of the panzer movement phase. */
async function move(page: Page, from: Cell, to: Cell): Promise<void> {
  const before = await actions(page);
  await clickCell(page, from);
  await clickCell(page, to);
  await expect.poll(() => actions(page)).toBe(before + 1);
}

/** What the hover card says about a cell with units in it, as a person reads it with the pointer over it. */
async function hoverText(page: Page, cell: Cell): Promise<string> {
  const p = await cellOnPage(page, cell);
  await page.mouse.move(p.x, p.y);
  const hover = page.getByTestId('hover-card');
  await expect(hover).toBeVisible();
  return (await hover.textContent()) ?? '';
}

/** With the pointer over an empty cell, no card of units comes up. */
async function hoverEmpty(page: Page, cell: Cell): Promise<void> {
  const p = await cellOnPage(page, cell);
  await page.mouse.move(p.x, p.y);
  await expect(page.getByTestId('hover-card')).toHaveCount(0);
}

test('a Battle for Moscow game is kept on leaving, resumed from the library, and a named save is loaded back', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await card(page, BFM).click();
  await page.getByTestId('library-test-play').click();
  await expect(page.getByTestId('play-setup')).toBeVisible();
  await expect(page.getByTestId('resume-box')).toHaveCount(0);
  await page.getByTestId('seed').fill('3');
  await page.getByTestId('play-start').click();
  await expect(page.getByTestId('play-screen')).toHaveAttribute('data-ruleset', 'bfm');
  await expect(page.getByTestId('decision-title')).toContainText('panzer movement');

  // LVI Panzer Corps from 0305 to 0405.
  await move(page, { col: 2, row: 4 }, { col: 3, row: 4 });
  expect(await unitCell(page, 'g-lvi-pz')).toBe('3,4');
  const log = await page.getByTestId('log-panel').locator('li').allTextContents();
  expect(log.join('\n')).toContain('LVI Panzer Corps');

  // Back to the library: the game has an action no save holds, so leaving asks; keep it.
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  const leave = page.getByRole('dialog', { name: 'Leave the game in progress?' });
  await expect(leave).toBeVisible();
  await expect(leave).toContainText('Turn 1, Germans to act, 1 action');
  await shot(page, '1-leave-asks');
  await leave.getByRole('button', { name: 'Keep it' }).click();
  await expect(page.getByTestId('scenario-list')).toBeVisible();

  // Test-play from the library offers the game back, even after a reload.
  await page.reload();
  await card(page, BFM).click();
  await page.getByTestId('library-test-play').click();
  const resume = page.getByTestId('play-resume');
  await expect(resume).toHaveText('Resume: turn 1, Germans to act');
  await expect(page.getByTestId('resume-box')).toContainText('1 actions');
  await shot(page, '2-resume');
  await resume.click();
  await expect(page.getByTestId('play-screen')).toHaveAttribute('data-ruleset', 'bfm');
  expect(await actions(page)).toBe(1);
  expect(await unitCell(page, 'g-lvi-pz')).toBe('3,4');
  await expect(page.getByTestId('decision-title')).toContainText('panzer movement');
  expect(await page.getByTestId('log-panel').locator('li').allTextContents()).toEqual(log);
  expect(await hoverText(page, { col: 3, row: 4 })).toContain('LVI Panzer Corps');
  await hoverEmpty(page, { col: 2, row: 4 });
  await shot(page, '3-resumed');

  // A second move, then a named save from the Games menu.
  await move(page, { col: 2, row: 5 }, { col: 3, row: 5 });
  expect(await unitCell(page, 'g-xli-pz')).toBe('3,5');
  await page.getByTestId('save-game').click();
  await expect(page.getByTestId('save-message')).toContainText('Saved “Turn 1, Germans to act, 2 actions”');

  // A third move, not saved; Continue on the saved game asks before it is thrown away.
  await move(page, { col: 2, row: 10 }, { col: 1, row: 10 });
  expect(await unitCell(page, 'g-xlvi-pz')).toBe('1,10');
  await page.getByTestId('games-open').click();
  await expect(page.getByTestId('saved-game')).toHaveCount(1);
  await expect(page.getByTestId('saved-game')).toContainText('Turn 1, Germans to act, 2 actions');
  await shot(page, '4-games');
  await page.getByTestId('load-game').click();
  const replace = page.getByRole('dialog', { name: 'Replace the game on the board?' });
  await expect(replace).toBeVisible();
  await replace.getByRole('button', { name: 'Discard it' }).click();
  await expect.poll(() => actions(page)).toBe(2);
  expect(await unitCell(page, 'g-lvi-pz')).toBe('3,4');
  expect(await unitCell(page, 'g-xli-pz')).toBe('3,5');
  expect(await unitCell(page, 'g-xlvi-pz')).toBe('2,10');
  expect(await hoverText(page, { col: 2, row: 10 })).toContain('XLVI Panzer Corps');

  // Replay of the save: step through it, then play on from the start.
  await page.getByTestId('games-open').click();
  await page.getByTestId('replay-game').click();
  await expect(page.getByTestId('replay-pos')).toHaveText('0/2');
  expect(await unitCell(page, 'g-lvi-pz')).toBe('2,4');
  await page.getByTestId('replay-forward').click();
  await expect(page.getByTestId('replay-pos')).toHaveText('1/2');
  expect(await unitCell(page, 'g-lvi-pz')).toBe('3,4');
  expect(await unitCell(page, 'g-xli-pz')).toBe('2,5');
  await shot(page, '5-replay');
  await page.getByTestId('replay-take-over').click();
  await expect(page.getByTestId('replay-bar')).toHaveCount(0);
  await move(page, { col: 2, row: 5 }, { col: 3, row: 6 });
  expect(await unitCell(page, 'g-xli-pz')).toBe('3,6');
});

test('a resumed Barbarossa Fast game keeps the Russians hidden from the German player, but those revealed in combat', async ({ page }) => {
  test.setTimeout(180_000);
  const scenario = JSON.parse(readFileSync(path.join(projectRoot, 'scenarios', 'barbarossa-fast.json'), 'utf8')) as Scenario;
  const positions = (scenario.map.grid as unknown as { positions: { id: string }[] }).positions;
  const pos = (id: string): Cell => ({ col: positions.findIndex((p) => p.id === id), row: 0 });
  const russianNames = scenario.orderOfBattle.filter((u) => u.side === 'russians').map((u) => u.name);
  const screen = page.getByTestId('play-screen');
  const namedRussians = async () => {
    const text = await screen.innerText();
    return russianNames.filter((n) => text.includes(n)).sort();
  };

  await page.setViewportSize({ width: 1500, height: 960 });
  await page.goto('/');
  await card(page, scenario.title).click();
  await page.getByTestId('library-test-play').click();
  await page.getByTestId('ctl-germans-human').click();
  await page.getByTestId('ctl-russians-bot').click();
  await page.getByTestId('seed').fill('2');
  await page.getByTestId('play-start').click();
  await expect(screen).toHaveAttribute('data-ruleset', 'bf');
  await page.getByTestId('decision').getByRole('button', { name: 'End movement' }).click();
  await page.getByTestId('decision').getByRole('button', { name: 'End air operations' }).click();
  await clickCell(page, pos('east-prussia'));
  await clickCell(page, pos('siauliai'));
  await page.getByTestId('choice').getByTestId('strike-confirm').click();
  await page.getByTestId('decision').getByRole('button', { name: 'Attack Siauliai', exact: true }).click();
  await expect(page.getByTestId('attack-result').first()).toContainText('German attack on Siauliai');
  await expect(page.getByTestId('decision-title')).toBeVisible();
  const seen = await namedRussians();
  const hidden = russianNames.length - seen.length;
  expect(hidden).toBeGreaterThan(20);
  const log = await page.getByTestId('log-panel').locator('li').allTextContents();

  await page.getByTestId('play-exit').click();
  await page.getByRole('dialog', { name: 'Leave the game in progress?' }).getByRole('button', { name: 'Keep it' }).click();
  await expect(page.getByTestId('map')).toBeVisible();
  await page.getByTestId('play-open').click();
  await expect(page.getByTestId('play-resume')).toHaveText(/^Resume: turn 1, Germans to act$/);
  await page.getByTestId('play-resume').click();
  await expect(screen).toHaveAttribute('data-ruleset', 'bf');
  await expect(page.getByTestId('decision-title')).toBeVisible();
  // The same log, the same Russians named (those fought), every other one still face down.
  expect(await page.getByTestId('log-panel').locator('li').allTextContents()).toEqual(log);
  expect(await namedRussians()).toEqual(seen);
  const riga = await cellOnPage(page, pos('riga'));
  await page.mouse.move(riga.x, riga.y, { steps: 3 });
  await expect(page.getByTestId('hover-card')).toContainText('Unknown unit');
  await shot(page, '6-bf-resumed');
  // Close up: the Russians fought at Siauliai face up, those at Kaunas still face down.
  const sia = await cellOnPage(page, pos('siauliai'));
  await page.mouse.move(sia.x, sia.y);
  for (let k = 0; k < 4; k++) await page.mouse.wheel(0, -300);
  await page.waitForTimeout(300);
  const near = await cellOnPage(page, pos('siauliai'));
  const kaunas = await cellOnPage(page, pos('kaunas'));
  const top = Math.max(0, near.y - 120);
  await page.screenshot({ path: path.join(OUTPUT, 'play-saves-7-bf-close.png'), clip: { x: near.x - 200, y: top, width: 400, height: Math.min(900 - top, kaunas.y - top + 120) } });
});
