// Reads a .gfpack (zip) into memory entry by entry, refusing anything hostile. Nothing is
// written anywhere: the result is the entries' bytes plus every problem found.
//
// Sizes in zip headers are claims, not facts, so the caps are enforced twice: once against
// the declared sizes (cheap early refusal) and again while inflating, counting real bytes and
// stopping the moment a cap is passed. A pack caught lying about sizes is not read further.
import { crc32 } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { DEFAULT_LIMITS, type PackLimits } from './limits.js';
import { entryNameProblem, isDirectoryName } from './paths.js';
import type { PackEntry, PackProblem } from './types.js';

export interface ZipContents {
  entries: PackEntry[];
  /** Bytes of every acceptable file entry (directories excluded), by name. */
  files: Map<string, Buffer>;
  problems: PackProblem[];
  /** Reading stopped early (a cap was passed or the archive is broken): trust nothing. */
  aborted: boolean;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const STORED = 0;
const DEFLATED = 8;

const mb = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** A problem that ends the read: the rest of the archive is not looked at. */
class StopReading extends Error {}

function openZip(buffer: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, autoClose: true }, (err, zip) =>
      err ? reject(err) : resolve(zip),
    );
  });
}

/** The entry's name as the zip means it (UTF-8 flag, Info-ZIP Unicode extra field, else CP437), backslashes kept. */
function entryName(entry: Entry): string {
  return yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
}

const isSymlink = (entry: Entry): boolean => ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;

/**
 * What a file that is not a zip at all is, from its first bytes ("a PDF document"), so the
 * person is told what they picked instead of being warned about a damaged or hostile pack;
 * null for a zip (then damaged) or for bytes that say nothing.
 */
export function notAPackKind(buffer: Buffer): string | null {
  const head = buffer.subarray(0, 16);
  const starts = (sig: number[]) => sig.every((b, i) => head[i] === b);
  if (starts([0x50, 0x4b])) return null; // "PK": a zip, damaged
  if (starts([0x25, 0x50, 0x44, 0x46])) return 'a PDF document';
  if (starts([0x89, 0x50, 0x4e, 0x47])) return 'a PNG image';
  if (starts([0xff, 0xd8, 0xff])) return 'a JPEG image';
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'a GIF image';
  const text = buffer.subarray(0, 256).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('{') || text.startsWith('[')) return 'a JSON file (a scenario file is added with File ▸ Import JSON…)';
  if (text.startsWith('<svg') || text.startsWith('<?xml')) return 'an SVG or XML document';
  if (buffer.length === 0) return 'an empty file';
  return 'not a zip file';
}

export async function readPackZip(buffer: Buffer, limits: PackLimits = DEFAULT_LIMITS, onEntry?: (done: number, total: number) => void): Promise<ZipContents> {
  const out: ZipContents = { entries: [], files: new Map(), problems: [], aborted: false };
  let zip: ZipFile;
  try {
    zip = await openZip(buffer);
  } catch (err) {
    const kind = notAPackKind(buffer);
    out.problems.push(
      kind
        ? { message: `This file is not a Gridfront pack: it is ${kind}. A pack is a .gfpack file made with File ▸ Export pack.`, notAPack: true }
        : { message: `This is not a readable pack (zip) file: ${err instanceof Error ? err.message : String(err)}` },
    );
    out.aborted = true;
    return out;
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    out.problems.push({ message: `The pack has ${zip.entryCount} entries; at most ${limits.maxEntries} are allowed` });
    out.aborted = true;
    return out;
  }

  const seen = new Map<string, string>(); // lower-cased name → name as written
  let declaredTotal = 0;
  let inflatedTotal = 0;
  let index = 0;

  const inflate = (entry: Entry, name: string): Promise<Buffer> =>
    new Promise((resolve, reject) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(new StopReading(`${name} cannot be read: ${err.message}`));
        const chunks: Buffer[] = [];
        let bytes = 0;
        let stopped = false;
        const stop = (message: string) => {
          if (stopped) return;
          stopped = true;
          stream.destroy();
          reject(new StopReading(message));
        };
        stream.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          inflatedTotal += chunk.length;
          if (bytes > entry.uncompressedSize) {
            return stop(`${name} inflates to more than the ${entry.uncompressedSize} bytes its header declares; the pack is damaged or hostile`);
          }
          if (bytes > limits.maxEntryBytes) return stop(`${name} inflates past ${mb(limits.maxEntryBytes)}, the limit for one file`);
          if (inflatedTotal > limits.maxTotalBytes) return stop(`The pack inflates past ${mb(limits.maxTotalBytes)} in total, the limit for a pack`);
          if (bytes > limits.ratioFloorBytes && bytes / Math.max(entry.compressedSize, 1) > limits.maxRatio) {
            return stop(`${name} expands more than ${limits.maxRatio} times its compressed size (a zip bomb?)`);
          }
          chunks.push(chunk);
        });
        stream.on('error', (e: Error) => {
          // yauzl's own size check (validateEntrySizes) usually fires before ours sees the byte.
          if (/too many bytes/.test(e.message)) stop(`${name} inflates to more than the ${entry.uncompressedSize} bytes its header declares; the pack is damaged or hostile`);
          else if (/not enough bytes/.test(e.message)) stop(`${name} is damaged: it is shorter than its header declares`);
          else stop(`${name} is damaged: ${e.message}`);
        });
        stream.on('end', () => {
          if (stopped) return;
          const data = Buffer.concat(chunks);
          if (crc32(data) !== entry.crc32) return stop(`${name} is damaged: its CRC-32 does not match`);
          resolve(data);
        });
      });
    });

  const visit = async (entry: Entry): Promise<void> => {
    const name = entryName(entry);
    out.entries.push({ name, size: entry.uncompressedSize, compressedSize: entry.compressedSize });
    const refuse = (message: string) => out.problems.push({ file: name, message: `${name} ${message}` });

    const nameProblem = entryNameProblem(name);
    if (nameProblem) return void refuse(nameProblem);
    if (isSymlink(entry)) return void refuse('is a symbolic link; packs may only hold plain files');
    const key = name.toLowerCase();
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      return void refuse(earlier === name ? 'appears twice in the pack' : `differs only in letter case from ${earlier}`);
    }
    seen.set(key, name);
    if (isDirectoryName(name)) return;
    if (entry.isEncrypted()) return void refuse('is encrypted; packs are never encrypted');
    if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED) {
      return void refuse(`uses compression method ${entry.compressionMethod}; only stored and deflated files are supported`);
    }
    // Declared sizes: refuse early, before inflating anything.
    if (entry.uncompressedSize > limits.maxEntryBytes) {
      return void refuse(`declares ${mb(entry.uncompressedSize)}, more than the ${mb(limits.maxEntryBytes)} allowed for one file`);
    }
    declaredTotal += entry.uncompressedSize;
    if (declaredTotal > limits.maxTotalBytes) {
      throw new StopReading(`The pack declares more than ${mb(limits.maxTotalBytes)} of content, the limit for a pack`);
    }
    if (entry.uncompressedSize > limits.ratioFloorBytes && entry.uncompressedSize / Math.max(entry.compressedSize, 1) > limits.maxRatio) {
      return void refuse(`expands more than ${limits.maxRatio} times its compressed size (a zip bomb?)`);
    }
    out.files.set(name, await inflate(entry, name));
  };

  await new Promise<void>((resolve) => {
    const fail = (err: unknown) => {
      if (out.aborted) return;
      out.aborted = true;
      const message = err instanceof Error ? err.message : String(err);
      out.problems.push({ message: err instanceof StopReading ? message : `The pack is damaged: ${message}` });
      zip.close();
      resolve();
    };
    zip.on('error', fail);
    zip.on('end', () => {
      if (!out.aborted) resolve();
    });
    zip.on('entry', (entry: Entry) => {
      visit(entry).then(
        () => {
          if (out.aborted) return;
          onEntry?.(++index, zip.entryCount);
          zip.readEntry();
        },
        fail,
      );
    });
    zip.readEntry();
  });
  if (out.aborted) out.files.clear();
  return out;
}
