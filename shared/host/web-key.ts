// The web host's per-launch key. `npm run web` (and the browser mode of `npm start`) makes a
// random key at each launch and prints the address with it in the fragment
// (http://127.0.0.1:5174/#key=...); the page keeps it for the tab and sends it with every
// call. The host refuses calls without it, so another local user or program cannot drive the
// library through the port. A fragment never leaves the browser in a request line or Referer.

/** The request header that carries the key. */
export const WEB_KEY_HEADER = 'X-Gridfront-Key';
/** The fragment parameter of the printed address: #key=... */
export const WEB_KEY_PARAM = 'key';
/** Where the page keeps the key for its tab (sessionStorage). */
export const WEB_KEY_STORAGE = 'gridfront.webKey';
/** A key must be this long at least (the host makes 32 random characters). */
export const WEB_KEY_MIN_LENGTH = 16;
const KEY_CHARS = /^[A-Za-z0-9_-]+$/;

/** Whether `key` may serve as a launch key (long enough, URL-safe characters only). */
export function isWebKey(key: unknown): key is string {
  return typeof key === 'string' && key.length >= WEB_KEY_MIN_LENGTH && key.length <= 256 && KEY_CHARS.test(key);
}

/** The key in an address's fragment (#key=...), or null. */
export function webKeyFromUrl(url: string): string | null {
  const hash = url.includes('#') ? url.slice(url.indexOf('#') + 1) : '';
  const key = new URLSearchParams(hash).get(WEB_KEY_PARAM);
  return isWebKey(key) ? key : null;
}

/** The address to open: the host's URL with the key in its fragment. */
export function urlWithWebKey(url: string, key: string): string {
  return `${url.split('#')[0]}#${WEB_KEY_PARAM}=${key}`;
}
