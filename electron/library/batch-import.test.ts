import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mustWrite, scenario, testLibrary, type TestLibrary } from './testing.js';

let t: TestLibrary;
beforeEach(() => {
  t = testLibrary();
});
afterEach(() => t.cleanup());

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

/** Everything a user could see of the library: rows (trash included) with their documents. */
function snapshot() {
  const items = t.lib.list({ includeTrashed: true, limit: 500 }).items;
  return items.map((s) => ({ summary: s, document: t.lib.get(s.id)?.document, thumbnail: t.lib.getThumbnail(s.id) }));
}

describe('importBatch: several scenarios, all or nothing', () => {
  it('adds every scenario with its thumbnail when all are valid and no id is taken', () => {
    const result = t.lib.importBatch([
      { name: 'a.json', document: scenario('a', 'Alpha'), thumbnail: PNG },
      { name: 'b.json', document: scenario('b', 'Bravo') },
    ]);
    expect(result).toMatchObject({ ok: true, outcomes: [{ action: 'added', id: 'a' }, { action: 'added', id: 'b' }] });
    expect(t.lib.get('a')!.document.title).toBe('Alpha');
    expect(t.lib.getThumbnail('a')).toMatch(/^data:image\/png;base64,/);
    expect(t.lib.getThumbnail('b')).toBeNull();
  });

  it('writes nothing when any one item is invalid, and names that item', () => {
    mustWrite(t.lib.create(scenario('kept', 'Kept')));
    const before = snapshot();
    const bad = { ...scenario('bad', 'Bad'), calendar: { startDate: 'soon', turns: 3 } };
    const result = t.lib.importBatch([
      { name: 'good.json', document: scenario('good', 'Good') },
      { name: 'bad.json', document: bad },
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.name)).toEqual(['bad.json']);
    expect(result.problems[0]!.issues.map((i) => i.pointer)).toContain('/calendar/startDate');
    expect(snapshot()).toEqual(before);
  });

  it('refuses a thumbnail that is not a PNG and writes nothing', () => {
    const result = t.lib.importBatch([{ name: 'a.json', document: scenario('a', 'Alpha'), thumbnail: Uint8Array.from([1, 2, 3]) }]);
    expect(result).toMatchObject({ ok: false, problems: [{ name: 'a.json' }] });
    expect(t.lib.list().total).toBe(0);
  });

  it('refuses two items with the same id', () => {
    const result = t.lib.importBatch([
      { name: 'one.json', document: scenario('same', 'One') },
      { name: 'two.json', document: scenario('same', 'Two') },
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems[0]!.issues[0]!.message).toMatch(/also used by one\.json/);
    expect(t.lib.list().total).toBe(0);
  });

  it('resolves a taken id per item: keep both adds a copy, replace keeps the old content as a revision, skip leaves it alone', () => {
    mustWrite(t.lib.create(scenario('k', 'Keep both (mine)')));
    mustWrite(t.lib.create(scenario('r', 'Replace (mine)')));
    mustWrite(t.lib.create(scenario('s', 'Skip (mine)')));
    t.tick();
    const result = t.lib.importBatch([
      { name: 'k.json', document: scenario('k', 'Keep both (theirs)'), onConflict: 'keepBoth' },
      { name: 'r.json', document: scenario('r', 'Replace (theirs)'), onConflict: 'replace', thumbnail: PNG },
      { name: 's.json', document: scenario('s', 'Skip (theirs)'), onConflict: 'skip' },
    ]);
    expect(result).toMatchObject({
      ok: true,
      outcomes: [
        { action: 'added', id: 'gen-1', idChangedFrom: 'k' },
        { action: 'replaced', id: 'r' },
        { action: 'skipped', id: 's' },
      ],
    });
    expect(t.lib.get('k')!.document.title).toBe('Keep both (mine)');
    expect(t.lib.get('gen-1')!.document).toMatchObject({ id: 'gen-1', title: 'Keep both (theirs)' });
    expect(t.lib.get('r')!.document.title).toBe('Replace (theirs)');
    expect(t.lib.getThumbnail('r')).not.toBeNull();
    const revisions = t.lib.listRevisions('r');
    expect(revisions).toHaveLength(1);
    expect(t.lib.getRevision('r', revisions[0]!.rev)!.document.title).toBe('Replace (mine)');
    expect(t.lib.get('s')!.document.title).toBe('Skip (mine)');
  });

  it('keep both of the same title gives the copy "(2)", the next one "(3)", so every list tells them apart', () => {
    mustWrite(t.lib.create(scenario('k', 'Kursk')));
    const first = t.lib.importBatch([{ name: 'k.json', document: scenario('k', 'Kursk'), onConflict: 'keepBoth' }]);
    expect(first).toMatchObject({ ok: true, outcomes: [{ action: 'added', title: 'Kursk (2)' }] });
    const second = t.lib.importBatch([{ name: 'k.json', document: scenario('k', 'Kursk'), onConflict: 'keepBoth' }]);
    expect(second).toMatchObject({ ok: true, outcomes: [{ action: 'added', title: 'Kursk (3)' }] });
    expect(t.lib.list({ sort: 'title' }).items.map((i) => i.title)).toEqual(['Kursk', 'Kursk (2)', 'Kursk (3)']);
    // The same file imported twice as JSON is kept twice, told apart the same way.
    const json = JSON.stringify(scenario('k', 'Kursk'));
    const again = t.lib.importFiles([{ name: 'kursk.json', text: json }]);
    expect(again).toMatchObject([{ ok: true, title: 'Kursk (4)', idChangedFrom: 'k' }]);
  });

  it('replacing a scenario that sits in the trash brings it back', () => {
    mustWrite(t.lib.create(scenario('r', 'Old')));
    t.lib.trash('r');
    const result = t.lib.importBatch([{ name: 'r.json', document: scenario('r', 'New'), onConflict: 'replace' }]);
    expect(result.ok).toBe(true);
    expect(t.lib.get('r')!.summary.trashedAt).toBeNull();
  });

  it('rolls back every write when the database fails half-way', () => {
    mustWrite(t.lib.create(scenario('kept', 'Kept')));
    const before = snapshot();
    // A trigger makes the second insert fail after the first has been written.
    t.raw().exec(`CREATE TRIGGER no_second BEFORE INSERT ON scenarios WHEN NEW.id = 'second' BEGIN SELECT RAISE(ABORT, 'disk says no'); END`);
    const result = t.lib.importBatch([
      { name: 'first.json', document: scenario('first', 'First') },
      { name: 'second.json', document: scenario('second', 'Second') },
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems[0]!.issues[0]!.message).toMatch(/Nothing was imported.*disk says no/);
    expect(snapshot()).toEqual(before);
  });

  it('reports progress once per item', () => {
    const seen: string[] = [];
    t.lib.importBatch(
      [
        { name: 'a.json', document: scenario('a', 'A') },
        { name: 'b.json', document: scenario('b', 'B') },
      ],
      { onProgress: (done, total) => seen.push(`${done}/${total}`) },
    );
    expect(seen).toEqual(['1/2', '2/2']);
  });
});
