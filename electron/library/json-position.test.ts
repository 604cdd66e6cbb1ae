import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstErrorOffset, parseJson } from './json-position.js';

describe('parseJson', () => {
  it('names the line and column where malformed JSON goes wrong', () => {
    const result = parseJson('{\n  "title": "x",\n  "turns": 5,\n}');
    expect(result).toMatchObject({ ok: false, line: 4, column: 1 });
    if (!result.ok) expect(result.message).toMatch(/line 4, column 1/);
  });

  it('points at the end of a truncated file', () => {
    const text = '{"a": [1, 2';
    expect(parseJson(text)).toMatchObject({ ok: false, offset: text.length, line: 1, column: text.length + 1 });
  });

  it('points at a bad token V8 does not locate', () => {
    expect(parseJson('{"a":}')).toMatchObject({ ok: false, offset: 5 });
    expect(parseJson('[tru]')).toMatchObject({ ok: false, offset: 4 });
  });

  it('agrees with JSON.parse on what is valid, and locates an error at or before where the text was cut', () => {
    fc.assert(
      fc.property(fc.json(), fc.nat(), (json, cut) => {
        expect(parseJson(json).ok).toBe(true);
        expect(firstErrorOffset(json)).toBe(json.length);
        const broken = json.slice(0, cut % Math.max(1, json.length));
        let valid = true;
        try {
          JSON.parse(broken);
        } catch {
          valid = false;
        }
        expect(parseJson(broken).ok).toBe(valid);
        if (!valid) expect(firstErrorOffset(broken)).toBeLessThanOrEqual(broken.length);
      }),
      { numRuns: 500 },
    );
  });
});
