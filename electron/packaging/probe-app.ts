// Runs a packaged app's main process under plain Node: `resources/app.asar` (a folder holding
// what the archive holds) and `resources/app.asar.unpacked`, as stage-app.ts lays them out or
// extractAsar() unpacks them from electron-builder's output. A stand-in 'electron'
// (fake-electron.ts) goes into app.asar/node_modules and the probe (probe-main.ts) next to
// main.js; the probe's JSON report is returned, and checkReport() says what in it is wrong.
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';
import { IPC_INVOKE } from '../../shared/host/bridge.js';
import { IPC_MENU_STATE } from '../../shared/host/commands.js';
import { channelNames } from '../../shared/host/contract.js';
import { BUNDLE_DIR, BUNDLE_FILES } from '../bundle-files.js';
import type { ProbeReport } from './probe-main.js';

const require = createRequire(import.meta.url);
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** App-relative path of a bundle (package.json "main" is bundlePath(BUNDLE_FILES.main)). */
export const bundlePath = (file: string): string => `dist-electron/${BUNDLE_DIR}/${file}`;

export interface AppFolders {
  /** The folder playing app.asar. */
  asar: string;
  /** app.asar.unpacked beside it. */
  unpacked: string;
}

/**
 * Unpacks electron-builder's `app.asar` into `<out>/app.asar/` and copies its
 * `app.asar.unpacked/` beside it. Files the archive lists as unpacked are in both: Electron's
 * fs shows them to the main process at their app.asar path too (that is how better-sqlite3
 * loads), while a worker thread must be started from the unpacked copy.
 */
export function extractAsar(asarFile: string, out: string): AppFolders & { files: string[]; unpackedFiles: string[] } {
  const asar = require('@electron/asar') as {
    listPackage(file: string, options: { isPack: boolean }): string[];
    statFile(file: string, name: string): { unpacked?: boolean; files?: unknown };
    extractFile(file: string, name: string): Buffer;
  };
  const folders = { asar: path.join(out, 'app.asar'), unpacked: path.join(out, 'app.asar.unpacked') };
  const files: string[] = [];
  const unpackedFiles: string[] = [];
  for (const entry of asar.listPackage(asarFile, { isPack: false })) {
    const name = entry.replace(/^[\\/]/, '').split(path.sep).join('/');
    const stat = asar.statFile(asarFile, name);
    if (stat.files) continue;
    files.push(name);
    const target = path.join(folders.asar, name);
    mkdirSync(path.dirname(target), { recursive: true });
    if (stat.unpacked) {
      unpackedFiles.push(name);
      copyFileSync(path.join(`${asarFile}.unpacked`, name), target);
    } else writeFileSync(target, asar.extractFile(asarFile, name));
  }
  const unpackedSource = `${asarFile}.unpacked`;
  if (existsSync(unpackedSource)) cpSync(unpackedSource, folders.unpacked, { recursive: true });
  return { ...folders, files, unpackedFiles };
}

/** Starts the app's built main.js with the stand-in Electron and returns the probe's report. */
export async function probeApp(app: AppFolders, work: string): Promise<ProbeReport> {
  const common: BuildOptions = { bundle: true, platform: 'node', format: 'esm', target: 'node20', absWorkingDir: projectRoot, logLevel: 'warning' };
  const fake = path.join(app.asar, 'node_modules', 'electron');
  rmSync(fake, { recursive: true, force: true });
  await build({ ...common, entryPoints: ['electron/packaging/fake-electron.ts'], outfile: path.join(fake, 'index.mjs') });
  writeFileSync(path.join(fake, 'package.json'), JSON.stringify({ name: 'electron', exports: './index.mjs' }));
  const probe = path.join(app.asar, bundlePath('probe.mjs'));
  await build({ ...common, entryPoints: ['electron/packaging/probe-main.ts'], outfile: probe, packages: 'external' });

  const run = spawnSync(process.execPath, [probe, app.asar], {
    cwd: work,
    encoding: 'utf8',
    timeout: 90_000,
    env: { ...process.env, NODE_OPTIONS: '', GF_DATA_DIR: path.join(work, 'user-data'), GF_FAKE_ELECTRON_HOME: path.join(work, 'home') },
  });
  if (run.status !== 0) throw new Error(`The built main process did not start under the stand-in Electron (exit ${run.status ?? run.signal}):\n${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as ProbeReport;
}

/** What in a probe report falls short of a working desktop app; empty when nothing does. */
export function checkReport(report: ProbeReport, app: AppFolders): string[] {
  const problems: string[] = [];
  const pkg = JSON.parse(readFileSync(path.join(app.asar, 'package.json'), 'utf8')) as { main?: string };
  if (pkg.main !== bundlePath(BUNDLE_FILES.main)) problems.push(`package.json "main" is ${JSON.stringify(pkg.main)}, not ${bundlePath(BUNDLE_FILES.main)}`);
  problems.push(...report.unsupported.map((u) => `the main process did something the stand-in does not expect: ${u}`));
  const win = report.windows[0];
  if (report.windows.length !== 1 || !win) problems.push(`${report.windows.length} windows were opened instead of 1`);
  else {
    if (win.url !== 'app://gridfront/index.html') problems.push(`the window loads ${win.url ?? 'nothing'}`);
    const prefs = win.options.webPreferences ?? {};
    if (prefs.sandbox !== true || prefs.contextIsolation !== true || prefs.nodeIntegration !== false) problems.push('the window is not sandboxed and context-isolated without Node');
    if (prefs.preload !== path.join(app.asar, bundlePath(BUNDLE_FILES.preload)) || !existsSync(prefs.preload)) problems.push(`the preload ${prefs.preload} is not the packaged ${bundlePath(BUNDLE_FILES.preload)}`);
  }
  if (!report.ipcHandlers.includes(IPC_INVOKE)) problems.push(`no IPC handler for ${IPC_INVOKE}`);
  if (!report.ipcListeners.includes(IPC_MENU_STATE)) problems.push(`no IPC listener for ${IPC_MENU_STATE}`);
  const unrouted = channelNames.filter((c) => report.channelAnswers[c] !== 'bad-request');
  if (unrouted.length) problems.push(`host channels not routed: ${unrouted.join(', ')}`);
  const failed = report.served.filter((s) => s.status !== 200 || !s.csp);
  if (!report.served.length || failed.length) problems.push(`the renderer is not served from the package: ${failed.map((s) => `${s.path} (${s.status})`).join(', ') || 'nothing served'}`);
  if (report.bundledScenarios <= 0) problems.push('no bundled scenario was found');
  if (report.libraryScenarios <= 0) problems.push('the library was not opened and seeded (better-sqlite3?)');
  const unpackedWorker = path.join(app.unpacked, bundlePath(BUNDLE_FILES.simWorker));
  if (report.worker.path !== unpackedWorker) problems.push(`the simulation worker is started from ${report.worker.path}, not from ${unpackedWorker}`);
  if (!report.worker.exists) problems.push(`the simulation worker is not at ${report.worker.path}`);
  else if (report.worker.onWorker.length !== 2 || JSON.stringify(report.worker.onWorker) !== JSON.stringify(report.worker.inThread)) {
    problems.push('games on the packaged worker differ from games in the main thread');
  }
  return problems;
}
