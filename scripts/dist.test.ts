import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkReport, extractAsar, probeApp } from '../electron/packaging/probe-app.js';
import { cleanBuildEnv, debMetadataProblems, expectedElectronAbi, missingForPackaging, moduleAbiOf, packWithStandInElectron, SQLITE_BINARY } from './dist.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function fakeProject(withBinary: boolean): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gf-dist-'));
  const electron = path.join(dir, 'node_modules', 'electron');
  mkdirSync(path.join(electron, 'dist'), { recursive: true });
  writeFileSync(path.join(electron, 'package.json'), JSON.stringify({ name: 'electron', version: '41.7.1' }));
  if (withBinary) {
    writeFileSync(path.join(electron, 'path.txt'), 'electron');
    writeFileSync(path.join(electron, 'dist', 'electron'), '');
  }
  return dir;
}

describe('npm run dist', () => {
  it('rebuilds native modules without the npm_config_* variables that point node-gyp at Node', () => {
    const env = cleanBuildEnv({
      PATH: '/usr/bin',
      npm_config_nodedir: '/usr',
      NPM_CONFIG_NODEDIR: '/usr',
      npm_config_target: '20.20.2',
      npm_config_runtime: 'node',
      npm_config_disturl: 'https://nodejs.org/dist',
      npm_config_cache: '/root/.npm',
      npm_lifecycle_event: 'dist',
    });
    expect(env).toEqual({ PATH: '/usr/bin', npm_config_cache: '/root/.npm', npm_lifecycle_event: 'dist' });
  });

  it("reads the ABI a native module was built for: here Node's own, which Electron cannot load", () => {
    const abi = moduleAbiOf(readFileSync(SQLITE_BINARY));
    expect(abi).toBe(Number(process.versions.modules));
    expect(expectedElectronAbi('41.7.1')).toBe(145);
    expect(abi).not.toBe(expectedElectronAbi('41.7.1'));
    expect(moduleAbiOf(Buffer.from('no registration symbol in here'))).toBeNull();
  });

  it('names the package metadata a deb needs before electron-builder stops on it: a homepage and a maintainer', () => {
    const deb = { linux: { target: ['AppImage', 'deb'], maintainer: 'Gridfront authors <a@b.example>' } };
    expect(debMetadataProblems({}, deb)).toEqual([expect.stringContaining('package.json has no "homepage"')]);
    expect(debMetadataProblems({ homepage: 'https://example.org/gridfront' }, deb)).toEqual([]);
    expect(debMetadataProblems({ repository: 'github:someone/gridfront' }, deb)).toEqual([]);
    // No maintainer anywhere: the author's email would do.
    const bare = { linux: { target: [{ target: 'deb' }] } };
    expect(debMetadataProblems({ homepage: 'https://example.org' }, bare)).toEqual([expect.stringContaining('no maintainer')]);
    expect(debMetadataProblems({ homepage: 'https://example.org', author: 'A. Designer <a@b.example>' }, bare)).toEqual([]);
    expect(debMetadataProblems({ homepage: 'https://example.org', author: { name: 'A. Designer', email: 'a@b.example' } }, bare)).toEqual([]);
    // Without a deb target (AppImage, NSIS, dmg) none of it is needed.
    expect(debMetadataProblems({}, { linux: { target: 'AppImage' } })).toEqual([]);
  });

  it("says Electron's binary is missing instead of pretending to package", () => {
    const missing = missingForPackaging(fakeProject(false));
    expect(missing).toHaveLength(1);
    expect(missing[0]).toContain("Electron 41.7.1's binary is not installed");
    expect(missing[0]).toContain('node node_modules/electron/install.js');
    expect(missingForPackaging(fakeProject(true))).toEqual([]);
  });

  it("packs the current build with electron-builder around a stand-in Electron, and the packaged main process works (npm run dist -- --dry-run)", async () => {
    for (const built of ['dist-electron/electron/main.js', 'dist/renderer/index.html']) {
      if (!existsSync(path.join(root, built))) throw new Error(`${built} is missing: run \`npm run build\` before this test.`);
    }
    const work = mkdtempSync(path.join(os.tmpdir(), 'gf-dist-dry-'));
    try {
      const app = extractAsar(await packWithStandInElectron(work), path.join(work, 'resources'));
      // electron-builder's own choice of files, production node_modules included.
      expect(app.files).toEqual(expect.arrayContaining(['package.json', 'dist-electron/electron/main.js', 'dist/renderer/index.html', 'node_modules/better-sqlite3/package.json', 'node_modules/yauzl/package.json']));
      expect(app.files.filter((f) => (f.endsWith('.map') && !f.startsWith('node_modules/')) || f.startsWith('node_modules/electron/') || f.startsWith('node_modules/vitest/'))).toEqual([]);
      expect(app.unpackedFiles).toContain('dist-electron/electron/sim-worker.mjs');
      expect(checkReport(await probeApp(app, work), app)).toEqual([]);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 120_000);
});
