// One web host per Playwright worker: each worker process starts its own host (scripts/web.ts
// serving the end-to-end build) on a free port with a throwaway data folder, so workers run
// spec files side by side without sharing a library.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface WebHostProcess {
  /** The page address, e.g. "http://127.0.0.1:41234/". */
  url: string;
  stop(): Promise<void>;
}

const STARTED = /Gridfront is running at (http:\/\/127\.0\.0\.1:\d+\/)/;

export function startWebHostProcess(root: string, dataDir: string, key: string, timeoutMs = 120_000): Promise<WebHostProcess> {
  const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const child: ChildProcess = spawn(process.execPath, [tsx, path.join(root, 'scripts', 'web.ts'), '--e2e', '--port', '0', '--data-dir', dataDir, '--key', key], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`The web host did not start within ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = STARTED.exec(output);
      if (m) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        // Keep draining so a chatty host never blocks on a full pipe.
        child.stdout?.resume();
        resolve({ url: m[1]!, stop });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (process.env.GF_E2E_HOST_LOG) process.stderr.write(chunk);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The web host stopped (code ${code}) before it started:\n${output}`));
    });
  });
}
