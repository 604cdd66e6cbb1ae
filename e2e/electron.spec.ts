import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron } from '@playwright/test';
import { electronBinary, expect, projectRoot, test } from './fixtures.js';

const binary = electronBinary();
const skipReason = binary.ok ? '' : `Electron binary not installed: ${binary.reason}`;
if (!binary.ok) {
  console.log(
    `[e2e] ${skipReason}; the desktop test is skipped (the web host tests cover the same renderer; electron/packaging/built-app.test.ts and \`npm run dist -- --dry-run\` start the built main process under a stand-in Electron).`,
  );
}

// Launched on the project folder, so Electron runs package.json "main": the BUILT
// dist-electron/electron/main.js (run `npm run build` first), as the package does.
test.describe('desktop app', () => {
  test.skip(!binary.ok, skipReason);

  test('opens a locked-down window showing the library', async () => {
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

  test('opens a bundled scenario from the library, edits it and saves it, and the menu knows it', async () => {
    if (!binary.ok) return;
    const app = await electron.launch({
      executablePath: binary.path,
      args: [projectRoot],
      cwd: projectRoot,
      env: { ...process.env, GF_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'gridfront-electron-')) },
    });
    try {
      const window = await app.firstWindow();
      const card = window.getByTestId('scenario-card').filter({ hasText: 'The Ros Salient' });
      await card.dblclick();
      await expect(window.getByTestId('map')).toHaveAttribute('data-ready', 'true');
      await window.getByTestId('title-field').fill('The Ros Salient (edited in Electron)');
      await window.getByTestId('title-field').press('Enter');
      await expect(window.getByTestId('dirty-mark')).toBeVisible();
      // Save through the application menu, as a user would.
      await app.evaluate(({ Menu }) => Menu.getApplicationMenu()?.getMenuItemById('file.save')?.click());
      await expect(window.getByTestId('dirty-mark')).toHaveCount(0);
      const saved = await window.evaluate(() =>
        (window as unknown as { gridfront: { invoke(c: string, p: unknown): Promise<{ ok: boolean; value: { title: string }[] }> } }).gridfront.invoke(
          'library.search',
          { text: 'edited in Electron' },
        ),
      );
      expect(saved.ok && saved.value.map((hit) => hit.title)).toEqual(['The Ros Salient (edited in Electron)']);
      // The page told the menu what is open: it is now the first recent scenario.
      const recent = await app.evaluate(({ Menu }) => Menu.getApplicationMenu()?.getMenuItemById('file.recent')?.submenu?.items.map((i) => i.label));
      expect(recent?.[0]).toContain('The Ros Salient (edited in Electron)');
    } finally {
      await app.close();
    }
  });
});
