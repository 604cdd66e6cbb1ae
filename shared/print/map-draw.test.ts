import { describe, expect, it } from 'vitest';
import example from '../../scenarios/seed-000-example.json' with { type: 'json' };
import type { Scenario } from '../format/scenario.types.js';
import { layoutPrint, gridFor } from './layout.js';
import { drawMap, mapStyleFor } from './map-draw.js';
import { buildPrintModel } from './model.js';
import type { PrintLayers } from './options.js';
import type { PrintFont } from './surface.js';
import { RecordingSurface } from '../paint/recording-surface.js';

const scenario = example as unknown as Scenario;

/** A surface that keeps the words drawn and ignores the geometry. */
class Recorder extends RecordingSurface {}

const font: PrintFont = { width: (text, size) => text.length * size * 0.55 };

/** Every word drawn for the whole map (as on the single-sheet print) with these layers; no coordinates. */
function wordsDrawn(layers: Partial<PrintLayers>): string[] {
  const layout = layoutPrint(scenario, { singleSheet: true, layers, coordinates: { style: 'none' } });
  const grid = gridFor(scenario, layout.options);
  const model = buildPrintModel(scenario, grid, layout.cellSizeMm);
  const cells = Array.from({ length: grid.cellCount }, (_, i) => grid.cellAt(i));
  const cv = new Recorder();
  drawMap(cv, model, cells, layout.mapBounds, mapStyleFor(scenario, layout, 1), { regular: font, bold: font });
  return cv.words;
}

// Elite units carry a gold star on the counter (shared/paint/counters.ts), not a mark in the number.
const strengths = scenario.orderOfBattle.map((u) => String(u.strength)).sort();
const names = Object.values(scenario.map.cells ?? {}).flatMap((f) => (f.name ? [f.name] : [])).sort();
const vpLabels = Object.values(scenario.map.cells ?? {}).flatMap((f) => (f.victory ? [`${f.victory.perTurn ?? 2}+${f.victory.endGame} VP`] : [])).sort();

describe('the printed map (PDF and preview alike)', () => {
  it('names every named cell and labels every victory cell with its VP, on the full map', () => {
    const words = wordsDrawn({});
    expect(words.filter((w) => names.includes(w)).sort()).toEqual(names);
    expect(words.filter((w) => w.endsWith(' VP')).sort()).toEqual(vpLabels);
  });

  it('prints each cell’s coordinates when asked', () => {
    const layout = layoutPrint(scenario, { singleSheet: true });
    const grid = gridFor(scenario, layout.options);
    const cv = new Recorder();
    const cells = Array.from({ length: grid.cellCount }, (_, i) => grid.cellAt(i));
    drawMap(cv, buildPrintModel(scenario, grid, layout.cellSizeMm), cells, layout.mapBounds, mapStyleFor(scenario, layout, 1), { regular: font, bold: font });
    expect(cv.words.filter((w) => /^\d{4}$/.test(w))).toEqual(cells.map((c) => grid.label(c)));
  });

  it('prints one counter per unit, with its strength, only when the units layer is on', () => {
    const isStrength = (w: string): boolean => /^\d+$/.test(w);
    expect(wordsDrawn({}).filter(isStrength)).toEqual([]);
    expect(wordsDrawn({ units: true }).filter(isStrength).sort()).toEqual(strengths);
  });

  it('leaves markers and names out when those layers are off', () => {
    const words = wordsDrawn({ markers: false, names: false });
    expect(words.filter((w) => names.includes(w) || w.endsWith(' VP'))).toEqual([]);
  });
});
