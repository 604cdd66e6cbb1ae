// The print dialog lays pages out on a web worker: while a big map is being laid out the
// page keeps drawing frames and the form keeps answering the keyboard, and a print job
// over the page cap is refused with a way out (issue #14: a 400×400 map froze the page for
// half a minute).
import path from 'node:path';
import type { Page } from '@playwright/test';
import { newScenario } from '../shared/format/new-scenario.js';
import type {} from '../renderer/src/testHook.types.js';
import { expect, projectRoot, test } from './fixtures.js';

/** Records the gaps between animation frames, and when the preview starts and stops laying out. */
async function watchFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __laying: { on: number; off: number }[]; __stop?: boolean };
    w.__frames = [];
    w.__laying = [];
    const tick = (t: number) => {
      w.__frames.push(t);
      if (!w.__stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    const preview = document.querySelector('[data-testid="print-preview"]')!;
    new MutationObserver(() => {
      const now = performance.now();
      if (preview.getAttribute('data-laying') === 'true') w.__laying.push({ on: now, off: NaN });
      else if (w.__laying.length && Number.isNaN(w.__laying.at(-1)!.off)) w.__laying.at(-1)!.off = now;
    }).observe(preview, { attributes: true, attributeFilter: ['data-laying'] });
  });
}

/** How long the layouts took, and the longest gap between frames while they ran (ms). */
async function framesWhileLaying(page: Page): Promise<{ layingMs: number; worstGapMs: number; frames: number }> {
  return page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __laying: { on: number; off: number }[]; __stop?: boolean };
    w.__stop = true;
    let layingMs = 0;
    let worstGapMs = 0;
    let frames = 0;
    // A span whose end the observer has not written yet ends now (the test saw it end).
    for (const span of w.__laying) if (Number.isNaN(span.off)) span.off = performance.now();
    for (const span of w.__laying) {
      layingMs += span.off - span.on;
      // Frames drawn while the worker worked; the end of the span is left out, since the
      // answer's arrival also redraws the preview on the page (that is drawing, not layout).
      const inside = w.__frames.filter((t) => t >= span.on && t <= span.off);
      frames += inside.length;
      const edges = [span.on, ...inside];
      for (let k = 1; k < edges.length; k++) worstGapMs = Math.max(worstGapMs, edges[k]! - edges[k - 1]!);
    }
    return { layingMs, worstGapMs, frames };
  });
}

test('a big map is laid out off the page: frames keep coming and typing answers while it runs', async ({ page }) => {
  test.setTimeout(180_000);
  // 400 × 400 squares of 4 mm: 160,000 cells on about fifty A4 tiles.
  const big = newScenario({ id: 'print-big', title: 'Print layout load', gridKind: 'square', cols: 400, rows: 400, cellSize: { value: 4, unit: 'mm' } });
  await page.goto('/');
  await page.waitForFunction(() => window.__gridfront !== undefined);
  await page.evaluate((s) => window.__gridfront!.openScenario(s), big);
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', { timeout: 120_000 });

  await page.getByTestId('print-open').click();
  const dialog = page.getByTestId('print-dialog');
  const preview = dialog.getByTestId('print-preview');
  await expect(preview).toHaveAttribute('data-laying', 'false', { timeout: 60_000 });
  await expect(preview).toHaveAttribute('data-stale', 'false');
  const firstCount = await dialog.getByTestId('print-page-count').textContent();

  await watchFrames(page);
  const cell = dialog.getByTestId('print-cell-size');
  await cell.fill('3');
  await expect(preview).toHaveAttribute('data-laying', 'true');
  // While the pages are laid out, the form takes keys at once: the overlap shows what was
  // typed before the layout is done (on the page's thread the keys would wait for it).
  const overlap = dialog.locator('#print-overlap');
  await overlap.click();
  await overlap.press('Control+a');
  await page.keyboard.type('8');
  const during = await page.evaluate(() => ({
    overlap: (document.querySelector('#print-overlap') as HTMLInputElement).value,
    laying: document.querySelector('[data-testid="print-preview"]')!.getAttribute('data-laying'),
  }));
  expect(during.overlap).toBe('8');
  await expect(preview).toHaveAttribute('data-laying', 'false', { timeout: 60_000 });
  await expect(preview).toHaveAttribute('data-stale', 'false');
  const { layingMs, worstGapMs, frames } = await framesWhileLaying(page);
  console.log(`layout ${Math.round(layingMs)} ms, ${frames} frames meanwhile, worst gap ${Math.round(worstGapMs)} ms`);
  // Frames kept coming and the page never stalled for long while the worker worked (a
  // layout on the page's thread would draw no frame at all until it was done). What the
  // page does once the answer is in (drawing the preview) is not counted here.
  expect(layingMs).toBeGreaterThan(150);
  expect(frames).toBeGreaterThanOrEqual(3);
  expect(worstGapMs).toBeLessThan(1000);
  // The preview follows both changes.
  await expect(dialog.getByTestId('print-page-count')).not.toHaveText(firstCount ?? '');
});

test('a print over the page cap is refused on the cell size with a cell that fits, and a single sheet works', async ({ page }) => {
  test.setTimeout(120_000);
  const big = newScenario({ id: 'print-cap', title: 'Print cap', gridKind: 'hex', cols: 120, rows: 120, cellSize: { value: 10, unit: 'cm' } });
  await page.goto('/');
  await page.waitForFunction(() => window.__gridfront !== undefined);
  await page.evaluate((s) => window.__gridfront!.openScenario(s), big);
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true', { timeout: 60_000 });
  await page.getByTestId('print-open').click();
  const dialog = page.getByTestId('print-dialog');
  const alert = dialog.locator('#print-cell-hint');
  await expect(alert).toHaveText(
    'At 10 cm this map needs 2,668 pages (46 rows × 58 columns of A4 portrait); one print job has at most 1,000: use a cell of 6.1 cm or less, or print the whole map on a single sheet for a plotter or print shop.',
  );
  await expect(dialog.getByTestId('print-save-pdf')).toBeDisabled();
  await dialog.screenshot({ path: path.join(projectRoot, 'e2e', 'output', 'print-page-cap.png') });
  await dialog.getByTestId('print-cell-size').fill('6.1');
  await expect(alert).not.toContainText('pages', { timeout: 60_000 });
  await expect(dialog.getByTestId('print-save-pdf')).toBeEnabled();
  await dialog.getByTestId('print-cell-size').fill('10');
  await expect(alert).toContainText('2,668 pages');
  await dialog.getByTestId('print-paper').selectOption('single');
  await expect(alert).not.toContainText('pages', { timeout: 60_000 });
  await expect(dialog.getByTestId('print-page-count')).toHaveText('1 page');
});
