import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slugOf, uniqueUnitId } from './ids.js';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

describe('unit ids', () => {
  it('are made from the side prefix and the name, numbered when taken', () => {
    const taken = new Set(['g-xiii-army-corps']);
    expect(uniqueUnitId('G', 'XIII Army Corps', taken)).toBe('g-xiii-army-corps-2');
    expect(uniqueUnitId('G', 'XIII Army Corps', taken)).toBe('g-xiii-army-corps-3');
    expect(uniqueUnitId('S', 'Béla’s 1st Guards', taken)).toBe('s-bela-s-1st-guards');
    expect(uniqueUnitId('S', 'Первая армия', taken)).toBe('s-unit');
  });

  it('always match the schema id pattern and never repeat, whatever the names', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 3 }), fc.array(fc.string({ maxLength: 90 }), { maxLength: 30 }), (prefix, names) => {
        const taken = new Set<string>();
        const ids = names.map((n) => uniqueUnitId(prefix, n, taken));
        for (const id of ids) expect(id).toMatch(ID);
        expect(new Set(ids).size).toBe(ids.length);
      }),
    );
  });

  it('stay within 64 characters even with long names and high numbers', () => {
    const taken = new Set<string>();
    const name = 'x'.repeat(200);
    let last = '';
    for (let i = 0; i < 1200; i++) last = uniqueUnitId('g', name, taken);
    expect(last).toMatch(ID);
    expect(last.endsWith('-1200')).toBe(true);
    expect(slugOf('  --Hello, World!--  ')).toBe('hello-world');
  });
});
