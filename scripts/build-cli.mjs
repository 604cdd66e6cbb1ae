// Bundles a command-line tool (scripts/<tool>.ts and all it imports from shared/ and
// electron/) into dist-cli/<tool>.mjs with esbuild, plus the list of its source files so
// scripts/cli.mjs can tell when the bundle is stale. Packages stay external: native ones
// (@napi-rs/canvas) load their binaries from node_modules as usual.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export async function buildCli(name, entry) {
  const outDir = join(root, 'dist-cli');
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile: join(outDir, `${name}.mjs`),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    metafile: true,
    logLevel: 'warning',
    // The bundle's dynamic imports stay in the one file: splitting would add files to load.
  });
  const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith('node_modules/'));
  writeFileSync(join(outDir, `${name}.inputs.json`), JSON.stringify([...inputs, 'scripts/build-cli.mjs']));
}
