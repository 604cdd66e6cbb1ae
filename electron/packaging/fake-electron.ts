// A stand-in for the 'electron' module, for running the BUILT main process under plain Node
// (Electron's binary cannot be downloaded here). It implements the slice of Electron's API
// that electron/main.ts uses and records every call in `recorded`, which the probe
// (probe-main.ts) reads. built-app.test.ts bundles this file into the staged app's
// node_modules/electron, where the bundle's `import ... from 'electron'` finds it.

type Listener = (...args: any[]) => unknown;

export interface FakeWindow {
  options: Record<string, any>;
  url?: string;
  sent: unknown[][];
}

export interface Recorded {
  privilegedSchemes: { scheme: string; privileges: Record<string, boolean> }[];
  protocolHandlers: Record<string, (request: Request) => Promise<Response>>;
  ipcHandlers: Record<string, Listener>;
  ipcListeners: Record<string, Listener>;
  appEvents: Record<string, Listener>;
  windows: FakeWindow[];
  menus: number;
  headersHook: boolean;
  permissionHandlers: number;
  unsupported: string[];
}

/** Where the probe finds the record: a global, since the probe bundle has its own module copies. */
export const RECORD_KEY = '__gridfrontFakeElectron';

const recorded: Recorded = {
  privilegedSchemes: [] as { scheme: string; privileges: Record<string, boolean> }[],
  protocolHandlers: {} as Record<string, (request: Request) => Promise<Response>>,
  ipcHandlers: {} as Record<string, Listener>,
  ipcListeners: {} as Record<string, Listener>,
  appEvents: {} as Record<string, Listener>,
  windows: [] as FakeWindow[],
  menus: 0,
  headersHook: false,
  permissionHandlers: 0,
  /** Calls into the fake that it does not implement: the main process expects more than it offers. */
  unsupported: [] as string[],
};
(globalThis as Record<string, unknown>)[RECORD_KEY] = recorded;

// app.getPath's folders, under GF_FAKE_ELECTRON_HOME (set by the test that starts the probe).
const home = process.env.GF_FAKE_ELECTRON_HOME ?? '/nonexistent-fake-electron-home';
const paths: Record<string, string> = Object.fromEntries(['userData', 'documents', 'temp', 'home'].map((name) => [name, `${home}/${name}`]));

export const app = {
  isPackaged: true,
  whenReady: () => Promise.resolve(),
  getPath(name: string): string {
    const value = paths[name];
    if (!value) throw new Error(`fake electron: app.getPath('${name}') was not set up`);
    return value;
  },
  setPath(name: string, value: string): void {
    paths[name] = value;
  },
  on(event: string, listener: Listener) {
    recorded.appEvents[event] = listener;
    return app;
  },
  requestSingleInstanceLock: () => true,
  quit: () => {},
  exit: (code?: number) => {
    recorded.unsupported.push(`app.exit(${code ?? 0}) — the main process gave up`);
  },
};

export const protocol = {
  registerSchemesAsPrivileged(schemes: { scheme: string; privileges: Record<string, boolean> }[]) {
    recorded.privilegedSchemes.push(...schemes);
  },
  handle(scheme: string, handler: (request: Request) => Promise<Response>) {
    recorded.protocolHandlers[scheme] = handler;
  },
};

export const ipcMain = {
  handle(channel: string, listener: Listener) {
    if (recorded.ipcHandlers[channel]) throw new Error(`Attempted to register a second handler for '${channel}'`);
    recorded.ipcHandlers[channel] = listener;
  },
  on(channel: string, listener: Listener) {
    recorded.ipcListeners[channel] = listener;
    return ipcMain;
  },
};

export const session = {
  defaultSession: {
    webRequest: {
      onHeadersReceived() {
        recorded.headersHook = true;
      },
    },
    setPermissionRequestHandler() {
      recorded.permissionHandlers++;
    },
    setPermissionCheckHandler() {
      recorded.permissionHandlers++;
    },
  },
};

export const Menu = {
  buildFromTemplate: (template: unknown[]) => template,
  setApplicationMenu() {
    recorded.menus++;
  },
};

export const screen = {
  getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
};

export const shell = {
  openExternal: async () => {},
};

export const dialog = {
  showErrorBox(title: string, content: string) {
    recorded.unsupported.push(`dialog.showErrorBox: ${title}: ${content}`);
  },
  showSaveDialog: async () => ({ canceled: true }),
  showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
};

export class BrowserWindow {
  static getAllWindows = (): BrowserWindow[] => instances;
  static getFocusedWindow = (): BrowserWindow | null => null;
  private readonly record: FakeWindow;
  readonly webContents: { send: (...args: unknown[]) => void };

  constructor(options: Record<string, any>) {
    this.record = { options, sent: [] };
    this.webContents = { send: (...args) => void this.record.sent.push(args) };
    recorded.windows.push(this.record);
    instances.push(this);
  }
  once(): this {
    return this;
  }
  on(): this {
    return this;
  }
  isDestroyed = () => false;
  isMinimized = () => false;
  isMaximized = () => false;
  isFullScreen = () => false;
  restore() {}
  focus() {}
  show() {}
  maximize() {}
  setFullScreen() {}
  getNormalBounds = () => ({ x: 0, y: 0, width: 1400, height: 900 });
  async loadURL(url: string): Promise<void> {
    this.record.url = url;
  }
}
const instances: BrowserWindow[] = [];

export default { app, protocol, ipcMain, session, Menu, screen, shell, dialog, BrowserWindow };
