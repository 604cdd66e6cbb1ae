// Starts the BUILT main process (dist-electron/electron/main.js of a staged app, with
// fake-electron.ts as its 'electron') under plain Node, drives it the way Electron and the
// page would, and prints one JSON report (ProbeReport) on stdout. built-app.test.ts bundles
// this file next to main.js, so the simulation pool bundled in here looks for its worker
// exactly where a pool bundled into main.js would.
//
// Usage: node probe.mjs <app root (the folder playing app.asar)>
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { channelNames } from '../../shared/host/contract.js';
import { IPC_INVOKE } from '../../shared/host/bridge.js';
import { BUNDLE_DIR, BUNDLE_FILES } from '../bundle-files.js';
import { builtWorkerPath, runSimulation } from '../sim/pool.js';
import { readScenario } from '../sim/load.js';
import { RECORD_KEY, type Recorded } from './fake-electron.js';

export interface ProbeReport {
  privilegedSchemes: Recorded['privilegedSchemes'];
  protocols: string[];
  ipcHandlers: string[];
  ipcListeners: string[];
  appEvents: string[];
  windows: { options: Record<string, any>; url?: string }[];
  menus: number;
  headersHook: boolean;
  permissionHandlers: number;
  /** Each contract channel, and a made-up one, called with a payload no channel accepts: the error code that came back. */
  channelAnswers: Record<string, string>;
  appInfo: unknown;
  bundledScenarios: number;
  libraryScenarios: number;
  /** What app://gridfront/ served: index.html, every asset it names and every file those scripts load by URL. */
  served: { path: string; status: number; csp: boolean; bytes: number }[];
  worker: { path: string; exists: boolean; onWorker: unknown[]; inThread: unknown[] };
  unsupported: string[];
}

type Answer = { ok: true; value: any } | { ok: false; error: { code: string; message: string } };

async function main(): Promise<void> {
  const appRoot = path.resolve(process.argv[2] ?? '.');
  const mainFile = path.join(appRoot, 'dist-electron', BUNDLE_DIR, BUNDLE_FILES.main);
  await import(pathToFileURL(mainFile).href);
  const recorded = (globalThis as Record<string, unknown>)[RECORD_KEY] as Recorded | undefined;
  if (!recorded) throw new Error(`${mainFile} did not load the fake 'electron' module`);

  // start() runs after whenReady(); the window's loadURL is its last step.
  const deadline = Date.now() + 20_000;
  while (!recorded.windows[0]?.url) {
    if (recorded.unsupported.length || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 20));
  }

  const frame = { url: 'app://gridfront/index.html' };
  const invoke = recorded.ipcHandlers[IPC_INVOKE];
  const call = async (channel: string, payload: unknown): Promise<Answer> =>
    invoke ? ((await invoke({ senderFrame: frame, sender: { mainFrame: frame } }, { channel, payload })) as Answer) : { ok: false, error: { code: 'no-handler', message: '' } };

  const channelAnswers: Record<string, string> = {};
  for (const channel of [...channelNames, 'no.suchChannel']) {
    const answer = await call(channel, 42);
    channelAnswers[channel] = answer.ok ? 'ok' : answer.error.code;
  }
  const info = await call('app.info', undefined);
  const bundled = await call('scenarios.listBundled', undefined);
  const library = await call('library.list', {});

  const served: ProbeReport['served'] = [];
  const serve = recorded.protocolHandlers.app;
  if (serve) {
    const get = async (pathname: string): Promise<string> => {
      const response = await serve(new Request(`app://gridfront/${pathname}`));
      const body = await response.text();
      served.push({ path: pathname, status: response.status, csp: response.headers.has('content-security-policy'), bytes: body.length });
      return body;
    };
    const html = await get('index.html');
    const queue = [...html.matchAll(/(?:src|href)="\.?\/?([^"]+\.(?:js|css|svg|png|ico|woff2?))"/g)].map((m) => m[1]!);
    const seen = new Set(queue);
    while (queue.length) {
      const asset = queue.shift()!;
      const body = await get(asset);
      if (!asset.endsWith('.js')) continue;
      // Files a script loads itself, such as Vite's `new Worker(new URL('x.js', import.meta.url))`,
      // and the chunks it imports on demand (`import('./BalanceReport-C0tCyeQW.js')` and the CSS and
      // chunks Vite preloads with it, named as './name-hash.ext' strings).
      const loads = [
        ...body.matchAll(/new URL\(\s*[`'"]([\w.-]+\.(?:js|mjs|wasm|css))[`'"]\s*,\s*import\.meta\.url/g),
        ...body.matchAll(/[`'"]\.\/([\w.-]+-[\w-]{8}\.(?:js|mjs|css))[`'"]/g),
      ];
      for (const m of loads) {
        const next = path.posix.join(path.posix.dirname(asset), m[1]!);
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
  }

  // Two games on one worker thread and the same two in this thread: the same records.
  const workerPath = builtWorkerPath(import.meta.url);
  const loaded = readScenario(path.join(appRoot, 'scenarios', 'seed-000-example.json'));
  if (!loaded.ok) throw new Error(loaded.message);
  const options = { games: 2, seed: 7, players: ['random', 'random'] as ['random', 'random'] };
  const onWorker = existsSync(workerPath) ? (await runSimulation(loaded.scenario, { ...options, workers: 1 })).records : [];
  const inThread = (await runSimulation(loaded.scenario, { ...options, workers: 0 })).records;

  const report: ProbeReport = {
    privilegedSchemes: recorded.privilegedSchemes,
    protocols: Object.keys(recorded.protocolHandlers),
    ipcHandlers: Object.keys(recorded.ipcHandlers),
    ipcListeners: Object.keys(recorded.ipcListeners),
    appEvents: Object.keys(recorded.appEvents),
    windows: recorded.windows.map(({ options, url }) => ({ options, url })),
    menus: recorded.menus,
    headersHook: recorded.headersHook,
    permissionHandlers: recorded.permissionHandlers,
    channelAnswers,
    appInfo: info.ok ? info.value : info.error,
    bundledScenarios: bundled.ok ? (bundled.value as unknown[]).length : -1,
    libraryScenarios: library.ok ? (library.value as { total: number }).total : -1,
    served,
    worker: { path: workerPath, exists: existsSync(workerPath), onWorker, inThread },
    unsupported: recorded.unsupported,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
  // The main process keeps its database and listeners open, as it would until the app quits.
  process.exit(0);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
});
