import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_DESCRIPTION, mustWrite, scenario, testLibrary, type TestLibrary } from './testing.js';
import { LibraryError } from './errors.js';

let t: TestLibrary;
beforeEach(() => {
  t = testLibrary();
});
afterEach(() => t.cleanup());

describe('library: create, get, list', () => {
  it('stores a scenario and gives back the same document with its indexed columns', () => {
    const doc = scenario('moscow', 'Drive on Moscow', { tags: ['Eastern Front', '1941'] });
    const { summary } = mustWrite(t.lib.create(doc));
    expect(summary).toMatchObject({
      id: 'moscow',
      title: 'Drive on Moscow',
      author: 'Gridfront tests',
      tags: ['Eastern Front', '1941'],
      ruleset: 'operational',
      gridKind: 'hex',
      cols: 6,
      rows: 5,
      sides: ['Germans', 'Soviets'],
      trashedAt: null,
      checkStatus: 'valid',
      errorCount: 0,
      hasThumbnail: false,
    });
    expect(t.lib.get('moscow')?.document).toEqual(doc);
  });

  it('get of an unknown id is null, and writes to an unknown id say not-found', () => {
    expect(t.lib.get('nope')).toBeNull();
    expect(() => t.lib.save('nope', scenario('nope', 'x'))).toThrow(LibraryError);
    expect(() => t.lib.trash('nope')).toThrow(/No scenario with id "nope"/);
  });

  it('creates a valid blank scenario from the New dialog fields, with a generated id', () => {
    const { summary } = mustWrite(
      t.lib.create({ title: 'Blank', gridKind: 'square', cols: 12, rows: 8, groundScaleKm: 20, sides: [{ name: 'North' }, { name: 'South' }] }),
    );
    expect(summary).toMatchObject({ id: 'gen-1', title: 'Blank', gridKind: 'square', cols: 12, rows: 8, sides: ['North', 'South'] });
    const doc = t.lib.get('gen-1')!.document;
    expect(doc.map.control![0]).toBe('NNNNNNSSSSSS');
    expect(doc.map.groundScaleKm).toBe(20);
  });

  it('a malformed document given to create is refused with the validator’s issues, not turned into a blank map', () => {
    const result = t.lib.create({ title: 'Only a title' } as never);
    expect(result.ok).toBe(false);
    expect(t.lib.list().total).toBe(0);
  });

  it('a new scenario whose id is already taken gets a fresh id instead of replacing the other', () => {
    mustWrite(t.lib.create(scenario('dup', 'First')));
    const second = mustWrite(t.lib.create(scenario('dup', 'Second')));
    expect(second.summary.id).not.toBe('dup');
    expect(t.lib.get('dup')!.document.title).toBe('First');
    expect(t.lib.get(second.summary.id)!.document.id).toBe(second.summary.id);
  });

  it('lists newest first by default, pages with a total, and sorts by title case-insensitively', () => {
    for (const [id, title] of [
      ['a', 'charlie'],
      ['b', 'Alpha'],
      ['c', 'bravo'],
    ] as const) {
      t.tick();
      mustWrite(t.lib.create(scenario(id, title)));
    }
    expect(t.lib.list().items.map((s) => s.id)).toEqual(['c', 'b', 'a']);
    expect(t.lib.list({ sort: 'title' }).items.map((s) => s.title)).toEqual(['Alpha', 'bravo', 'charlie']);
    expect(t.lib.list({ sort: 'created', dir: 'asc' }).items.map((s) => s.id)).toEqual(['a', 'b', 'c']);
    const page = t.lib.list({ sort: 'title', offset: 1, limit: 1 });
    expect(page).toMatchObject({ total: 3, items: [{ title: 'bravo' }] });
  });

  it('filters by tag (ignoring case), ruleset and grid kind', () => {
    mustWrite(t.lib.create(scenario('h', 'Hex one', { tags: ['Winter'] })));
    const square = scenario('s', 'Square one', { tags: ['summer'] });
    square.map = { ...square.map, grid: { kind: 'square', cols: 6, rows: 5 } };
    mustWrite(t.lib.create(square));
    expect(t.lib.list({ tag: 'winter' }).items.map((s) => s.id)).toEqual(['h']);
    expect(t.lib.list({ gridKind: 'square' }).items.map((s) => s.id)).toEqual(['s']);
    expect(t.lib.list({ ruleset: 'operational' }).total).toBe(2);
    expect(t.lib.list({ tag: 'autumn' })).toEqual({ items: [], total: 0 });
  });

  it('refuses an unknown sort key instead of building SQL from it', () => {
    expect(() => t.lib.list({ sort: 'title; DROP TABLE scenarios' as 'title' })).toThrow(/Unknown sort/);
    expect(() => t.lib.list({ sort: 'toString' as 'title' })).toThrow(/Unknown sort/);
    expect(t.lib.list({ limit: Number.NaN, offset: -5 })).toEqual({ items: [], total: 0 });
  });
});

describe('library: saving', () => {
  it('save keeps the previous content as a revision and bumps updated', () => {
    const created = mustWrite(t.lib.create(scenario('s1', 'One'))).summary;
    const later = t.tick();
    const saved = mustWrite(t.lib.save('s1', scenario('s1', 'One, revised'), { summary: 'Retitled' })).summary;
    expect(saved.updated).toBe(later);
    expect(saved.created).toBe(created.created);
    expect(t.lib.listRevisions('s1')).toEqual([{ rev: 1, created: later, summary: 'Retitled', title: 'One' }]);
    expect(t.lib.getRevision('s1', 1)!.document.title).toBe('One');
  });

  it('saving unchanged content makes no revision', () => {
    mustWrite(t.lib.create(scenario('s1', 'One')));
    mustWrite(t.lib.save('s1', scenario('s1', 'One')));
    expect(t.lib.listRevisions('s1')).toEqual([]);
  });

  it('invalid data is refused with the validator’s issues and the row is left exactly as it was', () => {
    mustWrite(t.lib.create(scenario('s1', 'One', { tags: ['keep'] })));
    const rowBefore = t.raw().prepare('SELECT * FROM scenarios WHERE id = ?').get('s1');
    const bad = scenario('s1', 'One') as unknown as { map: { grid: { cols: unknown } } };
    bad.map.grid.cols = 'many';
    const result = t.lib.save('s1', bad);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.some((i) => i.pointer === '/map/grid/cols' && i.severity === 'error')).toBe(true);
    expect(t.raw().prepare('SELECT * FROM scenarios WHERE id = ?').get('s1')).toEqual(rowBefore);
    expect(t.lib.listRevisions('s1')).toEqual([]);
    expect(t.raw().prepare("SELECT tag FROM scenario_tags WHERE scenario_id = 's1'").pluck().all()).toEqual(['keep']);
  });

  it('a document carrying another scenario’s id cannot overwrite this one', () => {
    mustWrite(t.lib.create(scenario('s1', 'One')));
    const result = t.lib.save('s1', scenario('s2', 'Two'));
    expect(result).toMatchObject({ ok: false, issues: [{ pointer: '/id' }] });
    expect(t.lib.get('s1')!.document.title).toBe('One');
  });

  it('rename changes the title column and the document title, keeping a revision', () => {
    mustWrite(t.lib.create(scenario('s1', 'Old name')));
    const renamed = mustWrite(t.lib.rename('s1', 'New name')).summary;
    expect(renamed.title).toBe('New name');
    expect(t.lib.get('s1')!.document.title).toBe('New name');
    expect(t.lib.listRevisions('s1')).toMatchObject([{ rev: 1, title: 'Old name' }]);
    expect(t.lib.rename('s1', '').ok).toBe(false);
    expect(t.lib.get('s1')!.document.title).toBe('New name');
  });

  it('duplicate makes an independent copy titled "(copy)" with a new id and the thumbnail', () => {
    mustWrite(t.lib.create(scenario('s1', 'Orig')));
    t.lib.setThumbnail('s1', PNG);
    const copy = mustWrite(t.lib.duplicate('s1')).summary;
    expect(copy).toMatchObject({ id: 'gen-1', title: 'Orig (copy)', hasThumbnail: true });
    expect(t.lib.get('gen-1')!.document.id).toBe('gen-1');
    mustWrite(t.lib.save('gen-1', { ...t.lib.get('gen-1')!.document, description: 'changed' }));
    expect(t.lib.get('s1')!.document.description).toBe(FIXTURE_DESCRIPTION);
    expect(mustWrite(t.lib.duplicate('s1', 'Named copy')).summary.title).toBe('Named copy');
  });

  it('exports pretty JSON that parses back to the stored document', () => {
    const doc = scenario('s1', 'Export me');
    mustWrite(t.lib.create(doc));
    const text = t.lib.exportJson('s1');
    expect(text).toContain('\n  "formatVersion": 1');
    expect(JSON.parse(text)).toEqual(doc);
  });
});

describe('library: revisions', () => {
  it('restoring a revision brings back its content and keeps the current content as a revision', () => {
    mustWrite(t.lib.create(scenario('s1', 'v0')));
    t.tick();
    mustWrite(t.lib.save('s1', scenario('s1', 'v1')));
    t.tick();
    mustWrite(t.lib.save('s1', scenario('s1', 'v2')));
    const restored = mustWrite(t.lib.restoreRevision('s1', 1)).summary;
    expect(restored.title).toBe('v0');
    expect(t.lib.listRevisions('s1').map((r) => [r.rev, r.title])).toEqual([
      [3, 'v2'],
      [2, 'v1'],
      [1, 'v0'],
    ]);
    expect(t.lib.search('v2')).toEqual([]);
    expect(t.lib.search('v0').map((h) => h.id)).toEqual(['s1']);
  });

  it('restoring a revision that does not exist says so and changes nothing', () => {
    mustWrite(t.lib.create(scenario('s1', 'v0')));
    expect(() => t.lib.restoreRevision('s1', 7)).toThrow(/no revision 7/);
    expect(t.lib.listRevisions('s1')).toEqual([]);
  });

  it('a failure half-way through restoreRevision leaves neither the new revision nor a changed row', () => {
    mustWrite(t.lib.create(scenario('s1', 'v0')));
    mustWrite(t.lib.save('s1', scenario('s1', 'v1')));
    const raw = t.raw();
    const before = raw.prepare('SELECT * FROM scenarios').all();
    // The revision insert succeeds first; then the row update is sabotaged.
    raw.exec(`CREATE TRIGGER sabotage BEFORE UPDATE OF json ON scenarios
      BEGIN SELECT RAISE(ABORT, 'disk on fire'); END;`);
    expect(() => t.lib.restoreRevision('s1', 1)).toThrow(/disk on fire/);
    expect(raw.prepare('SELECT * FROM scenarios').all()).toEqual(before);
    expect(t.lib.listRevisions('s1').map((r) => r.rev)).toEqual([1]);
    expect(t.lib.search('v1').map((h) => h.id)).toEqual(['s1']);
  });
});

describe('library: trash', () => {
  it('trashed scenarios leave the list and search, show in the trash, and come back on restore', () => {
    mustWrite(t.lib.create(scenario('s1', 'Kharkov')));
    mustWrite(t.lib.create(scenario('s2', 'Kursk')));
    const trashed = t.lib.trash('s1');
    expect(trashed.trashedAt).not.toBeNull();
    expect(t.lib.list().items.map((s) => s.id)).toEqual(['s2']);
    expect(t.lib.list({ includeTrashed: true }).total).toBe(2);
    expect(t.lib.listTrash().items.map((s) => s.id)).toEqual(['s1']);
    expect(t.lib.search('Kharkov')).toEqual([]);
    expect(t.lib.restore('s1').trashedAt).toBeNull();
    expect(t.lib.search('Kharkov').map((h) => h.id)).toEqual(['s1']);
  });

  it('emptying the trash deletes those scenarios with their revisions, tags and index entries only', () => {
    mustWrite(t.lib.create(scenario('s1', 'Gone', { tags: ['x'] })));
    mustWrite(t.lib.save('s1', scenario('s1', 'Gone again', { tags: ['x'] })));
    mustWrite(t.lib.create(scenario('s2', 'Kept', { tags: ['x'] })));
    t.lib.trash('s1');
    expect(t.lib.emptyTrash()).toEqual({ removed: 1 });
    const raw = t.raw();
    expect(raw.prepare('SELECT count(*) FROM revisions').pluck().get()).toBe(0);
    expect(raw.prepare('SELECT scenario_id FROM scenario_tags').pluck().all()).toEqual(['s2']);
    expect(raw.prepare('SELECT count(*) FROM scenario_search').pluck().get()).toBe(1);
    expect(t.lib.get('s1')).toBeNull();
    expect(t.lib.list().items.map((s) => s.id)).toEqual(['s2']);
  });
});

// Smallest valid PNG header bytes are enough: the library checks the signature only.
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe('library: thumbnails', () => {
  it('stores PNG bytes, flags them in summaries and serves them as a data URL, without touching updated', () => {
    const created = mustWrite(t.lib.create(scenario('s1', 'Pic'))).summary;
    t.tick();
    t.lib.setThumbnail('s1', PNG);
    const summary = t.lib.list().items[0]!;
    expect(summary.hasThumbnail).toBe(true);
    expect(summary.updated).toBe(created.updated);
    expect(t.lib.getThumbnail('s1')).toBe(`data:image/png;base64,${Buffer.from(PNG).toString('base64')}`);
    t.lib.setThumbnail('s1', null);
    expect(t.lib.getThumbnail('s1')).toBeNull();
  });

  it('refuses bytes that are not a PNG', () => {
    mustWrite(t.lib.create(scenario('s1', 'Pic')));
    expect(() => t.lib.setThumbnail('s1', new TextEncoder().encode('<svg onload=alert(1)>'))).toThrow(/PNG/);
  });
});

describe('library: recheck', () => {
  it('a stricter validator flags stored rows with their error count instead of dropping them', () => {
    mustWrite(t.lib.create(scenario('s1', 'Fine')));
    mustWrite(t.lib.create(scenario('s2', 'Soon wrong')));
    t.reopen({
      validate: (json) => {
        const title = (json as { title: string }).title;
        return title.startsWith('Soon')
          ? { ok: false, issues: [{ pointer: '/title', message: 'no', severity: 'error' }, { pointer: '/id', message: 'no', severity: 'error' }] }
          : { ok: true, issues: [] };
      },
    });
    expect(t.lib.recheckAll()).toEqual({ checked: 2, withErrors: 1 });
    const byId = Object.fromEntries(t.lib.list().items.map((s) => [s.id, [s.checkStatus, s.errorCount]]));
    expect(byId).toEqual({ s1: ['valid', 0], s2: ['errors', 2] });
    expect(t.lib.get('s2')!.document.title).toBe('Soon wrong');
  });
});
