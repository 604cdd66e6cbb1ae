// A network map (positions joined by links) through the library and a pack: it is stored
// with its positions counted, found by a position's name, filtered by kind, created blank
// from the New dialog's fields, and travels in a pack with a print PDF of its positions.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeNetworkScenario } from '../../shared/format/fixtures.js';
import type { CallContext } from '../../shared/host/contract.js';
import { mustWrite, testLibrary, type TestLibrary } from '../library/testing.js';
import { createPackService, type PackService } from './handlers.js';
import { inspectPack } from './inspect.js';

const ctx: CallContext = { host: 'web', origin: 'http://127.0.0.1:1' };

let t: TestLibrary;
let service: PackService;
beforeEach(() => {
  t = testLibrary();
  service = createPackService(t.lib);
});
afterEach(() => t.cleanup());

const call = (channel: string, req: unknown) => (service.handlers as Record<string, (r: unknown, c: CallContext) => Promise<any>>)[channel]!(req, ctx);

describe('a network scenario in the library and in packs', () => {
  it('is stored with its positions counted, found by a position name and listed under its kind', () => {
    const written = mustWrite(t.lib.create(makeNetworkScenario()));
    expect(written.summary).toMatchObject({ gridKind: 'network', cols: 14, rows: 1, checkStatus: 'valid' });
    expect(t.lib.search('Vyazma').map((h) => h.id)).toEqual(['network-front-test']);
    expect(t.lib.list({ gridKind: 'network' }).items.map((s) => s.id)).toEqual(['network-front-test']);
    expect(t.lib.list({ gridKind: 'hex' }).items).toEqual([]);
  });

  it('is created blank from the New dialog fields, at the extent asked for', () => {
    const written = mustWrite(t.lib.create({ title: 'Point to point', gridKind: 'network', cols: 1, rows: 1, extentMm: { width: 594, height: 420 } }));
    const doc = t.lib.get(written.summary.id)!.document as { map: { grid: unknown } };
    expect(doc.map.grid).toEqual({ kind: 'network', width: 594, height: 420, positions: [], links: [] });
  });

  it('travels in a pack with a print PDF of its positions, and comes back the same', async () => {
    const scenario = makeNetworkScenario();
    mustWrite(t.lib.create(scenario));
    const pack = await call('packs.export', { ids: ['network-front-test'], name: 'Network', version: '1.0', includeThumbnails: false, includePrintPdfs: true });
    const inspection = await inspectPack(Buffer.from(pack.base64, 'base64'));
    expect(inspection.problems).toEqual([]);
    const [entry] = inspection.scenarios;
    expect(entry!.document).toEqual(scenario);
    const pdf = entry!.extras.find((x) => x.kind === 'print-pdf')!;
    expect(pdf.data.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
