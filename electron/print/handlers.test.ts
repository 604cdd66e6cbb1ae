import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { HostError, type Handlers } from '../../shared/host/contract.js';
import type { PrintFileResult } from '../../shared/host/channels/print.js';
import { createRouter } from '../ipc/router.js';
import example from '../../scenarios/seed-000-example.json' with { type: 'json' };
import { layoutPrint } from '../../shared/print/layout.js';
import { DEFAULT_MARGIN_MM } from '../../shared/print/options.js';
import { fileStemOf, pngMegapixels, printHandlers } from './handlers.js';
import { kitHandlers } from './kit-handlers.js';
import { readPdfText } from './pdf-text.js';

const context = { host: 'web' as const, origin: 'http://127.0.0.1' };
const scenario = example as unknown as Record<string, unknown>;
const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function failure(promise: Promise<unknown>): Promise<HostError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HostError);
  return err as HostError;
}

function data(result: PrintFileResult): Uint8Array {
  if (result.kind !== 'data') throw new Error(`expected bytes, got ${result.kind}`);
  return Buffer.from(result.base64, 'base64');
}

describe('print channels', () => {
  it('the web host gets the PDF bytes back: an assembly sheet plus one page per tile', async () => {
    const handlers = printHandlers();
    const result = await handlers['print.pdf']({ scenario, options: { paper: 'Letter', cellSize: { value: 4, unit: 'in' } } }, context);
    const bytes = data(result);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(result.kind === 'data' ? result.pages : -1);
    // Named from the title with the paper and the cell size: A4 and Letter prints differ.
    expect(result).toMatchObject({ fileName: 'The Ros Salient January 1944 Letter 4 in cells.pdf', mime: 'application/pdf', bytes: bytes.length });
    // 3 × 5 Letter tiles for 4 in hexes, plus the assembly sheet.
    expect(pdf.getPageCount()).toBe(16);
  });

  it('bad options are refused with a pointer to each field, before anything is written', async () => {
    let asked = false;
    const handlers = printHandlers({ chooseSavePath: async () => ((asked = true), '/nowhere.pdf') });
    const err = await failure(Promise.resolve(handlers['print.pdf']({ scenario, options: { overlapMm: -3, lineColour: 'red' } }, context)));
    expect(err.code).toBe('bad-request');
    expect(err.issues.map((i) => i.pointer).sort()).toEqual(['/options/lineColour', '/options/overlapMm']);
    expect(asked).toBe(false);
  });

  it('options that only fail once laid out (margins too wide for the paper) name the field too', async () => {
    const err = await failure(Promise.resolve(printHandlers()['print.pdf']({ scenario, options: { paper: 'A4', marginMm: 95 } }, context)));
    expect(err.issues[0]?.pointer).toBe('/options/marginMm');
  });

  it('a scenario that is not valid is refused with pointers into the scenario', async () => {
    const broken = { ...scenario, map: { ...(scenario.map as object), cellSize: 'big' } };
    const err = await failure(Promise.resolve(printHandlers()['print.pdf']({ scenario: broken, options: {} }, context)));
    expect(err.code).toBe('invalid-document');
    expect(err.issues.some((i) => i.pointer.startsWith('/scenario/map'))).toBe(true);
  });

  it('a draft whose checks fail prints all the same, each sheet marked "Draft — 1 check not passing" in its bottom margin', async () => {
    const draft = structuredClone(example) as unknown as { orderOfBattle: { cell: string }[] };
    draft.orderOfBattle[0]!.cell = '9999'; // outside the 7×7 map: one failing check
    const result = await printHandlers()['print.pdf']({ scenario: draft as unknown as Record<string, unknown>, options: { paper: 'A4' } }, context);
    const pages = await readPdfText(data(result));
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      const marks = page.runs.filter((r) => r.text === 'Draft \u2014 1 check not passing');
      expect(marks).toHaveLength(1);
      // In the bottom margin (below the map area, which ends 10 mm above the paper's edge), right of the ruler.
      expect(marks[0]!.y).toBeGreaterThan(page.height - DEFAULT_MARGIN_MM);
      expect(marks[0]!.x).toBeGreaterThan(DEFAULT_MARGIN_MM + 110);
    }
    // The scenario as it is (its checks pass) carries no mark.
    const clean = await readPdfText(data(await printHandlers()['print.pdf']({ scenario, options: { paper: 'A4' } }, context)));
    expect(clean.flatMap((p) => p.runs).filter((r) => r.text.startsWith('Draft'))).toEqual([]);
  });

  it('a draft\'s kit prints too, each page marked at its foot', async () => {
    const draft = structuredClone(example) as unknown as { orderOfBattle: { cell: string }[] };
    draft.orderOfBattle[0]!.cell = '9999';
    draft.orderOfBattle[1]!.cell = '0000';
    const result = await kitHandlers()['kit.pdf']({ scenario: draft as unknown as Record<string, unknown>, options: { parts: ['counters', 'aids'], paper: 'A4' } }, context);
    const pages = await readPdfText(data(result));
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      const marks = page.runs.filter((r) => r.text === 'Draft - 2 checks not passing' || r.text === 'Draft \u2014 2 checks not passing');
      expect(marks).toHaveLength(1);
      expect(marks[0]!.y).toBeGreaterThan(page.height - 20);
    }
  });

  it('in Electron the file goes where the save dialog says, written whole; cancelling writes nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gridfront-print-handlers-'));
    dirs.push(dir);
    const target = join(dir, 'out', 'mat.pdf');
    const saved = await printHandlers({ chooseSavePath: async () => target })['print.pdf']({ scenario, options: {} }, context);
    expect(saved).toMatchObject({ kind: 'saved', path: target, pages: 13 });
    expect((await readFile(target)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await readdir(join(dir, 'out'))).toEqual(['mat.pdf']);

    const cancelled = await printHandlers({ chooseSavePath: async () => null })['print.pdf']({ scenario, options: {} }, context);
    expect(cancelled).toEqual({ kind: 'cancelled' });
  });

  it('PNG export of one page is a single PNG of that page at the chosen dpi', async () => {
    const result = await printHandlers()['print.png']({ scenario, options: { paper: 'A4' }, dpi: 50, pages: 1 }, context);
    const png = data(result);
    expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    // A4 portrait at 50 dpi: 8.27 in × 50 ≈ 413 px wide.
    const width = Buffer.from(png).readUInt32BE(16);
    expect(Math.abs(width - 413)).toBeLessThanOrEqual(1);
    expect(result).toMatchObject({ fileName: 'The Ros Salient January 1944 A4 10 cm cells A1 50 dpi.png', mime: 'image/png', pages: 1 });
  });

  it('PNG export of every page is a zip with one PNG per PDF page', async () => {
    const result = await printHandlers()['print.png']({ scenario, options: {}, dpi: 50, pages: 'all' }, context);
    const zip = Buffer.from(data(result));
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
    const names = [...zip.toString('latin1').matchAll(/The Ros Salient January 1944 A4 10 cm cells \d+ (\w+)\.png/g)].map((m) => m[1]);
    expect(new Set(names)).toEqual(new Set(['assembly', 'A1', 'A2', 'A3', 'A4', 'B1', 'B2', 'B3', 'B4', 'C1', 'C2', 'C3', 'C4']));
  });

  it('asking for a page past the end says how many pages there are', async () => {
    const err = await failure(Promise.resolve(printHandlers()['print.png']({ scenario, options: {}, dpi: 50, pages: 40 }, context)));
    expect(err.message).toContain('13 pages');
  });

  it('the router checks print payloads: dpi range and the page choice', async () => {
    // Only the print channels are called here, so the other handlers can be left out.
    const router = createRouter(printHandlers() as unknown as Handlers, { onInternalError: () => undefined });
    const r = await router.handle('print.png', { scenario, options: {}, dpi: 5000, pages: 'some' }, context);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.issues?.map((i) => i.pointer).sort()).toEqual(['/dpi', '/pages']);
  });

  it('file names come from the title, readable, with what tells prints of one map apart', () => {
    expect(fileStemOf('The Ros Salient, January 1944')).toBe('The Ros Salient January 1944');
    expect(fileStemOf('Żółć — 1943!')).toBe('Zolc - 1943');
    expect(fileStemOf('***')).toBe('map');
  });
});

describe('PNG budget', () => {
  it('13 A4 pages at 150 dpi are well within it', async () => {
    expect(pngMegapixels(layoutPrint(example as never, {}), 150, 'all')).toBeCloseTo(13 * 8.27 * 11.69 * 150 * 150 / 1e6, 0);
  });

  it('an export that would render more than the budget is refused up front, naming the resolution', async () => {
    // 7 × 7 hexes of 40 cm on one sheet: about 2.6 × 3 m, some 4,400 megapixels at 600 dpi.
    const err = await failure(
      Promise.resolve(printHandlers()['print.png']({ scenario, options: { singleSheet: true, cellSize: { value: 40, unit: 'cm' } }, dpi: 600, pages: 'all' }, context)),
    );
    expect(err.code).toBe('bad-request');
    expect(err.message).toMatch(/^The page at 600 dpi comes to [\d,]+ megapixels, more than the 1,000/);
    expect(err.issues[0]?.pointer).toBe('/dpi');
  });
});
