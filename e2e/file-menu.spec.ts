// Issue 14, item 11: a File menu as in every desktop editor, in the browser's top bar (the
// desktop app has the same one as its native menu, from the same list), and Save in sight in
// the top bar. Each item is walked with the mouse.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Scenario } from '../shared/format/scenario.types.js';
import { expect, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const ROS = 'The Ros Salient, January 1944';

const fileMenu = (page: Page) => page.getByRole('menu', { name: 'File' });

async function choose(page: Page, label: string): Promise<void> {
  await page.getByTestId('file-menu').click();
  await fileMenu(page).getByRole('menuitem', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
}

test('File menu: New, Open, Open recent, Save, Save as copy, Import and Export JSON, Export pack, Print, Close', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');

  // The items of a desktop editor's File menu, in order; what needs an open scenario is greyed out.
  await page.getByTestId('file-menu').click();
  const items = fileMenu(page).getByRole('menuitem');
  await expect(items).toHaveText([
    /^New…/,
    /^Open…/,
    /^Open recent/,
    /^Save/,
    /^Save as copy…/,
    /^Revisions…/,
    /^Import JSON…/,
    /^Import pack…/,
    /^Export JSON…/,
    /^Export pack…/,
    /^Import Tiled map…/,
    /^Export to Tiled…/,
    /^Export VASSAL module…/,
    /^Print…/,
    /^Close/,
  ]);
  await expect(fileMenu(page).getByRole('menuitem', { name: /^Save/ }).first()).toBeDisabled();
  await expect(fileMenu(page).getByRole('menuitem', { name: /^Close/ })).toBeDisabled();
  await page.keyboard.press('Escape');

  // Open… is the library with its search box ready.
  await choose(page, 'Open…');
  await expect(page.getByRole('searchbox', { name: 'Search the library' })).toBeFocused();
  await page.getByTestId('scenario-card').filter({ hasText: ROS }).dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');

  // Save in the top bar: "Saved" until there is something to save.
  const save = page.getByTestId('save');
  await expect(save).toBeDisabled();
  await expect(save).toHaveText('Saved');
  await page.getByTestId('title-field').fill(`${ROS}, edited`);
  await page.getByTestId('title-field').press('Enter');
  await expect(save).toBeEnabled();
  await expect(save).toHaveText('Save');
  await page.getByTestId('file-menu').click();
  await page.screenshot({ path: path.join(OUTPUT, 'file-menu-1280.png') });
  await fileMenu(page).getByRole('menuitem', { name: /^Save/ }).first().click();
  await expect(save).toHaveText('Saved');

  // Save as copy: the copy opens, the original stays as saved.
  await choose(page, 'Save as copy…');
  const copyDialog = page.getByTestId('save-copy-dialog');
  await expect(copyDialog.getByRole('textbox', { name: 'Title' })).toHaveValue(`${ROS}, edited (copy)`);
  await copyDialog.getByRole('textbox', { name: 'Title' }).fill('Ros Salient, variant B');
  await copyDialog.getByRole('button', { name: 'Save copy' }).click();
  await expect(page.getByTestId('scenario-title')).toHaveText('Ros Salient, variant B');

  // Export JSON: a file named from the title.
  const download = page.waitForEvent('download');
  await choose(page, 'Export JSON…');
  const file = await download;
  expect(file.suggestedFilename()).toBe('Ros Salient variant B.json');
  expect((JSON.parse(readFileSync((await file.path())!, 'utf8')) as Scenario).title).toBe('Ros Salient, variant B');

  // Open recent lists both; the original opens from it.
  await page.getByTestId('file-menu').click();
  await fileMenu(page).getByRole('menuitem', { name: /^Open recent/ }).hover();
  const recent = page.getByRole('menu', { name: 'Open recent' });
  await expect(recent.getByRole('menuitem')).toContainText([/Ros Salient, variant B/, new RegExp(`${ROS}, edited`)]);
  await recent.getByRole('menuitem', { name: new RegExp(`${ROS}, edited`) }).click();
  await expect(page.getByTestId('scenario-title')).toHaveText(`${ROS}, edited`);

  // Print… and Export pack… open their dialogs.
  await choose(page, 'Print…');
  await expect(page.getByTestId('print-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('print-dialog')).toBeHidden();
  await choose(page, 'Export pack…');
  await expect(page.getByTestId('pack-export-dialog')).toBeVisible();
  await page.getByTestId('pack-export-dialog').getByRole('button', { name: 'Cancel' }).click();

  // Import JSON…: the file picker, then the import report.
  const chooser = page.waitForEvent('filechooser');
  await choose(page, 'Import JSON…');
  const base = JSON.parse(readFileSync(path.join(projectRoot, 'scenarios', 'square-grid-demo.json'), 'utf8')) as Scenario;
  await (await chooser).setFiles({ name: 'vistula.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ ...base, id: 'imported-vistula', title: 'Vistula, imported' })) });
  const report = page.getByTestId('import-report');
  await expect(report).toContainText('imported as “Vistula, imported”');
  await report.getByRole('button', { name: 'Done' }).click();

  // Close goes back to the library; New… opens the New dialog.
  await choose(page, 'Close');
  await expect(page.getByTestId('scenario-list')).toBeVisible();
  await expect(page.getByTestId('scenario-card').filter({ hasText: 'Vistula, imported' })).toBeVisible();
  await choose(page, 'New…');
  await expect(page.getByTestId('new-dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.getByTestId('file-menu').click();
  await page.screenshot({ path: path.join(OUTPUT, 'file-menu-1920.png') });
});
