// The files scripts/build-electron.ts writes and the main process loads at run time, named
// once so the build, the code that loads them and the packaging test cannot drift apart.
// All sit in one folder, dist-electron/electron/, next to main.js.

/** The folder (under dist-electron/) holding every bundle. */
export const BUNDLE_DIR = 'electron';

export const BUNDLE_FILES = {
  main: 'main.js',
  preload: 'preload.cjs',
  simWorker: 'sim-worker.mjs',
} as const;

/**
 * Where a file of the packaged app really is on disk. electron-builder's asarUnpack puts
 * the files it names in `app.asar.unpacked/`, beside the archive, at the same relative path;
 * worker_threads (unlike require and fs, which Electron patches) cannot read from inside
 * app.asar, so a worker is started from there. Paths outside an archive are returned as is.
 */
export function unpackedPath(file: string): string {
  return file.replace(/([\\/])app\.asar(?=[\\/])/, '$1app.asar.unpacked');
}
