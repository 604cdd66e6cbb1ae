// Crash recovery end to end through the web host: edits written through the recovery
// channel survive the host being killed with SIGKILL and are offered on the next start.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { scenario, tempDir, testLibrary } from './testing.js';
import { WEB_KEY_HEADER, webKeyFromUrl } from '../../shared/host/web-key.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Starts the web host in its own process and resolves with its URL once it listens. */
function startHost(dataDir: string, staticDir: string, scenariosDir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'web-host-child.ts'), dataDir, staticDir, scenariosDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ url: (JSON.parse(line) as { url: string }).url, child });
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code, signal) => reject(new Error(`web host exited (${code ?? signal}) before it was ready: ${err}`)));
  });
}

async function invoke<T>(url: string, channel: string, payload?: unknown): Promise<T> {
  const res = await fetch(new URL('/api/invoke', url), {
    method: 'POST',
    // The host's launch key is in the fragment of the address it printed.
    headers: { 'Content-Type': 'application/json', [WEB_KEY_HEADER]: webKeyFromUrl(url) ?? '' },
    body: JSON.stringify({ channel, payload }),
  });
  const body = (await res.json()) as { ok: boolean; value?: T; error?: unknown };
  if (!body.ok) throw new Error(`${channel} failed: ${JSON.stringify(body.error)}`);
  return body.value as T;
}

function killed(child: ChildProcess): Promise<NodeJS.Signals | null> {
  return new Promise((resolve) => {
    child.once('exit', (_code, signal) => resolve(signal));
    child.kill('SIGKILL');
  });
}

describe('crash recovery', () => {
  it('after the web host is killed with SIGKILL, the restarted host offers the last edits of each open document', async () => {
    const root = tempDir();
    dirs.push(root);
    const [dataDir, staticDir, scenariosDir] = ['data', 'static', 'scenarios'].map((d) => path.join(root, d)) as [string, string, string];
    for (const d of [dataDir, staticDir, scenariosDir]) mkdirSync(d);

    const first = await startHost(dataDir, staticDir, scenariosDir);
    const created = await invoke<{ ok: true; summary: { id: string; updated: number } }>(first.url, 'library.create', {
      scenario: scenario('moscow', 'Drive on Moscow'),
    });
    const id = created.summary.id;
    // Three autosaves of an unsaved edit; only the last one matters.
    for (const title of ['Drive on Moscow – e', 'Drive on Moscow – ed', 'Drive on Moscow – edited']) {
      await invoke(first.url, 'library.writeRecovery', { docKey: id, document: scenario(id, title) });
    }
    await invoke(first.url, 'library.writeRecovery', { docKey: 'new', document: { title: 'Half-made map' } });
    expect(await killed(first.child)).toBe('SIGKILL');

    const second = await startHost(dataDir, staticDir, scenariosDir);
    const offered = await invoke<{ docKey: string; document: { title: string }; savedUpdated: number | null }[]>(second.url, 'library.readRecovery');
    const byKey = Object.fromEntries(offered.map((e) => [e.docKey, e]));
    expect(Object.keys(byKey).sort()).toEqual(['moscow', 'new']);
    expect(byKey.moscow!.document.title).toBe('Drive on Moscow – edited');
    expect(byKey.moscow!.savedUpdated).toBe(created.summary.updated);
    expect(byKey.new!).toMatchObject({ document: { title: 'Half-made map' }, savedUpdated: null });
    // The library copy itself was never changed by the recovery writes.
    expect((await invoke<{ document: { title: string } }>(second.url, 'library.get', { id })).document.title).toBe('Drive on Moscow');

    await invoke(second.url, 'library.clearRecovery', { docKey: 'new' });
    expect((await invoke<unknown[]>(second.url, 'library.readRecovery')).length).toBe(1);
    await killed(second.child);
  });
});

describe('recovery slots', () => {
  it('refuse slot names that are neither an id nor "new"', () => {
    const t = testLibrary();
    try {
      expect(() => t.lib.writeRecovery('../etc', {})).toThrow(/Recovery slot/);
      t.lib.writeRecovery('new:2', { title: 'x' });
      t.lib.writeRecovery('new:2', { title: 'y' });
      expect(t.lib.readRecovery()).toMatchObject([{ docKey: 'new:2', document: { title: 'y' } }]);
    } finally {
      t.cleanup();
    }
  });
});
