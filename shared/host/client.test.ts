import { describe, expect, it } from 'vitest';
import { createHostApi } from './client.js';
import { channelNames, HostError } from './contract.js';

describe('HostApi client', () => {
  it('offers one method per contract channel, grouped by namespace', () => {
    const api = createHostApi(async () => ({ ok: true, value: null })) as unknown as Record<string, Record<string, unknown>>;
    for (const name of channelNames) {
      const [ns, method] = name.split('.') as [string, string];
      expect(typeof api[ns]?.[method]).toBe('function');
    }
  });

  it('sends the channel name and payload and returns the value', async () => {
    const sent: unknown[] = [];
    const api = createHostApi(async (channel, payload) => {
      sent.push([channel, payload]);
      return { ok: true, value: { fileName: 'a.json' } };
    });
    await expect(api.scenarios.getBundled({ id: 'a' })).resolves.toEqual({ fileName: 'a.json' });
    expect(sent).toEqual([['scenarios.getBundled', { id: 'a' }]]);
  });

  it('rejects with a typed HostError carrying code and issues', async () => {
    const api = createHostApi(async () => ({
      ok: false,
      error: { code: 'bad-request', message: 'bad', issues: [{ pointer: '/id', message: 'is required' }] },
    }));
    const err = await api.scenarios.getBundled({ id: 'a' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HostError);
    expect(err).toMatchObject({ code: 'bad-request', channel: 'scenarios.getBundled', issues: [{ pointer: '/id' }] });
  });

  it('reports a host that cannot be reached as unavailable, and a garbled answer as internal', async () => {
    const down = createHostApi(async () => {
      throw new Error('connection refused');
    });
    await expect(down.app.info()).rejects.toMatchObject({ code: 'unavailable' });
    const garbled = createHostApi(async () => '<html>');
    await expect(garbled.app.info()).rejects.toMatchObject({ code: 'internal' });
  });
});
