// Validation of network maps: the validator refuses broken positions and links, naming them
// as a designer knows them (name and label), and everything per cell works per position.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { makeNetworkScenario, makeTinyScenario } from '../fixtures.js';
import type { NetworkGrid, Scenario } from '../scenario.types.js';
import { validateScenario } from '../validate.js';
import { buildContext, checkById, runChecks, scenarioChecks } from './index.js';

const netOf = (s: Scenario): NetworkGrid => {
  if (s.map.grid.kind !== 'network') throw new Error('not a network');
  return s.map.grid;
};
const errorsOf = (s: Scenario) => validateScenario(s).issues.filter((i) => i.severity === 'error');
const warningsOf = (s: Scenario) => validateScenario(s).issues.filter((i) => i.severity === 'warning');
const findings = (s: Scenario, id: string) => runChecks(s, [checkById(id)!]);

describe('a valid network scenario', () => {
  it('passes every check with no error and no advice', () => {
    const s = makeNetworkScenario();
    for (const check of scenarioChecks) expect({ id: check.id, found: check.run(buildContext(s)) }).toEqual({ id: check.id, found: [] });
    expect(validateScenario(s)).toMatchObject({ ok: true, issues: [] });
  });

  it('resolves every per-cell reference to a position: features, units, entries', () => {
    const ctx = buildContext(makeNetworkScenario());
    expect(ctx.cellIn('moscow')).toEqual({ col: 11, row: 0 });
    expect(ctx.cellIn('0,0')).toBeNull();
    expect(ctx.place('moscow')).toBe('Moscow (MOS)');
    expect(ctx.place('vitebsk')).toBe('VT');
    expect(ctx.place('nowhere')).toBe('"nowhere"');
    expect(ctx.terrainAt(ctx.cellIn('bryansk')!)?.name).toBe('Forest');
    expect(ctx.controlAt(ctx.cellIn('brest')!)?.name).toBe('Germans');
  });

  it('leaves grid maps to the grid checks: every network check finds nothing on a hex map', () => {
    const s = makeTinyScenario();
    for (const id of scenarioChecks.map((c) => c.id).filter((id) => id.startsWith('network-'))) expect(findings(s, id)).toEqual([]);
  });
});

describe('broken links and positions are refused by name', () => {
  it('a link to a missing position', () => {
    const s = makeNetworkScenario();
    netOf(s).links[4]!.to = 'orsha';
    expect(errorsOf(s)).toEqual([
      {
        pointer: '/map/grid/links/4/to',
        value: 'orsha',
        severity: 'error',
        message: 'The link "minsk-smolensk" (Minsk (MN)–"orsha") leads to "orsha", which is not a position of this map; join it to an existing position or remove it.',
      },
    ]);
  });

  it('two positions with one id, and two links with one id', () => {
    const s = makeNetworkScenario();
    netOf(s).positions[6]!.id = 'smolensk'; // Bryansk takes Smolensk's id
    netOf(s).links[20]!.id = 'tula-moscow';
    const messages = errorsOf(s).map((i) => `${i.pointer} ${i.message}`);
    expect(messages).toContain(
      '/map/grid/positions/6/id Position Smolensk (BY) has the id "smolensk", already used by position 5 (Smolensk (SM)); give each position its own id.',
    );
    expect(messages).toContain(
      '/map/grid/links/20/id The link "tula-moscow" (Tula (TU)–Gorky road (E1)) has the same id as the link "tula-moscow" (Tula (TU)–Moscow (MOS)); give each link its own id.',
    );
  });

  it('a link from a position to itself', () => {
    const s = makeNetworkScenario();
    netOf(s).links[0]!.to = 'brest';
    expect(errorsOf(s).map((i) => i.message)).toEqual(['Link "brest-minsk" joins Brest-Litovsk (BR) to itself; a link must join two different positions.']);
  });

  it('a second link between the same two positions, either way round', () => {
    const s = makeNetworkScenario();
    netOf(s).links.push({ id: 'moscow-tula-road', from: 'moscow', to: 'tula', type: 'road' });
    expect(errorsOf(s)).toMatchObject([
      {
        pointer: '/map/grid/links/21',
        cell: 'moscow',
        message: 'Links "tula-moscow" and "moscow-tula-road" both join Moscow (MOS) and Tula (TU); keep one link per pair of positions and give it the type that matters (road, rail...).',
      },
    ]);
  });

  it('a position whose centre lies off the map, and a bend off the map', () => {
    const s = makeNetworkScenario();
    netOf(s).positions[13]!.x = 431.5; // the east-edge position, past the 420 mm edge
    netOf(s).links[7]!.waypoints = [{ x: 220, y: -4 }];
    expect(errorsOf(s).map((i) => i.message)).toEqual([
      'Position Gorky road (E1) lies off the map: its centre (431.5, 160) mm is outside the 420×297 mm map; move it onto the map or make the map larger.',
      'Bend 1 of the link "vitebsk-rzhev" (VT–RZ) lies off the map at (220, -4) mm; the map is 420×297 mm.',
    ]);
  });

  it('a position with an unknown terrain type or side', () => {
    const s = makeNetworkScenario();
    netOf(s).positions[7]!.terrain = 'swamp';
    netOf(s).positions[8]!.control = 'finns';
    expect(errorsOf(s).map((i) => i.message)).toEqual([
      'Position RZ has terrain "swamp", which is not one of the map\'s terrain types ("open", "forest", "city").',
      'Position Vyazma (VY) is controlled by "finns", which is not a side of this scenario ("ger" or "sov").',
    ]);
  });

  it('terrain or control rows and cell-side lists on a network map', () => {
    const s = makeNetworkScenario();
    s.map.terrain = ['..'];
    s.map.roads = ['0,0,N'];
    expect(errorsOf(s).map((i) => `${i.pointer} ${i.message}`)).toEqual([
      '/map/terrain A network map has no terrain rows: give each position its "terrain"; remove "terrain".',
      '/map/roads A network map has no road sides: give a link the type "road"; remove "roads".',
    ]);
  });

  it('units, reinforcements and cell features on positions that do not exist', () => {
    const s = makeNetworkScenario();
    s.orderOfBattle[0]!.cell = 'konigsberg';
    s.reinforcements![0]!.entryCell = '3,4';
    s.map.cells!['leningrad'] = { name: 'Leningrad', victory: { endGame: 2 } };
    expect(errorsOf(s).map((i) => `${i.pointer} ${i.message}`)).toEqual([
      '/map/cells/leningrad "leningrad" has features in map.cells but is not a position of this network map; use a position\'s id or remove them.',
      '/orderOfBattle/0/cell 3rd Panzer Group starts at "konigsberg", which is not a position of this network map; give the id of one of its 14 positions.',
      '/reinforcements/0/entryCell 24th Army enters at "3,4", which is not a position of this network map; give the id of one of its 14 positions.',
    ]);
  });

  it('names positions in the per-cell checks too (stacking, impassable, control, entry)', () => {
    const s = makeNetworkScenario();
    s.ruleset.options = { stackingLimit: 1 };
    s.map.terrainTypes.push({ id: 'lake', code: '~', name: 'Lake Ilmen', colour: '#6fa8dc', category: 'impassable' });
    netOf(s).positions[4]!.terrain = 'lake'; // Vitebsk
    s.orderOfBattle[4]!.cell = 'vitebsk';
    s.reinforcements![0]!.entryCell = 'tula';
    const messages = validateScenario(s).issues.map((i) => i.message);
    expect(messages).toContain('Position Suwałki (SU) starts with 2 units of Germans, more than the stacking limit of 1; move 1 of them.');
    expect(messages).toContain('3rd Army starts at VT, which is Lake Ilmen (impassable); pick a passable position.');
    expect(messages).toContain('24th Army enters at Tula (TU), which is not marked as an entry cell for Soviets.');
  });
});

describe('network design advice', () => {
  it('warns about a position drawn partly off the map, one with no links, and a label used twice', () => {
    const s = makeNetworkScenario();
    netOf(s).positions[13]!.x = 415; // 16 mm circle at 415: its right side reaches 423 mm
    netOf(s).positions.push({ id: 'orel', label: 'TU', x: 280, y: 270, terrain: 'open', control: 'sov' });
    expect(warningsOf(s).map((i) => i.message)).toEqual([
      "Position Gorky road (E1) is drawn partly off the map's 420×297 mm edge, so a print cuts it; move it inward or draw it smaller.",
      'Position TU has no links, so no unit can move to or from it; draw a link to it.',
      'Positions "tula" and "orel" are both labelled "TU"; give each its own label.',
    ]);
    // Advice never makes the scenario invalid.
    expect(validateScenario(s).ok).toBe(true);
  });
});

describe('the checks on random networks', () => {
  it('never crash, whatever the positions, links and references', () => {
    const ids = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'moscow');
    const position = fc.record({
      id: ids,
      x: fc.integer({ min: -50, max: 500 }),
      y: fc.integer({ min: -50, max: 350 }),
      terrain: fc.constantFrom('open', 'city', 'bog'),
      control: fc.constantFrom('ger', 'sov', 'ita'),
      label: fc.option(fc.constantFrom('A', 'B'), { nil: undefined }),
    });
    const link = fc.record({
      id: fc.constantFrom('l1', 'l2', 'l3', 'l4'),
      from: ids,
      to: ids,
      waypoints: fc.array(fc.record({ x: fc.integer({ min: -20, max: 450 }), y: fc.integer({ min: -20, max: 320 }) }), { maxLength: 2 }),
    });
    fc.assert(
      fc.property(fc.array(position, { maxLength: 8 }), fc.array(link, { maxLength: 10 }), ids, (positions, links, unitAt) => {
        const s = makeNetworkScenario();
        const net = netOf(s);
        net.positions = positions.map(({ label, ...p }) => (label ? { ...p, label } : p));
        net.links = links;
        s.orderOfBattle[0]!.cell = unitAt;
        const result = validateScenario(JSON.parse(JSON.stringify(s)));
        expect(result.issues.filter((i) => i.message.includes('could not be checked'))).toEqual([]);
        // A valid result really is a network whose references all resolve.
        if (result.ok) {
          const ctx = buildContext(s);
          for (const u of s.orderOfBattle) expect(ctx.cellIn(u.cell)).not.toBeNull();
        }
      }),
      { numRuns: 150 },
    );
  });
});
