// Shared helpers for the end-to-end tests.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Scenario } from '../shared/format/scenario.types.js';
import type { Cell } from '../shared/grid/types.js';
import type { InvokeResult } from '../shared/host/contract.js';
import { WEB_KEY_HEADER, WEB_KEY_STORAGE } from '../shared/host/web-key.js';
import type {} from '../renderer/src/testHook.types.js';
import { findElectronBinary } from '../scripts/electron-binary.js';
import { startWebHostProcess } from './web-host.js';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function electronBinary(): ReturnType<typeof findElectronBinary> {
  return findElectronBinary(projectRoot);
}

/** The web host's own origin, e.g. "http://127.0.0.1:41234". */
export function appOrigin(baseURL: string | undefined): string {
  if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL');
  return new URL(baseURL).origin;
}

/** This run's launch key of the web hosts (playwright.config.ts makes it; each worker's host gets it). */
export const webKey: string = process.env.GF_E2E_KEY ?? '';

/** Calls the web host's API the way the page does (JSON, same origin, the launch key). */
export async function invoke<T = unknown>(
  request: APIRequestContext,
  origin: string,
  channel: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: InvokeResult<T> }> {
  const response = await request.post('/api/invoke', {
    data: { channel, payload },
    headers: { 'Content-Type': 'application/json', Origin: origin, [WEB_KEY_HEADER]: webKey, ...headers },
  });
  return { status: response.status(), body: (await response.json()) as InvokeResult<T> };
}

/** The bundled scenarios the web host seeds a new library with, by id. */
const bundledDocs: ReadonlyMap<string, Record<string, unknown>> = new Map(
  readdirSync(path.join(projectRoot, 'scenarios'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(path.join(projectRoot, 'scenarios', f), 'utf8')) as Record<string, unknown> & { id: string })
    .map((doc) => [doc.id, doc] as const),
);

/** Ids of the bundled scenarios the web host seeds a new library with. */
export const bundledIds: ReadonlySet<string> = new Set(bundledDocs.keys());

/** JSON with object keys sorted, so two documents compare by content. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );

/**
 * The web host keeps one library for the whole run: put it back as seeded (only the bundled
 * scenarios, nothing in the trash, no recovery copies, no saved games or games in progress, no stamps)
 * so the next spec sees what it expects.
 */
export async function restoreSeededLibrary(request: APIRequestContext, baseURL: string | undefined, page?: Page): Promise<void> {
  // A page left open may still write (test-play autosaves a moment after each action): close it
  // first, so nothing it does lands after the clean-up and greets the next spec.
  if (page && !page.isClosed()) await page.close();
  const origin = appOrigin(baseURL);
  const list = await invoke<{ items: { id: string }[] }>(request, origin, 'library.list', { limit: 500 });
  if (list.body.ok) for (const s of list.body.value.items) if (!bundledIds.has(s.id)) await invoke(request, origin, 'library.trash', { id: s.id });
  await invoke(request, origin, 'library.emptyTrash');
  // A bundled scenario a spec edited and saved (a new title, say) gets its bundled content back.
  for (const [id, doc] of bundledDocs) {
    const got = await invoke<{ document: unknown } | null>(request, origin, 'library.get', { id });
    if (got.body.ok && got.body.value && canonical(got.body.value.document) !== canonical(doc)) await invoke(request, origin, 'library.save', { id, scenario: doc });
  }
  // Saved games and games in progress of the bundled scenarios go too.
  for (const id of bundledIds) {
    const games = await invoke<{ id: string }[]>(request, origin, 'games.list', { scenarioId: id });
    if (games.body.ok) for (const g of games.body.value) await invoke(request, origin, 'games.delete', { id: g.id });
  }
  // Stamps are the user's own: a spec that made some takes them away again.
  const stamps = await invoke<{ id: string }[]>(request, origin, 'stamps.list');
  if (stamps.body.ok) for (const s of stamps.body.value) await invoke(request, origin, 'stamps.delete', { id: s.id });
  await clearRecoveryCopies(request, baseURL);
}

/** The library's recovery copies (unsaved work kept for the next start) dropped. */
async function clearRecoveryCopies(request: APIRequestContext, baseURL: string | undefined): Promise<void> {
  const origin = appOrigin(baseURL);
  const rec = await invoke<{ docKey: string }[]>(request, origin, 'library.readRecovery');
  if (rec.body.ok) for (const r of rec.body.value) await invoke(request, origin, 'library.clearRecovery', { docKey: r.docKey });
}

/**
 * Creates a map from the library's New dialog (blank, or with `template: 'two-sides'` the west
 * half to the first side and the east half to the second) and waits until it has painted.
 */
export async function createBlankScenario(
  page: Page,
  title: string,
  size: { cols: number; rows: number } = { cols: 12, rows: 8 },
  template: 'blank' | 'two-sides' = 'blank',
): Promise<void> {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByTestId('new-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  if (template === 'two-sides') await dialog.getByRole('radio', { name: /^Two sides facing/ }).check();
  await dialog.getByRole('spinbutton', { name: 'Columns' }).fill(String(size.cols));
  await dialog.getByRole('spinbutton', { name: 'Rows' }).fill(String(size.rows));
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
}

/** Where a cell's centre is on the page (client pixels); throws when no map shows it. */
export async function cellOnPage(page: Page, cell: Cell): Promise<{ x: number; y: number }> {
  const p = await page.evaluate(([c, r]) => window.__gridfront!.map.cellToClient(c!, r!), [cell.col, cell.row]);
  if (!p) throw new Error(`cell ${cell.col},${cell.row} is not on a map`);
  return p;
}

/** Presses the mouse on the first point, moves through the rest in small steps, releases on the last. */
export async function dragThrough(page: Page, points: readonly { x: number; y: number }[]): Promise<void> {
  await page.mouse.move(points[0]!.x, points[0]!.y);
  await page.mouse.down();
  for (const p of points.slice(1)) await page.mouse.move(p.x, p.y, { steps: 4 });
  await page.mouse.up();
}

/** Clicks the middle of a cell. */
export async function clickCell(page: Page, cell: Cell): Promise<void> {
  const p = await cellOnPage(page, cell);
  await page.mouse.click(p.x, p.y);
}

/** The open scenario as the map designer holds it now. */
export async function openDocument(page: Page): Promise<Scenario> {
  return JSON.parse((await page.evaluate(() => window.__gridfront!.editor!.documentJson()))!) as Scenario;
}

/**
 * Every page starts as one opened from the address the host printed: the launch key is put
 * where the page keeps it (as the #key= fragment would) before any of its scripts run.
 */
export const test = base.extend<{ cleanLibrary: void }, { webHost: { url: string; dataDir: string } }>({
  // This worker's own web host and library (e2e/web-host.ts); GF_E2E_DATA_DIR names its data
  // folder for the specs that look inside it.
  webHost: [
    async ({}, use) => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gridfront-e2e-'));
      const host = await startWebHostProcess(projectRoot, dataDir, webKey);
      process.env.GF_E2E_DATA_DIR = dataDir;
      try {
        await use({ url: host.url, dataDir });
      } finally {
        await host.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ webHost }, use) => use(webHost.url),
  // After every test, whatever its spec does: its pages are closed (so nothing they still write,
  // an autosave or a recovery copy, lands later) and the library is put back as seeded, so the
  // next test in this worker, of any spec, starts from the same library.
  cleanLibrary: [
    async ({ context, request, baseURL }, use) => {
      // A recovery copy the last test's page had already sent when it was closed can reach the
      // host after that test's clean-up: none may greet this test with the recovery dialog.
      await clearRecoveryCopies(request, baseURL);
      await use();
      for (const p of context.pages()) if (!p.isClosed()) await p.close();
      await restoreSeededLibrary(request, baseURL);
    },
    { auto: true },
  ],
  page: async ({ page }, use) => {
    await page.addInitScript(([store, key]) => {
      try {
        window.sessionStorage.setItem(store!, key!);
      } catch {
        // about:blank and other opaque origins have no storage; the app's pages do.
      }
    }, [WEB_KEY_STORAGE, webKey]);
    await use(page);
  },
});
export { expect };

/**
 * From the library: opens the scenario titled `title` and starts a test-play game with both sides
 * human, discarding a game in progress if one is offered back. Ends at the first prompt.
 */
export async function startHotseatGame(page: Page, title: string): Promise<void> {
  await page.getByTestId('scenario-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) }).dblclick();
  await expect(page.getByTestId('map')).toHaveAttribute('data-ready', 'true');
  await startHotseatHere(page);
}

/**
 * From the designer with a scenario open: starts a test-play game with both sides human,
 * discarding a game in progress if one is offered back. Ends at the first prompt.
 */
export async function startHotseatHere(page: Page): Promise<void> {
  await page.getByTestId('play-open').click();
  await page.getByTestId('ctl-germans-human').click();
  await page.getByTestId('ctl-soviets-human').click();
  await page.getByTestId('play-start').click();
  const ask = page.getByRole('dialog', { name: 'Start a new game?' });
  await expect(page.getByTestId('play-board').or(ask)).toBeVisible();
  if (await ask.isVisible()) await ask.getByRole('button', { name: 'Discard it' }).click();
}
