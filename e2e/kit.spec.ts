// The tabletop kit, the way a designer gets it: open the example from the library, Ctrl+P,
// switch the print dialog to the kit, pick the parts and the counter size, look through the
// page previews and save the PDF (the web host sends the bytes, the page downloads them).
import { mkdirSync, readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { PNG } from 'pngjs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Scenario } from '../shared/format/scenario.types.js';
import { kitPngNames, layoutKit } from '../shared/kit/layout.js';
import { withMarkerCount } from '../shared/kit/options.js';
import { readPdfText } from '../electron/print/pdf-text.js';
import { expect, openDocument, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
const EXAMPLE = JSON.parse(readFileSync(path.join(projectRoot, 'scenarios', 'seed-000-example.json'), 'utf8')) as Scenario;

// The marker-count walk saves the bundled example; put it back for the next spec.

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

test('kit marker counts are saved with the scenario, print in the PDF, and the kit downloads as a zip of PNG pages', async ({ page }) => {
  // Ten pages drawn as PNG on the host: slow on a loaded machine.
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/');
  const card = page.locator('[data-testid="scenario-card"][data-scenario-id="seed-000-example"]');
  await card.dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('dirty-mark')).toHaveCount(0);

  await page.keyboard.press('Control+p');
  const dialog = page.getByTestId('print-dialog');
  await dialog.getByText('Tabletop kit', { exact: true }).click();
  const defaults = layoutKit(EXAMPLE, {});
  const total = (l: typeof defaults) => l.markers.reduce((n, m) => n + m.count, 0);
  await expect(dialog.getByTestId('kit-summary')).toContainText(`${total(defaults)} markers`);

  // Ten Expended markers by default (greyed); the designer wants three: type it and press Enter.
  const expended = dialog.getByTestId('kit-marker-expended');
  await expect(expended).toHaveAttribute('placeholder', '10');
  await expect(expended).toHaveValue('');
  await expended.click();
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  const edited = withMarkerCount(EXAMPLE, 'expended', 3);
  const three = layoutKit(edited, {});
  await expect(dialog.getByTestId('kit-summary')).toContainText(`${total(three)} markers`);
  // A count that is not one is named and not saved.
  const isolated = dialog.getByTestId('kit-marker-isolated');
  await isolated.click();
  await page.keyboard.type('x');
  await expect(isolated).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('alert')).toContainText('A marker count must be a whole number from 0 to 500');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Tab');
  await expect(isolated).not.toHaveAttribute('aria-invalid', 'true');
  mkdirSync(path.join(OUTPUT, 'kit'), { recursive: true });
  await dialog.screenshot({ path: path.join(OUTPUT, 'kit', 'kit-marker-counts.png') });

  // The count is an edit of the scenario: the document is now unsaved. Close, save, back to the library.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('dirty-mark')).toHaveCount(1);
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('dirty-mark')).toHaveCount(0);
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await card.dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  // The reopened document is the saved one: it carries the count.
  expect((await openDocument(page)).kit).toEqual({ markerCounts: { expended: 3 } });

  // Reopened: the kit dialog shows the saved count and prints it.
  await page.keyboard.press('Control+p');
  await dialog.getByText('Tabletop kit', { exact: true }).click();
  await expect(dialog.getByTestId('kit-marker-expended')).toHaveValue('3');
  await expect(dialog.getByTestId('kit-summary')).toContainText(`${three.pages.length} pages`);
  await expect(dialog.getByTestId('kit-summary')).toContainText(`${total(three)} markers`);
  const [pdfDownload] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('kit-save-pdf').click()]);
  const pdfFile = path.join(OUTPUT, 'kit', 'e2e-kit-marker-counts.pdf');
  await pdfDownload.saveAs(pdfFile);
  const text = await readPdfText(readFileSync(pdfFile));
  expect(text).toHaveLength(three.pages.length);
  const fronts = text.filter((p) => p.runs.some((r) => /^Markers, sheet \d+: fronts$/.test(r.text)));
  expect(fronts.length).toBeGreaterThan(0);
  expect(fronts.flatMap((p) => p.runs).filter((r) => r.text === 'EXP')).toHaveLength(3);
  expect(text.flatMap((p) => p.runs).some((r) => r.text.startsWith(`${total(three)} markers of`))).toBe(true);

  // The same kit as PNG pages at 150 dpi, chosen from the keyboard, in one zip.
  const dpi = dialog.getByTestId('kit-png-dpi');
  await expect(dpi).toHaveValue('300');
  await dpi.focus();
  await page.keyboard.press('ArrowUp');
  await expect(dpi).toHaveValue('150');
  const [zipDownload] = await Promise.all([page.waitForEvent('download', { timeout: 150_000 }), dialog.getByTestId('kit-save-png').click()]);
  await expect(dialog.getByTestId('kit-progress')).toBeHidden();
  expect(zipDownload.suggestedFilename()).toBe('The Ros Salient January 1944 tabletop kit A4 150 dpi.zip');
  const zipFile = path.join(OUTPUT, 'kit', 'e2e-kit-pages.zip');
  await zipDownload.saveAs(zipFile);
  const entries = unzipSync(readFileSync(zipFile));
  expect(Object.keys(entries)).toEqual(kitPngNames(EXAMPLE.title, three));
  for (const [i, name] of Object.keys(entries).entries()) {
    const png = PNG.sync.read(Buffer.from(entries[name]!));
    const size = three.pages[i]!.size;
    expect([png.width, png.height]).toEqual([Math.round((size.width / 25.4) * 150), Math.round((size.height / 25.4) * 150)]);
  }
  await expect(dialog.getByTestId('kit-outcome')).toContainText(`Downloaded The Ros Salient January 1944 tabletop kit A4 150 dpi.zip: ${three.pages.length} PNG pages`);
  await dialog.screenshot({ path: path.join(OUTPUT, 'kit', 'kit-png-zip.png') });
});
