// Runs a command-line tool from its prebuilt bundle (dist-cli/<name>.mjs), building it first
// with esbuild when it is missing or older than any file it was built from. Plain JavaScript
// so that starting it costs Node's start-up only: a TypeScript loader (tsx) adds a third of a
// second before the first line runs, more than the whole of a small export.
//
//   node scripts/cli.mjs export <args...>     (what `npm run export` runs)
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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
const bundle = join(root, 'dist-cli', `${name}.mjs`);
const inputsFile = join(root, 'dist-cli', `${name}.inputs.json`);

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

if (stale()) {
  const { buildCli } = await import('./build-cli.mjs');
  await buildCli(name, entry);
}
process.argv.splice(2, 1);
await import(pathToFileURL(bundle).href);
