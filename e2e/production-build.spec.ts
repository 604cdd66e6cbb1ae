// The page test hook (renderer/src/testHook.ts, `window.__gridfront`) is only in the end-to-end
// build of the renderer (dist/renderer-e2e, `vite build --mode e2e`), never in the app's own
// build (dist/renderer, `npm run build`), which Electron loads and `npm run dist` packs. The
// app build is served by a web host of its own here and opened like any page: the library
// shows, and there is no hook.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startWebHost } from '../electron/web/main.js';
import { expect, projectRoot, test, webKey } from './fixtures.js';

/** Every JavaScript file of a renderer build, as one text. */
function bundleText(dir: string): string {
  const assets = path.join(dir, 'assets');
  return readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(path.join(assets, f), 'utf8'))
    .join('\n');
}

test('the app build has no test hook, the end-to-end build has it', async ({ page }) => {
  const app = path.join(projectRoot, 'dist', 'renderer');
  const e2e = path.join(projectRoot, 'dist', 'renderer-e2e');
  expect(existsSync(path.join(app, 'index.html')), 'dist/renderer is missing: run `npm run build` first').toBe(true);
  expect(existsSync(path.join(e2e, 'index.html')), 'the web host builds dist/renderer-e2e for this run').toBe(true);
  expect(bundleText(e2e)).toContain('__gridfront');
  const appJs = bundleText(app);
  expect(appJs).not.toContain('__gridfront');
  expect(appJs).not.toContain('installTestHook');

  // The app build works as a page: the library lists the bundled scenarios; the hook is absent.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gridfront-app-build-'));
  const { server, host } = await startWebHost({ port: 0, dataDir, webKey, staticDir: app });
  try {
    await page.goto(server.url);
    await expect(page.getByTestId('scenario-card').first()).toBeVisible();
    await expect(page.locator('[data-testid="scenario-card"][data-scenario-id="seed-000-example"]')).toBeVisible();
    expect(await page.evaluate(() => typeof window.__gridfront)).toBe('undefined');
  } finally {
    await page.close();
    await Promise.all([server.close(), host.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
