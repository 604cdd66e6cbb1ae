import { describe, expect, it } from 'vitest';
import { APP_CSP, APP_START_URL, isAppUrl, launchFiles, mainWindowOptions, safeExternalUrl, withCsp } from './security.js';

describe('desktop window security', () => {
  it('isolates the renderer from Node and Electron', () => {
    const prefs = mainWindowOptions('/app/preload.cjs').webPreferences!;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
      preload: '/app/preload.cjs',
    });
  });

  it('uses a CSP with no eval, no inline scripts and no remote origins', () => {
    expect(APP_CSP).toContain("script-src 'self'");
    expect(APP_CSP).not.toMatch(/unsafe-eval|https?:|\*/);
    expect(APP_CSP).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(APP_CSP).toContain("object-src 'none'");
  });

  it('recognises only the app origin as its own', () => {
    expect(isAppUrl(APP_START_URL)).toBe(true);
    expect(isAppUrl('app://gridfront/assets/x.js')).toBe(true);
    for (const url of ['https://gridfront/', 'app://evil/index.html', 'file:///index.html', 'app://user@gridfront/', 'devtools://devtools', '', 'not a url', undefined]) {
      expect(isAppUrl(url), String(url)).toBe(false);
    }
  });

  it('puts the CSP on app pages, replacing any other policy, and leaves other responses alone', () => {
    const app = withCsp(APP_START_URL, { 'content-security-policy': ["default-src *"], 'X-Other': ['1'] });
    expect(app['Content-Security-Policy']).toEqual([APP_CSP]);
    expect(app['content-security-policy']).toBeUndefined();
    expect(app['X-Other']).toEqual(['1']);
    expect(withCsp('https://example.com/', { a: 'b' })).toEqual({ a: 'b' });
  });

  it('keeps the window sandboxed against Node everywhere: workers, subframes, webviews, drag-and-drop navigation', () => {
    const options = mainWindowOptions('/app/preload.cjs');
    expect(options.show).toBe(false);
    expect(options.webPreferences).toMatchObject({
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
    });
  });

  it('spells out a complete policy: no plugins, frames, base or form targets, and connections only to itself', () => {
    const directives = Object.fromEntries(APP_CSP.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives).toMatchObject({
      'default-src': ["'self'"],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-src': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
  });

  it('hands only plain web links to the system browser', () => {
    expect(safeExternalUrl('https://svelte.dev/docs')).toBe('https://svelte.dev/docs');
    expect(safeExternalUrl('http://konvajs.org')).toBe('http://konvajs.org/');
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'ms-msdt:/id PCWDiagnostic',
      'smb://server/share',
      'app://gridfront/index.html',
      'https://user:pw@example.com/',
      'http://127.0.0.1:4000/api/invoke',
      'http://localhost:5173/',
      'http://router/',
      'http://[::1]/',
      'https://printer.local/',
      'https://example.com/' + 'x'.repeat(3000),
      'not a url',
      42,
      undefined,
    ]) {
      expect(safeExternalUrl(url), String(url)).toBeNull();
    }
  });

  it('picks pack and scenario files out of the command line, ignoring flags and other files', () => {
    expect(
      launchFiles(['/opt/Gridfront/gridfront', '--no-sandbox', '/home/me/Eastern Front.gfpack', 'notes.txt', 'C:\\maps\\ros.gfscenario.json', 'plain.json']),
    ).toEqual([
      { kind: 'pack', path: '/home/me/Eastern Front.gfpack' },
      { kind: 'scenario', path: 'C:\\maps\\ros.gfscenario.json' },
    ]);
  });
});
