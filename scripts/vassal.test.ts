// The VASSAL module export (npm run export -- <scenario> --vmod): the .vmod is a zip whose
// buildFile.xml parses, names only files the zip holds, sets every unit of the order of battle up
// on its start cell, and whose grid, read with VASSAL's own numbering arithmetic (restated in
// shared/interop/vassal/testing.ts), names sampled cells exactly as Gridfront labels them.
// VASSAL itself cannot run here, so whether it opens the module is not tested.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { gridSpecOf } from '../shared/format/defaults.js';
import type { CellGrid, Scenario } from '../shared/format/scenario.types.js';
import { createGrid } from '../shared/grid/index.js';
import { vassalModuleOf } from '../shared/interop/vassal/module.js';
import { vassalLocationName, vassalSnap, vassalZonedLocationName } from '../shared/interop/vassal/testing.js';
import { layoutKit } from '../shared/kit/layout.js';
import { kitMarkers, kitTurns } from '../shared/kit/content.js';
import { columnLetters } from '../shared/grid/labels.js';
import { busyScenario, rng } from '../shared/interop/tiled/testing.js';
import { exportVassalModule, main } from './interop.js';

const root = join(__dirname, '..');
const load = (f: string) => JSON.parse(readFileSync(join(root, 'scenarios', f), 'utf8')) as Scenario;
const dir = mkdtempSync(join(tmpdir(), 'gf-vassal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Node = Record<string, unknown>;
/** Every element named `tag` anywhere under `node` (fast-xml-parser's plain object form). */
function all(node: unknown, tag: string, out: Node[] = []): Node[] {
  if (Array.isArray(node)) for (const n of node) all(n, tag, out);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node as Node)) {
      if (k === tag) for (const item of Array.isArray(v) ? v : [v]) out.push(item as Node);
      all(v, tag, out);
    }
  }
  return out;
}

describe('VASSAL module (.vmod)', () => {
  for (const file of ['battle-for-moscow.json', 'dnieper-bend-1943.json', 'square-grid-demo.json']) {
    it(`${file}: a zip whose buildFile.xml parses, names only files present and sets up every unit`, async () => {
      const scenario = load(file);
      const out = join(dir, file.replace('.json', '.vmod'));
      await exportVassalModule(scenario, out, 60);
      const zip = unzipSync(new Uint8Array(readFileSync(out)));
      expect(Object.keys(zip)).toContain('buildFile.xml');
      expect(Object.keys(zip)).toContain('moduledata');
      const xml = new TextDecoder().decode(zip['buildFile.xml']);
      const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (_name: string, _path: unknown, _leaf: boolean, isAttribute: boolean) => !isAttribute }).parse(xml, true) as Node;
      const module = all(doc, 'VASSAL.build.GameModule');
      expect(module).toHaveLength(1);
      // Files: the board image, charts, and every image a piece definition names.
      const named = new Set<string>();
      for (const b of all(doc, 'VASSAL.build.module.map.boardPicker.Board')) named.add(String(b.image));
      for (const c of all(doc, 'VASSAL.build.widget.Chart')) named.add(String(c.fileName));
      const slots = all(doc, 'VASSAL.build.widget.PieceSlot');
      for (const s of slots) {
        const text = String(s['#text']);
        expect(text.startsWith('+/null/')).toBe(true);
        for (const m of text.matchAll(/([\w.-]+\.png)/g)) named.add(m[1]!);
      }
      expect(named.size).toBeGreaterThan(2);
      for (const f of named) expect(Object.keys(zip), `${f} is named in buildFile.xml`).toContain(`images/${f}`);
      // Every unit of the order of battle: one at-start stack on its start cell's label, holding its counter.
      const grid = createGrid(gridSpecOf(scenario));
      const stacks = all(doc, 'VASSAL.build.module.map.SetupStack');
      expect(stacks).toHaveLength(scenario.orderOfBattle.length);
      scenario.orderOfBattle.forEach((u, i) => {
        const stack = stacks[i]!;
        expect(stack.location).toBe(grid.label(grid.parseRef(u.cell)!));
        expect(stack.useGridLocation).toBe('true');
        const pieces = all(stack, 'VASSAL.build.widget.PieceSlot');
        expect(pieces).toHaveLength(1);
        expect(String(pieces[0]!['#text'])).toContain(`;${u.name.replace(/[;/\\\t,]+/g, ' ').replace(/\s+/g, ' ').trim()}/`);
      });
      // A palette per side holding that side's units, and the reinforcements in their own lists.
      const lists = all(doc, 'VASSAL.build.widget.ListWidget');
      for (const side of scenario.sides) {
        const list = lists.find((l) => l.entryName === side.name)!;
        expect(all(list, 'VASSAL.build.widget.PieceSlot')).toHaveLength(scenario.orderOfBattle.filter((u) => u.side === side.id).length);
        const later = lists.find((l) => l.entryName === `${side.name} reinforcements`)!;
        expect(all(later, 'VASSAL.build.widget.PieceSlot')).toHaveLength((scenario.reinforcements ?? []).filter((r) => r.unit.side === side.id).length);
      }
    }, 60_000);
  }

  const GRIDS: CellGrid[] = [
    { kind: 'hex', orientation: 'flat', offset: 'odd', cols: 19, rows: 17 },
    { kind: 'hex', orientation: 'flat', offset: 'even', cols: 12, rows: 9 },
    { kind: 'hex', orientation: 'pointy', offset: 'odd', cols: 28, rows: 20 },
    { kind: 'hex', orientation: 'pointy', offset: 'even', cols: 10, rows: 11 },
    { kind: 'square', cols: 12, rows: 10 },
    { kind: 'hex', orientation: 'flat', offset: 'odd', cols: 120, rows: 14 },
    { kind: 'hex', orientation: 'flat', offset: 'odd', labels: 'A1', cols: 20, rows: 12 },
    { kind: 'square', labels: 'col,row', cols: 9, rows: 9 },
  ];
  for (const g of GRIDS) {
    it(`grid numbering of ${g.kind} ${g.orientation ?? ''} ${g.offset ?? ''} ${g.labels ?? 'CCRR'} ${g.cols}×${g.rows}: five sampled cells get Gridfront's labels and snap to their centres`, () => {
      const s = busyScenario(g, 7);
      s.orderOfBattle = [];
      const m = vassalModuleOf(s, { cellPx: 64 });
      const grid = createGrid(gridSpecOf(s));
      const random = rng(g.cols * 31 + g.rows);
      const cells = [{ col: 0, row: 0 }, { col: g.cols - 1, row: g.rows - 1 }, ...Array.from({ length: 3 }, () => ({ col: Math.floor(random() * g.cols), row: Math.floor(random() * g.rows) }))];
      for (const cell of cells) {
        const p = m.cellPixel(cell);
        const at = { x: Math.round(p.x), y: Math.round(p.y) };
        expect(vassalLocationName(m.grid.kind, m.grid.attrs, m.grid.numbering, at), `cell ${grid.label(cell)}`).toBe(grid.label(cell));
        const snapped = vassalSnap(m.grid.kind, m.grid.attrs, at);
        expect(Math.abs(snapped.x - p.x) + Math.abs(snapped.y - p.y), `cell ${grid.label(cell)} snaps to its centre`).toBeLessThan(2.5);
      }
    });
  }

  for (const file of ['seed-000-example.json', 'battle-for-moscow.json']) {
    it(`${file}: the turn tracker lists every turn, the Markers palette holds every kit marker, the turn record track is a chart`, async () => {
      const scenario = load(file);
      const out = join(dir, file.replace('.json', '-kit.vmod'));
      await exportVassalModule(scenario, out, 60);
      const zip = unzipSync(new Uint8Array(readFileSync(out)));
      const xml = new TextDecoder().decode(zip['buildFile.xml']);
      const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (_name: string, _path: unknown, _leaf: boolean, isAttribute: boolean) => !isAttribute }).parse(xml, true) as Node;
      // The turn tracker: one list entry per calendar turn, in order, with its date.
      const trackers = all(doc, 'VASSAL.build.module.turn.TurnTracker');
      expect(trackers).toHaveLength(1);
      const levels = all(trackers[0], 'VASSAL.build.module.turn.ListTurnLevel');
      expect(levels).toHaveLength(1);
      const turns = kitTurns(scenario);
      const list = String(levels[0]!.list).split(',');
      expect(list).toHaveLength(turns.length);
      turns.forEach((t, i) => expect(list[i]).toMatch(new RegExp(`^Turn ${t.turn}: ${t.date.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)));
      // Every marker the kit prints, in the Markers palette, each with its front and back picture in the zip.
      const palette = all(doc, 'VASSAL.build.widget.ListWidget').find((l) => l.entryName === 'Markers')!;
      const slots = all(palette, 'VASSAL.build.widget.PieceSlot');
      const markers = kitMarkers(scenario);
      expect(slots.map((s) => s.entryName)).toEqual(markers.map((m) => m.label.replace(/[;/\\\t,\n\r]+/g, ' ').replace(/\s+/g, ' ').trim()));
      for (const s of slots) for (const m of String(s['#text']).matchAll(/([\w.-]+\.png)/g)) expect(Object.keys(zip)).toContain(`images/${m[1]}`);
      // The kit's track pages as charts, and the charts name only files present.
      const charts = all(doc, 'VASSAL.build.widget.Chart');
      const trackPages = layoutKit(scenario, { parts: ['track'] }).pages;
      expect(charts.filter((c) => String(c.fileName).startsWith('chart-track-'))).toHaveLength(trackPages.length);
      expect(charts.some((c) => String(c.chartName).startsWith(trackPages[0]!.title))).toBe(true);
      // The ruleset's own turn record track is left out beside the kit's: one track, not two.
      expect(charts.filter((c) => c.fileName === 'chart-turnTrack.png')).toEqual([]);
      for (const c of charts) expect(Object.keys(zip)).toContain(`images/${c.fileName}`);
    }, 60_000);
  }

  it('A1 columns past Z: every column from AA on is a zone named as Gridfront names it, so sampled cells there get Gridfront labels', () => {
    for (const g of [
      { kind: 'hex', orientation: 'flat', offset: 'odd', labels: 'A1', cols: 60, rows: 12 },
      { kind: 'hex', orientation: 'pointy', offset: 'even', labels: 'A1', cols: 40, rows: 9 },
      { kind: 'square', labels: 'A1', cols: 705, rows: 4 },
    ] as CellGrid[]) {
      const s = busyScenario(g, 3);
      s.orderOfBattle = [];
      const m = vassalModuleOf(s, { cellPx: 48 });
      const grid = createGrid(gridSpecOf(s));
      expect(m.grid.zones.map((z) => z.name)).toEqual(Array.from({ length: g.cols - 26 }, (_, i) => columnLetters(26 + i)));
      const random = rng(g.cols * 7 + g.rows);
      const cells = [
        { col: 25, row: 0 },
        { col: 26, row: 1 },
        { col: 27, row: g.rows - 1 },
        { col: g.cols - 1, row: g.rows - 1 },
        ...Array.from({ length: 6 }, () => ({ col: 26 + Math.floor(random() * (g.cols - 26)), row: Math.floor(random() * g.rows) })),
      ];
      for (const cell of cells) {
        const p = m.cellPixel(cell);
        const at = { x: Math.round(p.x), y: Math.round(p.y) };
        // Without zones VASSAL would repeat letters (27 → BB); with them the label is Gridfront's (27 → AB).
        expect(vassalZonedLocationName(m.grid.kind, m.grid.attrs, m.grid.numbering, m.grid.zones, at), `cell ${grid.label(cell)}`).toBe(grid.label(cell));
      }
      expect(vassalLocationName(m.grid.kind, m.grid.attrs, m.grid.numbering, m.cellPixel({ col: 27, row: 0 }))).not.toBe(grid.label({ col: 27, row: 0 }));
    }
  });

  it('refuses brick and network maps with a sentence, through the command line too', async () => {
    const brick = load('brick-grid-demo.json');
    expect(() => vassalModuleOf(brick)).toThrow(/brick/);
    const err = console.error;
    const lines: string[] = [];
    console.error = (l: string) => void lines.push(l);
    try {
      expect(await main(['export', join(root, 'scenarios', 'brick-grid-demo.json'), '--vmod', '--out', join(dir, 'brick.vmod')])).toBe(1);
    } finally {
      console.error = err;
    }
    expect(lines.join('\n')).toMatch(/VASSAL has no brick/);
  });
});
