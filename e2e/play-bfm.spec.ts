// A Battle for Moscow scenario from blank, the way a designer makes one: New scenario with the
// Battle for Moscow ruleset (hexes only), Moscow marked in the inspector, units typed into the
// order of battle with their combat strength, half strength and movement, saved with Ctrl+S,
// then test-played against the bot: end the panzer movement, click the Soviet army to put an
// attack together (the odds change as an attacker is left out), declare it, resolve it and see
// the CRT column, the die and the result, which must be the column's entry for that die.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { Scenario } from '../shared/format/scenario.types.js';
import type {} from '../renderer/src/testHook.types.js';
import { appOrigin, clickCell, expect, invoke, openDocument, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const TITLE = 'Vyazma mini (Battle for Moscow)';

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(200);
  await page.screenshot({ path: path.join(OUTPUT, `play-bfm-${name}.png`) });
}

/** Types a new unit into a side's order of battle, field by field with the keyboard, and adds it with Enter. */
async function typeUnit(table: Locator, side: string, u: { name: string; branch: 'Infantry' | 'Panzer'; strength: number; half: number; move: number; cell: string }): Promise<void> {
  const keys = table.page().keyboard;
  const rows = table.getByTestId('unit-row');
  const before = await rows.count();
  await table.getByTestId(`new-name-${side}`).click();
  await keys.type(u.name);
  await table.getByTestId(`new-branch-${side}`).selectOption({ label: u.branch });
  await table.getByTestId(`new-strength-${side}`).click();
  await keys.press('Control+a');
  await keys.type(String(u.strength));
  await table.page().keyboard.press('Tab');
  await table.page().keyboard.type(String(u.half));
  await table.page().keyboard.press('Tab');
  await table.page().keyboard.type(String(u.move));
  await table.getByTestId(`new-cell-${side}`).click();
  await table.page().keyboard.type(u.cell);
  await table.page().keyboard.press('Enter');
  await expect(rows).toHaveCount(before + 1);
  await expect(rows.nth(before).getByRole('textbox', { name: 'Name' })).toHaveValue(u.name);
}

test('a Battle for Moscow scenario made from blank is test-played: odds, the CRT roll and its result', async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1500, height: 960 });
  await page.goto('/');

  // ---- New scenario: the ruleset first; Battle for Moscow offers hex grids only ----
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByTestId('new-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('ruleset-bfm').click();
  await expect(dialog.getByTestId('ruleset-bfm').getByRole('radio')).toBeChecked();
  await expect(dialog.getByRole('combobox', { name: 'Grid' })).toHaveValue('hex-flat');
  await expect(dialog.getByRole('combobox', { name: 'Grid' }).locator('option')).toHaveText(['Hex, flat-top', 'Hex, pointy-top']);
  await expect(dialog.getByTestId('new-role-1')).toContainText('German player');
  await dialog.getByRole('textbox', { name: 'Title' }).click();
  await page.keyboard.type(TITLE);
  await dialog.getByRole('spinbutton', { name: 'Columns' }).fill('9');
  await dialog.getByRole('spinbutton', { name: 'Rows' }).fill('7');
  await shot(page, '1-new');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  const created = await openDocument(page);
  expect(created.ruleset.id).toBe('bfm');
  expect(created.map.grid.kind).toBe('hex');

  // ---- Moscow: a city hex, the victory cell, held by the Soviets ----
  await page.getByRole('radio', { name: 'Select', exact: true }).click();
  await clickCell(page, { col: 7, row: 3 });
  const cell = page.getByTestId('cell-editor');
  await expect(cell.locator('.head')).toHaveText('0804');
  await cell.getByTestId('cell-name').pressSequentially('Moscow');
  await cell.getByLabel('Terrain').selectOption({ label: 'City' });
  await cell.getByLabel('Control').selectOption({ label: 'Soviets' });
  await cell.getByRole('checkbox', { name: 'Victory cell' }).check();

  // ---- The Scenario panel shows the ruleset and its own options ----
  await page.getByTestId('tab-scenario').click();
  const scen = page.getByTestId('panel-scenario');
  await expect(scen.getByTestId('scenario-ruleset')).toHaveValue('bfm');
  await expect(scen.getByTestId('option-variant')).toBeVisible();

  // ---- Order of battle: the columns are Battle for Moscow's ----
  await page.getByTestId('tab-oob').click();
  const oob = page.getByTestId('panel-oob');
  const germans = oob.getByTestId('oob-germans');
  const soviets = oob.getByTestId('oob-soviets');
  await expect(germans.getByTestId('oob-head-reducedStrength')).toHaveText('Half');
  await expect(germans.getByTestId('oob-head-movement')).toHaveText('MA');
  await expect(germans.getByRole('columnheader', { name: 'Elite' })).toHaveCount(0);
  // A missing factor is refused in place, naming it.
  await germans.getByTestId('new-name-germans').click();
  await page.keyboard.type('Forgotten Corps');
  await germans.getByTestId('new-strength-germans').click();
  await page.keyboard.type('5');
  await germans.getByTestId('new-cell-germans').click();
  await page.keyboard.type('0101');
  await page.keyboard.press('Enter');
  await expect(oob.getByRole('alert')).toContainText('Half strength is needed');
  await germans.getByTestId('new-name-germans').fill('');
  await germans.getByTestId('new-strength-germans').fill('');
  await germans.getByTestId('new-cell-germans').fill('');

  await typeUnit(germans, 'germans', { name: 'LVI Panzer Corps', branch: 'Panzer', strength: 9, half: 4, move: 6, cell: '0403' });
  await typeUnit(germans, 'germans', { name: 'V Corps', branch: 'Infantry', strength: 7, half: 3, move: 4, cell: '0405' });
  await typeUnit(soviets, 'soviets', { name: '19th Army', branch: 'Infantry', strength: 4, half: 2, move: 4, cell: '0404' });
  await typeUnit(soviets, 'soviets', { name: '16th Army', branch: 'Infantry', strength: 5, half: 2, move: 4, cell: '0804' });
  await expect(oob.getByRole('alert')).toHaveCount(0);
  await shot(page, '2-oob');

  // ---- Save (Ctrl+S): the library holds it with the factors ----
  await page.getByTestId('play-board').or(page.getByTestId('map')).first().click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('dirty-mark')).toHaveCount(0);
  const got = await invoke<{ document: Scenario }>(request, appOrigin(baseURL), 'library.get', { id: created.id });
  const saved = got.body.ok ? got.body.value.document : null;
  expect(saved?.ruleset.id).toBe('bfm');
  expect(saved?.orderOfBattle.map((u) => [u.name, u.strength, u.fields])).toEqual([
    ['LVI Panzer Corps', 9, { reducedStrength: 4, movement: 6 }],
    ['V Corps', 7, { reducedStrength: 3, movement: 4 }],
    ['19th Army', 4, { reducedStrength: 2, movement: 4 }],
    ['16th Army', 5, { reducedStrength: 2, movement: 4 }],
  ]);
  expect(Object.values(saved?.map.cells ?? {}).filter((c) => c.victory)).toHaveLength(1);

  // ---- Test-play: the Germans by hand, the Soviets by the bot ----
  await page.getByTestId('play-open').click();
  await expect(page.getByTestId('play-setup')).toBeVisible();
  await page.getByTestId('ctl-germans-human').click();
  await page.getByTestId('ctl-soviets-bot').click();
  await page.getByTestId('seed').fill('7');
  await page.getByTestId('play-start').click();
  await expect(page.getByTestId('play-screen')).toHaveAttribute('data-ruleset', 'bfm');
  await expect(page.getByTestId('hdr-turn')).toContainText('Turn 1');
  await expect(page.getByTestId('decision-title')).toContainText('panzer movement');
  await page.getByTestId('zoc-toggle').check();
  await shot(page, '3-play-start');
  await page.getByTestId('zoc-toggle').uncheck();

  // Panzer movement: stay put, end it with the step's main button.
  await page.getByTestId('decision').getByRole('button', { name: 'End movement' }).click();
  await expect(page.getByTestId('decision-title')).toContainText('announce the battles');

  // Click the Soviet army: both German neighbours join the attack; the odds are shown before declaring.
  await clickCell(page, { col: 3, row: 3 });
  const builder = page.getByTestId('attack-builder');
  await expect(builder).toBeVisible();
  await expect(builder.getByTestId('attack-odds')).toContainText('16 : 4');
  await expect(builder.getByTestId('attack-column')).toHaveText('4:1');
  // Leave V Corps out by clicking its counter: 9 to 4 rounds down to 2:1.
  await clickCell(page, { col: 3, row: 4 });
  await expect(builder.getByTestId('attack-odds')).toContainText('9 : 4');
  await expect(builder.getByTestId('attack-column')).toHaveText('2:1');
  const column = await builder.locator('[data-testid^="crt-"]').allTextContents();
  expect(column).toHaveLength(6);
  await shot(page, '4-odds');
  await builder.getByTestId('attack-confirm').click();
  // With one battle announced and no other attack possible, the rules go straight to resolving it;
  // otherwise the player ends the announcements and picks the battle.
  const resolveAll = page.getByTestId('decision').getByRole('button', { name: /resolve them/ });
  if (await resolveAll.isVisible()) {
    await resolveAll.click();
    await expect(page.getByTestId('decision-title')).toContainText('resolve the battles');
    await clickCell(page, { col: 3, row: 3 });
  }

  // The die is rolled; the result is the column's entry for that die.
  const result = page.getByTestId('attack-result');
  await expect(result).toBeVisible();
  await expect(result.getByTestId('attack-column')).toHaveText('2:1');
  const die = Number(await result.getByTestId('die').first().textContent());
  expect(die).toBeGreaterThanOrEqual(1);
  expect(die).toBeLessThanOrEqual(6);
  await expect(result.getByTestId('attack-outcome')).toHaveText(column[die - 1]!);
  await expect(result.getByTestId(`crt-${die}`)).toHaveClass(/rolled/);
  await expect(page.getByTestId('log-panel')).toContainText(`rolled ${die}: ${column[die - 1]}`);
  await expect(result).toContainText('Germans announce an attack on 19th Army in 0404 with LVI Panzer Corps');
  await shot(page, '5-result');
});
