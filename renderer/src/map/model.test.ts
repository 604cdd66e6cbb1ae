import { describe, expect, it } from 'vitest';
import { makeTinyScenario } from '../../../shared/format/fixtures.js';
import { buildMapModel, cellInfo } from './model.js';

describe('map model', () => {
  it('describes a cell as the status bar shows it: label, terrain, control and features', () => {
    const model = buildMapModel(makeTinyScenario());
    const info = cellInfo(model, { col: 0, row: 3 })!;
    expect(info.label).toBe('0104');
    expect(info.terrain?.name).toBe('City');
    expect(info.side?.name).toBe('Germans');
    expect(info.features?.name).toBe('Smolensk');
    expect(info.featureWords).toEqual(['Supply base (Germans)', 'Victory: 2 VP/turn, 5 VP at end', 'Road']);
  });

  it('lists river sides and rails of a cell', () => {
    const model = buildMapModel(makeTinyScenario());
    const words = cellInfo(model, { col: 2, row: 1 })!.featureWords;
    expect(words).toContain('River (2 sides)');
    expect(words).toContain('Rail');
  });

  it('has no details for a cell off the map', () => {
    expect(cellInfo(buildMapModel(makeTinyScenario()), { col: 6, row: 0 })).toBeNull();
  });

  it('knows the printed cell size in CSS pixels (96 per inch)', () => {
    const s = makeTinyScenario();
    expect(buildMapModel(s).physicalCellPx).toBeCloseTo((10 / 2.54) * 96, 6);
    s.map.cellSize = { value: 1.5, unit: 'in' };
    expect(buildMapModel(s).physicalCellPx).toBe(144);
  });

  it('refuses a map whose rows do not fit the grid, naming the field', () => {
    const s = makeTinyScenario();
    s.map.terrain![2] = '..';
    expect(() => buildMapModel(s)).toThrow(/map\.terrain.*row 2/);
  });
});
