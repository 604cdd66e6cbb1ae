// The Electron main process: one locked-down window showing the renderer from the
// app:// scheme, and one IPC entry point that hands calls to the same router the web host
// uses. Services live in plain Node modules (electron/services, electron/library).
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, protocol, session } from 'electron';
import { IPC_INVOKE } from '../shared/host/bridge.js';
import type { InvokeResult } from '../shared/host/contract.js';
import { createHost, type Host } from './ipc/handlers.js';
import { appPaths, appVersion } from './paths.js';
import { APP_CSP, APP_HOST, APP_SCHEME, APP_START_URL, isAppUrl, mainWindowOptions, withCsp } from './security.js';
import { contentType, resolveStatic } from './web/static.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const paths = appPaths();

protocol.registerSchemesAsPrivileged([
  // Vite emits <script type="module" crossorigin>, which Chromium fetches in CORS mode.
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true } },
]);

// GF_DATA_DIR lets tests and portable installs keep data outside the user's profile.
if (process.env.GF_DATA_DIR) app.setPath('userData', path.resolve(process.env.GF_DATA_DIR));

let host: Host | undefined;

function serveApp(): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const file = url.host === APP_HOST ? resolveStatic(paths.renderer, url.pathname) : null;
    if (!file) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, {
        headers: { 'Content-Type': contentType(file), 'Content-Security-Policy': APP_CSP, 'X-Content-Type-Options': 'nosniff' },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
  // Belt and braces: any app response that reaches the network stack gets the policy too.
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withCsp(details.url, details.responseHeaders) });
  });
  // The app asks for no permissions (camera, notifications, ...); refuse them all.
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
}

function guardContents(): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-navigate', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}

function listenForCalls(activeHost: Host): void {
  ipcMain.handle(IPC_INVOKE, async (event, message: unknown): Promise<InvokeResult> => {
    const frame = event.senderFrame;
    // Only the app's own top-level page may call; not a subframe, not a foreign page.
    if (!frame || frame !== event.sender.mainFrame || !isAppUrl(frame.url)) {
      return { ok: false, error: { code: 'forbidden', message: 'Calls are only accepted from the Gridfront window.' } };
    }
    if (typeof message !== 'object' || message === null) {
      return { ok: false, error: { code: 'bad-request', message: 'Send {channel, payload}.' } };
    }
    const { channel, payload } = message as { channel?: unknown; payload?: unknown };
    return activeHost.router.handle(channel, payload, { host: 'electron', origin: frame.url });
  });
}

const SAVE_FILTERS: Record<'pdf' | 'png' | 'zip', Electron.FileFilter> = {
  pdf: { name: 'PDF document', extensions: ['pdf'] },
  png: { name: 'PNG image', extensions: ['png'] },
  zip: { name: 'Zip of PNG images', extensions: ['zip'] },
};

/** The native save dialog for print output, over the window that asked; null when cancelled. */
async function chooseSavePath(request: { defaultName: string; kind: keyof typeof SAVE_FILTERS }): Promise<string | null> {
  const options: Electron.SaveDialogOptions = {
    defaultPath: path.join(app.getPath('documents'), request.defaultName),
    filters: [SAVE_FILTERS[request.kind]],
  };
  const win = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
  const result = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
  return result.canceled || !result.filePath ? null : result.filePath;
}

async function openWindow(): Promise<BrowserWindow> {
  const win = new BrowserWindow(mainWindowOptions(path.join(here, 'preload.cjs')));
  win.once('ready-to-show', () => win.show());
  await win.loadURL(APP_START_URL);
  return win;
}

async function start(): Promise<void> {
  await app.whenReady();
  const dataDir = app.getPath('userData');
  mkdirSync(dataDir, { recursive: true });
  host = createHost({
    host: 'electron',
    version: appVersion(paths.root),
    dataDir,
    scenariosDir: paths.scenarios,
    runtime: { node: process.versions.node, electron: process.versions.electron, chrome: process.versions.chrome },
    onBundledProblem: (p) => console.warn(`[gridfront] bundled scenario left out: ${p.message}`),
    onSeeded: (message) => console.log(`[gridfront] ${message}`),
    chooseSavePath,
  });
  serveApp();
  listenForCalls(host);
  await openWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) void openWindow();
  });
}

// One instance per user: a second launch brings the open window forward instead of
// starting another copy on the same library.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    const [win] = BrowserWindow.getAllWindows();
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
  });
  guardContents();
  start().catch((err: unknown) => {
    console.error('[gridfront] could not start:', err);
    app.exit(1);
  });
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
app.on('will-quit', () => {
  void host?.close();
});
