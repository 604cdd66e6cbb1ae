import { describe, expect, it } from 'vitest';
import { smallScenario } from './fixtures.js';
import { parseBranch, parseElite, parseOobPaste, pasteColumns, pastedUnits, pasteSummary, type PasteTarget } from './paste.js';

// The fixture is a 6×5 square grid labelled CCRR: "0101" is the top-left cell (0,0).
const target = (over: Partial<PasteTarget> = {}): PasteTarget => ({ scenario: smallScenario(), side: 'germans', ...over });

describe('paste: good rows', () => {
  it('comma-separated rows in positional order become units with cells from labels', () => {
    const p = parseOobPaste('XIII Corps,inf,5,,0203\nLVI Panzer,tank,4,yes,0305\n', target());
    expect(p.delimiter).toBe(',');
    expect(p.header).toBeUndefined();
    expect(p.rows.map((r) => r.errors)).toEqual([[], []]);
    expect(pastedUnits(p)).toEqual([
      { id: 'g-xiii-corps', side: 'germans', name: 'XIII Corps', branch: 'infantry', strength: 5, cell: '1,2' },
      { id: 'g-lvi-panzer', side: 'germans', name: 'LVI Panzer', branch: 'tank', strength: 4, cell: '2,4', elite: true },
    ]);
  });

  it('tab-separated rows (a spreadsheet copy) are read the same, commas then stay inside names', () => {
    const p = parseOobPaste('Corps Raus, Gruppe\tinfantry\t3\t\t0101\r\nKempf\tmech\t2\tx\t0605\r\n', target());
    expect(p.delimiter).toBe('\t');
    expect(pastedUnits(p).map((u) => [u.name, u.branch, u.cell, !!u.elite])).toEqual([
      ['Corps Raus, Gruppe', 'infantry', '0,0', false],
      ['Kempf', 'mechanised', '5,4', true],
    ]);
  });

  it('"col,row" counted from 1 works as a cell when quoted', () => {
    const p = parseOobPaste('A,inf,2,,"3,4"', target());
    expect(pastedUnits(p)[0]!.cell).toBe('2,3');
  });

  it('quoted fields keep commas, tabs and line breaks; line numbers point at where rows start', () => {
    const text = 'name,branch,strength,elite,cell\n"Group ""North"", left",inf,2,,0101\n"Two\nlines",cav,3,no,0102\n\n"Tab\there",para,1,,0103\n';
    const p = parseOobPaste(text, target());
    expect(p.rows.map((r) => r.line)).toEqual([2, 3, 6]);
    expect(pastedUnits(p).map((u) => [u.name, u.branch])).toEqual([
      ['Group "North", left', 'infantry'],
      ['Two lines', 'cavalry'],
      ['Tab here', 'airborne'],
    ]);
  });

  it('ids are unique against existing units and within the paste', () => {
    // The fixture already has a unit "g-1"; "g-new" is taken by the caller's unsaved unit.
    const p = parseOobPaste('I Corps,inf,2,,0101\nI Corps,inf,2,,0102\nNew,inf,1,,0103\n1,inf,1,,0104', target({ existingIds: ['g-new'] }));
    expect(pastedUnits(p).map((u) => u.id)).toEqual(['g-i-corps', 'g-i-corps-2', 'g-new-2', 'g-1-2']);
  });

  it('blank lines are skipped', () => {
    expect(pasteSummary(parseOobPaste('\n\nA,inf,1,,0101\n\n\nB,inf,1,,0102\n\n', target()))).toEqual({ ready: 2, failed: 0 });
  });
});

describe('paste: header row', () => {
  it('a header is recognised case-insensitively and columns may come in any order', () => {
    const p = parseOobPaste('HEX\tSP\tType\tName\tElite\n0201\t6\tArmour\t4th Panzer\tY\n', target());
    expect(p.header?.columns).toEqual(['cell', 'strength', 'branch', 'name', 'elite']);
    expect(pastedUnits(p)).toEqual([{ id: 'g-4th-panzer', side: 'germans', name: '4th Panzer', branch: 'tank', strength: 6, cell: '1,0', elite: true }]);
  });

  it('a header without an elite column is fine; unknown columns are ignored', () => {
    const p = parseOobPaste('Unit,Notes,Branch,Strength,Start\nA,first wave,cav,2,0101\n', target());
    expect(p.header?.columns).toEqual(['name', null, 'branch', 'strength', 'cell']);
    expect(pastedUnits(p)).toHaveLength(1);
  });

  it('a header missing a required column is a paste error and no row makes a unit', () => {
    const p = parseOobPaste('name,branch,strength\nA,inf,2\n', target());
    expect(p.errors[0]).toMatch(/no cell column/);
    expect(pastedUnits(p)).toEqual([]);
  });

  it('a side column picks the side by id, name or code', () => {
    const p = parseOobPaste('name,side,branch,strength,cell\nA,Soviets,inf,2,0501\nB,G,inf,2,0101\nC,Finns,inf,2,0101\n', target());
    expect(pastedUnits(p).map((u) => [u.id, u.side])).toEqual([
      ['s-a', 'soviets'],
      ['g-b', 'germans'],
    ]);
    expect(p.rows[2]!.errors).toEqual([{ column: 'side', message: expect.stringMatching(/"Finns" is not a side/) }]);
  });

  it('a first row of data is not mistaken for a header', () => {
    const p = parseOobPaste('Cavalry Corps,cav,3,,0101\n', target());
    expect(p.header).toBeUndefined();
    expect(pastedUnits(p)).toHaveLength(1);
  });
});

describe('paste: bad rows', () => {
  it('a row with the wrong number of columns says how many were expected and found', () => {
    const p = parseOobPaste('A,inf,2,,0101\nB,inf,2\nC,inf,2,,0101,extra\nD,inf,2,,0102,,\n', target());
    expect(p.rows.map((r) => r.errors.map((e) => [e.column, e.message]))).toEqual([
      [],
      [[null, 'Expected 5 columns (name, branch, strength, elite, cell), found 3.']],
      [[null, 'Expected 5 columns (name, branch, strength, elite, cell), found 6.']],
      [], // trailing empty cells from a spreadsheet are tolerated
    ]);
  });

  it('strength must be a whole number from 1 to 99', () => {
    const p = parseOobPaste(['A,inf,0,,0101', 'B,inf,100,,0101', 'C,inf,x,,0101', 'D,inf,2.5,,0101', 'E,inf,99,,0101', 'F,inf,1,,0101'].join('\n'), target());
    expect(p.rows.map((r) => r.errors.map((e) => e.column))).toEqual([['strength'], ['strength'], ['strength'], ['strength'], [], []]);
  });

  it('an unknown branch, a bad elite value, an empty name and a bad or off-map cell are reported per column', () => {
    const p = parseOobPaste(',artillery,2,maybe,0909\nA,inf,2,,Z9\n', target());
    expect(p.rows[0]!.errors.map((e) => e.column)).toEqual(['name', 'branch', 'elite', 'cell']);
    expect(p.rows[0]!.errors[3]!.message).toMatch(/outside the 6×5 map/);
    expect(p.rows[1]!.errors[0]!.message).toMatch(/"Z9" is not a cell/);
    expect(p.rows.every((r) => r.unit === undefined)).toBe(true);
  });

  it('bad rows keep their values for the preview and good rows still parse', () => {
    const p = parseOobPaste('A,inf,2,,0101\nB,horses?,2,,0101\n', target());
    expect(p.rows[1]!.values).toEqual(['B', 'horses?', '2', '', '0101']);
    expect(pasteSummary(p)).toEqual({ ready: 1, failed: 1 });
  });

  it('a quote never closed is reported on its row instead of eating the rest silently', () => {
    const p = parseOobPaste('A,inf,2,,0101\nB,"inf,2,,0101\nC,inf,1,,0102', target());
    expect(p.rows[0]!.unit).toBeDefined();
    expect(p.rows[1]!.errors[0]).toEqual({ column: null, message: expect.stringMatching(/cannot be read as CSV.*quotes/) });
  });

  it('a byte-order mark from a CSV file does not hide the header', () => {
    expect(parseOobPaste('\uFEFFName,Branch,SP,Elite,Cell\nA,inf,2,,0101', target()).header?.columns[0]).toBe('name');
  });

  it('never throws on odd input', () => {
    for (const text of ['', '\n', '"unterminated', ',,,,', '\t\t\t\t', 'a']) expect(() => parseOobPaste(text, target())).not.toThrow();
    expect(parseOobPaste('', target()).rows).toEqual([]);
  });
});

describe('paste: synonyms', () => {
  it('branch words and abbreviations map to branches', () => {
    const cases: [string, string][] = [
      ['inf', 'infantry'], ['Infantry', 'infantry'], ['tank', 'tank'], ['ARMOUR', 'tank'], ['armor', 'tank'], ['Panzer', 'tank'],
      ['mech', 'mechanised'], ['mechanized', 'mechanised'], ['Motorised', 'mechanised'], ['cav', 'cavalry'], ['Cavalry', 'cavalry'],
      ['airborne', 'airborne'], ['para', 'airborne'],
    ];
    for (const [word, branch] of cases) expect(parseBranch(word), word).toBe(branch);
    expect(parseBranch('artillery')).toBeNull();
  });

  it('elite reads yes/y/true/1/x/elite as yes and empty/no as no', () => {
    for (const yes of ['yes', 'Y', 'true', '1', 'x', 'Elite']) expect(parseElite(yes), yes).toBe(true);
    for (const no of ['', ' ', 'no', 'N', 'false', '0']) expect(parseElite(no), no).toBe(false);
    expect(parseElite('perhaps')).toBeNull();
  });
});

describe('paste: columns from the ruleset (Battle for Moscow)', () => {
  // A Battle for Moscow version of the fixture: its units carry half strength and movement.
  const bfm = (): PasteTarget => {
    const s = smallScenario();
    return { scenario: { ...s, ruleset: { id: 'bfm' } }, side: 'germans' };
  };

  it('reads name, branch, strength, half strength, movement and cell by position, into unit fields', () => {
    const p = parseOobPaste('XLVI Panzer Corps,panzer,9,4,6,0203\nV Corps,inf,8,4,4,0305\n', bfm());
    expect(p.columns).toEqual(['name', 'branch', 'strength', 'fields.reducedStrength', 'fields.movement', 'cell']);
    expect(p.rows.map((r) => r.errors)).toEqual([[], []]);
    expect(pastedUnits(p)).toEqual([
      { id: 'g-xlvi-panzer-corps', side: 'germans', name: 'XLVI Panzer Corps', branch: 'tank', strength: 9, cell: '1,2', fields: { reducedStrength: 4, movement: 6 } },
      { id: 'g-v-corps', side: 'germans', name: 'V Corps', branch: 'infantry', strength: 8, cell: '2,4', fields: { reducedStrength: 4, movement: 4 } },
    ]);
  });

  it('finds the ruleset columns under the header words a designer writes (MA, half, starts half)', () => {
    const p = parseOobPaste('Unit\tType\tStr\tHalf\tMA\tHex\tStarts half\n16th Army\tinfantry\t7\t3\t4\t0501\tyes\n', bfm());
    expect(p.header?.columns).toEqual(['name', 'branch', 'strength', 'fields.reducedStrength', 'fields.movement', 'cell', 'fields.startsReduced']);
    expect(pastedUnits(p)[0]).toMatchObject({ name: '16th Army', strength: 7, fields: { reducedStrength: 3, movement: 4, startsReduced: true } });
  });

  it('says which ruleset values are missing or out of range, and refuses branches the ruleset does not know', () => {
    const p = parseOobPaste('A,mech,6,3,4,0101\nB,inf,6,0,4,0101\nC,inf,6,3,,0101\n', bfm());
    expect(p.rows[0]!.errors).toEqual([{ column: 'branch', message: '"mech" is not a branch of Battle for Moscow: use infantry or panzer.' }]);
    expect(p.rows[1]!.errors).toEqual([{ column: 'fields.reducedStrength', message: 'Half strength "0" must be a whole number from 1 to 98.' }]);
    expect(p.rows[2]!.errors).toEqual([{ column: 'fields.movement', message: 'Movement is missing: give a whole number from 1 to 20.' }]);
    const header = parseOobPaste('name,branch,strength,cell\nA,inf,6,0101\n', bfm());
    expect(header.errors).toEqual(['The header row has no half strength, movement columns; name the columns name, branch, combat strength, half strength, movement and cell.']);
  });

  it('lists the columns a ruleset reads for a preview table', () => {
    expect(pasteColumns({ ruleset: { id: 'bfm' } }).map((c) => `${c.key}:${c.label}`)).toEqual([
      'name:Name',
      'branch:Branch',
      'strength:Str',
      'fields.reducedStrength:Half',
      'fields.movement:MA',
      'cell:Cell',
      'fields.startsReduced:Starts half',
      'side:Side',
    ]);
    expect(pasteColumns({}).map((c) => c.key)).toEqual(['name', 'branch', 'strength', 'elite', 'cell', 'side']);
  });
});
