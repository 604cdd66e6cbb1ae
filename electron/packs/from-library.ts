// The library side of an export: the chosen scenarios with their thumbnails, ready for
// exportPack. Extras (print PDFs, saved games) are not in the library; callers add them.
import type { Library } from '../library/index.js';
import { PackError } from './errors.js';
import type { ExportScenario } from './export.js';

const DATA_URL_PREFIX = 'data:image/png;base64,';

export function scenariosFromLibrary(library: Library, ids: readonly string[]): ExportScenario[] {
  const missing = ids.filter((id) => library.get(id) === null);
  if (missing.length) throw new PackError(missing.map((id) => ({ message: `The library has no scenario with id "${id}"` })));
  return ids.map((id) => {
    const thumbnail = library.getThumbnail(id);
    const item: ExportScenario = { json: library.get(id)!.document };
    if (thumbnail?.startsWith(DATA_URL_PREFIX)) item.thumbnail = Buffer.from(thumbnail.slice(DATA_URL_PREFIX.length), 'base64');
    return item;
  });
}
