// Drawing a network map from blank with the mouse (issue #19): from the library's New dialog
// a Barbarossa Fast network; the Positions and links tool places five positions, drags two of
// them into place, links them six times (one link bent by dragging it), Delete and undo; the
// map is saved and printed through the print dialog (a draft prints, marked as one), and on the
// PDF a link's length on paper matches the design. Then the inspector makes P3 Moscow on the east
// edge (a bad value refused, naming the field) and P1–P2 a road, each side's table gets a unit on
// P1 and P2, and a test-play attacks down the link P1–P2 and shows the result.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type {} from '../renderer/src/testHook.types.js';
import { layoutPrint } from '../shared/print/layout.js';
import { PT_PER_MM } from '../shared/print/units.js';
import { DEFAULT_LINE_WIDTH_MM, DEFAULT_MARGIN_MM } from '../shared/print/options.js';
import { createGrid } from '../shared/grid/index.js';
import { gridSpecOf } from '../shared/format/defaults.js';
import type { NetworkGrid } from '../shared/format/scenario.types.js';
import { renderPdfPage } from '../electron/print/testing/pdf-pixels.js';
import { readPdfText } from '../electron/print/pdf-text.js';
import { clickCell, dragThrough, expect, openDocument, projectRoot, test } from './fixtures.js';

const OUTPUT = path.join(projectRoot, 'e2e', 'output');
mkdirSync(OUTPUT, { recursive: true });

/** Targets in mm: P1–P2 level (the link measured on paper), the rest around. */
const TARGETS = [
  { x: 100, y: 80 },
  { x: 200, y: 80 },
  { x: 300, y: 150 },
  { x: 200, y: 220 },
  { x: 100, y: 220 },
];
const LINKS: [number, number][] = [
  [0, 1],
  [1, 2],
  [2, 3],
  [3, 4],
  [4, 0],
  [1, 3],
];

test('a network drawn from blank with the mouse saves, prints at true scale, and test-plays an attack down a link', async ({ page }) => {
  test.setTimeout(360_000);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto('/');
  // A grid map's tool rail has no Positions and links tool (it belongs to network maps).
  await page.getByTestId('scenario-card').filter({ has: page.getByRole('heading', { name: 'The Ros Salient, January 1944', exact: true }) }).dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByRole('radio', { name: 'Brush' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Positions and links' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Library', exact: true }).click();

  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByTestId('new-dialog');
  await dialog.getByTestId('ruleset-bf').click();
  await expect(dialog.getByRole('combobox', { name: 'Grid' })).toHaveValue('network');
  // The calendar is the rules' own: June to December 1941, a turn a month.
  await expect(dialog.getByLabel('Start date')).toHaveValue('1941-06-22');
  await expect(dialog.getByRole('spinbutton', { name: 'Turns' })).toHaveValue('7');
  await expect(dialog.getByTestId('new-turn-length')).toContainText('One turn a month');
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Five towns');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');

  await page.getByRole('radio', { name: 'Positions and links' }).click();
  const box = (await page.getByTestId('map').boundingBox())!;
  // Two clicks on the blank map place P1 and P2.
  await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.3);
  await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.4);
  let doc = await openDocument(page);
  let net = doc.map.grid as NetworkGrid;
  expect(net.positions.map((p) => p.label)).toEqual(['P1', 'P2']);
  // Millimetres to the page, from where the two placed positions show.
  const client = (i: number) => page.evaluate((c) => window.__gridfront!.map.cellToClient(c, 0), i);
  const [a, b] = [(await client(0))!, (await client(1))!];
  const [pa, pb] = net.positions;
  const sx = (b.x - a.x) / (pb!.x - pa!.x);
  const sy = (b.y - a.y) / (pb!.y - pa!.y);
  const onPage = (p: { x: number; y: number }) => ({ x: a.x + (p.x - pa!.x) * sx, y: a.y + (p.y - pa!.y) * sy });
  // Drag them where they belong (moves snap to 5 mm), then click the other three into place.
  // While the mouse is down the position follows it (the map shows the move before the release).
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  const to = onPage(TARGETS[0]!);
  await page.mouse.move((a.x + to.x) / 2, (a.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  const live = (await client(0))!;
  expect(Math.hypot(live.x - to.x, live.y - to.y)).toBeLessThan(3 * Math.abs(sx));
  await page.mouse.up();
  await expect(page.getByTestId('undo')).toHaveAttribute('title', /Move P1/);
  await dragThrough(page, [onPage(pb!), onPage(TARGETS[1]!)]);
  for (const t of TARGETS.slice(2)) {
    const p = onPage(t);
    await page.mouse.click(p.x, p.y);
  }
  doc = await openDocument(page);
  net = doc.map.grid as NetworkGrid;
  expect(net.positions.map((p) => ({ x: p.x, y: p.y }))).toEqual(TARGETS);

  // Six links, each dragged from one position onto another; the last one a railway, as the tool's options say.
  for (const [k, [i, j]] of LINKS.entries()) {
    if (k === LINKS.length - 1) await page.getByRole('radiogroup', { name: 'New links' }).getByRole('radio', { name: 'Rail' }).click();
    await dragThrough(page, [onPage(TARGETS[i]!), onPage(TARGETS[j]!)]);
  }
  // Bend the bottom link: press on it halfway and pull it down 30 mm.
  await dragThrough(page, [onPage({ x: 150, y: 220 }), onPage({ x: 150, y: 250 })]);
  doc = await openDocument(page);
  net = doc.map.grid as NetworkGrid;
  const ids = net.positions.map((p) => p.id);
  expect(net.links.map((l) => [ids.indexOf(l.from), ids.indexOf(l.to)])).toEqual(LINKS);
  expect(net.links.map((l) => l.type ?? 'ordinary')).toEqual(['ordinary', 'ordinary', 'ordinary', 'ordinary', 'ordinary', 'rail']);
  expect(net.links.filter((l) => l.waypoints?.length)).toEqual([expect.objectContaining({ waypoints: [{ x: 150, y: 250 }] })]);
  await expect(page.getByTestId('undo')).toHaveAttribute('title', /Bend link P4–P5/);

  // Delete takes the clicked position and its links; one undo brings them back.
  const p3 = onPage(TARGETS[2]!);
  await page.mouse.click(p3.x, p3.y);
  await page.keyboard.press('Delete');
  doc = await openDocument(page);
  expect((doc.map.grid as NetworkGrid).positions).toHaveLength(4);
  expect((doc.map.grid as NetworkGrid).links).toHaveLength(4);
  await page.keyboard.press('Control+z');
  doc = await openDocument(page);
  expect(JSON.stringify((doc.map.grid as NetworkGrid).links)).toBe(JSON.stringify(net.links));
  expect((doc.map.grid as NetworkGrid).positions.map((p) => p.id)).toEqual(net.positions.map((p) => p.id));
  await page.waitForFunction(() => window.__gridfront!.map.pendingTiles === 0);
  await page.screenshot({ path: path.join(OUTPUT, 'network-editor-drawn.png') });

  // Each side gets a supply base (the Germans trace supply to theirs): the Markers tool, on P1 and P3.
  await page.getByRole('radio', { name: 'Markers' }).click();
  await page.getByRole('radiogroup', { name: 'Side' }).getByRole('radio').first().click();
  await page.mouse.click(onPage(TARGETS[0]!).x, onPage(TARGETS[0]!).y);
  await page.getByRole('radiogroup', { name: 'Side' }).getByRole('radio').nth(1).click();
  await page.mouse.click(onPage(TARGETS[2]!).x, onPage(TARGETS[2]!).y);

  // Saved.
  await page.getByTestId('map').focus();
  await page.keyboard.press('Control+s');
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();

  doc = await openDocument(page);
  // Printed through the dialog on one sheet. The sketch is a draft (Barbarossa Fast wants Moscow
  // and the map edges marked): the dialog says so, names the first failing checks, and prints anyway.
  await page.getByTestId('print-open').click();
  const print = page.getByTestId('print-dialog');
  await print.getByTestId('print-paper').selectOption('single');
  await expect(print.getByTestId('print-preview')).toHaveAttribute('data-stale', 'false');
  const draft = print.getByTestId('print-draft');
  await expect(draft).toContainText(/\d+ checks? not passing/);
  await expect(draft).toContainText('Moscow');
  const failing = Number(/(\d+) checks? not passing/.exec(await draft.innerText())![1]);
  await page.screenshot({ path: path.join(OUTPUT, 'network-editor-print.png') });
  const [download] = await Promise.all([page.waitForEvent('download'), print.getByTestId('print-save-pdf').click()]);
  await expect(print.getByTestId('print-outcome')).toContainText('Downloaded');
  const file = path.join(OUTPUT, 'network-editor.pdf');
  await download.saveAs(file);
  const pdf = new Uint8Array(readFileSync(file));
  // The sheet says it is a draft, in its bottom margin.
  const [text] = await readPdfText(pdf);
  const mark = text!.runs.find((r) => r.text.startsWith('Draft'));
  expect(mark?.text).toBe(`Draft \u2014 ${failing} check${failing === 1 ? '' : 's'} not passing`);
  expect(mark!.y).toBeGreaterThan(text!.height - DEFAULT_MARGIN_MM);
  const layout = layoutPrint(doc, { singleSheet: true });
  expect(text!.width).toBeCloseTo(layout.pageSizeMm.width, 1);
  await print.getByRole('button', { name: 'Close', exact: true }).click();
  const dpi = 300;
  const img = await renderPdfPage(pdf, 1, dpi);
  const sheet = layout.pages[0]!;
  const k = layout.cellSizeMm / createGrid(gridSpecOf(doc)).network!.layout.unit;
  const px = (mmX: number, mmY: number) => ({
    x: Math.round(((sheet.furniture.mapAreaPt.x + (mmX * k - sheet.window.x) * PT_PER_MM) / 72) * dpi),
    y: Math.round(((sheet.furniture.mapAreaPt.y + (mmY * k - sheet.window.y) * PT_PER_MM) / 72) * dpi),
  });
  const dark = (x: number, y: number) => {
    const i = (y * img.width + x) * 4;
    return img.pixels[i]! + img.pixels[i + 1]! + img.pixels[i + 2]! < 3 * 128;
  };
  /** The first dark pixel from x stepping by dir along row y. */
  const run = (x: number, y: number, dir: 1 | -1) => {
    while (!dark(x, y)) x += dir;
    return x;
  };
  // 2 mm below the link the row meets the two boxes' outlines (then their dark wooded fill): the
  // outlines' edges facing each other lie half a line width (0.3 mm) outside the borders where the link ends.
  const below = px(150, 82);
  const left = run(below.x, below.y, -1);
  const right = run(below.x, below.y, 1);
  const onPaper = ((right - left - 1) / dpi) * 25.4 + DEFAULT_LINE_WIDTH_MM;
  // Design: centres 100 mm apart, less half of each 20 mm box, at the print's scale.
  const design = (100 - 20) * k;
  expect(Math.abs(onPaper - design)).toBeLessThanOrEqual(0.2);
  // And the link is inked all along the row between the outlines.
  const row = px(150, 80).y;
  for (let x = left; x <= right; x++) expect(dark(x, row)).toBe(true);
  // ---- What the rules read, in the inspector: P3 is Moscow, a major fortress on the east edge; P2–P4 Russian ----
  await page.getByRole('radio', { name: 'Positions and links' }).click();
  const inspector = page.getByRole('complementary', { name: 'Inspector' });
  const position = inspector.getByTestId('position-editor');
  const pick = async (i: number) => {
    const at = onPage(TARGETS[i]!);
    await page.mouse.click(at.x, at.y);
    await expect(position.getByTestId('position-label')).toHaveValue(`P${i + 1}`);
  };
  await pick(2);
  await position.getByTestId('position-capital').check();
  await expect(page.getByTestId('undo')).toHaveAttribute('title', /Capital \(Moscow\) at P3/);
  await position.getByTestId('position-fortress').selectOption({ label: 'Major' });
  await position.getByTestId('position-edge').selectOption({ label: 'East edge' });
  await expect(page.getByTestId('undo')).toHaveAttribute('title', /Russian map edge: East edge at P3/);
  // A value the field does not take is refused, naming the field; the box shows what is kept.
  const replacements = position.getByTestId('position-replacements');
  await replacements.fill('12');
  await replacements.press('Enter');
  await expect(inspector.getByRole('alert')).toContainText('P3: Replacements a turn must be a whole number from 0 to 9, not "12".');
  await expect(replacements).toHaveValue('');
  // One undo takes the edge back; redo puts it again.
  await page.getByTestId('map').focus();
  await page.keyboard.press('Control+z');
  await expect(position.getByTestId('position-edge')).toHaveValue('');
  await page.keyboard.press('Control+y');
  await expect(position.getByTestId('position-edge')).toHaveValue('east');
  const control = inspector.getByTestId('cell-editor').getByRole('combobox', { name: 'Control' });
  for (const i of [1, 2, 3]) {
    await pick(i);
    await control.selectOption({ label: 'Soviets' });
  }
  doc = await openDocument(page);
  net = doc.map.grid as NetworkGrid;
  expect(net.positions[2]!.properties).toEqual({ capital: true, fortress: 'major', edge: 'east' });
  expect(net.positions.map((p) => p.control)).toEqual(['germans', 'soviets', 'soviets', 'soviets', 'germans']);

  // ---- A link's type in the inspector: P1–P2 becomes a road ----
  const mid = onPage({ x: 150, y: 80 });
  await page.mouse.click(mid.x, mid.y);
  const linkEditor = inspector.getByTestId('link-editor');
  await expect(linkEditor).toContainText('P1–P2');
  await linkEditor.getByTestId('link-type').selectOption({ label: 'Road' });
  await expect(page.getByTestId('undo')).toHaveAttribute('title', /Make P1–P2 a road/);
  doc = await openDocument(page);
  expect((doc.map.grid as NetworkGrid).links[0]!.type).toBe('road');
  await page.waitForFunction(() => window.__gridfront!.map.pendingTiles === 0);
  await page.screenshot({ path: path.join(OUTPUT, 'network-editor-inspector.png') });

  // ---- The order of battle: a German army on P1, a Russian unit on P2, typed into each side's table ----
  await page.getByTestId('tab-oob').click();
  const germans = page.getByTestId('oob-germans');
  await germans.getByTestId('new-name-germans').fill('4. Armee');
  await germans.getByTestId('new-strength-germans').fill('2');
  await germans.getByTestId('new-kind-germans').selectOption({ label: 'Army' });
  await germans.getByTestId('new-armyGroup-germans').selectOption({ label: 'Centre' });
  await germans.getByTestId('new-cell-germans').fill('P1');
  await germans.getByTestId('new-cell-germans').press('Enter');
  await expect(germans.getByTestId('unit-row')).toHaveCount(1);
  const soviets = page.getByTestId('oob-soviets');
  await soviets.getByTestId('new-name-soviets').fill('3rd Army');
  await soviets.getByTestId('new-strength-soviets').fill('1');
  await soviets.getByTestId('new-kind-soviets').selectOption({ label: 'Russian unit (hidden)' });
  await soviets.getByTestId('new-cell-soviets').fill('P2');
  await soviets.getByTestId('new-cell-soviets').press('Enter');
  await expect(soviets.getByTestId('unit-row')).toHaveCount(1);
  await page.getByTestId('map').focus();
  await page.keyboard.press('Control+s');
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();

  // ---- Test-play: both sides people; the German army attacks P2 down the link from P1 ----
  await page.getByTestId('play-open').click();
  await page.getByTestId('ctl-germans-human').click();
  await page.getByTestId('ctl-soviets-human').click();
  await page.getByTestId('play-start').click();
  await expect(page.getByTestId('play-screen')).toHaveAttribute('data-ruleset', 'bf');
  await expect(page.getByTestId('decision-title')).toContainText('German operational movement');
  // No Luftflotte in this order of battle: after movement come the attacks.
  await page.getByTestId('decision').getByRole('button', { name: 'End movement' }).click();
  await expect(page.getByTestId('decision-title')).toContainText('German attacks');
  await clickCell(page, { col: 0, row: 0 });
  await expect(page.getByTestId('unit-choices')).toBeVisible();
  await clickCell(page, { col: 1, row: 0 });
  const choice = page.getByTestId('choice');
  await expect(choice.getByTestId('attack-preview')).toContainText('Target');
  const strike = choice.getByTestId('strike-confirm');
  await expect(strike).toHaveText(/attacks P2/);
  await page.screenshot({ path: path.join(OUTPUT, 'network-editor-attack-preview.png') });
  await strike.click();
  await expect(page.getByTestId('decision')).toContainText('The attack as it stands');
  await page.getByTestId('decision').getByRole('button', { name: 'Attack P2' }).click();
  const result = page.getByTestId('attack-result').first();
  await expect(result).toContainText('German attack on P2');
  await expect(result).toContainText(/\d+ hits?/);
  await expect(page.getByTestId('log-panel')).toContainText('German attack on P2');
  await page.screenshot({ path: path.join(OUTPUT, 'network-editor-attack-result.png') });
});

