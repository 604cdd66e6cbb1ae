// Test-play: a hot-seat game of the seed 000 example played by clicking (activate, move,
// attack, the defender's retreat decision, passes to the end of the game turn), with the
// combat panel's dice and modifiers, the supply overlay, save and reload; and a game against
// the bot played to its end, whose winner must be the engine's.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Scenario } from '../shared/format/scenario.types.js';
import type {} from '../renderer/src/testHook.types.js';
import { rulesetFor, replay } from '../shared/rules/index.js';
import type { Action } from '../shared/rules/types.js';
import { expect, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
const SCENARIO = JSON.parse(readFileSync(path.join(projectRoot, 'scenarios', 'seed-000-example.json'), 'utf8')) as Scenario;
// With this seed the first prepared attack (III Panzer Corps into 0406) leaves the defender a
// retreat choice (6 hits on a 6-strength army: retreat and lose 5).
const SEED = 2;

async function openScenario(page: Page): Promise<void> {
  await page.goto('/');
  await page.waitForFunction(() => window.__gridfront !== undefined);
  await page.evaluate((s) => window.__gridfront!.openScenario(s), SCENARIO);
  await expect(page.getByTestId('scenario-title')).toHaveText(SCENARIO.title);
}

async function startGame(page: Page, controllers: Record<string, 'human' | 'bot'>, seed: number): Promise<void> {
  await page.getByTestId('play-open').click();
  await expect(page.getByTestId('play-setup')).toBeVisible();
  for (const [side, c] of Object.entries(controllers)) await page.getByTestId(`ctl-${side}-${c}`).click();
  await page.getByTestId('seed').fill(String(seed));
  await page.getByTestId('play-start').click();
  // A game left in progress is kept; a new game asks what becomes of it.
  const ask = page.getByRole('dialog', { name: 'Start a new game?' });
  await expect(page.getByTestId('play-board').or(ask)).toBeVisible();
  if (await ask.isVisible()) await ask.getByRole('button', { name: 'Discard it' }).click();
  await expect(page.getByTestId('play-board')).toBeVisible();
  await expect(page.getByTestId('seed-shown')).toHaveText(`seed ${seed}`);
}

async function clickCell(page: Page, col: number, row: number, dy = 0): Promise<void> {
  const p = await page.evaluate(([c, r]) => window.__gridfront!.map.cellToClient(c!, r!), [col, row]);
  if (!p) throw new Error('no map');
  await page.mouse.click(p.x, p.y + dy);
}

const view = (page: Page) => page.evaluate(() => window.__gridfront!.play!.view()!);

test.describe('test-play', () => {
  test.beforeAll(() => mkdirSync(OUTPUT, { recursive: true }));

  test('hot-seat: activate, move, attack, retreat decision, passes end the game turn, save, reload and replay', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openScenario(page);
    await startGame(page, { germans: 'human', soviets: 'human' }, SEED);

    await expect(page.getByTestId('hdr-turn')).toContainText('1/22');
    await expect(page.getByTestId('hdr-phase')).toContainText('Prepared offensives');
    await expect(page.getByTestId('prompt-text')).toContainText('activate a cell');
    await page.getByRole('button', { name: /Legend/ }).click();
    await page.screenshot({ path: path.join(OUTPUT, 'play-1-start.png') });
    await page.getByRole('button', { name: /Legend/ }).click();
    // A close look at the counters (airborne, cavalry, elite) zoomed in, then back to the whole map.
    const near = (await page.evaluate(() => window.__gridfront!.map.cellToClient(5, 4)))!;
    await page.mouse.move(near.x, near.y);
    await page.mouse.wheel(0, -500);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(OUTPUT, 'play-1b-counters-zoomed.png'), clip: { x: near.x - 300, y: near.y - 260, width: 600, height: 520 } });
    await page.keyboard.press('0');

    const before = await view(page);
    // Activate 0306 (III Panzer Corps) by clicking its cell.
    await clickCell(page, 2, 5);
    await expect(page.getByTestId('prompt-text')).toContainText('Move the activated units');
    // No die was rolled: the activation can be taken back, and made again.
    await page.getByTestId('undo').click();
    await expect(page.getByTestId('prompt-text')).toContainText('activate a cell');
    await clickCell(page, 2, 5);
    await expect(page.getByTestId('prompt-text')).toContainText('Move the activated units');
    // Pick the panzer corps and drop it on the Soviet army in 0406 (a drag).
    const from = (await page.evaluate(() => window.__gridfront!.map.cellToClient(2, 5)))!;
    const to = (await page.evaluate(() => window.__gridfront!.map.cellToClient(3, 5)))!;
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
    await page.screenshot({ path: path.join(OUTPUT, 'play-2-dragging.png') });
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.up();
    await expect(page.getByTestId('prompt-text')).toContainText('mandatory attack');
    let v = await view(page);
    expect(v.units.find((u) => u.id === 'g-3pz')!.cell).toBe('3,5');

    // The attack is listed; resolve it by clicking the contested cell.
    await expect(page.getByTestId('choice-attack')).toHaveText('Attack in 0406');
    await clickCell(page, 3, 5, 30);
    const combat = page.getByTestId('combat-panel');
    await expect(combat).toBeVisible();
    await expect(combat).toContainText('Combat in 0406');
    await expect(page.getByTestId('combat-modifiers')).toContainText('-1 attacking tank');
    await expect(page.getByTestId('combat-dice').locator('.die')).toHaveCount(8);
    await expect(page.getByTestId('combat-summary')).toContainText('6 hits');
    // Dice were rolled: no undo past them.
    await expect(page.getByTestId('undo')).toBeDisabled();
    // The defender decides: retreat to save a loss.
    await expect(page.getByTestId('prompt-side')).toContainText('Soviets');
    await expect(page.getByTestId('prompt-text')).toContainText('retreat every unit');
    await page.screenshot({ path: path.join(OUTPUT, 'play-3-combat.png') });
    // The long phase goes onto a second line in its cell, not cut short.
    const phase = page.getByTestId('hdr-phase');
    await expect(phase).toContainText('Prepared offensives');
    expect(await phase.evaluate((e) => e.scrollHeight <= e.clientHeight + 1 && e.scrollWidth <= e.clientWidth + 1)).toBe(true);
    await page.getByRole('button', { name: 'Retreat to 0506' }).click();
    await expect(page.getByTestId('combat-outcome')).toContainText('loses 5');
    v = await view(page);
    expect(v.units.find((u) => u.id === 's-4ga')).toMatchObject({ cell: '4,5', strength: 1 });

    // Supply overlay on; pass through the rest of the game turn.
    await page.getByTestId('supply-toggle').check();
    const supplyBefore = before.supplyCells;
    for (let k = 0; k < 12; k++) {
      const now = await view(page);
      if (now.turn === 2) break;
      await page.getByTestId('action-pass').click();
    }
    v = await view(page);
    expect(v.turn).toBe(2);
    await expect(page.getByTestId('hdr-turn')).toContainText('2/22');
    // 0406 changed hands, so the Soviets' supply net changed with it.
    expect(v.supplyCells['soviets']!.slice().sort()).not.toEqual(supplyBefore['soviets']!.slice().sort());
    expect(v.control['3,5']).toBe('germans');
    await page.screenshot({ path: path.join(OUTPUT, 'play-4-turn2-supply.png') });

    // The log has every event; the filter narrows it.
    await expect(page.getByTestId('log-panel').locator('li[data-kind="attack"]')).toHaveCount(1);

    // The game shown is the engine's own replay of the actions clicked.
    const log = (await page.evaluate(() => window.__gridfront!.play!.log())) as unknown as Action[];
    const r = replay(SCENARIO, { seed: SEED }, log);
    expect(r.ok).toBe(true);
    if (r.ok) expect(rulesetFor('operational').view(r.state).vp).toEqual(v.vp);

    // Save in the library, reload the page, continue the saved game: the same state.
    await page.getByTestId('save-game').click();
    await expect(page.getByTestId('save-message')).toContainText('Saved');
    const savedView = await view(page);
    await page.reload();
    await page.waitForFunction(() => window.__gridfront !== undefined);
    await page.evaluate((s) => window.__gridfront!.openScenario(s), SCENARIO);
    await startGame(page, { germans: 'human', soviets: 'human' }, 99);
    await page.getByTestId('games-open').click();
    await expect(page.getByTestId('saved-game')).toHaveCount(1);
    await page.getByTestId('load-game').click();
    await expect(page.getByTestId('seed-shown')).toHaveText(`seed ${SEED}`);
    expect(await view(page)).toEqual(savedView);
    await expect(page.getByTestId('hdr-turn')).toContainText('2/22');
    await page.screenshot({ path: path.join(OUTPUT, 'play-6-reloaded.png') });

    // Replay it step by step: from the opening to the attack.
    await page.getByTestId('games-open').click();
    await page.getByTestId('replay-game').click();
    await expect(page.getByTestId('replay-pos')).toHaveText(`0/${log.length}`);
    for (let k = 0; k < 3; k++) await page.getByTestId('replay-forward').click();
    await expect(page.getByTestId('replay-pos')).toHaveText(`3/${log.length}`);
    const atAttack = await view(page);
    expect(atAttack.units.find((u) => u.id === 's-4ga')!.strength).toBe(6);
    await page.getByTestId('replay-forward').click();
    expect((await view(page)).units.find((u) => u.id === 's-4ga')!.strength).toBe(1);
    await page.screenshot({ path: path.join(OUTPUT, 'play-7-replay.png') });
  });

  test('against the bot: the bot plays, skip to the end, the winner is the engine\'s', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openScenario(page);
    await startGame(page, { germans: 'human', soviets: 'bot' }, 5);
    // Germans pass their prepared offensives; the bot answers on its own.
    await page.getByTestId('action-pass').click();
    await expect(page.getByTestId('prompt-side')).toBeVisible();
    // Hand our side to the bot as well and skip to the end.
    await page.getByTestId('controller-germans').selectOption('bot');
    await page.getByTestId('skip').click();
    await expect(page.getByTestId('game-over')).toBeVisible({ timeout: 150_000 });
    const v = await view(page);
    expect(v.gameOver).not.toBeNull();
    // The engine, replaying the game's log from the seed, reaches the same result.
    const shown = await page.getByTestId('winner').getAttribute('data-winner');
    expect(shown).toBe(v.gameOver!.winner ?? 'draw');
    const log = (await page.evaluate(() => window.__gridfront!.play!.log())) as unknown as Action[];
    const r = replay(SCENARIO, { seed: 5 }, log);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.state.gameOver?.winner ?? 'draw').toBe(shown);
    await page.screenshot({ path: path.join(OUTPUT, 'play-5-bot-game-over.png') });
  });
});
