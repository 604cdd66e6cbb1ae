// Checks scenario files: npm run validate -- a.json b.json
// Prints each problem as "file: /json/pointer: sentence" (warnings as "file: warning: ...")
// and a summary line. Exit code 0 when every file is valid (warnings allowed), 1 otherwise,
// including unreadable files and invalid JSON.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatIssue, type ValidationIssue } from '../shared/format/issues.js';
import { parseJson } from '../shared/format/json.js';
import { loadScenario } from '../shared/format/migrate.js';

interface FileReport {
  lines: string[];
  valid: boolean;
  errors: number;
  warnings: number;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function checkFile(file: string): FileReport {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (err as Error).message;
    return { lines: [`${file}: cannot read the file (${reason})`], valid: false, errors: 1, warnings: 0 };
  }
  const parsed = parseJson(text);
  if (!parsed.ok) return { lines: [`${file}: ${parsed.message}`], valid: false, errors: 1, warnings: 0 };

  const loaded = loadScenario(parsed.value);
  const issues: ValidationIssue[] = loaded.ok ? loaded.warnings : loaded.issues;
  const lines = issues.map((issue) => `${file}: ${formatIssue(issue)}`);
  if (loaded.ok) lines.push(...loaded.notes.map((note) => `${file}: note: ${note}`));
  const errors = issues.filter((i) => i.severity === 'error').length;
  return { lines, valid: loaded.ok, errors, warnings: issues.length - errors };
}

export function main(files: readonly string[]): number {
  if (files.length === 0) {
    console.error('usage: npm run validate -- <scenario.json> [more.json ...]');
    return 1;
  }
  let invalid = 0;
  let errors = 0;
  let warnings = 0;
  for (const file of files) {
    let report: FileReport;
    try {
      report = checkFile(file);
    } catch (err) {
      // A file must never stop the files after it: say so in one line and go on.
      report = { lines: [`${file}: could not be checked (${err instanceof Error ? err.message : String(err)})`], valid: false, errors: 1, warnings: 0 };
    }
    for (const line of report.lines) console.log(line);
    if (!report.valid) invalid++;
    errors += report.errors;
    warnings += report.warnings;
  }
  const valid = files.length - invalid;
  console.log(
    `${plural(files.length, 'file')} checked: ${valid} valid, ${invalid} invalid (${plural(errors, 'error')}, ${plural(warnings, 'warning')}).`,
  );
  return invalid === 0 ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
