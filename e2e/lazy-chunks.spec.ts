// What the first screen does not need is fetched when first used (vite.config.ts: dynamic import()
// at PlayScreen.svelte's balance report and InteropHost.svelte's Tiled/VASSAL exchange): the
// library starts without the balance report and Chart.js, and without the Tiled and VASSAL code.
// A designer who opens them later gets them at once: the balance report with its charts after a
// short run, the Tiled export as a download.
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');

/** The names of the build's script files the page has asked for so far, as they are requested. */
function scriptsRequested(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (r) => {
    const name = new URL(r.url()).pathname.split('/').pop() ?? '';
    if (name.endsWith('.js')) names.push(name);
  });
  return names;
}

const chunk = (names: readonly string[], prefix: string) => names.filter((n) => n.startsWith(`${prefix}-`));

test('the library starts without the balance report and the Tiled code; each loads when first opened and works', async ({ page }) => {
  mkdirSync(OUTPUT, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 1000 });
  const scripts = scriptsRequested(page);
  await page.goto('/');
  await expect(page.getByTestId('scenario-card').first()).toBeVisible();
  expect(chunk(scripts, 'index'), 'the app itself').toHaveLength(1);
  expect(chunk(scripts, 'BalanceReport')).toEqual([]);
  expect(chunk(scripts, 'tiled')).toEqual([]);

  // Open the Ros Salient from the library and the designer's Balance… button.
  await page.getByTestId('scenario-card').filter({ has: page.getByRole('heading', { name: 'The Ros Salient, January 1944', exact: true }) }).dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  expect(chunk(scripts, 'BalanceReport'), 'the designer needs no balance report').toEqual([]);
  const opened = Date.now();
  await page.getByTestId('balance-open').click();
  await expect(page.getByTestId('balance-run')).toBeVisible();
  console.log(`balance report shown ${Date.now() - opened} ms after the click`);
  expect(chunk(scripts, 'BalanceReport')).toHaveLength(1);
  // Chart.js came with it: a short run draws the three charts.
  await page.getByTestId('balance-games').fill('4');
  await page.getByTestId('balance-run').click();
  await expect(page.getByTestId('chart-margin')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('chart-decision')).toBeVisible();
  await expect(page.getByTestId('chart-control')).toBeVisible();
  await expect(page.getByTestId('balance-wins')).toContainText('of 4');
  const drawn = await page.getByTestId('chart-margin').locator('canvas').evaluate((c: HTMLCanvasElement) => {
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let inked = 0;
    for (let i = 3; i < d.length; i += 4) if (d[i]! > 0) inked++;
    return inked;
  });
  expect(drawn, 'the margin chart has pixels drawn').toBeGreaterThan(500);
  await page.screenshot({ path: path.join(OUTPUT, 'lazy-balance-report.png') });

  // Back in the designer, File → Export to Tiled… fetches the Tiled code on Export and downloads the map.
  await page.getByTestId('play-exit').click();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  await page.getByTestId('file-menu').click();
  await page.getByRole('menu', { name: 'File' }).getByRole('menuitem', { name: 'Export to Tiled…' }).click();
  const dialog = page.getByTestId('tiled-export-dialog');
  await expect(dialog).toBeVisible();
  expect(chunk(scripts, 'tiled'), 'the dialog itself needs no Tiled code').toEqual([]);
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Export' }).click()]);
  expect(download.suggestedFilename()).toBe('The Ros Salient January 1944 Tiled.zip');
  expect(chunk(scripts, 'tiled')).toHaveLength(1);
  await expect(dialog).toBeHidden();
});
