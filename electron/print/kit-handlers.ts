// Binds the tabletop kit to its host channels (kit.pdf, kit.png). Plain Node, like the print
// handlers: Electron asks where to save through `chooseSavePath`; the web host gets the bytes back.
import { scenarioForDrawing } from '../../shared/print/image.js';
import { draftText } from '../../shared/print/layout.js';
import type { Scenario } from '../../shared/format/scenario.types.js';
import { HostError, type Handlers } from '../../shared/host/contract.js';
import type { PrintFileResult } from '../../shared/host/channels/print.js';
import { kitFileStem, kitPngNames, layoutKit, type KitLayout } from '../../shared/kit/layout.js';
import { KitOptionsError, type KitOptionsInput } from '../../shared/kit/options.js';
import { writeAtomically, zipBytes } from '../files.js';
import { failingChecks, PNG_BUDGET_MEGAPIXELS, type PrintServiceOptions, type SaveKind } from './handlers.js';
import { renderKitLayoutPdf } from './kit-pdf.js';
import { kitMegapixels, kitPagesPng } from './kit-raster.js';

export type KitHandlers = Pick<Handlers, 'kit.pdf' | 'kit.png'>;

/**
 * The scenario held to the schema (a draft prints, marked "Draft — N checks not passing" at the
 * foot of each page) and the kit laid out for the options, or a host error naming what is wrong.
 */
function prepareKit(json: unknown, options: KitOptionsInput): { scenario: Scenario; layout: KitLayout } {
  const loaded = scenarioForDrawing(json);
  if (!loaded.ok) {
    throw new HostError({
      code: 'invalid-document',
      message: `The kit cannot be printed: ${loaded.issues[0]?.pointer || '/'} ${loaded.issues[0]?.message ?? ''}`.trim(),
      issues: loaded.issues.map((i) => ({ ...i, pointer: `/scenario${i.pointer}` })),
    });
  }
  const scenario = loaded.scenario;
  try {
    const layout = layoutKit(scenario, options);
    const failing = failingChecks(scenario);
    return { scenario, layout: failing > 0 ? { ...layout, draft: draftText(failing) } : layout };
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
}

/** Every page of a laid-out kit as PNG at `dpi`, zipped under the names kitPngNames gives. */
export async function kitPngZip(scenario: Scenario, layout: KitLayout, dpi: number): Promise<Buffer> {
  const pngs = await kitPagesPng(scenario, layout, dpi);
  const names = kitPngNames(scenario.title, layout);
  // PNG is already deflated; storing it again compressed gains nothing.
  return zipBytes(pngs.map((data, i) => ({ name: names[i]!, data })), { compress: false });
}

export function kitHandlers(service: PrintServiceOptions = {}): KitHandlers {
  async function deliver(kind: SaveKind, name: string, pages: number, make: () => Promise<Uint8Array>): Promise<PrintFileResult> {
    if (service.chooseSavePath) {
      // Ask first: nobody should wait for a job only to cancel the dialog afterwards.
      const path = await service.chooseSavePath({ defaultName: name, kind });
      if (!path) return { kind: 'cancelled' };
      const data = await make();
      await writeAtomically(path, data);
      return { kind: 'saved', path, bytes: data.length, pages };
    }
    const data = await make();
    const mime = kind === 'pdf' ? 'application/pdf' : kind === 'zip' ? 'application/zip' : 'image/png';
    return { kind: 'data', fileName: name, mime, base64: Buffer.from(data).toString('base64'), bytes: data.length, pages };
  }

  return {
    'kit.pdf': async ({ scenario: json, options, fileStem }) => {
      const { scenario, layout } = prepareKit(json, options);
      const name = `${fileStem ?? kitFileStem(scenario.title, layout.options.paper)}.pdf`;
      return deliver('pdf', name, layout.pages.length, () => renderKitLayoutPdf(scenario, layout));
    },
    'kit.png': async ({ scenario: json, options, dpi, fileStem }) => {
      const { scenario, layout } = prepareKit(json, options);
      const megapixels = kitMegapixels(layout, dpi);
      if (megapixels > PNG_BUDGET_MEGAPIXELS) {
        throw new HostError({
          code: 'bad-request',
          message: `${layout.pages.length} pages at ${dpi} dpi come to ${Math.round(megapixels).toLocaleString('en')} megapixels, more than the ${PNG_BUDGET_MEGAPIXELS.toLocaleString('en')} a PNG export renders; choose a lower resolution or fewer parts (the PDF has no such limit).`,
          issues: [{ pointer: '/dpi', message: 'too high for this kit' }],
        });
      }
      const name = `${fileStem ?? kitFileStem(scenario.title, layout.options.paper)} ${dpi} dpi.zip`;
      return deliver('zip', name, layout.pages.length, () => kitPngZip(scenario, layout, dpi));
    },
  };
}
