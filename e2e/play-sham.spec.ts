// Shambattle from blank on hexes, the way a designer makes one: New scenario with the Shambattle
// ruleset, its stands typed into the order of battle (stand kind and strength points), treachery
// turned off in the Scenario panel, saved with Ctrl+S, then test-played against the bot: the
// guns are picked and the hover aid says which areas they can fire on and at what range; the
// shot is shown before the roll as a dice pool (dice = SP with each modifier and its reason, the
// hit faces against this target) and its dice after; the rifles close assault an enemy area, the
// attackers' and the defenders' dice are shown before, and the close combat's dice after.
// Shambattle declares no facing (its rules have none), so no facing is set here.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { Scenario } from '../shared/format/scenario.types.js';
import type {} from '../renderer/src/testHook.types.js';
import { appOrigin, cellOnPage, clickCell, expect, invoke, openDocument, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const TITLE = 'Crossing at Blueburg (Shambattle)';

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(200);
  await page.screenshot({ path: path.join(OUTPUT, `play-sham-${name}.png`) });
}

interface NewStand {
  name: string;
  stand: string;
  sp: number;
  cell: string;
}

/** Types a stand into a side's order of battle with the keyboard and adds it with Enter. */
async function typeStand(table: Locator, side: string, u: NewStand): Promise<void> {
  const page = table.page();
  const rows = table.getByTestId('unit-row');
  const before = await rows.count();
  await table.getByTestId(`new-name-${side}`).click();
  await page.keyboard.type(u.name);
  await table.getByTestId(`new-stand-${side}`).selectOption({ label: u.stand });
  await table.getByTestId(`new-strength-${side}`).click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(String(u.sp));
  await table.getByTestId(`new-cell-${side}`).click();
  await page.keyboard.type(u.cell);
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(before + 1);
  await expect(rows.nth(before).getByRole('textbox', { name: 'Name' })).toHaveValue(u.name);
}

/** An area by its label (CCRR: column and row from 01). */
const at = (label: string) => ({ col: Number(label.slice(0, 2)) - 1, row: Number(label.slice(2)) - 1 });

test('a Shambattle battle made from blank on hexes is test-played: a shot and a close assault with their dice pools', async ({ page, request, baseURL }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1500, height: 960 });
  await page.goto('/');

  // ---- New scenario: Shambattle, on hexes ----
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByTestId('new-dialog');
  await dialog.getByTestId('ruleset-shambattle').click();
  await expect(dialog.getByTestId('ruleset-shambattle').getByRole('radio')).toBeChecked();
  await expect(dialog.getByRole('combobox', { name: 'Grid' })).toHaveValue(/hex/);
  await dialog.getByRole('textbox', { name: 'Title' }).click();
  await page.keyboard.type(TITLE);
  await dialog.getByRole('spinbutton', { name: 'Columns' }).fill('10');
  await dialog.getByRole('spinbutton', { name: 'Rows' }).fill('8');
  await dialog.getByRole('textbox', { name: 'Side 1 name' }).fill('Ruberia');
  await dialog.getByRole('textbox', { name: 'Side 2 name' }).fill('Azuria');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  const created = await openDocument(page);
  expect(created.ruleset.id).toBe('shambattle');
  expect(created.map.grid.kind).toBe('hex');
  const [red, blue] = created.sides.map((s) => s.id) as [string, string];

  // ---- Scenario panel: no treachery in this test battle ----
  await page.getByTestId('tab-scenario').click();
  await page.getByTestId('panel-scenario').getByTestId('option-treachery').selectOption({ label: 'No treachery' });

  // ---- Order of battle: stands with their kind and SP ----
  await page.getByTestId('tab-oob').click();
  const oob = page.getByTestId('panel-oob');
  const ruberia = oob.getByTestId(`oob-${red}`);
  const azuria = oob.getByTestId(`oob-${blue}`);
  await expect(ruberia.getByTestId('oob-head-facing')).toHaveCount(0);
  await typeStand(ruberia, red, { name: 'Gen. Scarlett', stand: 'Army Commander', sp: 6, cell: '0102' });
  await typeStand(ruberia, red, { name: 'Red Guns', stand: 'Artillery', sp: 2, cell: '0303' });
  await typeStand(ruberia, red, { name: 'Red Rifles', stand: 'Infantry', sp: 4, cell: '0604' });
  await typeStand(azuria, blue, { name: 'Gen. Azure', stand: 'Army Commander', sp: 6, cell: '1007' });
  await typeStand(azuria, blue, { name: 'Blue Rifles', stand: 'Infantry', sp: 4, cell: '0704' });
  await typeStand(azuria, blue, { name: 'Blue Foot', stand: 'Infantry', sp: 4, cell: '0806' });
  await shot(page, '1-oob');

  // ---- Save (Ctrl+S) ----
  await page.getByTestId('map').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('dirty-mark')).toHaveCount(0);
  const got = await invoke<{ document: Scenario }>(request, appOrigin(baseURL), 'library.get', { id: created.id });
  const saved = got.body.ok ? got.body.value.document : null;
  expect(saved?.orderOfBattle.map((u) => [u.name, u.fields?.stand, u.strength])).toEqual([
    ['Gen. Scarlett', 'commander', 6],
    ['Red Guns', 'artillery', 2],
    ['Red Rifles', 'infantry', 4],
    ['Gen. Azure', 'commander', 6],
    ['Blue Rifles', 'infantry', 4],
    ['Blue Foot', 'infantry', 4],
  ]);

  // ---- Test-play: Ruberia by hand, Azuria by the bot ----
  await page.getByTestId('play-open').click();
  await expect(page.getByTestId('play-setup')).toBeVisible();
  await page.getByTestId(`ctl-${red}-human`).click();
  await page.getByTestId(`ctl-${blue}-bot`).click();
  await page.getByTestId('seed').fill('2');
  await page.getByTestId('play-start').click();
  await expect(page.getByTestId('play-screen')).toHaveAttribute('data-ruleset', 'shambattle');
  await expect(page.getByTestId('decision-title')).toContainText('Artillery and machine-gun fire');

  // Pick the guns: the hover aid tells which areas they can fire on.
  await clickCell(page, at('0303'));
  await expect(page.getByTestId('unit-choices')).toBeVisible();
  const foot = await cellOnPage(page, at('0806'));
  await page.mouse.move(foot.x, foot.y, { steps: 3 });
  await expect(page.getByTestId('aim-info')).toHaveText(/^0806: can be fired on \(Blue Foot\), range \d\.$/);
  const empty = await cellOnPage(page, at('0505'));
  await page.mouse.move(empty.x, empty.y, { steps: 3 });
  await expect(page.getByTestId('aim-info')).toHaveText(/^0505: no target to fire on here/);
  await shot(page, '2-aim');

  // The shot before the roll: dice = SP with each modifier and its reason, and the hit faces.
  await clickCell(page, at('0806'));
  const choice = page.getByTestId('choice');
  const pool = choice.getByTestId('dice-pool');
  await expect(pool).toBeVisible();
  await expect(pool.getByTestId('pool-unit')).toHaveCount(1);
  await expect(pool.getByTestId('pool-unit')).toContainText('Red Guns');
  await expect(pool.getByTestId('pool-unit')).toContainText('2 SP');
  await expect(pool.getByTestId('pool-mod')).toContainText(['+1 artillery shooting']);
  await expect(pool.getByTestId('pool-unit')).toContainText('= 3');
  await expect(pool.locator('.face')).toHaveCount(6);
  await expect(pool.locator('.face.counts')).not.toHaveCount(0);
  await expect(choice.getByTestId('dice-reply')).toHaveCount(0);
  await shot(page, '3-fire-preview');
  await choice.getByTestId('strike-confirm').click();

  // Both sides' fire is resolved together: the guns' three dice and what they did.
  const fire = page.getByTestId('attack-result').filter({ hasText: 'Red Guns 3 dice' });
  await expect(fire).toHaveCount(1, { timeout: 20_000 });
  await expect(fire.getByTestId('die')).toHaveCount(3);
  await expect(fire.getByTestId('dice-pool')).toContainText('Red Guns');
  await shot(page, '4-fire-result');

  // ---- Movement: Red Rifles close assault Blue Rifles' area ----
  await expect(page.getByTestId('decision-title')).toContainText(/Ruberia: Movement/, { timeout: 30_000 });
  await clickCell(page, at('0604'));
  await expect(page.getByTestId('unit-choices')).toBeVisible();
  await clickCell(page, at('0704'));
  const assault = choice.getByTestId('dice-pool');
  await expect(assault.getByTestId('pool-unit')).toContainText('Red Rifles');
  await expect(assault.getByTestId('pool-unit')).toContainText('4 SP');
  const reply = choice.getByTestId('dice-reply');
  await expect(reply).toContainText('rolled back by the defenders');
  await expect(reply.getByTestId('pool-unit')).toContainText('Blue Rifles');
  await shot(page, '5-assault-preview');
  await choice.getByTestId('strike-confirm').click();
  await expect(page.getByTestId('log-panel')).toContainText('Red Rifles close assaults 0704');
  await page.getByTestId('decision').getByRole('button', { name: 'End movement' }).click();

  // The close combat is fought: both sides' dice and the results.
  const combat = page.getByTestId('attack-result').filter({ hasText: 'Close combat at 0704' });
  await expect(combat).toHaveCount(1, { timeout: 20_000 });
  const dice = await combat.getByTestId('die').allTextContents();
  expect(dice.length).toBeGreaterThanOrEqual(2);
  for (const d of dice) expect(Number(d)).toBeGreaterThanOrEqual(1);
  await expect(combat.getByTestId('dice-reply')).toContainText('Blue Rifles');
  await shot(page, '6-assault-result');
});
