// npm test's machine prerequisites, on simulated machines: a GRIDFRONT_CHROMIUM that points
// nowhere (and a PATH with or without apt-get and sudo) stands for a fresh machine without it.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ensurePrerequisites, PREREQUISITES, type Machine } from './prerequisites.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A folder for a fake PATH, with `tools` as executable stubs. */
function binDir(...tools: string[]): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gf-prereq-'));
  dirs.push(dir);
  for (const t of tools) {
    writeFileSync(path.join(dir, t), '#!/bin/sh\nexit 0\n');
    chmodSync(path.join(dir, t), 0o755);
  }
  return dir;
}

function machine(over: Partial<Machine> & { env: NodeJS.ProcessEnv }): Machine & { ran: string[][]; lines: string[] } {
  const ran: string[][] = [];
  const lines: string[] = [];
  return { debian: true, root: true, run: (c, a) => (ran.push([c, ...a]), 0), log: (l) => lines.push(l), ...over, ran, lines };
}

describe('npm test prerequisites', () => {
  const chromiumOk = () => {
    const dir = binDir('chromium');
    return path.join(dir, 'chromium');
  };

  it('the list names Chromium, the DejaVu fonts and Tiled, once each, and no poppler (PDFs are checked with pdf.js)', () => {
    expect(PREREQUISITES.map((p) => p.debianPackage)).toEqual(['chromium', 'fonts-dejavu-core', 'tiled']);
  });

  it('nothing to do when everything is there (GRIDFRONT_CHROMIUM names the browser)', () => {
    const bin = binDir('apt-get', 'tmxrasterizer');
    const m = machine({ env: { PATH: bin, GRIDFRONT_CHROMIUM: chromiumOk() } });
    expect(ensurePrerequisites(m)).toBeNull();
    expect(m.ran).toEqual([]);
  });

  it('on Debian as root, installs what is missing with apt-get and goes on', () => {
    const bin = binDir('apt-get');
    const chromium = path.join(bin, 'chromium-later');
    // The stand-in apt-get "installs" by making the missing programs appear.
    const m = machine({
      env: { PATH: bin, GRIDFRONT_CHROMIUM: chromium },
      run: (command, args) => {
        m.ran.push([command, ...args]);
        if (args[0] === 'install') {
          for (const f of [chromium, path.join(bin, 'tmxrasterizer')]) {
            writeFileSync(f, '#!/bin/sh\n');
            chmodSync(f, 0o755);
          }
        }
        return 0;
      },
    });
    expect(ensurePrerequisites(m)).toBeNull();
    expect(m.ran).toEqual([
      [path.join(bin, 'apt-get'), 'update', '-qq'],
      [path.join(bin, 'apt-get'), 'install', '-y', '-qq', '--no-install-recommends', 'chromium', 'tiled'],
    ]);
    expect(m.lines).toEqual(['Installing what the tests need: chromium, tiled']);
  });

  it('not as root: through sudo -n', () => {
    const bin = binDir('apt-get', 'sudo');
    const m = machine({ root: false, env: { PATH: bin, GRIDFRONT_CHROMIUM: '/nowhere/chromium' } });
    ensurePrerequisites(m);
    expect(m.ran[0]).toEqual(['sudo', '-n', path.join(bin, 'apt-get'), 'update', '-qq']);
  });

  it('where it cannot install, stops with one sentence naming what to install', () => {
    const notDebian = machine({ debian: false, env: { PATH: binDir(), GRIDFRONT_CHROMIUM: '/nowhere/chromium' } });
    expect(ensurePrerequisites(notDebian)).toBe(
      'npm test needs Chromium (the end-to-end tests) and Tiled\'s tmxrasterizer (the Tiled export check), which are missing and this is not a Debian or Ubuntu machine where apt-get could install them: install "chromium" and "tiled" (Debian/Ubuntu: apt-get install chromium tiled) (or set GRIDFRONT_CHROMIUM to a Chromium binary) and run it again.',
    );
    expect(notDebian.ran).toEqual([]);
    const noSudo = machine({ root: false, env: { PATH: binDir('apt-get', 'tmxrasterizer'), GRIDFRONT_CHROMIUM: '/nowhere/chromium' } });
    expect(ensurePrerequisites(noSudo)).toMatch(/^npm test needs Chromium \(the end-to-end tests\), which is missing and installing needs root \(no sudo here\): install "chromium"/);
    const aptFails = machine({ env: { PATH: binDir('apt-get', 'tmxrasterizer'), GRIDFRONT_CHROMIUM: '/nowhere/chromium' }, run: () => 100 });
    expect(ensurePrerequisites(aptFails)).toMatch(/which is missing and apt-get could not install them: install "chromium"/);
  });

  it('npm test stops before anything runs, with that sentence, on such a machine', () => {
    // The real command: tsx scripts/test.ts with a PATH that has node but no apt-get,
    // and a Chromium override that points nowhere.
    const bin = binDir();
    const nodeDir = path.dirname(process.execPath);
    const run = spawnSync(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/test.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, PATH: [bin, nodeDir].join(path.delimiter), GRIDFRONT_CHROMIUM: '/nowhere/chromium' },
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/npm test needs Chromium \(the end-to-end tests\)( and Tiled's tmxrasterizer \(the Tiled export check\))?, which (is|are) missing/);
    expect(run.stdout).not.toMatch(/=== generated code|=== typecheck/);
    expect(run.stdout.trim().split('\n').at(-1)).toBe('0 passed, 1 failed');
  });
});
