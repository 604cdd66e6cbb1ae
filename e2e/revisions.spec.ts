// Issue 14, item 6: restoring an older revision brings its map back in the library's pictures
// too: the card's thumbnail and the details panel's preview show the restored map, not the
// newer one, and keep showing it after a reload.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { clickCell, createBlankScenario, expect, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const TITLE = 'Revision pictures: Pripet';

const card = (page: Page) => page.getByTestId('scenario-card').filter({ has: page.getByRole('heading', { name: TITLE, exact: true }) });

/** Share of a picture's pixels (stored PNG or live mini-map) in the lake's blue. */
async function lakeShare(picture: Locator): Promise<number> {
  return picture.evaluate(async (el) => {
    const c = document.createElement('canvas');
    const source = el.querySelector('img, canvas') as HTMLImageElement | HTMLCanvasElement;
    if (source instanceof HTMLImageElement && !source.complete) await new Promise((r) => source.addEventListener('load', r, { once: true }));
    c.width = source.width;
    c.height = source.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(source, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let blue = 0;
    let seen = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i + 3]! < 200) continue;
      seen++;
      if (d[i + 2]! > d[i]! + 30 && d[i + 2]! > d[i + 1]!) blue++;
    }
    return seen ? blue / seen : 0;
  });
}

test('restoring an older revision shows its map on the card and in the preview', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await createBlankScenario(page, TITLE, { cols: 8, rows: 6 });
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('toast').filter({ hasText: 'Saved' })).toBeVisible();

  // Flood the whole map with lake and save: the newer version is all water.
  await page.getByRole('radio', { name: 'Fill', exact: true }).click();
  await page.locator('[data-terrain="lake"]').click();
  await clickCell(page, { col: 2, row: 2 });
  await page.keyboard.press('Control+s');
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  const thumb = card(page).locator('div.thumb');
  await card(page).click();
  await expect.poll(() => lakeShare(thumb)).toBeGreaterThan(0.5);
  const previewBox = page.getByTestId('details-preview');
  await expect.poll(() => lakeShare(previewBox)).toBeGreaterThan(0.5);

  // Restore the version before the flood.
  const revisions = page.getByTestId('revision');
  await expect(revisions).toHaveCount(1);
  await revisions.first().getByRole('button', { name: /Restore this revision/ }).click();
  await page.getByTestId('question-dialog').getByRole('button', { name: 'Restore' }).click();
  await expect(revisions).toHaveCount(2);
  await expect.poll(() => lakeShare(thumb)).toBeLessThan(0.05);
  await expect.poll(() => lakeShare(previewBox)).toBeLessThan(0.05);
  await page.screenshot({ path: path.join(OUTPUT, 'revisions-restored.png') });

  // It was stored, not only drawn: a reload shows the restored map too.
  await page.reload();
  await card(page).click();
  await expect.poll(() => lakeShare(card(page).locator('div.thumb'))).toBeLessThan(0.05);
});
