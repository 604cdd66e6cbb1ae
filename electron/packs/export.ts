// exportPack: scenarios (plus thumbnails and extras) → the bytes of a .gfpack zip. Every
// scenario is validated first, so a pack never carries a file an import would refuse. The
// output is deterministic: same input and `created` time, same bytes (fixed entry order with
// manifest.json first, fixed timestamps and modes).
import packageJson from '../../package.json' with { type: 'json' };
import { CURRENT_FORMAT_VERSION, loadScenario } from '../../shared/format/migrate.js';
import type { PackExtra, PackManifest, PackScenario } from '../../shared/format/pack-manifest.types.js';
import { zipBytes } from '../files.js';
import { refMatches } from '../library/images.js';
import { PackError } from './errors.js';
import { sha256 } from './hash.js';
import { DEFAULT_LIMITS, MANIFEST_FILE, MAX_THUMBNAIL_BYTES } from './limits.js';
import { MANIFEST_FORMAT_VERSION, manifestProblems } from './manifest.js';
import { safeFileName } from './paths.js';
import type { PackProblem } from './types.js';

export interface PackInfo {
  name: string;
  version: string;
  author?: string;
  description?: string;
}

export interface ExportExtra {
  kind: PackExtra['kind'];
  /** A file name for people ("map-A3.pdf"); it is made safe for the zip. */
  name?: string;
  data: Uint8Array;
}

export interface ExportScenario {
  /** The scenario document, or its JSON text. */
  json: unknown;
  /** PNG bytes. */
  thumbnail?: Uint8Array | null;
  extras?: ExportExtra[];
}

export interface ExportOptions {
  /** The pack's creation time (now by default); also every entry's timestamp. */
  created?: Date;
  appVersion?: string;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const FILE_MODE = 0o100644;
const DEFAULT_EXTRA_NAMES: Record<PackExtra['kind'], string> = { 'print-pdf': 'print.pdf', savegame: 'savegame.json', underlay: 'underlay.png' };

interface PackFile {
  name: string;
  data: Buffer;
}

const jsonBytes = (value: unknown): Buffer => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

/** Second precision: zip timestamps hold no more, and the manifest should agree with them. */
const isoSeconds = (date: Date): string => new Date(Math.floor(date.getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z');

function parseInput(json: unknown, label: string, problems: PackProblem[]): unknown {
  if (typeof json !== 'string') return json;
  try {
    return JSON.parse(json.replace(/^\uFEFF/, '')) as unknown;
  } catch (err) {
    problems.push({ file: label, message: `${label}: not valid JSON (${err instanceof Error ? err.message : String(err)})` });
    return undefined;
  }
}

function uniqueName(wanted: string, used: Set<string>): string {
  let name = wanted;
  for (let n = 2; used.has(name.toLowerCase()); n++) {
    const dot = wanted.lastIndexOf('.');
    name = dot > 0 ? `${wanted.slice(0, dot)}-${n}${wanted.slice(dot)}` : `${wanted}-${n}`;
  }
  used.add(name.toLowerCase());
  return name;
}

/** A pack this app could not import again is not written (see limits.ts). */
function sizeProblems(files: readonly PackFile[]): PackProblem[] {
  const limits = DEFAULT_LIMITS;
  const problems: PackProblem[] = files
    .filter((f) => f.data.length > limits.maxEntryBytes)
    .map((f) => ({ file: f.name, message: `${f.name} is ${f.data.length} bytes; a file in a pack may be at most ${limits.maxEntryBytes}` }));
  const total = files.reduce((sum, f) => sum + f.data.length, 0);
  if (total > limits.maxTotalBytes) problems.push({ message: `The pack would hold ${total} bytes; at most ${limits.maxTotalBytes} are allowed` });
  if (files.length + 1 > limits.maxEntries) problems.push({ message: `The pack would hold ${files.length + 1} files; at most ${limits.maxEntries} are allowed` });
  return problems;
}

/** Builds the manifest and the file list, or throws PackError with every reason it cannot. */
export function planPack(info: PackInfo, scenarios: readonly ExportScenario[], options: ExportOptions = {}): { manifest: PackManifest; files: PackFile[] } {
  const problems: PackProblem[] = [];
  const files: PackFile[] = [];
  const entries: PackScenario[] = [];
  const used = new Set<string>([MANIFEST_FILE]);
  const ids = new Set<string>();

  scenarios.forEach((input, i) => {
    const label = `scenario ${i + 1}`;
    const doc = parseInput(input.json, label, problems);
    if (doc === undefined) return;
    // Older documents are brought up to the current format, which the manifest declares.
    const check = loadScenario(doc);
    if (!check.ok) {
      for (const issue of check.issues) {
        if (issue.severity === 'error') problems.push({ file: label, pointer: issue.pointer, message: `${label}: ${issue.pointer || '/'}: ${issue.message}` });
      }
      return;
    }
    const scenario = check.scenario;
    if (ids.has(scenario.id)) {
      problems.push({ file: label, pointer: '/id', message: `${label}: the id "${scenario.id}" is already in the pack; a pack holds each scenario once` });
      return;
    }
    ids.add(scenario.id);

    const data = jsonBytes(scenario);
    const entry: PackScenario = { id: scenario.id, title: scenario.title, file: uniqueName(`scenarios/${scenario.id}.json`, used), sha256: sha256(data) };
    files.push({ name: entry.file, data });

    if (input.thumbnail) {
      const png = Buffer.from(input.thumbnail);
      if (png.length > MAX_THUMBNAIL_BYTES || !PNG_SIGNATURE.every((b, k) => png[k] === b)) {
        problems.push({ file: label, message: `${label} ("${scenario.title}"): the thumbnail must be a PNG of at most ${MAX_THUMBNAIL_BYTES} bytes` });
      } else {
        entry.thumbnail = { file: uniqueName(`thumbnails/${scenario.id}.png`, used), sha256: sha256(png) };
        files.push({ name: entry.thumbnail.file, data: png });
      }
    }

    const extras: PackExtra[] = (input.extras ?? []).map((extra) => {
      const bytes = Buffer.from(extra.data);
      const base = safeFileName(extra.name ?? '', DEFAULT_EXTRA_NAMES[extra.kind]);
      const file = uniqueName(`extras/${scenario.id}/${base}`, used);
      files.push({ name: file, data: bytes });
      return { kind: extra.kind, file, sha256: sha256(bytes) };
    });
    if (extras.length) entry.extras = extras;
    // The underlay image must come with a scenario that names one, and only then.
    const underlays = (input.extras ?? []).filter((x) => x.kind === 'underlay');
    const ref = scenario.map.underlay?.image;
    if (ref && !(underlays.length === 1 && refMatches(ref, underlays[0]!.data))) {
      problems.push({ file: label, pointer: '/map/underlay/image', message: `${label} ("${scenario.title}"): its underlay image ${ref} must come with it` });
    } else if (!ref && underlays.length) {
      problems.push({ file: label, message: `${label} ("${scenario.title}"): an underlay image was given but the scenario has no underlay` });
    }
    entries.push(entry);
  });

  if (scenarios.length === 0) problems.push({ message: 'A pack needs at least one scenario' });
  problems.push(...sizeProblems(files));
  const manifest: PackManifest = {
    formatVersion: MANIFEST_FORMAT_VERSION,
    name: info.name,
    version: info.version,
    author: info.author ?? '',
    description: info.description ?? '',
    created: isoSeconds(options.created ?? new Date()),
    appVersion: options.appVersion ?? packageJson.version,
    scenarioFormatVersion: CURRENT_FORMAT_VERSION,
    scenarios: entries,
  };
  // Only worth checking once the scenarios are fine: otherwise the list is incomplete.
  if (!problems.length) problems.push(...manifestProblems(manifest));
  if (problems.length) throw new PackError(problems);
  return { manifest, files };
}

/** The .gfpack bytes for `scenarios`; throws PackError naming every problem when it cannot. */
export async function exportPack(info: PackInfo, scenarios: readonly ExportScenario[], options: ExportOptions = {}): Promise<Buffer> {
  const { manifest, files } = planPack(info, scenarios, options);
  return zipBytes([{ name: MANIFEST_FILE, data: jsonBytes(manifest) }, ...files], { compress: true, mtime: new Date(manifest.created), mode: FILE_MODE });
}
