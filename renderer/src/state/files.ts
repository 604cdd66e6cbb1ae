// The scenario handed to the person as a file, named from its title.
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { fileNameFor } from '../../../shared/format/file-name.js';
import { downloadBlob } from '../ui/download.js';

/** The scenario as a JSON file ("<Title>.json"), laid out as the library exports it. */
export function downloadScenarioJson(scenario: Scenario): string {
  const name = fileNameFor(scenario.title, 'json', [], scenario.id);
  downloadBlob(new Blob([`${JSON.stringify(scenario, null, 2)}\n`], { type: 'application/json' }), name);
  return name;
}
