// Reads candidate files for import: parse, then validate. Pure (no database), so the
// library can check a whole batch before it writes any of it.
import type { Scenario } from '../../shared/format/scenario.types.js';
import { parseJson } from '../../shared/format/json.js';
import { checkDocument, type ScenarioValidator } from './validation.js';
import type { ImportFile, LibraryIssue } from './types.js';

/** Far beyond the largest legal map; refuses accidental multi-gigabyte drops early. */
export const MAX_IMPORT_CHARS = 64 * 1024 * 1024;

export type CheckedFile =
  | { name: string; ok: true; document: Scenario; warnings: LibraryIssue[] }
  | { name: string; ok: false; issues: LibraryIssue[] };

export function checkImportFile(file: ImportFile, validate: ScenarioValidator): CheckedFile {
  const name = file.name;
  if (file.text.length > MAX_IMPORT_CHARS) {
    return { name, ok: false, issues: [{ pointer: '', severity: 'error', message: `${name} is too large to be a scenario (${file.text.length} characters)` }] };
  }
  const parsed = parseJson(file.text);
  if (!parsed.ok) {
    const issue: LibraryIssue = { pointer: '', severity: 'error', message: `${name}: ${parsed.message}` };
    if (parsed.line !== undefined) issue.line = parsed.line;
    if (parsed.column !== undefined) issue.column = parsed.column;
    return { name, ok: false, issues: [issue] };
  }
  const check = checkDocument(validate, parsed.value);
  if (!check.ok) return { name, ok: false, issues: check.issues };
  return { name, ok: true, document: check.document, warnings: check.issues };
}
