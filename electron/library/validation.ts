// The one gate every write goes through: the shared scenario validator, with its issues
// mapped to the library's issue shape. A validator that throws is treated as a refusal,
// never as a crash that could leave a write half-done.
import { validateScenario } from '../../shared/format/validate.js';
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

export function checkDocument(validate: ScenarioValidator, json: unknown): DocumentCheck {
  let result: ReturnType<ScenarioValidator>;
  try {
    result = validate(json);
  } catch (err) {
    const issue: LibraryIssue = { pointer: '', severity: 'error', message: `The validator failed: ${String(err)}` };
    return { ok: false, issues: [issue], errorCount: 1 };
  }
  const issues: LibraryIssue[] = result.issues.map((i) => {
    const issue: LibraryIssue = {
      pointer: i.pointer,
      message: i.message,
      severity: i.severity === 'error' ? 'error' : 'warning',
    };
    if (i.value !== undefined) issue.value = i.value;
    if (i.cell !== undefined) issue.cell = i.cell;
    return issue;
  });
  const errorCount = issues.filter((i) => i.severity === 'error').length;
  if (!result.ok) {
    if (errorCount === 0) issues.unshift({ pointer: '', severity: 'error', message: 'The scenario is not valid' });
    return { ok: false, issues, errorCount: Math.max(1, errorCount) };
  }
  return { ok: true, document: json as Scenario, issues, errorCount };
}
