// Region operations: a clip lifted off a map, turned and mirrored by the grid's symmetry, and
// put back down. Examples for what a designer sees (the cell north of the origin goes
// north-east when turned 60° on a flat-top map), properties for the invariants.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cell, Direction } from '../grid/index.js';
import type { PlacedUnit } from '../format/scenario.types.js';
import { MapDocument } from './document.js';
import { History } from './history.js';
import { cellsInRect } from './hit.js';
import { paintTerrain } from './commands/cells.js';
import { editEdges } from './commands/edges.js';
import { setCellName, setSupplyBase } from './commands/features.js';
import {
  cellsInPolygon, clearRegion, combineSelection, extractClip, latticeOf, mirrorClip, placeClip, rotateClip, rotationStep,
  selectionOutline, transformClip, type Clip,
} from './region.js';
import { blankScenario, checkInverse, GRID_CASES, randomDoc, snapshot, type GridCase } from './testing.js';

const unit = (id: string, side: string, cell: string): PlacedUnit => ({ id, side, name: `Unit ${id}`, branch: 'infantry', strength: 4, cell });

function docOf(grid: GridCase['grid'], cols = 14, rows = 12, units: PlacedUnit[] = []): MapDocument {
  const s = blankScenario(grid, cols, rows);
  s.orderOfBattle = units;
  return MapDocument.fromScenario(s);
}

const idx = (doc: MapDocument, col: number, row: number) => doc.grid.index({ col, row });

/** The cell one step from `cell`, asserting the grid has that direction. */
function stepOf(doc: MapDocument, cell: Cell, dir: Direction): Cell {
  const s = doc.grid.step(cell, dir);
  if (!s) throw new Error(`no ${dir} on this grid`);
  return s;
}

/** Two cells: the origin (woods) and its neighbour in `dir` (swamp); where does the swamp land? */
function landing(grid: GridCase['grid'], dir: Direction, turn: (c: Clip) => Clip, origin: Cell = { col: 6, row: 5 }): Direction | null {
  const doc = docOf(grid);
  const other = stepOf(doc, origin, dir);
  doc.execute(paintTerrain(doc, [doc.grid.index(origin)], 'woods')!);
  doc.execute(paintTerrain(doc, [doc.grid.index(other)], 'swamp')!);
  const clip = turn(extractClip(doc, [doc.grid.index(origin), doc.grid.index(other)], origin));
  const target = docOf(grid);
  const anchor = { col: 7, row: 6 };
  target.execute(placeClip(target, clip, anchor).command!);
  const swamp = target.terrainIndex('swamp');
  const at = [...target.terrain.keys()].find((i) => target.terrain[i] === swamp)!;
  expect(target.terrain[target.grid.index(anchor)]).toBe(target.terrainIndex('woods'));
  return target.grid.directionTo(anchor, target.grid.cellAt(at));
}

describe('turning and mirroring, as seen on screen', () => {
  const flat = GRID_CASES.filter((c) => c.grid.kind === 'hex' && c.grid.orientation === 'flat');
  const pointy = GRID_CASES.filter((c) => c.grid.kind === 'hex' && c.grid.orientation === 'pointy');
  const squares = GRID_CASES.filter((c) => c.grid.kind === 'square');
  const bricks = GRID_CASES.filter((c) => c.grid.kind === 'offsetSquare');

  for (const c of flat) {
    it(`${c.name}: 60° clockwise takes N to NE and SW to NW, from an odd and an even column; mirror takes NE to NW`, () => {
      for (const origin of [{ col: 6, row: 5 }, { col: 5, row: 5 }]) {
        expect(landing(c.grid, 'N', (k) => rotateClip(k, 1), origin)).toBe('NE');
        expect(landing(c.grid, 'SW', (k) => rotateClip(k, 1), origin)).toBe('NW');
        expect(landing(c.grid, 'N', (k) => rotateClip(k, -1), origin)).toBe('NW');
        expect(landing(c.grid, 'NE', mirrorClip, origin)).toBe('NW');
        expect(landing(c.grid, 'N', mirrorClip, origin)).toBe('N');
      }
    });
  }
  for (const c of pointy) {
    it(`${c.name}: 60° clockwise takes E to SE and NW to NE, from an odd and an even row; mirror takes E to W`, () => {
      for (const origin of [{ col: 6, row: 5 }, { col: 6, row: 4 }]) {
        expect(landing(c.grid, 'E', (k) => rotateClip(k, 1), origin)).toBe('SE');
        expect(landing(c.grid, 'NW', (k) => rotateClip(k, 1), origin)).toBe('NE');
        expect(landing(c.grid, 'E', mirrorClip, origin)).toBe('W');
        expect(landing(c.grid, 'NE', mirrorClip, origin)).toBe('NW');
      }
    });
  }
  for (const c of squares) {
    it(`${c.name}: 90° clockwise takes N to E and E to S; mirror takes E to W`, () => {
      expect(landing(c.grid, 'N', (k) => rotateClip(k, 1))).toBe('E');
      expect(landing(c.grid, 'E', (k) => rotateClip(k, 1))).toBe('S');
      expect(landing(c.grid, 'E', mirrorClip)).toBe('W');
      expect(landing(c.grid, 'N', mirrorClip)).toBe('N');
    });
  }
  for (const c of bricks) {
    it(`${c.name}: turns by 180° (NE to SW) and mirrors (NE to NW), from an odd and an even row`, () => {
      for (const origin of [{ col: 6, row: 5 }, { col: 6, row: 4 }]) {
        expect(landing(c.grid, 'NE', (k) => rotateClip(k, 1), origin)).toBe('SW');
        expect(landing(c.grid, 'NE', mirrorClip, origin)).toBe('NW');
      }
    });
  }

  it('a rotation step is 60° on hexes, 90° on squares and 180° on offset squares', () => {
    expect(rotationStep(latticeOf(docOf(GRID_CASES[0]!.grid).grid))).toBe(60);
    expect(rotationStep(latticeOf(docOf({ kind: 'square' }).grid))).toBe(90);
    expect(rotationStep(latticeOf(docOf({ kind: 'offsetSquare' }).grid))).toBe(180);
  });
});

/** A map with a 4×3 block of woods crossed by a river (sides) and a road (cell to cell), a named town and a unit. */
function sampleDoc(grid: GridCase['grid']): { doc: MapDocument; region: number[] } {
  const doc = docOf(grid, 14, 12, [unit('u1', 'blue', '4,4'), unit('u2', 'blue', '12,10')]);
  const region = cellsInRect(doc.grid, { col: 3, row: 3 }, { col: 6, row: 5 });
  doc.execute(paintTerrain(doc, region, 'woods')!);
  doc.execute(paintTerrain(doc, [idx(doc, 5, 4)], 'rough')!);
  const g = doc.grid;
  // A river on the sides between row 3 and row 4 under columns 3..6 (where they are neighbours).
  const river = [3, 4, 5, 6].flatMap((col) => {
    const e = g.edgeBetween({ col, row: 3 }, { col, row: 4 });
    return e ? [e] : [];
  });
  doc.execute(editEdges(doc, 'rivers', river, 'add')!);
  const road = [3, 4, 5].flatMap((col) => {
    const e = g.edgeBetween({ col, row: 5 }, { col: col + 1, row: 5 }) ?? g.edgeBetween({ col, row: 4 }, { col: col + 1, row: 4 });
    return e ? [e] : [];
  });
  doc.execute(editEdges(doc, 'roads', road, 'add')!);
  doc.execute(setCellName(doc, { col: 4, row: 4 }, 'Kirchdorf')!);
  doc.execute(setSupplyBase(doc, { col: 6, row: 5 }, 'blue')!);
  return { doc, region };
}

describe('extract and place', () => {
  it('a clip holds terrain, control, features, the sides inside the region and the units standing in it', () => {
    const { doc, region } = sampleDoc({ kind: 'hex', orientation: 'flat', offset: 'odd' });
    const clip = extractClip(doc, region, { col: 3, row: 3 });
    expect(clip.cells).toHaveLength(12);
    expect(clip.cells.filter((c) => c.terrain === 'woods')).toHaveLength(11);
    expect(clip.cells.find((c) => c.features?.name === 'Kirchdorf')).toMatchObject({ q: 1, terrain: 'woods' });
    expect(clip.edges.rivers).toHaveLength(4);
    expect(clip.edges.roads).toHaveLength(3);
    expect(clip.units.map((u) => u.unit.id)).toEqual(['u1']);
    expect(clip.terrainTypes.map((t) => t.id).sort()).toEqual(['rough', 'woods']);
    expect(JSON.parse(JSON.stringify(clip))).toEqual(clip);
  });

  it('pasting elsewhere copies everything and gives a copied unit a fresh id; undo restores the file exactly', () => {
    const { doc, region } = sampleDoc({ kind: 'hex', orientation: 'flat', offset: 'odd' });
    const clip = extractClip(doc, region, { col: 3, row: 3 });
    // Six columns right (an even number keeps each column's shift) and three rows down.
    const placed = placeClip(doc, clip, { col: 9, row: 6 });
    expect(placed.dropped).toEqual({ cells: 0, edges: 0, units: 0 });
    const check = checkInverse(doc, placed.command!);
    expect(check.afterRevert).toBe(check.before);
    expect(check.afterReapply).toBe(check.afterApply);
    const s = doc.toScenario();
    expect(s.map.cells?.['10,7']?.name).toBe('Kirchdorf');
    expect(s.orderOfBattle.map((u) => `${u.id}@${u.cell}`)).toEqual(['u1@4,4', 'u2@12,10', 'u1-2@10,7']);
    expect(extractClip(doc, placed.cells, { col: 9, row: 6 })).toEqual({ ...clip, units: [{ ...clip.units[0]!, unit: { ...clip.units[0]!.unit, id: 'u1-2' } }] });
  });

  it('what lands off the map is reported and the rest is placed', () => {
    const { doc, region } = sampleDoc({ kind: 'square' });
    const clip = extractClip(doc, region, { col: 3, row: 3 });
    const placed = placeClip(doc, clip, { col: 12, row: 10 });
    // Columns 12,13 of 12..15 and rows 10,11 of 10..12 are on the 14×12 map.
    expect(placed.cells).toHaveLength(4);
    expect(placed.dropped.cells).toBe(8);
    expect(placed.dropped.units).toBe(0);
    expect(placed.dropped.edges).toBeGreaterThan(0);
  });

  it('a clip goes into another scenario: missing terrain joins its palette, sides match by position', () => {
    const { doc, region } = sampleDoc({ kind: 'hex' });
    const clip = extractClip(doc, region, { col: 3, row: 3 });
    const s = blankScenario({ kind: 'hex' }, 10, 10);
    s.map.terrainTypes = s.map.terrainTypes.filter((t) => t.id !== 'rough');
    s.sides = [{ ...s.sides[0], id: 'nato' }, { ...s.sides[1], id: 'pact' }];
    s.initiative = [{ side: 'nato', fromTurn: 1, toTurn: 1 }];
    const other = MapDocument.fromScenario(s);
    const placed = placeClip(other, clip, { col: 1, row: 2 });
    expect(placed.addedTypes.map((t) => t.id)).toEqual(['rough']);
    other.execute(placed.command!);
    const out = other.toScenario();
    expect(out.map.terrainTypes.map((t) => t.id)).toContain('rough');
    expect(out.map.cells?.['4,4']?.supplyBase).toBe('nato');
    expect(out.orderOfBattle).toEqual([{ ...unit('u1', 'nato', '2,3') }]);
  });

  it('a hex clip is refused on a square map, naming both', () => {
    const { doc, region } = sampleDoc({ kind: 'hex' });
    const clip = extractClip(doc, region);
    expect(() => placeClip(docOf({ kind: 'square' }), clip, { col: 2, row: 2 })).toThrow(/hex map cannot be put on a square map/);
  });

  it('delete empties the cells, removes sides inside the region and its units, keeps control; one undo brings it all back', () => {
    const { doc, region } = sampleDoc({ kind: 'hex', orientation: 'pointy', offset: 'even' });
    const history = new History(doc);
    const before = snapshot(doc);
    history.run(clearRegion(doc, region));
    const s = doc.toScenario();
    expect(s.map.terrain!.slice(3, 6).every((row) => row.slice(3, 7) === '....')).toBe(true);
    expect(Object.keys(s.map.cells ?? {}).filter((k) => ['4,4', '6,5'].includes(k))).toEqual([]);
    expect(s.map.rivers ?? []).toEqual([]);
    expect(s.orderOfBattle.map((u) => u.id)).toEqual(['u2']);
    history.undo();
    expect(snapshot(doc)).toBe(before);
  });
});

describe('selections', () => {
  it('a lasso picks the cells whose centres it encloses', () => {
    const doc = docOf({ kind: 'square' });
    const size = 10;
    // A triangle over cells (0..4, 0..4): centres at 5, 15, ...
    const cells = cellsInPolygon(doc.grid, [{ x: 0, y: 0 }, { x: 50, y: 0 }, { x: 0, y: 50 }], size);
    const picked = cells.map((i) => doc.grid.cellAt(i)).map((c) => `${c.col},${c.row}`);
    expect(picked).toContain('0,0');
    expect(picked).toContain('3,0');
    expect(picked).not.toContain('4,4');
    expect(picked.every((p) => { const [c, r] = p.split(',').map(Number); return c! + r! < 5; })).toBe(true);
  });

  it('an outline runs round the selection: 14 sides round a 4×3 block of squares', () => {
    const doc = docOf({ kind: 'square' });
    expect(selectionOutline(doc.grid, cellsInRect(doc.grid, { col: 2, row: 2 }, { col: 5, row: 4 }))).toHaveLength(14);
  });

  it('shift adds and alt subtracts', () => {
    expect(combineSelection([1, 2, 3], [3, 4], 'add')).toEqual([1, 2, 3, 4]);
    expect(combineSelection([1, 2, 3], [3, 4], 'subtract')).toEqual([1, 2]);
    expect(combineSelection([1, 2, 3], [4, 4], 'replace')).toEqual([4]);
  });
});

// ---- properties ----------------------------------------------------------------------------

const ESCARPMENT = { id: 'escarpment', name: 'Escarpment', colour: '#7a4a1e', symbol: 'ticks', blocks: { movement: true } } as const;

/** The cell an escarpment's side is written from (its ticks face it) and the cell across, as "col,row". */
function scarpSides(doc: MapDocument, id = 'escarpment'): { from: string; to: string }[] {
  const f = doc.sideFeatures.find((x) => x.id === id);
  return (f?.sides ?? []).map((w) => {
    const [col, row, dir] = w.split(',');
    const from = { col: Number(col), row: Number(row) };
    const to = doc.grid.step(from, dir as Direction)!;
    return { from: `${from.col},${from.row}`, to: `${to.col},${to.row}` };
  }).sort((x, y) => (x.from + x.to < y.from + y.to ? -1 : 1));
}

describe('side features in a region (escarpments, walls)', () => {
  /** Origin (6,5) and its neighbour in `dir`, with an escarpment between them written from the neighbour (ticks toward it). */
  function scarpDoc(grid: GridCase['grid'], dir: Direction, origin: Cell = { col: 6, row: 5 }) {
    const doc = docOf(grid);
    const other = stepOf(doc, origin, dir);
    const back = doc.grid.directionTo(other, origin)!;
    doc.write({ sideFeatures: [{ ...ESCARPMENT, sides: [`${other.col},${other.row},${back}`] }] });
    doc.execute(paintTerrain(doc, [doc.grid.index(other)], 'swamp')!);
    return { doc, cells: [doc.grid.index(origin), doc.grid.index(other)], origin };
  }

  it('turned 60° on flat-top hexes, a one-sided escarpment keeps its ticks toward the same cell of the clip (the swamp)', () => {
    for (const origin of [{ col: 6, row: 5 }, { col: 5, row: 5 }]) {
      const { doc, cells } = scarpDoc({ kind: 'hex', orientation: 'flat', offset: 'odd' }, 'N', origin);
      const clip = rotateClip(extractClip(doc, cells, origin), 1);
      const target = docOf({ kind: 'hex', orientation: 'flat', offset: 'odd' });
      const anchor = { col: 7, row: 6 };
      target.execute(placeClip(target, clip, anchor).command!);
      // The swamp went north-east of the anchor, and the ticks face the swamp, not the anchor.
      const swamp = target.grid.step(anchor, 'NE')!;
      expect(target.terrain[target.grid.index(swamp)]).toBe(target.terrainIndex('swamp'));
      expect(scarpSides(target)).toEqual([{ from: `${swamp.col},${swamp.row}`, to: '7,6' }]);
      // The definition came along with the sides (the target had no escarpment).
      expect(target.sideFeatures[0]).toMatchObject({ id: 'escarpment', symbol: 'ticks', blocks: { movement: true } });
    }
  });

  it('turned 90° on squares and mirrored, the ticks still face the clip cell they faced', () => {
    const { doc, cells, origin } = scarpDoc({ kind: 'square' }, 'E');
    const clip = mirrorClip(rotateClip(extractClip(doc, cells, origin), 1)); // E → S, then mirrored: S stays S
    const target = docOf({ kind: 'square' });
    target.execute(placeClip(target, clip, { col: 4, row: 4 }).command!);
    expect(scarpSides(target)).toEqual([{ from: '4,5', to: '4,4' }]);
    expect(target.terrain[target.grid.index({ col: 4, row: 5 })]).toBe(target.terrainIndex('swamp'));
  });

  it('a paste replaces the escarpments between covered cells with the clip’s, in one undo step; delete removes them', () => {
    const { doc, cells, origin } = scarpDoc({ kind: 'square' }, 'E');
    const clip = extractClip(doc, cells, origin); // ticks toward the east cell
    // The target has the same side written the other way round, one on the region's border and one far off.
    const other = docOf({ kind: 'square' });
    other.write({ sideFeatures: [{ ...ESCARPMENT, colour: '#000000', sides: ['2,2,E', '2,2,S', '9,9,W'] }] });
    const history = new History(other);
    const before = snapshot(other);
    history.run(placeClip(other, clip, { col: 2, row: 2 }).command);
    expect(history.undoLabel).toMatch(/Paste/);
    expect(scarpSides(other)).toEqual([{ from: '2,2', to: '2,3' }, { from: '3,2', to: '2,2' }, { from: '9,9', to: '8,9' }]);
    // The map's own definition is kept (its colour), not the clip's.
    expect(other.sideFeatures[0]!.colour).toBe('#000000');
    history.undo();
    expect(snapshot(other)).toBe(before);
    history.redo();
    history.run(clearRegion(other, [other.grid.index({ col: 2, row: 2 }), other.grid.index({ col: 3, row: 2 }), other.grid.index({ col: 2, row: 3 })]));
    expect(scarpSides(other)).toEqual([{ from: '9,9', to: '8,9' }]);
    history.undo();
    expect(scarpSides(other)).toHaveLength(3);
  });

  it('a locked side feature layer is left as it is by paste and delete', () => {
    const { doc, cells, origin } = scarpDoc({ kind: 'square' }, 'E');
    const clip = extractClip(doc, cells, origin);
    doc.setLayerView({ settings: { 'side:escarpment': { locked: true } } });
    expect(clearRegion(doc, cells)).not.toBeNull(); // the swamp goes
    doc.execute(clearRegion(doc, cells)!);
    expect(scarpSides(doc)).toHaveLength(1);
    const target = docOf({ kind: 'square' });
    target.write({ sideFeatures: [{ ...ESCARPMENT, sides: [] }] });
    target.setLayerView({ settings: { 'side:escarpment': { locked: true } } });
    target.execute(placeClip(target, clip, { col: 2, row: 2 }).command!);
    expect(scarpSides(target)).toEqual([]);
  });
});

const gridCase = fc.constantFrom(...GRID_CASES);
const region = fc.record({ c0: fc.nat(11), r0: fc.nat(9), w: fc.integer({ min: 1, max: 5 }), h: fc.integer({ min: 1, max: 5 }) });

describe('properties', () => {
  it('turning a full circle, or mirroring twice, gives the clip back', () => {
    fc.assert(
      fc.property(gridCase, fc.nat(10_000), region, (gc, seed, r) => {
        const doc = randomDoc(gc.grid, seed);
        const clip = extractClip(doc, cellsInRect(doc.grid, { col: r.c0, row: r.r0 }, { col: r.c0 + r.w, row: r.r0 + r.h }));
        const n = 360 / rotationStep(clip.lattice);
        let turned = clip;
        for (let i = 0; i < n; i++) turned = rotateClip(turned, 1);
        expect(turned).toEqual(clip);
        expect(rotateClip(clip, n)).toEqual(clip);
        expect(mirrorClip(mirrorClip(clip))).toEqual(clip);
        // Mirroring reverses the sense of turning: m∘r∘m = r⁻¹.
        expect(mirrorClip(rotateClip(mirrorClip(clip), 1))).toEqual(rotateClip(clip, -1));
      }),
      { numRuns: 60 },
    );
  });

  it('a turned and mirrored clip pasted on an empty map and extracted again is the same clip, and undo restores the file', () => {
    fc.assert(
      fc.property(gridCase, fc.nat(10_000), region, fc.nat(5), fc.boolean(), (gc, seed, r, rotation, mirrored) => {
        const doc = randomDoc(gc.grid, seed);
        const source = cellsInRect(doc.grid, { col: r.c0, row: r.r0 }, { col: r.c0 + r.w, row: r.r0 + r.h });
        const clip = transformClip(extractClip(doc, source), { rotation, mirrored });
        const target = docOf(gc.grid, 24, 24);
        const before = snapshot(target);
        const anchor = { col: 12, row: 12 };
        const placed = placeClip(target, clip, anchor);
        expect(placed.dropped).toEqual({ cells: 0, edges: 0, units: 0 });
        if (placed.command) target.execute(placed.command);
        expect(extractClip(target, placed.cells, anchor)).toEqual(clip);
        if (placed.command) target.revert(placed.command);
        expect(snapshot(target)).toBe(before);
      }),
      { numRuns: 80 },
    );
  });

  it('a turned clip keeps every neighbour: cells adjacent in the clip are adjacent where it lands', () => {
    fc.assert(
      fc.property(gridCase, fc.nat(10_000), fc.nat(5), fc.boolean(), (gc, seed, rotation, mirrored) => {
        const doc = randomDoc(gc.grid, seed);
        const source = cellsInRect(doc.grid, { col: 3, row: 3 }, { col: 6, row: 5 });
        const adjacentPairs = (d: MapDocument, cells: number[]) => {
          let n = 0;
          for (const a of cells) for (const b of cells) if (a < b && d.grid.adjacent(d.grid.cellAt(a), d.grid.cellAt(b))) n++;
          return n;
        };
        const placed = placeClip(docOf(gc.grid, 24, 24), transformClip(extractClip(doc, source), { rotation, mirrored }), { col: 12, row: 11 });
        expect(adjacentPairs(docOf(gc.grid, 24, 24), placed.cells)).toBe(adjacentPairs(doc, source));
      }),
      { numRuns: 40 },
    );
  });
});

describe('locked layers (Layers panel)', () => {
  it('delete leaves a locked layer as it is: terrain and names stay, the river and the supply base go', () => {
    const { doc, region } = sampleDoc({ kind: 'hex', orientation: 'flat', offset: 'odd' });
    doc.setLayerView({ settings: { terrain: { locked: true }, names: { locked: true } } });
    const before = doc.toScenario();
    doc.execute(clearRegion(doc, region)!);
    const s = doc.toScenario();
    expect(s.map.terrain).toEqual(before.map.terrain);
    expect(s.map.cells?.['4,4']).toEqual({ name: 'Kirchdorf' });
    expect(s.map.cells?.['6,5']).toBeUndefined();
    expect(s.map.rivers ?? []).toEqual([]);
    expect(s.orderOfBattle.map((u) => u.id)).toEqual(['u2']);
  });

  it('a paste over locked rivers, markers and units leaves them; the terrain it carries lands', () => {
    const { doc, region } = sampleDoc({ kind: 'square' });
    const clip = extractClip(doc, region, { col: 3, row: 3 });
    doc.setLayerView({ settings: { rivers: { locked: true }, markers: { locked: true }, units: { locked: true } } });
    const placed = placeClip(doc, clip, { col: 9, row: 6 });
    doc.execute(placed.command!);
    const s = doc.toScenario();
    const woods = s.map.terrainTypes.find((t) => t.id === 'woods')!.code;
    expect(s.map.terrain![6]!.slice(9, 13)).toBe(woods.repeat(4));
    // The name came along; the supply base (a marker) did not.
    expect(s.map.cells?.['10,7']).toEqual({ name: 'Kirchdorf' });
    expect(s.map.cells?.['12,8']).toBeUndefined();
    expect(s.map.rivers).toHaveLength(4);
    expect(s.map.roads).toHaveLength(6);
    expect(s.orderOfBattle.map((u) => u.id)).toEqual(['u1', 'u2']);
  });
});
