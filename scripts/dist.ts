// `npm run dist`: the installable desktop app for this platform (electron-builder.yml).
//
//   1. checks electron-builder.yml against electron-builder's schema, and that package.json
//      and the config give what the deb package needs (a homepage, a maintainer);
//   2. makes sure Electron's binary is here (it cannot be downloaded without internet) and
//      says exactly what is missing, changing nothing, when it is not;
//   3. builds the renderer and the main process (npm run build);
//   4. rebuilds native modules (better-sqlite3) for Electron with `electron-builder
//      install-app-deps`, WITHOUT the npm_config_* variables that point node-gyp at Node's
//      own headers. The trap: run through npm, the child inherits npm_config_nodedir (set by
//      ~/.npmrc here), node-gyp builds against Node's headers (ABI 115 instead of Electron's),
//      and @electron/rebuild still writes its "built for Electron" marker (.forge-meta), so
//      later runs skip the rebuild and ship a module Electron cannot load;
//   5. reads the ABI the rebuilt better_sqlite3.node was compiled for and compares it with
//      the installed Electron's (node-abi), and loads it in Electron as Node; a mismatch
//      stops here, loudly;
//   6. runs electron-builder for the current platform (output in release/);
//   7. puts the Node build of better-sqlite3 back, so tests and the web host keep working.
//
// `npm run dist -- --check` does steps 1–2 only and reports whether packaging can run here.
//
// `npm run dist -- --dry-run` needs neither Electron's binary nor internet: it builds, lets
// electron-builder pack the app for Linux as a folder (`--dir`) around a stand-in for
// Electron's binary, unpacks the resulting app.asar and starts its main.js under Node with a
// stand-in 'electron' module (electron/packaging/probe-app.ts), and says whether the packaged
// main process opened its window, routed every host channel, served the renderer, seeded the
// library and ran the simulation worker from app.asar.unpacked. better-sqlite3 is packed as
// built for Node (no rebuild); Electron itself, the rebuild and installers stay unchecked.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkReport, extractAsar, probeApp } from '../electron/packaging/probe-app.js';
import { channelNames } from '../shared/host/contract.js';
import { findElectronBinary } from './electron-binary.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const builderBin = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'electron-builder.cmd' : 'electron-builder');
const sqliteDir = path.join(root, 'node_modules', 'better-sqlite3');
export const SQLITE_BINARY = path.join(sqliteDir, 'build', 'Release', 'better_sqlite3.node');
const REBUILD_MARKER = path.join(sqliteDir, 'build', 'Release', '.forge-meta');

/**
 * npm_config_* variables that send node-gyp (or prebuild-install) to the wrong headers or
 * runtime when they leak from `npm run` into a rebuild for Electron.
 */
const LEAKY_NPM_CONFIG = /^npm_config_(nodedir|target|target_arch|arch|runtime|disturl|dist_url|devdir|build_from_source|node_gyp|python)$/i;

/** The environment for the native rebuild and packaging: everything but the leaky npm_config_* variables. */
export function cleanBuildEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !LEAKY_NPM_CONFIG.test(key)));
}

/** The NODE_MODULE_VERSION a native addon was built for, read from its registration symbol; null if none is found. */
export function moduleAbiOf(binary: Uint8Array): number | null {
  // Non-N-API addons export `node_register_module_v<ABI>` (the NODE_MODULE macro).
  const text = Buffer.from(binary).toString('latin1');
  const found = /node_register_module_v(\d+)/.exec(text);
  return found ? Number(found[1]) : null;
}

export function installedElectronVersion(projectRoot = root): string | null {
  try {
    return (JSON.parse(readFileSync(path.join(projectRoot, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return null;
  }
}

/** The ABI Electron `version` expects of native modules. */
export function expectedElectronAbi(version: string): number {
  const nodeAbi = require('node-abi') as { getAbi(target: string, runtime: 'electron' | 'node'): string };
  return Number(nodeAbi.getAbi(version, 'electron'));
}

/** What packaging on this machine still needs; empty when it can run. */
export function missingForPackaging(projectRoot = root): string[] {
  const missing: string[] = [];
  const version = installedElectronVersion(projectRoot);
  if (!version) {
    missing.push('The electron package is not installed (node_modules/electron). Run `npm ci` on a machine with internet.');
    return missing;
  }
  const binary = findElectronBinary(projectRoot);
  if (!binary.ok) {
    missing.push(
      `Electron ${version}'s binary is not installed: ${binary.reason}. Fetch it with \`node node_modules/electron/install.js\` ` +
        '(downloads from github.com/electron/electron/releases, or ELECTRON_MIRROR).',
    );
  }
  return missing;
}

interface PackageMetadata {
  homepage?: string;
  repository?: unknown;
  author?: string | { name?: string; email?: string };
}
interface LinuxPackaging {
  linux?: { target?: unknown; maintainer?: string };
  deb?: { maintainer?: string };
}

/**
 * What electron-builder's deb package needs from the project that it cannot make up (its fpm
 * target stops without them, after the AppImage is already built): a homepage for the
 * package's Homepage field, and a maintainer, from linux.maintainer or the author's email.
 */
export function debMetadataProblems(pkg: PackageMetadata, config: LinuxPackaging): string[] {
  const targets = [config.linux?.target ?? []].flat().map((t) => (typeof t === 'string' ? t : (t as { target?: string }).target));
  if (!targets.includes('deb')) return [];
  const problems: string[] = [];
  if (!pkg.homepage && !pkg.repository) {
    problems.push('package.json has no "homepage": the deb package names it as its Homepage and electron-builder stops without one. Set it to the project\'s web page.');
  }
  const authorEmail = typeof pkg.author === 'string' ? /<[^>]+@[^>]+>/.test(pkg.author) : Boolean(pkg.author?.email);
  if (!config.linux?.maintainer && !config.deb?.maintainer && !authorEmail) {
    problems.push('The deb package has no maintainer: set linux.maintainer in electron-builder.yml or an author email in package.json.');
  }
  return problems;
}

/** What the packaging steps download, for the message when they cannot run here. */
const NEEDS_INTERNET = [
  "electron-builder install-app-deps: Electron's headers for node-gyp (from https://electronjs.org/headers) or a prebuilt better-sqlite3 for Electron (GitHub releases).",
  'electron-builder: the Electron zip for the target platform (cached in ~/.cache/electron) and its packaging tools (AppImage/fpm for deb, NSIS, dmg) from github.com/electron-userland/electron-builder-binaries.',
];

/** Thrown to stop; thrown rather than process.exit so `finally` puts the Node build back. */
class DistFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

function fail(message: string, code = 1): never {
  throw new DistFailure(message, code);
}

function run(command: string, args: string[], options: SpawnSyncOptions = {}): void {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) fail(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0) fail(`"${[command, ...args].join(' ')}" failed (exit ${result.status ?? result.signal}).`);
}

async function validateBuilderConfig(): Promise<Record<string, unknown>> {
  const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
    getConfig(projectDir: string, configPath: string | null, fromOptions: null): Promise<Record<string, unknown>>;
    validateConfiguration(config: Record<string, unknown>, logger: unknown): Promise<void>;
  };
  const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
  try {
    const config = await getConfig(root, path.join(root, 'electron-builder.yml'), null);
    await validateConfiguration(config, new DebugLogger(false));
    console.log('dist: electron-builder.yml is valid.');
    return config;
  } catch (err) {
    fail(`electron-builder.yml is not valid:\n${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Fails loudly unless the rebuilt better-sqlite3 is for Electron `version`. */
function checkSqliteAbi(version: string, electronPath: string, env: NodeJS.ProcessEnv): void {
  const expected = expectedElectronAbi(version);
  const found = existsSync(SQLITE_BINARY) ? moduleAbiOf(readFileSync(SQLITE_BINARY)) : null;
  const problems: string[] = [];
  if (found !== expected) {
    problems.push(
      `${path.relative(root, SQLITE_BINARY)} was built for ABI ${found ?? 'unknown'}, but Electron ${version} needs ${expected}` +
        (found === Number(process.versions.modules) ? ` (${found} is this Node's own ABI: node-gyp used Node's headers).` : '.'),
    );
  }
  // The real test: Electron, running as Node, opens a database with it.
  const probe = spawnSync(electronPath, ['-e', "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"], {
    cwd: root,
    env: { ...env, ELECTRON_RUN_AS_NODE: '1' },
    encoding: 'utf8',
  });
  if (probe.status !== 0) problems.push(`Electron could not load better-sqlite3: ${(probe.stderr || probe.error?.message || '').trim().split('\n').slice(0, 4).join(' ')}`);
  if (problems.length) {
    // The marker would make the next run skip the rebuild and ship the same broken module.
    rmSync(REBUILD_MARKER, { force: true });
    fail(`NATIVE MODULE MISMATCH — not packaging.\n  ${problems.join('\n  ')}\n  Removed ${path.relative(root, REBUILD_MARKER)} so the next run rebuilds.`);
  }
  console.log(`dist: better-sqlite3 is built for Electron ${version} (ABI ${expected}) and loads in it.`);
}

/**
 * Packs the current build (dist/, dist-electron/) with electron-builder as a Linux folder
 * into `work`, around a stand-in for Electron's binary (electronDist: a folder with a
 * placeholder executable) and without fuses (they patch the real binary). Returns app.asar.
 */
export async function packWithStandInElectron(work: string): Promise<string> {
  const standIn = path.join(work, 'stand-in-electron');
  mkdirSync(standIn, { recursive: true });
  writeFileSync(path.join(standIn, 'electron'), "#!/bin/sh\necho 'stand-in for the Electron binary (npm run dist -- --dry-run)' >&2\nexit 1\n");
  chmodSync(path.join(standIn, 'electron'), 0o755);
  writeFileSync(path.join(standIn, 'LICENSE'), 'Stand-in for the Electron distribution.\n');
  const output = path.join(work, 'release');
  const builder = require('electron-builder') as {
    build(options: Record<string, unknown>): Promise<string[]>;
    Platform: { LINUX: { createTarget(type: string): unknown } };
  };
  await builder.build({
    projectDir: root,
    targets: builder.Platform.LINUX.createTarget('dir'),
    publish: 'never',
    config: { electronDist: standIn, electronFuses: null, directories: { output } },
  });
  const asar = path.join(output, 'linux-unpacked', 'resources', 'app.asar');
  if (!existsSync(asar)) fail(`electron-builder did not write ${asar}`);
  return asar;
}

async function dryRun(): Promise<void> {
  run(npm, ['run', 'build']);
  const work = mkdtempSync(path.join(os.tmpdir(), 'gridfront-dist-dry-'));
  try {
    const asarFile = await packWithStandInElectron(work);
    const app = extractAsar(asarFile, path.join(work, 'resources'));
    const report = await probeApp(app, work);
    const problems = checkReport(report, app);
    if (problems.length) fail(`the packaged app would not work:\n  - ${problems.join('\n  - ')}`);
    console.log(
      `\ndist --dry-run: electron-builder packed app.asar (${app.files.length} files; unpacked beside it: ${app.unpackedFiles.filter((f) => !f.startsWith('node_modules/')).join(', ') || 'none'}, and better-sqlite3). ` +
        `Its main.js, started under Node with a stand-in 'electron', opened one sandboxed window on ${report.windows[0]!.url}, routed all ${channelNames.length} host channels, ` +
        `served the renderer (${report.served.length} files), found ${report.bundledScenarios} bundled scenarios and seeded the library, and played games on the unpacked simulation worker. ` +
        "Not checked here: Electron itself, better-sqlite3 rebuilt for Electron's ABI, the installers.",
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const checkOnly = process.argv.includes('--check');
  const nodeMajor = Number(process.versions.node.split('.')[0]);
  if (nodeMajor < 22) {
    console.warn(
      `dist: note: electron-builder 26's @electron/rebuild declares Node >= 22.12; this is Node ${process.versions.node}. ` +
        'Its config check and CLI run here, but package on Node 22 to stay inside what it supports.',
    );
  }
  const config = await validateBuilderConfig();
  // The dry run packs a folder, not installers: it needs no package metadata.
  if (process.argv.includes('--dry-run')) return dryRun();

  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as PackageMetadata;
  const missing = [...debMetadataProblems(pkg, config as LinuxPackaging), ...missingForPackaging()];
  if (missing.length) {
    fail(
      `cannot package on this machine; nothing was built or changed.\n  ${missing.join('\n  ')}\n` +
        `On a machine with internet, \`npm run dist\` also downloads:\n  - ${NEEDS_INTERNET.join('\n  - ')}\n` +
        'What can be checked here: `npm run dist -- --dry-run` packs app.asar with a stand-in for the binary and starts its main process under Node.',
      2,
    );
  }
  const version = installedElectronVersion()!;
  const electron = findElectronBinary(root);
  if (!electron.ok) fail(electron.reason);
  if (checkOnly) {
    console.log(`dist: ready to package with Electron ${version} (the rebuild and packaging still download what they need).`);
    return;
  }

  run(npm, ['run', 'build']);

  const env = cleanBuildEnv(process.env);
  const dropped = Object.keys(process.env).filter((k) => !(k in env));
  if (dropped.length) console.log(`dist: left out of the native rebuild's environment: ${dropped.join(', ')}`);

  // Tests and the web host run on Node and need Node's build back afterwards.
  const backupDir = mkdtempSync(path.join(os.tmpdir(), 'gridfront-dist-'));
  const backup = path.join(backupDir, 'better_sqlite3.node');
  if (existsSync(SQLITE_BINARY)) copyFileSync(SQLITE_BINARY, backup);
  try {
    run(builderBin, ['install-app-deps'], { env });
    checkSqliteAbi(version, electron.path, env);
    run(builderBin, ['--publish', 'never'], { env });
    console.log(`\ndist: done; installers are in ${path.relative(process.cwd(), path.join(root, 'release')) || 'release'}/`);
  } finally {
    if (existsSync(backup)) {
      copyFileSync(backup, SQLITE_BINARY);
      rmSync(REBUILD_MARKER, { force: true });
      console.log('dist: put the Node build of better-sqlite3 back for tests and the web host.');
    }
    rmSync(backupDir, { recursive: true, force: true });
  }
}

// Only when run as a script, not when a test imports the helpers.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(`\ndist: ${err instanceof DistFailure ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(err instanceof DistFailure ? err.exitCode : 1);
  });
}
