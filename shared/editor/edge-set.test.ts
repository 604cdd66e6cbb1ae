// The edge set's side mask: one bit per side a cell owns, kept in step with the set through
// every add and delete, and the region edits that read it (a region's rivers, roads and rails
// come out the same whether a set answers by mask or by string).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cell, EdgeId, GridGeometry } from '../grid/index.js';
import { MapDocument } from './document.js';
import { EdgeSet, readSideId, sideParser } from './edge-set.js';
import { OrderedSet } from './ordered.js';
import { clearRegion, extractClip } from './region.js';
import { cellsInRect } from './hit.js';
import { blankScenario, GRID_CASES } from './testing.js';
import { EDGE_FEATURES } from './types.js';

const COLS = 9;
const ROWS = 7;

/** Every side of the map: each cell's owned directions, the border cells' outer sides included. */
function sides(grid: GridGeometry): EdgeId[] {
  const out = new Set<EdgeId>();
  for (let row = 0; row < ROWS; row++)
    for (let col = 0; col < COLS; col++) for (const d of grid.sideDirections) out.add(grid.edgeOf({ col, row }, d)!);
  return [...out];
}

/** The mask the set should hold: bit k of a cell when it owns the side in ownedDirections[k] and the set has it. */
function expectedMask(grid: GridGeometry, set: ReadonlySet<EdgeId>): number[] {
  const out: number[] = [];
  for (let i = 0; i < grid.cellCount; i++) {
    const cell = grid.cellAt(i);
    let bits = 0;
    grid.ownedDirections.forEach((d, k) => {
      const e = grid.edgeOf(cell, d);
      if (e === `${cell.col},${cell.row},${d}` && set.has(e)) bits |= 1 << k;
    });
    out.push(bits);
  }
  return out;
}

describe('EdgeSet side mask', () => {
  for (const g of GRID_CASES) {
    it(`keeps the mask in step with adds and deletes (${g.name})`, () => {
      const grid = MapDocument.fromScenario(blankScenario(g.grid, COLS, ROWS)).grid;
      const all = sides(grid);
      const op = fc.record({ add: fc.boolean(), side: fc.integer({ min: 0, max: all.length - 1 }) });
      fc.assert(
        fc.property(fc.array(op, { maxLength: 60 }), fc.nat(60), (ops, askAt) => {
          const set = new EdgeSet();
          ops.forEach((o, k) => {
            if (k === askAt) set.sideMask(grid);
            if (o.add) set.add(all[o.side]!);
            else set.delete(all[o.side]!);
          });
          expect([...set.sideMask(grid)!]).toEqual(expectedMask(grid, set));
          // Copies keep their kind and positions.
          const copy = set.cloneSet();
          expect(copy).toBeInstanceOf(EdgeSet);
          expect([...(copy as EdgeSet).sideMask(grid)!]).toEqual(expectedMask(grid, set));
        }),
        { numRuns: 40 },
      );
    });
  }

  it('has no mask on a network map', () => {
    const s = blankScenario({ kind: 'hex', orientation: 'flat', offset: 'odd' }, 3, 3);
    const doc = MapDocument.fromScenario(s);
    expect(doc.edges.rivers).toBeInstanceOf(EdgeSet);
    const net = { ...doc.grid, network: {} } as unknown as GridGeometry;
    expect((doc.edges.rivers as EdgeSet).sideMask(net)).toBeNull();
  });
});

describe('reading a map\'s side ids', () => {
  // Ids as files hold them: canonical, in a direction the cell does not own, and written loosely.
  const number = fc.oneof(fc.integer({ min: -3, max: 12 }).map(String), fc.constantFrom('007', '-0', '00', '', '1e1', '+2', ' 3', '1234567890'));
  const direction = fc.oneof(fc.constantFrom('N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW', 'se', 'Ne', 'X', 'NNE', ''), fc.string({ maxLength: 2 }));
  const id = fc.oneof(
    fc.tuple(number, number, direction).map(([c, r, d]) => `${c},${r},${d}`),
    fc.tuple(number, number, direction).map(([c, r, d]) => ` ${c} , ${r},${d} `),
    fc.string({ maxLength: 10 }),
  );

  for (const g of GRID_CASES) {
    it(`gives what grid.parseEdge gives, the same string when the id is already canonical (${g.name})`, () => {
      const grid = MapDocument.fromScenario(blankScenario(g.grid, COLS, ROWS)).grid;
      const parse = sideParser(grid);
      fc.assert(
        fc.property(id, (text) => {
          expect(parse(text)).toBe(grid.parseEdge(text));
        }),
        { numRuns: 400 },
      );
      for (const e of sides(grid)) expect(parse(e)).toBe(e);
    });
  }

  it('reads the cell and direction of a canonical id, and refuses other forms', () => {
    const out = { col: 0, row: 0, dir: 0 };
    expect(readSideId('617,-3,SE', out)).toBe(true);
    expect(out).toEqual({ col: 617, row: -3, dir: ('S'.charCodeAt(0) << 8) | 'E'.charCodeAt(0) });
    expect(readSideId('4,5,N', out)).toBe(true);
    expect(out).toEqual({ col: 4, row: 5, dir: 'N'.charCodeAt(0) << 8 });
    for (const bad of ['04,5,N', '-0,5,N', '4,5,n', '4, 5,N', '4,5,NNE', '4,5,', '4,5', ',5,N', '4,5,N ', '1234567890,1,N']) expect(readSideId(bad, out)).toBe(false);
  });
});

/** The sides between two cells of `cells` carrying `set`'s feature, as the plain definition says. */
function interiorByDefinition(grid: GridGeometry, cells: readonly Cell[], set: ReadonlySet<EdgeId>): Set<EdgeId> {
  const inside = new Set(cells.map((c) => grid.index(c)));
  const out = new Set<EdgeId>();
  for (const c of cells)
    for (const d of grid.sideDirections) {
      const n = grid.step(c, d);
      if (!n || !grid.inMap(n) || !inside.has(grid.index(n))) continue;
      const e = grid.edgeOf(c, d)!;
      if (set.has(e)) out.add(e);
    }
  return out;
}

describe('region edits read a region\'s sides', () => {
  for (const g of GRID_CASES) {
    it(`copy and delete take exactly the sides between selected cells, by mask or by string (${g.name})`, () => {
      const base = MapDocument.fromScenario(blankScenario(g.grid, COLS, ROWS)).grid;
      const all = sides(base);
      const corner = fc.record({ col: fc.integer({ min: 0, max: COLS - 1 }), row: fc.integer({ min: 0, max: ROWS - 1 }) });
      fc.assert(
        fc.property(fc.subarray(all), fc.subarray(all), corner, corner, fc.boolean(), (rivers, roads, a, b, plain) => {
          const s = blankScenario(g.grid, COLS, ROWS);
          s.map.rivers = rivers;
          s.map.roads = roads;
          const doc = MapDocument.fromScenario(s);
          // Plain sets answer by string (as a document made another way would).
          if (plain) for (const f of EDGE_FEATURES) doc.edges[f] = OrderedSet.of(doc.edges[f]);
          const grid = doc.grid;
          const cells = cellsInRect(grid, a, b);
          const want = { rivers: interiorByDefinition(grid, cells.map((i) => grid.cellAt(i)), doc.edges.rivers), roads: interiorByDefinition(grid, cells.map((i) => grid.cellAt(i)), doc.edges.roads) };
          const clip = extractClip(doc, cells);
          expect(clip.edges.rivers.length).toBe(want.rivers.size);
          expect(clip.edges.roads.length).toBe(want.roads.size);
          const before = { rivers: new Set(doc.edges.rivers), roads: new Set(doc.edges.roads) };
          const cmd = clearRegion(doc, cells);
          if (cmd) doc.execute(cmd);
          for (const f of ['rivers', 'roads'] as const) {
            expect(new Set(doc.edges[f])).toEqual(new Set([...before[f]].filter((e) => !want[f].has(e))));
          }
        }),
        { numRuns: 30 },
      );
    });
  }
});
