import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTinyScenario } from '../shared/format/fixtures.js';
import { runInProcess } from './in-process.js';
import { main } from './validate.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
let dir = '';

interface Ran {
  code: number | null;
  lines: string[];
  stderr: string;
}

/** `npm run validate -- files…` in its own process, run in the folder of the files (the first test). */
function spawnCli(...files: string[]): Ran {
  const r = spawnSync(tsx, [join(root, 'scripts', 'validate.ts'), ...files], { cwd: dir, encoding: 'utf8' });
  return { code: r.status, lines: r.stdout.trim().split('\n').filter(Boolean), stderr: r.stderr };
}

/**
 * The same command, its main called in this process (scripts/in-process.ts) with the files' full
 * paths; each line names a file as it was given, so the folder is taken off to read as above.
 */
async function cli(...files: string[]): Promise<Ran> {
  const r = await runInProcess((argv) => main(argv), files.map((f) => join(dir, f)));
  const here = (text: string) => text.split(`${dir}/`).join('');
  return { code: r.code, lines: here(r.out).trim().split('\n').filter(Boolean), stderr: here(r.err) };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gridfront-validate-'));
  const good = makeTinyScenario();
  writeFileSync(join(dir, 'good.json'), JSON.stringify(good, null, 2));
  const bad = makeTinyScenario() as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  bad.map.grid.cols = 'twelve';
  bad.orderOfBattle[3].cell = '4,3';
  writeFileSync(join(dir, 'bad.json'), JSON.stringify(bad, null, 2));
  const advice = makeTinyScenario();
  delete advice.initiative;
  writeFileSync(join(dir, 'advice.json'), JSON.stringify(advice));
  writeFileSync(join(dir, 'broken.json'), '{\n  "formatVersion": 1,\n  "title": }\n');
  writeFileSync(join(dir, 'future.json'), JSON.stringify({ ...good, formatVersion: 3 }));
  // Hostile input: what `python3 -c "print('['*6000)"` writes, and the same nesting closed.
  writeFileSync(join(dir, 'deep.json'), `${'['.repeat(6000)}\n`);
  writeFileSync(join(dir, 'deep-closed.json'), `{"formatVersion": 1, "title": ${'['.repeat(6000)}${']'.repeat(6000)}}\n`);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run validate', () => {
  it('exits 0 and prints only the summary for a valid file (in its own process)', () => {
    const r = spawnCli('good.json');
    expect(r.code).toBe(0);
    expect(r.lines).toEqual(['1 file checked: 1 valid, 0 invalid (0 errors, 0 warnings).']);
  });

  it('prints each problem as file: pointer: sentence and exits 1', async () => {
    const r = await cli('bad.json');
    expect(r.code).toBe(1);
    expect(r.lines).toEqual([
      'bad.json: /map/grid/cols: "cols" must be a whole number from 1 to 4096 (found "twelve").',
      '1 file checked: 0 valid, 1 invalid (1 error, 0 warnings).',
    ]);
  });

  it('prints warnings after the file name without failing', async () => {
    const r = await cli('advice.json');
    expect(r.code).toBe(0);
    expect(r.lines[0]).toMatch(/^advice\.json: warning: \/initiative: No initiative schedule/);
    expect(r.lines[1]).toBe('1 file checked: 1 valid, 0 invalid (0 errors, 1 warning).');
  });

  it('gives the parse position of invalid JSON', async () => {
    const r = await cli('broken.json');
    expect(r.code).toBe(1);
    expect(r.lines[0]).toBe('broken.json: invalid JSON at line 3, column 12: unexpected "}"');
  });

  it('reports an unreadable file and carries on with the others', async () => {
    const r = await cli('missing.json', 'good.json');
    expect(r.code).toBe(1);
    expect(r.lines).toEqual([
      'missing.json: cannot read the file (no such file)',
      '2 files checked: 1 valid, 1 invalid (1 error, 0 warnings).',
    ]);
  });

  it('answers a file nested 6,000 deep with one problem line and goes on with the next file', async () => {
    const r = await cli('deep.json', 'deep-closed.json', 'good.json');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    expect(r.lines).toEqual([
      'deep.json: invalid JSON at line 2, column 1: the text ends too early',
      'deep-closed.json: JSON nested more than 256 levels deep at line 1, column 286: no Gridfront file nests that deep',
      '3 files checked: 1 valid, 2 invalid (2 errors, 0 warnings).',
    ]);
  });

  it('refuses a file from a newer format version', async () => {
    const r = await cli('future.json');
    expect(r.code).toBe(1);
    expect(r.lines[0]).toMatch(/^future\.json: \/formatVersion: This scenario uses format version 3/);
  });

  it('fails on a mix of valid and invalid files', async () => {
    expect((await cli('good.json', 'bad.json', 'advice.json')).code).toBe(1);
  });

  it('explains its usage when given no files', async () => {
    const r = await cli();
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('usage: npm run validate');
  });
});
