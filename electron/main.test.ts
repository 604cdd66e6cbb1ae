// Loads the real main process against a stand-in for Electron's API (the binary is not
// needed), to check how it wires the window, the app:// scheme, IPC and navigation.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => {
  const state = {
    dataDir: '',
    ipc: {} as Record<string, (event: unknown, message: unknown) => Promise<unknown>>,
    protocols: {} as Record<string, (request: Request) => Promise<Response>>,
    schemes: [] as unknown[],
    windows: [] as { options: { webPreferences?: Record<string, unknown> }; url?: string }[],
    appEvents: {} as Record<string, (...args: unknown[]) => void>,
    headersHook: undefined as undefined | ((details: unknown, cb: (r: unknown) => void) => void),
    permissionHook: undefined as undefined | ((c: unknown, p: string, cb: (ok: boolean) => void) => void),
    permissionCheck: undefined as undefined | (() => boolean),
    ipcEvents: {} as Record<string, (event: unknown, value: unknown) => void>,
    menus: [] as unknown[][],
    sent: [] as unknown[][],
    opened: [] as string[],
  };
  return state;
});

vi.mock('electron', () => ({
  app: {
    whenReady: () => Promise.resolve(),
    getPath: () => fake.dataDir,
    setPath: () => {},
    on: (name: string, fn: (...args: unknown[]) => void) => {
      fake.appEvents[name] = fn;
    },
    quit: () => {},
    exit: () => {},
    requestSingleInstanceLock: () => true,
    isPackaged: false,
  },
  Menu: {
    buildFromTemplate: (template: unknown[]) => template,
    setApplicationMenu: (menu: unknown[]) => fake.menus.push(menu),
  },
  screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
  shell: { openExternal: async (url: string) => void fake.opened.push(url) },
  dialog: { showErrorBox: () => {} },
  BrowserWindow: class {
    static getAllWindows = () => fake.windows;
    url?: string;
    constructor(public options: { webPreferences?: Record<string, unknown> }) {
      fake.windows.push(this);
    }
    webContents = { send: (...args: unknown[]) => fake.sent.push(args) };
    once() {}
    on() {}
    isDestroyed = () => false;
    isMinimized = () => false;
    focus() {}
    getNormalBounds = () => ({ x: 0, y: 0, width: 1400, height: 900 });
    isMaximized = () => false;
    isFullScreen = () => false;
    async loadURL(url: string) {
      this.url = url;
    }
  },
  ipcMain: {
    handle: (channel: string, fn: (e: unknown, m: unknown) => Promise<unknown>) => (fake.ipc[channel] = fn),
    on: (channel: string, fn: (e: unknown, v: unknown) => void) => (fake.ipcEvents[channel] = fn),
  },
  protocol: {
    registerSchemesAsPrivileged: (schemes: unknown[]) => fake.schemes.push(...schemes),
    handle: (scheme: string, fn: (r: Request) => Promise<Response>) => (fake.protocols[scheme] = fn),
  },
  session: {
    defaultSession: {
      webRequest: { onHeadersReceived: (fn: typeof fake.headersHook) => (fake.headersHook = fn) },
      setPermissionRequestHandler: (fn: typeof fake.permissionHook) => (fake.permissionHook = fn),
      setPermissionCheckHandler: (fn: () => boolean) => (fake.permissionCheck = fn),
    },
  },
}));

const appFrame = { url: 'app://gridfront/index.html' };
const call = (frame: { url: string }, message: unknown, mainFrame: { url: string } = frame) =>
  fake.ipc['gf:invoke']!({ senderFrame: frame, sender: { mainFrame } }, message) as Promise<{ ok: boolean; value?: any; error?: any }>;

describe('Electron main process', () => {
  beforeAll(async () => {
    fake.dataDir = mkdtempSync(path.join(os.tmpdir(), 'gf-main-'));
    await import('./main.js');
    await vi.waitFor(() => expect(fake.windows).toHaveLength(1));
  });

  it('opens one sandboxed, context-isolated window on the app:// start page', () => {
    const [win] = fake.windows;
    expect(win!.url).toBe('app://gridfront/index.html');
    expect(win!.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
    expect(String(win!.options.webPreferences!.preload)).toMatch(/preload\.cjs$/);
  });

  it('answers calls from the app page through the shared router', async () => {
    const info = await call(appFrame, { channel: 'app.info' });
    expect(info).toMatchObject({ ok: true, value: { host: 'electron', dataDir: fake.dataDir } });
    const bad = await call(appFrame, { channel: 'scenarios.getBundled', payload: { id: '' } });
    expect(bad).toMatchObject({ ok: false, error: { code: 'bad-request' } });
  });

  it('refuses calls from foreign pages and from subframes of the app', async () => {
    expect(await call({ url: 'https://evil.example/' }, { channel: 'app.info' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await call({ url: 'app://gridfront/index.html' }, { channel: 'app.info' }, { url: 'app://gridfront/other' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
  });

  it('serves nothing outside the renderer folder or from another app:// host', async () => {
    const serve = fake.protocols.app!;
    const outside = await serve(new Request('app://gridfront/%2e%2e/%2e%2e/package.json'));
    expect(outside.status).toBe(404);
    const otherHost = await serve(new Request('app://elsewhere/index.html'));
    expect(otherHost.status).toBe(404);
  });

  it('puts the CSP on app responses that pass through the network stack', () => {
    let headers: Record<string, string[]> = {};
    fake.headersHook!({ url: 'app://gridfront/index.html', responseHeaders: {} }, (r) => (headers = (r as { responseHeaders: Record<string, string[]> }).responseHeaders));
    expect(headers['Content-Security-Policy']?.[0]).toContain("script-src 'self'");
  });

  it('denies new windows, foreign navigation, webviews and permission requests', () => {
    const hooks: Record<string, (...args: any[]) => unknown> = {};
    fake.appEvents['web-contents-created']!({}, {
      setWindowOpenHandler: (fn: () => unknown) => (hooks.open = fn),
      on: (name: string, fn: (...args: any[]) => unknown) => (hooks[name] = fn),
    });
    expect(hooks.open!({ url: 'https://example.com' })).toEqual({ action: 'deny' });
    expect(fake.opened).toEqual([]);
    const navigate = { preventDefault: vi.fn() };
    hooks['will-navigate']!(navigate, 'https://example.com');
    expect(navigate.preventDefault).toHaveBeenCalled();
    const webview = { preventDefault: vi.fn() };
    hooks['will-attach-webview']!(webview);
    expect(webview.preventDefault).toHaveBeenCalled();
    let granted: boolean | undefined;
    fake.permissionHook!({}, 'media', (ok) => (granted = ok));
    expect(granted).toBe(false);
    expect(fake.permissionCheck!()).toBe(false);
  });

  it('opens plain web links from the app page in the system browser, and nothing else', () => {
    const hooks: Record<string, (...args: any[]) => unknown> = {};
    const contents = (url: string) => ({
      getURL: () => url,
      setWindowOpenHandler: (fn: () => unknown) => (hooks.open = fn),
      on: () => {},
    });
    fake.appEvents['web-contents-created']!({}, contents('app://gridfront/index.html'));
    expect(hooks.open!({ url: 'https://svelte.dev/' })).toEqual({ action: 'deny' });
    expect(hooks.open!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    fake.appEvents['web-contents-created']!({}, contents('https://evil.example/'));
    expect(hooks.open!({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(fake.opened).toEqual(['https://svelte.dev/']);
  });

  it('builds the application menu and relabels Undo when the page reports its state', () => {
    const menu = () => JSON.stringify(fake.menus.at(-1));
    expect(menu()).toContain('Import pack…');
    const report = fake.ipcEvents['gf:menu-state']!;
    const event = { senderFrame: appFrame, sender: { mainFrame: appFrame } };
    report(event, { undoLabel: 'Paint terrain', redoLabel: null, open: { id: 'ros', title: 'Ros salient' } });
    expect(menu()).toContain('Undo Paint terrain');
    expect(menu()).toContain('Ros salient');
    // A foreign frame cannot change the menu.
    const foreign = { url: 'https://evil.example/' };
    report({ senderFrame: foreign, sender: { mainFrame: foreign } }, { undoLabel: 'Evil', redoLabel: null, open: null });
    expect(menu()).not.toContain('Undo Evil');
  });

  it('hands a pack from a second launch to the open window\'s import dialog', async () => {
    const { writeFileSync } = await import('node:fs');
    const { exportPack } = await import('./packs/export.js');
    const { scenario } = await import('./library/testing.js');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gf-second-'));
    writeFileSync(path.join(dir, 'shared.gfpack'), await exportPack({ name: 'Shared', version: '1.0' }, [{ json: scenario('shared-one', 'Shared one') }]));
    // The page is listening once it has reported its menu state.
    fake.ipcEvents['gf:menu-state']!({ senderFrame: appFrame, sender: { mainFrame: appFrame } }, { undoLabel: null, redoLabel: null, open: null });
    fake.sent.length = 0;
    fake.appEvents['second-instance']!({}, ['/usr/bin/gridfront', '--flag', 'shared.gfpack'], dir);
    await vi.waitFor(() => expect(fake.sent).toHaveLength(1));
    const [channel, message] = fake.sent[0] as [string, { command: string; arg: string }];
    expect(channel).toBe('gf:command');
    expect(message.command).toBe('file.importPack');
    const preview = await call(appFrame, { channel: 'packs.preview', payload: { uploadId: message.arg } });
    expect(preview).toMatchObject({ ok: true, value: { fileName: 'shared.gfpack', problems: [], items: [{ id: 'shared-one' }] } });
  });
});
