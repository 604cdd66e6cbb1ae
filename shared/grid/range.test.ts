// Ranges and fire zones: examples, and the property that a range is the length of the shortest
// path through the sides the metric allows.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cellId, cellsInArc, cellsInRange, createGrid, inArc, rangeBetween, type Cell, type GridGeometry, type GridSpecInput } from './index.js';

describe('ranges', () => {
  it('on squares are counted orthogonally, through sides and never through corners, whatever the adjacency', () => {
    const g4 = createGrid({ kind: 'square', cols: 12, rows: 8 });
    const g8 = createGrid({ kind: 'square', adjacency: 8, cols: 12, rows: 8 });
    const a = { col: 1, row: 1 };
    const b = { col: 3, row: 4 };
    expect(rangeBetween(g4, a, b)).toBe(5);
    expect(rangeBetween(g8, a, b)).toBe(5);
    expect(rangeBetween(g8, a, b, 'grid')).toBe(3);
    expect(rangeBetween(g4, a, { col: 3, row: 3 })).toBe(4); // two diagonal steps are four orthogonal ones
  });

  it('on hexes are the hex distance', () => {
    const g = createGrid({ kind: 'hex', cols: 10, rows: 10 });
    expect(rangeBetween(g, { col: 0, row: 0 }, { col: 3, row: 0 })).toBe(3);
    expect(rangeBetween(g, { col: 2, row: 2 }, { col: 2, row: 6 })).toBe(4);
  });

  it('cellsInRange lists the diamond of squares within reach; cellsInArc the forward quarter of it', () => {
    const g = createGrid({ kind: 'square', cols: 12, rows: 8 });
    const at = { col: 5, row: 5 };
    expect(cellsInRange(g, at, 1).map(cellId)).toEqual(['5,4', '4,5', '6,5', '5,6']);
    expect(cellsInRange(g, at, 2)).toHaveLength(12);
    // A rifle (range 2) facing north: straight ahead 1 and 2, and the two diagonal squares.
    expect(cellsInArc(g, at, 'N', 90, 2).map(cellId).sort()).toEqual(['4,4', '5,3', '5,4', '6,4'].sort());
    // A field gun facing east at the map's edge: cells off the map are left out.
    expect(cellsInArc(g, { col: 11, row: 3 }, 'E', 90, 6)).toEqual([]);
    expect(cellsInRange(g, at, 0)).toEqual([]);
    expect(cellsInRange(g, at, 2, 'orthogonal', 2)).toHaveLength(8);
  });
});

const VARIANTS: { name: string; spec: Omit<GridSpecInput, 'cols' | 'rows'> }[] = [
  { name: 'square 4-way', spec: { kind: 'square', adjacency: 4 } },
  { name: 'square 8-way', spec: { kind: 'square', adjacency: 8 } },
  { name: 'flat hex odd-q', spec: { kind: 'hex', orientation: 'flat', offset: 'odd' } },
  { name: 'pointy hex even-r', spec: { kind: 'hex', orientation: 'pointy', offset: 'even' } },
  { name: 'offset square', spec: { kind: 'offsetSquare', offset: 'even' } },
];

/** Shortest path lengths from `from` over in-map cells, stepping only through shared sides (or any neighbour). */
function bfs(g: GridGeometry, from: Cell, sidesOnly: boolean): Map<string, number> {
  const dist = new Map<string, number>([[cellId(from), 0]]);
  const queue = [from];
  for (let k = 0; k < queue.length; k++) {
    const c = queue[k]!;
    for (const d of sidesOnly ? g.sideDirections : g.directions) {
      const n = g.step(c, d)!;
      if (!g.inMap(n) || dist.has(cellId(n))) continue;
      dist.set(cellId(n), dist.get(cellId(c))! + 1);
      queue.push(n);
    }
  }
  return dist;
}

for (const { name, spec } of VARIANTS) {
  describe(`${name}: range properties`, () => {
    const maps = fc.record({ cols: fc.integer({ min: 1, max: 12 }), rows: fc.integer({ min: 1, max: 12 }) }).chain(({ cols, rows }) => {
      const cell = fc.record({ col: fc.integer({ min: 0, max: cols - 1 }), row: fc.integer({ min: 0, max: rows - 1 }) });
      return fc.tuple(fc.constant(createGrid({ ...spec, cols, rows } as GridSpecInput)), cell, fc.integer({ min: 0, max: 6 }));
    });

    it('the range is the length of the shortest path (orthogonal: through sides only; grid: by any neighbour)', () => {
      fc.assert(
        fc.property(maps, ([g, a]) => {
          const sides = bfs(g, a, true);
          const any = bfs(g, a, false);
          for (let i = 0; i < g.cellCount; i++) {
            const c = g.cellAt(i);
            expect(rangeBetween(g, a, c), `${cellId(a)}→${cellId(c)}`).toBe(sides.get(cellId(c)));
            expect(rangeBetween(g, a, c, 'grid')).toBe(any.get(cellId(c)));
            expect(rangeBetween(g, c, a)).toBe(rangeBetween(g, a, c));
          }
        }),
        { numRuns: 60 },
      );
    });

    it('cellsInRange holds exactly the cells within reach; cellsInArc those of them in the arc', () => {
      fc.assert(
        fc.property(maps, fc.integer({ min: 0, max: 5 }), ([g, a, max], facingIndex) => {
          const facing = g.directions[facingIndex % g.directions.length]!;
          const want = new Set<string>();
          for (let i = 0; i < g.cellCount; i++) {
            const c = g.cellAt(i);
            const r = rangeBetween(g, a, c);
            if (r >= 1 && r <= max) want.add(cellId(c));
          }
          expect(new Set(cellsInRange(g, a, max).map(cellId))).toEqual(want);
          const arc = cellsInArc(g, a, facing, 90, max).map(cellId);
          expect(arc.every((id) => want.has(id))).toBe(true);
          for (const id of want) {
            const [col, row] = id.split(',').map(Number) as [number, number];
            expect(arc.includes(id)).toBe(inArc(g, a, facing, { col, row }, 90));
          }
        }),
        { numRuns: 80 },
      );
    });
  });
}
