// Binds the library service to its host channels (payloads are already checked by the
// router). Library errors become host errors with the matching code; anything else is a
// bug and reaches the router as an internal failure.
import type { ChannelName, Handlers } from '../../shared/host/contract.js';
import { LibraryError, hostErrors } from './errors.js';
import { checkUnderlayImage } from './images.js';
import type { Library } from './types.js';

type LibraryChannel = Extract<ChannelName, `library.${string}`>;
export type LibraryHandlers = Pick<Handlers, LibraryChannel>;



export function libraryHandlers(lib: Library): LibraryHandlers {
  const handlers: LibraryHandlers = {
    'library.list': (options) => lib.list(options),
    'library.listTrash': (options) => lib.listTrash(options),
    'library.search': ({ text, limit }) => lib.search(text, limit === undefined ? {} : { limit }),
    'library.get': ({ id }) => lib.get(id),
    'library.create': ({ scenario }) => lib.create(scenario as never),
    'library.createBlank': (fields) => {
      const { sides, ...rest } = fields;
      if (sides && sides.length !== 2) throw new LibraryError('bad-request', 'A scenario has exactly two sides');
      return lib.create(sides ? { ...rest, sides: [sides[0]!, sides[1]!] } : rest);
    },
    'library.save': ({ id, scenario, summary }) => lib.save(id, scenario, summary === undefined ? {} : { summary }),
    'library.duplicate': ({ id, title }) => lib.duplicate(id, title),
    'library.rename': ({ id, title }) => lib.rename(id, title),
    'library.trash': ({ id }) => lib.trash(id),
    'library.restore': ({ id }) => lib.restore(id),
    'library.emptyTrash': () => lib.emptyTrash(),
    'library.listRevisions': ({ id }) => lib.listRevisions(id),
    'library.getRevision': ({ id, rev }) => lib.getRevision(id, rev),
    'library.restoreRevision': ({ id, rev }) => lib.restoreRevision(id, rev),
    'library.importFiles': ({ files }) => lib.importFiles(files),
    'library.exportJson': ({ id }) => lib.exportJson(id),
    'library.writeRecovery': ({ docKey, document }) => lib.writeRecovery(docKey, document),
    'library.readRecovery': () => lib.readRecovery(),
    'library.clearRecovery': ({ docKey }) => lib.clearRecovery(docKey),
    'library.setThumbnail': ({ id, pngBase64 }) => lib.setThumbnail(id, pngBase64 === undefined ? null : Buffer.from(pngBase64, 'base64')),
    'library.getThumbnail': ({ id }) => lib.getThumbnail(id),
    'library.putImage': async ({ base64 }) => {
      const checked = await checkUnderlayImage(Buffer.from(base64, 'base64'));
      lib.putImage(checked.ref, Buffer.from(base64, 'base64'));
      return { ref: checked.ref, width: checked.width, height: checked.height };
    },
    'library.getImage': ({ ref }) => {
      const bytes = lib.getImage(ref);
      if (!bytes) throw new LibraryError('not-found', `The library has no underlay image ${ref}`);
      return { mime: ref.endsWith('.png') ? 'image/png' : 'image/jpeg', base64: bytes.toString('base64') };
    },
  };
  for (const key of Object.keys(handlers) as LibraryChannel[]) {
    (handlers as Record<string, unknown>)[key] = hostErrors(handlers[key] as (...a: unknown[]) => unknown);
  }
  return handlers;
}
