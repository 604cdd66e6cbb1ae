// Seed 004, "Equipment", "Pre-battle Deployment" and the unit types, as scenario checks: run
// through the format's validator, as the library, the checks panel and `npm run validate` see them.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateScenario } from '../../format/validate.js';
import type { Scenario } from '../../format/scenario.types.js';
import { pwChecks } from './checks.js';
import { pwScenario, type PwTestUnit } from './testkit.js';

const OPEN8 = Array(8).fill('........');
const bundled = (): Scenario => JSON.parse(readFileSync(fileURLToPath(new URL('../../../scenarios/portable-wargame.json', import.meta.url)), 'utf8')) as Scenario;
const messages = (s: Scenario, severity: 'error' | 'warning' = 'error'): string[] => pwChecks(s).filter((i) => i.severity === severity).map((i) => i.message);

describe('the bundled battle', () => {
  it('passes the schema, the format’s checks and the ruleset’s own, with no warnings', () => {
    const r = validateScenario(bundled());
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.issues).toEqual([]);
  });
});

describe('"a battlefield ... at least eight grid squares by eight grid squares"', () => {
  it('a smaller one, or one of hexes, is refused', () => {
    expect(messages(pwScenario({ terrain: Array(7).fill('........'), units: [] }))).toEqual([expect.stringContaining('at least eight squares by eight')]);
    const hex = pwScenario({ terrain: OPEN8, units: [] });
    hex.map.grid = { kind: 'hex', cols: 8, rows: 8 };
    expect(messages(hex)).toEqual([expect.stringContaining('grid of squares')]);
  });
});

describe('"The armies may not contain more Units than the number of grid squares along the side ... multiplied by 1½"', () => {
  const row = (side: 'r' | 'b', n: number, rowIx: number): PwTestUnit[] => Array.from({ length: n }, (_, k) => ({ id: `${side}${k}`, cell: `${k % 8},${rowIx - Math.floor(k / 8) * (side === 'r' ? 1 : -1)}` }));
  it('eight squares along the edge: twelve units, not thirteen', () => {
    expect(messages(pwScenario({ terrain: OPEN8, units: row('r', 12, 7) }))).toEqual([]);
    expect(messages(pwScenario({ terrain: OPEN8, units: row('r', 13, 7) }))).toEqual([expect.stringContaining('Red field 13 units')]);
  });

  it('"One of the Units may be a Command Unit"', () => {
    const s = pwScenario({ terrain: OPEN8, units: [{ id: 'r1', cell: '0,7', type: 'command' }, { id: 'r2', cell: '1,7', type: 'command' }] });
    expect(pwChecks(s)).toEqual([expect.objectContaining({ pointer: '/orderOfBattle/1/fields/unitType', message: 'Red have 2 Command units (r1, r2); an army may have one.' })]);
  });
});

describe('"Pre-battle Deployment"', () => {
  const placed = (deployment: 'oneOff' | 'campaign' | 'free', units: PwTestUnit[]) => pwScenario({ terrain: OPEN8, units, options: { deployment } });

  it('one-off battles: "the first two rows of grid squares on the opposing sides"', () => {
    expect(messages(placed('oneOff', [{ id: 'r1', cell: '3,6' }, { id: 'b1', cell: '3,1' }]))).toEqual([]);
    const out = pwChecks(placed('oneOff', [{ id: 'r1', cell: '3,5' }, { id: 'b1', cell: '3,2' }]));
    expect(out.map((i) => [i.pointer, i.cell])).toEqual([
      ['/orderOfBattle/0/cell', '3,5'],
      ['/orderOfBattle/1/cell', '3,2'],
    ]);
    expect(out[0]!.message).toBe("r1 starts in D6, outside Red' deployment zone (the first two rows along the south edge) for a one-off battle.");
  });

  it('campaign battles: "within its half ... no Unit may start ... orthogonally or diagonally adjacent to one occupied by an enemy Unit"', () => {
    expect(messages(placed('campaign', [{ id: 'r1', cell: '3,4' }, { id: 'b1', cell: '3,2' }]))).toEqual([]);
    expect(messages(placed('campaign', [{ id: 'r1', cell: '3,3' }, { id: 'b1', cell: '3,1' }]))).toEqual([expect.stringContaining('outside Red\' half')]);
    expect(messages(placed('campaign', [{ id: 'r1', cell: '3,4' }, { id: 'b1', cell: '4,3' }]))).toEqual([expect.stringContaining('starts next to b1')]);
  });

  it('free set-up is not checked; the two edges must face each other', () => {
    expect(messages(placed('free', [{ id: 'r1', cell: '3,3' }, { id: 'b1', cell: '4,4' }]))).toEqual([]);
    const s = pwScenario({ terrain: OPEN8, units: [], options: { firstEdge: 'south', secondEdge: 'east' } });
    expect(messages(s)).toEqual(['The armies defend opposite sides of the battlefield: Red defend the south edge, so Blue defend the north edge, not the east.']);
  });
});

describe('units, terrain and facing', () => {
  it('one unit per square, none in a river; facing a side of the square; only cavalry dismounted', () => {
    const terrain = ['~.......', ...Array(7).fill('........')];
    const s = pwScenario({ terrain, options: { deployment: 'free' }, units: [{ id: 'r1', cell: '0,0' }, { id: 'r2', cell: '3,3', dismounted: true }, { id: 'b1', cell: '3,3' }] });
    s.orderOfBattle[0]!.facing = 'NE';
    expect(messages(s)).toEqual([
      'r1 starts in A1, which is river; put it on ground a unit may enter.',
      'r1 faces NE; units face a side of their square: N, E, S or W.',
      'r2 is Infantry (Firearms); only cavalry can start dismounted.',
      'b1 starts in D4, where r2 already stands: one unit per square.',
    ]);
  });

  it('a close combat power other than the text’s is design advice, not an error', () => {
    const s = pwScenario({ terrain: OPEN8, units: [{ id: 'r1', cell: '3,7', ccp: 6 }] });
    expect(messages(s, 'warning')).toEqual(['r1 has close combat power 6; the rules give Infantry (Firearms) 5.']);
  });

  it('the terrain table names only the map’s terrain types; hills rise a contour at a time', () => {
    const s = pwScenario({ terrain: ['..H.....', ...Array(7).fill('........')], units: [] });
    s.ruleset.options = { ...s.ruleset.options, terrainRoles: { ...(s.ruleset.options as { terrainRoles: Record<string, string> }).terrainRoles, swamp: 'woods' } } as Scenario['ruleset']['options'];
    expect(messages(s)).toEqual(['The terrain table names "swamp", which is not a terrain type of this map; remove it or add the terrain type.']);
    expect(messages(s, 'warning')).toEqual([
      'From B1 to C1 the ground rises 2 hill contours; units move one contour a turn, so none can cross there.',
      'From D1 to C1 the ground rises 2 hill contours; units move one contour a turn, so none can cross there.',
      'From C2 to C1 the ground rises 2 hill contours; units move one contour a turn, so none can cross there.',
    ]);
  });
});
