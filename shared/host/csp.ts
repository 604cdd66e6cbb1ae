// The Content-Security-Policy every Gridfront page runs under, in both hosts (Electron and
// the web host) and in the <meta> tag of index.html. Kept pure so the renderer build, the
// main process and tests all read the same string.
//
// No 'unsafe-eval' (the renderer never compiles code at runtime, so validators are plain
// functions); no remote origins at all; `connect-src 'self'` is what the web host's
// `/api/invoke` needs; images may be data:/blob: URLs (thumbnails, canvas exports).
export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // Svelte transitions and Konva's container set inline style attributes.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-src': ["'none'"],
};

/** Directives a <meta> CSP cannot carry (browsers ignore them there). */
const HEADER_ONLY = new Set(['frame-ancestors']);

export function cspString(extra: Readonly<Record<string, readonly string[]>> = {}): string {
  const all = { ...CSP_DIRECTIVES, ...extra };
  return Object.entries(all)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** The policy as an HTTP header value (adds directives only headers may carry). */
export function cspHeader(): string {
  return cspString({ 'frame-ancestors': ["'none'"] });
}

/** The policy for the <meta http-equiv> tag in index.html. */
export function cspMeta(): string {
  return cspString(
    Object.fromEntries(Object.entries(CSP_DIRECTIVES).filter(([name]) => !HEADER_ONLY.has(name))),
  );
}
