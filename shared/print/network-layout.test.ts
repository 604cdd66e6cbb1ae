// Print layout of a network map: the map's extent in millimetres at the scenario's own cell
// size is printed at true scale (and scales with a chosen cell size), every position goes to
// the pages its drawn shape touches, and links are drawn (no warning about them).
import { describe, expect, it } from 'vitest';
import { makeNetworkScenario } from '../format/fixtures.js';
import { layoutPrint } from './layout.js';

describe('print layout of a network map', () => {
  it('prints the extent at true scale at the map cell size, and scales with another cell size', () => {
    const s = makeNetworkScenario();
    expect(layoutPrint(s).mapBounds).toEqual({ x: 0, y: 0, width: 420, height: 297 });
    // Twice the position size is twice the map: 40 mm for a 20 mm cell.
    expect(layoutPrint(s, { cellSize: { value: 4, unit: 'cm' } }).mapBounds).toEqual({ x: 0, y: 0, width: 840, height: 594 });
  });

  it('puts every position on the pages its drawn shape touches (on this map, each whole on one of them)', () => {
    const layout = layoutPrint(makeNetworkScenario(), { paper: 'A4' });
    expect(layout.pages.length).toBeGreaterThan(1);
    for (let i = 0; i < 14; i++) {
      expect(layout.pages.some((p) => p.cells.some((c) => c.col === i && c.row === 0))).toBe(true);
      expect(layout.pages.some((p) => p.wholeCells.some((c) => c.col === i && c.row === 0))).toBe(true);
    }
    // Moscow's 30 mm circle, centred at (350, 125) mm, lies on the pages holding that box.
    const moscowPages = layout.pages.filter((p) => p.cells.some((c) => c.col === 11));
    for (const p of moscowPages) expect(p.window.x < 365 && p.window.x + p.window.width > 335).toBe(true);
  });

  it('prints links too: no warning that they are left out', () => {
    expect(layoutPrint(makeNetworkScenario()).warnings.filter((w) => /link/i.test(w))).toEqual([]);
  });
});
