// Test helpers: zip bytes written by hand (yazl rightly refuses hostile names, and a zip bomb
// needs headers that lie), a valid pack's files to tamper with, and a library snapshot to
// prove that a refused import wrote nothing.
import { deflateRawSync, crc32 } from 'node:zlib';
import type { PackManifest } from '../../shared/format/pack-manifest.types.js';
import type { Scenario } from '../../shared/format/scenario.types.js';
import type { Library } from '../library/index.js';
import { sha256 } from './hash.js';

export interface RawEntry {
  name: string;
  data: Buffer;
  /** 0 stored, 8 deflated (default). */
  method?: 0 | 8;
  /** Pre-compressed bytes to store as-is (with `size` they let a header lie). */
  compressed?: Buffer;
  /** Uncompressed size written in the headers (the truth by default). */
  size?: number;
  /** Unix mode for the external attributes (0o100644 by default). */
  mode?: number;
}

/** A zip archive exactly as described, with no checks of names or sizes. */
export function craftZip(entries: readonly RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const method = e.method ?? 8;
    const body = e.compressed ?? (method === 8 ? deflateRawSync(e.data) : e.data);
    const name = Buffer.from(e.name, 'utf8');
    const crc = crc32(e.data);
    const size = e.size ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(0, 10); // time, date
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(0, 30); // extra length
    central.writeUInt16LE(0, 32); // comment length
    central.writeUInt16LE(0, 34); // disk
    central.writeUInt16LE(0, 36); // internal attributes
    central.writeUInt32LE(((e.mode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

export const jsonBuffer = (value: unknown): Buffer => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/** The files of a valid pack holding `scenarios`, manifest first, ready to tamper with. */
export function validPackEntries(scenarios: readonly Scenario[], edit: (m: PackManifest) => void = () => {}): RawEntry[] {
  const files = scenarios.map((s) => ({ name: `scenarios/${s.id}.json`, data: jsonBuffer(s) }));
  const manifest: PackManifest = {
    formatVersion: 1,
    name: 'Crafted pack',
    version: '1.0.0',
    author: 'Tests',
    description: '',
    created: '2026-11-22T05:00:00Z',
    appVersion: '0.1.0',
    scenarioFormatVersion: 1,
    scenarios: scenarios.map((s, i) => ({ id: s.id, title: s.title, file: files[i]!.name, sha256: sha256(files[i]!.data) })),
  };
  edit(manifest);
  return [{ name: 'manifest.json', data: jsonBuffer(manifest) }, ...files];
}

/** Everything a user could see of a library: every row (trash too), document and thumbnail. */
export function librarySnapshot(lib: Library) {
  return lib.list({ includeTrashed: true, limit: 500 }).items.map((s) => ({
    summary: s,
    document: lib.get(s.id)?.document,
    thumbnail: lib.getThumbnail(s.id),
    revisions: lib.listRevisions(s.id),
  }));
}
