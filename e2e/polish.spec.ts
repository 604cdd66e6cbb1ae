// Issue 14, item 13: the small things that broke a designer's day, each walked as a person
// meets it: exports named from the title (prints with their paper and cell size), packs in
// plain words with "(2)" on Keep both, a PDF offered as a pack named for what it is, Games = 0
// refused, every turn of the schedule's strip in view, "default" only beside defaults, pasted
// rows the checks will flag not called ready, and the test-play legend clear of the log.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });
const ROS = 'The Ros Salient, January 1944';

const card = (page: Page, title: string) => page.getByTestId('scenario-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function openRos(page: Page): Promise<void> {
  await page.goto('/');
  await card(page, ROS).dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
}

const downloadName = async (page: Page, click: () => Promise<void>) => {
  const download = page.waitForEvent('download');
  await click();
  return (await download).suggestedFilename();
};

test('exports are named from the title, prints with their paper and cell size', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openRos(page);
  const view = page.getByLabel('Inspector');
  // The PNG comes from the Export image dialog, named with its size in pixels.
  await page.getByTestId('export-image').click();
  const exportDialog = page.getByTestId('export-image-dialog');
  expect(await downloadName(page, () => exportDialog.getByTestId('export-image-save').click())).toMatch(/^The Ros Salient January 1944 \d+x\d+ px\.png$/);
  await exportDialog.getByRole('button', { name: 'Close' }).click();
  expect(await downloadName(page, () => view.getByRole('button', { name: 'SVG', exact: true }).click())).toBe('The Ros Salient January 1944.svg');

  // A4 and Letter prints of the same map do not share a name.
  const names: string[] = [];
  for (const paper of ['A4', 'Letter']) {
    await page.getByTestId('print-open').click();
    const dialog = page.getByTestId('print-dialog');
    await dialog.getByLabel('Paper', { exact: true }).selectOption(paper);
    await expect(dialog.getByTestId('print-page-count')).toBeVisible();
    names.push(await downloadName(page, () => dialog.getByTestId('print-save-pdf').click()));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  expect(names).toEqual(['The Ros Salient January 1944 A4 10 cm cells.pdf', 'The Ros Salient January 1944 Letter 10 cm cells.pdf']);
});

test('packs speak plainly: grid names without ids, Keep both adds (2), a PDF is called a PDF', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await card(page, 'Brick Grid Demo: Lake Balaton').click();
  await page.getByTestId('pack-export-open').click();
  const exportDialog = page.getByTestId('pack-export-dialog');
  const list = exportDialog.getByTestId('pack-export-list');
  await expect(list).toContainText('Offset square · 12×10');
  await expect(list).not.toContainText('offsetSquare');
  const exported = page.waitForEvent('download');
  await exportDialog.getByTestId('pack-export-submit').click();
  const pack = await exported;
  expect(pack.suggestedFilename()).toBe('Brick Grid Demo Lake Balaton.gfpack');

  // Import it back over the one still in the library: no internal ids shown; Keep both adds "(2)".
  const packPath = path.join(OUTPUT, 'polish-brick.gfpack');
  await pack.saveAs(packPath);
  await page.getByTestId('pack-input').setInputFiles(packPath);
  const importDialog = page.getByTestId('pack-import-dialog');
  const items = importDialog.getByTestId('pack-items');
  await expect(items).toContainText('Your library already has “Brick Grid Demo: Lake Balaton”');
  await expect(importDialog).not.toContainText('brick-grid-demo');
  await importDialog.getByRole('radiogroup', { name: 'What to do with Brick Grid Demo: Lake Balaton' }).getByLabel('Keep both').check();
  await page.screenshot({ path: path.join(OUTPUT, 'polish-pack-keep-both.png') });
  await importDialog.getByTestId('pack-import-start').click();
  await expect(importDialog.getByTestId('pack-outcomes')).toContainText('Brick Grid Demo: Lake Balaton (2)');
  await expect(importDialog.getByTestId('pack-outcomes')).not.toContainText(/[A-Za-z0-9_-]{12,}\)/);
  await importDialog.getByRole('button', { name: 'Close' }).click();
  await expect(card(page, 'Brick Grid Demo: Lake Balaton (2)')).toBeVisible();

  // A PDF picked as a pack is named for what it is; nobody is told it was built to do harm.
  await page.getByTestId('pack-input').setInputFiles({ name: 'ros-print.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n') });
  const problems = importDialog.getByTestId('pack-problems');
  await expect(problems).toContainText('ros-print.pdf is not a Gridfront pack');
  await expect(problems).toContainText('it is a PDF document');
  await expect(problems).not.toContainText('harm');
  await page.screenshot({ path: path.join(OUTPUT, 'polish-pdf-as-pack.png') });
  await importDialog.getByRole('button', { name: 'Cancel' }).click();
});

test('balance refuses Games = 0 with a message instead of running one game', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openRos(page);
  await page.getByTestId('balance-open').click();
  await page.getByTestId('balance-games').fill('0');
  await page.getByTestId('balance-run').click();
  await expect(page.getByTestId('balance-problem')).toHaveText('Games: a whole number from 1 to 5,000. Nothing was run.');
  await expect(page.getByTestId('balance-progress')).toHaveCount(0);
  await expect(page.getByTestId('balance-games')).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: path.join(OUTPUT, 'polish-balance-zero.png') });
});

test('every turn of the schedule strip is in view; "default" stands only beside default values', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openRos(page);
  await page.getByTestId('tab-schedule').click();
  const strip = page.getByTestId('schedule-timeline');
  const box = (await strip.boundingBox())!;
  // The Ros Salient has 22 turns: each turn's heading lies inside the strip, none scrolled away.
  for (let t = 1; t <= 22; t++) {
    const head = strip.locator(`th[data-turn="${t}"]`);
    await expect(head, `turn ${t}`).toBeVisible();
    const h = (await head.boundingBox())!;
    expect(h.x + h.width, `turn ${t}`).toBeLessThanOrEqual(box.x + box.width + 1);
  }
  await page.screenshot({ path: path.join(OUTPUT, 'polish-schedule-strip.png') });

  await page.getByTestId('tab-scenario').click();
  const panel = page.getByTestId('panel-scenario');
  const stacking = panel.getByTestId('option-stackingLimit');
  await expect(panel.getByTestId('default-stackingLimit')).toBeVisible();
  await stacking.fill('4');
  await stacking.press('Tab');
  await expect(panel.getByTestId('default-stackingLimit')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Reset Stacking limit' })).toBeVisible();
  // Typed back to the default value: "default" again.
  await stacking.fill('3');
  await stacking.press('Tab');
  await expect(panel.getByTestId('default-stackingLimit')).toBeVisible();
  const fire = panel.getByTestId('option-defensiveFire');
  await fire.uncheck();
  await expect(panel.getByTestId('default-defensiveFire')).toHaveCount(0);
  await fire.check();
  await expect(panel.getByTestId('default-defensiveFire')).toBeVisible();
});

test('pasted rows the checks will flag are not called ready', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openRos(page);
  await page.getByTestId('tab-oob').click();
  await page.getByTestId('oob-paste-germans').click();
  const paste = page.getByTestId('paste-dialog');
  // Korsun (0504) already holds XI Army Corps: three more make four, over the limit of 3.
  await paste.getByTestId('paste-text').fill(['LVII Corps\tinf\t3\t\t0504', 'LVIII Corps\tinf\t3\t\t0504', 'LIX Corps\tinf\t3\t\t0504', 'Reserve Group\tinf\t2\t\t0102'].join('\n'));
  const rows = paste.getByTestId('paste-row');
  await expect(rows).toHaveCount(4);
  for (let k = 0; k < 3; k++) {
    await expect(rows.nth(k)).not.toContainText('ready');
    await expect(rows.nth(k)).toContainText('Checks will flag: Cell 0504 (Korsun) starts with 4 units of Germans');
  }
  await expect(rows.nth(3)).toContainText('✓ ready');
  await expect(paste.getByTestId('paste-summary')).toHaveText('1 ready, 3 the checks will flag (added; fix them after)');
  await paste.screenshot({ path: path.join(OUTPUT, 'polish-paste-flagged.png') });
  await paste.getByRole('button', { name: 'Cancel' }).click();
});

test('the test-play legend opens over the board, never over the log', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openRos(page);
  await page.getByTestId('play-open').click();
  await page.getByTestId('play-start').click();
  await expect(page.getByTestId('play-board')).toBeVisible();
  const log = page.getByTestId('log-panel');
  const before = (await log.boundingBox())!;
  await page.getByRole('button', { name: 'Legend', exact: true }).click();
  const legend = page.getByTestId('legend');
  await expect(legend).toBeVisible();
  const l = (await legend.boundingBox())!;
  const after = (await log.boundingBox())!;
  expect(after).toEqual(before);
  const overlaps = l.x < after.x + after.width && after.x < l.x + l.width && l.y < after.y + after.height && after.y < l.y + l.height;
  expect(overlaps).toBe(false);
  await page.screenshot({ path: path.join(OUTPUT, 'polish-legend.png') });
  await legend.getByRole('button', { name: 'Close the legend' }).click();
  await expect(legend).toHaveCount(0);
});
