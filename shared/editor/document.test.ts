import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeTinyScenario } from '../format/fixtures.js';
import type { Scenario } from '../format/scenario.types.js';
import { MapDocument } from './document.js';
import { editFields } from './commands/fields.js';
import { editEdges } from './commands/edges.js';
import { setCellName } from './commands/features.js';
import { paintTerrain } from './commands/cells.js';
import { blankScenario, GRID_CASES } from './testing.js';

const scenariosDir = join(dirname(fileURLToPath(import.meta.url)), '../../scenarios');

describe('MapDocument round trip', () => {
  it('an unchanged document writes back the very scenario it was loaded from', () => {
    const s = makeTinyScenario();
    expect(JSON.stringify(MapDocument.fromScenario(s).toScenario())).toBe(JSON.stringify(s));
  });

  for (const file of readdirSync(scenariosDir).filter((f) => f.endsWith('.json'))) {
    it(`bundled ${file} round-trips byte for byte`, () => {
      const s = JSON.parse(readFileSync(join(scenariosDir, file), 'utf8')) as Scenario;
      expect(JSON.stringify(MapDocument.fromScenario(s).toScenario())).toBe(JSON.stringify(s));
    });
  }

  for (const c of GRID_CASES) {
    it(`${c.name}: a blank map round-trips`, () => {
      const s = blankScenario(c.grid, 11, 7);
      expect(JSON.stringify(MapDocument.fromScenario(s).toScenario())).toBe(JSON.stringify(s));
    });
  }

  it('the loaded scenario and the written one are copies: changing them never reaches the document', () => {
    const s = makeTinyScenario();
    const doc = MapDocument.fromScenario(s);
    s.map.cells!['0,3']!.name = 'Changed';
    s.orderOfBattle.length = 0;
    const out = doc.toScenario();
    out.map.cells!['4,1']!.name = 'Changed too';
    out.map.rivers!.length = 0;
    expect(doc.toScenario()).toEqual(makeTinyScenario());
  });

  it('a side listed from the non-owning cell is stored and written in canonical form', () => {
    const s = makeTinyScenario();
    s.map.lakeShores = ['2,1,S'];
    const doc = MapDocument.fromScenario(s);
    expect(doc.toScenario().map.lakeShores).toEqual(['2,2,N']);
  });

  it('lists missing from the file appear only once they hold something; lists that were there stay, even emptied', () => {
    const s = blankScenario({ kind: 'hex' }, 5, 4);
    const doc = MapDocument.fromScenario(s);
    expect('rivers' in doc.toScenario().map).toBe(false);
    doc.execute(editEdges(doc, 'rivers', ['1,1,N'], 'add')!);
    expect(doc.toScenario().map.rivers).toEqual(['1,1,N']);
    const tiny = MapDocument.fromScenario(makeTinyScenario());
    tiny.execute(editEdges(tiny, 'lakeShores', ['2,2,N'], 'remove')!);
    expect(tiny.toScenario().map.lakeShores).toEqual([]);
  });

  it('edited cells and features land where they belong in the rows and the cells record', () => {
    const doc = MapDocument.fromScenario(makeTinyScenario());
    doc.execute(paintTerrain(doc, [doc.grid.index({ col: 5, row: 4 })], 'mountain')!);
    doc.execute(setCellName(doc, { col: 1, row: 4 }, 'Yelnya')!);
    const s = doc.toScenario();
    expect(s.map.terrain![4]).toBe('.....^');
    expect(Object.keys(s.map.cells!).at(-1)).toBe('1,4');
  });
});

describe('MapDocument refuses maps it cannot hold, naming the place', () => {
  it('a row of the wrong length', () => {
    const s = makeTinyScenario();
    s.map.terrain![2] = '..~..';
    expect(() => MapDocument.fromScenario(s)).toThrow(/map.terrain: row 2 has 5 cells, expected 6/);
  });

  it('a code not in the palette', () => {
    const s = makeTinyScenario();
    s.map.control![1] = 'GGGXSS';
    expect(() => MapDocument.fromScenario(s)).toThrow(/map.control: unknown code "X" at 3,1/);
  });

  it('an edge that is not a side of the grid', () => {
    const s = makeTinyScenario();
    s.map.roads = ['0,3,SE', '1,1,E'];
    expect(() => MapDocument.fromScenario(s)).toThrow(/map.roads\[1\]: "1,1,E"/);
  });

  it('a cell key outside the map', () => {
    const s = makeTinyScenario();
    s.map.cells!['9,9'] = { fortification: true };
    expect(() => MapDocument.fromScenario(s)).toThrow(/map.cells: "9,9"/);
  });
});

describe('fields outside the map', () => {
  it('field commands rename sides, change units and add a field without touching the map; undo gives the file back byte for byte', () => {
    const doc = MapDocument.fromScenario(makeTinyScenario());
    const before = doc.toScenario();
    const sides = [{ ...before.sides[0], name: 'Army Group Centre', colour: '#123456' }, before.sides[1]] as Scenario['sides'];
    const orderOfBattle = before.orderOfBattle.slice(1);
    const cmd = editFields(doc, { ...before, sides, orderOfBattle, designNotes: 'Summer 1943' } as Scenario, 'Sides and units')!;
    const change = doc.execute(cmd);
    expect([...change.fields].sort()).toEqual(['designNotes', 'orderOfBattle', 'sides']);
    expect([...change.layers].sort()).toEqual(['scenario', 'sides', 'units']);
    const after = doc.toScenario();
    expect(after.sides[0].name).toBe('Army Group Centre');
    expect(doc.sides[0].colour).toBe('#123456');
    expect(after.orderOfBattle).toEqual(orderOfBattle);
    expect(Object.keys(after).at(-1)).toBe('designNotes');
    expect(after.map).toEqual(before.map);
    doc.revert(cmd);
    expect(JSON.stringify(doc.toScenario())).toBe(JSON.stringify(before));
  });

  it('a field removed and put back by undo keeps its place in the file', () => {
    const doc = MapDocument.fromScenario(makeTinyScenario());
    const before = doc.toScenario();
    const keys = Object.keys(before);
    const victim = keys.find((k) => k !== 'map' && k !== 'sides' && k !== keys.at(-1) && k !== 'formatVersion')!;
    const without = { ...before } as Record<string, unknown>;
    delete without[victim];
    const cmd = editFields(doc, without as unknown as Scenario, 'Remove')!;
    doc.execute(cmd);
    expect(Object.keys(doc.toScenario())).not.toContain(victim);
    doc.revert(cmd);
    expect(JSON.stringify(doc.toScenario())).toBe(JSON.stringify(before));
    expect(editFields(doc, before, 'Nothing')).toBeNull();
  });
});
