// Lays out a folder the way electron-builder lays out the packaged app, without Electron:
// `resources/app.asar/` (a plain folder standing in for the archive) holds what the `files`
// patterns of electron-builder.yml select, `resources/app.asar.unpacked/` also what `asarUnpack`
// selects, and `app.asar/node_modules` links the production dependencies (electron-builder
// adds those itself). Files are selected with electron-builder's own matcher, so a pattern
// that leaves out a runtime file fails here as it would in the real package.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, type Stats } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

type Filter = (file: string, stat: Stats) => boolean;
interface FileMatcherClass {
  new (from: string, to: string, macroExpander: (s: string) => string, patterns?: string[]): { addPattern(p: string): void; createFilter(): Filter };
}

export interface PackagingPatterns {
  /** electron-builder's `files` (plain patterns; file sets with from/to are not used here). */
  files: string[];
  asarUnpack: string[];
}

/** The `files` and `asarUnpack` patterns of electron-builder.yml, read by electron-builder itself. */
export async function readPackagingPatterns(projectRoot: string): Promise<PackagingPatterns> {
  const { getConfig } = require('app-builder-lib/out/util/config/config.js') as {
    getConfig(projectDir: string, configPath: string | null, fromOptions: null): Promise<{ files?: unknown; asarUnpack?: unknown }>;
  };
  const config = await getConfig(projectRoot, path.join(projectRoot, 'electron-builder.yml'), null);
  const flatten = (value: unknown): string[] => {
    if (value == null) return [];
    if (Array.isArray(value)) return value.flatMap(flatten);
    if (typeof value === 'string') return [value];
    const set = value as { from?: unknown; to?: unknown; filter?: unknown };
    if (set.from !== undefined || set.to !== undefined) throw new Error(`stage-app: file sets with from/to are not supported: ${JSON.stringify(value)}`);
    return flatten(set.filter);
  };
  return { files: flatten(config.files), asarUnpack: flatten(config.asarUnpack) };
}

export interface StagedApp {
  /** The folder playing app.asar. */
  asar: string;
  /** app.asar.unpacked. */
  unpacked: string;
  /** App-relative paths (with /) of every staged file, packed or unpacked. */
  files: string[];
  unpackedFiles: string[];
}

/**
 * Copies from `source` (a project-shaped folder: package.json, dist/, dist-electron/, ...)
 * into `<resources>/app.asar` and `<resources>/app.asar.unpacked` what packaging would;
 * production dependencies are linked from `nodeModules`.
 */
export function stageApp(source: string, resources: string, patterns: PackagingPatterns, nodeModules: string): StagedApp {
  const { FileMatcher, excludedExts } = require('app-builder-lib/out/fileMatcher.js') as { FileMatcher: FileMatcherClass; excludedExts: string };
  const same = (s: string) => s;
  const main = new FileMatcher(source, source, same, patterns.files);
  // The exclusions electron-builder adds to every app (fileMatcher.getMainFileMatchers);
  // node_modules is linked below instead of copied.
  main.addPattern('!**/node_modules/**');
  main.addPattern(`!**/*.{${excludedExts}}`);
  const include = main.createFilter();
  const unpack = new FileMatcher(source, source, same, patterns.asarUnpack).createFilter();

  const staged: StagedApp = { asar: path.join(resources, 'app.asar'), unpacked: path.join(resources, 'app.asar.unpacked'), files: [], unpackedFiles: [] };
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      const stat = statSync(full);
      if (!include(full, stat)) continue;
      if (stat.isDirectory()) {
        walk(full);
        continue;
      }
      const rel = path.relative(source, full).split(path.sep).join('/');
      // An unpacked file is in both places: Electron's fs shows it to the main process at its
      // app.asar path as well, while a worker thread must start from the unpacked copy.
      const targets = [staged.asar, ...(unpack(full, stat) ? [staged.unpacked] : [])].map((dir) => path.join(dir, rel));
      for (const target of targets) {
        mkdirSync(path.dirname(target), { recursive: true });
        copyFileSync(full, target);
      }
      staged.files.push(rel);
      if (targets.length > 1) staged.unpackedFiles.push(rel);
    }
  };
  walk(source);

  const pkg = JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const modules = path.join(staged.asar, 'node_modules');
  for (const name of Object.keys(pkg.dependencies ?? {})) {
    const target = path.join(modules, name);
    mkdirSync(path.dirname(target), { recursive: true });
    symlinkSync(path.join(nodeModules, name), target, 'dir');
  }
  return staged;
}
