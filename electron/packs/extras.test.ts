// Saved games and print PDFs travel in a pack on request: exported from the library's game
// store, and on import each saved game is checked against the scenario it came with and kept
// under the id that scenario was imported as, so test-play can load it there.
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTinyScenario } from '../../shared/format/fixtures.js';
import { layoutKit } from '../../shared/kit/layout.js';
import { withMarkerCount } from '../../shared/kit/options.js';
import type { Scenario } from '../../shared/format/scenario.types.js';
import type { CallContext, PackJobStatus } from '../../shared/host/contract.js';
import { operational } from '../../shared/rules/operational/index.js';
import { loadSaveGame, toSaveGame } from '../../shared/rules/savegame.js';
import type { Action } from '../../shared/rules/types.js';
import { openGameStore, type GameStore } from '../library/games.js';
import { mustWrite, testLibrary, type TestLibrary } from '../library/testing.js';
import { createPackService, type PackService } from './handlers.js';
import { inspectPack } from './inspect.js';

const ctx: CallContext = { host: 'web', origin: 'http://127.0.0.1:1' };

/** A game of the tiny scenario a few actions in, as test-play saves it. */
function savedGame(scenario: Scenario, actions = 6): Record<string, unknown> {
  let state = operational.newGame(scenario, { seed: 5 });
  const log: Action[] = [];
  for (let i = 0; i < actions && !state.gameOver; i++) {
    const a = operational.legalActions(state)[0]!;
    const r = operational.apply(state, a);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
    log.push(a);
  }
  return JSON.parse(JSON.stringify(toSaveGame(state, log, { dice: { seed: 5 } }))) as Record<string, unknown>;
}

interface Side {
  t: TestLibrary;
  games: GameStore;
  service: PackService;
}

function side(): Side {
  const t = testLibrary();
  mustWrite(t.lib.create(makeTinyScenario()));
  const games = openGameStore(t.lib.path);
  return { t, games, service: createPackService(t.lib, { games }) };
}

const call = (s: Side, channel: string, req: unknown) => (s.service.handlers as Record<string, (r: unknown, c: CallContext) => Promise<any>>)[channel]!(req, ctx);

async function importAll(s: Side, bytes: Buffer, choice: 'keepBoth' | 'replace'): Promise<PackJobStatus> {
  const preview = await call(s, 'packs.stage', { fileName: 'p.gfpack', base64: bytes.toString('base64') });
  const { jobId } = await call(s, 'packs.import', { uploadId: preview.uploadId, choices: { 'tiny-test': choice } });
  for (let i = 0; i < 500; i++) {
    const status = (await call(s, 'packs.progress', { jobId })) as PackJobStatus;
    if (status.phase === 'done' || status.phase === 'failed') return status;
    await new Promise((r) => setTimeout(r, 2));
  }
  throw new Error('the import never finished');
}

let from: Side;
let to: Side;
beforeEach(() => {
  from = side();
  to = side();
});
afterEach(() => {
  for (const s of [from, to]) {
    s.games.close();
    s.t.cleanup();
  }
});

describe('pack extras', () => {
  it('exports the scenario with its saved games and a print PDF when asked, and without them by default', async () => {
    from.games.save({ scenarioId: 'tiny-test', kind: 'save', name: 'Turn 1 opening', data: savedGame(makeTinyScenario()) });
    const both = await call(from, 'packs.export', { ids: ['tiny-test'], name: 'With extras', version: '1.0', includeThumbnails: false, includeSavedGames: true, includePrintPdfs: true });
    const inspection = await inspectPack(Buffer.from(both.base64, 'base64'));
    expect(inspection.problems).toEqual([]);
    const extras = inspection.scenarios[0]!.extras;
    expect(extras.map((x) => x.kind).sort()).toEqual(['print-pdf', 'savegame']);
    // Named for people: the game by its name, the PDF by the scenario's title.
    expect(extras.map((x) => x.file).sort()).toEqual(['extras/tiny-test/Tiny-test-front-A4-10-cm-cells.pdf', 'extras/tiny-test/Turn-1-opening.json']);
    expect(extras.find((x) => x.kind === 'print-pdf')!.data.subarray(0, 5).toString()).toBe('%PDF-');

    const plain = await call(from, 'packs.export', { ids: ['tiny-test'], name: 'Plain', version: '1.0', includeThumbnails: false });
    expect((await inspectPack(Buffer.from(plain.base64, 'base64'))).scenarios[0]!.extras).toEqual([]);
  });

  it('exports each scenario\'s tabletop kit PDF when asked', async () => {
    const pack = await call(from, 'packs.export', { ids: ['tiny-test'], name: 'Kit', version: '1.0', includeThumbnails: false, includeKitPdfs: true });
    const inspection = await inspectPack(Buffer.from(pack.base64, 'base64'));
    expect(inspection.problems).toEqual([]);
    const extras = inspection.scenarios[0]!.extras;
    expect(extras.map((x) => x.file)).toEqual(['extras/tiny-test/Tiny-test-front-tabletop-kit-A4.pdf']);
    const kit = await PDFDocument.load(extras[0]!.data);
    expect(kit.getTitle()).toBe('Tiny test front \u2014 tabletop kit');
    expect(kit.getPageCount()).toBeGreaterThan(2);
  });

  it('prints the kit with the marker counts saved with the scenario', async () => {
    // 300 Expended markers take more marker sheets than the ruleset's default count.
    const counted = withMarkerCount(makeTinyScenario(), 'expended', 300);
    mustWrite(from.t.lib.save('tiny-test', counted));
    const pack = await call(from, 'packs.export', { ids: ['tiny-test'], name: 'Kit', version: '1.0', includeThumbnails: false, includeKitPdfs: true });
    const kit = await PDFDocument.load((await inspectPack(Buffer.from(pack.base64, 'base64'))).scenarios[0]!.extras[0]!.data);
    expect(layoutKit(counted).pages.length).toBeGreaterThan(layoutKit(makeTinyScenario()).pages.length);
    expect(kit.getPageCount()).toBe(layoutKit(counted).pages.length);
  });

  it('stores an imported saved game under the id its scenario was imported as, and it loads there', async () => {
    from.games.save({ scenarioId: 'tiny-test', kind: 'save', name: 'Opening', data: savedGame(makeTinyScenario()) });
    const pack = await call(from, 'packs.export', { ids: ['tiny-test'], name: 'Games', version: '1.0', includeThumbnails: false, includeSavedGames: true });
    // The receiving library holds a scenario with the same id: keep both gives the pack's a new one.
    const done = await importAll(to, Buffer.from(pack.base64, 'base64'), 'keepBoth');
    expect(done.phase).toBe('done');
    expect(done.gamesStored).toBe(1);
    const newId = done.outcomes![0]!.id;
    expect(newId).not.toBe('tiny-test');
    expect(to.games.list('tiny-test')).toEqual([]);
    const [entry] = to.games.list(newId);
    expect(entry).toMatchObject({ kind: 'save', name: 'Opening' });
    const stored = to.games.load(entry!.id).data;
    expect(loadSaveGame(stored, to.t.lib.get(newId)!.document)).toMatchObject({ ok: true });
  });

  it('leaves out a saved game whose actions do not reach its state, naming it, and still imports the scenario', async () => {
    const game = savedGame(makeTinyScenario());
    (game.state as { clock: number }).clock += 1;
    from.games.save({ scenarioId: 'tiny-test', kind: 'save', name: 'Tampered', data: game });
    const pack = await call(from, 'packs.export', { ids: ['tiny-test'], name: 'Bad game', version: '1.0', includeThumbnails: false, includeSavedGames: true });
    const done = await importAll(to, Buffer.from(pack.base64, 'base64'), 'replace');
    expect(done.phase).toBe('done');
    expect(done.outcomes![0]!.action).toBe('replaced');
    expect(done.gamesStored).toBeUndefined();
    expect(done.notes).toEqual([expect.stringMatching(/Tampered\.json was left out: Replaying the saved actions does not reach the saved state/)]);
    expect(to.games.list('tiny-test')).toEqual([]);
  });
});
