import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHost } from './handlers.js';

const context = { host: 'web', origin: 'http://127.0.0.1:1' } as const;
const scenariosDir = path.resolve('scenarios');

describe('host services', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'gf-host-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('fills a new library with the bundled scenarios once', async () => {
    const seeded: string[] = [];
    const first = createHost({ host: 'web', version: '1.2.3', dataDir, scenariosDir, onSeeded: (m) => seeded.push(m) });
    const bundled = await first.router.handle('scenarios.listBundled', undefined, context);
    const listed = await first.router.handle('library.list', undefined, context);
    await first.close();
    expect(bundled.ok && listed.ok).toBe(true);
    if (bundled.ok && listed.ok) {
      const ids = (listed.value as { items: { title: string }[] }).items.map((i) => i.title).sort();
      expect(ids).toEqual((bundled.value as { title: string }[]).map((s) => s.title).sort());
    }
    const again = createHost({ host: 'web', version: '1.2.3', dataDir, scenariosDir, onSeeded: (m) => seeded.push(m) });
    await again.close();
    expect(seeded).toHaveLength(1);
  });

  it('still starts when the library cannot be opened, and library calls say why', async () => {
    // A data "folder" that is really a file: no database can be created inside it.
    const notAFolder = path.join(dataDir, 'plain-file');
    writeFileSync(notAFolder, 'not a folder');
    const errors: string[] = [];
    const host = createHost({ host: 'web', version: '1.2.3', dataDir: notAFolder, scenariosDir, onLibraryError: (m) => errors.push(m) });
    const info = await host.router.handle('app.info', undefined, context);
    const list = await host.router.handle('library.list', undefined, context);
    await host.close();
    expect(info).toMatchObject({ ok: true, value: { version: '1.2.3', dataDir: notAFolder } });
    expect(list).toMatchObject({ ok: false, error: { code: 'unavailable', message: expect.stringContaining(notAFolder) } });
    expect(errors).toHaveLength(1);
  });
});
