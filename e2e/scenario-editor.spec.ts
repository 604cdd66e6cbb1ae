// The scenario panels in the browser (web host): a designer builds a small playable
// scenario from a blank map using only the UI — sides and options, a ground rule, the turn
// track, an order of battle pasted from a spreadsheet and typed by hand, units dragged onto
// the map, a reinforcement, replacement points and victory cells. The checks panel catches
// a planted mistake (four units in one cell) and a click on it selects that cell; once it is
// fixed the scenario saves as valid, and the saved JSON passes the schema.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { Scenario } from '../shared/format/scenario.types.js';
import { validateScenario } from '../shared/format/validate.js';
import type {} from '../renderer/src/testHook.types.js';
import { appOrigin, createBlankScenario, expect, invoke, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const TITLE = 'Panels test: Prokhorovka mini';

async function shot(page: Page, name: string, target?: Locator) {
  await page.waitForTimeout(150); // let the checks and the counters settle
  await (target ?? page).screenshot({ path: path.join(OUTPUT, `scenario-${name}.png`) });
}

/** Page point of a cell's centre (col,row from 0). */
async function cellPoint(page: Page, col: number, row: number) {
  const p = await page.evaluate(([c, r]) => window.__gridfront?.map.cellToClient(c!, r!) ?? null, [col, row]);
  if (!p) throw new Error('the map is not open');
  return p;
}

async function tab(page: Page, id: string) {
  await page.getByTestId(`tab-${id}`).click();
  await expect(page.getByTestId(`panel-${id}`)).toBeVisible();
}

test('a designer builds a small scenario in the panels, fixes what the checks report and saves it as valid', async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1500, height: 980 });
  await page.goto('/');

  // A blank 12×8 hex map from the library's New dialog (Germans west, Soviets east).
  await createBlankScenario(page, TITLE, undefined, 'two-sides');
  await expect(page.getByTestId('scenario-dock')).toBeVisible();

  // ---- Scenario: author, tags, an option, a side rule ----
  await tab(page, 'scenario');
  const scen = page.getByTestId('panel-scenario');
  await scen.getByLabel('Author').fill('Panel Tester');
  await scen.getByLabel('Author').press('Tab');
  await scen.getByLabel('Tags').fill('1943, tutorial');
  await scen.getByLabel('Tags').press('Tab');
  const stacking = scen.getByTestId('option-stackingLimit');
  await expect(stacking).toHaveAttribute('placeholder', '3');
  await expect(stacking).toHaveAttribute('title', /Most units of one side in a cell.*Default: 3/);
  await scen.getByTestId('side-2').getByRole('checkbox', { name: 'Rebuilds units' }).check();
  await expect(page.getByTestId('dirty-mark')).toBeVisible();
  await shot(page, 'scenario');

  // ---- Calendar: 8 turns, a mud rule from turn 3, initiative and prepared offensives ----
  await tab(page, 'calendar');
  const cal = page.getByTestId('panel-calendar');
  await cal.getByTestId('turns').fill('8');
  await cal.getByTestId('turns').press('Enter');
  await expect(cal.getByTestId('track-turn-8')).toBeVisible();
  await expect(cal.getByTestId('track-turn-9')).toHaveCount(0);
  await cal.getByTestId('add-ground-rule').click();
  await cal.getByLabel('Rule 1 from turn').fill('3');
  await cal.getByLabel('Rule 1 from turn').press('Enter');
  // From turn 3, 1–2 on a d6 turns the ground to mud: turns 1–2 are surely easy, turn 3 is not.
  await expect(cal.getByTestId('track-ground-2')).toHaveAttribute('title', /Easy 100%/);
  await expect(cal.getByTestId('track-ground-3')).toHaveAttribute('title', /Easy 67%, Mud 33%/);
  await cal.getByTestId('initiative-5').click();
  await expect(cal.getByTestId('initiative-5')).toContainText('Sov');
  await cal.getByTestId('po-germans-1').click();
  await cal.getByTestId('po-germans-1').click();
  await expect(cal.getByTestId('po-germans-1')).toHaveText('2');
  await cal.getByTestId('po-soviets-5').click();
  await cal.getByTestId('airInterdiction-germans-2').click();
  await expect(cal.getByTestId('airInterdiction-germans-2')).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'calendar');

  // ---- Order of battle: paste for the Germans (one bad row is previewed and left out) ----
  await tab(page, 'oob');
  const oob = page.getByTestId('panel-oob');
  await oob.getByTestId('oob-paste-germans').click();
  const paste = page.getByTestId('paste-dialog');
  await paste.getByTestId('paste-text').fill(
    ['Name\tBranch\tStrength\tElite\tHex', 'XLVIII Panzer Corps\tPanzer\t6\tyes\t0304', 'II SS Panzer Corps\ttank\t5\tx\t0304', 'LII Army Corps\tinf\t4\t\t0304', 'III Panzer Corps\tarmour\tlots\t\t0305', 'Raus Corps\tinfantry\t3\t\t0206'].join('\n'),
  );
  await expect(paste.getByTestId('paste-row')).toHaveCount(5);
  await expect(paste.getByTestId('paste-summary')).toContainText('4 ready, 1 with errors');
  await expect(paste.getByTestId('paste-row').nth(3)).toContainText('Strength "lots" must be a whole number');
  await shot(page, 'paste', paste);
  await paste.getByTestId('paste-add').click();
  await expect(paste).toBeHidden();
  const germans = oob.getByTestId('oob-germans');
  await expect(germans.getByTestId('unit-row')).toHaveCount(4);

  // By hand: a fourth German unit into the same cell (the planted mistake)...
  await germans.getByTestId('new-name-germans').fill('XXIV Panzer Corps');
  await germans.getByTestId('new-branch-germans').selectOption('mechanised');
  await germans.getByTestId('new-strength-germans').fill('3');
  await germans.getByTestId('new-cell-germans').fill('0304');
  await germans.getByTestId('new-cell-germans').press('Enter');
  await expect(germans.getByTestId('unit-row')).toHaveCount(5);

  // ...and the Soviets, typed row by row (Enter adds and keeps the new-row focus).
  const soviets = oob.getByTestId('oob-soviets');
  for (const [name, branch, strength, cell] of [
    ['5th Guards Tank Army', 'tank', '7', '0904'],
    ['69th Army', 'infantry', '4', '0905'],
    ['1st Guards Cavalry', 'cavalry', '2', '1003'],
  ] as const) {
    await soviets.getByTestId('new-name-soviets').fill(name);
    await soviets.getByTestId('new-branch-soviets').selectOption(branch);
    await soviets.getByTestId('new-strength-soviets').fill(strength);
    await soviets.getByTestId('new-cell-soviets').fill(cell);
    await soviets.getByTestId('new-cell-soviets').press('Enter');
  }
  await expect(soviets.getByTestId('unit-row')).toHaveCount(3);

  // Keyboard: arrows move between rows in a column; Ctrl+D duplicates, Ctrl+Delete deletes.
  const firstName = soviets.getByTestId('unit-row').first().getByLabel('Name');
  await firstName.focus();
  await page.keyboard.press('ArrowDown');
  await expect(soviets.getByTestId('unit-row').nth(1).getByLabel('Name')).toBeFocused();
  await page.keyboard.press('Control+d');
  await expect(soviets.getByTestId('unit-row')).toHaveCount(4);
  await page.keyboard.press('Control+Delete');
  await expect(soviets.getByTestId('unit-row')).toHaveCount(3);

  // Sorting a column reorders that side only (and back again).
  const sovietNames = () => soviets.getByTestId('unit-row').getByLabel('Name').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  await soviets.getByRole('columnheader', { name: 'Str' }).click();
  await expect.poll(sovietNames).toEqual(['1st Guards Cavalry', '69th Army', '5th Guards Tank Army']);
  await expect(germans.getByTestId('unit-row').nth(4).getByLabel('Name')).toHaveValue('XXIV Panzer Corps');
  await page.getByTestId('panels-undo').click();
  await expect.poll(sovietNames).toEqual(['5th Guards Tank Army', '69th Army', '1st Guards Cavalry']);

  // Drag two Soviet rows onto the map. Renaming the sides kept the map (and its view) as
  // it was, so fit the whole map in first.
  await page.getByRole('button', { name: 'Fit to window' }).click();
  const zone = page.getByTestId('map-dropzone');
  const box = (await zone.boundingBox())!;
  for (const [i, col, row, label] of [
    [0, 8, 2, '0903'],
    [2, 9, 5, '1006'],
  ] as const) {
    const p = await cellPoint(page, col, row);
    await soviets.getByTestId('unit-row').nth(i).locator('td.drag').dragTo(zone, { targetPosition: { x: p.x - box.x, y: p.y - box.y } });
    await expect(soviets.getByTestId('unit-row').nth(i).getByLabel('Cell')).toHaveValue(label);
  }
  await shot(page, 'oob');

  // ---- Checks: the four units in 0304 are reported; a click selects that cell ----
  await tab(page, 'checks');
  const checks = page.getByTestId('panel-checks');
  await expect(checks.getByTestId('checks-status')).toHaveAttribute('data-status', 'errors');
  const stackIssue = checks.getByTestId('check-item').filter({ hasText: 'stacking limit' });
  await expect(stackIssue).toHaveCount(1);
  await expect(page.getByTestId('tab-checks')).toContainText('1');
  await stackIssue.click();
  await expect(page.getByTestId('panels-selected-cell')).toHaveText('0304');
  await shot(page, 'checks');
  // An issue without a cell opens the panel with its field.
  await checks.getByTestId('check-item').filter({ hasText: 'no victory cells' }).click();
  await expect(page.getByTestId('panel-victory')).toBeVisible();
  await expect(page.getByTestId('victory-new-cell')).toBeFocused();

  // ---- Schedule: a Soviet reinforcement and replacement points ----
  await tab(page, 'schedule');
  const sched = page.getByTestId('panel-schedule');
  const sov = sched.getByTestId('schedule-soviets');
  await sov.getByTestId('new-reinf-turn-soviets').fill('3');
  await sov.getByTestId('new-reinf-name-soviets').fill('18th Tank Corps');
  await sov.getByTestId('new-reinf-branch-soviets').selectOption('tank');
  await sov.getByTestId('new-reinf-strength-soviets').fill('4');
  await sov.getByTestId('new-reinf-entry-soviets').fill('1205');
  await sov.getByTestId('add-reinf-soviets').click();
  await expect(sov.getByTestId('reinf-row')).toHaveCount(1);
  await sov.getByTestId('new-repl-turn-soviets').fill('4');
  await sov.getByTestId('new-repl-points-soviets').fill('2');
  await sov.getByTestId('new-repl-points-soviets').press('Enter');
  await expect(sched.getByTestId('schedule-timeline')).toContainText('18th Tank Corps');
  await expect(sched.getByTestId('schedule-timeline')).toContainText('+2 rp');
  await sched.getByTestId('deepPenetration-germans').check();
  await shot(page, 'schedule');

  // ---- Victory: one cell typed, one picked on the map ----
  await tab(page, 'victory');
  const vic = page.getByTestId('panel-victory');
  await vic.getByTestId('victory-new-cell').fill('0604');
  await vic.getByTestId('victory-add').click();
  const pick = await cellPoint(page, 7, 3);
  await page.mouse.click(pick.x, pick.y);
  await expect(page.getByTestId('panels-selected-cell')).toHaveText('0804');
  await vic.getByTestId('victory-add-selected').click();
  await expect(vic.getByTestId('victory-row')).toHaveCount(2);
  await vic.getByTestId('victory-row').first().getByLabel('Cell name').fill('Prokhorovka');
  await vic.getByTestId('victory-row').first().getByLabel('Cell name').press('Tab');
  await vic.getByTestId('victory-row').first().getByLabel('VP per turn').fill('3');
  await vic.getByTestId('victory-row').first().getByLabel('VP per turn').press('Tab');
  await expect(vic.getByTestId('victory-row').first()).toContainText('24'); // 3 × 8 turns
  await shot(page, 'victory');
  // The reinforcement's entry cell is marked as one for the Soviets (the library warns otherwise).
  const entryCell = await cellPoint(page, 11, 4);
  await page.mouse.click(entryCell.x, entryCell.y);
  await expect(page.getByTestId('panels-selected-cell')).toHaveText('1205');
  await page.locator('.row', { hasText: 'Entry for' }).getByRole('checkbox', { name: 'Soviets' }).check();

  // ---- Totals ----
  await tab(page, 'totals');
  const totals = page.getByTestId('panel-totals');
  // Germans: 6 + 5 tank (55,000 men) + 4 + 3 inf + 3 mech = 21 points.
  await expect(totals.getByTestId('total-strength-germans')).toHaveText('21');
  await expect(totals.getByTestId('total-men-germans')).toHaveText('155,000');
  // Soviets start with 13 points and gain 4 with the tank corps on turn 3.
  await expect(totals.getByTestId('total-strength-soviets')).toHaveText('13→17');
  await shot(page, 'totals');

  // ---- Fix the mistake, then save as valid ----
  await tab(page, 'oob');
  const extra = oob.getByTestId('oob-germans').getByTestId('unit-row').nth(4);
  await expect(extra.getByLabel('Name')).toHaveValue('XXIV Panzer Corps');
  await extra.getByLabel('Cell').fill('0204');
  await extra.getByLabel('Cell').press('Enter');
  await tab(page, 'checks');
  await expect(checks.getByTestId('checks-status')).not.toHaveAttribute('data-status', 'errors');
  await expect(checks.getByTestId('check-item').filter({ hasText: 'stacking limit' })).toHaveCount(0);

  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('dirty-mark')).toBeHidden();

  const origin = appOrigin(baseURL);
  const list = await invoke<{ items: { id: string; title: string; checkStatus: string }[] }>(request, origin, 'library.list', { limit: 500 });
  expect(list.body.ok).toBe(true);
  const summary = list.body.ok ? list.body.value.items.find((s) => s.title === TITLE) : undefined;
  expect(summary?.checkStatus).toBe('valid');
  const got = await invoke<{ document: Scenario }>(request, origin, 'library.get', { id: summary!.id });
  expect(got.body.ok).toBe(true);
  const saved = got.body.ok ? got.body.value.document : null;
  const result = validateScenario(saved);
  expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
  expect(result.ok).toBe(true);
  // What the panels wrote is in the file.
  expect(saved!.author).toBe('Panel Tester');
  expect(saved!.calendar.turns).toBe(8);
  expect(saved!.groundConditions.changes).toEqual([{ fromTurn: 3, outcomes: [{ min: 1, max: 2, condition: 'mud' }] }]);
  expect(saved!.preparedOffensives).toEqual(expect.arrayContaining([{ side: 'germans', turn: 1, count: 2 }, { side: 'soviets', turn: 5, count: 1 }]));
  expect(saved!.initiative).toEqual([
    { side: 'germans', fromTurn: 1, toTurn: 4 },
    { side: 'soviets', fromTurn: 5, toTurn: 5 },
    { side: 'germans', fromTurn: 6, toTurn: 8 },
  ]);
  expect(saved!.orderOfBattle).toHaveLength(8);
  expect(saved!.orderOfBattle.find((u) => u.name === '5th Guards Tank Army')?.cell).toBe('8,2');
  expect(saved!.reinforcements).toEqual([{ turn: 3, entryCell: '11,4', unit: expect.objectContaining({ name: '18th Tank Corps', branch: 'tank', strength: 4, side: 'soviets' }) }]);
  expect(saved!.replacements).toEqual([{ side: 'soviets', turn: 4, points: 2 }]);
  expect(saved!.map.cells?.['5,3']).toMatchObject({ name: 'Prokhorovka', victory: { perTurn: 3 } });
  expect(saved!.map.cells?.['7,3']?.victory).toEqual({});
  expect(saved!.map.cells?.['11,4']?.entry).toEqual(['soviets']);
  expect(saved!.sides[1].flags?.rebuilds).toBe(true);
  expect(saved!.sides[0].flags?.deepPenetration).toBe(true);

  // The library shows the check status on the scenario's card.
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  const card = page.getByTestId('scenario-card').filter({ has: page.getByRole('heading', { name: TITLE, exact: true }) });
  await expect(card.getByTestId('check-badge')).toHaveText('Valid');
});
