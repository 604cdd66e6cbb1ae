import type { Transport } from '../../../shared/host/client.js';
import type { PreloadBridge } from '../../../shared/host/bridge.js';

/** Calls the Electron main process through the preload's `window.gridfront`. */
export function electronTransport(bridge: PreloadBridge): Transport {
  // Round-trip through JSON so both hosts see exactly what HTTP would carry, and so Svelte
  // state proxies (which structured clone refuses) arrive as plain data.
  return (channel, payload) => bridge.invoke(channel, payload === undefined ? undefined : JSON.parse(JSON.stringify(payload)));
}
