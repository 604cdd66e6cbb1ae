import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toFtsQuery } from './fts-query.js';
import { mustWrite, scenario, testLibrary, type TestLibrary } from './testing.js';

let t: TestLibrary;
beforeEach(() => {
  t = testLibrary();
});
afterEach(() => t.cleanup());

function withCells(id: string, title: string, description: string, cells: Record<string, string>) {
  const doc = scenario(id, title, { description });
  doc.map.cells = Object.fromEntries(Object.entries(cells).map(([ref, name]) => [ref, { name }]));
  return doc;
}

describe('library search', () => {
  it('ranks a title match above a match in the description only', () => {
    mustWrite(t.lib.create(withCells('desc', 'Autumn storm', 'The armies race for the Dnieper crossings before the mud.', {})));
    mustWrite(t.lib.create(withCells('title', 'Dnieper line', 'A defensive battle along a broad river.', {})));
    expect(t.lib.search('dnieper').map((h) => h.id)).toEqual(['title', 'desc']);
  });

  it('matches word prefixes as the user types ("Dniep" finds "Dnieper")', () => {
    mustWrite(t.lib.create(withCells('d', 'Dnieper line', '', {})));
    expect(t.lib.search('Dniep').map((h) => h.id)).toEqual(['d']);
    expect(t.lib.search('dnieper li').map((h) => h.id)).toEqual(['d']);
    expect(t.lib.search('Dnieper river')).toEqual([]);
  });

  it('finds scenarios by cell names, side names and tags, ignoring accents', () => {
    mustWrite(t.lib.create(withCells('c', 'Untitled front', '', { '1,1': 'Orël', '2,2': 'Bryansk' })));
    mustWrite(t.lib.create(scenario('o', 'Other', { tags: ['Operation Typhoon'] })));
    expect(t.lib.search('bryansk').map((h) => h.id)).toEqual(['c']);
    expect(t.lib.search('orel').map((h) => h.id)).toEqual(['c']);
    expect(t.lib.search('typhoon').map((h) => h.id)).toEqual(['o']);
    expect(t.lib.search('Soviets').map((h) => h.id).sort()).toEqual(['c', 'o']);
  });

  it('follows edits: a saved document is searched by its new text, not its old', () => {
    mustWrite(t.lib.create(withCells('s', 'Kiev pocket', '', {})));
    mustWrite(t.lib.save('s', withCells('s', 'Uman pocket', '', {})));
    expect(t.lib.search('kiev')).toEqual([]);
    expect(t.lib.search('uman').map((h) => h.id)).toEqual(['s']);
  });

  it('treats quotes, operators and brackets as plain text and never throws', () => {
    mustWrite(t.lib.create(withCells('s', 'Rzhev AND Vyazma', '', {})));
    for (const input of ['"', 'AND (', 'NOT', 'title:rzhev', '*', 'near(', '^', '""""', '', '   ', 'rzhev" OR "x', '-(']) {
      expect(() => t.lib.search(input)).not.toThrow();
    }
    expect(t.lib.search('AND (').map((h) => h.id)).toEqual(['s']);
    expect(t.lib.search('rzhev" OR "x')).toEqual([]);
  });

  it('any text at all yields either no query or one SQLite accepts', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        expect(() => t.lib.search(text)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it('respects the limit', () => {
    for (let i = 0; i < 5; i++) mustWrite(t.lib.create(scenario(`s${i}`, `Smolensk ${i}`)));
    expect(t.lib.search('smolensk', { limit: 2 })).toHaveLength(2);
  });
});

describe('toFtsQuery', () => {
  it('quotes every word and makes each a prefix', () => {
    expect(toFtsQuery('Dniep li')).toBe('"Dniep"* "li"*');
  });
  it('has nothing to search for in punctuation only', () => {
    expect(toFtsQuery('" ( ) * :')).toBeNull();
  });
});
