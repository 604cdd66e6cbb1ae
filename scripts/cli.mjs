// Runs a command-line tool from its prebuilt bundle (dist-cli/<name>.cjs), building it first
// with esbuild when it is missing or older than any file it was built from. Plain JavaScript
// so that starting it costs Node's start-up only: a TypeScript loader (tsx) adds a third of a
// second before the first line runs, more than the whole of a small export.
//
// The bundle runs through node:vm with V8's code cache (dist-cli/<name>.cache): compiling a
// megabyte of JavaScript (most of it the scenario schema's validator) costs more than drawing a
// small image, so the first successful run leaves the compiled code beside the bundle and later
// runs start from it. V8 checks the cache against the source and its own version and flags; a
// cache it rejects is simply rewritten.
//
//   node scripts/cli.mjs export <args...>     (what `npm run export` runs)
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { isMainThread } from 'node:worker_threads';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const TOOLS = { export: 'scripts/export.ts' };

const name = process.argv[2];
// Tiled and VASSAL exports (`npm run export -- x.json --tmx|--tmj|--vmod`) are scripts/interop.ts's,
// run through tsx as `npm run import` runs it.
if (name === 'export' && process.argv.slice(3).some((a) => a === '--tmx' || a === '--tmj' || a === '--vmod')) {
  const { spawnSync } = await import('node:child_process');
  const tsx = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');
  const run = spawnSync(tsx, [join(root, 'scripts', 'interop.ts'), 'export', ...process.argv.slice(3)], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
const entry = TOOLS[name];
if (!entry) {
  console.error(`cli: no tool "${name}" (${Object.keys(TOOLS).join(', ')})`);
  process.exit(2);
}
const bundle = join(root, 'dist-cli', `${name}.cjs`);
const inputsFile = join(root, 'dist-cli', `${name}.inputs.json`);
const cacheFile = join(root, 'dist-cli', `${name}.cache`);

function stale() {
  if (!existsSync(bundle) || !existsSync(inputsFile)) return true;
  const built = statSync(bundle).mtimeMs;
  const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  return inputs.some((file) => {
    try {
      return statSync(join(root, file)).mtimeMs > built;
    } catch {
      return true;
    }
  });
}

// A worker thread of the tool (the export's second painter) runs the bundle its main thread checked.
if (isMainThread && stale()) {
  const { buildCli } = await import('./build-cli.mjs');
  await buildCli(name, entry);
}
process.argv.splice(2, 1);
run();

/** Runs the bundle as Node runs a CommonJS module, compiled from the code cache when there is a good one. */
function run() {
  const source = readFileSync(bundle, 'utf8');
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: bundle, cachedData });
  if ((!cachedData || script.cachedDataRejected) && isMainThread) {
    // Made at exit, so the functions this run compiled are in it; only after a run that did its
    // work (not --help or a usage error, which compile little of the tool).
    const asked = process.argv.slice(2);
    if (!asked.includes('--help') && !asked.includes('-h')) {
      process.once('exit', (code) => {
        if (code !== 0) return;
        try {
          const tmp = `${cacheFile}.${process.pid}`;
          writeFileSync(tmp, script.createCachedData());
          renameSync(tmp, cacheFile);
        } catch {
          // Without a cache the next run compiles again: slower, never wrong.
        }
      });
    }
  }
  // How the tool can start itself again on a worker thread (the export's second painter).
  globalThis.gridfrontCli = { script: fileURLToPath(import.meta.url), argv: [name] };
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
}
