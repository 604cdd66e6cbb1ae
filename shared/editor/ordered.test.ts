import { describe, expect, it } from 'vitest';
import { OrderedMap, OrderedSet } from './ordered.js';

describe('OrderedMap', () => {
  it('keeps insertion order, and a deleted key that returns takes its old place', () => {
    const m = OrderedMap.from([['a', 1], ['b', 2], ['c', 3]]);
    m.delete('b');
    m.set('d', 4);
    m.set('b', 5);
    expect(m.ordered()).toEqual([['a', 1], ['b', 5], ['c', 3], ['d', 4]]);
  });

  it('an explicit position wins; renaming keys keeps positions and drops what maps to null', () => {
    const m = OrderedMap.from([['a', 1], ['b', 2], ['c', 3]]);
    const seq = m.seqOf('a')!;
    m.delete('a');
    expect(m.seqOf('a')).toBeUndefined();
    m.set('a', 9, seq);
    const renamed = m.mapKeys((k) => (k === 'b' ? null : k.toUpperCase()));
    expect(renamed.ordered()).toEqual([['A', 9], ['C', 3]]);
    renamed.set('Z', 0);
    expect(renamed.ordered().at(-1)).toEqual(['Z', 0]);
  });
});

describe('OrderedSet', () => {
  it('is a Set whose ordered() survives delete and re-add', () => {
    const s = OrderedSet.of(['x', 'y', 'z']);
    expect(s instanceof Set).toBe(true);
    s.delete('x');
    s.add('w');
    s.add('x');
    expect(s.has('x')).toBe(true);
    expect(s.ordered()).toEqual(['x', 'y', 'z', 'w']);
    expect(s.cloneSet().ordered()).toEqual(['x', 'y', 'z', 'w']);
  });
});
