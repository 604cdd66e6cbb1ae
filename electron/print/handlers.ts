// Binds the print service to its host channels. Plain Node: where a file goes is asked
// through `chooseSavePath`, which the Electron main process fills in with its native save
// dialog. Without it (the web host) the bytes travel back to the page as base64.
import { stat } from 'node:fs/promises';
import { checkScenario } from '../../shared/scenario/checks.js';
import type { Scenario } from '../../shared/format/scenario.types.js';
import { HostError, type ChannelName, type Handlers } from '../../shared/host/contract.js';
import type { PrintFileResult } from '../../shared/host/channels/print.js';
import { layoutImage, scenarioForDrawing, type ImageExportInput, type ImageLayout } from '../../shared/print/image.js';
import { layoutPrint, markDraft, type PrintLayout } from '../../shared/print/layout.js';
import { PrintOptionsError, resolvePrintOptions, type PrintOptionProblem, type PrintOptions, type PrintOptionsInput } from '../../shared/print/options.js';
import { fileNameFor, fileStem } from '../../shared/format/file-name.js';
import { writeAtomically, zipBytes } from '../files.js';
import { renderLayoutPdf } from './pdf.js';
import { decodeUnderlay, imageJob, printPageJob, printPagesPng, rasterToBytes, rasterToFile, type NamesNote } from './raster.js';

type PrintChannel = Extract<ChannelName, `print.${string}`>;
export type PrintHandlers = Pick<Handlers, PrintChannel>;

export type SaveKind = 'pdf' | 'png' | 'zip';

export interface PrintServiceOptions {
  /**
   * Asks the user where to save (Electron's save dialog); resolves to null when they
   * cancel. Left out, the handlers return the bytes instead of writing a file.
   */
  chooseSavePath?: (request: { defaultName: string; kind: SaveKind }) => Promise<string | null>;
  /** An underlay picture's bytes by its ref (the library's), for images that show the underlay. */
  getImage?: (ref: string) => Uint8Array | null;
}

const MIME: Record<SaveKind, 'application/pdf' | 'image/png' | 'application/zip'> = {
  pdf: 'application/pdf',
  png: 'image/png',
  zip: 'application/zip',
};

/** "The Ros Salient, January 1944" → "The Ros Salient January 1944" (the app's one file-name helper). */
export function fileStemOf(title: string): string {
  return fileStem(title, 'map');
}

/**
 * A print's file name stem: the title with the paper and the cell size, so prints of one map
 * on A4 and on Letter, or at 10 cm and 4 in, do not share a name: "Dnieper Bend A4 10 cm cells".
 */
export function printStemOf(title: string, options: PrintOptions): string {
  const paper = typeof options.paper === 'string' ? options.paper : `${options.paperMm.width}x${options.paperMm.height} mm`;
  return fileNameFor(title, 'x', [paper, `${options.cellSize.value} ${options.cellSize.unit} cells`], 'map').replace(/\.x$/, '');
}

function optionIssues(problems: PrintOptionProblem[]): HostError {
  return new HostError({
    code: 'bad-request',
    message: `Print options: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`,
    issues: problems.map((p) => ({ pointer: `/options/${p.field.split('.').join('/')}`, message: p.message })),
  });
}

/** What an image did with place names too small to read, in words for the dialog (nothing when it did nothing). */
export function namesNotes(n: NamesNote): string[] {
  const out: string[] = [];
  const px = `${n.minTextPx} px`;
  if (n.enlarged) out.push(`${n.enlarged} place name${n.enlarged === 1 ? ' was' : 's were'} drawn at ${px}, larger than their scale, to stay legible.`);
  if (n.leftOut) out.push(`${n.leftOut} place name${n.leftOut === 1 ? ' was' : 's were'} left out: under ${px} at this size${n.enlarged ? ', or overlapping a more important name once enlarged' : ''}.`);
  return out;
}

/**
 * The scenario and the image layout for the export options, or a host error naming what is
 * wrong. Held to the schema only: a draft whose checks fail can still be looked at.
 */
function prepareImage(scenarioJson: unknown, input: ImageExportInput): { scenario: Scenario; layout: ImageLayout } {
  const read = scenarioForDrawing(scenarioJson);
  if (!read.ok) {
    throw new HostError({
      code: 'invalid-document',
      message: `The scenario cannot be drawn: ${read.issues[0]?.pointer || '/'} ${read.issues[0]?.message ?? ''}`.trim(),
      issues: read.issues.map((i) => ({ ...i, pointer: `/scenario${i.pointer}` })),
    });
  }
  const scenario = read.scenario;
  try {
    return { scenario, layout: layoutImage(scenario, input) };
  } catch (err) {
    if (err instanceof PrintOptionsError) {
      throw new HostError({
        code: 'bad-request',
        message: `Image export: ${err.problems.map((p) => `${p.field} ${p.message}`).join('; ')}`,
        issues: err.problems.map((p) => ({ pointer: `/image/${p.field.split('.').join('/')}`, message: p.message })),
      });
    }
    throw err;
  }
}

/**
 * The scenario held to the schema (a draft whose checks fail prints: designers print drafts all
 * the time) and the layout for the options, its sheets marked "Draft — N checks not passing"
 * while checks fail; or a host error naming what is wrong.
 */
function prepare(scenarioJson: unknown, input: PrintOptionsInput): { scenario: Scenario; layout: PrintLayout } {
  const read = scenarioForDrawing(scenarioJson);
  if (!read.ok) {
    throw new HostError({
      code: 'invalid-document',
      message: `The scenario cannot be printed: ${read.issues[0]?.pointer || '/'} ${read.issues[0]?.message ?? ''}`.trim(),
      issues: read.issues.map((i) => ({ ...i, pointer: `/scenario${i.pointer}` })),
    });
  }
  const scenario = read.scenario;
  const resolved = resolvePrintOptions(scenario, input);
  if (!resolved.ok) throw optionIssues(resolved.problems);
  try {
    return { scenario, layout: markDraft(layoutPrint(scenario, input), failingChecks(scenario)) };
  } catch (err) {
    if (err instanceof PrintOptionsError) throw optionIssues(err.problems);
    throw err;
  }
}

/** How many of the scenario's checks fail (errors, as the Checks panel counts them). */
export function failingChecks(scenario: Scenario): number {
  return checkScenario(scenario).filter((i) => i.severity === 'error').length;
}

/** The largest image the web host sends back to the page (the desktop app streams to disk and has no such limit). */
export const WEB_IMAGE_MEGAPIXELS = 250;

/** What a PNG export of print pages may render at most (about a minute on a laptop). */
export const PNG_BUDGET_MEGAPIXELS = 1000;

/** Megapixels of the given PDF pages at `dpi`. */
export function pngMegapixels(layout: PrintLayout, dpi: number, pages: 'all' | number): number {
  const sizes = [...(layout.assembly ? [layout.assembly.pageSizePt] : []), ...layout.pages.map(() => layout.pageSizePt)];
  const chosen = pages === 'all' ? sizes : [sizes[pages]!];
  return chosen.reduce((sum, s) => sum + ((s.width / 72) * dpi * (s.height / 72) * dpi) / 1e6, 0);
}

/** Page names in PDF order: "assembly", then the tile labels. */
export function pageNames(layout: PrintLayout): string[] {
  return [...(layout.assembly ? ['assembly'] : []), ...layout.pages.map((p) => p.label)];
}

export function printHandlers(service: PrintServiceOptions = {}): PrintHandlers {
  async function deliver(kind: SaveKind, defaultName: string, pages: number, make: () => Promise<Uint8Array>): Promise<PrintFileResult> {
    if (service.chooseSavePath) {
      // Ask first: nobody should wait for a big job only to cancel the dialog afterwards.
      const path = await service.chooseSavePath({ defaultName, kind });
      if (!path) return { kind: 'cancelled' };
      const data = await make();
      await writeAtomically(path, data);
      return { kind: 'saved', path, bytes: data.length, pages };
    }
    const data = await make();
    return { kind: 'data', fileName: defaultName, mime: MIME[kind], base64: Buffer.from(data).toString('base64'), bytes: data.length, pages };
  }

  /** The bytes of the picture the scenario's underlay names, from the library. */
  function underlayBytes(scenario: Scenario): Uint8Array {
    const u = scenario.map.underlay;
    const bytes = u ? (service.getImage?.(u.image) ?? null) : null;
    if (!u || !bytes) throw new HostError({ code: 'not-found', message: `The underlay picture (${u?.name ?? u?.image ?? 'none'}) is not in the library; import it again, or export without the underlay.` });
    return bytes;
  }

  return {
    'print.image': async ({ scenario: json, image, fileStem }) => {
      const { scenario, layout } = prepareImage(json, image);
      const picture = layout.underlay ? await decodeUnderlay(scenario, underlayBytes(scenario)) : undefined;
      const job = imageJob(scenario, layout, picture);
      const notes = namesNotes(job.names);
      const name = fileStem ? `${fileStem}.png` : fileNameFor(scenario.title, 'png', [`${layout.widthPx}x${layout.heightPx} px`], 'map');
      if (service.chooseSavePath) {
        const path = await service.chooseSavePath({ defaultName: name, kind: 'png' });
        if (!path) return { kind: 'cancelled' };
        // Streamed to the file band by band: however large, the image is never whole in memory.
        await rasterToFile(job, path);
        return { kind: 'saved', path, bytes: (await stat(path)).size, pages: 1, notes };
      }
      // Without a save dialog (the web host) the bytes travel to the page in one message.
      const megapixels = (layout.widthPx * layout.heightPx) / 1e6;
      if (megapixels > WEB_IMAGE_MEGAPIXELS) {
        throw new HostError({
          code: 'bad-request',
          message: `An image of ${Math.round(megapixels)} megapixels is too large to hand to the browser (at most ${WEB_IMAGE_MEGAPIXELS}); choose a smaller size, or export it with the desktop app or npm run export, which write it to disk band by band.`,
          issues: [{ pointer: '/image/size', message: `at most ${WEB_IMAGE_MEGAPIXELS} megapixels in the browser` }],
        });
      }
      const data = await rasterToBytes(job);
      return { kind: 'data', fileName: name, mime: 'image/png', base64: data.toString('base64'), bytes: data.length, pages: 1, notes };
    },
    'print.pdf': async ({ scenario: json, options, fileStem }) => {
      const { scenario, layout } = prepare(json, options);
      const stem = fileStem ?? printStemOf(scenario.title, layout.options);
      return deliver('pdf', `${stem}.pdf`, pageNames(layout).length, () => renderLayoutPdf(scenario, layout, undefined, layout.options.underlay ? { bytes: underlayBytes(scenario) } : undefined));
    },
    'print.png': async ({ scenario: json, options, dpi, pages, fileStem }) => {
      const { scenario, layout } = prepare(json, options);
      const names = pageNames(layout);
      const stem = fileStem ?? printStemOf(scenario.title, layout.options);
      if (pages !== 'all' && pages >= names.length) {
        throw new HostError({
          code: 'bad-request',
          message: `There is no page ${pages + 1}: this print has ${names.length} page${names.length === 1 ? '' : 's'}.`,
          issues: [{ pointer: '/pages', message: `must be below ${names.length}` }],
        });
      }
      const megapixels = pngMegapixels(layout, dpi, pages);
      if (megapixels > PNG_BUDGET_MEGAPIXELS) {
        const many = pages === 'all' && names.length > 1;
        const subject = many ? `${names.length} pages` : 'The page';
        throw new HostError({
          code: 'bad-request',
          message:
            `${subject} at ${dpi} dpi come${many ? '' : 's'} to ${Math.round(megapixels).toLocaleString('en')} megapixels, ` +
            `more than the ${PNG_BUDGET_MEGAPIXELS.toLocaleString('en')} a PNG export renders; choose a lower resolution or export one page (the PDF has no such limit).`,
          issues: [{ pointer: '/dpi', message: `too high for ${many ? 'all pages' : 'this page'}` }],
        });
      }
      if (pages === 'all') {
        return deliver('zip', `${stem} ${dpi} dpi.zip`, names.length, async () => {
          const pngs = await printPagesPng(scenario, layout, dpi, layout.options.underlay ? underlayBytes(scenario) : undefined);
          const width = String(pngs.length - 1).length;
          return zipBytes(pngs.map((data, i) => ({ name: `${stem} ${String(i).padStart(width, '0')} ${names[i]}.png`, data })), { compress: false });
        });
      }
      return deliver('png', `${stem} ${names[pages]} ${dpi} dpi.png`, 1, async () => {
        const picture = layout.options.underlay ? await decodeUnderlay(scenario, underlayBytes(scenario)) : undefined;
        return rasterToBytes(printPageJob(scenario, layout, pages, dpi, undefined, picture));
      });
    },
  };
}
