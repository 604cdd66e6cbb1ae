// Finds Electron's downloaded binary the way the `electron` package itself does
// (node_modules/electron/path.txt names it inside node_modules/electron/dist), without
// require('electron'), which throws when the download never happened.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type ElectronBinary = { ok: true; path: string } | { ok: false; reason: string };

export function findElectronBinary(root: string): ElectronBinary {
  const pkgDir = path.join(root, 'node_modules', 'electron');
  if (!existsSync(path.join(pkgDir, 'package.json'))) return { ok: false, reason: 'the electron package is not installed' };
  const pathFile = path.join(pkgDir, 'path.txt');
  if (!existsSync(pathFile)) return { ok: false, reason: 'node_modules/electron/path.txt is missing (the binary download never ran or failed)' };
  const binary = path.join(pkgDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  if (!existsSync(binary)) return { ok: false, reason: `${path.relative(root, binary)} does not exist` };
  return { ok: true, path: binary };
}
