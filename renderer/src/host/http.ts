import type { Transport } from '../../../shared/host/client.js';

/** Calls the web host over `POST /api/invoke` on the page's own origin. */
export function httpTransport(endpoint: string = new URL('/api/invoke', window.location.origin).href): Transport {
  return async (channel, payload) => {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ channel, payload }),
      credentials: 'same-origin',
    });
    // Refusals (403/415/413) still carry an envelope; anything else is a broken host.
    const type = response.headers.get('content-type') ?? '';
    if (!type.includes('application/json')) throw new Error(`HTTP ${response.status} ${response.statusText}`);
    return response.json();
  };
}
