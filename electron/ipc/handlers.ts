// Binds the contract's channels to the services. Both hosts (Electron main process and the
// web host) build their router from here, so they always offer the same calls.
import { channelNames, HostError, type AppInfo, type Handlers, type HostKind } from '../../shared/host/contract.js';
import { createBundledScenarios, type BundledProblem } from '../services/bundled.js';
import { openLibrary } from '../library/index.js';
import { libraryHandlers, type LibraryHandlers } from '../library/handlers.js';
import { printHandlers, type PrintServiceOptions } from '../print/handlers.js';
import { kitHandlers } from '../print/kit-handlers.js';
import { createPackService, type PackServiceOptions, type PackUpload } from '../packs/handlers.js';
import { DEFAULT_LIMITS } from '../packs/limits.js';
import type { PackPreview } from '../../shared/host/channels/packs.js';
import type { Library } from '../library/types.js';
import { createRouter, type Router } from './router.js';
import { gameHandlers, openGameStore, type GameStore } from '../library/games.js';
import { openStampStore, stampHandlers, type StampStore } from '../library/stamps.js';

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
  /** Told why the library could not be opened (the rest of the app still runs). */
  onLibraryError?: (message: string) => void;
  /** Electron's save dialog for print output; without it print files come back as bytes. */
  chooseSavePath?: PrintServiceOptions['chooseSavePath'];
  /** Electron's save and open dialogs for packs; without them packs travel as bytes. */
  choosePackSavePath?: PackServiceOptions['chooseSavePath'];
  choosePackOpenPath?: PackServiceOptions['chooseOpenPath'];
}

export interface Host {
  router: Router;
  /** Stages a .gfpack the main process was handed (file association, second launch) for the import dialog. */
  stagePackPath(file: string): Promise<PackPreview>;
  /** Stages a pack the web host received as a raw upload (see PACK_UPLOAD_PATH). */
  stagePackUpload(fileName: string, upload: PackUpload): Promise<PackPreview>;
  /** The largest pack the host takes. */
  readonly maxPackBytes: number;
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

  const library = openUserLibrary(options);
  const games = library.ok ? openGames(library.library, options) : null;
  const stamps = library.ok ? openStamps(library.library, options) : null;
  const packs = library.ok
    ? createPackService(library.library, {
        appVersion: options.version,
        ...(games ? { games } : {}),
        ...(options.choosePackSavePath ? { chooseSavePath: options.choosePackSavePath } : {}),
        ...(options.choosePackOpenPath ? { chooseOpenPath: options.choosePackOpenPath } : {}),
      })
    : null;
  const handlers: Handlers = {
    'app.info': () => info,
    'scenarios.listBundled': () => bundled.list(),
    'scenarios.getBundled': ({ id }) => bundled.get(id),
    ...(library.ok ? libraryHandlers(library.library) : unavailableLibrary(library.message)),
    ...printHandlers({
      ...(options.chooseSavePath ? { chooseSavePath: options.chooseSavePath } : {}),
      ...(library.ok ? { getImage: (ref: string) => library.library.getImage(ref) } : {}),
    }),
    ...kitHandlers(options.chooseSavePath ? { chooseSavePath: options.chooseSavePath } : {}),
    ...(packs ? packs.handlers : unavailable('packs.', library.ok ? '' : library.message)),
    ...(games ? gameHandlers(games) : unavailable('games.', library.ok ? 'Saved games are unavailable' : library.message)),
    ...(stamps ? stampHandlers(stamps) : unavailable('stamps.', library.ok ? 'Stamps are unavailable' : library.message)),
  };

  return {
    router: createRouter(handlers),
    async stagePackPath(file) {
      if (!packs) throw new HostError({ code: 'unavailable', message: library.ok ? 'Packs are unavailable' : library.message });
      return packs.stagePath(file);
    },
    async stagePackUpload(fileName, upload) {
      if (!packs) throw new HostError({ code: 'unavailable', message: library.ok ? 'Packs are unavailable' : library.message });
      return packs.stageUpload(fileName, upload);
    },
    maxPackBytes: packs?.maxPackBytes ?? DEFAULT_LIMITS.maxPackBytes,
    async close() {
      games?.close();
      stamps?.close();
      if (library.ok) library.library.close();
    },
  };
}

type OpenedLibrary = { ok: true; library: Library } | { ok: false; message: string };

/**
 * Opens the library in the user data folder and, on the first run only, copies the
 * bundled examples into it. If the database cannot be opened (a damaged file, a native
 * module built for another runtime, a read-only folder) the app still starts: the
 * bundled scenarios work and library calls say what went wrong.
 */
function openUserLibrary(options: HostOptions): OpenedLibrary {
  let library: Library;
  try {
    library = openLibrary({ dir: options.dataDir });
  } catch (err) {
    const message = `The library in ${options.dataDir} could not be opened: ${err instanceof Error ? err.message : String(err)}`;
    (options.onLibraryError ?? console.error)(message);
    return { ok: false, message };
  }
  try {
    const seed = library.seedBundled(options.scenariosDir);
    if (seed.seeded) {
      const failed = seed.results.filter((r) => !r.ok).map((r) => r.name);
      options.onSeeded?.(
        `Added ${seed.results.length - failed.length} bundled scenario(s) to the new library` + (failed.length ? `; left out ${failed.join(', ')}` : ''),
      );
    }
  } catch (err) {
    // Seeding is a convenience; an empty library is still a working one.
    console.warn(`[gridfront] bundled scenarios not added to the library: ${err instanceof Error ? err.message : String(err)}`);
  }
  return { ok: true, library };
}

/** The saved-games store on the library's file; without it the app runs, games calls say why. */
function openGames(library: Library, options: HostOptions): GameStore | null {
  try {
    return openGameStore(library.path);
  } catch (err) {
    (options.onLibraryError ?? console.error)(`Saved games are unavailable: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  }
}

/** The stamps store on the library's file; without it the app runs, stamps calls say why. */
function openStamps(library: Library, options: HostOptions): StampStore | null {
  try {
    return openStampStore(library.path);
  } catch (err) {
    (options.onLibraryError ?? console.error)(`Stamps are unavailable: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  }
}

/** Library handlers that all answer "unavailable" with the reason the library did not open. */
function unavailableLibrary(message: string): LibraryHandlers {
  return unavailable('library.', message) as unknown as LibraryHandlers;
}

/** Handlers for every channel of a namespace, all answering "unavailable" with the reason. */
function unavailable<P extends string>(prefix: P, message: string): Pick<Handlers, Extract<keyof Handlers, `${P}${string}`>> {
  const fail = (): never => {
    throw new HostError({ code: 'unavailable', message });
  };
  return Object.fromEntries(channelNames.filter((name) => name.startsWith(prefix)).map((name) => [name, fail])) as never;
}
