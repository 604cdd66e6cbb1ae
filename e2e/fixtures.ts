// Shared helpers for the end-to-end tests.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Scenario } from '../shared/format/scenario.types.js';
import type { Cell } from '../shared/grid/types.js';
import type { InvokeResult } from '../shared/host/contract.js';
import { WEB_KEY_HEADER, WEB_KEY_STORAGE } from '../shared/host/web-key.js';
import type {} from '../renderer/src/testHook.types.js';
import { findElectronBinary } from '../scripts/electron-binary.js';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function electronBinary(): ReturnType<typeof findElectronBinary> {
  return findElectronBinary(projectRoot);
}

/** The web host's own origin, e.g. "http://127.0.0.1:41234". */
export function appOrigin(baseURL: string | undefined): string {
  if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL');
  return new URL(baseURL).origin;
}

/** This run's launch key of the web host (playwright.config.ts starts the host with it). */
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

/** Ids of the bundled scenarios the web host seeds a new library with. */
export const bundledIds: ReadonlySet<string> = new Set(
  readdirSync(path.join(projectRoot, 'scenarios'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => (JSON.parse(readFileSync(path.join(projectRoot, 'scenarios', f), 'utf8')) as { id: string }).id),
);

/**
 * The web host keeps one library for the whole run: put it back as seeded (only the bundled
 * scenarios, nothing in the trash, no recovery copies) so the next spec sees what it expects.
 */
export async function restoreSeededLibrary(request: APIRequestContext, baseURL: string | undefined): Promise<void> {
  const origin = appOrigin(baseURL);
  const list = await invoke<{ items: { id: string }[] }>(request, origin, 'library.list', { limit: 500 });
  if (list.body.ok) for (const s of list.body.value.items) if (!bundledIds.has(s.id)) await invoke(request, origin, 'library.trash', { id: s.id });
  await invoke(request, origin, 'library.emptyTrash');
  const rec = await invoke<{ docKey: string }[]>(request, origin, 'library.readRecovery');
  if (rec.body.ok) for (const r of rec.body.value) await invoke(request, origin, 'library.clearRecovery', { docKey: r.docKey });
}

/** Creates a blank map from the library's New dialog and waits until it has painted. */
export async function createBlankScenario(page: Page, title: string, size: { cols: number; rows: number } = { cols: 12, rows: 8 }): Promise<void> {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByTestId('new-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
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
export const test = base.extend({
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
