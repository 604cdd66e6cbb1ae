// `npm run build:electron`: type-checks the main process (tsconfig.electron.json), then
// bundles with esbuild into dist-electron/electron/ every file the main process loads at run
// time (electron/bundle-files.ts names them):
//   main.js         the main process (ESM, what package.json "main" names);
//   preload.cjs     the preload (CommonJS: sandboxed preloads cannot be ES modules, and may
//                   require nothing but 'electron');
//   sim-worker.mjs  the simulation worker thread (electron/sim/pool.ts), self-contained:
//                   worker_threads cannot load from inside app.asar, so electron-builder.yml
//                   unpacks it (asarUnpack) next to the archive, where node_modules is not.
// esbuild emits rather than tsc because shared/ pulls in a generated plain-JS validator that
// tsc would not copy; node_modules packages stay external in main.js so native ones
// (better-sqlite3) load from node_modules as usual.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';
import { BUNDLE_DIR, BUNDLE_FILES } from '../electron/bundle-files.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Bundled CommonJS dependencies may still call require(); an ES module bundle gives them one. */
const REQUIRE_BANNER = "import { createRequire as __gfCreateRequire } from 'node:module'; const require = __gfCreateRequire(import.meta.url);";

function typecheck(): void {
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.electron.json')], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('build:electron: the main process does not type-check (see above).');
    process.exit(1);
  }
}

export interface BuildElectronOptions {
  /** Folder that plays dist-electron/ (the bundles go to <outRoot>/electron/). */
  outRoot?: string;
  /** Source maps next to the bundles (electron-builder.yml leaves them out of the package). */
  sourcemap?: boolean;
}

/** Bundles main, preload and workers into `<outRoot>/electron/`; returns that folder. */
export async function buildElectron(options: BuildElectronOptions = {}): Promise<string> {
  const outRoot = options.outRoot ?? path.join(root, 'dist-electron');
  const out = path.join(outRoot, BUNDLE_DIR);
  rmSync(outRoot, { recursive: true, force: true });
  const common: BuildOptions = {
    bundle: true,
    platform: 'node',
    target: 'node20',
    sourcemap: options.sourcemap ?? true,
    logLevel: 'warning',
    absWorkingDir: root,
  };
  await Promise.all([
    build({
      ...common,
      entryPoints: ['electron/main.ts'],
      outfile: path.join(out, BUNDLE_FILES.main),
      format: 'esm',
      packages: 'external',
      banner: { js: REQUIRE_BANNER },
    }),
    build({
      ...common,
      entryPoints: ['electron/preload.ts'],
      outfile: path.join(out, BUNDLE_FILES.preload),
      format: 'cjs',
      // The sandboxed preload can only require 'electron' (and a few Node built-ins).
      external: ['electron'],
    }),
    build({
      ...common,
      entryPoints: ['electron/sim/worker.ts'],
      outfile: path.join(out, BUNDLE_FILES.simWorker),
      // .mjs: unpacked next to app.asar there is no package.json saying "type": "module".
      format: 'esm',
      // Everything inside: app.asar.unpacked has no node_modules to resolve packages from.
      banner: { js: REQUIRE_BANNER },
    }),
  ]);
  return out;
}

// Only when run as a script, not when a test imports buildElectron. `npm test` builds beside its
// typecheck stage, whose tsconfig.json covers every file tsconfig.electron.json does (with the
// same libraries), so it sets GF_BUILD_SKIP_TYPECHECK=1 rather than check the main process twice.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.env.GF_BUILD_SKIP_TYPECHECK !== '1') typecheck();
  const out = await buildElectron();
  console.log(`build:electron: wrote ${Object.values(BUNDLE_FILES).map((f) => path.relative(root, path.join(out, f))).join(', ')}`);
}
