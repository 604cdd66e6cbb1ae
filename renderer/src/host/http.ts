import type { Transport } from '../../../shared/host/client.js';
import { WEB_KEY_HEADER, WEB_KEY_STORAGE as STORE, webKeyFromUrl } from '../../../shared/host/web-key.js';

/**
 * The web host's launch key for this tab. It comes in the fragment of the address the host
 * printed (#key=...); the page keeps it for the tab (reloads included) and takes it out of the
 * address bar, so it is not left on screen or in bookmarks.
 */
export function webKey(): string | null {
  if (typeof window === 'undefined') return null;
  const fromUrl = webKeyFromUrl(window.location.href);
  if (fromUrl) {
    try {
      window.sessionStorage.setItem(STORE, fromUrl);
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    } catch {
      // No storage (a locked-down browser): the key is read from the address again next time.
    }
    return fromUrl;
  }
  try {
    return window.sessionStorage.getItem(STORE);
  } catch {
    return null;
  }
}

/** The header that proves this page was opened from the host's printed address. */
export function webKeyHeaders(): Record<string, string> {
  const key = webKey();
  return key ? { [WEB_KEY_HEADER]: key } : {};
}

/** Calls the web host over `POST /api/invoke` on the page's own origin, with the launch key. */
export function httpTransport(endpoint: string = new URL('/api/invoke', window.location.origin).href): Transport {
  webKey(); // keep the key from the address before anything else reads or changes it
  return async (channel, payload) => {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...webKeyHeaders() },
      body: JSON.stringify({ channel, payload }),
      credentials: 'same-origin',
    });
    // Refusals (403/415/413) still carry an envelope; anything else is a broken host.
    const type = response.headers.get('content-type') ?? '';
    if (!type.includes('application/json')) throw new Error(`HTTP ${response.status} ${response.statusText}`);
    return response.json();
  };
}
