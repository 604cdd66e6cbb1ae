// What ships, checked without Electron: the main process, preload and worker are built into
// a temporary folder (scripts/build-electron.ts), laid out as electron-builder packs them
// (stage-app.ts reads electron-builder.yml with electron-builder's own matcher), and the
// BUILT main.js is started under plain Node with a stand-in 'electron' (probe-app.ts). The
// renderer is the one `npm run build:renderer` made. `npm run dist -- --dry-run` does the same
// with electron-builder's real output.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildElectron } from '../../scripts/build-electron.js';
import { IPC_INVOKE } from '../../shared/host/bridge.js';
import { IPC_COMMAND, IPC_MENU_STATE } from '../../shared/host/commands.js';
import { channelNames } from '../../shared/host/contract.js';
import { BUNDLE_FILES } from '../bundle-files.js';
import { bundlePath, checkReport, probeApp } from './probe-app.js';
import type { ProbeReport } from './probe-main.js';
import { readPackagingPatterns, stageApp, type StagedApp } from './stage-app.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string; main: string; dependencies: Record<string, string> };
const bundledScenarioFiles = readdirSync(path.join(root, 'scenarios')).filter((f) => f.endsWith('.json'));

let tmp: string;
let staged: StagedApp;
let report: ProbeReport;

beforeAll(async () => {
  if (!existsSync(path.join(root, 'dist', 'renderer', 'index.html'))) {
    throw new Error('The renderer is not built (no dist/renderer/index.html): run `npm run build:renderer` before this test.');
  }
  tmp = mkdtempSync(path.join(os.tmpdir(), 'gf-built-app-'));
  // A project-shaped source: a fresh build of the main process, the rest linked from here.
  const source = path.join(tmp, 'project');
  mkdirSync(source);
  await buildElectron({ outRoot: path.join(source, 'dist-electron'), sourcemap: true });
  for (const name of readdirSync(root)) {
    if (['dist-electron', 'node_modules', '.git', 'release'].includes(name)) continue;
    symlinkSync(path.join(root, name), path.join(source, name));
  }
  staged = stageApp(source, path.join(tmp, 'resources'), await readPackagingPatterns(root), path.join(root, 'node_modules'));
  report = await probeApp(staged, tmp);
}, 120_000);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('the packaged desktop app (built bundle, electron-builder layout, stand-in Electron)', () => {
  it('packs package.json "main", the preload, the renderer and every bundled scenario into app.asar', () => {
    expect(pkg.main).toBe(bundlePath(BUNDLE_FILES.main));
    for (const file of [pkg.main, bundlePath(BUNDLE_FILES.preload), 'package.json', 'dist/renderer/index.html', ...bundledScenarioFiles.map((f) => `scenarios/${f}`)]) {
      expect(staged.files, file).toContain(file);
      expect(existsSync(path.join(staged.asar, file)), file).toBe(true);
    }
    // Source maps stay out of the package.
    expect(staged.files.filter((f) => f.endsWith('.map'))).toEqual([]);
  });

  it('unpacks the simulation worker beside app.asar, since worker threads cannot load from inside it', () => {
    expect(staged.unpackedFiles).toEqual([bundlePath(BUNDLE_FILES.simWorker)]);
    expect(report.worker.path).toBe(path.join(staged.unpacked, bundlePath(BUNDLE_FILES.simWorker)));
    expect(report.worker.exists).toBe(true);
  });

  it('plays games on the unpacked worker exactly as in the main thread (the worker is self-contained)', () => {
    expect(report.worker.onWorker).toHaveLength(2);
    expect(report.worker.onWorker).toEqual(report.worker.inThread);
  });

  it('passes every check the packaging dry run makes', () => {
    expect(checkReport(report, staged)).toEqual([]);
  });

  it('opens one locked-down window on app://gridfront/index.html with the packaged preload', () => {
    expect(report.unsupported).toEqual([]);
    expect(report.windows).toHaveLength(1);
    const [win] = report.windows;
    expect(win!.url).toBe('app://gridfront/index.html');
    expect(win!.options).toMatchObject({
      show: false,
      webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false, nodeIntegrationInWorker: false, webSecurity: true, webviewTag: false },
    });
    expect(win!.options.webPreferences.preload).toBe(path.join(staged.asar, bundlePath(BUNDLE_FILES.preload)));
    expect(report.privilegedSchemes).toEqual([{ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }]);
    expect(report.protocols).toEqual(['app']);
    expect(report.headersHook).toBe(true);
    expect(report.permissionHandlers).toBe(2);
    expect(report.menus).toBeGreaterThan(0);
    expect(report.appEvents).toEqual(expect.arrayContaining(['second-instance', 'open-file', 'web-contents-created', 'window-all-closed', 'will-quit']));
  });

  it('serves the built renderer from app.asar over app://: every asset index.html names and the workers its scripts load, with the CSP', () => {
    expect(report.served[0]).toMatchObject({ path: 'index.html', status: 200, csp: true });
    expect(report.served.filter((s) => s.path.endsWith('.js')).length).toBeGreaterThan(0);
    // The chunks the main script imports on first use (the balance report, the Tiled exchange) and
    // the web workers the scripts load by URL: the balance report's and the scenario checks'.
    expect(report.served.map((s) => s.path)).toContainEqual(expect.stringMatching(/^assets\/BalanceReport-[\w-]+\.js$/));
    expect(report.served.map((s) => s.path)).toContainEqual(expect.stringMatching(/^assets\/BalanceReport-[\w-]+\.css$/));
    expect(report.served.map((s) => s.path)).toContainEqual(expect.stringMatching(/^assets\/tiled-[\w-]+\.js$/));
    expect(report.served.map((s) => s.path)).toContainEqual(expect.stringMatching(/^assets\/balance\.worker-[\w-]+\.js$/));
    expect(report.served.map((s) => s.path)).toContainEqual(expect.stringMatching(/^assets\/checks\.worker-[\w-]+\.js$/));
    for (const file of report.served) expect(file, file.path).toMatchObject({ status: 200, csp: true });
  });

  it('routes every channel of the host contract over IPC, and knows no others', () => {
    expect(report.ipcHandlers).toEqual([IPC_INVOKE]);
    expect(report.ipcListeners).toEqual([IPC_MENU_STATE]);
    expect(IPC_COMMAND).toBe('gf:command');
    // A payload no channel accepts: a routed channel says bad-request, an unknown one unknown-channel.
    for (const channel of channelNames) expect(report.channelAnswers[channel], channel).toBe('bad-request');
    expect(report.channelAnswers['no.suchChannel']).toBe('unknown-channel');
    expect(report.appInfo).toMatchObject({ host: 'electron', version: pkg.version, dataDir: path.join(tmp, 'user-data') });
  });

  it('finds the bundled scenarios in app.asar and seeds a new library with them (better-sqlite3 loads)', () => {
    expect(report.bundledScenarios).toBe(bundledScenarioFiles.length);
    expect(report.libraryScenarios).toBe(bundledScenarioFiles.length);
  });

  it('the main bundle imports only Node built-ins, electron and production dependencies; the worker only Node built-ins', () => {
    const imports = (file: string) => {
      const code = readFileSync(file, 'utf8');
      const found = [...code.matchAll(/(?:^|[;\s])(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)|\brequire\(\s*["']([^"']+)["']\s*\)/gm)];
      return [...new Set(found.map((m) => m[1] ?? m[2] ?? m[3]!))];
    };
    const builtin = (name: string) => name.startsWith('node:') || builtinModules.includes(name);
    const packageName = (name: string) => (name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0]!);
    const fromMain = imports(path.join(staged.asar, pkg.main));
    expect(fromMain).toContain('electron');
    expect(fromMain).toContain('better-sqlite3');
    expect(fromMain.filter((n) => !builtin(n) && n !== 'electron' && !(packageName(n) in pkg.dependencies))).toEqual([]);
    // The same statement-shaped scan as the main bundle's: a bare `from "…"` also matches rule
    // text in the bundle (a message that reads "… from ", " …").
    const fromWorker = imports(path.join(staged.unpacked, bundlePath(BUNDLE_FILES.simWorker)));
    expect(fromWorker.length).toBeGreaterThan(0);
    expect(fromWorker.filter((n) => !builtin(n))).toEqual([]);
  });

  it('the preload is one CommonJS file that requires nothing but electron, and exposes only the narrow bridge', async () => {
    const code = readFileSync(path.join(staged.asar, bundlePath(BUNDLE_FILES.preload)), 'utf8');
    const required: string[] = [];
    const exposed: Record<string, any> = {};
    const invoked: unknown[][] = [];
    const electron = {
      contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
      ipcRenderer: { invoke: async (...args: unknown[]) => invoked.push(args), on() {}, removeListener() {}, send() {} },
    };
    // Compiled as a CommonJS function body: ES module syntax would not compile at all.
    const run = vm.runInNewContext(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, { console }) as (...args: unknown[]) => void;
    const module = { exports: {} };
    run(module.exports, (name: string) => {
      required.push(name);
      if (name !== 'electron') throw new Error(`a sandboxed preload cannot require ${name}`);
      return electron;
    }, module, 'preload.cjs', '.');
    expect(required).toEqual(['electron']);
    expect(Object.keys(exposed)).toEqual(['gridfront']);
    expect(Object.keys(exposed.gridfront).sort()).toEqual(['bridgeVersion', 'invoke', 'onCommand', 'setMenuState']);
    await exposed.gridfront.invoke('app.info', undefined);
    expect(invoked).toEqual([[IPC_INVOKE, { channel: 'app.info', payload: undefined }]]);
    expect(await exposed.gridfront.invoke('fs.readFile', '/etc/passwd')).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
    expect(invoked).toHaveLength(1);
  });
});
