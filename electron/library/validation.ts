// The one gate every write goes through: a document from an older format version is
// migrated first, then checked by the shared scenario validator, with its issues mapped to
// the library's issue shape. A validator that throws is treated as a refusal,
// never as a crash that could leave a write half-done.
import { validateScenario } from '../../shared/format/validate.js';
import { migrateScenario, MigrationError } from '../../shared/format/migrate.js';
import type { Scenario } from '../../shared/format/scenario.types.js';
import type { LibraryIssue } from './types.js';

export type ScenarioValidator = (json: unknown) => {
  ok: boolean;
  issues: ReadonlyArray<{ pointer: string; message: string; severity: string; value?: unknown; cell?: string }>;
};

export type DocumentCheck =
  | { ok: true; document: Scenario; issues: LibraryIssue[]; errorCount: number }
  | { ok: false; issues: LibraryIssue[]; errorCount: number };

export const defaultValidator: ScenarioValidator = validateScenario;

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
