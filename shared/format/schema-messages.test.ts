import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { closestName, describeExpected, schemaIssues } from './schema-messages.js';
import { scenarioSchemaIssues } from './validate.js';
import { makeTinyScenario } from './fixtures.js';

type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('schema messages', () => {
  it('describe an expected whole number with its range', () => {
    expect(describeExpected({ type: 'integer', minimum: 1, maximum: 4096 })).toBe('a whole number from 1 to 4096');
    expect(describeExpected({ type: 'number', exclusiveMinimum: 0, maximum: 1000 })).toBe('a number above 0 and at most 1000');
    expect(describeExpected({ type: ['integer', 'null'], minimum: 1, maximum: 999 })).toBe('a whole number from 1 to 999, or null');
  });

  it('describe enumerations, constants and text limits in words', () => {
    expect(describeExpected({ enum: ['hex', 'square', 'offsetSquare'] })).toBe('one of "hex", "square" or "offsetSquare"');
    expect(describeExpected({ const: 1 })).toBe('exactly 1');
    expect(describeExpected({ type: 'string', minLength: 1, maxLength: 200 })).toBe('text of 1 to 200 characters');
    expect(describeExpected({ type: 'string', pattern: '^#[0-9a-fA-F]{6}$' })).toContain('#rrggbb');
  });

  it('say what was found next to what was expected', () => {
    const s = makeTinyScenario() as unknown as Loose;
    s.map.grid.cols = 'twelve';
    expect(scenarioSchemaIssues(s)).toEqual([
      {
        pointer: '/map/grid/cols',
        value: 'twelve',
        severity: 'error',
        message: '"cols" must be a whole number from 1 to 4096 (found "twelve").',
      },
    ]);
  });

  it('name a missing field and the kind of object that lacks it', () => {
    const s = makeTinyScenario() as unknown as Loose;
    delete s.orderOfBattle[3].strength;
    const [issue] = scenarioSchemaIssues(s);
    expect(issue).toMatchObject({ pointer: '/orderOfBattle/3', message: 'This unit is missing the required field "strength".' });
  });

  it('name an unknown field and suggest the field that was probably meant', () => {
    const s = makeTinyScenario() as unknown as Loose;
    s.map.grid.colz = 6;
    const [issue] = scenarioSchemaIssues(s);
    expect(issue?.pointer).toBe('/map/grid');
    expect(issue?.message).toBe('This grid has an unknown field "colz". Did you mean "cols"?');
  });

  it('list the known fields when no name is close', () => {
    const s = makeTinyScenario() as unknown as Loose;
    s.calendar.weather = 'fine';
    expect(scenarioSchemaIssues(s)[0]?.message).toContain('Known fields: startDate, turns.');
  });

  it('find known fields through allOf for units (unevaluatedProperties)', () => {
    const s = makeTinyScenario() as unknown as Loose;
    s.reinforcements[0].unit.elit = true;
    expect(scenarioSchemaIssues(s)[0]?.message).toContain('Did you mean "elite"?');
  });

  it('point at the later copy of a repeated list entry', () => {
    const s = makeTinyScenario() as unknown as Loose;
    s.tags = ['winter', 'hex', 'winter'];
    expect(scenarioSchemaIssues(s)).toEqual([expect.objectContaining({ pointer: '/tags/2', value: 'winter' })]);
  });

  it('explain a bad cell key once, at the key', () => {
    const s = makeTinyScenario() as unknown as Loose;
    s.map.cells['03,1'] = { name: 'Leading zero' };
    const issues = scenarioSchemaIssues(s);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ pointer: '/map/cells/03,1', value: '03,1' });
    expect(issues[0]?.message).toContain('"col,row"');
  });

  it('escape "/" and "~" in pointers to keys', () => {
    const s = makeTinyScenario() as unknown as Loose;
    s.map.cells['a/b~c'] = { name: 'Odd' };
    expect(scenarioSchemaIssues(s)[0]?.pointer).toBe('/map/cells/a~1b~0c');
  });

  it('guess misspellings only when they are close', () => {
    expect(closestName('colz', ['cols', 'rows', 'kind'])).toBe('cols');
    expect(closestName('Strength', ['strength', 'side'])).toBe('strength');
    expect(closestName('weather', ['startDate', 'turns'])).toBeUndefined();
  });
});

describe('schema messages for alternatives (oneOf)', () => {
  // A tagged union and a nullable value, as the save-game schema has them.
  const schema = {
    $defs: {
      Cell: { title: 'Cell', type: 'string', pattern: '^(0|[1-9][0-9]{0,4}),(0|[1-9][0-9]{0,4})$' },
      Move: {
        title: 'MoveAction', type: 'object', additionalProperties: false, required: ['type', 'to'],
        properties: { type: { const: 'move' }, to: { $ref: '#/$defs/Cell' } },
      },
      Pass: {
        title: 'PassAction', type: 'object', additionalProperties: false, required: ['type'],
        properties: { type: { const: 'pass' } },
      },
    },
    type: 'object',
    properties: {
      action: { oneOf: [{ $ref: '#/$defs/Move' }, { $ref: '#/$defs/Pass' }] },
      target: { oneOf: [{ $ref: '#/$defs/Cell' }, { type: 'null' }] },
    },
  };
  const validate = new Ajv2020({ allErrors: true, verbose: true }).compile(schema);
  const issuesOf = (data: unknown) => {
    expect(validate(data)).toBe(false);
    return schemaIssues(validate.errors ?? [], schema).map((i) => `${i.pointer} ${i.message}`);
  };

  it('report only the errors of the alternative the tag names', () => {
    expect(issuesOf({ action: { type: 'move', to: 'x', speed: 2 } })).toEqual([
      '/action This move action has an unknown field "speed". Known fields: type, to.',
      '/action/to "to" must be a cell written "col,row" counted from 0, such as "3,7" (found "x").',
    ]);
  });

  it('say which tags exist when the tag is unknown or missing', () => {
    expect(issuesOf({ action: { type: 'fly' } })).toEqual(['/action/type "type" must be one of "move" or "pass" (found "fly").']);
    expect(issuesOf({ action: {} })).toEqual(['/action "action" needs a "type" field, one of "move" or "pass".']);
  });

  it('explain a nullable value by its non-null form', () => {
    expect(issuesOf({ target: 'nowhere' })).toEqual([
      '/target "target" must be a cell written "col,row" counted from 0, such as "3,7" (found "nowhere").',
    ]);
  });
});
