// `npm run print` prints a draft as the app does: a scenario whose checks fail (but which the
// schema accepts) gives a PDF whose every sheet carries "Draft — N checks not passing", and says so
// on stderr. (The usage ending it shares with `npm run export`, scripts/cli-run.ts, is tested there:
// electron/print/raster.test.ts.)
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import example from '../scenarios/seed-000-example.json' with { type: 'json' };
import { readPdfText } from '../electron/print/pdf-text.js';

const tsx = join('node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gf-print-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const print = (...args: string[]) => spawnSync(tsx, ['scripts/print.ts', ...args], { encoding: 'utf8' });

describe('npm run print', () => {
  it('prints a draft whose checks fail, every sheet marked "Draft — 1 check not passing"', async () => {
    const draft = structuredClone(example) as unknown as { orderOfBattle: { cell: string }[] };
    draft.orderOfBattle[0]!.cell = '9999'; // outside the 7×7 map: one failing check, the schema is content
    const file = join(dir, 'draft.json');
    await writeFile(file, JSON.stringify(draft));
    const out = join(dir, 'draft.pdf');
    const run = print(file, '--paper', 'A4', '--out', out);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain('is a draft (1 check not passing)');
    const pages = await readPdfText(new Uint8Array(await readFile(out)));
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page.runs.filter((r) => r.text === 'Draft \u2014 1 check not passing')).toHaveLength(1);
  });
});
