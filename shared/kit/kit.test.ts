// The kit's content and layout, before any PDF: sizes people type, NATO size marks, pieces that
// stay on the paper and never overlap, backs mirrored, and only the tracks a ruleset uses.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../format/scenario.types.js';
import { PAPER_NAMES } from '../print/units.js';
import { echelonOf, kitTurns } from './content.js';
import { counterName } from './draw.js';
import { layoutKit, type SheetPage, type TrackPage } from './layout.js';
import { COUNTER_SIZES, KitOptionsError, parseCounterSize, resolveKitOptions, withMarkerCount } from './options.js';

const load = (name: string): Scenario => JSON.parse(readFileSync(fileURLToPath(new URL(`../../scenarios/${name}.json`, import.meta.url)), 'utf8')) as Scenario;

describe('kit options', () => {
  it('reads counter sizes as people write them', () => {
    expect(parseCounterSize('5/8in')).toBe('5/8in');
    expect(parseCounterSize('⅝"')).toBe('5/8in');
    expect(parseCounterSize('0.625 in')).toBe('5/8in');
    expect(parseCounterSize('1 inch')).toBe('1in');
    expect(parseCounterSize('½in')).toBe('1/2in');
    expect(parseCounterSize('20 mm')).toBe('20mm');
    expect(parseCounterSize('25.4mm')).toBe('1in');
    expect(parseCounterSize('17mm')).toBeNull();
  });

  it('names every bad option at once', () => {
    expect(() => resolveKitOptions({ counter: '7mm', bleedMm: 9, parts: [] })).toThrow(KitOptionsError);
    try {
      resolveKitOptions({ counter: '7mm', bleedMm: 9, parts: [] });
    } catch (e) {
      expect((e as KitOptionsError).problems.map((p) => p.field).sort()).toEqual(['bleedMm', 'counter', 'parts']);
    }
  });
});

describe('counter content', () => {
  it('reads the NATO size mark from a given size or the name', () => {
    expect(echelonOf({ name: 'III Panzer Corps' })).toBe('XXX');
    expect(echelonOf({ name: '10th Army' })).toBe('XXXX');
    expect(echelonOf({ name: 'Grossdeutschland Division' })).toBe('XX');
    expect(echelonOf({ name: 'Group Ermakov' })).toBe('');
    expect(echelonOf({ name: 'Kampfgruppe Peiper', fields: { size: 'regiment' } as never })).toBe('III');
  });

  it('shortens a name the way counters do', () => {
    expect(counterName('XXXXVII Panzer Corps')).toBe('XXXXVII Pz');
    expect(counterName('5th Guards Tank Army')).toBe('5th Gds Tk');
    expect(counterName('Army')).toBe('Army');
  });
});

describe('kit layout', () => {
  for (const name of ['seed-000-example', 'battle-for-moscow']) {
    it(`${name}: on every paper and counter size, pieces stay inside the margins, never overlap, and backs mirror fronts`, () => {
      const scenario = load(name);
      const problems: string[] = [];
      for (const paper of PAPER_NAMES) {
        for (const c of COUNTER_SIZES) {
          const at = `${paper} ${c.id}`;
          const layout = layoutKit(scenario, { paper, counter: c.id, parts: ['counters', 'markers'] });
          const sheets = layout.pages.filter((p): p is SheetPage => 'pieces' in p);
          const m = layout.options.marginMm;
          for (const [i, page] of sheets.entries()) {
            for (const pc of page.pieces) {
              const b = pc.bleed;
              if (b.x < m || b.y < m || b.x + b.width > page.size.width - m || b.y + b.height > page.size.height - m) problems.push(`${at}: a piece outside the margins`);
              if (Math.abs(pc.trim.width - c.mm) > 1e-9 || Math.abs(pc.trim.height - c.mm) > 1e-9) problems.push(`${at}: a counter ${pc.trim.width} mm`);
            }
            const boxes = page.pieces.map((p) => p.trim);
            for (let a = 0; a < boxes.length; a++)
              for (let k = a + 1; k < boxes.length; k++) {
                const A = boxes[a]!;
                const B = boxes[k]!;
                if (!(A.x + A.width <= B.x || B.x + B.width <= A.x || A.y + A.height <= B.y || B.y + B.height <= A.y)) problems.push(`${at}: pieces ${a} and ${k} overlap`);
              }
            if (page.face === 'back') {
              const front = sheets[i - 1]!;
              page.pieces.forEach((pc, k) => {
                const f = front.pieces[k]!;
                if (pc.piece !== f.piece || Math.abs(pc.trim.x + pc.trim.width / 2 - (page.size.width - (f.trim.x + f.trim.width / 2))) > 1e-9 || pc.trim.y !== f.trim.y) problems.push(`${at}: back ${k} is not the front mirrored`);
              });
            }
          }
          const units = sheets.filter((p) => p.kind === 'counters' && p.face === 'front').flatMap((p) => p.pieces);
          if (units.length !== scenario.orderOfBattle.length + (scenario.reinforcements ?? []).length + (scenario.pool ?? []).length) problems.push(`${at}: ${units.length} counters`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('prints the VP track and time clock only for a ruleset that has those markers', () => {
    const kinds = (name: string) => layoutKit(load(name), { parts: ['track'] }).pages.flatMap((p) => (p as TrackPage).sections.map((s) => s.kind));
    expect(new Set(kinds('seed-000-example'))).toEqual(new Set(['turns', 'vp', 'clock']));
    expect(new Set(kinds('battle-for-moscow'))).toEqual(new Set(['turns']));
  });

  it('takes the marker counts the designer sets and the ruleset defaults for the rest', () => {
    const layout = layoutKit(load('seed-000-example'), { parts: ['markers'], markerCounts: { expended: 3, strengthLoss: 0 } });
    expect(layout.markers.find((m) => m.id === 'expended')!.count).toBe(3);
    expect(layout.markers.find((m) => m.id === 'outOfSupply')!.count).toBe(5);
    const printed = layout.pages.filter((p): p is SheetPage => 'pieces' in p && p.face === 'front').flatMap((p) => p.pieces);
    expect(printed.filter((p) => p.piece.kind === 'marker' && p.piece.marker.id === 'strengthLoss')).toHaveLength(0);
    expect(printed.filter((p) => p.piece.kind === 'marker' && p.piece.marker.id === 'expended')).toHaveLength(3);
  });

  it('prints the marker counts saved with the scenario; a count given for the print wins over the saved one', () => {
    const saved = withMarkerCount(withMarkerCount(load('seed-000-example'), 'expended', 7), 'outOfSupply', 0);
    expect(saved.kit).toEqual({ markerCounts: { expended: 7, outOfSupply: 0 } });
    const layout = layoutKit(saved, { parts: ['markers'] });
    expect(layout.markers.find((m) => m.id === 'expended')!.count).toBe(7);
    expect(layout.markers.find((m) => m.id === 'outOfSupply')!.count).toBe(0);
    const printed = layout.pages.filter((p): p is SheetPage => 'pieces' in p && p.face === 'front').flatMap((p) => p.pieces);
    expect(printed.filter((p) => p.piece.kind === 'marker' && p.piece.marker.id === 'expended')).toHaveLength(7);
    expect(layoutKit(saved, { parts: ['markers'], markerCounts: { expended: 2 } }).markers.find((m) => m.id === 'expended')!.count).toBe(2);
    // Back to the default: the entry goes, and with the last one the whole kit property.
    const back = withMarkerCount(withMarkerCount(saved, 'expended', null), 'outOfSupply', null);
    expect(back.kit).toBeUndefined();
    expect(layoutKit(back, { parts: ['markers'] }).markers.find((m) => m.id === 'expended')!.count).toBe(layoutKit(load('seed-000-example'), { parts: ['markers'] }).markers.find((m) => m.id === 'expended')!.count);
    expect(withMarkerCount(saved, 'expended', 7)).toBe(saved);
    expect(() => withMarkerCount(saved, 'expended', 501)).toThrow(/0 to 500/);
  });

  it('dates Battle for Moscow turns as its own turn table does, with the mud turns sure and no roll', () => {
    const turns = kitTurns(load('battle-for-moscow'));
    expect(turns.map((t) => t.date)).toEqual(['2–8 Oct 1941', '9–15 Oct 1941', '16–29 Oct 1941', '30 Oct–12 Nov 1941', '13–19 Nov 1941', '20–26 Nov 1941', '27 Nov–3 Dec 1941']);
    expect(turns[2]!.ground).toBe('mud');
    expect(turns[2]!.lines.map((l) => l.text)).not.toContain(expect.stringMatching(/Roll/));
    expect(turns[0]!.lines.map((l) => l.text)).toEqual(expect.arrayContaining(['Pool: 10th Army', 'Soviets: 5 replacements']));
  });
});
