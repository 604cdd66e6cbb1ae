// The Portable Wargame from blank, the way a designer makes one: New scenario with the Portable
// Wargame ruleset on squares, units typed into the order of battle with their type and close
// combat power and turned with the facing control, the designer's own deployment, saved with
// Ctrl+S, then test-played against the bot: the French battery is picked, the hover aid says which
// squares it can fire on and why not (out of its arc), its shot is shown with the dice before the
// roll and the die and its result after; an infantry regiment moves into contact and the close
// combat is shown with both sides' rolls before it is fought, and its dice and outcome after.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { Scenario } from '../shared/format/scenario.types.js';
import type {} from '../renderer/src/testHook.types.js';
import { appOrigin, cellOnPage, clickCell, expect, invoke, openDocument, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const TITLE = 'Skirmish at Spicheren (Portable Wargame)';

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(200);
  await page.screenshot({ path: path.join(OUTPUT, `play-pw-${name}.png`) });
}

interface NewUnit {
  name: string;
  type: string;
  ccp: number;
  cell: string;
  facing: 'N' | 'E' | 'S' | 'W';
}

/** Types a unit into a side's order of battle with the keyboard, adds it with Enter, then turns it with the Facing control. */
async function typeUnit(table: Locator, side: string, u: NewUnit): Promise<void> {
  const page = table.page();
  const rows = table.getByTestId('unit-row');
  const before = await rows.count();
  await table.getByTestId(`new-name-${side}`).click();
  await page.keyboard.type(u.name);
  await table.getByTestId(`new-unitType-${side}`).selectOption({ label: u.type });
  await table.getByTestId(`new-strength-${side}`).click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(String(u.ccp));
  await table.getByTestId(`new-cell-${side}`).click();
  await page.keyboard.type(u.cell);
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(before + 1);
  const row = rows.nth(before);
  await expect(row.getByRole('textbox', { name: 'Name' })).toHaveValue(u.name);
  await row.getByRole('combobox', { name: 'Facing' }).selectOption(u.facing);
  await expect(row.getByRole('combobox', { name: 'Facing' })).toHaveValue(u.facing);
}

/** A square by its label (CCRR: column and row from 01). */
const at = (label: string) => ({ col: Number(label.slice(0, 2)) - 1, row: Number(label.slice(2)) - 1 });

test('a Portable Wargame battle made from blank with facings is test-played: a shot and a close combat with their dice', async ({ page, request, baseURL }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1500, height: 960 });
  await page.goto('/');

  // ---- New scenario: The Portable Wargame, on squares ----
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByTestId('new-dialog');
  await dialog.getByTestId('ruleset-pw').click();
  await expect(dialog.getByTestId('ruleset-pw').getByRole('radio')).toBeChecked();
  await expect(dialog.getByRole('combobox', { name: 'Grid' })).toHaveValue(/square/);
  await dialog.getByRole('textbox', { name: 'Title' }).click();
  await page.keyboard.type(TITLE);
  await dialog.getByRole('spinbutton', { name: 'Columns' }).fill('8');
  await dialog.getByRole('spinbutton', { name: 'Rows' }).fill('8');
  await dialog.getByRole('textbox', { name: 'Side 1 name' }).fill('French');
  await dialog.getByRole('textbox', { name: 'Side 2 name' }).fill('Prussians');
  await shot(page, '1-new');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  const created = await openDocument(page);
  expect(created.ruleset.id).toBe('pw');
  expect(created.map.grid.kind).toBe('square');
  const [fr, pr] = created.sides.map((s) => s.id) as [string, string];

  // ---- Scenario panel: the units stand where the designer puts them ----
  await page.getByTestId('tab-scenario').click();
  const scen = page.getByTestId('panel-scenario');
  await scen.getByTestId('option-deployment').selectOption({ label: 'As the designer placed them' });

  // ---- Order of battle with facings ----
  await page.getByTestId('tab-oob').click();
  const oob = page.getByTestId('panel-oob');
  const french = oob.getByTestId(`oob-${fr}`);
  const prussians = oob.getByTestId(`oob-${pr}`);
  await expect(french.getByTestId('oob-head-facing')).toHaveText('Facing');
  await typeUnit(french, fr, { name: 'Batterie de 4', type: 'Field Artillery', ccp: 1, cell: '0307', facing: 'N' });
  await typeUnit(french, fr, { name: '17e de Ligne', type: 'Infantry (Firearms)', ccp: 5, cell: '0506', facing: 'N' });
  await typeUnit(french, fr, { name: '27e de Ligne', type: 'Infantry (Firearms)', ccp: 5, cell: '0707', facing: 'N' });
  await typeUnit(prussians, pr, { name: 'IR 1', type: 'Infantry (Firearms)', ccp: 5, cell: '0305', facing: 'S' });
  await typeUnit(prussians, pr, { name: 'IR 2', type: 'Infantry (Firearms)', ccp: 5, cell: '0504', facing: 'S' });
  await typeUnit(prussians, pr, { name: 'IR 3', type: 'Infantry (Firearms)', ccp: 5, cell: '0702', facing: 'S' });
  await typeUnit(prussians, pr, { name: 'IR 4', type: 'Infantry (Firearms)', ccp: 5, cell: '0202', facing: 'S' });
  await shot(page, '2-oob');

  // ---- Save (Ctrl+S): the library holds the units with their facings ----
  await page.getByTestId('map').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('dirty-mark')).toHaveCount(0);
  const got = await invoke<{ document: Scenario }>(request, appOrigin(baseURL), 'library.get', { id: created.id });
  const saved = got.body.ok ? got.body.value.document : null;
  expect(saved?.orderOfBattle.map((u) => [u.name, u.facing, u.fields?.unitType])).toEqual([
    ['Batterie de 4', 'N', 'fieldArtillery'],
    ['17e de Ligne', 'N', 'infantry'],
    ['27e de Ligne', 'N', 'infantry'],
    ['IR 1', 'S', 'infantry'],
    ['IR 2', 'S', 'infantry'],
    ['IR 3', 'S', 'infantry'],
    ['IR 4', 'S', 'infantry'],
  ]);

  // ---- Test-play: the French by hand, the Prussians by the bot ----
  await page.getByTestId('play-open').click();
  await expect(page.getByTestId('play-setup')).toBeVisible();
  await page.getByTestId(`ctl-${fr}-human`).click();
  await page.getByTestId(`ctl-${pr}-bot`).click();
  await page.getByTestId('seed').fill('2');
  await page.getByTestId('play-start').click();
  await expect(page.getByTestId('play-screen')).toHaveAttribute('data-ruleset', 'pw');
  await expect(page.getByTestId('decision-title')).toContainText('artillery orders');
  // The header shows every status whole (on a second row where one is too narrow), "To act" too.
  const header = page.getByTestId('play-header');
  await expect(header).toContainText('Artillery fire (simultaneous orders)');
  const cut = await header.locator('.val').evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
  expect(cut).toEqual([]);
  await expect(page.getByTestId('hdr-actor')).toBeInViewport({ ratio: 1 });

  // Pick the battery: the squares it can fire on are tinted; the hover aid says why or why not.
  await clickCell(page, at('0307'));
  await expect(page.getByTestId('unit-choices')).toBeVisible();
  const c5 = await cellOnPage(page, at('0305'));
  await page.mouse.move(c5.x, c5.y, { steps: 3 });
  await expect(page.getByTestId('aim-info')).toHaveText('0305: can be fired on (IR 1), range 2.');
  await shot(page, '3-aim');
  const c8 = await cellOnPage(page, at('0308'));
  await page.mouse.move(c8.x, c8.y, { steps: 3 });
  await expect(page.getByTestId('aim-info')).toHaveText(/^0308: out of its arc of fire \(range 1\)\.$/);

  // Click IR 1: the shot is shown with its die table before the roll.
  await clickCell(page, at('0305'));
  const choice = page.getByTestId('choice');
  await expect(choice.getByTestId('attack-preview')).toBeVisible();
  await expect(choice.getByTestId('die-roll')).toHaveCount(1);
  await expect(choice.getByTestId('die-roll')).toContainText('Effect of direct artillery fire');
  // Each score with what it does, runs of the same result together: 1–4 pin, 5–6 destroy.
  await expect(choice.getByTestId('roll-score')).toHaveText(['1–4Pinned', '5–6Destroyed']);
  await expect(choice.getByTestId('attack-chances')).toContainText('IR 1 destroyed 33%');
  await shot(page, '4-fire-preview');
  await choice.getByTestId('strike-confirm').click();

  // The fire is resolved once both sides have given their orders: the die and what it did.
  // (the bot's shots come into the same list of fire and combat, newest first)
  const result = page.getByTestId('attack-result').filter({ hasText: 'Batterie de 4 in 0307 fires at 0305' });
  await expect(result).toHaveCount(1);
  const die = Number(await result.getByTestId('die').first().textContent());
  expect(die).toBeGreaterThanOrEqual(1);
  expect(die).toBeLessThanOrEqual(6);
  await expect(result.getByTestId('die-roll').locator(`[data-faces~="${die}"]`)).toHaveClass(/rolled/);
  await expect(result.getByTestId('attack-lines')).toContainText(die >= 5 ? 'destroyed' : 'pinned');
  await expect(page.getByTestId('log-panel')).toContainText(`direct fire on IR 1, ${die}`);
  await shot(page, '5-fire-result');

  // ---- Activation: 17e de Ligne marches into contact with IR 2 ----
  await expect(page.getByTestId('decision-title')).toContainText('activate units', { timeout: 20_000 });
  await clickCell(page, at('0506'));
  await expect(page.getByTestId('unit-choices')).toBeVisible();
  await clickCell(page, at('0505'));
  const log = page.getByTestId('log-panel');
  await expect(log).toContainText('17e de Ligne moves from 0506 to 0505, facing N, and engages IR 2 in 0504');
  await page.getByTestId('decision').getByRole('button', { name: /End activations/ }).click();

  // ---- Close combat: both rolls shown before it is fought, then the dice and the outcome ----
  await expect(page.getByTestId('decision-title')).toContainText('close combat', { timeout: 20_000 });
  await page.getByTestId('decision').getByRole('button', { name: 'Close combat against IR 2 in 0504' }).click();
  await expect(choice.getByTestId('die-roll')).toHaveCount(2);
  await expect(choice.getByTestId('die-roll').first()).toContainText('17e de Ligne attacks: a score of 5 or less destroys IR 2');
  await expect(choice.getByTestId('attack-chances')).toContainText('Both destroyed 69%');
  await shot(page, '6-combat-preview');
  await choice.getByTestId('strike-confirm').click();
  const combat = page.getByTestId('attack-result').first();
  await expect(combat).toContainText('17e de Ligne attacks IR 2 in 0504');
  await expect(combat.getByTestId('die')).toHaveCount(2);
  const [a, d] = (await combat.getByTestId('die').allTextContents()).map(Number) as [number, number];
  await expect(combat.getByTestId('die-roll').nth(0).locator(`[data-faces~="${a}"]`)).toHaveClass(/rolled/);
  await expect(combat.getByTestId('die-roll').nth(1).locator(`[data-faces~="${d}"]`)).toHaveClass(/rolled/);
  await expect(combat.getByTestId('attack-lines')).toContainText(a <= 5 && d <= 5 ? 'Both are destroyed' : a <= 5 ? 'IR 2' : '17e de Ligne');
  await shot(page, '7-combat-result');
});
