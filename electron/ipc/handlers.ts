// Binds the contract's channels to the services. Both hosts (Electron main process and the
// web host) build their router from here, so they always offer the same calls.
import type { AppInfo, Handlers, HostKind } from '../../shared/host/contract.js';
import { createBundledScenarios, type BundledProblem } from '../services/bundled.js';
import { createRouter, type Router } from './router.js';

export interface HostOptions {
  host: HostKind;
  version: string;
  /** User data folder (library database etc.). Created by the caller. */
  dataDir: string;
  /** Folder of the bundled example scenarios. */
  scenariosDir: string;
  runtime?: AppInfo['runtime'];
  onBundledProblem?: (problem: BundledProblem) => void;
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

  const handlers: Handlers = {
    'app.info': () => info,
    'scenarios.listBundled': () => bundled.list(),
    'scenarios.getBundled': ({ id }) => bundled.get(id),
  };

  return {
    router: createRouter(handlers),
    async close() {},
  };
}
