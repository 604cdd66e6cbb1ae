// Files handed to the person: a download in the browser (and in the desktop app, where the
// page's downloads go through the system's save dialog), named from the scenario's title.
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { fileNameFor } from '../../../shared/format/file-name.js';

/** Hands `blob` over as a download called `fileName`. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The scenario as a JSON file ("<Title>.json"), laid out as the library exports it. */
export function downloadScenarioJson(scenario: Scenario): string {
  const name = fileNameFor(scenario.title, 'json', [], scenario.id);
  downloadBlob(new Blob([`${JSON.stringify(scenario, null, 2)}\n`], { type: 'application/json' }), name);
  return name;
}
