import { describe, expect, it } from 'vitest';
import { makeTinyScenario } from '../format/fixtures.js';
import type { Cell } from '../grid/index.js';
import { MapDocument } from './document.js';
import { cellsInBrush, cellsInRect, floodRegion } from './hit.js';
import { eraseTerrain, paintTerrain, setControl } from './commands/cells.js';
import { fillControl, fillToFrontLine } from './commands/control.js';
import { connectPath, editEdges } from './commands/edges.js';
import { clearCellFeatures, editCellFeatures, setCellName, setEntry, setFortification, setSupplyBase, setVictory } from './commands/features.js';
import { setCellSize, setGridOptions, setGroundScale } from './commands/settings.js';
import { addTerrainType, removeTerrainType, updateTerrainType } from './commands/palette.js';
import { blankScenario, checkInverse, GRID_CASES } from './testing.js';
import { EditError, invert, type Command } from './types.js';

const tiny = () => MapDocument.fromScenario(makeTinyScenario());
const idx = (doc: MapDocument, col: number, row: number) => doc.grid.index({ col, row });
const terrainCode = (doc: MapDocument, col: number, row: number) => doc.terrainTypes[doc.terrain[idx(doc, col, row)]!]!.code;
const sideCode = (doc: MapDocument, col: number, row: number) => doc.sides[doc.control[idx(doc, col, row)]!]!.code;

/** Applying changes the document; reverting restores it exactly; re-applying gives the same result again. */
function expectExactInverse(doc: MapDocument, cmd: Command | null) {
  expect(cmd).not.toBeNull();
  const r = checkInverse(doc, cmd!);
  expect(r.afterApply).not.toBe(r.before);
  expect(r.afterRevert).toBe(r.before);
  expect(r.afterReapply).toBe(r.afterApply);
  return r;
}

describe('terrain painting', () => {
  it('a size-2 brush paints the cell and its first ring, reports those cells, and undoes exactly', () => {
    const doc = tiny();
    const cells = cellsInBrush(doc.grid, { col: 2, row: 2 }, 1);
    expect(cells).toHaveLength(7);
    const cmd = paintTerrain(doc, cells, 'woods');
    const r = expectExactInverse(doc, cmd);
    for (const i of cells) expect(doc.terrainTypes[doc.terrain[i]!]!.id).toBe('woods');
    // Cells that were already woods are not part of the edit.
    const changed = cells.filter((i) => makeTinyScenario().map.terrain![Math.floor(i / 6)]![i % 6] !== 'f');
    expect(r.applied.cells).toEqual(new Set(changed));
    expect(cmd!.label).toBe(`Paint Woods (${changed.length} cells)`);
  });

  it('painting a type onto cells that already have it makes no command', () => {
    const doc = tiny();
    expect(paintTerrain(doc, [idx(doc, 2, 0)], 'woods')).toBeNull();
    expect(paintTerrain(doc, [], 'woods')).toBeNull();
  });

  it('cells off the map and repeated cells are ignored', () => {
    const doc = tiny();
    const cmd = paintTerrain(doc, [-1, 999, idx(doc, 0, 0), idx(doc, 0, 0)], 'city');
    expect(cmd!.label).toBe('Paint City (1 cell)');
  });

  it('a rectangle between two cells paints every cell of it', () => {
    const doc = tiny();
    expectExactInverse(doc, paintTerrain(doc, cellsInRect(doc.grid, { col: 1, row: 3 }, { col: 0, row: 4 }), 'city'));
    for (const [c, r] of [[0, 3], [1, 3], [0, 4], [1, 4]] as const) expect(terrainCode(doc, c, r)).toBe('u');
    expect(terrainCode(doc, 2, 4)).toBe('.');
  });

  it('a flood fill repaints the connected same-terrain region only', () => {
    const doc = tiny();
    const region = floodRegion(doc.grid, doc.terrain, { col: 1, row: 1 });
    expect(region.truncated).toBe(false);
    expectExactInverse(doc, paintTerrain(doc, region.cells, 'lake'));
    expect(terrainCode(doc, 2, 0)).toBe('~'); // woods touching (1,1)
    expect(terrainCode(doc, 2, 1)).toBe('~');
    expect(terrainCode(doc, 0, 0)).toBe('.');
  });

  it('an unknown terrain id is refused with its name in the message', () => {
    expect(() => paintTerrain(tiny(), [0], 'jungle')).toThrow(/"jungle"/);
  });

  it('erase paints the palette’s first type', () => {
    const doc = tiny();
    expectExactInverse(doc, eraseTerrain(doc, [idx(doc, 4, 1), idx(doc, 4, 3)]));
    expect(terrainCode(doc, 4, 1)).toBe('.');
    expect(terrainCode(doc, 4, 3)).toBe('.');
  });
});

describe('control', () => {
  it('the brush gives cells to a side', () => {
    const doc = tiny();
    expectExactInverse(doc, setControl(doc, cellsInBrush(doc.grid, { col: 3, row: 2 }, 1), 'ger'));
    expect(sideCode(doc, 3, 2)).toBe('G');
    expect(setControl(doc, [idx(doc, 0, 0)], 'ger')).toBeNull();
    expect(() => setControl(doc, [0], 'usa')).toThrow(EditError);
  });

  it('fill gives a whole contiguous region of one side to the other', () => {
    const doc = tiny();
    expectExactInverse(doc, fillControl(doc, { col: 0, row: 0 }, 'sov'));
    expect(doc.control.every((s) => s === 1)).toBe(true);
  });

  it('fill to front line splits the map along the drawn sides, from each side’s bases and units', () => {
    const doc = tiny();
    // The front: every side between column 1 and column 2.
    const line: string[] = [];
    for (let row = 0; row < doc.rows; row++) {
      for (const n of doc.grid.neighbours({ col: 1, row })) if (n.col === 2) line.push(doc.grid.edgeBetween({ col: 1, row }, n)!);
    }
    expectExactInverse(doc, fillToFrontLine(doc, line));
    for (let row = 0; row < doc.rows; row++) {
      for (let col = 0; col < doc.cols; col++) expect(sideCode(doc, col, row)).toBe(col <= 1 ? 'G' : 'S');
    }
  });

  it('fill to front line leaves a pocket with no seed of either side as it was', () => {
    const doc = tiny();
    // Ring the Soviet-held cell (4,0) on the top edge: no base or unit inside.
    const pocket: Cell = { col: 4, row: 0 };
    const ring = doc.grid.neighbours(pocket).map((n) => doc.grid.edgeBetween(pocket, n)!);
    const cmd = fillToFrontLine(doc, ring, { seeds: { ger: [{ col: 3, row: 0 }] } });
    if (cmd) doc.execute(cmd);
    expect(sideCode(doc, 4, 0)).toBe('S');
  });

  it('a front line naming a side that is not one is refused', () => {
    expect(() => fillToFrontLine(tiny(), ['1,1,W'])).toThrow(/not a side/);
  });
});

describe('edge features', () => {
  it('adding a river along sides, and removing one from the middle of the list, undo exactly', () => {
    const doc = tiny();
    expectExactInverse(doc, editEdges(doc, 'rivers', ['4,0,SE', '4,1,N'], 'add'));
    expect(doc.edges.rivers.has('4,1,N')).toBe(true);
    const fresh = tiny();
    const r = expectExactInverse(fresh, editEdges(fresh, 'rivers', ['2,1,NE'], 'remove'));
    expect(r.applied.edges).toEqual(new Set(['2,1,NE']));
  });

  it('a side written from the other cell is stored under its canonical id', () => {
    const doc = tiny();
    // On a flat hex map the south side of (3,3) is the north side of (3,4).
    doc.execute(editEdges(doc, 'lakeShores', ['3,3,S'], 'add')!);
    expect(doc.edges.lakeShores.has('3,4,N')).toBe(true);
  });

  it('toggle adds missing sides and removes present ones', () => {
    const doc = tiny();
    expectExactInverse(doc, editEdges(doc, 'rivers', ['2,0,SE', '0,0,SE'], 'toggle'));
    expect(doc.edges.rivers.has('2,0,SE')).toBe(false);
    expect(doc.edges.rivers.has('0,0,SE')).toBe(true);
  });

  it('adding sides that are already there makes no command; bad ids are refused', () => {
    const doc = tiny();
    expect(editEdges(doc, 'rivers', ['2,0,SE'], 'add')).toBeNull();
    expect(editEdges(doc, 'rivers', ['0,0,SE'], 'remove')).toBeNull();
    expect(() => editEdges(doc, 'rivers', ['nonsense'], 'add')).toThrow(/rivers: "nonsense"/);
    expect(() => editEdges(doc, 'rivers', ['40,40,N'], 'add')).toThrow(/outside the map/);
  });

  it('a road drawn along a path of cells connects each pair of neighbours through their side', () => {
    const doc = tiny();
    const path = doc.grid.line({ col: 0, row: 0 }, { col: 4, row: 0 });
    const cmd = connectPath(doc, 'roads', path, 'add');
    expectExactInverse(doc, cmd);
    for (let i = 1; i < path.length; i++) expect(doc.edges.roads.has(doc.grid.edgeBetween(path[i - 1]!, path[i]!)!)).toBe(true);
    expect(cmd!.label).toBe(`Add road (${path.length - 1} sides)`);
    expectExactInverse(doc, connectPath(doc, 'rails', [{ col: 0, row: 1 }, { col: 1, row: 1 }], 'remove'));
    expect(doc.edges.rails.has('0,1,SE')).toBe(false);
  });
});

describe('cell features', () => {
  it('naming a new cell adds it to the map’s cells; clearing the name removes it again', () => {
    const doc = tiny();
    expectExactInverse(doc, setCellName(doc, { col: 2, row: 4 }, 'Orsha'));
    expect(doc.cells.get('2,4')).toEqual({ name: 'Orsha' });
    expectExactInverse(doc, setCellName(doc, { col: 2, row: 4 }, null));
    expect(doc.cells.has('2,4')).toBe(false);
  });

  it('each feature can be set and cleared, keeping the others', () => {
    const doc = tiny();
    const smolensk = { col: 0, row: 3 };
    expectExactInverse(doc, setSupplyBase(doc, smolensk, null));
    expectExactInverse(doc, setFortification(doc, smolensk, true));
    expectExactInverse(doc, setVictory(doc, smolensk, { perTurn: 3 }));
    expectExactInverse(doc, setEntry(doc, smolensk, ['ger', 'sov']));
    expect(doc.cells.get('0,3')).toEqual({ name: 'Smolensk', victory: { perTurn: 3 }, fortification: true, entry: ['ger', 'sov'] });
    expectExactInverse(doc, setVictory(doc, smolensk, null));
    expectExactInverse(doc, setEntry(doc, smolensk, []));
  });

  it('clearing every feature of a cell in the middle of the list puts it back in place on undo', () => {
    const doc = tiny();
    expectExactInverse(doc, clearCellFeatures(doc, [{ col: 4, row: 1 }, { col: 3, row: 2 }, { col: 1, row: 1 }]));
    expect(doc.cells.has('4,1')).toBe(false);
    expect(clearCellFeatures(doc, [{ col: 1, row: 1 }])).toBeNull();
  });

  it('an edit that sets what is already there makes no command', () => {
    const doc = tiny();
    expect(setCellName(doc, { col: 0, row: 3 }, 'Smolensk')).toBeNull();
    expect(setFortification(doc, { col: 1, row: 1 }, false)).toBeNull();
  });

  it('bad values are refused with the cell and field named', () => {
    const doc = tiny();
    expect(() => setCellName(doc, { col: 0, row: 0 }, 'x'.repeat(81))).toThrow(/cell 0,0: name is 81 characters/);
    expect(() => setSupplyBase(doc, { col: 0, row: 0 }, 'usa')).toThrow(/"usa"/);
    expect(() => setVictory(doc, { col: 0, row: 0 }, { perTurn: 100 })).toThrow(/victory perTurn/);
    expect(() => setEntry(doc, { col: 0, row: 0 }, ['ger', 'ger'])).toThrow(/twice/);
    expect(() => editCellFeatures(doc, { col: 6, row: 0 }, { fortification: true })).toThrow(/not on this 6×5 map/);
  });
});

describe('map settings', () => {
  it('changing only the label scheme keeps every edge, and every cell must be drawn again (its printed label changed)', () => {
    const doc = tiny();
    const r = expectExactInverse(doc, setGridOptions(doc, { labels: 'A1' }));
    expect(r.applied.resized).toBe(false);
    expect(r.applied.meta).toBe(true);
    expect(r.applied.cells).toBe('all');
    expect(r.reverted.cells).toBe('all');
  });

  it('switching flat to pointy hexes keeps sides whose cells stay neighbours and drops the rest (undo restores them)', () => {
    const doc = tiny();
    const before = doc.grid;
    const pairs = [...doc.edges.rivers].map((e) => before.edgeCells(e));
    const r = expectExactInverse(doc, setGridOptions(doc, { orientation: 'pointy' }));
    expect(r.applied.resized).toBe(true);
    const kept = pairs.filter(([a, b]) => doc.grid.adjacent(a, b)).map(([a, b]) => doc.grid.edgeBetween(a, b));
    expect([...doc.edges.rivers].sort()).toEqual(kept.sort());
  });

  it('setting an option to its current value makes no command; unknown values are refused', () => {
    const doc = tiny();
    expect(setGridOptions(doc, { kind: 'hex', offset: 'odd' })).toBeNull();
    expect(() => setGridOptions(doc, { kind: 'triangle' as 'hex' })).toThrow(/grid.kind/);
  });

  it('square 4 to 8 neighbours, and to offset square', () => {
    const doc = tiny();
    expectExactInverse(doc, setGridOptions(doc, { kind: 'square' }));
    expectExactInverse(doc, setGridOptions(doc, { adjacency: 8 }));
    expectExactInverse(doc, setGridOptions(doc, { kind: 'offsetSquare', offset: 'even' }));
  });

  it('cell size and ground scale', () => {
    const doc = tiny();
    expectExactInverse(doc, setCellSize(doc, { value: 4, unit: 'in' }));
    expectExactInverse(doc, setGroundScale(doc, 25));
    expect(setGroundScale(doc, 25)).toBeNull();
    expect(() => setGroundScale(doc, 0)).toThrow(/ground scale/);
    expect(() => setCellSize(doc, { value: 4, unit: 'ft' as 'in' })).toThrow(/unit/);
    // The schema's one range (issue #14: the editor allowed 1000 of any unit, print refused above 2 m).
    expect(() => setCellSize(doc, { value: 300, unit: 'cm' })).toThrow('cell size must be from 0.2 to 200 cm; got 300 cm');
    expect(() => setCellSize(doc, { value: 1, unit: 'mm' })).toThrow('cell size must be from 2 to 2000 mm; got 1 mm');
  });
});

describe('terrain palette', () => {
  const marsh = { id: 'marsh', code: 'm', name: 'Marsh', colour: '#557755', category: 'difficult' } as const;

  it('adding a type appends it; duplicate ids and codes are refused', () => {
    const doc = tiny();
    expectExactInverse(doc, addTerrainType(doc, { ...marsh }));
    expect(doc.terrainTypes.at(-1)!.id).toBe('marsh');
    expect(() => addTerrainType(doc, { ...marsh, id: 'marsh2' })).toThrow(/code "m" is already used/);
    expect(() => addTerrainType(doc, { ...marsh, code: 'q' })).toThrow(/"marsh" is already used/);
  });

  it('rename, recolour and recategorise each undo exactly; setting the same value makes no command', () => {
    const doc = tiny();
    const rename = updateTerrainType(doc, 'woods', { name: 'Forest' });
    expect(rename!.label).toBe('Rename terrain Woods to Forest');
    expectExactInverse(doc, rename);
    expectExactInverse(doc, updateTerrainType(doc, 'woods', { colour: '#336633' }));
    expectExactInverse(doc, updateTerrainType(doc, 'city', { category: 'urban-difficult' }));
    expectExactInverse(doc, updateTerrainType(doc, 'lake', { freezes: false }));
    expect(updateTerrainType(doc, 'woods', { name: 'Forest' })).toBeNull();
    expect(() => updateTerrainType(doc, 'woods', { colour: 'green' })).toThrow(/colour/);
  });

  it('removing a type gives its cells the replacement and keeps every other cell’s type', () => {
    const doc = tiny();
    const before = makeTinyScenario().map.terrain!;
    expectExactInverse(doc, removeTerrainType(doc, 'woods', 'lake'));
    const rows = doc.toScenario().map.terrain;
    expect(rows).toEqual(before.map((r) => r.replaceAll('f', '~')));
    expect(doc.terrainTypes.map((t) => t.id)).toEqual(['clear', 'city', 'lake', 'mountain']);
    expect(() => removeTerrainType(doc, 'clear', 'clear')).toThrow(/itself/);
  });
});

describe('fill to front line along a path of cells', () => {
  for (const c of GRID_CASES) {
    it(`${c.name}: cells beyond a front drawn down column 2 go to the far side's base; the front cells to the nearer side`, () => {
      // A blank 9×7 map: the west five columns held by the first side, bases at (0,3) and (8,3).
      const doc = MapDocument.fromScenario(blankScenario(c.grid, 9, 7));
      const front = Array.from({ length: 7 }, (_, row) => ({ col: 2, row }));
      front.slice(1).forEach((x, k) => expect(doc.grid.adjacent(front[k]!, x)).toBe(true));
      const cmd = fillToFrontLine(doc, [], { frontCells: front });
      expectExactInverse(doc, cmd);
      for (let row = 0; row < doc.rows; row++) {
        for (let col = 0; col < doc.cols; col++) expect(doc.control[doc.grid.index({ col, row })], `${col},${row}`).toBe(col <= 2 ? 0 : 1);
      }
    });
  }

  it('on an 8-way square grid a diagonal front does not leak at its corners', () => {
    const doc = MapDocument.fromScenario(blankScenario({ kind: 'square', adjacency: 8 }, 8, 8));
    // Diagonal from the top edge to the bottom edge; bases sit at (0,4) and (7,4).
    const front = doc.grid.line({ col: 0, row: 0 }, { col: 7, row: 7 });
    doc.execute(fillToFrontLine(doc, [], { frontCells: front, seeds: { [doc.sides[1].id]: [{ col: 7, row: 0 }] } })!);
    // Below-left of the diagonal is the first side's, above-right the second's.
    expect(doc.control[doc.grid.index({ col: 1, row: 6 })]).toBe(0);
    expect(doc.control[doc.grid.index({ col: 6, row: 1 })]).toBe(1);
    expect(doc.control[doc.grid.index({ col: 4, row: 2 })]).toBe(1);
    // Next to the corner where the front leaves the map: through a gap the first side would get there first.
    expect(doc.control[doc.grid.index({ col: 2, row: 0 })]).toBe(1);
    expect(doc.control[doc.grid.index({ col: 0, row: 1 })]).toBe(0);
  });
});

describe('invert', () => {
  it('the inverse of a command applies its undo and reverts its redo', () => {
    const doc = tiny();
    const before = JSON.stringify(doc.toScenario());
    const cmd = paintTerrain(doc, cellsInBrush(doc.grid, { col: 3, row: 3 }, 1), 'city')!;
    doc.execute(cmd);
    const after = JSON.stringify(doc.toScenario());
    const back = invert(cmd);
    expect(back.label).toBe(`Undo ${cmd.label}`);
    doc.execute(back);
    expect(JSON.stringify(doc.toScenario())).toBe(before);
    doc.revert(back);
    expect(JSON.stringify(doc.toScenario())).toBe(after);
  });
});
