import { readFileSync } from 'node:fs';
import yauzl from 'yauzl';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mustWrite, scenario, testLibrary, type TestLibrary } from '../library/testing.js';
import { exportPack } from './export.js';
import { scenariosFromLibrary } from './from-library.js';
import { PackError } from './errors.js';
import { sha256 } from './hash.js';
import { importPack, planImport } from './import.js';
import { inspectPack } from './inspect.js';
import { librarySnapshot } from './testing.js';

let t: TestLibrary;
beforeEach(() => {
  t = testLibrary();
});
afterEach(() => t.cleanup());

const PNG_A = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xaa, 0x01]);
const PNG_B = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xbb, 0x02]);
const PDF = Buffer.from('%PDF-1.7\n% a print of the map\n');
const CREATED = new Date('2026-11-22T05:00:00Z');
const info = { name: 'Eastern Front', version: '1.2.0', author: 'Tests', description: 'Two small maps' };

const alpha = scenario('alpha', 'Alpha');
const bravo = scenario('bravo', 'Bravo', { tags: ['winter'] });
const bundled = JSON.parse(readFileSync(new URL('../../scenarios/seed-000-example.json', import.meta.url), 'utf8')) as unknown;

const makePack = () =>
  exportPack(
    info,
    [
      { json: alpha, thumbnail: PNG_A, extras: [{ kind: 'print-pdf', name: 'Alpha map (A3).pdf', data: PDF }] },
      { json: JSON.stringify(bravo), thumbnail: PNG_B },
      { json: bundled },
    ],
    { created: CREATED },
  );

/** Entry names and bytes of a zip, in archive order (read with plain yauzl, not our reader). */
function unzip(zip: Buffer): Promise<{ name: string; data: Buffer }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err) return reject(err);
      const out: { name: string; data: Buffer }[] = [];
      file.on('error', reject);
      file.on('end', () => resolve(out));
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.push({ name: entry.fileName, data: Buffer.concat(chunks) });
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}

const thumbnailBytes = (id: string) => Buffer.from(t.lib.getThumbnail(id)!.replace(/^data:image\/png;base64,/, ''), 'base64');

describe('export', () => {
  it('writes manifest.json first, then each scenario with its thumbnail and extras, every file with its SHA-256', async () => {
    const files = await unzip(await makePack());
    expect(files.map((f) => f.name)).toEqual([
      'manifest.json',
      'scenarios/alpha.json',
      'thumbnails/alpha.png',
      'extras/alpha/Alpha-map-A3.pdf',
      'scenarios/bravo.json',
      'thumbnails/bravo.png',
      'scenarios/seed-000-example.json',
    ]);
    const manifest = JSON.parse(files[0]!.data.toString('utf8'));
    expect(manifest).toMatchObject({ formatVersion: 1, name: 'Eastern Front', version: '1.2.0', created: '2026-11-22T05:00:00Z', scenarioFormatVersion: 1 });
    const byName = new Map(files.map((f) => [f.name, f.data]));
    for (const s of manifest.scenarios) {
      expect(sha256(byName.get(s.file)!)).toBe(s.sha256);
      if (s.thumbnail) expect(sha256(byName.get(s.thumbnail.file)!)).toBe(s.thumbnail.sha256);
      for (const x of s.extras ?? []) expect(sha256(byName.get(x.file)!)).toBe(x.sha256);
    }
  });

  it('is deterministic: the same scenarios and creation time give the same bytes', async () => {
    expect((await makePack()).equals(await makePack())).toBe(true);
  });

  it('refuses to pack an invalid scenario, naming it and the field', async () => {
    const bad = { ...alpha, calendar: { startDate: 'never', turns: 3 } };
    const error = await exportPack(info, [{ json: bravo }, { json: bad }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PackError);
    expect((error as PackError).problems).toContainEqual(expect.objectContaining({ file: 'scenario 2', pointer: '/calendar/startDate' }));
  });

  it('refuses the same scenario twice, a bad version string and an empty selection', async () => {
    await expect(exportPack(info, [{ json: alpha }, { json: alpha }])).rejects.toThrow(/already in the pack/);
    await expect(exportPack({ ...info, version: 'latest' }, [{ json: alpha }])).rejects.toThrow(/manifest\.json/);
    await expect(exportPack(info, [])).rejects.toThrow(/at least one scenario/);
  });

  it('refuses to write a pack this app could not import again (a file over the per-file cap)', async () => {
    const huge = Buffer.alloc(64 * 1024 * 1024 + 1);
    await expect(exportPack(info, [{ json: alpha, extras: [{ kind: 'savegame', data: huge }] }])).rejects.toThrow(
      /extras\/alpha\/savegame\.json is 67108865 bytes; a file in a pack may be at most 67108864/,
    );
  });
});

describe('export → import round trip', () => {
  it('imports identical scenarios with their thumbnails, checksums verified, extras handed back', async () => {
    const pack = await makePack();
    const inspection = await inspectPack(pack);
    expect(inspection.problems).toEqual([]);
    expect(inspection.scenarios.map((s) => s.id)).toEqual(['alpha', 'bravo', 'seed-000-example']);

    const result = await importPack(pack, t.lib);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.outcomes.map((o) => [o.id, o.action])).toEqual([
      ['alpha', 'added'],
      ['bravo', 'added'],
      ['seed-000-example', 'added'],
    ]);
    expect(t.lib.get('alpha')!.document).toEqual(alpha);
    expect(t.lib.get('bravo')!.document).toEqual(bravo);
    expect(t.lib.get('seed-000-example')!.document).toEqual(bundled);
    expect(thumbnailBytes('alpha').equals(PNG_A)).toBe(true);
    expect(thumbnailBytes('bravo').equals(PNG_B)).toBe(true);
    expect(t.lib.getThumbnail('seed-000-example')).toBeNull();
    expect(result.extras).toEqual([expect.objectContaining({ scenarioId: 'alpha', kind: 'print-pdf', data: PDF })]);
  });

  it('carries scenarios and thumbnails from one library to another', async () => {
    mustWrite(t.lib.create(alpha));
    mustWrite(t.lib.create(bravo));
    t.lib.setThumbnail('alpha', PNG_A);
    const pack = await exportPack(info, scenariosFromLibrary(t.lib, ['alpha', 'bravo']));
    const other = testLibrary();
    try {
      expect((await importPack(pack, other.lib)).ok).toBe(true);
      expect(other.lib.get('alpha')!.document).toEqual(alpha);
      expect(other.lib.get('bravo')!.document).toEqual(bravo);
      expect(other.lib.getThumbnail('alpha')).toBe(t.lib.getThumbnail('alpha'));
      expect(other.lib.getThumbnail('bravo')).toBeNull();
    } finally {
      other.cleanup();
    }
    expect(() => scenariosFromLibrary(t.lib, ['alpha', 'nope'])).toThrow(/no scenario with id "nope"/);
  });

  it('reads a pack from a file path as well as from bytes', async () => {
    const { writeFileSync } = await import('node:fs');
    const file = `${t.dir}/eastern.gfpack`;
    writeFileSync(file, await makePack());
    expect((await inspectPack(file)).problems).toEqual([]);
    expect((await inspectPack(`${t.dir}/missing.gfpack`)).problems[0]!.message).toMatch(/cannot be read/);
  });

  it('reports progress while reading, checking and writing', async () => {
    const phases = new Set<string>();
    await importPack(await makePack(), t.lib, { onProgress: (e) => phases.add(e.phase) });
    expect([...phases]).toEqual(['reading', 'checking', 'writing']);
  });
});

describe('conflicts: ids the library already holds', () => {
  beforeEach(() => {
    mustWrite(t.lib.create(scenario('alpha', 'Alpha (mine)')));
    mustWrite(t.lib.create(scenario('bravo', 'Bravo (mine)')));
  });

  it('planImport lists each conflict with both titles, and inspectPack does too when given the library', async () => {
    const inspection = await inspectPack(await makePack(), { library: t.lib });
    expect(inspection.conflicts!.map((c) => [c.id, c.packTitle, c.libraryTitle])).toEqual([
      ['alpha', 'Alpha', 'Alpha (mine)'],
      ['bravo', 'Bravo', 'Bravo (mine)'],
    ]);
    const plan = planImport(inspection, t.lib);
    expect(plan.ok).toBe(true);
    expect(plan.items.map((i) => [i.id, i.conflict?.libraryTitle ?? null, i.hasThumbnail])).toEqual([
      ['alpha', 'Alpha (mine)', true],
      ['bravo', 'Bravo (mine)', true],
      ['seed-000-example', null, false],
    ]);
  });

  it('keep both (the default) adds the imports under new ids and leaves mine alone', async () => {
    const result = await importPack(await makePack(), t.lib);
    expect(result.ok && result.outcomes.map((o) => [o.id, o.idChangedFrom])).toEqual([
      ['gen-1', 'alpha'],
      ['gen-2', 'bravo'],
      ['seed-000-example', undefined],
    ]);
    expect(t.lib.get('alpha')!.document.title).toBe('Alpha (mine)');
    expect(t.lib.get('gen-1')!.document).toEqual({ ...alpha, id: 'gen-1' });
  });

  it('replace puts the pack\'s version in place, keeping mine as a revision', async () => {
    const result = await importPack(await makePack(), t.lib, { onConflict: 'replace' });
    expect(result.ok).toBe(true);
    expect(t.lib.get('alpha')!.document).toEqual(alpha);
    expect(thumbnailBytes('alpha').equals(PNG_A)).toBe(true);
    const [rev] = t.lib.listRevisions('alpha');
    expect(t.lib.getRevision('alpha', rev!.rev)!.document.title).toBe('Alpha (mine)');
  });

  it('skip leaves mine untouched and imports only the rest', async () => {
    const result = await importPack(await makePack(), t.lib, { onConflict: 'skip' });
    expect(result.ok && result.outcomes.map((o) => o.action)).toEqual(['skipped', 'skipped', 'added']);
    expect(t.lib.get('alpha')!.document.title).toBe('Alpha (mine)');
    expect(t.lib.list().total).toBe(3);
    // Extras of a skipped scenario are not handed back: they belong to the version not imported.
    expect(result.ok && result.extras).toEqual([]);
  });

  it('takes a choice per id', async () => {
    const result = await importPack(await makePack(), t.lib, { onConflict: { alpha: 'replace', bravo: 'skip' } });
    expect(result.ok && result.outcomes.map((o) => [o.id, o.action])).toEqual([
      ['alpha', 'replaced'],
      ['bravo', 'skipped'],
      ['seed-000-example', 'added'],
    ]);
  });

  it('refuses an unknown choice and writes nothing', async () => {
    const before = librarySnapshot(t.lib);
    const result = await importPack(await makePack(), t.lib, { onConflict: { alpha: 'overwrite' as 'replace' } });
    expect(result.ok).toBe(false);
    expect(librarySnapshot(t.lib)).toEqual(before);
  });
});
