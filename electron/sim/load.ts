// Reads a scenario file for simulation: parsed, migrated and validated the way the app loads
// one, with every problem reported as "file: /pointer: sentence".
import { readFileSync } from 'node:fs';
import { formatIssue } from '../../shared/format/issues.js';
import { parseJson } from '../../shared/format/json.js';
import { loadScenario } from '../../shared/format/migrate.js';
import type { Scenario } from '../../shared/format/scenario.types.js';

export function readScenario(file: string): { ok: true; scenario: Scenario } | { ok: false; message: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { ok: false, message: `${file}: cannot read the file (${code === 'ENOENT' ? 'no such file' : (e as Error).message})` };
  }
  const parsed = parseJson(text);
  if (!parsed.ok) return { ok: false, message: `${file}: ${parsed.message}` };
  const loaded = loadScenario(parsed.value);
  if (!loaded.ok) return { ok: false, message: loaded.issues.map((i) => `${file}: ${formatIssue(i)}`).join('\n') };
  return { ok: true, scenario: loaded.scenario };
}
