import { describe, expect, it } from 'vitest';
import { validateScenario } from '../../../../shared/format/validate.js';
import { resolveSideFlags } from '../../../../shared/format/defaults.js';
import { GRID_CHOICES, buildScenario, calendarFor, chooseGrid, chooseRuleset, draftProblems, gridChoicesFor, initialDraft, side, type NewScenarioDraft } from './newScenario.js';

const draft = (over: Partial<NewScenarioDraft> = {}): NewScenarioDraft => ({ ...initialDraft(), title: 'Test', ...over });

describe('New Scenario dialog fields', () => {
  it('every grid choice builds a scenario the format validator accepts', () => {
    for (const { value } of GRID_CHOICES) {
      const result = validateScenario(buildScenario(draft({ grid: value, cols: 7, rows: 5 })));
      expect(result.ok, `${value}: ${JSON.stringify(!result.ok && result.issues)}`).toBe(true);
    }
  });

  it('the grid choice sets kind, orientation and square adjacency', () => {
    expect(buildScenario(draft({ grid: 'hex-pointy' })).map.grid).toMatchObject({ kind: 'hex', orientation: 'pointy' });
    expect(buildScenario(draft({ grid: 'square-8' })).map.grid).toMatchObject({ kind: 'square', adjacency: 8 });
    expect((buildScenario(draft({ grid: 'square-4' })).map.grid as { adjacency?: number }).adjacency).toBeUndefined();
    expect(buildScenario(draft({ grid: 'offsetSquare' })).map.grid).toEqual({ kind: 'offsetSquare', cols: 30, rows: 20 });
  });

  it('sides start as Germans and Soviets with the rules the ruleset gives them; other names get none', () => {
    const s = buildScenario(draft());
    expect(s.sides.map((x) => x.name)).toEqual(['Germans', 'Soviets']);
    expect(s.sides[0].flags).toEqual({ mudSlows: true, losesDifficultInSnow: true });
    expect(s.sides[1].flags).toEqual({ railMovement: true, breakthroughInSnow: true });
    const neutral = buildScenario(draft({ sides: [side('Blue', '#0000ff'), side('Red', '#ff0000')] }));
    expect(neutral.sides.map((x) => x.flags)).toEqual([undefined, undefined]);
  });

  it('a rule the designer turned off for the Germans stays off in the file (an omitted flag would follow the name)', () => {
    const d = draft();
    d.sides[0].flags = { ...d.sides[0].flags, mudSlows: false };
    const s = buildScenario(d);
    expect(s.sides[0].flags).toEqual({ mudSlows: false, losesDifficultInSnow: true });
    expect(resolveSideFlags(s.sides[0]).mudSlows).toBe(false);
  });

  it('cell size, unit and ground scale go into the map', () => {
    const s = buildScenario(draft({ cellSize: 16, unit: 'mm', groundScaleKm: 5 }));
    expect(s.map.cellSize).toEqual({ value: 16, unit: 'mm' });
    expect(s.map.groundScaleKm).toBe(5);
  });

  it('problems name the field: empty title, sizes out of range, same side names', () => {
    expect(draftProblems(draft())).toEqual({});
    expect(Object.keys(draftProblems(draft({ title: '  ' })))).toEqual(['title']);
    expect(Object.keys(draftProblems(draft({ cols: 0 })))).toEqual(['size']);
    expect(draftProblems(draft({ cellSize: 300 }))).toEqual({ cellSize: 'The cell size is a number from 0.2 to 200 cm.' });
    expect(draftProblems(draft({ cellSize: 300, unit: 'mm' }))).toEqual({});
    expect(Object.keys(draftProblems(draft({ rows: 2.5 })))).toEqual(['size']);
    expect(Object.keys(draftProblems(draft({ cellSize: 0, groundScaleKm: -1 })))).toEqual(['cellSize', 'groundScaleKm']);
    expect(Object.keys(draftProblems(draft({ sides: [side('Axis', '#000000'), side('axis', '#ffffff')] })))).toEqual(['side1']);
  });

  it('start date and number of turns default to a sensible calendar and go into the scenario', () => {
    expect(buildScenario(draft()).calendar).toEqual({ startDate: '1941-10-01', turns: 12 });
    const s = buildScenario(draft({ startDate: '1943-07-05', turns: 8 }));
    expect(s.calendar).toEqual({ startDate: '1943-07-05', turns: 8 });
    expect(s.initiative).toEqual([{ side: s.sides[0].id, fromTurn: 1, toTurn: 8 }]);
    expect(validateScenario(s).ok).toBe(true);
  });

  it('a start date that is not on the calendar, or a turn count out of range, is named in the problems', () => {
    for (const startDate of ['', '1943-02-30', '05/07/1943']) {
      const p = draftProblems(draft({ startDate }));
      expect(Object.keys(p)).toEqual(['startDate']);
      expect(p.startDate).toMatch(/start date/i);
    }
    for (const turns of [0, 1000, 2.5, Number.NaN]) {
      const p = draftProblems(draft({ turns }));
      expect(Object.keys(p)).toEqual(['turns']);
      expect(p.turns).toMatch(/number of turns/i);
    }
    expect(draftProblems(draft({ turns: 1 }))).toEqual({});
    expect(draftProblems(draft({ turns: 999 }))).toEqual({});
  });
});

describe('New Scenario: the ruleset choice', () => {
  it('a Battle for Moscow scenario is written for bfm on hexes, without the operational side flags', () => {
    const d = draft({ grid: 'square-4' });
    chooseRuleset(d, 'bfm');
    expect(d.grid).toBe('hex-flat');
    expect(gridChoicesFor('bfm').map((g) => g.value)).toEqual(['hex-flat', 'hex-pointy']);
    const s = buildScenario(d);
    expect(s.ruleset).toEqual({ id: 'bfm' });
    expect(s.map.grid.kind).toBe('hex');
    expect(s.sides.map((x) => x.flags)).toEqual([undefined, undefined]);
    expect(validateScenario(s).issues.filter((i) => i.severity === 'error').map((i) => i.message)).toEqual([expect.stringContaining('Mark Moscow')]);
  });

  it('the calendar follows the rules\' text: Barbarossa Fast June–December 1941 (7 monthly turns), Battle for Moscow 7 turns from 2 October 1941; a typed one stays', () => {
    const d = draft();
    chooseRuleset(d, 'bf');
    expect(buildScenario(d).calendar).toEqual({ startDate: '1941-06-22', turns: 7 });
    chooseRuleset(d, 'bfm');
    expect(buildScenario(d).calendar).toEqual({ startDate: '1941-10-02', turns: 7 });
    chooseRuleset(d, 'operational');
    expect(buildScenario(d).calendar).toEqual({ startDate: '1941-10-01', turns: 12 });
    // A date the designer typed is theirs: another ruleset does not overwrite it.
    d.startDate = '1942-05-08';
    chooseRuleset(d, 'bf');
    expect(buildScenario(d).calendar).toEqual({ startDate: '1942-05-08', turns: 12 });
  });

  it('the operational ruleset keeps every cell grid, and plays on no network', () => {
    expect(calendarFor('operational')).toEqual({ startDate: '1941-10-01', turns: 12 });
    expect(gridChoicesFor('operational')).toEqual(GRID_CHOICES.filter((g) => g.value !== 'network'));
  });
});

describe('New Scenario: network maps', () => {
  it('Barbarossa Fast, the point-to-point ruleset, makes a blank network: A3 landscape in mm, 2 cm positions, no positions or links yet', () => {
    const d = draft();
    chooseRuleset(d, 'bf');
    expect(gridChoicesFor('bf').map((g) => g.value)).toEqual(['network']);
    expect(d.grid).toBe('network');
    expect([d.cellSize, d.unit]).toEqual([2, 'cm']);
    const s = buildScenario(d);
    expect(s.ruleset).toEqual({ id: 'bf' });
    expect(s.map.grid).toEqual({ kind: 'network', width: 420, height: 297, positions: [], links: [] });
    expect(s.map.cellSize).toEqual({ value: 2, unit: 'cm' });
    expect(s.map.terrain).toBeUndefined();
    // Schema-valid: what is left to do is drawing the network (Moscow, home bases, map edges).
    const errors = validateScenario(s).issues.filter((i) => i.severity === 'error');
    expect(errors.map((i) => i.pointer)).toEqual(['/map/grid/positions', '/map/cells', '/map/grid/positions']);
    expect(errors[0]!.message).toContain('Moscow');
  });

  it('a size the designer typed stays when the grid changes; a default follows the map kind; the two-sides template is for grids', () => {
    const d = draft({ template: 'two-sides' });
    chooseGrid(d, 'network');
    expect([d.cellSize, d.unit, d.template]).toEqual([2, 'cm', 'blank']);
    chooseGrid(d, 'hex-flat');
    expect([d.cellSize, d.unit]).toEqual([10, 'cm']);
    d.cellSize = 25;
    d.unit = 'mm';
    chooseGrid(d, 'network');
    expect([d.cellSize, d.unit]).toEqual([25, 'mm']);
    expect(buildScenario({ ...d, widthMm: 600, heightMm: 400 }).map.grid).toMatchObject({ kind: 'network', width: 600, height: 400 });
  });

  it('a network is sized in millimetres: out-of-range sizes are named, columns and rows are not asked', () => {
    expect(draftProblems(draft({ grid: 'network', cols: 0, cellSize: 2 }))).toEqual({});
    expect(draftProblems(draft({ grid: 'network', widthMm: 5, cellSize: 2 }))).toEqual({ size: "The map's width and height are millimetres from 10 to 100,000." });
    expect(draftProblems(draft({ grid: 'network', heightMm: Number.NaN, cellSize: 2 }))).toEqual({ size: "The map's width and height are millimetres from 10 to 100,000." });
    expect(draftProblems(draft({ grid: 'network', cellSize: 300 })).cellSize).toBe('The position size is a number from 0.2 to 200 cm.');
  });
});
