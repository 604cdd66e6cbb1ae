// The Electron fuses the packaged app is built with, read from electron-builder.yml the way
// electron-builder reads it (its own config loader and schema check).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);

describe('Electron fuses (electron-builder.yml)', () => {
  it('switch off everything the app does not use, file:// extra privileges included', async () => {
    const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
      getConfig(projectDir: string, configPath: string | null, fromOptions: null): Promise<Record<string, unknown>>;
      validateConfiguration(config: Record<string, unknown>, logger: unknown): Promise<void>;
    };
    const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
    const config = await getConfig(root, path.join(root, 'electron-builder.yml'), null);
    await validateConfiguration(config, new DebugLogger(false));
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });
});
