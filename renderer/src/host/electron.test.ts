import { describe, expect, it } from 'vitest';
import type { PreloadBridge } from '../../../shared/host/bridge.js';
import { electronTransport } from './electron.js';

describe('Electron host client', () => {
  it('hands the preload plain data even when the payload is a reactive proxy', async () => {
    const received: unknown[] = [];
    const bridge: PreloadBridge = {
      bridgeVersion: 1,
      invoke: async (channel, payload) => {
        received.push({ channel, payload, isPlain: typeof payload === 'object' && payload !== null && Object.getPrototypeOf(payload) === Object.prototype });
        return { ok: true, value: null };
      },
    };
    // Svelte's $state wraps objects in proxies, which structured clone (IPC) refuses.
    const reactive = new Proxy({ id: 'a', nested: { tags: ['x'] } }, {});
    await electronTransport(bridge)('scenarios.getBundled', reactive);
    await electronTransport(bridge)('app.info', undefined);
    expect(received).toEqual([
      { channel: 'scenarios.getBundled', payload: { id: 'a', nested: { tags: ['x'] } }, isPlain: true },
      { channel: 'app.info', payload: undefined, isPlain: false },
    ]);
    expect(structuredClone((received[0] as { payload: unknown }).payload)).toEqual({ id: 'a', nested: { tags: ['x'] } });
  });
});
