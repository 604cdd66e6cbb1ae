import { describe, expect, it } from 'vitest';
import schema from '../../schemas/scenario.schema.json' with { type: 'json' };
import { DEFAULT_OPTIONS, NO_FLAGS, defaultFlagsForSideName, gridSpecOf, resolveOptions, resolveSideFlags } from './defaults.js';
import { makeNetworkScenario, makeTinyScenario } from './fixtures.js';
import type { CellGrid } from './scenario.types.js';

type Props = Record<string, { default?: unknown }>;
const schemaDefaults = (def: string) =>
  Object.fromEntries(
    Object.entries((schema.$defs as unknown as Record<string, { properties: Props }>)[def]!.properties).map(([k, v]) => [k, v.default]),
  );

describe('format defaults', () => {
  it('ruleset option defaults are the schema defaults', () => {
    expect(DEFAULT_OPTIONS).toEqual(schemaDefaults('OperationalOptions'));
  });

  it('side flags default to off, as in the schema', () => {
    expect(NO_FLAGS).toEqual(schemaDefaults('SideFlags'));
  });

  it('grid defaults are the schema defaults', () => {
    const d = schemaDefaults('CellGrid');
    const spec = gridSpecOf({ kind: 'hex', cols: 3, rows: 2 });
    expect({ orientation: spec.orientation, offset: spec.offset, adjacency: spec.adjacency, labels: spec.labels }).toEqual({
      orientation: d.orientation,
      offset: d.offset,
      adjacency: d.adjacency,
      labels: d.labels,
    });
  });

  it('an option the scenario sets wins over the default; the rest keep theirs', () => {
    const s = makeTinyScenario();
    s.ruleset.options = { stackingLimit: 2, supplyLineLimit: 8 };
    expect(resolveOptions(s)).toEqual({ ...DEFAULT_OPTIONS, stackingLimit: 2, supplyLineLimit: 8 });
    delete s.ruleset.options;
    expect(resolveOptions(s)).toEqual(DEFAULT_OPTIONS);
  });

  it('an omitted side flag follows the text for a side named Germans or Soviets; a flag the file sets wins', () => {
    // RULES-NOTES, Naming: the per-side flags default "to the text's assignment when the sides
    // are Germans/Soviets", in files as in the New dialog.
    const s = makeTinyScenario();
    delete s.sides[0].flags;
    delete s.sides[1].flags;
    expect(s.sides.map((x) => x.name)).toEqual(['Germans', 'Soviets']);
    expect(resolveSideFlags(s.sides[0])).toEqual({ ...NO_FLAGS, mudSlows: true, losesDifficultInSnow: true });
    expect(resolveSideFlags(s.sides[1])).toEqual({ ...NO_FLAGS, railMovement: true, breakthroughInSnow: true });
    s.sides[0].flags = { mudSlows: false, rebuilds: true };
    expect(resolveSideFlags(s.sides[0])).toEqual({ ...NO_FLAGS, losesDifficultInSnow: true, rebuilds: true });
  });

  it('omitted side flags are off for sides with other names', () => {
    const s = makeTinyScenario();
    s.sides[0] = { ...s.sides[0], name: 'Blue' };
    delete s.sides[0].flags;
    expect(resolveSideFlags(s.sides[0])).toEqual(NO_FLAGS);
  });

  it('German-like names get mud slowing and losing difficult terrain in snow', () => {
    for (const name of ['Germans', 'German Army', 'Wehrmacht', 'Axis']) {
      expect(defaultFlagsForSideName(name), name).toEqual({ ...NO_FLAGS, mudSlows: true, losesDifficultInSnow: true });
    }
  });

  it('Soviet-like names get rail movement and breakthroughs in snow', () => {
    for (const name of ['Soviets', 'Soviet Union', 'Red Army', 'USSR', 'Russians']) {
      expect(defaultFlagsForSideName(name), name).toEqual({ ...NO_FLAGS, railMovement: true, breakthroughInSnow: true });
    }
  });

  it('other names get no flags', () => {
    expect(defaultFlagsForSideName('Blue')).toEqual(NO_FLAGS);
    expect(defaultFlagsForSideName('Allies')).toEqual(NO_FLAGS);
  });

  it('gridSpecOf reads a scenario, a map or a grid alike', () => {
    const s = makeTinyScenario();
    expect(gridSpecOf(s)).toEqual(gridSpecOf(s.map));
    expect(gridSpecOf(s.map)).toEqual(gridSpecOf(s.map.grid as CellGrid));
    expect(gridSpecOf(s)).toMatchObject({ kind: 'hex', cols: 6, rows: 5, orientation: 'flat', offset: 'odd' });
  });

  it('gridSpecOf gives a network its positions and links, sized and scaled by the map cell size', () => {
    const s = makeNetworkScenario();
    const spec = gridSpecOf(s);
    expect(spec.kind).toBe('network');
    expect(spec.cols).toBe(s.map.grid.kind === 'network' ? s.map.grid.positions.length : -1);
    expect(spec.rows).toBe(1);
    if (spec.kind !== 'network') throw new Error('not a network');
    expect(spec.network.unit).toBe(20);
    expect(spec.network.positions[0]).toMatchObject({ id: 'suwalki', label: 'SU', shape: 'box', width: 20, height: 20 });
    expect(spec.network.links[0]).toMatchObject({ id: 'brest-minsk', type: 'road', waypoints: [] });
    // The cell size in any unit is read in millimetres.
    const inCm = gridSpecOf({ grid: s.map.grid, cellSize: { value: 2.5, unit: 'cm' } });
    expect(inCm.kind === 'network' && inCm.network.unit).toBe(25);
    expect(inCm.kind === 'network' && inCm.network.positions[0]!.width).toBe(25);
  });
});
