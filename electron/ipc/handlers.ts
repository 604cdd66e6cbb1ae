// Binds the contract's channels to the services. Both hosts (Electron main process and the
// web host) build their router from here, so they always offer the same calls.
import type { AppInfo, Handlers, HostKind } from '../../shared/host/contract.js';
import { createBundledScenarios, type BundledProblem } from '../services/bundled.js';
import { openLibrary } from '../library/index.js';
import { libraryHandlers } from '../library/handlers.js';
import { createRouter, type Router } from './router.js';

export interface HostOptions {
  host: HostKind;
  version: string;
  /** User data folder (the library database lives here). Created by the caller. */
  dataDir: string;
  /** Folder of the bundled example scenarios. */
  scenariosDir: string;
  runtime?: AppInfo['runtime'];
  onBundledProblem?: (problem: BundledProblem) => void;
  /** Told what happened when a new library was filled with the bundled scenarios. */
  onSeeded?: (message: string) => void;
}

export interface Host {
  router: Router;
  /** Releases what the services hold open (database handles). */
  close(): Promise<void>;
}

export function createHost(options: HostOptions): Host {
  const bundled = createBundledScenarios({ dir: options.scenariosDir, onProblem: options.onBundledProblem });
  const info: AppInfo = {
    name: 'Gridfront',
    version: options.version,
    host: options.host,
    dataDir: options.dataDir,
    runtime: options.runtime ?? { node: process.versions.node },
  };

  // The library lives in the user data folder; the examples are copied into it on the
  // first run only. A seeding failure must not keep the app from starting.
  const library = openLibrary({ dir: options.dataDir });
  try {
    const seed = library.seedBundled(options.scenariosDir);
    if (seed.seeded) {
      const failed = seed.results.filter((r) => !r.ok).map((r) => r.name);
      options.onSeeded?.(
        `Added ${seed.results.length - failed.length} bundled scenario(s) to the new library` + (failed.length ? `; left out ${failed.join(', ')}` : ''),
      );
    }
  } catch (err) {
    console.warn(`[gridfront] bundled scenarios not added to the library: ${err instanceof Error ? err.message : String(err)}`);
  }

  const handlers: Handlers = {
    'app.info': () => info,
    'scenarios.listBundled': () => bundled.list(),
    'scenarios.getBundled': ({ id }) => bundled.get(id),
    ...libraryHandlers(library),
  };

  return {
    router: createRouter(handlers),
    async close() {
      library.close();
    },
  };
}
