import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CallContext, Handlers, PackJobStatus } from '../../shared/host/contract.js';
import { createRouter } from '../ipc/router.js';
import { mustWrite, scenario, testLibrary, type TestLibrary } from '../library/testing.js';
import { createPackService, packFileName, type PackService } from './handlers.js';
import { craftZip, librarySnapshot, validPackEntries } from './testing.js';

const ctx: CallContext = { host: 'web', origin: 'http://127.0.0.1:1' };
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x01]);

let t: TestLibrary;
let service: PackService;
beforeEach(() => {
  t = testLibrary();
  mustWrite(t.lib.create(scenario('alpha', 'Alpha')));
  mustWrite(t.lib.create(scenario('bravo', 'Bravo')));
  t.lib.setThumbnail('alpha', PNG);
  service = createPackService(t.lib, { appVersion: '9.9.9' });
});
afterEach(() => t.cleanup());

const h = <C extends keyof typeof service.handlers>(channel: C) => service.handlers[channel] as (req: unknown, c?: CallContext) => Promise<any>;

async function exportBytes(ids: string[], includeThumbnails = true): Promise<Buffer> {
  const result = await h('packs.export')({ ids, name: 'Eastern Front', version: '1.0', includeThumbnails }, ctx);
  expect(result.kind).toBe('data');
  return Buffer.from(result.base64, 'base64');
}

async function untilSettled(jobId: string): Promise<PackJobStatus[]> {
  const seen: PackJobStatus[] = [];
  for (let i = 0; i < 500; i++) {
    const status = (await h('packs.progress')({ jobId }, ctx)) as PackJobStatus;
    seen.push(status);
    if (status.phase === 'done' || status.phase === 'failed') return seen;
    await new Promise((r) => setTimeout(r, 2));
  }
  throw new Error('the job never finished');
}

describe('pack channels', () => {
  it('names the download after the pack: lower case, dashes, .gfpack', () => {
    expect(packFileName('Eastern Front, 1944')).toBe('Eastern Front 1944.gfpack');
    expect(packFileName('!!!')).toBe('scenario-pack.gfpack');
  });

  it('exports chosen scenarios as bytes in the web host, with or without thumbnails', async () => {
    const stagedWith = await h('packs.stage')({ fileName: 'a.gfpack', base64: (await exportBytes(['alpha', 'bravo'])).toString('base64') }, ctx);
    expect(stagedWith.problems).toEqual([]);
    expect(stagedWith.manifest).toMatchObject({ name: 'Eastern Front', version: '1.0', appVersion: '9.9.9' });
    expect(stagedWith.items.map((i: { id: string; hasThumbnail: boolean }) => [i.id, i.hasThumbnail])).toEqual([
      ['alpha', true],
      ['bravo', false],
    ]);
    const stagedWithout = await h('packs.stage')({ fileName: 'b.gfpack', base64: (await exportBytes(['alpha'], false)).toString('base64') }, ctx);
    expect(stagedWithout.items[0].hasThumbnail).toBe(false);
  });

  it('refuses to export an id the library does not hold, naming it', async () => {
    await expect(h('packs.export')({ ids: ['alpha', 'ghost'], name: 'P', version: '1', includeThumbnails: true }, ctx)).rejects.toMatchObject({
      code: 'not-found',
      message: expect.stringContaining('"ghost"'),
    });
  });

  it('writes the pack where the save dialog says, and writes nothing when it is cancelled', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gf-pack-save-'));
    const asked: unknown[] = [];
    let answer: string | null = path.join(dir, 'out.gfpack');
    const desktop = createPackService(t.lib, {
      chooseSavePath: async (req) => (asked.push(req), answer),
    });
    const saved = await desktop.handlers['packs.export']({ ids: ['alpha'], name: 'My Pack', version: '2.0', includeThumbnails: true }, ctx);
    expect(saved).toMatchObject({ kind: 'saved', path: answer, scenarios: 1 });
    expect(asked).toEqual([{ defaultName: 'My Pack.gfpack', kind: 'gfpack' }]);
    expect(readFileSync(answer!).subarray(0, 2).toString()).toBe('PK');
    answer = null;
    expect(await desktop.handlers['packs.export']({ ids: ['alpha'], name: 'My Pack', version: '2.0', includeThumbnails: true }, ctx)).toEqual({ kind: 'cancelled' });
  });

  it('previews conflicts, then imports with a choice per scenario while progress climbs to done', async () => {
    const bytes = await exportBytes(['alpha', 'bravo']);
    t.lib.trash('bravo');
    const preview = await h('packs.stage')({ fileName: 'p.gfpack', base64: bytes.toString('base64') }, ctx);
    expect(preview.items.map((i: { conflict?: { trashed: boolean } }) => i.conflict?.trashed)).toEqual([false, true]);

    const { jobId } = await h('packs.import')({ uploadId: preview.uploadId, choices: { alpha: 'keepBoth', bravo: 'skip' } }, ctx);
    const seen = await untilSettled(jobId);
    const last = seen.at(-1)!;
    expect(last.phase).toBe('done');
    expect(last.fraction).toBe(1);
    expect(last.outcomes?.map((o) => o.action)).toEqual(['added', 'skipped']);
    expect(last.outcomes?.[0]?.idChangedFrom).toBe('alpha');
    const fractions = seen.map((s) => s.fraction);
    expect([...fractions].sort((a, b) => a - b)).toEqual(fractions);
    // A finished import forgets its staged bytes.
    await expect(h('packs.preview')({ uploadId: preview.uploadId }, ctx)).rejects.toMatchObject({ code: 'not-found' });
  });

  it('reports a hostile pack with the offending entry and writes nothing when asked to import it', async () => {
    const before = librarySnapshot(t.lib);
    const entries = validPackEntries([scenario('charlie', 'Charlie')]);
    const hostile = craftZip([...entries, { name: '../evil.json', data: Buffer.from('{}') }]);
    const preview = await h('packs.stage')({ fileName: 'evil.gfpack', base64: hostile.toString('base64') }, ctx);
    expect(preview.problems.length).toBeGreaterThan(0);
    expect(preview.problems.map((p: { message: string }) => p.message).join('\n')).toContain('../evil.json');
    const { jobId } = await h('packs.import')({ uploadId: preview.uploadId, choices: {} }, ctx);
    const last = (await untilSettled(jobId)).at(-1)!;
    expect(last.phase).toBe('failed');
    expect(last.problems?.length).toBeGreaterThan(0);
    expect(librarySnapshot(t.lib)).toEqual(before);
  });

  it('says a file that is not a zip is not a pack instead of failing', async () => {
    const preview = await h('packs.stage')({ fileName: 'notes.gfpack', base64: Buffer.from('just some text').toString('base64') }, ctx);
    expect(preview.manifest).toBeUndefined();
    expect(preview.problems.length).toBeGreaterThan(0);
  });

  it('stages a pack file handed to the main process and keeps only the newest few staged', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gf-pack-open-'));
    const file = path.join(dir, 'shared.gfpack');
    writeFileSync(file, await exportBytes(['alpha']));
    const small = createPackService(t.lib, { maxStaged: 2 });
    const first = await small.stagePath(file);
    expect(first).toMatchObject({ fileName: 'shared.gfpack', problems: [] });
    expect((await small.stagePath(path.join(dir, 'missing.gfpack'))).problems[0]?.message).toContain('cannot be read');
    await small.stagePath(file);
    await expect(small.handlers['packs.preview']({ uploadId: first.uploadId }, ctx)).rejects.toMatchObject({ code: 'not-found' });
  });

  it('answers no-dialog to pick without a native dialog, and uses the dialog when there is one', async () => {
    expect(await h('packs.pick')(undefined, ctx)).toEqual({ kind: 'no-dialog' });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gf-pack-pick-'));
    const file = path.join(dir, 'x.gfpack');
    writeFileSync(file, await exportBytes(['bravo']));
    let answer: string | null = null;
    const desktop = createPackService(t.lib, { chooseOpenPath: async () => answer });
    expect(await desktop.handlers['packs.pick'](undefined, ctx)).toEqual({ kind: 'cancelled' });
    answer = file;
    expect(await desktop.handlers['packs.pick'](undefined, ctx)).toMatchObject({ kind: 'picked', preview: { fileName: 'x.gfpack', problems: [] } });
  });
});

describe('pack channels behind the router', () => {
  const router = () => createRouter(service.handlers as unknown as Handlers);

  it('refuses malformed pack requests before the service runs, naming the field', async () => {
    const cases: [string, unknown, string][] = [
      ['packs.stage', { fileName: 'a.gfpack', base64: 'not base64!' }, '/base64'],
      ['packs.stage', { fileName: 'a.gfpack' }, '/base64'],
      ['packs.import', { uploadId: '../../etc', choices: {} }, '/uploadId'],
      ['packs.import', { uploadId: 'up-abcdefghijkl', choices: { alpha: 'overwrite' } }, '/choices/alpha'],
      ['packs.import', { uploadId: 'up-abcdefghijkl', choices: { '../x': 'skip' } }, '/choices/..~1x'],
      ['packs.export', { ids: ['alpha'], name: '', version: '1', includeThumbnails: true }, '/name'],
      ['packs.export', { ids: ['alpha'], name: 'P', version: '1', includeThumbnails: true, path: '/etc/passwd' }, '/path'],
      ['packs.progress', { jobId: 42 }, '/jobId'],
      ['packs.pick', { path: '/tmp/x' }, ''],
    ];
    for (const [channel, payload, pointer] of cases) {
      const result = await router().handle(channel, payload, ctx);
      expect(result.ok, `${channel} ${JSON.stringify(payload)}`).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('bad-request');
        expect(result.error.issues?.map((i) => i.pointer)).toContain(pointer);
      }
    }
  });

  it('refuses a packs channel that is not in the contract', async () => {
    const result = await router().handle('packs.importPath', { path: '/tmp/x.gfpack' }, ctx);
    expect(!result.ok && result.error.code).toBe('unknown-channel');
  });
});
