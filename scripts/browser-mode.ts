// What `npm run web` and the browser mode of `npm start` share: build the renderer when it is
// missing or older than its sources, start the web host (on the next free port when the
// default one is taken) and print the address to open, with its launch key.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NEXT_PORTS, startWebHost, type ParsedArgs } from '../electron/web/main.js';
import type { WebServer } from '../electron/web/server.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Newest modification time of any file below `dir` (0 if it does not exist). */
function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/**
 * The renderer's two builds (vite.config.ts): the app, and the end-to-end tests' one with the
 * page test hook, which Playwright's web host (`npm run web -- --e2e`) and the benchmarks serve.
 */
export type RendererBuild = 'app' | 'e2e';
const BUILDS: Record<RendererBuild, { dir: string; script: string }> = {
  app: { dir: 'renderer', script: 'build:renderer' },
  e2e: { dir: 'renderer-e2e', script: 'build:e2e' },
};

/** Where a build of the renderer goes. */
export const rendererDir = (build: RendererBuild = 'app', base = root): string => path.join(base, 'dist', BUILDS[build].dir);

/** True when that build of the renderer is missing or older than what it is built from. */
export function rendererIsStale(base = root, build: RendererBuild = 'app'): boolean {
  const built = path.join(rendererDir(build, base), 'index.html');
  if (!existsSync(built)) return true;
  const sources = Math.max(
    newest(path.join(base, 'renderer')),
    newest(path.join(base, 'shared')),
    newest(path.join(base, 'schemas')),
    statSync(path.join(base, 'vite.config.ts')).mtimeMs,
  );
  return sources > statSync(built).mtimeMs;
}

/** Builds the renderer when needed; exits with npm's code when the build fails. */
export function ensureRenderer(build: RendererBuild = 'app'): void {
  if (!rendererIsStale(root, build)) return;
  const { script } = BUILDS[build];
  console.log(`Building the renderer${build === 'e2e' ? ' for the end-to-end tests' : ''} (it is missing or older than its sources)...`);
  const result = spawnSync(npm, ['run', script, '--silent', '--', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`"npm run ${script}" failed; Gridfront cannot start in browser mode until it succeeds.`);
    process.exit(result.status ?? 1);
  }
}

/** Starts the web host for browser mode and says where it is; Ctrl+C stops it. */
export async function runBrowserMode(args: ParsedArgs, build: RendererBuild = 'app'): Promise<WebServer> {
  ensureRenderer(build);
  let started;
  try {
    started = await startWebHost({ port: args.port, dataDir: args.dataDir, webKey: args.webKey, staticDir: rendererDir(build), nextPorts: args.portGiven ? 0 : NEXT_PORTS });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    const which = args.portGiven ? `Port ${args.port} is` : `Ports ${args.port}–${args.port + NEXT_PORTS} are all`;
    console.error(`${which} already in use; pass another with --port N (or --port 0 for any free port).`);
    process.exit(1);
  }
  const { server, host, dataDir } = started;
  if (server.port !== args.port && args.port !== 0) console.log(`Port ${args.port} is in use, so Gridfront took the next free one, ${server.port}.`);
  console.log(`Gridfront is running at ${server.url} (data in ${dataDir})`);
  console.log('Open that address in a browser (the #key part lets the page use this host). Press Ctrl+C to stop.');
  let closing = false;
  const stop = (): void => {
    if (closing) return;
    closing = true;
    void Promise.all([server.close(), host.close()]).finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return server;
}
