// The Electron main process: one locked-down window showing the renderer from the
// app:// scheme, and one IPC entry point that hands calls to the same router the web host
// uses. Services live in plain Node modules (electron/services, electron/library). Around
// them: the application menu (electron/menu.ts) whose commands go to the page, the window's
// remembered size and place, the recent list, and files the system hands over (.gfpack,
// .gfscenario.json) from a double-click, a second launch or macOS's open-file.
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, screen, session, shell } from 'electron';
import { IPC_INVOKE } from '../shared/host/bridge.js';
import { asMenuState, IPC_COMMAND, IPC_MENU_STATE, type CommandMessage, type MenuState } from '../shared/host/commands.js';
import type { ImportResult, InvokeResult } from '../shared/host/contract.js';
import { BUNDLE_FILES } from './bundle-files.js';
import { createHost, type Host } from './ipc/handlers.js';
import { appPaths, appVersion } from './paths.js';
import { INITIAL_MENU_STATE, menuTemplate } from './menu.js';
import { openRecentStore, type RecentStore } from './recent.js';
import {
  APP_CSP,
  APP_HOST,
  APP_SCHEME,
  APP_START_URL,
  isAppUrl,
  launchFiles,
  mainWindowOptions,
  safeExternalUrl,
  withCsp,
  type LaunchFile,
} from './security.js';
import { readWindowState, restoreWindowState, trackWindow, writeWindowState } from './window-state.js';
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
let mainWindow: BrowserWindow | undefined;
let recent: RecentStore | undefined;
let menuState: MenuState = INITIAL_MENU_STATE;
/** Set once the page has subscribed to commands (its first menu-state message). */
let pageReady = false;
/** Commands and handed-over files waiting for the page. */
const pendingCommands: CommandMessage[] = [];
const pendingFiles: LaunchFile[] = [];

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
    contents.setWindowOpenHandler(({ url }) => {
      // No window ever opens. A web link in the app's own page (About, help) goes to the
      // system browser, and only if it is a plain http(s) address (see safeExternalUrl).
      const safe = isAppUrl(contents.getURL?.()) ? safeExternalUrl(url) : null;
      if (safe) void shell.openExternal(safe);
      return { action: 'deny' };
    });
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

const SAVE_FILTERS: Record<'pdf' | 'png' | 'zip' | 'gfpack', Electron.FileFilter> = {
  pdf: { name: 'PDF document', extensions: ['pdf'] },
  png: { name: 'PNG image', extensions: ['png'] },
  zip: { name: 'Zip of PNG images', extensions: ['zip'] },
  gfpack: { name: 'Gridfront scenario pack', extensions: ['gfpack'] },
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

/** The native open dialog for a pack; null when cancelled. */
async function choosePackPath(): Promise<string | null> {
  const options: Electron.OpenDialogOptions = {
    properties: ['openFile'],
    filters: [{ name: 'Gridfront scenario pack', extensions: ['gfpack'] }],
  };
  const win = BrowserWindow.getFocusedWindow() ?? mainWindow;
  const result = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
  return result.canceled || !result.filePaths[0] ? null : result.filePaths[0];
}

/** Sends a menu command to the page, or keeps it until the page is listening. */
function sendCommand(message: CommandMessage): void {
  if (!mainWindow || mainWindow.isDestroyed() || !pageReady) {
    pendingCommands.push(message);
    return;
  }
  mainWindow.webContents.send(IPC_COMMAND, message);
}

function refreshMenu(): void {
  const template = menuTemplate({
    platform: process.platform,
    state: menuState,
    recent: recent?.list() ?? [],
    isPackaged: app.isPackaged,
    send: sendCommand,
    clearRecent: () => {
      recent?.clear();
      refreshMenu();
    },
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

function listenForMenuState(): void {
  ipcMain.on(IPC_MENU_STATE, (event, value: unknown) => {
    const frame = event.senderFrame;
    if (!frame || frame !== event.sender.mainFrame || !isAppUrl(frame.url)) return;
    const state = asMenuState(value);
    if (!state) return;
    // A new scenario on screen, or the open one renamed, goes (back) to the top of the recent list.
    if (state.open && (state.open.id !== menuState.open?.id || state.open.title !== menuState.open?.title)) recent?.add(state.open);
    menuState = state;
    refreshMenu();
    if (!pageReady) {
      pageReady = true;
      for (const message of pendingCommands.splice(0)) sendCommand(message);
      void openHandedFiles();
    }
  });
}

/** Opens files the system handed over: a pack goes to the import dialog, a scenario into the library and onto the screen. */
async function openHandedFiles(): Promise<void> {
  if (!host || !pageReady) return;
  for (const file of pendingFiles.splice(0)) {
    try {
      if (file.kind === 'pack') {
        const preview = await host.stagePackPath(file.path);
        sendCommand({ command: 'file.importPack', arg: preview.uploadId });
      } else {
        const text = await readFile(file.path, 'utf8');
        const answer = await host.router.handle(
          'library.importFiles',
          { files: [{ name: path.basename(file.path), text }] },
          { host: 'electron', origin: 'main-process' },
        );
        const result = answer.ok ? (answer.value as ImportResult[])[0] : undefined;
        if (result?.ok) sendCommand({ command: 'file.openRecent', arg: result.id });
        else {
          const why = !answer.ok ? answer.error.message : result && !result.ok ? result.issues.map((i) => `${i.pointer || '/'}: ${i.message}`).slice(0, 8).join('\n') : 'unknown';
          dialog.showErrorBox('Scenario not opened', `${path.basename(file.path)} could not be added to the library:\n${why}`);
        }
      }
    } catch (err) {
      dialog.showErrorBox('File not opened', `${file.path}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

function handFiles(files: LaunchFile[]): void {
  if (!files.length) return;
  pendingFiles.push(...files);
  void openHandedFiles();
}

function focusMainWindow(): void {
  const win = mainWindow && !mainWindow.isDestroyed() ? mainWindow : BrowserWindow.getAllWindows()[0];
  if (!win) return;
  if (win.isMinimized()) win.restore();
  win.focus();
}

const WINDOW_LIMITS = { width: 1400, height: 900, minWidth: 900, minHeight: 600 };

async function openWindow(): Promise<BrowserWindow> {
  const stateFile = path.join(app.getPath('userData'), 'window-state.json');
  const displays = screen.getAllDisplays().map((d) => d.workArea);
  const saved = restoreWindowState(readWindowState(stateFile), displays, WINDOW_LIMITS);
  const { maximized, fullScreen, ...bounds } = saved;
  const win = new BrowserWindow({ ...mainWindowOptions(path.join(here, BUNDLE_FILES.preload)), ...bounds });
  mainWindow = win;
  pageReady = false;
  trackWindow(win, (state) => writeWindowState(stateFile, state));
  win.once('ready-to-show', () => {
    if (maximized) win.maximize();
    if (fullScreen) win.setFullScreen(true);
    win.show();
  });
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
    choosePackSavePath: chooseSavePath,
    choosePackOpenPath: choosePackPath,
  });
  recent = openRecentStore(path.join(dataDir, 'recent.json'));
  serveApp();
  listenForCalls(host);
  listenForMenuState();
  refreshMenu();
  // A pack or scenario named on the first launch's command line (file association on Windows/Linux).
  handFiles(launchFiles(process.argv.slice(app.isPackaged ? 1 : 2)).map((f) => ({ ...f, path: path.resolve(f.path) })));
  await openWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) void openWindow();
  });
}

// One instance per user: a second launch brings the open window forward instead of
// starting another copy on the same library, and hands it any pack or scenario it was given.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', (_event, argv: string[], workingDirectory: string) => {
    focusMainWindow();
    handFiles(launchFiles(argv.slice(1)).map((f) => ({ ...f, path: path.resolve(workingDirectory, f.path) })));
  });
  // macOS hands files over with open-file, possibly before the app is ready.
  app.on('open-file', (event, file: string) => {
    event.preventDefault();
    focusMainWindow();
    handFiles(launchFiles([file]));
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
