import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, jsonSyntaxErrorOffset, lineColumn, parseJson, tooDeepOffset } from './json.js';

describe('parseJson', () => {
  it('parses valid JSON', () => {
    expect(parseJson('{"a": [1, "x", null]}')).toEqual({ ok: true, value: { a: [1, 'x', null] } });
  });

  it('states the line and column where the syntax breaks', () => {
    expect(parseJson('{\n  "a": 1,\n  "b": }')).toEqual({
      ok: false,
      line: 3,
      column: 8,
      message: 'invalid JSON at line 3, column 8: unexpected "}"',
    });
  });

  it('says when the text ends too early', () => {
    expect(parseJson('{"a": [1, 2')).toMatchObject({ ok: false, line: 1, column: 12, message: expect.stringContaining('ends too early') });
    expect(parseJson('')).toMatchObject({ ok: false, line: 1, column: 1 });
  });

  it('catches what a lenient reader would let through', () => {
    expect(parseJson('{"a": 1,}')).toMatchObject({ ok: false, column: 9 });
    expect(parseJson("{'a': 1}")).toMatchObject({ ok: false, column: 2 });
    expect(parseJson('[01]')).toMatchObject({ ok: false, column: 3 });
    expect(parseJson('{"a": 1} x')).toMatchObject({ ok: false, column: 10 });
  });

  it('ignores a byte-order mark at the start', () => {
    expect(parseJson('\uFEFF{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
  });

  it('lineColumn counts from 1', () => {
    expect(lineColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});

describe('jsonSyntaxErrorOffset', () => {
  it('agrees with JSON.parse on every serialised value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 2), (value, indent) => {
        expect(jsonSyntaxErrorOffset(JSON.stringify(value, null, indent))).toBe(-1);
      }),
    );
  });

  it('finds an error exactly when JSON.parse fails, on damaged JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(), fc.constantFrom('', '}', ']', ',', ':', '"', 'x', '\\', '\n'), (value, at, junk) => {
        const text = JSON.stringify(value);
        const cut = at % (text.length + 1);
        const damaged = text.slice(0, cut) + junk + text.slice(cut + (junk ? 0 : 1));
        let parses = true;
        try {
          JSON.parse(damaged);
        } catch {
          parses = false;
        }
        expect(jsonSyntaxErrorOffset(damaged) === -1).toBe(parses);
      }),
      { numRuns: 500 },
    );
  });

  it('answers for input nested far deeper than the call stack allows, without recursing', () => {
    // Hostile input (issue #14): 6,000 open brackets overflowed the old recursive scan.
    const deep = '['.repeat(6000);
    expect(jsonSyntaxErrorOffset(deep)).toBe(6000);
    expect(parseJson(`${deep}\n`)).toEqual({ ok: false, message: 'invalid JSON at line 2, column 1: the text ends too early', line: 2, column: 1 });
    const objects = '{"a":'.repeat(50_000) + '1' + '}'.repeat(49_999) + ']';
    expect(jsonSyntaxErrorOffset(objects)).toBe(objects.length - 1);
    expect(jsonSyntaxErrorOffset('['.repeat(50_000) + ']'.repeat(50_000))).toBe(-1);
  });

  it('refuses valid JSON nested deeper than any Gridfront file, naming where', () => {
    const fine = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    expect(parseJson(fine).ok).toBe(true);
    const deep = `{"a": "[[[[",\n "b": ${'['.repeat(6000)}${']'.repeat(6000)}}`;
    const r = parseJson(deep);
    expect(r).toEqual({
      ok: false,
      message: `JSON nested more than ${MAX_JSON_DEPTH} levels deep at line 2, column ${6 + MAX_JSON_DEPTH}: no Gridfront file nests that deep`,
      line: 2,
      column: 6 + MAX_JSON_DEPTH,
    });
    expect(tooDeepOffset('["[[[", "\\"", [[1]]]', 2)).toBe(15);
  });
});
