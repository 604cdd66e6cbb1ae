// inspectPack: everything an import needs to know before it writes a byte. Reads the zip
// safely, checks the manifest, then holds every file to what the manifest says about it
// (present, listed, same SHA-256) and every scenario to the format validator.
//
// Policy: a file in the pack that the manifest does not list is a problem, not a warning:
// the manifest is the pack's whole promise, and an import is all or nothing.
import { readFile, stat } from 'node:fs/promises';
import { parseJson } from '../../shared/format/json.js';
import { loadScenario } from '../../shared/format/migrate.js';
import type { PackManifest, PackScenario } from '../../shared/format/pack-manifest.types.js';
import type { Library } from '../library/index.js';
import { checkUnderlayImage, refMatches } from '../library/images.js';
import { sha256 } from './hash.js';
import { DEFAULT_LIMITS, MANIFEST_FILE, MAX_THUMBNAIL_BYTES, type PackLimits } from './limits.js';
import { listedFiles, readManifest } from './manifest.js';
import { isDirectoryName } from './paths.js';
import { readPackZip } from './read-zip.js';
import type { InspectedExtra, InspectedScenario, PackConflict, PackInspection, PackProblem, PackProgress } from './types.js';

export interface InspectOptions {
  /** When given, ids the library already holds are reported as conflicts. */
  library?: Library;
  limits?: PackLimits;
  onProgress?: PackProgress;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeText(bytes: Buffer): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

/** Reads the pack from a file path (size-checked first) or takes the bytes as given. */
async function packBytes(source: Buffer | string, limits: PackLimits): Promise<Buffer | PackProblem> {
  if (typeof source !== 'string') return source;
  try {
    const info = await stat(source);
    if (!info.isFile()) return { message: `${source} is not a file` };
    if (info.size > limits.maxPackBytes) return { message: `${source} is ${info.size} bytes; a pack may be at most ${limits.maxPackBytes}` };
    return await readFile(source);
  } catch (err) {
    return { message: `${source} cannot be read: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** The ids of `scenarios` that `library` already holds (trash included). */
export function findConflicts(scenarios: readonly { id: string; title: string }[], library: Library): PackConflict[] {
  return scenarios.flatMap((s) => {
    const existing = library.get(s.id);
    if (!existing) return [];
    const { summary } = existing;
    return [{ id: s.id, packTitle: s.title, libraryTitle: summary.title, trashed: summary.trashedAt !== null, updated: summary.updated }];
  });
}

/** Checks one listed scenario against its file; returns it when everything holds. */
function checkScenario(
  listed: PackScenario,
  index: number,
  files: Map<string, Buffer>,
  problems: PackProblem[],
  warnings: PackProblem[],
): InspectedScenario | undefined {
  const before = problems.length;
  const problem = (file: string, message: string, pointer?: string) =>
    problems.push(pointer === undefined ? { file, message: `${file}: ${message}` } : { file, pointer, message: `${file}: ${pointer || '/'}: ${message}` });

  /** The file's bytes if present and matching its checksum. */
  const verified = (file: string, expected: string, pointer: string): Buffer | undefined => {
    const data = files.get(file);
    if (!data) {
      problems.push({ file: MANIFEST_FILE, pointer, message: `${MANIFEST_FILE}: lists ${file}, which is not in the pack` });
      return undefined;
    }
    const actual = sha256(data);
    if (actual !== expected) {
      problem(file, `its SHA-256 is ${actual}, but the manifest says ${expected}; the file was changed or damaged`);
      return undefined;
    }
    return data;
  };

  const base = `/scenarios/${index}`;
  const bytes = verified(listed.file, listed.sha256, `${base}/file`);
  let document: InspectedScenario['document'] | undefined;
  if (bytes) {
    const text = decodeText(bytes);
    const parsed = text === null ? undefined : parseJson(text);
    if (text === null) problem(listed.file, 'is not UTF-8 text');
    else if (parsed && !parsed.ok) problem(listed.file, parsed.message);
    else if (parsed?.ok) {
      const loaded = loadScenario(parsed.value);
      if (!loaded.ok) {
        for (const issue of loaded.issues) {
          if (issue.severity === 'error') problem(listed.file, issue.message, issue.pointer);
        }
      } else {
        document = loaded.scenario;
        for (const w of loaded.warnings) warnings.push({ file: listed.file, pointer: w.pointer, message: `${listed.file}: ${w.pointer || '/'}: ${w.message}` });
        if (document.id !== listed.id) problem(listed.file, `its id is "${document.id}", but the manifest lists it as "${listed.id}"`, '/id');
        if (document.title !== listed.title) problem(listed.file, `its title is "${document.title}", but the manifest says "${listed.title}"`, '/title');
      }
    }
  }

  let thumbnail: Buffer | undefined;
  if (listed.thumbnail) {
    thumbnail = verified(listed.thumbnail.file, listed.thumbnail.sha256, `${base}/thumbnail/file`);
    if (thumbnail && (thumbnail.length > MAX_THUMBNAIL_BYTES || !thumbnail.subarray(0, 8).equals(PNG_SIGNATURE))) {
      problem(listed.thumbnail.file, `is not a PNG image of at most ${MAX_THUMBNAIL_BYTES} bytes`);
    }
  }

  const extras: InspectedExtra[] = [];
  (listed.extras ?? []).forEach((extra, j) => {
    const data = verified(extra.file, extra.sha256, `${base}/extras/${j}/file`);
    if (!data) return;
    if (extra.kind === 'print-pdf' && !data.subarray(0, 5).equals(Buffer.from('%PDF-'))) problem(extra.file, 'is listed as a print PDF but is not a PDF');
    if (extra.kind === 'savegame') {
      const text = decodeText(data);
      const parsed = text === null ? undefined : parseJson(text);
      if (!parsed?.ok || typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
        problem(extra.file, 'is listed as a saved game but is not a JSON object');
      }
    }
    if (extra.kind === 'underlay') {
      const ref = document?.map.underlay?.image;
      if (!ref) problem(extra.file, 'is listed as an underlay image but the scenario has no underlay');
      else if (!refMatches(ref, data)) problem(extra.file, `is not the underlay image the scenario names (${ref})`);
    }
    extras.push({ kind: extra.kind, file: extra.file, data });
  });
  const underlay = document?.map.underlay;
  if (underlay && !(listed.extras ?? []).some((x) => x.kind === 'underlay')) {
    problem(listed.file, `names an underlay image (${underlay.name ?? underlay.image}) that is not in the pack`, '/map/underlay/image');
  }

  if (problems.length > before || !document) return undefined;
  const result: InspectedScenario = { id: listed.id, title: listed.title, file: listed.file, sha256: listed.sha256, document, extras };
  if (thumbnail) result.thumbnail = thumbnail;
  return result;
}

/** Holds the pack's files to its manifest: unlisted files are problems too (see the policy above). */
function unlistedFiles(manifest: PackManifest, files: Map<string, Buffer>): PackProblem[] {
  const listed = new Set(listedFiles(manifest).map((f) => f.file));
  return [...files.keys()]
    .filter((name) => name !== MANIFEST_FILE && !isDirectoryName(name) && !listed.has(name))
    .map((name) => ({ file: name, message: `${name} is in the pack but not listed in ${MANIFEST_FILE}` }));
}

export async function inspectPack(source: Buffer | string, options: InspectOptions = {}): Promise<PackInspection> {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const result: PackInspection = { entries: [], problems: [], warnings: [], scenarios: [] };
  const bytes = await packBytes(source, limits);
  if (!Buffer.isBuffer(bytes)) {
    result.problems.push(bytes);
    return result;
  }
  if (bytes.length > limits.maxPackBytes) {
    result.problems.push({ message: `The pack is ${bytes.length} bytes; a pack may be at most ${limits.maxPackBytes}` });
    return result;
  }

  const zip = await readPackZip(bytes, limits, (done, total) => options.onProgress?.({ phase: 'reading', done, total }));
  result.entries = zip.entries;
  result.problems.push(...zip.problems);
  if (zip.aborted) return result;

  const manifest = readManifest(zip.files.get(MANIFEST_FILE));
  if (!manifest.ok) {
    result.problems.push(...manifest.problems);
    return result;
  }
  result.manifest = manifest.manifest;
  result.problems.push(...unlistedFiles(manifest.manifest, zip.files));

  const total = manifest.manifest.scenarios.length;
  manifest.manifest.scenarios.forEach((listed, i) => {
    const checked = checkScenario(listed, i, zip.files, result.problems, result.warnings);
    if (checked) result.scenarios.push(checked);
    options.onProgress?.({ phase: 'checking', done: i + 1, total });
  });
  // Underlay images are decoded in full (after their sizes are read from the header), as
  // the library does before it keeps one, and must be the size the scenario says.
  for (const s of result.scenarios) {
    const underlay = s.document.map.underlay;
    for (const x of s.extras.filter((e) => e.kind === 'underlay')) {
      try {
        const image = await checkUnderlayImage(x.data, x.file);
        if (underlay && (image.width !== underlay.width || image.height !== underlay.height)) {
          result.problems.push({ file: x.file, message: `${x.file} is ${image.width} × ${image.height} pixels, but the scenario places it as ${underlay.width} × ${underlay.height}` });
        }
      } catch (err) {
        result.problems.push({ file: x.file, message: err instanceof Error ? err.message : String(err) });
      }
    }
  }
  if (options.library) result.conflicts = findConflicts(manifest.manifest.scenarios, options.library);
  return result;
}
