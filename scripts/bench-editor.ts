// `npm run bench:editor [-- --runs 3 --profile DIR]`: how the map designer feels on big maps, measured in
// headless Chromium (Debian's) on generated flat-top hex maps of 200×200 and 1024×1024 (the
// render benchmark's generator and harness). Per map:
// - first draw: scenario document in hand → first complete paint (median of runs);
// - panning (middle-button drags) and zooming (wheel) with page.mouse, at the whole-map view
//   and at a working zoom (32 px per cell): per animation frame the main-thread work of the
//   map (view changes, making tiles, layer draws) and the frame interval, p50/p95;
// - a terrain brush stroke through the real tool path (pointer → tool → command → history →
//   tile patch, and the stage drawn synchronously after every sample, its pixels made as a shown
//   frame makes them), as ms per painted cell,
//   and the frame intervals over the 1.5 s after a stroke (debounced checks and saving).
// - copy/paste of a 100×100 region (66×66 on the 200×200 map) through the region controller:
//   copy, each preview frame while the floating paste follows the pointer (stage drawn
//   synchronously), and the commit (one undo step), with and without the redraw after it.
// Prints one JSON object. Targets: 200×200 first draw < 300 ms, pan/zoom p95 < 16.7 ms,
// < 4 ms per painted cell; 1024×1024 pan/zoom p95 < 33 ms.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { Scenario } from '../shared/format/scenario.types.js';
import type {} from '../renderer/src/testHook.types.js';
import { generateScenario, startBenchHarness } from './bench-render.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(v) || v < 1) throw new Error(`--${name} needs a whole number, got ${process.argv[i + 1]}`);
  return v;
}

const round = (x: number) => Math.round(x * 100) / 100;

function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

function summary(xs: number[]) {
  return { p50: round(percentile(xs, 50)), p95: round(percentile(xs, 95)), max: round(Math.max(...xs)), frames: xs.length };
}

async function openMap(page: Page, scenario: Scenario): Promise<number> {
  await page.evaluate((s) => window.__gridfront!.openScenario(s), scenario);
  await page.waitForFunction(() => window.__gridfront?.map.ready === true, undefined, { timeout: 120_000 });
  const ms = await page.evaluate(() => window.__gridfront!.map.firstDrawMs);
  if (ms === null) throw new Error('the page reported no first-draw time');
  return ms;
}

/** Middle-button drags and wheel zooms over the map while frames are probed. */
async function panAndZoom(page: Page) {
  const box = (await page.getByTestId('map').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  await page.evaluate(() => window.__gridfront!.editor!.startFrameProbe());
  const pan = async (dx: number, dy: number) => {
    await page.mouse.down({ button: 'middle' });
    for (let k = 1; k <= 30; k++) await page.mouse.move(cx + (dx * k) / 30, cy + (dy * k) / 30);
    await page.mouse.up({ button: 'middle' });
    await page.mouse.move(cx, cy);
  };
  await pan(240, 120);
  await pan(-240, -120);
  for (let k = 0; k < 12; k++) await page.mouse.wheel(0, -120);
  for (let k = 0; k < 12; k++) await page.mouse.wheel(0, 120);
  // Let the view settle so re-caching at the final zoom is counted too.
  await page.waitForTimeout(400);
  const probe = (await page.evaluate(() => window.__gridfront!.editor!.stopFrameProbe()))!;
  const part = (xs: number[] | undefined) => (xs ? { p50: round(percentile(xs, 50)), p95: round(percentile(xs, 95)), max: round(Math.max(...xs)) } : null);
  return {
    workMs: summary(probe.work),
    // Where the work went: view changes, making tiles, drawing the stage's layers.
    workByPartMs: { view: part(probe.parts.view), tiles: part(probe.parts.tiles), draw: part(probe.parts.draw) },
    frameIntervalMs: summary(probe.intervals),
  };
}

/**
 * ms per painted cell of one-cell brush strokes along rows near the view centre (median of 7;
 * a stroke is ~20 ms, so fewer swing with the machine). `shift` moves the strokes that many
 * columns right, so that a later step paints cells an earlier one has not made Woods already.
 */
async function brush(page: Page, size: number, cellPx: number, shift = 0) {
  await page.evaluate((px) => window.__gridfront!.editor!.zoomToCellPx(px), cellPx);
  await page.waitForTimeout(300);
  await page.evaluate(() => window.__gridfront!.editor!.setOptions({ terrain: 'woods', brushSize: 1 }));
  const c = Math.floor(size / 2);
  const row = (r: number, n: number) => Array.from({ length: n }, (_, k) => ({ col: c + shift - Math.floor(n / 2) + k, row: r }));
  const stroke = (r: number, draw: boolean) => page.evaluate(([cs, d]) => window.__gridfront!.editor!.strokeMs(cs, 'brush', d), [row(r, 20), draw] as const);
  await stroke(c - 6, true); // warm-up
  const perCell: number[] = [];
  for (const r of [c - 4, c - 3, c - 2, c - 1, c, c + 1, c + 3]) {
    perCell.push((await stroke(r, true))! / 20);
    // Let the frame after the stroke happen, as it would between two strokes.
    await page.evaluate(() => new Promise(requestAnimationFrame));
  }
  const label = await page.evaluate(() => window.__gridfront!.editor!.undoLabel);
  // What follows a stroke once the pointer is still: the debounced work (the scenario
  // checks, writing the document) must not freeze the map either.
  await page.evaluate(() => window.__gridfront!.editor!.startFrameProbe());
  await stroke(c - 8, true);
  await page.waitForTimeout(1500);
  const after = (await page.evaluate(() => window.__gridfront!.editor!.stopFrameProbe()))!;
  // The same stroke without drawing: what the edit itself (tool + command + history) costs.
  const editOnly = (await stroke(c + 2, false))! / 20;
  await page.evaluate(() => new Promise(requestAnimationFrame));
  return {
    cellPx,
    cellsPerStroke: 20,
    strokes: perCell.length,
    msPerCell: round(percentile(perCell, 50)),
    msPerCellEach: perCell.map(round),
    editOnlyMsPerCell: round(editOnly),
    frameIntervalMsAfterStroke: summary(after.intervals),
    lastUndoStep: label,
  };
}

/** Copy/paste of a 100×100 region: copy, preview frames while the paste follows the pointer, commit. */
async function copyPaste(page: Page, size: number) {
  await page.evaluate(() => window.__gridfront!.editor!.zoomToCellPx(4));
  const block = Math.min(100, Math.floor(size / 3));
  const from = { col: Math.floor(size / 2) - block, row: Math.floor(size / 2) - block };
  const to = { col: Math.floor(size / 2) + 10, row: Math.floor(size / 2) - 20 };
  const r = (await page.evaluate(([f, b, t]) => window.__gridfront!.editor!.pasteBench(f, b, t, 60), [from, block, to] as const))!;
  await page.evaluate(() => new Promise(requestAnimationFrame));
  return {
    region: `${block}x${block}`,
    cells: r.cells,
    copyMs: round(r.copyMs),
    previewFrameMs: summary(r.previewFrameMs),
    commitMs: round(r.commitMs),
    commitAndDrawMs: round(r.commitAndDrawMs),
    lastUndoStep: r.undoLabel,
  };
}

/** With `--profile DIR`: Chromium's CPU profile of each step, written to DIR/<map>-<step>.cpuprofile. */
const profileDir = (() => {
  const i = process.argv.indexOf('--profile');
  return i >= 0 ? path.resolve(process.argv[i + 1] ?? 'bench-profiles') : null;
})();

async function profiled<T>(page: Page, name: string, step: () => Promise<T>): Promise<T> {
  if (!profileDir) return step();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  try {
    return await step();
  } finally {
    const { profile } = await cdp.send('Profiler.stop');
    mkdirSync(profileDir, { recursive: true });
    writeFileSync(path.join(profileDir, `${name}.cpuprofile`), JSON.stringify(profile));
    await cdp.detach();
  }
}

async function benchSize(page: Page, size: number, runs: number) {
  const scenario = generateScenario(size);
  const firstDraw: number[] = [];
  for (let i = 0; i < runs; i++) firstDraw.push(await profiled(page, `${size}-firstDraw${i + 1}`, () => openMap(page, scenario)));
  const fit = await profiled(page, `${size}-panZoomWholeMap`, () => panAndZoom(page));
  await page.evaluate(() => window.__gridfront!.editor!.zoomToCellPx(32));
  // The new zoom's tiles made (~0.6 s, and the ring round the view after them) before the pans
  // are timed: the window measures panning, not what is left of the zoom's tile work.
  await page.waitForFunction(() => window.__gridfront!.map.pendingTiles === 0, undefined, { timeout: 30_000 });
  await page.waitForTimeout(400);
  const working = await profiled(page, `${size}-panZoomAt32px`, () => panAndZoom(page));
  const stroke = await profiled(page, `${size}-brushAt32px`, () => brush(page, size, 32));
  const farStroke = await profiled(page, `${size}-brushAt4px`, () => brush(page, size, 4, 25));
  const paste = await profiled(page, `${size}-copyPaste`, () => copyPaste(page, size));
  return {
    map: `${size}x${size} hex`,
    cells: size * size,
    firstDrawMs: { median: round(percentile(firstDraw, 50)), min: round(Math.min(...firstDraw)), runs },
    panZoomWholeMap: fit,
    panZoomAt32px: working,
    brushAt32px: stroke,
    brushAt4px: farStroke,
    copyPaste: paste,
  };
}

async function main(): Promise<void> {
  // Stdout carries only the JSON result; host and library chatter goes to stderr.
  console.log = (...args: unknown[]) => console.error(...args);
  const runs = arg('runs', 3);
  // The machine may be shared: the load average says how much to trust the timings.
  const loadBefore = os.loadavg()[0]!;
  const { browser, server, close } = await startBenchHarness([]);
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.waitForFunction(() => window.__gridfront?.editor !== undefined, undefined, { timeout: 30_000 });
    const small = await benchSize(page, 200, runs);
    const large = await benchSize(page, 1024, runs);
    if (errors.length) throw new Error(`The page reported errors: ${errors.join('; ')}`);
    process.stdout.write(
      JSON.stringify(
        {
          bench: 'editor',
          browser: 'headless Chromium (/usr/bin/chromium, --disable-gpu)',
          cpus: os.cpus().length,
          loadAverage1m: { before: round(loadBefore), after: round(os.loadavg()[0]!) },
          note: 'workMs = main-thread time the map spent per animation frame (view changes, making tiles, layer draws); frameIntervalMs = requestAnimationFrame spacing, bounded below by the 60 Hz frame clock',
          maps: [small, large],
          targets: {
            '200x200': { firstDrawMs: 300, panZoomP95Ms: 16.7, msPerPaintedCell: 4 },
            '1024x1024': { panZoomP95Ms: 33, pastePreviewP95Ms: 16.7, pasteCommitMs: 100 },
          },
          met: {
            firstDraw200: small.firstDrawMs.median < 300,
            panZoom200: Math.max(small.panZoomWholeMap.workMs.p95, small.panZoomAt32px.workMs.p95) < 16.7,
            brush200: small.brushAt32px.msPerCell < 4 && small.brushAt4px.msPerCell < 4,
            panZoom1024: Math.max(large.panZoomWholeMap.workMs.p95, large.panZoomAt32px.workMs.p95) < 33,
            pastePreview1024: large.copyPaste.previewFrameMs.p95 < 16.7,
            pasteCommit1024: large.copyPaste.commitMs < 100,
          },
        },
        null,
        2,
      ) + '\n',
    );
  } finally {
    await close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
