import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { v, validate } from './check.js';

describe('payload validators', () => {
  const request = v.object({ id: v.string({ minLength: 1 }), count: v.number({ integer: true, min: 0 }) }, { tags: v.array(v.string()) });

  it('accept a payload of the declared shape, with or without optional fields', () => {
    expect(validate(request, { id: 'x', count: 3 })).toEqual([]);
    expect(validate(request, { id: 'x', count: 3, tags: ['a'] })).toEqual([]);
  });

  it('name every problem by JSON pointer', () => {
    const issues = validate(request, { count: 1.5, tags: ['a', 7], extra: true });
    expect(issues.map((i) => i.pointer).sort()).toEqual(['/count', '/extra', '/id', '/tags/1']);
  });

  it('escape pointer characters in field names', () => {
    expect(validate(request, { id: 'x', count: 1, 'a/b~c': 1 })[0]?.pointer).toBe('/a~1b~0c');
  });

  it('never throw, whatever the input', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(Array.isArray(validate(request, value))).toBe(true);
        expect(Array.isArray(validate(v.none(), value))).toBe(true);
      }),
    );
  });

  it('treat a missing payload as acceptable only for channels taking none', () => {
    expect(validate(v.none(), undefined)).toEqual([]);
    expect(validate(v.none(), {})).toEqual([]);
    expect(validate(v.none(), { a: 1 })).toHaveLength(1);
    expect(validate(request, undefined)).toHaveLength(1);
  });

  it('restrict literals to the listed values', () => {
    const kind = v.literal('hex', 'square');
    expect(validate(kind, 'hex')).toEqual([]);
    expect(validate(kind, 'tri')[0]?.message).toContain('"hex"');
  });
});

describe('payload validator messages', () => {
  it('say what was expected and what arrived', () => {
    expect(validate(v.object({ id: v.string() }), undefined)[0]?.message).toBe('expected an object, got nothing');
    expect(validate(v.string(), 3)[0]?.message).toBe('expected a string, got a number');
    expect(validate(v.array(v.string()), { a: 1 })[0]?.message).toBe('expected an array, got an object');
  });
});

describe('optional payloads', () => {
  it('let an object of only optional fields be omitted, standing for {}', () => {
    const options = v.object({}, { limit: v.number() });
    expect(validate(options, undefined)).toEqual([]);
    expect(options.whenAbsent?.()).toEqual({});
    const needsId = v.object({ id: v.string() });
    expect(validate(needsId, undefined)).toHaveLength(1);
    expect(needsId.whenAbsent).toBeUndefined();
  });
});
