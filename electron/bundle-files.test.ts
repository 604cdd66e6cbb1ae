import { describe, expect, it } from 'vitest';
import { unpackedPath } from './bundle-files.js';
import { builtWorkerPath } from './sim/pool.js';

describe('paths of files unpacked beside app.asar', () => {
  it('moves a path inside app.asar to app.asar.unpacked, with either separator', () => {
    expect(unpackedPath('/opt/Gridfront/resources/app.asar/dist-electron/electron/sim-worker.mjs')).toBe(
      '/opt/Gridfront/resources/app.asar.unpacked/dist-electron/electron/sim-worker.mjs',
    );
    expect(unpackedPath('C:\\Program Files\\Gridfront\\resources\\app.asar\\dist-electron\\electron\\sim-worker.mjs')).toBe(
      'C:\\Program Files\\Gridfront\\resources\\app.asar.unpacked\\dist-electron\\electron\\sim-worker.mjs',
    );
  });

  it('leaves paths outside an archive alone, including ones already unpacked or merely named like it', () => {
    for (const p of [
      '/work/main/dist-electron/electron/sim-worker.mjs',
      '/opt/Gridfront/resources/app.asar.unpacked/dist-electron/electron/sim-worker.mjs',
      '/home/ann/my-app.asar-notes/x.mjs',
    ]) {
      expect(unpackedPath(p)).toBe(p);
    }
  });

  it('starts the worker of a packaged main.js from app.asar.unpacked, and of a plain build from beside it', () => {
    expect(builtWorkerPath('file:///opt/Gridfront/resources/app.asar/dist-electron/electron/main.js')).toBe(
      '/opt/Gridfront/resources/app.asar.unpacked/dist-electron/electron/sim-worker.mjs',
    );
    expect(builtWorkerPath('file:///work/main/dist-electron/electron/main.js')).toBe('/work/main/dist-electron/electron/sim-worker.mjs');
  });
});
