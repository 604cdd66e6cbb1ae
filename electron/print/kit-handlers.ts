// Binds the tabletop kit to its host channel (kit.pdf). Plain Node, like the print handlers:
// Electron asks where to save through `chooseSavePath`; the web host gets the bytes back.
import { loadScenario } from '../../shared/format/migrate.js';
import { HostError, type Handlers } from '../../shared/host/contract.js';
import { layoutKit } from '../../shared/kit/layout.js';
import { KitOptionsError } from '../../shared/kit/options.js';
import { fileNameFor } from '../../shared/format/file-name.js';
import { type PrintServiceOptions } from './handlers.js';
import { writeAtomically } from '../files.js';
import { renderKitLayoutPdf } from './kit-pdf.js';

export type KitHandlers = Pick<Handlers, 'kit.pdf'>;

export function kitHandlers(service: PrintServiceOptions = {}): KitHandlers {
  return {
    'kit.pdf': async ({ scenario: json, options, fileStem }) => {
      const loaded = loadScenario(json);
      if (!loaded.ok) {
        throw new HostError({
          code: 'invalid-document',
          message: `The kit cannot be printed: ${loaded.issues[0]?.pointer || '/'} ${loaded.issues[0]?.message ?? ''}`.trim(),
          issues: loaded.issues.map((i) => ({ ...i, pointer: `/scenario${i.pointer}` })),
        });
      }
      const scenario = loaded.scenario;
      let layout;
      try {
        layout = layoutKit(scenario, options);
      } catch (err) {
        if (err instanceof KitOptionsError) {
          throw new HostError({
            code: 'bad-request',
            message: `Kit options: ${err.problems.map((p) => `${p.field} ${p.message}`).join('; ')}`,
            issues: err.problems.map((p) => ({ pointer: `/options/${p.field.split('.').join('/')}`, message: p.message })),
          });
        }
        throw new HostError({ code: 'bad-request', message: err instanceof Error ? err.message : String(err) });
      }
      const name = fileStem ? `${fileStem}.pdf` : fileNameFor(scenario.title, 'pdf', ['tabletop kit', options.paper ?? 'A4'], 'kit');
      const pages = layout.pages.length;
      if (service.chooseSavePath) {
        const path = await service.chooseSavePath({ defaultName: name, kind: 'pdf' });
        if (!path) return { kind: 'cancelled' };
        const data = await renderKitLayoutPdf(scenario, layout);
        await writeAtomically(path, data);
        return { kind: 'saved', path, bytes: data.length, pages };
      }
      const data = await renderKitLayoutPdf(scenario, layout);
      return { kind: 'data', fileName: name, mime: 'application/pdf', base64: Buffer.from(data).toString('base64'), bytes: data.length, pages };
    },
  };
}
