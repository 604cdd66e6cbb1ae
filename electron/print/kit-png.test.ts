// The tabletop kit as a zip of PNG pages (issue #20): one picture per kit page at the chosen
// resolution, named through the one file-name helper in print order, each the page the PDF
// draws at its true size (counters where the layout puts them, in their side's colour).
import { unzipSync } from 'fflate';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import example from '../../scenarios/seed-000-example.json' with { type: 'json' };
import type { Scenario } from '../../shared/format/scenario.types.js';
import { HostError } from '../../shared/host/contract.js';
import { hexToRgb } from '../../shared/paint/surface.js';
import { layoutKit, type SheetPage } from '../../shared/kit/layout.js';
import { withMarkerCount } from '../../shared/kit/options.js';
import { PNG_BUDGET_MEGAPIXELS } from './handlers.js';
import { kitHandlers } from './kit-handlers.js';
import { kitMegapixels } from './kit-raster.js';

const context = { host: 'web' as const, origin: 'http://127.0.0.1' };
const scenario = example as unknown as Scenario;

async function zipOf(s: Scenario, options: Record<string, unknown>, dpi: number): Promise<{ fileName: string; entries: Record<string, Uint8Array> }> {
  const result = await kitHandlers()['kit.png']({ scenario: s as unknown as Record<string, unknown>, options, dpi }, context);
  if (result.kind !== 'data') throw new Error(`expected bytes, got ${result.kind}`);
  expect(result.mime).toBe('application/zip');
  return { fileName: result.fileName, entries: unzipSync(Buffer.from(result.base64, 'base64')) };
}

describe('kit.png', () => {
  it('zips one PNG per kit page, named in print order, each the page size at the dpi', async () => {
    const options = { parts: ['counters', 'markers', 'track', 'aids'], counter: '5/8in', paper: 'A4' };
    const layout = layoutKit(scenario, options as never);
    const { fileName, entries } = await zipOf(scenario, options, 50);
    expect(fileName).toBe('The Ros Salient January 1944 tabletop kit A4 50 dpi.zip');
    const names = Object.keys(entries);
    expect(names).toHaveLength(layout.pages.length);
    expect(names[0]).toBe('The Ros Salient January 1944 tabletop kit A4 01 counters 1 fronts.png');
    expect(names[1]).toBe('The Ros Salient January 1944 tabletop kit A4 02 counters 1 backs.png');
    expect(names).toContain(`The Ros Salient January 1944 tabletop kit A4 ${String(layout.pages.findIndex((p) => p.kind === 'track') + 1).padStart(2, '0')} tracks.png`);
    for (const [i, name] of names.entries()) {
      const png = PNG.sync.read(Buffer.from(entries[name]!));
      const page = layout.pages[i]!;
      expect([png.width, png.height]).toEqual([Math.round((page.size.width / 25.4) * 50), Math.round((page.size.height / 25.4) * 50)]);
    }
  });

  it('draws every counter of a sheet where the layout puts it, in its side colour, at true scale', async () => {
    const dpi = 150;
    const options = { parts: ['counters'], counter: '3/4in' };
    const layout = layoutKit(scenario, options as never);
    const { entries } = await zipOf(scenario, options, dpi);
    const png = PNG.sync.read(Buffer.from(Object.values(entries)[0]!));
    const front = layout.pages[0] as SheetPage;
    const k = dpi / 25.4;
    let checked = 0;
    for (const p of front.pieces) {
      if (p.piece.kind !== 'unit') continue;
      // Just inside the counter's left edge, halfway down: only the side's colour is there.
      const x = Math.round((p.trim.x + p.trim.width * 0.06) * k);
      const y = Math.round((p.trim.y + p.trim.height * 0.5) * k);
      const at = (y * png.width + x) * 4;
      const want = hexToRgb(p.piece.counter.colour).map((c) => Math.round(c * 255));
      for (let c = 0; c < 3; c++) expect(Math.abs(png.data[at + c]! - want[c]!)).toBeLessThanOrEqual(6);
      checked++;
    }
    expect(checked).toBe(layout.counters.length);
    // The page margin is white paper.
    expect([...png.data.subarray(0, 3)]).toEqual([255, 255, 255]);
  });

  it('prints the marker counts saved with the scenario', async () => {
    // 300 Expended markers need more sheets than the default ten: the zip has their pages.
    const saved = withMarkerCount(scenario, 'expended', 300);
    const many = layoutKit(saved, { parts: ['markers'] });
    const usual = layoutKit(scenario, { parts: ['markers'] });
    expect(many.pages.length).toBeGreaterThan(usual.pages.length);
    const { entries } = await zipOf(saved, { parts: ['markers'] }, 50);
    expect(Object.keys(entries)).toHaveLength(many.pages.length);
  });

  it('refuses a resolution past the PNG budget with a message naming the megapixels, before drawing anything', async () => {
    const options = { paper: 'A2' as const, counter: '1in', markerCounts: { expended: 500, control: 500 } };
    // Precondition: the whole kit on A2 at 600 dpi is over the budget (checked here, so the test never renders it).
    expect(kitMegapixels(layoutKit(scenario, options), 600)).toBeGreaterThan(PNG_BUDGET_MEGAPIXELS);
    const err = await Promise.resolve(kitHandlers()['kit.png']({ scenario: scenario as unknown as Record<string, unknown>, options, dpi: 600 }, context)).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(HostError);
    expect((err as HostError).message).toMatch(/pages at 600 dpi come to [\d,]+ megapixels/);
  });
});
