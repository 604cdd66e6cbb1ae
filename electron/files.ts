// Files the main process and the command-line tools write: always through a temporary file
// beside the target, renamed into place, so a failed or interrupted write never leaves half a
// file under the chosen name; and zip archives made in memory (yazl, loaded when a zip is made:
// the image export writes through this module and never zips).
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const tempFor = (file: string): string => `${file}.${process.pid}.tmp`;

/** Runs `write` on a temporary path beside `file`, then renames it into place; on failure the temporary file goes. */
export async function replaceAtomically<T>(file: string, write: (tmp: string) => Promise<T>): Promise<T> {
  const tmp = tempFor(file);
  await mkdir(path.dirname(file), { recursive: true });
  try {
    const result = await write(tmp);
    await rename(tmp, file);
    return result;
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

export const writeAtomically = (file: string, data: Uint8Array | string): Promise<void> => replaceAtomically(file, (tmp) => writeFile(tmp, data));

/** The same, synchronously (small settings files written while the app quits). */
export function writeAtomicallySync(file: string, data: Uint8Array | string): void {
  const tmp = tempFor(file);
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

/**
 * A zip archive of `files`, in memory. `compress: false` stores entries as they are (PNG is
 * already deflated); `mtime` and `mode` make the bytes reproducible (packs).
 */
export async function zipBytes(files: readonly ZipEntry[], options: { compress: boolean; mtime?: Date; mode?: number }): Promise<Buffer> {
  const { default: yazl } = await import('yazl');
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    const entry = { compress: options.compress, ...(options.mtime ? { mtime: options.mtime } : {}), ...(options.mode !== undefined ? { mode: options.mode } : {}) };
    for (const f of files) zip.addBuffer(Buffer.isBuffer(f.data) ? f.data : Buffer.from(f.data), f.name, entry);
    zip.end();
  });
}
