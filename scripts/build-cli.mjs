// Bundles a command-line tool (scripts/<tool>.ts, all it imports from shared/ and electron/, and
// the plain JavaScript packages it uses) into one CommonJS file, dist-cli/<tool>.cjs, with
// esbuild, plus the list of its source files so scripts/cli.mjs can tell when the bundle is
// stale. Only @napi-rs/canvas stays outside: it loads its native binary from node_modules.
// CommonJS so that scripts/cli.mjs can run it through node:vm with V8's code cache (see there).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * JSON files (the schemas) as JSON.parse of a string rather than an object literal: V8 reads
 * JSON text several times faster than it runs a literal of the same size, and the export loads
 * about 150 kB of schema at start-up.
 */
const jsonAsText = {
  name: 'json-as-text',
  setup(b) {
    b.onLoad({ filter: /\.json$/ }, async (args) => {
      const text = JSON.stringify(JSON.parse(await readFile(args.path, 'utf8')));
      return { contents: `export default JSON.parse(${JSON.stringify(text)});`, loader: 'js' };
    });
  },
};

/** Packages left to Node's own loader: native ones. */
const EXTERNAL = ['@napi-rs/canvas'];

export function bundlePaths(name) {
  const dir = join(root, 'dist-cli');
  return { dir, bundle: join(dir, `${name}.cjs`), inputs: join(dir, `${name}.inputs.json`), cache: join(dir, `${name}.cache`) };
}

export async function buildCli(name, entry) {
  const paths = bundlePaths(name);
  mkdirSync(paths.dir, { recursive: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile: paths.bundle,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: EXTERNAL,
    plugins: [jsonAsText],
    metafile: true,
    logLevel: 'warning',
    // The bundle's dynamic imports stay in the one file: splitting would add files to load.
  });
  // The code cache belongs to the old bundle.
  rmSync(paths.cache, { force: true });
  const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith('node_modules/'));
  // A package updated by npm shows in the lock file.
  writeFileSync(paths.inputs, JSON.stringify([...inputs, 'scripts/build-cli.mjs', 'package-lock.json']));
}
