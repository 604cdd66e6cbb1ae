// The library side of an export: the chosen scenarios with their thumbnails and underlay
// images, ready for exportPack. Other extras (print PDFs, saved games) are added by callers.
import type { Library } from '../library/index.js';
import { PackError } from './errors.js';
import type { ExportScenario } from './export.js';

const DATA_URL_PREFIX = 'data:image/png;base64,';

export function scenariosFromLibrary(library: Library, ids: readonly string[]): ExportScenario[] {
  const missing = ids.filter((id) => library.get(id) === null);
  if (missing.length) throw new PackError(missing.map((id) => ({ message: `The library has no scenario with id "${id}"` })));
  return ids.map((id) => {
    const thumbnail = library.getThumbnail(id);
    const document = library.get(id)!.document;
    const item: ExportScenario = { json: document };
    if (thumbnail?.startsWith(DATA_URL_PREFIX)) item.thumbnail = Buffer.from(thumbnail.slice(DATA_URL_PREFIX.length), 'base64');
    const underlay = document.map.underlay;
    if (underlay) {
      const bytes = library.getImage(underlay.image);
      if (!bytes) throw new PackError([{ message: `"${document.title}": its underlay image (${underlay.name ?? underlay.image}) is missing from the library; import it again or remove the underlay` }]);
      item.extras = [{ kind: 'underlay', name: underlay.image, data: bytes }];
    }
    return item;
  });
}
