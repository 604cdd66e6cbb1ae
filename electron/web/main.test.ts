import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT, defaultDataDir, newWebKey, parseWebArgs } from './main.js';

describe('web host options', () => {
  it('take --port and --data-dir, in either spelling, over the environment', () => {
    expect(parseWebArgs(['--port', '0', '--data-dir', '/tmp/d'], {})).toEqual({ port: 0, portGiven: true, dataDir: '/tmp/d', webKey: undefined });
    expect(parseWebArgs(['--port=6000'], { GF_PORT: '7000', GF_DATA_DIR: '/env' })).toEqual({ port: 6000, portGiven: true, dataDir: '/env', webKey: undefined });
    expect(parseWebArgs([], { GF_PORT: '7000' })).toEqual({ port: 7000, portGiven: true, dataDir: undefined, webKey: undefined });
    expect(parseWebArgs([], {})).toEqual({ port: DEFAULT_PORT, portGiven: false, dataDir: undefined, webKey: undefined });
  });

  it('take a launch key only when given (tests), and only a long URL-safe one; each launch makes its own otherwise', () => {
    expect(parseWebArgs(['--key', 'abcdefghij-KLMNOP_0123'], {}).webKey).toBe('abcdefghij-KLMNOP_0123');
    expect(parseWebArgs([], { GF_WEB_KEY: 'abcdefghij-KLMNOP_0123' }).webKey).toBe('abcdefghij-KLMNOP_0123');
    expect(() => parseWebArgs(['--key', 'short'], {})).toThrow(/at least 16/);
    expect(() => parseWebArgs(['--key', 'has spaces and is long enough'], {})).toThrow(/launch key/);
    const a = newWebKey();
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(newWebKey()).not.toBe(a);
  });

  it('refuse bad ports and unknown options with a plain message', () => {
    expect(() => parseWebArgs(['--port', 'abc'], {})).toThrow(/Port must be a whole number/);
    expect(() => parseWebArgs(['--port', '70000'], {})).toThrow(/Port/);
    expect(() => parseWebArgs(['--port'], {})).toThrow(/--port needs a value/);
    expect(() => parseWebArgs(['--verbose'], {})).toThrow(/Unknown option --verbose/);
  });

  it("keep data in Electron's own folder for Gridfront, so both modes share one library", () => {
    expect(defaultDataDir('linux', {}, '/home/ann')).toBe(path.join('/home/ann', '.config', 'Gridfront'));
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: '/cfg' }, '/home/ann')).toBe(path.join('/cfg', 'Gridfront'));
    expect(defaultDataDir('darwin', {}, '/Users/ann')).toBe(path.join('/Users/ann', 'Library', 'Application Support', 'Gridfront'));
    expect(defaultDataDir('win32', { APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' }, 'C:\\Users\\ann')).toBe(path.join('C:\\Users\\ann\\AppData\\Roaming', 'Gridfront'));
  });
});
