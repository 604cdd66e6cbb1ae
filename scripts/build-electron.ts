// `npm run build:electron`: type-checks the main process (tsconfig.electron.json), then
// bundles it to dist-electron/electron/main.js (ESM, what package.json "main" names) and
// the preload to dist-electron/electron/preload.cjs (CommonJS: sandboxed preloads cannot
// be ES modules). esbuild emits rather than tsc because shared/ pulls in a generated
// plain-JS validator that tsc would not copy; node_modules packages stay external so
// native ones (better-sqlite3) load from node_modules as usual.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist-electron', 'electron');

function typecheck(): void {
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.electron.json')], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('build:electron: the main process does not type-check (see above).');
    process.exit(1);
  }
}

async function bundle(): Promise<void> {
  rmSync(path.join(root, 'dist-electron'), { recursive: true, force: true });
  const common = {
    bundle: true,
    platform: 'node' as const,
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning' as const,
    absWorkingDir: root,
  };
  await build({
    ...common,
    entryPoints: ['electron/main.ts'],
    outfile: path.join(out, 'main.js'),
    format: 'esm',
    packages: 'external',
    // Bundled CommonJS dependencies may still call require(); give them one.
    banner: { js: "import { createRequire as __gfCreateRequire } from 'node:module'; const require = __gfCreateRequire(import.meta.url);" },
  });
  await build({
    ...common,
    entryPoints: ['electron/preload.ts'],
    outfile: path.join(out, 'preload.cjs'),
    format: 'cjs',
    // The sandboxed preload can only require 'electron' (and a few Node built-ins).
    external: ['electron'],
  });
}

typecheck();
await bundle();
console.log(`build:electron: wrote ${path.relative(root, out)}/main.js and preload.cjs`);
