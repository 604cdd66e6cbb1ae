import { describe, expect, it } from 'vitest';
import example from '../../scenarios/seed-000-example.json' with { type: 'json' };
import type { Scenario } from '../format/scenario.types.js';
import { buildPaintModel, NONE } from './model.js';

describe('the paint model reads terrain and control rows leniently', () => {
  it('each cell takes its code’s palette index; unknown codes, short rows and missing rows are none', () => {
    const s = structuredClone(example) as unknown as Scenario;
    const types = s.map.terrainTypes;
    const cols = (s.map.grid as { cols: number }).cols;
    // Row 0: every code of the palette in turn, then one the palette lacks; row 1 short; row 2 gone.
    const unknown = [...'#$%&^~!'].find((ch) => !types.some((t) => t.code === ch))!;
    const row0 = Array.from({ length: cols }, (_, c) => (c === cols - 1 ? unknown : types[c % types.length]!.code)).join('');
    s.map.terrain = [row0, types[0]!.code, ...s.map.terrain!.slice(2)];
    const m = buildPaintModel(s);
    for (let c = 0; c < cols - 1; c++) expect(m.terrain[c]).toBe(c % types.length);
    expect(m.terrain[cols - 1]).toBe(NONE);
    expect(m.terrain[cols]).toBe(0);
    expect(m.terrain[cols + 1]).toBe(NONE);
    // A code outside ASCII (no valid file has one: a half-edited map still draws) is looked up too.
    s.map.terrainTypes = types.map((t, i) => (i === 1 ? { ...t, code: 'é' } : t));
    s.map.terrain = ['é'.repeat(cols), ...s.map.terrain.slice(1)];
    expect(buildPaintModel(s).terrain[0]).toBe(1);
    // Control: side codes, the rest none.
    s.map.control = [`${s.sides[1]!.code}?`];
    const control = buildPaintModel(s).control;
    expect([control[0], control[1], control[cols]]).toEqual([1, NONE, NONE]);
  });
});
