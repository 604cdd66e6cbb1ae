// Find and replace on the seed-000 example (a 7×7 flat-top hex map with woods, a named town,
// supply bases, rivers, roads and rails) and on small maps of every grid kind: what a query
// finds is read straight from the file here, not from the document, so the two can disagree.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../format/scenario.types.js';
import { MapDocument } from './document.js';
import { History } from './history.js';
import { describeQuery, findCells, hasCriteria, replaceTerrain, type FindQuery } from './find.js';
import { defineSideFeature, editSideFeature } from './commands/side-features.js';
import { GRID_CASES, blankScenario, checkInverse, snapshot } from './testing.js';
import { paintTerrain } from './commands/cells.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const EXAMPLE = JSON.parse(readFileSync(path.join(root, 'scenarios', 'seed-000-example.json'), 'utf8')) as Scenario;

/** Cells ("col,row") whose terrain code in the file's rows is `code`. */
function cellsWithCode(s: Scenario, code: string): string[] {
  const out: string[] = [];
  (s.map.terrain ?? []).forEach((row, r) => [...row].forEach((c, col) => c === code && out.push(`${col},${r}`)));
  return out.sort();
}

const refs = (doc: MapDocument, indices: readonly number[]) => indices.map((i) => doc.grid.ref(doc.grid.cellAt(i))).sort();

describe('finding cells', () => {
  const doc = MapDocument.fromScenario(EXAMPLE);

  it('by terrain: every Woods cell of the file, in map order', () => {
    const hits = findCells(doc, { terrain: 'woods' });
    expect(refs(doc, hits)).toEqual(cellsWithCode(EXAMPLE, 'f'));
    expect(hits.length).toBe(8);
    expect([...hits].sort((a, b) => a - b)).toEqual(hits);
  });

  it('by name: part of it, in any case', () => {
    const named = Object.entries(EXAMPLE.map.cells ?? {}).filter(([, f]) => f.name?.toLowerCase().includes('bogu')).map(([k]) => k);
    expect(named).toEqual(['1,1']);
    expect(refs(doc, findCells(doc, { name: 'bOGU' }))).toEqual(named);
    expect(refs(doc, findCells(doc, { name: '  guslav ' }))).toEqual(named);
    expect(findCells(doc, { name: 'Kiev' })).toEqual([]);
  });

  it('by units: of any side, or of one side, where they stand at the start', () => {
    const at = (side?: string) => [...new Set(EXAMPLE.orderOfBattle.filter((u) => !side || u.side === side).map((u) => u.cell))].sort();
    expect(refs(doc, findCells(doc, { units: 'any' }))).toEqual(at());
    expect(refs(doc, findCells(doc, { units: 'germans' }))).toEqual(at('germans'));
    expect(refs(doc, findCells(doc, { units: 'soviets' }))).toEqual(at('soviets'));
    expect(at('germans').length).toBeGreaterThan(0);
  });

  it('by control and by marker', () => {
    const codes = EXAMPLE.sides.map((s) => s.code);
    const controlled: string[] = [];
    (EXAMPLE.map.control ?? []).forEach((row, r) => [...row].forEach((c, col) => c === codes[1] && controlled.push(`${col},${r}`)));
    expect(refs(doc, findCells(doc, { control: EXAMPLE.sides[1].id }))).toEqual(controlled.sort());
    const bases = Object.entries(EXAMPLE.map.cells ?? {}).filter(([, f]) => f.supplyBase).map(([k]) => k).sort();
    expect(bases.length).toBeGreaterThan(1);
    expect(refs(doc, findCells(doc, { marker: 'supplyBase' }))).toEqual(bases);
    const sovietBases = Object.entries(EXAMPLE.map.cells ?? {}).filter(([, f]) => f.supplyBase === 'soviets').map(([k]) => k).sort();
    expect(EXAMPLE.sides[1].id).toBe('soviets');
    expect(refs(doc, findCells(doc, { marker: 'supplyBase', control: 'soviets' }))).toEqual(bases.filter((k) => controlled.includes(k)));
    expect(sovietBases.every((k) => controlled.includes(k))).toBe(true);
  });

  it('on a river, road or rail: the two cells of every side carrying it', () => {
    for (const line of ['rivers', 'roads', 'rails'] as const) {
      const want = new Set<string>();
      for (const e of EXAMPLE.map[line] ?? []) for (const c of doc.grid.edgeCells(doc.grid.parseEdge(e)!)) if (doc.grid.inMap(c)) want.add(doc.grid.ref(c));
      expect(want.size).toBeGreaterThan(2);
      expect(refs(doc, findCells(doc, { line }))).toEqual([...want].sort());
    }
  });

  it('criteria combine: Woods on a road is the Woods cells that are on a road', () => {
    const woods = new Set(findCells(doc, { terrain: 'woods' }));
    const road = findCells(doc, { line: 'roads' });
    expect(findCells(doc, { terrain: 'woods', line: 'roads' })).toEqual(road.filter((i) => woods.has(i)));
    expect(describeQuery(doc, { terrain: 'woods', line: 'roads', control: 'soviets' })).toBe('Woods, controlled by Soviets, on a road');
  });

  it('within the selection only, and nothing for an empty query', () => {
    const all = findCells(doc, { terrain: 'woods' });
    expect(findCells(doc, { terrain: 'woods', within: all.slice(0, 3) })).toEqual(all.slice(0, 3));
    expect(findCells(doc, { terrain: 'woods', within: [] })).toEqual([]);
    expect(hasCriteria({ within: all })).toBe(false);
    expect(hasCriteria({ name: '   ' })).toBe(false);
    expect(findCells(doc, {})).toEqual([]);
  });

  it('a terrain, side or side feature the map lacks is named', () => {
    expect(() => findCells(doc, { terrain: 'jungle' })).toThrow('Find: this map has no terrain "jungle"');
    expect(() => findCells(doc, { control: 'martians' })).toThrow('Find: this scenario has no side "martians"');
    expect(() => findCells(doc, { units: 'martians' })).toThrow('Find: this scenario has no side "martians"');
    expect(() => findCells(doc, { sideFeature: 'wall' })).toThrow('Find: this map has no side feature "wall"');
  });

  it('along a custom side feature', () => {
    const d = MapDocument.fromScenario(blankScenario({ kind: 'square' }, 6, 5));
    d.execute(defineSideFeature(d, 'wall', { id: 'wall', name: 'Wall', colour: '#555555', sides: [] }, 'Add')!);
    d.execute(editSideFeature(d, 'wall', ['2,2,E', '0,0,W'], 'add')!);
    // 0,0,W is the map's edge: only the cell on the map is found.
    expect(refs(d, findCells(d, { sideFeature: 'wall' }))).toEqual(['0,0', '2,2', '3,2']);
  });
});

describe('combined criteria are the intersection of each alone (every grid kind)', () => {
  for (const gc of GRID_CASES) {
    it(gc.name, () => {
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.nat(47), fc.constantFrom('open', 'woods')), { maxLength: 30 }),
          fc.array(fc.nat(47), { maxLength: 12 }),
          fc.constantFrom<FindQuery['control']>(undefined, 'blue', 'red'),
          (paints, within, control) => {
            const s = blankScenario(gc.grid, 8, 6);
            const ground = s.map.terrainTypes[0]!;
            s.map.terrainTypes = [ground, { ...ground, id: 'woods', name: 'Woods', code: 'f', colour: '#3a7a3a' }];
            const d = MapDocument.fromScenario(s);
            const sideIds = d.sides.map((x) => x.id);
            const side = control === undefined ? undefined : control === 'blue' ? sideIds[0] : sideIds[1];
            for (const [i, t] of paints) {
              const paint = paintTerrain(d, [i], t === 'open' ? d.terrainTypes[0]!.id : 'woods');
              if (paint) d.execute(paint);
            }
            const q: FindQuery = { terrain: 'woods', ...(side ? { control: side } : {}) };
            const alone = new Set(findCells(d, { terrain: 'woods' }));
            const bySide = side ? new Set(findCells(d, { control: side })) : null;
            const both = findCells(d, q);
            for (let i = 0; i < d.grid.cellCount; i++) expect(both.includes(i)).toBe(alone.has(i) && (!bySide || bySide.has(i)));
            const inSel = new Set(within);
            expect(findCells(d, { ...q, within })).toEqual(both.filter((i) => inSel.has(i)));
          },
        ),
        { numRuns: 25 },
      );
    });
  }
});

describe('replacing terrain', () => {
  it('Woods with Open on the whole map: one undo step naming the count, undone byte for byte', () => {
    const doc = MapDocument.fromScenario(EXAMPLE);
    const history = new History(doc);
    const before = snapshot(doc);
    const cmd = replaceTerrain(doc, 'woods', 'open')!;
    expect(cmd.label).toBe('Replace Woods with Open (8 cells)');
    history.run(cmd);
    expect(history.undoLabel).toBe('Replace Woods with Open (8 cells)');
    expect(findCells(doc, { terrain: 'woods' })).toEqual([]);
    const rows = doc.toScenario().map.terrain!;
    expect(rows.join('')).not.toContain('f');
    // Every other cell kept its terrain.
    rows.forEach((row, r) => [...row].forEach((c, col) => expect(c).toBe(EXAMPLE.map.terrain![r]![col] === 'f' ? '.' : EXAMPLE.map.terrain![r]![col])));
    history.undo();
    expect(snapshot(doc)).toBe(before);
    history.redo();
    expect(findCells(doc, { terrain: 'open' }).length).toBe(34 + 8);
  });

  it('in the selection only; other terrain in the selection stays', () => {
    const doc = MapDocument.fromScenario(EXAMPLE);
    const woods = findCells(doc, { terrain: 'woods' });
    const selection = [...woods.slice(0, 3), ...findCells(doc, { terrain: 'swamp' })];
    const cmd = replaceTerrain(doc, 'woods', 'urban', selection)!;
    expect(cmd.label).toBe('Replace Woods with City (3 cells)');
    const check = checkInverse(doc, cmd);
    expect(check.afterRevert).toBe(check.before);
    expect(check.afterReapply).toBe(check.afterApply);
    expect(findCells(doc, { terrain: 'woods' })).toEqual(woods.slice(3));
    expect(findCells(doc, { terrain: 'swamp' }).length).toBe(4);
  });

  it('nothing to replace is no command; unknown or equal terrains are named', () => {
    const doc = MapDocument.fromScenario(EXAMPLE);
    expect(replaceTerrain(doc, 'woods', 'open', findCells(doc, { terrain: 'swamp' }))).toBeNull();
    expect(() => replaceTerrain(doc, 'jungle', 'open')).toThrow('Replace: this map has no terrain "jungle"');
    expect(() => replaceTerrain(doc, 'woods', 'jungle')).toThrow('Replace: this map has no terrain "jungle"');
    expect(() => replaceTerrain(doc, 'woods', 'woods')).toThrow('Replace: Woods with Woods changes nothing');
  });
});
