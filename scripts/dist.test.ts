import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanBuildEnv, expectedElectronAbi, missingForPackaging, moduleAbiOf, SQLITE_BINARY } from './dist.js';

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

  it("says Electron's binary is missing instead of pretending to package", () => {
    const missing = missingForPackaging(fakeProject(false));
    expect(missing).toHaveLength(1);
    expect(missing[0]).toContain("Electron 41.7.1's binary is not installed");
    expect(missing[0]).toContain('node node_modules/electron/install.js');
    expect(missingForPackaging(fakeProject(true))).toEqual([]);
  });
});
