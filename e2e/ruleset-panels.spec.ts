// The scenario panels follow the scenario's ruleset (issue #17): Battle for Moscow's Calendar
// shows its turn record track (mud turns, two weeks each; the 1st Shock Army joining the pool on
// turn 4) with no operational rows (initiative, prepared offensives...), its Schedule its
// replacement points and pool without reinforcements, side switches or supply limit; its combat
// results table is edited in the Rules tables tab, a wrong value refused naming the table, die
// and column, saved, still there after reopening, and a test-play attack resolved with it. The
// operational scenario keeps every part it had; a ruleset without a calendar says so.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { Scenario } from '../shared/format/scenario.types.js';
import type {} from '../renderer/src/testHook.types.js';
import { appOrigin, clickCell, expect, invoke, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const BFM = 'Battle for Moscow, October–December 1941';

async function shot(page: Page, name: string, target?: Locator): Promise<void> {
  await page.waitForTimeout(200);
  await (target ?? page).screenshot({ path: path.join(OUTPUT, `ruleset-panels-${name}.png`) });
}

async function openFromLibrary(page: Page, title: string): Promise<void> {
  await page.getByTestId('scenario-card').filter({ hasText: title }).dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
}

async function tab(page: Page, id: string): Promise<Locator> {
  await page.getByTestId(`tab-${id}`).click();
  const panel = page.getByTestId(`panel-${id}`);
  await expect(panel).toBeVisible();
  return panel;
}

/** Types into a table cell like a person: click it, select what is there, type, Enter. */
async function typeInto(input: Locator, text: string): Promise<void> {
  await input.click();
  await input.page().keyboard.press('Control+a');
  await input.page().keyboard.type(text);
  await input.page().keyboard.press('Enter');
}

test('Battle for Moscow: the calendar, schedule and tables are its own; an edited CRT cell is saved and used in test-play', async ({ page, request, baseURL }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1500, height: 1000 });
  await page.goto('/');
  await openFromLibrary(page, BFM);

  // ---- Calendar & ground: the turn record track, no operational rows ----
  const cal = await tab(page, 'calendar');
  await expect(cal.getByTestId('turn-length')).toContainText('A turn is a week; a mud turn stands for two weeks.');
  const track = cal.getByTestId('turn-record');
  await expect(track).toBeVisible();
  await expect(cal.getByTestId('turn-track')).toHaveCount(0);
  await expect(cal.getByTestId('initiative-1')).toHaveCount(0);
  await expect(cal.locator('[data-testid^="po-"]')).toHaveCount(0);
  await expect(cal.getByText('Initiative', { exact: true })).toHaveCount(0);
  for (const t of [3, 4]) await expect(track.getByTestId(`turn-record-row-t${t}`)).toHaveClass(/noted/);
  await expect(track.getByTestId('turn-record-row-t5')).not.toHaveClass(/noted/);
  await expect(track.getByTestId('turn-record-row-t4')).toContainText('1st Shock Army');
  await expect(track.getByTestId('turn-record-t3-weather')).toHaveValue('Mud (two weeks)');
  await shot(page, '1-bfm-calendar');

  // Turn 5 made a mud turn on the track: the ground rules follow, and Undo takes it back.
  await typeInto(track.getByTestId('turn-record-t5-weather'), 'mud (two weeks)');
  await expect(track.getByTestId('turn-record-row-t5')).toHaveClass(/noted/);
  await expect(cal.getByRole('textbox', { name: 'Rule 1 to turn' })).toHaveValue('5');
  await page.getByTestId('panels-undo').click();
  await expect(track.getByTestId('turn-record-row-t5')).not.toHaveClass(/noted/);
  await expect(cal.getByRole('textbox', { name: 'Rule 1 to turn' })).toHaveValue('4');

  // ---- Schedule: replacement points and the pool; no reinforcements, side switches or supply limit ----
  const sched = await tab(page, 'schedule');
  await expect(sched.getByTestId('supply-limit')).toHaveCount(0);
  await expect(sched.locator('[data-testid^="rebuilds-"], [data-testid^="deepPenetration-"]')).toHaveCount(0);
  await expect(sched.locator('[data-testid^="new-reinf-name-"]')).toHaveCount(0);
  await expect(sched.getByText('Only for branches')).toHaveCount(0);
  await expect(sched.locator('[data-testid^="new-repl-points-"]')).toHaveCount(2);
  const pool = sched.getByTestId('pool-soviets');
  await expect(pool.getByTestId('pool-row')).toHaveCount(4);
  await expect(pool.getByTestId('pool-from-s-1-shock')).toHaveValue('4');
  await expect(sched.getByTestId('schedule-timeline').locator('th[data-turn="4"]')).toBeVisible();
  await expect(sched.getByTestId('pool-chip-s-1-shock')).toBeVisible();
  // A turn past the end is refused, naming the unit.
  await typeInto(pool.getByTestId('pool-from-s-1-shock'), '9');
  await expect(sched.getByRole('alert')).toHaveText('Pool, 1st Shock Army, available from turn: a turn from 1 to 7 (empty: from the start).');
  await typeInto(pool.getByTestId('pool-from-s-1-shock'), '4');
  await shot(page, '2-bfm-schedule');

  // ---- Rules tables: the CRT, one cell changed ----
  const tables = await tab(page, 'tables');
  const crt = tables.getByTestId('table-crt');
  await expect(crt).toBeVisible();
  await expect(tables.getByTestId('table-terrain')).toBeVisible();
  await expect(tables.getByTestId('table-terrain').locator('input')).toHaveCount(0);
  const cell = crt.getByTestId('table-crt-d2-c3');
  await expect(cell).toHaveValue('NE');
  await typeInto(cell, 'XX');
  await expect(tables.getByRole('alert')).toHaveText('Combat results table, die 2, 3:1: "XX" is not a value this table takes; use AL, NE, DR, DRL, DE, EX.');
  await expect(cell).toHaveValue('NE');
  await typeInto(cell, 'de');
  await expect(cell).toHaveValue('DE');
  await expect(tables.getByRole('alert')).toHaveCount(0);
  await expect(crt).toContainText('This scenario changes the printed table.');
  await shot(page, '3-bfm-crt');

  // ---- Save, back to the library, reopen: the change is there ----
  await page.getByTestId('map').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('dirty-mark')).toHaveCount(0);
  const got = await invoke<{ document: Scenario }>(request, appOrigin(baseURL), 'library.get', { id: 'battle-for-moscow' });
  const saved = got.body.ok ? got.body.value.document : null;
  expect((saved?.ruleset.options as { crt?: string[][] } | undefined)?.crt?.[1]?.[2]).toBe('DE');
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await openFromLibrary(page, BFM);
  const again = await tab(page, 'tables');
  await expect(again.getByTestId('table-crt-d2-c3')).toHaveValue('DE');

  // ---- Test-play: XLVI Panzer Corps attacks the 24th Army at 3:1; seed 7 rolls a 2: DE now ----
  await page.getByTestId('play-open').click();
  await expect(page.getByTestId('play-setup')).toBeVisible();
  await page.getByTestId('ctl-germans-human').click();
  await page.getByTestId('ctl-soviets-bot').click();
  await page.getByTestId('seed').fill('7');
  await page.getByTestId('play-start').click();
  await expect(page.getByTestId('play-screen')).toHaveAttribute('data-ruleset', 'bfm');
  await expect(page.getByTestId('decision-title')).toContainText('panzer movement');
  await page.getByTestId('decision').getByRole('button', { name: 'End movement' }).click();
  await expect(page.getByTestId('decision-title')).toContainText('announce the battles');
  await clickCell(page, { col: 3, row: 10 });
  const builder = page.getByTestId('attack-builder');
  await expect(builder.getByTestId('attack-column')).toHaveText('3:1');
  await expect(builder.getByTestId('crt-2')).toHaveText('DE');
  await builder.getByTestId('attack-confirm').click();
  const result = page.getByTestId('attack-result');
  await expect(result).toBeVisible();
  await expect(result.getByTestId('die').first()).toHaveText('2');
  await expect(result.getByTestId('attack-outcome')).toHaveText('DE');
  await expect(page.getByTestId('log-panel')).toContainText('rolled 2: DE');
  await shot(page, '4-bfm-play');
});

test('the operational scenario keeps every part of its calendar and schedule; a ruleset without a calendar says so', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1500, height: 1000 });
  await page.goto('/');
  await openFromLibrary(page, 'The Ros Salient, January 1944');

  const cal = await tab(page, 'calendar');
  await expect(cal.getByTestId('turn-track')).toBeVisible();
  await expect(cal.getByTestId('turn-record')).toHaveCount(0);
  await expect(cal.getByTestId('initiative-1')).toBeVisible();
  for (const id of ['po', 'fuel', 'airInterdiction', 'airliftedSupply', 'commandConfusion']) await expect(cal.locator(`[data-testid^="${id}-"]`).first()).toBeVisible();
  await expect(cal.getByLabel('Initial ground')).toBeVisible();
  await expect(cal.getByTestId('add-ground-rule')).toBeVisible();
  await expect(cal.getByTestId('turn-length')).toContainText('3 days on easy ground and 5 otherwise');
  await shot(page, '5-operational-calendar');

  const sched = await tab(page, 'schedule');
  await expect(sched.getByTestId('supply-limit')).toBeVisible();
  await expect(sched.locator('[data-testid^="rebuilds-"]')).toHaveCount(2);
  await expect(sched.locator('[data-testid^="new-reinf-name-"]')).toHaveCount(2);
  await expect(sched.getByText('Only for branches').first()).toBeVisible();
  await expect(sched.locator('[data-testid^="pool-"]')).toHaveCount(0);
  await shot(page, '6-operational-schedule');

  const tables = await tab(page, 'tables');
  await expect(tables.locator('[data-testid^="table-"]').first()).toBeVisible();
  await expect(tables.locator('input')).toHaveCount(0);
  await expect(tables).toContainText('The rules fix every cell.');

  // The Portable Wargame keeps no calendar and schedules nothing by turn.
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await openFromLibrary(page, 'The Portable Wargame: The Bridge at Villers, 1870');
  await expect((await tab(page, 'calendar')).getByTestId('calendar-empty')).toContainText('keeps no calendar');
  await expect((await tab(page, 'schedule')).getByTestId('schedule-empty')).toContainText('schedules nothing by turn');
  await shot(page, '7-pw-empty');
});
