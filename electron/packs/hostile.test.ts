// Every hostile or broken pack is refused with a clear message, and the library it was
// imported into is left exactly as it was.
import { deflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mustWrite, scenario, testLibrary, type TestLibrary } from '../library/testing.js';
import { sha256 } from './hash.js';
import { importPack } from './import.js';
import { inspectPack } from './inspect.js';
import { DEFAULT_LIMITS } from './limits.js';
import { craftZip, jsonBuffer, librarySnapshot, validPackEntries, type RawEntry } from './testing.js';
import type { PackProblem } from './types.js';

let t: TestLibrary;
beforeEach(() => {
  t = testLibrary();
  mustWrite(t.lib.create(scenario('already-here', 'Already here')));
});
afterEach(() => t.cleanup());

/** Imports `zip` and returns the problems, after checking that nothing was written. */
async function refusedWith(zip: Buffer, limits = DEFAULT_LIMITS): Promise<PackProblem[]> {
  const before = librarySnapshot(t.lib);
  const result = await importPack(zip, t.lib, { limits });
  expect(result.ok).toBe(false);
  expect(librarySnapshot(t.lib)).toEqual(before);
  const inspection = await inspectPack(zip, { limits });
  expect(inspection.problems.length).toBeGreaterThan(0);
  return result.ok ? [] : result.problems;
}

const refused = async (zip: Buffer, limits = DEFAULT_LIMITS): Promise<string[]> => (await refusedWith(zip, limits)).map((p) => p.message);

const good = () => validPackEntries([scenario('alpha', 'Alpha'), scenario('bravo', 'Bravo')]);

describe('a valid crafted pack is accepted (so the refusals below are about the tampering)', () => {
  it('imports the crafted pack', async () => {
    const result = await importPack(craftZip(good()), t.lib);
    expect(result.ok).toBe(true);
    expect(t.lib.get('alpha')!.document.title).toBe('Alpha');
  });
});

describe('zip-slip: entry names that could leave the pack are refused', () => {
  it.each([
    ['a parent-folder climb', '../evil.json', /climbs out of the pack/],
    ['a climb inside a path', 'scenarios/../../evil.json', /climbs out of the pack/],
    ['a backslash path', 'scenarios\\..\\evil.json', /backslash/],
    ['an absolute path', '/etc/evil.json', /absolute path/],
    ['a drive letter', 'C:/evil.json', /drive letter/],
  ])('refuses %s (%s)', async (_what, name, message) => {
    const problems = await refused(craftZip([...good(), { name, data: jsonBuffer(scenario('evil', 'Evil')) }]));
    expect(problems.some((p) => message.test(p) && p.includes(name))).toBe(true);
  });
});

describe('entries that are not plain files are refused', () => {
  it('refuses a symbolic link entry', async () => {
    const problems = await refused(craftZip([...good(), { name: 'link.json', data: Buffer.from('/etc/passwd'), method: 0, mode: 0o120777 }]));
    expect(problems).toContainEqual(expect.stringMatching(/link\.json is a symbolic link/));
  });

  it('refuses an entry name that appears twice', async () => {
    const entries = good();
    const problems = await refused(craftZip([...entries, { ...entries[1]!, data: jsonBuffer(scenario('alpha', 'Sneaky')) }]));
    expect(problems).toContainEqual(expect.stringMatching(/scenarios\/alpha\.json appears twice/));
  });

  it('refuses names that differ only in letter case', async () => {
    const problems = await refused(craftZip([...good(), { name: 'Scenarios/Alpha.json', data: Buffer.from('{}') }]));
    expect(problems).toContainEqual(expect.stringMatching(/differs only in letter case/));
  });
});

describe('size caps against zip bombs', () => {
  it('refuses a pack with more entries than allowed before reading any of them', async () => {
    const many: RawEntry[] = Array.from({ length: DEFAULT_LIMITS.maxEntries + 1 }, (_, i) => ({ name: `f/${i}.txt`, data: Buffer.from('x') }));
    const problems = await refused(craftZip([...good(), ...many]));
    expect(problems).toEqual([`The pack has ${good().length + many.length} entries; at most ${DEFAULT_LIMITS.maxEntries} are allowed`]);
  });

  it('refuses a highly compressible entry whose header honestly declares a bomb ratio', async () => {
    const zeros = Buffer.alloc(8 * 1024 * 1024);
    const problems = await refused(craftZip([...good(), { name: 'bomb.bin', data: zeros }]));
    expect(problems).toContainEqual(expect.stringMatching(/bomb\.bin expands more than 400 times/));
  });

  it('refuses an entry declared larger than the per-file cap without inflating it', async () => {
    const problems = await refused(craftZip([...good(), { name: 'huge.bin', data: Buffer.from('tiny'), size: DEFAULT_LIMITS.maxEntryBytes + 1, method: 8 }]));
    expect(problems).toContainEqual(expect.stringMatching(/huge\.bin declares 64\.0 MB/));
  });

  it('stops inflating an entry whose header lies about its size, while streaming', async () => {
    const zeros = Buffer.alloc(16 * 1024 * 1024);
    const lie: RawEntry = { name: 'liar.bin', data: zeros, compressed: deflateRawSync(zeros), size: 1000 };
    const problems = await refused(craftZip([...good(), lie]));
    expect(problems).toContainEqual(expect.stringMatching(/liar\.bin inflates to more than the 1000 bytes its header declares/));
  });

  it('refuses a pack whose files add up past the total cap, though each file is within its own', async () => {
    const noise = (seed: number) => Buffer.from(Array.from({ length: 600_000 }, (_, i) => ((i * 7919 + seed) % 251) & 0xff));
    const limits = { ...DEFAULT_LIMITS, maxTotalBytes: 2_000_000 };
    const files: RawEntry[] = [0, 1, 2, 3].map((k) => ({ name: `noise/${k}.bin`, data: noise(k) }));
    const problems = await refused(craftZip([...good(), ...files]), limits);
    expect(problems).toContainEqual(expect.stringMatching(/declares more than 1\.9 MB of content/));
  });

  it('refuses a file that is not a zip at all', async () => {
    const problems = await refused(Buffer.from('this is not a zip'));
    expect(problems[0]).toMatch(/not a readable pack \(zip\) file/);
  });

  it('refuses an entry whose data does not match its CRC-32', async () => {
    const entries = good();
    const original = entries[1]!.data;
    const tampered = Buffer.from(original);
    tampered[10] = tampered[10]! ^ 1;
    // The headers keep the original's CRC (craftZip computes it from `data`) over changed bytes.
    const problems = await refused(craftZip([entries[0]!, { ...entries[1]!, data: original, compressed: deflateRawSync(tampered) }, entries[2]!]));
    expect(problems).toContainEqual(expect.stringMatching(/scenarios\/alpha\.json is damaged: its CRC-32 does not match/));
  });
});

describe('the manifest must exist, be valid and tell the truth', () => {
  it('refuses a pack without manifest.json', async () => {
    const problems = await refused(craftZip(good().slice(1)));
    expect(problems).toContainEqual(expect.stringMatching(/no manifest\.json, so it is not a Gridfront pack/));
  });

  it('refuses a manifest that is not JSON, giving the line and column', async () => {
    const problems = await refused(craftZip([{ name: 'manifest.json', data: Buffer.from('{\n  "name": "x",\n  oops\n}') }, ...good().slice(1)]));
    expect(problems[0]).toMatch(/^manifest\.json: invalid JSON at line 3, column 3/);
  });

  it('refuses a manifest that breaks its schema, naming the field', async () => {
    const entries = validPackEntries([scenario('alpha', 'Alpha')], (m) => {
      (m as { version: unknown }).version = 'latest';
    });
    const problems = await refusedWith(craftZip(entries));
    expect(problems).toContainEqual({
      file: 'manifest.json',
      pointer: '/version',
      message: 'manifest.json: "version" must be a version such as 1.0 or 1.2.3 (found "latest").',
    });
  });

  it('refuses a manifest written by a newer Gridfront', async () => {
    const entries = validPackEntries([scenario('alpha', 'Alpha')], (m) => {
      (m as { formatVersion: number }).formatVersion = 2;
    });
    const problems = await refused(craftZip(entries));
    expect(problems[0]).toMatch(/made by a newer Gridfront/);
  });

  it('refuses a file whose checksum differs from the manifest', async () => {
    const entries = good();
    entries[2] = { ...entries[2]!, data: jsonBuffer(scenario('bravo', 'Bravo', { description: 'Changed after packing' })) };
    const problems = await refused(craftZip(entries));
    expect(problems).toContainEqual(expect.stringMatching(/^scenarios\/bravo\.json: its SHA-256 is [0-9a-f]{64}, but the manifest says/));
  });

  it('refuses a manifest that lists a file the pack lacks', async () => {
    const problems = await refused(craftZip(good().slice(0, 2)));
    expect(problems).toContainEqual('manifest.json: lists scenarios/bravo.json, which is not in the pack');
  });

  it('refuses a file the manifest does not list', async () => {
    const problems = await refused(craftZip([...good(), { name: 'stowaway.json', data: Buffer.from('{}') }]));
    expect(problems).toContainEqual('stowaway.json is in the pack but not listed in manifest.json');
  });

  it('refuses a scenario whose id is not the one the manifest lists', async () => {
    const entries = validPackEntries([scenario('alpha', 'Alpha')], (m) => {
      m.scenarios[0]!.id = 'already-here';
    });
    const problems = await refused(craftZip(entries));
    expect(problems).toContainEqual(expect.stringMatching(/its id is "alpha", but the manifest lists it as "already-here"/));
  });
});

describe('scenario files must be valid scenarios', () => {
  const withScenarioBytes = (data: Buffer) =>
    validPackEntries([scenario('alpha', 'Alpha')], (m) => {
      m.scenarios[0]!.sha256 = sha256(data);
    }).map((e) => (e.name === 'scenarios/alpha.json' ? { ...e, data } : e));
  const withScenarioText = (text: string) => withScenarioBytes(Buffer.from(text));

  it('refuses invalid JSON, naming the file, line and column', async () => {
    const problems = await refused(craftZip(withScenarioText('{\n  "id": "alpha",\n  "title": \n}')));
    expect(problems).toEqual(['scenarios/alpha.json: invalid JSON at line 4, column 1: unexpected "}"']);
  });

  it('refuses a schema-invalid scenario with the validator\'s pointer, prefixed by the file name', async () => {
    const bad = { ...scenario('alpha', 'Alpha'), calendar: { startDate: '1944-02-31x', turns: 5 } };
    const problems = await refusedWith(craftZip(withScenarioText(JSON.stringify(bad))));
    const problem = problems.find((p) => p.pointer === '/calendar/startDate');
    expect(problem).toMatchObject({ file: 'scenarios/alpha.json' });
    expect(problem!.message).toMatch(/^scenarios\/alpha\.json: \/calendar\/startDate: /);
  });

  it('refuses a semantically invalid scenario (a shape the schema allows but the rules do not)', async () => {
    const doc = scenario('alpha', 'Alpha');
    const bad = { ...doc, sides: [doc.sides[0]!, { ...doc.sides[1]!, id: doc.sides[0]!.id }] };
    const problems = await refused(craftZip(withScenarioText(JSON.stringify(bad))));
    expect(problems.every((p) => p.startsWith('scenarios/alpha.json: '))).toBe(true);
  });

  it('refuses a scenario file nested 6,000 deep in one line, open or closed (no stack overflow)', async () => {
    expect(await refused(craftZip(withScenarioText(`${'['.repeat(6000)}\n`)))).toEqual([
      'scenarios/alpha.json: invalid JSON at line 2, column 1: the text ends too early',
    ]);
    expect(await refused(craftZip(withScenarioText(`${'['.repeat(6000)}${']'.repeat(6000)}`)))).toEqual([
      'scenarios/alpha.json: JSON nested more than 256 levels deep at line 1, column 257: no Gridfront file nests that deep',
    ]);
  });

  it('refuses a manifest nested 6,000 deep in one line', async () => {
    const problems = await refused(craftZip([{ name: 'manifest.json', data: Buffer.from(`${'['.repeat(6000)}\n`) }, ...good().slice(1)]));
    expect(problems).toEqual(['manifest.json: invalid JSON at line 2, column 1: the text ends too early']);
  });

  it('refuses a scenario file that is not UTF-8', async () => {
    const problems = await refused(craftZip(withScenarioBytes(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]))));
    expect(problems).toEqual(['scenarios/alpha.json: is not UTF-8 text']);
  });
});

describe('damaged packs in general', () => {
  it('a pack with any bytes changed is imported whole or not at all, and never crashes the reader', async () => {
    const zip = craftZip(good());
    const everything = ['alpha', 'already-here', 'bravo'];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(zip.length - 1), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 4 }), async (flips) => {
        const damaged = Buffer.from(zip);
        for (const [at, mask] of flips) damaged[at] = damaged[at]! ^ mask;
        const fresh = testLibrary();
        try {
          mustWrite(fresh.lib.create(scenario('already-here', 'Already here')));
          const result = await importPack(damaged, fresh.lib);
          const ids = fresh.lib.list({ includeTrashed: true }).items.map((s) => s.id).sort();
          expect(ids).toEqual(result.ok ? everything : ['already-here']);
          if (result.ok) expect(fresh.lib.get('alpha')!.document).toEqual(scenario('alpha', 'Alpha'));
        } finally {
          fresh.cleanup();
        }
      }),
      { numRuns: 60 },
    );
  });
});
