// The `npm run pack` command line. The first test runs it as a user runs it (tsx in a child
// process: the entry point, its output and exit code); the others call the script's main in
// this process (scripts/in-process.ts), which prints and returns the same without tsx's start-up.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main as packMain } from '../../scripts/pack.js';
import { runInProcess } from '../../scripts/in-process.js';
import { openLibrary } from '../library/index.js';
import { scenario } from '../library/testing.js';
import { sha256 } from './hash.js';
import { craftZip, jsonBuffer, librarySnapshot, validPackEntries } from './testing.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gridfront-pack-cli-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** `npm run pack -- …args` in its own process. */
function spawnPack(...args: string[]) {
  const run = spawnSync(process.execPath, [tsx, 'scripts/pack.ts', ...args], { cwd: root, encoding: 'utf8' });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

/** The same command, its main called in this process. */
const pack = (...args: string[]) => runInProcess(packMain, args);

const at = (name: string) => path.join(dir, name);
const writeScenario = (name: string, value: unknown) => {
  writeFileSync(at(name), JSON.stringify(value, null, 2));
  return at(name);
};

function withLibrary<T>(libDir: string, fn: (lib: ReturnType<typeof openLibrary>) => T): T {
  const lib = openLibrary({ dir: libDir });
  try {
    return fn(lib);
  } finally {
    lib.close();
  }
}

describe('npm run pack', () => {
  it('exports (in its own process), inspects and imports a pack, exiting 0 each time', async () => {
    const a = writeScenario('a.json', scenario('alpha', 'Alpha'));
    const b = writeScenario('b.json', scenario('bravo', 'Bravo'));
    // The one real spawn: the script run by tsx as `npm run pack` runs it.
    const exported = spawnPack('export', a, b, '--out', at('two.gfpack'), '--name', 'Two maps', '--version', '2.0.1', '--author', 'Ann');
    expect(exported).toMatchObject({ code: 0 });
    expect(exported.out).toMatch(/Wrote .*two\.gfpack: 2 scenarios/);

    const inspected = await pack('inspect', at('two.gfpack'));
    expect(inspected.code).toBe(0);
    expect(inspected.out).toMatch(/^Two maps 2\.0\.1 by Ann$/m);
    expect(inspected.out).toMatch(/alpha {2}"Alpha" {2}scenarios\/alpha\.json/);
    expect(inspected.out).toMatch(/No problems/);

    const imported = await pack('import', at('two.gfpack'), '--library', at('lib'));
    expect(imported.code).toBe(0);
    expect(imported.out).toMatch(/Imported 2 scenarios/);
    expect(withLibrary(at('lib'), (lib) => lib.get('bravo')?.document.title)).toBe('Bravo');
  });

  it('exports chosen scenarios from a library with their thumbnails', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7]);
    withLibrary(at('lib'), (lib) => {
      lib.create(scenario('alpha', 'Alpha'));
      lib.create(scenario('bravo', 'Bravo'));
      lib.setThumbnail('alpha', png);
    });
    const run = await pack('export', '--library', at('lib'), 'alpha', '--out', at('one.gfpack'));
    expect(run.code).toBe(0);
    expect((await pack('inspect', at('one.gfpack'))).out).toMatch(/alpha {2}"Alpha" {2}scenarios\/alpha\.json {2}\(\+ thumbnail\)/);
    const missing = await pack('export', '--library', at('lib'), 'nope', '--out', at('two.gfpack'));
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('The library has no scenario with id "nope"');
    expect((await pack('export', '--library', at('nowhere'), 'alpha', '--out', at('two.gfpack'))).code).toBe(1);
    expect(existsSync(at('nowhere'))).toBe(false);
    expect(existsSync(at('two.gfpack'))).toBe(false);
  });

  it('export exits 1 naming the file and field of an invalid scenario, and writes no pack', async () => {
    const good = writeScenario('good.json', scenario('alpha', 'Alpha'));
    const bad = writeScenario('bad.json', { ...scenario('bravo', 'Bravo'), calendar: { startDate: 'soon', turns: 2 } });
    const run = await pack('export', good, bad, '--out', at('x.gfpack'));
    expect(run.code).toBe(1);
    expect(run.err).toContain(`problem: ${bad}: /calendar/startDate:`);
    expect(readdirSync(dir).filter((f) => f.includes('gfpack'))).toEqual([]);
  });

  it('inspect exits 1 and prints every problem of a hostile pack', async () => {
    const entries = [...validPackEntries([scenario('alpha', 'Alpha')]), { name: '../evil.json', data: jsonBuffer({}) }];
    writeFileSync(at('evil.gfpack'), craftZip(entries));
    const run = await pack('inspect', at('evil.gfpack'));
    expect(run.code).toBe(1);
    expect(run.err).toContain('problem: ../evil.json climbs out of the pack with ".."');
    expect(run.err).toMatch(/1 problem: this pack cannot be imported/);
  });

  it('import exits 1 on a bad pack and changes nothing: no new library, an existing one untouched', async () => {
    const entries = validPackEntries([scenario('alpha', 'Alpha'), scenario('bravo', 'Bravo')]);
    entries[2] = { ...entries[2]!, data: jsonBuffer(scenario('bravo', 'Tampered')) };
    writeFileSync(at('bad.gfpack'), craftZip(entries));

    const fresh = await pack('import', at('bad.gfpack'), '--library', at('new-lib'));
    expect(fresh.code).toBe(1);
    expect(fresh.err).toMatch(/scenarios\/bravo\.json: its SHA-256 is/);
    expect(fresh.err).toMatch(/nothing was imported/);
    expect(existsSync(at('new-lib'))).toBe(false);

    withLibrary(at('lib'), (lib) => lib.create(scenario('mine', 'Mine')));
    const before = withLibrary(at('lib'), librarySnapshot);
    expect((await pack('import', at('bad.gfpack'), '--library', at('lib'))).code).toBe(1);
    expect(withLibrary(at('lib'), librarySnapshot)).toEqual(before);
  });

  it('import of a pack whose scenario is 6,000 open brackets says so in one line, with no stack trace, and writes nothing', async () => {
    const deep = Buffer.from(`${'['.repeat(6000)}\n`);
    const entries = validPackEntries([scenario('alpha', 'Alpha')], (m) => {
      m.scenarios[0]!.sha256 = sha256(deep);
    }).map((e) => (e.name === 'scenarios/alpha.json' ? { ...e, data: deep } : e));
    writeFileSync(at('deep.gfpack'), craftZip(entries));
    withLibrary(at('lib'), (lib) => lib.create(scenario('mine', 'Mine')));
    const before = withLibrary(at('lib'), librarySnapshot);
    const run = await pack('import', at('deep.gfpack'), '--library', at('lib'));
    expect(run.code).toBe(1);
    expect(run.err).not.toMatch(/RangeError|at .*\.ts:\d+/);
    expect(run.err.trim().split('\n')).toEqual([
      'problem: scenarios/alpha.json: invalid JSON at line 2, column 1: the text ends too early',
      '1 problem: nothing was imported.',
    ]);
    expect(withLibrary(at('lib'), librarySnapshot)).toEqual(before);
  });

  it('import refuses to guess about conflicts, then follows --on-conflict', async () => {
    writeFileSync(at('one.gfpack'), craftZip(validPackEntries([scenario('alpha', 'Alpha (pack)')])));
    withLibrary(at('lib'), (lib) => lib.create(scenario('alpha', 'Alpha (mine)')));
    const before = withLibrary(at('lib'), librarySnapshot);

    expect((await pack('inspect', at('one.gfpack'), '--library', at('lib'))).out).toContain('conflict: the library already has "alpha"');
    const unsure = await pack('import', at('one.gfpack'), '--library', at('lib'));
    expect(unsure.code).toBe(1);
    expect(unsure.err).toContain('conflict: the library already has "alpha" ("Alpha (mine)"); the pack\'s is "Alpha (pack)"');
    expect(withLibrary(at('lib'), librarySnapshot)).toEqual(before);

    const replaced = await pack('import', at('one.gfpack'), '--library', at('lib'), '--on-conflict', 'replace');
    expect(replaced.code).toBe(0);
    expect(replaced.out).toMatch(/^replaced alpha "Alpha \(pack\)"$/m);
    expect(withLibrary(at('lib'), (lib) => lib.get('alpha')!.document.title)).toBe('Alpha (pack)');
  });

  it('exits 2 with the usage on a wrong command line', async () => {
    for (const args of [[], ['unpack'], ['import', 'x.gfpack'], ['import', 'x.gfpack', '--library', 'l', '--on-conflict', 'overwrite'], ['export', 'a.json']]) {
      const run = await pack(...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.err).toMatch(/usage:/);
    }
  });
});
