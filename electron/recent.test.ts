import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addRecent, openRecentStore, parseRecent } from './recent.js';

const dir = () => mkdtempSync(path.join(os.tmpdir(), 'gf-recent-'));
const item = (id: string, title = id.toUpperCase()) => ({ id, title });

describe('recent scenarios', () => {
  it('puts the scenario just opened first and lists each scenario once', () => {
    const list = addRecent(addRecent(addRecent([], item('a')), item('b')), item('a', 'A renamed'));
    expect(list).toEqual([item('a', 'A renamed'), item('b')]);
  });

  it('never holds more than the maximum, dropping the oldest (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { maxLength: 40 }), fc.integer({ min: 0, max: 5 }), (ids, max) => {
        const list = ids.reduce((acc, id) => addRecent(acc, item(id), max), [] as ReturnType<typeof addRecent>);
        const unique = new Set(list.map((r) => r.id));
        expect(list.length).toBeLessThanOrEqual(max);
        expect(unique.size).toBe(list.length);
        if (ids.length && max > 0) expect(list[0]!.id).toBe(ids.at(-1));
      }),
    );
  });

  it('keeps the list across runs in the data folder', () => {
    const file = path.join(dir(), 'recent.json');
    const store = openRecentStore(file, 3);
    store.add(item('a'));
    store.add(item('b'));
    expect(openRecentStore(file, 3).list()).toEqual([item('b'), item('a')]);
    store.remove('b');
    expect(openRecentStore(file, 3).list()).toEqual([item('a')]);
    store.clear();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ recent: [] });
  });

  it('treats a damaged file as an empty list and skips malformed entries', () => {
    const file = path.join(dir(), 'recent.json');
    writeFileSync(file, '{"recent": [');
    expect(openRecentStore(file).list()).toEqual([]);
    expect(parseRecent({ recent: [{ id: '../x', title: 'bad' }, { id: 'ok', title: '' }, { id: 'ok', title: 'again' }, 7, null] })).toEqual([
      { id: 'ok', title: 'ok' },
    ]);
  });
});
