// Starts the web host from command-line style options; used by `npm run web`, `npm start`
// (browser mode) and the Playwright web server.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WEB_KEY_MIN_LENGTH, isWebKey } from '../../shared/host/web-key.js';
import { createHost, type Host } from '../ipc/handlers.js';
import { appPaths, appVersion } from '../paths.js';
import { startWebServer, type WebServer } from './server.js';

export const DEFAULT_PORT = 5174;

export interface WebHostOptions {
  port: number;
  dataDir: string;
  staticDir: string;
  scenariosDir: string;
  /** The launch key; a fresh random one when not given (tests pass their own). */
  webKey: string;
}

export interface ParsedArgs {
  port: number;
  /** True when the port was asked for (--port or GF_PORT); the default port gives way to the next free one. */
  portGiven: boolean;
  dataDir: string | undefined;
  /** Only when given (--key or GF_WEB_KEY, for tests); otherwise each launch makes its own. */
  webKey: string | undefined;
}

/** A fresh launch key: 24 random bytes, 32 URL-safe characters. */
export const newWebKey = (): string => randomBytes(24).toString('base64url');

/**
 * Reads `--port N` / `--data-dir D` / `--key K` (or GF_PORT / GF_DATA_DIR / GF_WEB_KEY).
 * Throws with a plain message on bad input.
 */
export function parseWebArgs(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): ParsedArgs {
  let port: string | undefined = env.GF_PORT;
  let dataDir: string | undefined = env.GF_DATA_DIR || undefined;
  let webKey: string | undefined = env.GF_WEB_KEY || undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      const next = inline ?? argv[++i];
      if (next === undefined || next === '') throw new Error(`${name} needs a value`);
      return next;
    };
    if (name === '--port') port = value();
    else if (name === '--data-dir') dataDir = value();
    else if (name === '--key') webKey = value();
    else throw new Error(`Unknown option ${arg} (use --port N, --data-dir DIR and --key K)`);
  }
  if (webKey !== undefined && !isWebKey(webKey)) throw new Error(`A launch key is at least ${WEB_KEY_MIN_LENGTH} letters, digits, - or _.`);
  const portNumber = port === undefined || port === '' ? DEFAULT_PORT : Number(port);
  if (!Number.isInteger(portNumber) || portNumber < 0 || portNumber > 65535) throw new Error(`Port must be a whole number from 0 to 65535, not ${JSON.stringify(port)}`);
  return { port: portNumber, portGiven: port !== undefined && port !== '', dataDir, webKey };
}

/**
 * The user's data folder when none is given: the same folder Electron uses for
 * Gridfront (its `userData` path), so the browser mode and the desktop app share one library.
 */
export function defaultDataDir(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env, home: string = os.homedir()): string {
  const name = 'Gridfront';
  if (platform === 'win32') return path.join(env.APPDATA || path.join(home, 'AppData', 'Roaming'), name);
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', name);
  return path.join(env.XDG_CONFIG_HOME || path.join(home, '.config'), name);
}

/** How many ports after the default one browser mode tries when it is taken. */
export const NEXT_PORTS = 20;

export async function startWebHost(
  options: Partial<WebHostOptions> & { port: number; /** Try the next ports when this one is taken. */ nextPorts?: number },
): Promise<{ server: WebServer; host: Host; dataDir: string }> {
  const paths = appPaths();
  const dataDir = options.dataDir ?? defaultDataDir();
  mkdirSync(dataDir, { recursive: true });
  const host = createHost({
    host: 'web',
    version: appVersion(paths.root),
    dataDir,
    scenariosDir: options.scenariosDir ?? paths.scenarios,
    onBundledProblem: (p) => console.warn(`[gridfront] bundled scenario left out: ${p.message}`),
    onSeeded: (message) => console.log(`[gridfront] ${message}`),
  });
  const server = await startWebServer({
    router: host.router,
    webKey: options.webKey ?? newWebKey(),
    staticDir: options.staticDir ?? paths.renderer,
    port: options.port,
    nextPorts: options.nextPorts ?? 0,
    packUploads: { maxBytes: host.maxPackBytes, stage: (fileName, upload) => host.stagePackUpload(fileName, upload) },
  });
  return { server, host, dataDir };
}

