import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Router } from '../electron/ipc/router.js';
import { startWebServer } from '../electron/web/server.js';
import { rendererIsStale } from './browser-mode.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('npm run web on a fresh clone', () => {
  it('builds the renderer when dist/renderer is missing or older than its sources, not otherwise', () => {
    const base = mkdtempSync(path.join(os.tmpdir(), 'gf-stale-'));
    dirs.push(base);
    for (const d of ['renderer', 'shared', 'schemas', 'dist/renderer']) mkdirSync(path.join(base, d), { recursive: true });
    writeFileSync(path.join(base, 'vite.config.ts'), '');
    writeFileSync(path.join(base, 'renderer', 'App.svelte'), '');
    const old = new Date(Date.now() - 60_000);
    for (const f of ['vite.config.ts', 'renderer/App.svelte']) utimesSync(path.join(base, f), old, old);
    expect(rendererIsStale(base)).toBe(true); // a fresh clone: nothing built
    writeFileSync(path.join(base, 'dist', 'renderer', 'index.html'), '');
    expect(rendererIsStale(base)).toBe(false);
    writeFileSync(path.join(base, 'shared', 'changed.ts'), ''); // a source edited after the build
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(base, 'shared', 'changed.ts'), later, later);
    expect(rendererIsStale(base)).toBe(true);
  });
});

describe('a taken port', () => {
  const router: Router = { handle: async () => ({ ok: true, value: null }) };

  async function occupied(): Promise<{ port: number; close: () => Promise<void> }> {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    return { port, close: () => new Promise((resolve) => blocker.close(() => resolve())) };
  }

  it('browser mode takes the next free port and says so in its URL', async () => {
    const staticDir = mkdtempSync(path.join(os.tmpdir(), 'gf-port-'));
    dirs.push(staticDir);
    const blocker = await occupied();
    try {
      const server = await startWebServer({ router, staticDir, port: blocker.port, nextPorts: 20, webKey: 'port-test-key-0123456789' });
      try {
        expect(server.port).toBeGreaterThan(blocker.port);
        expect(server.url).toBe(`http://127.0.0.1:${server.port}/#key=port-test-key-0123456789`);
      } finally {
        await server.close();
      }
      // A port asked for by number is that port or an error, never another one.
      await expect(startWebServer({ router, staticDir, port: blocker.port, webKey: 'port-test-key-0123456789' })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await blocker.close();
    }
  });
});
