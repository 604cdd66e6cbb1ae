// Issue 14, item 12: a "blank" map from the New dialog is blank (no front line, no supply
// bases, nothing placed); the two-sided starting layout is a template of its own.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Scenario } from '../shared/format/scenario.types.js';
import { appOrigin, expect, invoke, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });

async function create(page: Page, title: string, template?: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByTestId('new-dialog');
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('spinbutton', { name: 'Columns' }).fill('10');
  await dialog.getByRole('spinbutton', { name: 'Rows' }).fill('6');
  if (template) await dialog.getByRole('radio', { name: template }).check();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
}

test('the New dialog offers a blank map (blank) and two sides facing as separate starting points', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByTestId('new-dialog');
  const blank = dialog.getByRole('radio', { name: /^Blank map/ });
  await expect(blank).toBeChecked();
  await expect(dialog.getByRole('radio', { name: /^Two sides facing/ })).not.toBeChecked();
  await dialog.screenshot({ path: path.join(OUTPUT, 'templates-new-dialog.png') });
  await page.keyboard.press('Escape');

  // The default: blank.
  await create(page, 'Template test: blank');
  await page.screenshot({ path: path.join(OUTPUT, 'templates-blank-map.png') });
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  // The other template.
  await create(page, 'Template test: facing', /^Two sides facing/);
  await page.screenshot({ path: path.join(OUTPUT, 'templates-two-sides-map.png') });
  await page.getByRole('button', { name: 'Library', exact: true }).click();

  const origin = appOrigin(baseURL);
  const list = await invoke<{ items: { id: string; title: string }[] }>(request, origin, 'library.list', { limit: 500 });
  const doc = async (title: string) => {
    const id = list.body.ok ? list.body.value.items.find((s) => s.title === title)!.id : '';
    const got = await invoke<{ document: Scenario }>(request, origin, 'library.get', { id });
    return got.body.ok ? got.body.value.document : null;
  };
  const b = (await doc('Template test: blank'))!;
  // One side holds every cell (the format gives each cell a side): no front line, no bases, no units.
  expect(new Set(b.map.control!.join(''))).toEqual(new Set([b.sides[0].code]));
  expect(Object.values(b.map.cells ?? {}).filter((c) => c.supplyBase !== undefined)).toEqual([]);
  expect(b.orderOfBattle).toEqual([]);
  const f = (await doc('Template test: facing'))!;
  expect(f.map.control![0]).toBe(`${f.sides[0].code.repeat(5)}${f.sides[1].code.repeat(5)}`);
  expect(Object.values(f.map.cells ?? {}).map((c) => c.supplyBase).sort()).toEqual([f.sides[0].id, f.sides[1].id].sort());
});
