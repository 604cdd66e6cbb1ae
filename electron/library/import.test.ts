import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scenario, testLibrary, type TestLibrary } from './testing.js';

let t: TestLibrary;
beforeEach(() => {
  t = testLibrary();
});
afterEach(() => t.cleanup());

const file = (name: string, value: unknown) => ({ name, text: JSON.stringify(value, null, 2) });

describe('importing files', () => {
  it('imports the good files and reports each bad one with its file name, pointer or parse position', () => {
    const badShape = scenario('shape', 'Bad shape') as unknown as Record<string, unknown>;
    badShape.calendar = { startDate: '1941-13-40', turns: 5 };
    const results = t.lib.importFiles([
      file('good-1.json', scenario('g1', 'Good one')),
      { name: 'broken.json', text: '{\n  "id": "x",\n  "title": "Oops"\n  "ruleset": {}\n}' },
      file('shape.json', badShape),
      file('good-2.json', scenario('g2', 'Good two')),
    ]);
    expect(results.map((r) => [r.name, r.ok])).toEqual([
      ['good-1.json', true],
      ['broken.json', false],
      ['shape.json', false],
      ['good-2.json', true],
    ]);
    const broken = results[1]!;
    if (broken.ok) throw new Error('unreachable');
    expect(broken.issues[0]).toMatchObject({ line: 4, column: 3 });
    expect(broken.issues[0]!.message).toMatch(/^broken\.json: invalid JSON at line 4, column 3/);
    const shape = results[2]!;
    if (shape.ok) throw new Error('unreachable');
    expect(shape.issues.map((i) => i.pointer)).toContain('/calendar/startDate');
    expect(t.lib.list().items.map((s) => s.id).sort()).toEqual(['g1', 'g2']);
  });

  it('a file nested 6,000 deep is refused in one line (no stack overflow) and the next file still arrives', () => {
    const results = t.lib.importFiles([
      { name: 'd.json', text: `${'['.repeat(6000)}\n` },
      { name: 'closed.json', text: '['.repeat(6000) + ']'.repeat(6000) },
      file('good.json', scenario('g1', 'Good one')),
    ]);
    expect(results.map((r) => (r.ok ? 'ok' : r.issues.map((i) => i.message)))).toEqual([
      ['d.json: invalid JSON at line 2, column 1: the text ends too early'],
      ['closed.json: JSON nested more than 256 levels deep at line 1, column 257: no Gridfront file nests that deep'],
      'ok',
    ]);
    expect(t.lib.list({ includeTrashed: true }).items.map((s) => s.id)).toEqual(['g1']);
  });

  it('a file whose id is taken is imported under a new id, and says so', () => {
    t.lib.create(scenario('kursk', 'Kursk (mine)'));
    const results = t.lib.importFiles([file('a.json', scenario('kursk', 'Kursk (theirs)')), file('b.json', scenario('kursk', 'Kursk (again)'))]);
    expect(results).toMatchObject([
      { ok: true, id: 'gen-1', idChangedFrom: 'kursk' },
      { ok: true, id: 'gen-2', idChangedFrom: 'kursk' },
    ]);
    expect(t.lib.get('kursk')!.document.title).toBe('Kursk (mine)');
    expect(t.lib.get('gen-1')!.document).toMatchObject({ id: 'gen-1', title: 'Kursk (theirs)' });
  });

  it('two files with the same new id in one batch both arrive, the second under a new id', () => {
    const results = t.lib.importFiles([file('a.json', scenario('twin', 'A')), file('b.json', scenario('twin', 'B'))]);
    expect(results).toMatchObject([{ ok: true, id: 'twin' }, { ok: true, id: 'gen-1', idChangedFrom: 'twin' }]);
  });

  it('a file without a format version, or from a newer app, is refused naming /formatVersion', () => {
    const { formatVersion: _, ...unversioned } = scenario('nov', 'No version');
    const results = t.lib.importFiles([file('old.json', unversioned), file('future.json', { ...scenario('fut', 'Future'), formatVersion: 99 })]);
    expect(results).toMatchObject([
      { ok: false, issues: [{ pointer: '/formatVersion' }] },
      { ok: false, issues: [{ pointer: '/formatVersion', message: expect.stringMatching(/newer than this app/) }] },
    ]);
  });

  it('an empty file, a non-object and a byte-order mark are handled without throwing', () => {
    const results = t.lib.importFiles([
      { name: 'empty.json', text: '' },
      { name: 'array.json', text: '[1, 2]' },
      { name: 'bom.json', text: '\uFEFF' + JSON.stringify(scenario('bom', 'With BOM')) },
    ]);
    expect(results.map((r) => r.ok)).toEqual([false, false, true]);
  });

  it('when the database write fails part-way through a batch, nothing of the batch is written', () => {
    t.raw().exec(`CREATE TRIGGER sabotage BEFORE INSERT ON scenarios WHEN NEW.title = 'Boom'
      BEGIN SELECT RAISE(ABORT, 'disk full'); END;`);
    const results = t.lib.importFiles([
      file('1.json', scenario('one', 'One')),
      file('2.json', scenario('two', 'Two')),
      file('3.json', scenario('boom', 'Boom')),
    ]);
    expect(results.every((r) => !r.ok)).toBe(true);
    if (!results[0]!.ok) expect(results[0]!.issues[0]!.message).toMatch(/Nothing was imported.*disk full/);
    const raw = t.raw();
    for (const table of ['scenarios', 'scenario_tags', 'scenario_search', 'revisions'])
      expect(raw.prepare(`SELECT count(*) FROM ${table}`).pluck().get()).toBe(0);
  });
});

describe('seeding the bundled scenarios', () => {
  function bundledDir(): string {
    const dir = path.join(t.dir, 'bundled');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'b-moscow.json'), JSON.stringify(scenario('moscow', 'Drive on Moscow')));
    writeFileSync(path.join(dir, 'a-kharkov.json'), JSON.stringify(scenario('kharkov', 'Kharkov')));
    writeFileSync(path.join(dir, 'broken.json'), '{');
    writeFileSync(path.join(dir, 'notes.txt'), 'not a scenario');
    return dir;
  }

  it('happens on first run only, and not again after the user deletes the examples', () => {
    const dir = bundledDir();
    const first = t.lib.seedBundled(dir);
    expect(first.seeded).toBe(true);
    expect(first.results.map((r) => [r.name, r.ok])).toEqual([
      ['a-kharkov.json', true],
      ['b-moscow.json', true],
      ['broken.json', false],
    ]);
    expect(t.lib.seedBundled(dir)).toEqual({ seeded: false, results: [] });

    t.lib.trash('moscow');
    t.lib.trash('kharkov');
    t.lib.emptyTrash();
    t.reopen();
    expect(t.lib.seedBundled(dir)).toEqual({ seeded: false, results: [] });
    expect(t.lib.list({ includeTrashed: true }).total).toBe(0);
  });

  it('a missing examples folder is not recorded as seeded, so the next start tries again', () => {
    expect(() => t.lib.seedBundled(path.join(t.dir, 'nowhere'))).toThrow();
    expect(t.lib.seedBundled(bundledDir()).seeded).toBe(true);
  });
});
