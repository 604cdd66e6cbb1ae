import type { Transport } from '../../../shared/host/client.js';
import type { PreloadBridge } from '../../../shared/host/bridge.js';

/** Calls the Electron main process through the preload's `window.gridfront`. */
export function electronTransport(bridge: PreloadBridge): Transport {
  return (channel, payload) => bridge.invoke(channel, payload);
}
