import { describe, expect, it } from 'vitest';
import { makeTinyScenario } from './fixtures.js';
import type { ValidationIssue } from './issues.js';
import { validateScenario } from './validate.js';

// The fixture as loose JSON, so a test can break it in ways the types forbid.
type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const loose = (): Loose => makeTinyScenario() as unknown as Loose;

/** Turns the fixture's map into an 8-way square grid with edges valid for it. */
function onSquare8(s: Loose): void {
  s.map.grid = { kind: 'square', adjacency: 8, cols: 6, rows: 5 };
  s.map.rivers = ['2,1,E', '2,2,E'];
  s.map.lakeShores = [];
  s.map.roads = ['0,3,E', '1,3,E'];
  s.map.rails = ['0,1,E'];
}

interface BrokenVariant {
  name: string;
  breakIt: (s: Loose) => void;
  pointer: string;
  word: string | RegExp;
  /**
   * How many errors the variant produces in all: by default exactly one (no noisy duplicates);
   * more when the break really has knock-on effects, 'many' when it breaks every reference.
   */
  errors?: number | 'many';
}

const variants: BrokenVariant[] = [
  // Schema: shape and types
  { name: 'a missing top-level field', breakIt: (s) => delete s.title, pointer: '', word: '"title"' },
  { name: 'a missing grid field', breakIt: (s) => delete s.map.grid.rows, pointer: '/map/grid', word: 'required field "rows"' },
  { name: 'a missing unit field', breakIt: (s) => delete s.orderOfBattle[3].strength, pointer: '/orderOfBattle/3', word: 'required field "strength"' },
  { name: 'text where a count belongs', breakIt: (s) => (s.map.grid.cols = 'twelve'), pointer: '/map/grid/cols', word: 'whole number from 1 to 4096 (found "twelve")' },
  { name: 'a fractional strength', breakIt: (s) => (s.orderOfBattle[0].strength = 2.5), pointer: '/orderOfBattle/0/strength', word: 'whole number' },
  { name: 'a value outside its range', breakIt: (s) => (s.ruleset.options.baseToHit = 7), pointer: '/ruleset/options/baseToHit', word: 'from 2 to 6' },
  { name: 'an unknown branch', breakIt: (s) => (s.orderOfBattle[1].branch = 'artillery'), pointer: '/orderOfBattle/1/branch', word: '"cavalry"' },
  { name: 'an unknown ground condition', breakIt: (s) => (s.groundConditions.initial = 'frost'), pointer: '/groundConditions/initial', word: 'one of' },
  { name: 'an unknown field in the grid', breakIt: (s) => (s.map.grid.colz = 7), pointer: '/map/grid', word: 'unknown field "colz"' },
  { name: 'an unknown field in a unit', breakIt: (s) => (s.orderOfBattle[0].strenght = 3), pointer: '/orderOfBattle/0', word: 'Did you mean "strength"' },
  { name: 'an unknown field in a new unit', breakIt: (s) => (s.reinforcements[0].unit.cell = '0,0'), pointer: '/reinforcements/0/unit', word: 'unknown field "cell"' },
  { name: 'a colour not written #rrggbb', breakIt: (s) => (s.sides[0].colour = 'grey'), pointer: '/sides/0/colour', word: '#rrggbb' },
  { name: 'three sides', breakIt: (s) => s.sides.push({ ...s.sides[0], id: 'ita', code: 'I' }), pointer: '/sides', word: 'exactly 2 entries' },
  { name: 'a newer format version', breakIt: (s) => (s.formatVersion = 2), pointer: '/formatVersion', word: 'exactly 1' },
  { name: 'a cell key that is not a cell', breakIt: (s) => (s.map.cells['a,b'] = { name: 'X' }), pointer: '/map/cells/a,b', word: '"col,row"' },
  { name: 'a unit cell with three numbers', breakIt: (s) => (s.orderOfBattle[2].cell = '4,2,1'), pointer: '/orderOfBattle/2/cell', word: 'cell written' },
  { name: 'an empty cell entry', breakIt: (s) => (s.map.cells['3,2'] = {}), pointer: '/map/cells/3,2', word: 'sets nothing' },
  { name: 'the same river side twice', breakIt: (s) => s.map.rivers.push('2,0,SE'), pointer: '/map/rivers/4', word: 'twice' },
  { name: 'a list where an object belongs', breakIt: (s) => (s.calendar = []), pointer: '/calendar', word: 'an object' },

  // Map rows and palettes
  { name: 'a terrain row of the wrong length', breakIt: (s) => (s.map.terrain[2] = '..~....'), pointer: '/map/terrain/2', word: '7 characters' },
  { name: 'a control layer missing a row', breakIt: (s) => s.map.control.pop(), pointer: '/map/control', word: '4 rows' },
  { name: 'an unknown terrain code', breakIt: (s) => (s.map.terrain[0] = '..f..#'), pointer: '/map/terrain/0', word: 'Terrain code "#"' },
  { name: 'an unknown side in a control row', breakIt: (s) => (s.map.control[1] = 'GGGSSR'), pointer: '/map/control/1', word: 'not a side' },
  // The woods cells now have no terrain type of their own: a second, true error.
  { name: 'two terrain types with one code', breakIt: (s) => (s.map.terrainTypes[1].code = '.'), pointer: '/map/terrainTypes/1/code', word: 'already used', errors: 2 },
  { name: 'two terrain types with one id', breakIt: (s) => (s.map.terrainTypes[2].id = 'clear'), pointer: '/map/terrainTypes/2/id', word: 'already used' },
  { name: 'freezing woods', breakIt: (s) => (s.map.terrainTypes[1].freezes = true), pointer: '/map/terrainTypes/1/freezes', word: 'freeze' },
  {
    name: 'features on a cell outside the map',
    breakIt: (s) => (s.map.cells['6,0'] = { name: 'Beyond' }),
    pointer: '/map/cells/6,0',
    word: 'outside',
  },

  // Sides
  { name: 'two sides with one code', breakIt: (s) => (s.sides[1].code = 'G'), pointer: '/sides/1/code', word: 'code "G"', errors: 2 },
  // Every reference to the renamed side now dangles, and each is reported where it is.
  { name: 'two sides with one id', breakIt: (s) => (s.sides[1].id = 'ger'), pointer: '/sides/1/id', word: 'id "ger"', errors: 'many' },
  { name: 'a schedule naming an unknown side', breakIt: (s) => (s.preparedOffensives[0].side = 'ita'), pointer: '/preparedOffensives/0/side', word: 'not a side' },
  { name: 'a unit of an unknown side', breakIt: (s) => (s.orderOfBattle[3].side = 'ita'), pointer: '/orderOfBattle/3/side', word: '"ita"' },
  { name: 'an entry cell for an unknown side', breakIt: (s) => (s.map.cells['0,0'].entry = ['ita']), pointer: '/map/cells/0,0/entry/0', word: 'not a side' },
  { name: 'a supply base of an unknown side', breakIt: (s) => (s.map.cells['0,3'].supplyBase = 'ita'), pointer: '/map/cells/0,3/supplyBase', word: 'supply base' },

  // Edges
  { name: 'a side a flat-top hex does not have', breakIt: (s) => s.map.rivers.push('1,1,E'), pointer: '/map/rivers/4', word: 'not a side of this flat-top hex grid' },
  { name: 'one river side in two spellings', breakIt: (s) => s.map.rivers.push('2,-0,SE'), pointer: '/map/rivers/4', word: 'same side as "2,0,SE"' },
  { name: 'a side not in canonical form', breakIt: (s) => s.map.roads.push('-0,1,SE'), pointer: '/map/roads/3', word: 'canonical form "0,1,SE"' },
  { name: 'a river wholly outside the map', breakIt: (s) => s.map.rivers.push('8,8,N'), pointer: '/map/rivers/4', word: 'outside the map' },
  { name: 'a lake shore wholly outside the map', breakIt: (s) => s.map.lakeShores.push('6,6,N'), pointer: '/map/lakeShores/1', word: 'outside the map' },
  { name: 'a road running off the map', breakIt: (s) => s.map.roads.push('5,0,NE'), pointer: '/map/roads/3', word: 'connect two cells' },
  { name: 'a rail on the map border', breakIt: (s) => s.map.rails.push('0,0,N'), pointer: '/map/rails/3', word: 'connect two cells' },
  {
    name: 'a diagonal on an 8-way square grid',
    breakIt: (s) => {
      onSquare8(s);
      s.map.rivers.push('3,3,NE');
    },
    pointer: '/map/rivers/2',
    word: 'Diagonal',
  },

  // Turns and schedules
  { name: 'a reinforcement after the last turn', breakIt: (s) => (s.reinforcements[0].turn = 9), pointer: '/reinforcements/0/turn', word: 'after the last game turn' },
  { name: 'a replacement after the last turn', breakIt: (s) => (s.replacements[0].turn = 7), pointer: '/replacements/0/turn', word: 'Turn 7' },
  { name: 'a ground rule after the last turn', breakIt: (s) => (s.groundConditions.changes[1].fromTurn = 8), pointer: '/groundConditions/changes/1/fromTurn', word: 'calendar' },
  { name: 'a range that ends before it starts', breakIt: (s) => (s.airInterdiction[0] = { side: 'ger', fromTurn: 3, toTurn: 2 }), pointer: '/airInterdiction/0/toTurn', word: 'before it starts' },
  { name: 'a backwards die range', breakIt: (s) => (s.groundConditions.changes[0].outcomes[0].min = 4), pointer: '/groundConditions/changes/0/outcomes/0', word: 'backwards' },
  {
    name: 'two outcomes for one die score',
    breakIt: (s) => s.groundConditions.changes[0].outcomes.push({ min: 2, max: 4, condition: 'frozen' }),
    pointer: '/groundConditions/changes/0/outcomes/1',
    word: 'score 2 is in two outcomes',
  },
  {
    name: 'an initiative gap',
    breakIt: (s) => (s.initiative[0].toTurn = 2),
    pointer: '/initiative',
    word: 'turns 3–4',
  },
  {
    name: 'an initiative overlap',
    breakIt: (s) => (s.initiative[1].fromTurn = 4),
    pointer: '/initiative/1',
    word: 'Turn 4 has two initiative entries',
  },

  // Units
  { name: 'a unit starting outside the map', breakIt: (s) => (s.orderOfBattle[0].cell = '9,2'), pointer: '/orderOfBattle/0/cell', word: 'outside the 6×5 map' },
  { name: 'a reinforcement entering outside the map', breakIt: (s) => (s.reinforcements[1].entryCell = '5,5'), pointer: '/reinforcements/1/entryCell', word: 'outside' },
  {
    name: 'a unit id used twice',
    breakIt: (s) => (s.reinforcements[0].unit.id = 'g-inf-1'),
    pointer: '/reinforcements/0/unit/id',
    word: 'already used',
  },
  {
    name: 'an overstacked start cell',
    breakIt: (s) =>
      s.orderOfBattle.push(
        { id: 'g-inf-2', side: 'ger', name: 'V Corps', branch: 'infantry', strength: 3, cell: '1,2' },
        { id: 'g-inf-3', side: 'ger', name: 'VI Corps', branch: 'infantry', strength: 3, cell: '1,2' },
      ),
    pointer: '/orderOfBattle/5/cell',
    word: 'stacking limit of 3',
  },
  { name: 'a unit starting on mountains', breakIt: (s) => (s.orderOfBattle[3].cell = '4,3'), pointer: '/orderOfBattle/3/cell', word: 'impassable' },
  { name: 'a unit starting on a thawed lake', breakIt: (s) => (s.orderOfBattle[0].cell = '2,2'), pointer: '/orderOfBattle/0/cell', word: 'Lake' },
  { name: 'a reinforcement entering on mountains', breakIt: (s) => (s.reinforcements[1].entryCell = '4,3'), pointer: '/reinforcements/1/entryCell', word: 'impassable' },
];

const errorsOf = (issues: ValidationIssue[]) => issues.filter((i) => i.severity === 'error');

describe('validateScenario', () => {
  it('accepts the tiny fixture with no errors and no warnings', () => {
    const result = validateScenario(makeTinyScenario());
    expect(result.issues).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it('returns the scenario itself when it is valid', () => {
    const scenario = makeTinyScenario();
    const result = validateScenario(scenario);
    expect(result.ok && result.value).toBe(scenario);
  });

  it('covers at least 25 broken variants', () => {
    expect(variants.length).toBeGreaterThanOrEqual(25);
  });

  describe.each(variants)('rejects $name', ({ breakIt, pointer, word, errors }) => {
    it(`with an error at ${pointer || '(root)'} saying what is wrong`, () => {
      const s = loose();
      breakIt(s);
      const result = validateScenario(s);
      expect(result.ok).toBe(false);
      const found = errorsOf(result.issues).filter((i) => i.pointer === pointer);
      expect(found.map((i) => i.message).join('\n')).toMatch(typeof word === 'string' ? new RegExp(escapeRe(word)) : word);
      if (errors !== 'many') expect(errorsOf(result.issues).map((i) => `${i.pointer}: ${i.message}`)).toHaveLength(errors ?? 1);
    });
  });

  it('reports one sentence per broken value, not one per failed keyword', () => {
    const s = loose();
    s.map.grid.cols = -3.5; // fails type, minimum
    const issues = validateScenario(s).issues;
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ pointer: '/map/grid/cols', value: -3.5, severity: 'error' });
  });

  it('lists every schema problem at once, not just the first', () => {
    const s = loose();
    delete s.title;
    s.map.grid.cols = 'six';
    s.orderOfBattle[0].branch = 'navy';
    const pointers = validateScenario(s).issues.map((i) => i.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['', '/map/grid/cols', '/orderOfBattle/0/branch']));
  });

  it('runs the semantic checks only once the schema passes', () => {
    const s = loose();
    s.title = '';
    s.orderOfBattle[0].cell = '9,9'; // would be a semantic error
    const issues = validateScenario(s).issues;
    expect(issues.map((i) => i.pointer)).toEqual(['/title']);
  });

  it('names the cell an issue is about', () => {
    const s = loose();
    s.orderOfBattle[3].cell = '4,3';
    const issue = validateScenario(s).issues.find((i) => i.pointer === '/orderOfBattle/3/cell');
    expect(issue?.cell).toBe('4,3');
  });

  it('never throws on input that is not a scenario at all', () => {
    for (const junk of [null, 42, 'scenario', [], [1, 2], { formatVersion: 1 }, undefined]) {
      const result = validateScenario(junk);
      expect(result.ok).toBe(false);
      expect(result.issues.length).toBeGreaterThan(0);
    }
  });

  it('does not modify the scenario it checks', () => {
    const s = loose();
    s.map.terrain[0] = '..f..#';
    const before = JSON.stringify(s);
    validateScenario(s);
    expect(JSON.stringify(s)).toBe(before);
  });

  it('keeps warnings out of the verdict: a scenario with only advice is valid', () => {
    const s = makeTinyScenario();
    delete s.initiative;
    const result = validateScenario(s);
    expect(result.ok).toBe(true);
    expect(result.issues).toEqual([expect.objectContaining({ severity: 'warning', pointer: '/initiative' })]);
  });

  it('accepts the same scenario on an 8-way square grid', () => {
    const s = loose();
    onSquare8(s);
    expect(errorsOf(validateScenario(s).issues)).toEqual([]);
  });
});

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
