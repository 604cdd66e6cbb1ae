import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yauzl from 'yauzl';
import { afterEach, describe, expect, it } from 'vitest';
import { replaceAtomically, writeAtomically, writeAtomicallySync, zipBytes } from './files.js';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const tmpDir = () => (dir = mkdtempSync(path.join(os.tmpdir(), 'gf-files-')));

/** Names and contents of a zip's entries, read back with yauzl. */
function unzip(bytes: Buffer): Promise<{ name: string; text: string; compressed: boolean; mtime: Date }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out: { name: string; text: string; compressed: boolean; mtime: Date }[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.push({ name: entry.fileName, text: Buffer.concat(chunks).toString('utf8'), compressed: entry.compressionMethod !== 0, mtime: entry.getLastModDate() });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

describe('writing files', () => {
  it('writes into new folders and replaces an old file whole', async () => {
    const file = path.join(tmpDir(), 'a', 'b', 'map.pdf');
    await writeAtomically(file, new Uint8Array([1, 2, 3]));
    await writeAtomically(file, 'second');
    expect(readFileSync(file, 'utf8')).toBe('second');
    writeAtomicallySync(file, 'third');
    expect(readFileSync(file, 'utf8')).toBe('third');
    expect(readdirSync(path.dirname(file))).toEqual(['map.pdf']);
  });

  it('a write that fails half-way leaves the old file as it was and no temporary file', async () => {
    const file = path.join(tmpDir(), 'map.png');
    await writeAtomically(file, 'old');
    await expect(
      replaceAtomically(file, async (tmp) => {
        await writeAtomically(tmp, 'half a pic');
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(readFileSync(file, 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['map.png']);
    expect(existsSync(`${file}.${process.pid}.tmp`)).toBe(false);
  });
});

describe('zipBytes', () => {
  it('stores or deflates entries, with a fixed time when asked (reproducible packs)', async () => {
    const files = [
      { name: 'one.txt', data: new TextEncoder().encode('one '.repeat(50)) },
      { name: 'two/two.txt', data: Buffer.from('two') },
    ];
    const mtime = new Date(2024, 0, 2, 3, 4, 6);
    const stored = await unzip(await zipBytes(files, { compress: false }));
    expect(stored.map((e) => [e.name, e.text.length, e.compressed])).toEqual([['one.txt', 200, false], ['two/two.txt', 3, false]]);
    const packed = await zipBytes(files, { compress: true, mtime, mode: 0o100644 });
    expect((await unzip(packed)).map((e) => [e.name, e.compressed, e.mtime.getTime()])).toEqual([['one.txt', true, mtime.getTime()], ['two/two.txt', true, mtime.getTime()]]);
    expect(packed.equals(await zipBytes(files, { compress: true, mtime, mode: 0o100644 }))).toBe(true);
  });
});
