// The Battle for Moscow scenario checks (checks.ts) and the format's handling of the ruleset's
// schema fragment: what a designer is told, in which place of the file.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../format/scenario.types.js';
import { validateScenario } from '../../format/validate.js';
import { checkScenario } from '../../scenario/checks.js';
import { bfmChecks } from './checks.js';

const load = (): Scenario => JSON.parse(readFileSync(fileURLToPath(new URL('../../../scenarios/battle-for-moscow.json', import.meta.url)), 'utf8')) as Scenario;
const byPointer = (s: Scenario) => bfmChecks(s).map((i) => [i.severity, i.pointer, i.message]);

describe('Battle for Moscow scenario checks', () => {
  it('find nothing to say about the bundled scenario, and the format and editor checks agree', () => {
    const s = load();
    expect(bfmChecks(s)).toEqual([]);
    expect(validateScenario(s).issues).toEqual([]);
    // No advice about supply bases, initiative or reinforcements: the ruleset reads none of them.
    expect(checkScenario(s)).toEqual([]);
  });

  it('want a hex map with exactly one Moscow', () => {
    const square = load();
    square.map.grid = { ...(square.map.grid as Extract<typeof square.map.grid, { cols: number }>), kind: 'square' };
    expect(byPointer(square)[0]).toEqual(['error', '/map/grid/kind', 'Battle for Moscow is played on hexes (zones of control are the six hexes around a unit); this map is a square grid.']);
    const two = load();
    two.map.cells = { ...two.map.cells, '0,0': { victory: {} } };
    expect(byPointer(two)).toContainEqual(['error', '/map/cells/0,0/victory', 'Battle for Moscow has one Moscow; 0101 is a second victory cell (the first is 1606).']);
    const none = load();
    none.map.cells = Object.fromEntries(Object.entries(none.map.cells!).map(([k, f]) => [k, { ...f, victory: undefined }]).map(([k, f]) => [k, JSON.parse(JSON.stringify(f))]));
    expect(byPointer(none)).toContainEqual(['error', '/map/cells', 'Mark Moscow as the victory cell: whoever holds it at the end of the game wins.']);
  });

  it('want half strength below full strength and one unit per hex', () => {
    const s = load();
    s.orderOfBattle[0] = { ...s.orderOfBattle[0]!, strength: 3, fields: { reducedStrength: 3, movement: 4 } };
    s.orderOfBattle[1] = { ...s.orderOfBattle[1]!, cell: s.orderOfBattle[2]!.cell };
    const issues = byPointer(s);
    expect(issues).toContainEqual(['error', '/orderOfBattle/0/fields/reducedStrength', 'IX Corps: the half-strength side (3) must be weaker than the full side (3).']);
    expect(issues).toContainEqual(['error', '/orderOfBattle/2/cell', '0306 holds 2 units (LVI Panzer Corps, XLI Panzer Corps); Battle for Moscow allows one unit per hex.']);
    // LVI Panzer left its own setup marker.
    expect(issues).toContainEqual(['warning', '/map/cells/2,4/setup', 'The setup marker in 0305 has no unit of its side starting there.']);
  });

  it('want the mud turns fixed, with no frost or snow', () => {
    const s = load();
    s.groundConditions = { initial: 'easy', changes: [{ fromTurn: 3, outcomes: [{ min: 1, max: 3, condition: 'mud' }] }] };
    expect(byPointer(s)).toContainEqual(['error', '/groundConditions/changes/0', 'Battle for Moscow\u2019s mud turns are fixed on the turn record track; make this rule a fixed change (die 1–6).']);
    const snow = load();
    snow.groundConditions = { initial: 'easy', changes: [{ fromTurn: 6, outcomes: [{ min: 1, max: 6, condition: 'snow' }] }] };
    expect(byPointer(snow)).toContainEqual(['error', '/groundConditions', 'Battle for Moscow knows clear weather and mud only; the schedule brings snow.']);
  });

  it('warn when a city starts owned against the setup rule, or a reinforcement is scheduled', () => {
    const s = load();
    // Smolensk (0,9) has a German unit; hand it to the Soviets.
    s.map.control = s.map.control!.map((row, r) => (r === 9 ? 'S' + row.slice(1) : row));
    s.reinforcements = [{ turn: 3, entryCell: '18,5', unit: { id: 's-extra', side: 'soviets', name: 'Extra Army', branch: 'infantry', strength: 5, fields: { reducedStrength: 2, movement: 4 } } }];
    const issues = byPointer(s);
    expect(issues).toContainEqual(['warning', '/map/control', 'The city in 0110 starts Soviets-owned; cities start Soviets-owned unless a Germans unit sets up there.']);
    expect(issues).toContainEqual(['warning', '/reinforcements/0', 'Extra Army is scheduled as a reinforcement; Battle for Moscow has none (units come back through replacements), so put it in the pool instead.']);
  });
});

describe('the ruleset fragment in the scenario format', () => {
  it('requires each Battle for Moscow unit\u2019s half strength and movement, at the place in the file', () => {
    const s = load();
    delete (s.orderOfBattle[3]!.fields as Record<string, unknown>).movement;
    const r = validateScenario(s);
    expect(r.ok).toBe(false);
    expect(r.issues.map((i) => [i.pointer, i.message])).toEqual([['/orderOfBattle/3/fields', expect.stringMatching(/movement/)]]);
  });

  it('checks the options against the ruleset the scenario names', () => {
    const s = load();
    s.ruleset = { id: 'bfm', options: { variant: 'sovietReplacements3', stackingLimit: 2 } };
    const r = validateScenario(s);
    expect(r.issues.map((i) => [i.pointer, i.message])).toEqual([
      ['/ruleset/options', 'These ruleset options have an unknown field "stackingLimit". Known fields: variant, germanEdge, sovietEdge, crt.'],
    ]);
    s.ruleset = { id: 'bfm', options: { variant: 'sovietReplacements3' } };
    expect(validateScenario(s).ok).toBe(true);
  });

  it('refuses unit values on an operational scenario, which reads none', () => {
    const s = JSON.parse(readFileSync(fileURLToPath(new URL('../../../scenarios/seed-000-example.json', import.meta.url)), 'utf8')) as Scenario;
    s.orderOfBattle[0] = { ...s.orderOfBattle[0]!, fields: { movement: 4 } };
    expect(validateScenario(s).issues.map((i) => [i.pointer, i.message])).toEqual([['/orderOfBattle/0/fields', "These ruleset values are not read by this scenario's ruleset; remove them."]]);
  });
});
