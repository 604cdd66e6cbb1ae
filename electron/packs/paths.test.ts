import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entryNameProblem, safeFileName } from './paths.js';

// Names built from the characters that matter for path tricks.
const trickyName = fc.string({ unit: fc.constantFrom('a', 'b', '.', '/', '\\', ':', 'C', ' '), maxLength: 14 });

describe('entry names (zip-slip)', () => {
  it('an accepted name stays inside the folder it would be unpacked to, on POSIX and on Windows', () => {
    fc.assert(
      fc.property(trickyName, (name) => {
        if (entryNameProblem(name) !== null) return;
        expect(path.posix.resolve('/base', name).startsWith('/base/')).toBe(true);
        expect(path.win32.resolve('C:\\base', name).startsWith('C:\\base\\')).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts ordinary relative paths of safe segments', () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,20}$/);
    fc.assert(fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), (parts) => entryNameProblem(parts.join('/')) === null));
  });

  it('names the trick it refuses', () => {
    expect(entryNameProblem('../x.json')).toMatch(/climbs out/);
    expect(entryNameProblem('a/./b')).toMatch(/"\." path segment/);
    expect(entryNameProblem('a//b')).toMatch(/empty/);
    expect(entryNameProblem('a\u0000b')).toMatch(/control characters/);
  });
});

describe('safe file names for extras', () => {
  it('turns any text into a name the pack accepts', () => {
    fc.assert(fc.property(fc.string({ maxLength: 100 }), (text) => entryNameProblem(`extras/x/${safeFileName(text, 'file.bin')}`) === null));
  });
});
