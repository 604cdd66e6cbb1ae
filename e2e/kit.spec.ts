// The tabletop kit, the way a designer gets it: open the example from the library, Ctrl+P,
// switch the print dialog to the kit, pick the parts and the counter size, look through the
// page previews and save the PDF (the web host sends the bytes, the page downloads them).
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Scenario } from '../shared/format/scenario.types.js';
import { layoutKit } from '../shared/kit/layout.js';
import { readPdfText } from '../electron/print/pdf-text.js';
import { expect, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
const EXAMPLE = JSON.parse(readFileSync(path.join(projectRoot, 'scenarios', 'seed-000-example.json'), 'utf8')) as Scenario;

test('print dialog: pick the tabletop kit, preview its pages and download the kit PDF', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  const card = page.locator('[data-testid="scenario-card"][data-scenario-id="seed-000-example"]');
  await expect(card).toBeVisible();
  await card.dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');

  await page.keyboard.press('Control+p');
  const dialog = page.getByTestId('print-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByText('Tabletop kit', { exact: true }).click();
  await expect(dialog.getByTestId('kit-options')).toBeVisible();

  // Every part is offered and on by default; leave the order of battle out.
  for (const part of ['counters', 'markers', 'track', 'aids', 'oob']) await expect(dialog.getByTestId(`kit-part-${part}`)).toBeChecked();
  await dialog.getByText('Order of battle and set-up').click();
  await expect(dialog.getByTestId('kit-part-oob')).not.toBeChecked();

  // ¾ in counters, chosen from the keyboard (one step down from the default ⅝ in).
  const counter = dialog.getByTestId('kit-counter');
  await expect(counter).toHaveValue('5/8in');
  await counter.focus();
  await page.keyboard.press('ArrowDown');
  await expect(counter).toHaveValue('3/4in');

  const expected = layoutKit(EXAMPLE, { parts: ['counters', 'markers', 'track', 'aids'], counter: '3/4in', paper: 'A4' });
  const preview = dialog.getByTestId('kit-preview');
  await expect(preview).toHaveAttribute('data-pages', String(expected.pages.length));
  await expect(dialog.getByTestId('kit-pages').getByRole('option')).toHaveCount(expected.pages.length);
  await expect(dialog.getByTestId('kit-summary')).toContainText(`${expected.pages.length} pages`);
  await expect(dialog.getByTestId('kit-summary')).toContainText('20 counters on 1 sheet');

  // The page previews: the counter fronts first, then a click on the turn record track.
  await expect(dialog.getByTestId('kit-page-info')).toHaveText(`Page 1 of ${expected.pages.length}: Counters, sheet 1: fronts`);
  const trackIndex = expected.pages.findIndex((p) => p.kind === 'track');
  await dialog.getByTestId('kit-pages').getByRole('option').nth(trackIndex).click();
  await expect(dialog.getByTestId('kit-page-info')).toContainText(`Page ${trackIndex + 1} of ${expected.pages.length}: The Ros Salient, January 1944: turn record track`);
  // The arrow keys step through the pages.
  await page.keyboard.press('ArrowUp');
  await expect(dialog.getByTestId('kit-page-info')).toContainText(`Page ${trackIndex} of`);

  mkdirSync(path.join(OUTPUT, 'kit'), { recursive: true });
  await dialog.getByTestId('kit-pages').getByRole('option').nth(0).click();
  await dialog.screenshot({ path: path.join(OUTPUT, 'kit', 'kit-dialog-counters.png') });
  await dialog.getByTestId('kit-pages').getByRole('option').nth(trackIndex).click();
  await dialog.screenshot({ path: path.join(OUTPUT, 'kit', 'kit-dialog-track.png') });

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('kit-save-pdf').click()]);
  expect(download.suggestedFilename()).toBe('The Ros Salient January 1944 tabletop kit A4.pdf');
  const file = path.join(OUTPUT, 'kit', 'e2e-kit.pdf');
  await download.saveAs(file);
  const bytes = readFileSync(file);
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getPageCount()).toBe(expected.pages.length);
  const { width, height } = pdf.getPage(0).getSize();
  expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
  const text = await readPdfText(bytes);
  expect(text[0]!.runs.map((r) => r.text)).toContain('III Panzer Corps');
  expect(text[0]!.runs.some((r) => r.text.startsWith('20 counters at 3/4"'))).toBe(true);
  await expect(dialog.getByTestId('kit-outcome')).toContainText(`Downloaded The Ros Salient January 1944 tabletop kit A4.pdf: ${expected.pages.length} pages`);

  // Esc closes the dialog; the map is still open behind it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('map')).toBeVisible();
});
