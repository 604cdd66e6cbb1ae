// Security settings of the desktop window, kept apart from main.ts so tests can check them
// without an Electron binary (only types are imported from 'electron').
import type { BrowserWindowConstructorOptions } from 'electron';
import { cspHeader } from '../shared/host/csp.js';

/** The renderer is served from this privileged custom scheme, never from file:// or http. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'gridfront';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_START_URL = `${APP_ORIGIN}/index.html`;

/** The CSP header Electron adds to every app page. */
export const APP_CSP = cspHeader();

/** True only for URLs of the app's own pages (the sender check for IPC and navigation). */
export function isAppUrl(url: string | undefined | null): boolean {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    // Node's URL gives custom schemes an opaque origin, so compare scheme and host instead.
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}

export function mainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1400,
    height: 900,
    minWidth: 900,
    minHeight: 600,
    title: 'Gridfront',
    show: false,
    backgroundColor: '#1d1f23',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  };
}

/** Adds the CSP to an app page's response headers (other responses pass untouched). */
export function withCsp(url: string, headers: Record<string, string | string[]> | undefined): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = { ...(headers ?? {}) };
  if (!isAppUrl(url)) return out;
  for (const key of Object.keys(out)) if (key.toLowerCase() === 'content-security-policy') delete out[key];
  out['Content-Security-Policy'] = [APP_CSP];
  return out;
}

/**
 * The only links handed to the operating system's browser (`shell.openExternal`): plain
 * http(s) web addresses, written by the app itself (About dialog, help). Anything else —
 * file:, custom schemes that launch programs, addresses with credentials, the local machine
 * (the web host, routers) — gets null and is not opened.
 */
export function safeExternalUrl(url: unknown): string | null {
  if (typeof url !== 'string' || url.length > 2048) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (parsed.username || parsed.password) return null;
  const host = parsed.hostname.toLowerCase();
  // A bare IP or a single-label name is never a link the app makes; both reach local services.
  if (!host.includes('.') || /^[\d.]+$/.test(host) || host.startsWith('[')) return null;
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) return null;
  return parsed.href;
}

/** Files Gridfront opens when the system hands them over (double-click, "Open with", second launch). */
export type LaunchFile = { kind: 'pack' | 'scenario'; path: string };

/** The pack or scenario files among command-line arguments (flags and other files ignored). */
export function launchFiles(argv: readonly string[]): LaunchFile[] {
  return argv.flatMap((arg): LaunchFile[] => {
    if (arg.startsWith('-')) return [];
    if (/\.gfpack$/i.test(arg)) return [{ kind: 'pack', path: arg }];
    if (/\.gfscenario\.json$/i.test(arg)) return [{ kind: 'scenario', path: arg }];
    return [];
  });
}
