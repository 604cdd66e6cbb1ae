import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../../../shared/format/scenario.types.js';
import { layoutPrint } from '../../../../shared/print/layout.js';
import example from '../../../../scenarios/seed-000-example.json' with { type: 'json' };
import { overlapRects, tileAt } from './preview.js';
import { fieldMessage, fieldNumber, formatBytes, summaryParts } from '../../lib/print-text.js';

const scenario = example as unknown as Scenario;

describe('print dialog text', () => {
  it('the summary states pages, paper with orientation and the printed map size in cm and in', () => {
    const layout = layoutPrint(scenario, { paper: 'Letter', cellSize: { value: 4, unit: 'in' } });
    expect(summaryParts(layout)).toEqual(['16 pages (assembly sheet + 5 × 3 tiles)', 'Letter landscape', 'map 64.5 × 76.2 cm (25.4 × 30 in)']);
  });

  it('a single sheet is one page sized to the map, with no assembly sheet', () => {
    const layout = layoutPrint(scenario, { singleSheet: true });
    expect(summaryParts(layout)[0]).toBe('1 page');
    expect(summaryParts(layout)[1]).toMatch(/^one [\d.]+ × [\d.]+ cm sheet$/);
  });

  it('field messages drop the echo of what was typed and read as a sentence', () => {
    expect(fieldMessage('must be from 0 to 200 mm; got -3')).toBe('Must be from 0 to 200 mm.');
    expect(fieldMessage('leaves less than 30 mm to print on a 210 × 297 mm sheet')).toBe('Leaves less than 30 mm to print on a 210 × 297 mm sheet.');
  });

  it('number fields take plain decimals (comma or point) and nothing else', () => {
    expect(fieldNumber(' 12 ')).toBe(12);
    expect(fieldNumber('0,5')).toBe(0.5);
    expect(fieldNumber('-3')).toBe(-3);
    for (const bad of ['', '1e3', '12mm', '0x10', 'abc', '1.2.3']) expect(fieldNumber(bad)).toBeNaN();
  });

  it('sizes read in B, KB and MB', () => {
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(48_000)).toBe('47 KB');
    expect(formatBytes(3_500_000)).toBe('3.3 MB');
  });
});

describe('print preview geometry', () => {
  const layout = layoutPrint(scenario, { paper: 'A4' });

  it('overlap strips lie where neighbouring tiles share map, as wide as the overlap used', () => {
    const strips = overlapRects(layout);
    // 3 rows × 4 columns: 3 × 3 vertical strips and 2 × 4 horizontal ones.
    expect(strips).toHaveLength(3 * 3 + 2 * 4);
    const widths = new Set(strips.map((r) => Math.round(Math.min(r.width, r.height) * 1000) / 1000));
    expect(widths).toEqual(new Set([layout.overlapMm.x]));
  });

  it('the strips shown on one page are only those touching it', () => {
    const corner = overlapRects(layout, 0);
    expect(corner).toHaveLength(2);
    const middle = overlapRects(layout, layout.tileCols + 1);
    expect(middle).toHaveLength(4);
  });

  it('a click on the sheet plan picks a tile whose window holds the point', () => {
    const fit = { scale: 1.5, ox: 20, oy: 10 };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: layout.pages.length - 1 }), fc.double({ min: 0.01, max: 0.99, noNaN: true }), fc.double({ min: 0.01, max: 0.99, noNaN: true }), (i, fx, fy) => {
        const w = layout.pages[i]!.window;
        const mx = w.x + w.width * fx;
        const my = w.y + w.height * fy;
        const picked = tileAt(layout, fit, fit.ox + mx * fit.scale, fit.oy + my * fit.scale);
        expect(picked).not.toBeNull();
        const pw = layout.pages[picked!]!.window;
        expect(mx >= pw.x && mx <= pw.x + pw.width && my >= pw.y && my <= pw.y + pw.height).toBe(true);
        // Away from the overlap strips, the only tile holding the point is the one picked.
        const inOverlap = overlapRects(layout).some((r) => mx >= r.x && mx <= r.x + r.width && my >= r.y && my <= r.y + r.height);
        if (!inOverlap) expect(picked).toBe(i);
      }),
    );
  });

  it('a click outside every tile picks nothing', () => {
    expect(tileAt(layout, { scale: 1, ox: 0, oy: 0 }, -500, -500)).toBeNull();
  });
});
