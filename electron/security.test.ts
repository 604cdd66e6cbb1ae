import { describe, expect, it } from 'vitest';
import { APP_CSP, APP_START_URL, isAppUrl, mainWindowOptions, withCsp } from './security.js';

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
});
