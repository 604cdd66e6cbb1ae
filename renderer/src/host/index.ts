// The renderer's only way to reach a host. Under Electron the preload has put
// `window.gridfront` on the page; in a browser the page talks to the web host over HTTP.
// Either way the UI sees the same typed `HostApi`, and failures as `HostError`.
import { createHostApi } from '../../../shared/host/client.js';
import type { HostApi } from '../../../shared/host/contract.js';
import type { PreloadBridge } from '../../../shared/host/bridge.js';
import { electronTransport } from './electron.js';
import { httpTransport } from './http.js';

declare global {
  interface Window {
    gridfront?: PreloadBridge;
  }
}

export type HostKindInUse = 'electron' | 'web';

/** Which transport this page uses. */
export function detectHost(): HostKindInUse {
  return typeof window !== 'undefined' && window.gridfront ? 'electron' : 'web';
}

function createHost(): HostApi {
  const bridge = typeof window !== 'undefined' ? window.gridfront : undefined;
  return createHostApi(bridge ? electronTransport(bridge) : httpTransport());
}

/** The host API for this page, e.g. `await host.scenarios.listBundled()`. */
export const host: HostApi = createHost();

export { HostError } from '../../../shared/host/errors.js';
export type * from '../../../shared/host/contract.js';
