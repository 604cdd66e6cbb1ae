// planImport and importPack: what an import would do, and doing it all or nothing. The
// pack is inspected in full first; only a pack without a single problem reaches the
// library, whose importBatch writes every scenario in one transaction.
import type { BatchImportItem, Library } from '../library/index.js';
import { findConflicts, inspectPack, type InspectOptions } from './inspect.js';
import type { ConflictChoice, ImportPackResult, PackConflict, PackInspection, PackProblem, PackProgress } from './types.js';

export interface ImportPlanItem {
  id: string;
  title: string;
  file: string;
  hasThumbnail: boolean;
  extras: { kind: string; file: string }[];
  /** Set when the library already holds this id. */
  conflict?: PackConflict;
}

export interface ImportPlan {
  /** True when the pack has no problems and can be imported. */
  ok: boolean;
  items: ImportPlanItem[];
  conflicts: PackConflict[];
  problems: PackProblem[];
}

export interface ImportOptions {
  /** One choice for every conflict, or one per conflicting id; keepBoth for any id not named. */
  onConflict?: ConflictChoice | Record<string, ConflictChoice>;
  onProgress?: PackProgress;
}

const CHOICES: readonly ConflictChoice[] = ['keepBoth', 'replace', 'skip'];

export function planImport(pack: PackInspection, library: Library): ImportPlan {
  const conflicts = findConflicts(pack.scenarios, library);
  const byId = new Map(conflicts.map((c) => [c.id, c]));
  const items = pack.scenarios.map((s): ImportPlanItem => {
    const item: ImportPlanItem = {
      id: s.id,
      title: s.title,
      file: s.file,
      hasThumbnail: s.thumbnail !== undefined,
      extras: s.extras.map((x) => ({ kind: x.kind, file: x.file })),
    };
    const conflict = byId.get(s.id);
    if (conflict) item.conflict = conflict;
    return item;
  });
  return { ok: pack.problems.length === 0 && pack.manifest !== undefined, items, conflicts, problems: pack.problems };
}

function choiceFor(id: string, onConflict: ImportOptions['onConflict']): ConflictChoice {
  if (onConflict === undefined) return 'keepBoth';
  if (typeof onConflict === 'string') return onConflict;
  return Object.prototype.hasOwnProperty.call(onConflict, id) ? onConflict[id]! : 'keepBoth';
}

function choiceProblems(onConflict: ImportOptions['onConflict']): PackProblem[] {
  if (onConflict === undefined) return [];
  const given = typeof onConflict === 'string' ? [['(all)', onConflict] as const] : Object.entries(onConflict);
  return given
    .filter(([, choice]) => !CHOICES.includes(choice))
    .map(([id, choice]) => ({ message: `Unknown conflict choice "${String(choice)}" for ${id} (use keepBoth, replace or skip)` }));
}

/**
 * Imports every scenario of the pack (with its thumbnail) into the library in one
 * transaction, or nothing when the pack has any problem or the library refuses any item.
 * Accepts an inspection already made, or the pack's bytes or path.
 */
export async function importPack(
  pack: PackInspection | Buffer | string,
  library: Library,
  options: ImportOptions & Pick<InspectOptions, 'limits'> = {},
): Promise<ImportPackResult> {
  const inspectOptions: InspectOptions = {};
  if (options.limits) inspectOptions.limits = options.limits;
  if (options.onProgress) inspectOptions.onProgress = options.onProgress;
  const inspection = typeof pack === 'string' || Buffer.isBuffer(pack) ? await inspectPack(pack, inspectOptions) : pack;
  const problems = [...inspection.problems, ...choiceProblems(options.onConflict)];
  if (!inspection.manifest && !problems.length) problems.push({ message: 'The pack has no readable manifest' });
  if (problems.length) return { ok: false, problems };

  // Underlay images first: they are kept by content, so one left behind by a refused import
  // is never shown and serves the next import of the same picture.
  for (const s of inspection.scenarios) {
    const ref = s.document.map.underlay?.image;
    const image = s.extras.find((x) => x.kind === 'underlay');
    if (ref && image && choiceFor(s.id, options.onConflict) !== 'skip') library.putImage(ref, image.data);
  }
  const items: BatchImportItem[] = inspection.scenarios.map((s) => ({
    name: s.file,
    document: s.document,
    thumbnail: s.thumbnail ?? null,
    onConflict: choiceFor(s.id, options.onConflict),
  }));
  const written = library.importBatch(items, {
    onProgress: (done, total) => options.onProgress?.({ phase: 'writing', done, total }),
  });
  if (!written.ok) {
    return {
      ok: false,
      problems: written.problems.flatMap(({ name, issues }) =>
        issues.map((i): PackProblem => {
          const problem: PackProblem = { message: name ? `${name}: ${i.pointer || '/'}: ${i.message}` : i.message };
          if (name) problem.file = name;
          if (name && i.pointer) problem.pointer = i.pointer;
          return problem;
        }),
      ),
    };
  }
  const finalId = new Map(written.outcomes.map((o, k) => [inspection.scenarios[k]!.id, o]));
  const extras = inspection.scenarios.flatMap((s) => {
    const outcome = finalId.get(s.id);
    if (!outcome || outcome.action === 'skipped') return [];
    // The underlay image is stored with the scenario above; the rest is for the caller.
    return s.extras.filter((x) => x.kind !== 'underlay').map((x) => ({ ...x, scenarioId: outcome.id }));
  });
  return { ok: true, outcomes: written.outcomes, extras, warnings: inspection.warnings };
}

