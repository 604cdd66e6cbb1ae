// The one gate every write goes through: a document from an older format version is
// migrated first, then checked by the shared scenario validator, with its issues mapped to
// the library's issue shape. A validator that throws is treated as a refusal,
// never as a crash that could leave a write half-done.
//
// The default validator also runs the editor's design checks (shared/scenario/checks.ts) on
// documents that pass, so the library's warnings match what the checks panel shows. They are
// advice only: they never refuse a write, and one that crashes is skipped, not an error.
// The reachability search is the one costly check (about 3 s on a 1000×1000 map, and writes
// run synchronously in the host), so on very large maps it is left to the checks panel.
import { buildContext, runChecks } from '../../shared/format/checks/index.js';
import { validateScenario, type ValidationIssue } from '../../shared/format/validate.js';
import { designChecks } from '../../shared/scenario/checks.js';
import { migrateScenario, MigrationError } from '../../shared/format/migrate.js';
import { gridSpecOf } from '../../shared/format/defaults.js';
import type { Scenario } from '../../shared/format/scenario.types.js';
import type { LibraryIssue } from './types.js';

export type ScenarioValidator = (json: unknown) => {
  ok: boolean;
  issues: ReadonlyArray<{ pointer: string; message: string; severity: string; value?: unknown; cell?: string }>;
};

export type DocumentCheck =
  | { ok: true; document: Scenario; issues: LibraryIssue[]; errorCount: number }
  | { ok: false; issues: LibraryIssue[]; errorCount: number };

export const defaultValidator: ScenarioValidator = (json) => {
  const result = validateScenario(json);
  if (!result.ok) return result;
  return { ...result, issues: [...result.issues, ...designWarnings(result.value, result.issues)] };
};

/** Maps with more cells than this skip the design checks' path search in the library. */
export const REACH_CHECK_MAX_CELLS = 250_000;
const COSTLY_CHECKS = new Set(['victory-cells-reachable']);

/** The design checks' findings that the format validator did not already report. */
function designWarnings(scenario: Scenario, known: readonly ValidationIssue[]): ValidationIssue[] {
  const spec = gridSpecOf(scenario);
  const large = spec.cols * spec.rows > REACH_CHECK_MAX_CELLS;
  let ctx: ReturnType<typeof buildContext>;
  try {
    ctx = buildContext(scenario);
  } catch {
    return [];
  }
  const seen = new Set(known.map((i) => `${i.pointer}\u0000${i.message}`));
  const found: ValidationIssue[] = [];
  for (const check of designChecks) {
    if (large && COSTLY_CHECKS.has(check.id)) continue;
    try {
      for (const issue of runChecks(scenario, [check], ctx)) {
        const key = `${issue.pointer}\u0000${issue.message}`;
        if (seen.has(key)) continue;
        seen.add(key);
        found.push({ ...issue, severity: 'warning' });
      }
    } catch {
      // A broken design check costs its advice, never the write.
    }
  }
  return found;
}

/** How many notes a summary keeps for the library's badge tooltip. */
export const CHECK_NOTE_LIMIT = 3;
const NOTE_MAX_CHARS = 240;

/** What a row records about its last check: the warning count and the first few messages, errors first. */
export function checkRecord(issues: readonly LibraryIssue[]): { warningCount: number; notes: string[] } {
  const ordered = [...issues.filter((i) => i.severity === 'error'), ...issues.filter((i) => i.severity !== 'error')];
  return {
    warningCount: issues.filter((i) => i.severity === 'warning').length,
    notes: ordered.slice(0, CHECK_NOTE_LIMIT).map((i) => (i.message.length > NOTE_MAX_CHARS ? `${i.message.slice(0, NOTE_MAX_CHARS - 1)}…` : i.message)),
  };
}

export function checkDocument(validate: ScenarioValidator, input: unknown): DocumentCheck {
  let json: unknown;
  const notes: LibraryIssue[] = [];
  try {
    const migrated = migrateScenario(input);
    json = migrated.scenario;
    for (const note of migrated.notes) notes.push({ pointer: '/formatVersion', severity: 'warning', message: note });
  } catch (err) {
    const pointer = err instanceof MigrationError ? err.pointer : '';
    const message = err instanceof Error ? err.message : String(err);
    return { ok: false, issues: [{ pointer, severity: 'error', message }], errorCount: 1 };
  }
  let result: ReturnType<ScenarioValidator>;
  try {
    result = validate(json);
  } catch (err) {
    const issue: LibraryIssue = { pointer: '', severity: 'error', message: `The validator failed: ${String(err)}` };
    return { ok: false, issues: [issue], errorCount: 1 };
  }
  const issues: LibraryIssue[] = notes.concat(result.issues.map((i) => {
    const issue: LibraryIssue = {
      pointer: i.pointer,
      message: i.message,
      severity: i.severity === 'error' ? 'error' : 'warning',
    };
    if (i.value !== undefined) issue.value = i.value;
    if (i.cell !== undefined) issue.cell = i.cell;
    return issue;
  }));
  const errorCount = issues.filter((i) => i.severity === 'error').length;
  if (!result.ok) {
    if (errorCount === 0) issues.unshift({ pointer: '', severity: 'error', message: 'The scenario is not valid' });
    return { ok: false, issues, errorCount: Math.max(1, errorCount) };
  }
  return { ok: true, document: json as Scenario, issues, errorCount };
}
