// Issue 14, item 9: the map designer's single-key tools (B, G, V, +, −, 0) keep working after
// a click on the panels' Show/Hide button or a tab; in the browser every command has a key the
// browser leaves to the page, and F1 lists the keys of the host in use.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });

const zoom = (page: Page) => page.evaluate(() => window.__gridfront!.map.zoom);
const tool = (page: Page, name: string) => page.getByRole('radio', { name, exact: true });

test('tool keys work after Show/Hide panels; browser keys stand in for the browser’s own; F1 shows the browser’s keys', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await page.getByTestId('scenario-card').filter({ hasText: 'The Ros Salient, January 1944' }).dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');

  // Show the panels with the mouse, then go on with the keyboard: the map's keys still work.
  await page.getByRole('button', { name: 'Show the panels' }).click();
  await expect(page.getByTestId('scenario-dock')).not.toHaveClass(/collapsed/);
  await page.keyboard.press('b');
  await expect(tool(page, 'Terrain brush')).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('g');
  await expect(tool(page, 'Fill')).toHaveAttribute('aria-checked', 'true');
  const before = await zoom(page);
  await page.keyboard.press('+');
  await expect.poll(() => zoom(page)).toBeGreaterThan(before);
  await page.keyboard.press('-');
  await page.keyboard.press('-');
  await expect.poll(() => zoom(page)).toBeLessThan(before);
  const zoomedOut = await zoom(page);
  // 0 fits the whole map in the space the panels leave: the same zoom however it was before.
  await page.keyboard.press('0');
  await expect.poll(() => zoom(page)).not.toBeCloseTo(zoomedOut, 4);
  const fitted = await zoom(page);
  await page.keyboard.press('+');
  await expect.poll(() => zoom(page)).toBeGreaterThan(fitted);
  await page.keyboard.press('0');
  await expect.poll(() => zoom(page)).toBeCloseTo(fitted, 6);
  // The same after hiding them again, and after picking a tab.
  await page.getByRole('button', { name: 'Hide the panels' }).click();
  await page.keyboard.press('v');
  await expect(tool(page, 'Select')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('tab-checks').click();
  await page.keyboard.press('b');
  await expect(tool(page, 'Terrain brush')).toHaveAttribute('aria-checked', 'true');
  // Arrows in the tab strip stay the tab strip's.
  await page.getByTestId('tab-checks').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('tab-totals')).toBeFocused();

  // Browser keys: Test-play is Alt+Shift+G here (Ctrl+T opens a browser tab).
  await page.keyboard.press('Alt+Shift+G');
  await expect(page.getByTestId('play-setup')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('map')).toBeVisible();
  // Layers is Alt+Shift+L (Ctrl+L is the address bar).
  await page.keyboard.press('Alt+Shift+L');
  await expect(page.locator('input[data-layer]').first()).toBeFocused();
  // New is Alt+Shift+N (Ctrl+N opens a browser window).
  await page.keyboard.press('Alt+Shift+N');
  await expect(page.getByTestId('new-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('new-dialog')).toBeHidden();

  // F1 lists the keys of this host: the browser's stand-ins, not the desktop's Ctrl+T.
  await page.keyboard.press('F1');
  const help = page.getByTestId('shortcuts-dialog');
  await expect(help.getByTestId('shortcuts-host')).toContainText('Keys in the browser');
  const keyOf = async (label: string) => help.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd').innerText();
  expect(await keyOf('Test-play')).toBe('Alt+Shift+G');
  expect(await keyOf('New')).toBe('Alt+Shift+N');
  expect(await keyOf('Open')).toBe('Alt+Shift+O');
  expect(await keyOf('Print')).toBe('Alt+Shift+P');
  expect(await keyOf('Layers')).toBe('Alt+Shift+L');
  expect(await keyOf('Save')).toBe('Ctrl+S');
  await expect(help).not.toContainText(/Ctrl\+[TNOPLW]$/m);
  await help.screenshot({ path: path.join(OUTPUT, 'keys-f1-browser.png') });
});
