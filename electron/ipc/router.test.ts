import { describe, expect, it, vi } from 'vitest';
import type { CallContext, Handlers } from '../../shared/host/contract.js';
import { HostError } from '../../shared/host/contract.js';
import { returns, v } from '../../shared/host/check.js';
import { createRouter } from './router.js';

const context: CallContext = { host: 'web', origin: 'http://127.0.0.1:1' };

// Only the channels these tests call are faked; the rest of the contract is not needed here.
function fakeHandlers(overrides: Partial<Handlers> = {}): Handlers {
  return <Handlers>{
    'app.info': () => ({ name: 'Gridfront', version: '0.0.0', host: 'web', dataDir: '/tmp/x', runtime: { node: '20' } }),
    'scenarios.listBundled': () => [],
    'scenarios.getBundled': ({ id }) => {
      throw new HostError({ code: 'not-found', message: `no ${id}` });
    },
    ...overrides,
  } as Partial<Handlers> as Handlers;
}

describe('router', () => {
  it('refuses a channel that is not in the contract without calling any service', async () => {
    const info = vi.fn();
    const router = createRouter(fakeHandlers({ 'app.info': info as unknown as Handlers['app.info'] }));
    const result = await router.handle('app.shutdown', undefined, context);
    expect(result).toEqual({ ok: false, error: { code: 'unknown-channel', message: expect.stringContaining('app.shutdown') } });
    expect(info).not.toHaveBeenCalled();
  });

  it('refuses inherited object keys posing as channel names', async () => {
    const result = await createRouter(fakeHandlers()).handle('toString', undefined, context);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe('unknown-channel');
  });

  it('refuses a malformed payload, naming the field, before the service runs', async () => {
    const get = vi.fn();
    const router = createRouter(fakeHandlers({ 'scenarios.getBundled': get }));
    const missing = await router.handle('scenarios.getBundled', {}, context);
    const wrongType = await router.handle('scenarios.getBundled', { id: 42 }, context);
    const extra = await router.handle('scenarios.getBundled', { id: 'ok', drop: true }, context);
    const badForm = await router.handle('scenarios.getBundled', { id: '../../etc/passwd' }, context);
    for (const [result, path] of [
      [missing, '/id'],
      [wrongType, '/id'],
      [extra, '/drop'],
      [badForm, '/id'],
    ] as const) {
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('bad-request');
        expect(result.error.issues?.map((i) => i.pointer)).toContain(path);
      }
    }
    expect(get).not.toHaveBeenCalled();
  });

  it('refuses a payload on a channel that takes none', async () => {
    const result = await createRouter(fakeHandlers()).handle('app.info', { sneaky: 1 }, context);
    expect(!result.ok && result.error.code).toBe('bad-request');
  });

  it('routes a good call to its service with the payload and caller context', async () => {
    const list = vi.fn(() => [{ id: 'a' }]);
    const router = createRouter(fakeHandlers({ 'scenarios.listBundled': list as unknown as Handlers['scenarios.listBundled'] }));
    const result = await router.handle('scenarios.listBundled', undefined, context);
    expect(result).toEqual({ ok: true, value: [{ id: 'a' }] });
    expect(list).toHaveBeenCalledWith(undefined, context);
  });

  it('passes a service HostError to the caller with its code', async () => {
    const result = await createRouter(fakeHandlers()).handle('scenarios.getBundled', { id: 'nope' }, context);
    expect(result).toEqual({ ok: false, error: { code: 'not-found', message: 'no nope' } });
  });

  it('turns an unexpected service failure into an internal error instead of crashing', async () => {
    const reported: unknown[] = [];
    const router = createRouter(
      fakeHandlers({
        'app.info': () => {
          throw new Error('disk on fire');
        },
      }),
      { onInternalError: (_channel, err) => reported.push(err) },
    );
    const result = await router.handle('app.info', undefined, context);
    expect(result).toEqual({ ok: false, error: { code: 'internal', message: 'app.info failed: disk on fire' } });
    expect(reported).toHaveLength(1);
  });

  it('gives a service {} when a call omits an options object whose fields are all optional', async () => {
    const seen: unknown[] = [];
    const table = { 'demo.list': { doc: 'test', request: v.object({}, { limit: v.number() }), response: returns<number>() } };
    const handlers = { 'demo.list': (req: unknown) => (seen.push(req), 1) } as unknown as Handlers;
    const router = createRouter(handlers, { channels: table });
    expect(await router.handle('demo.list', undefined, context)).toEqual({ ok: true, value: 1 });
    expect(await router.handle('demo.list', { limit: 2 }, context)).toEqual({ ok: true, value: 1 });
    expect(seen).toEqual([{}, { limit: 2 }]);
  });

  it('checks the packs channels too: a bad upload id, conflict choice or stray field never reaches the pack service', async () => {
    const service = vi.fn();
    const router = createRouter(
      fakeHandlers({ 'packs.import': service as unknown as Handlers['packs.import'], 'packs.export': service as unknown as Handlers['packs.export'] }),
    );
    const results = await Promise.all([
      router.handle('packs.import', { uploadId: '../../../home', choices: {} }, context),
      router.handle('packs.import', { uploadId: 'up-abcdefghijkl', choices: { kursk: 'overwrite' } }, context),
      router.handle('packs.export', { ids: ['kursk'], name: 'P', version: '1.0', includeThumbnails: true, savePath: '/etc/cron.d/x' }, context),
      router.handle('packs.readFile', { path: '/etc/passwd' }, context),
    ]);
    expect(results.map((r) => !r.ok && r.error.code)).toEqual(['bad-request', 'bad-request', 'bad-request', 'unknown-channel']);
    expect(service).not.toHaveBeenCalled();
  });
});
