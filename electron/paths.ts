// Where the app's files sit, found from this module's own location so it works from the
// sources (tsx), from dist-electron/ (built) and inside a packaged app alike.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project (or packaged app) root: the nearest folder above with Gridfront's package.json. */
export function findAppRoot(from: string = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'gridfront') return dir;
      } catch {
        // An unreadable package.json is not ours; keep looking upwards.
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Could not find Gridfront's package.json above ${from}`);
    dir = parent;
  }
}

export function appVersion(root: string): string {
  return (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
}

export interface AppPaths {
  root: string;
  /** Built renderer (vite output). */
  renderer: string;
  scenarios: string;
}

export function appPaths(root: string = findAppRoot()): AppPaths {
  return {
    root,
    renderer: path.join(root, 'dist', 'renderer'),
    scenarios: path.join(root, 'scenarios'),
  };
}
