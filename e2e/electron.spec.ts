import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron } from '@playwright/test';
import { electronBinary, expect, projectRoot, test } from './fixtures.js';

const binary = electronBinary();
const skipReason = binary.ok ? '' : `Electron binary not installed: ${binary.reason}`;
if (!binary.ok) console.log(`[e2e] ${skipReason}; the desktop test is skipped (the web host tests cover the same renderer).`);

test.describe('desktop app', () => {
  test.skip(!binary.ok, skipReason);

  test('opens a locked-down window showing the start screen', async () => {
    if (!binary.ok) return;
    const app = await electron.launch({
      executablePath: binary.path,
      args: [projectRoot],
      cwd: projectRoot,
      env: { ...process.env, GF_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'gridfront-electron-')) },
    });
    try {
      const window = await app.firstWindow();
      await expect(window).toHaveTitle(/Gridfront/);
      await expect(window.getByRole('heading', { name: 'Library' })).toBeVisible();
      expect(window.url()).toMatch(/^app:\/\/gridfront\//);
      // The page sees only the narrow bridge, never Node.
      const globals = await window.evaluate(() => ({
        bridge: typeof (window as { gridfront?: unknown }).gridfront,
        require: typeof (window as { require?: unknown }).require,
        process: typeof (window as { process?: unknown }).process,
      }));
      expect(globals).toEqual({ bridge: 'object', require: 'undefined', process: 'undefined' });
      const info = await window.evaluate(() => (window as unknown as { gridfront: { invoke(c: string, p: unknown): Promise<unknown> } }).gridfront.invoke('app.info', undefined));
      expect(info).toMatchObject({ ok: true, value: { host: 'electron' } });
    } finally {
      await app.close();
    }
  });
});
