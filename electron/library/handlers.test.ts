// The library through the host router, as the renderer reaches it in both hosts: payloads
// checked first, library errors mapped to host error codes, bundled examples seeded once.
import { readdirSync, rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallContext, InvokeResult } from '../../shared/host/contract.js';
import { createHost, type Host } from '../ipc/handlers.js';
import { appPaths } from '../paths.js';
import { scenario, tempDir } from './testing.js';

const context: CallContext = { host: 'web', origin: 'http://127.0.0.1:1' };
const scenariosDir = appPaths().scenarios;
const hosts: Host[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const h of hosts.splice(0)) await h.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function start(dataDir: string): Host {
  const host = createHost({ host: 'web', version: '0.0.0-test', dataDir, scenariosDir });
  hosts.push(host);
  return host;
}

async function call<T>(host: Host, channel: string, payload?: unknown): Promise<InvokeResult<T>> {
  return (await host.router.handle(channel, payload, context)) as InvokeResult<T>;
}

async function value<T>(host: Host, channel: string, payload?: unknown): Promise<T> {
  const result = await call<T>(host, channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
  return result.value;
}

describe('library channels', () => {
  it('a new data folder starts with the bundled examples, and they stay deleted once the user deletes them', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const bundledCount = readdirSync(scenariosDir).filter((n) => n.endsWith('.json')).length;
    let host = start(dataDir);
    const page = await value<{ total: number; items: { id: string }[] }>(host, 'library.list', {});
    expect(page.total).toBe(bundledCount);
    expect(page.items.map((s) => s.id)).toContain('seed-000-example');

    for (const { id } of page.items) await value(host, 'library.trash', { id });
    await value(host, 'library.emptyTrash');
    await host.close();
    hosts.length = 0;
    host = start(dataDir);
    expect((await value<{ total: number }>(host, 'library.list', {})).total).toBe(0);
  });

  it('refuses malformed payloads before the library runs, and maps a missing scenario to not-found', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const host = start(dataDir);
    expect(await call(host, 'library.get', { id: '../../etc/passwd' })).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect(await call(host, 'library.list', { sort: 'DROP TABLE' })).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect(await call(host, 'library.trash', { id: 'nope' })).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(await value(host, 'library.get', { id: 'nope' })).toBeNull();
  });

  it('create, save, search, revisions and export work end to end through the router', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const host = start(dataDir);
    const created = await value<{ ok: boolean }>(host, 'library.create', { scenario: scenario('kiev', 'Kiev encirclement') });
    expect(created.ok).toBe(true);
    const refused = await value<{ ok: boolean; issues: { pointer: string }[] }>(host, 'library.save', {
      id: 'kiev',
      scenario: { ...scenario('kiev', 'Kiev'), calendar: { startDate: 'soon', turns: 3 } },
    });
    expect(refused).toMatchObject({ ok: false, issues: [{ pointer: '/calendar/startDate' }] });
    await value(host, 'library.save', { id: 'kiev', scenario: scenario('kiev', 'Kiev pocket'), summary: 'Shorter title' });
    // The bundled examples are in this library too; the title match comes first.
    expect((await value<{ id: string }[]>(host, 'library.search', { text: 'kie' }))[0]!.id).toBe('kiev');
    expect(await value(host, 'library.listRevisions', { id: 'kiev' })).toMatchObject([{ rev: 1, summary: 'Shorter title', title: 'Kiev encirclement' }]);
    const blank = await value<{ ok: true; summary: { id: string; cols: number } }>(host, 'library.createBlank', {
      title: 'Blank',
      gridKind: 'offsetSquare',
      cols: 9,
      rows: 7,
      sides: [{ name: 'North' }, { name: 'South' }],
    });
    expect(blank.summary.cols).toBe(9);
    expect(JSON.parse(await value<string>(host, 'library.exportJson', { id: 'kiev' }))).toMatchObject({ id: 'kiev', title: 'Kiev pocket' });
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    await value(host, 'library.setThumbnail', { id: 'kiev', pngBase64: png.toString('base64') });
    expect(await value(host, 'library.getThumbnail', { id: 'kiev' })).toBe(`data:image/png;base64,${png.toString('base64')}`);
  });
});
