// Reading and checking manifest.json: JSON syntax, the manifest schema, then what the schema
// cannot say (unique ids and files, format versions this app understands).
import manifestSchema from '../../schemas/pack-manifest.schema.json' with { type: 'json' };
import { parseJson } from '../../shared/format/json.js';
import { CURRENT_FORMAT_VERSION } from '../../shared/format/migrate.js';
import type { PackManifest } from '../../shared/format/pack-manifest.types.js';
import validateManifest from '../../shared/format/pack-manifest.validate.generated.js';
import { schemaIssues } from '../../shared/format/schema-messages.js';
import { MANIFEST_FILE } from './limits.js';
import type { PackProblem } from './types.js';

export const MANIFEST_FORMAT_VERSION = 1;

// The shared schema messages describe the scenario format's patterns in words; these are the
// manifest's own, so they are put in words here rather than shown as regular expressions.
const manifestDefs = (manifestSchema as { $defs: Record<string, { pattern?: string }> }).$defs;
const manifestPatterns: [string | undefined, string][] = [
  [manifestSchema.properties.version.pattern, 'a version such as 1.0 or 1.2.3'],
  [manifestSchema.properties.created.pattern, 'a date and time such as 2026-11-22T05:00:00Z'],
  [manifestDefs.PackPath?.pattern, 'a relative path inside the pack such as scenarios/kursk.json (letters, digits, ".", "-", "_"; no "..")'],
  [manifestDefs.Sha256?.pattern, 'a SHA-256 written as 64 lower-case hex digits'],
];

function inWords(pointer: string, message: string): string {
  let text = pointer === '' ? message.replace(/^The scenario\b/, 'The manifest') : message;
  for (const [pattern, words] of manifestPatterns) if (pattern) text = text.split(`text matching ${pattern}`).join(words);
  return text;
}

/** Every file a manifest names, with the JSON pointer naming it. */
export function listedFiles(manifest: PackManifest): { file: string; pointer: string }[] {
  return manifest.scenarios.flatMap((s, i) => [
    { file: s.file, pointer: `/scenarios/${i}/file` },
    ...(s.thumbnail ? [{ file: s.thumbnail.file, pointer: `/scenarios/${i}/thumbnail/file` }] : []),
    ...(s.extras ?? []).map((x, j) => ({ file: x.file, pointer: `/scenarios/${i}/extras/${j}/file` })),
  ]);
}

/** Schema and consistency problems of a manifest object (empty when it is sound). */
export function manifestProblems(json: unknown): PackProblem[] {
  const at = (pointer: string, message: string): PackProblem => ({ file: MANIFEST_FILE, pointer, message: `${MANIFEST_FILE}: ${message}` });
  const version = (json as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof version === 'number' && version > MANIFEST_FORMAT_VERSION) {
    return [at('/formatVersion', `the pack was made by a newer Gridfront (manifest format ${version}; this app reads ${MANIFEST_FORMAT_VERSION})`)];
  }
  if (!validateManifest(json)) {
    return schemaIssues(validateManifest.errors ?? [], manifestSchema as Record<string, unknown>).map((i) => at(i.pointer, inWords(i.pointer, i.message)));
  }
  const problems: PackProblem[] = [];
  if (json.scenarioFormatVersion > CURRENT_FORMAT_VERSION) {
    problems.push(
      at('/scenarioFormatVersion', `the scenarios use format ${json.scenarioFormatVersion}, newer than this app reads (${CURRENT_FORMAT_VERSION}); update Gridfront`),
    );
  }
  const ids = new Map<string, number>();
  json.scenarios.forEach((s, i) => {
    const first = ids.get(s.id);
    if (first !== undefined) problems.push(at(`/scenarios/${i}/id`, `the scenario id "${s.id}" is listed twice (also at /scenarios/${first})`));
    else ids.set(s.id, i);
  });
  const files = new Map<string, string>();
  for (const { file, pointer } of listedFiles(json)) {
    if (file.toLowerCase() === MANIFEST_FILE) problems.push(at(pointer, `"${file}" is the manifest itself`));
    const first = files.get(file.toLowerCase());
    if (first !== undefined) problems.push(at(pointer, `"${file}" is listed twice (also at ${first})`));
    else files.set(file.toLowerCase(), pointer);
  }
  return problems;
}

export type ManifestRead = { ok: true; manifest: PackManifest } | { ok: false; problems: PackProblem[] };

export function readManifest(bytes: Buffer | undefined): ManifestRead {
  if (!bytes) return { ok: false, problems: [{ file: MANIFEST_FILE, message: `The pack has no ${MANIFEST_FILE}, so it is not a Gridfront pack` }] };
  const parsed = parseJson(bytes.toString('utf8'));
  if (!parsed.ok) return { ok: false, problems: [{ file: MANIFEST_FILE, message: `${MANIFEST_FILE}: ${parsed.message}` }] };
  const problems = manifestProblems(parsed.value);
  return problems.length ? { ok: false, problems } : { ok: true, manifest: parsed.value as PackManifest };
}
