// `npm start`: the desktop app when Electron's binary is here (downloading it once if it
// can), otherwise the same app in browser mode on http://127.0.0.1, said plainly.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectronBinary } from './electron-binary.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const INSTALL_TIMEOUT_MS = 90_000;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(args: string[]): void {
  const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`"npm ${args.join(' ')}" failed; Gridfront cannot start until it succeeds.`);
    process.exit(result.status ?? 1);
  }
}

function tryInstallElectron(): void {
  const installer = path.join(root, 'node_modules', 'electron', 'install.js');
  if (!existsSync(installer)) return;
  console.log("Electron's binary is missing; trying to download it once...");
  spawnSync(process.execPath, [installer], { cwd: path.dirname(installer), stdio: 'ignore', timeout: INSTALL_TIMEOUT_MS });
}

async function startBrowserMode(): Promise<void> {
  const { parseWebArgs } = await import('../electron/web/main.js');
  const { runBrowserMode } = await import('./browser-mode.js');
  const args = parseWebArgs(process.argv.slice(2));
  console.log("Electron's binary is not installed and could not be downloaded here, so Gridfront starts in browser mode instead.");
  await runBrowserMode(args);
}

function startElectron(binary: string): void {
  run(['run', 'build', '--silent']);
  const child = spawn(binary, [root, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
  child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
}

async function main(): Promise<void> {
  let electron = findElectronBinary(root);
  if (!electron.ok) {
    tryInstallElectron();
    electron = findElectronBinary(root);
  }
  if (electron.ok) startElectron(electron.path);
  else await startBrowserMode();
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
