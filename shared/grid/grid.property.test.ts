// Invariants every grid kind must keep, checked with fast-check on random maps and cells.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createGrid, cellId, OPPOSITE, type Cell, type GridGeometry, type GridSpecInput, type Point } from './index.js';

const VARIANTS: { name: string; spec: Omit<GridSpecInput, 'cols' | 'rows'> }[] = [
  { name: 'flat hex odd-q', spec: { kind: 'hex', orientation: 'flat', offset: 'odd' } },
  { name: 'flat hex even-q', spec: { kind: 'hex', orientation: 'flat', offset: 'even' } },
  { name: 'pointy hex odd-r', spec: { kind: 'hex', orientation: 'pointy', offset: 'odd' } },
  { name: 'pointy hex even-r', spec: { kind: 'hex', orientation: 'pointy', offset: 'even' } },
  { name: 'square 4-way', spec: { kind: 'square', adjacency: 4 } },
  { name: 'square 8-way', spec: { kind: 'square', adjacency: 8 } },
  { name: 'offset square odd rows shifted', spec: { kind: 'offsetSquare', offset: 'odd' } },
  { name: 'offset square even rows shifted', spec: { kind: 'offsetSquare', offset: 'even' } },
];

const RUNS = { numRuns: 150 };

/** A random map of this variant with one in-map cell and one cell that may lie off the map. */
function mapAndCells(spec: Omit<GridSpecInput, 'cols' | 'rows'>) {
  return fc
    .record({ cols: fc.integer({ min: 1, max: 14 }), rows: fc.integer({ min: 1, max: 14 }) })
    .chain(({ cols, rows }) => {
      const grid = createGrid({ ...spec, cols, rows } as GridSpecInput);
      const inside = fc.record({ col: fc.integer({ min: 0, max: cols - 1 }), row: fc.integer({ min: 0, max: rows - 1 }) });
      const anywhere = fc.record({ col: fc.integer({ min: -3, max: cols + 2 }), row: fc.integer({ min: -3, max: rows + 2 }) });
      return fc.tuple(fc.constant(grid), inside, inside, inside, anywhere);
    });
}

const ids = (cells: Cell[]): string[] => cells.map(cellId);
const close = (a: Point, b: Point, eps = 1e-6): boolean => Math.abs(a.x - b.x) < eps && Math.abs(a.y - b.y) < eps;

for (const { name, spec } of VARIANTS) {
  describe(`${name}: grid invariants`, () => {
    it('neighbours are mutual: b is a neighbour of a exactly when a is a neighbour of b', () => {
      fc.assert(
        fc.property(mapAndCells(spec), ([g, a, b]) => {
          expect(ids(g.neighbours(b)).includes(cellId(a))).toBe(ids(g.neighbours(a)).includes(cellId(b)));
          expect(g.adjacent(a, b)).toBe(ids(g.neighbours(a)).includes(cellId(b)));
          for (const n of g.neighbours(a)) expect(ids(g.neighbours(n))).toContain(cellId(a));
        }),
        RUNS,
      );
    });

    it('stepping in a direction and back returns to the start, and directionTo names the step', () => {
      fc.assert(
        fc.property(mapAndCells(spec), ([g, , , , c]) => {
          for (const d of g.directions) {
            const n = g.step(c, d)!;
            expect(g.step(n, OPPOSITE[d])).toEqual(c);
            expect(g.directionTo(c, n)).toBe(d);
          }
        }),
        RUNS,
      );
    });

    it('the side between two cells has the same id from both sides, and edgeCells returns those two cells', () => {
      fc.assert(
        fc.property(mapAndCells(spec), ([g, , , , c]) => {
          for (const d of g.sideDirections) {
            const n = g.step(c, d)!;
            const e = g.edgeOf(c, d)!;
            expect(g.ownedDirections).toContain(e.split(',')[2]);
            expect(g.edgeOf(n, OPPOSITE[d])).toBe(e);
            expect(g.edgeBetween(c, n)).toBe(e);
            expect(g.edgeBetween(n, c)).toBe(e);
            expect(ids(g.edgeCells(e)).sort()).toEqual([cellId(c), cellId(n)].sort());
          }
          for (const d of g.directions.filter((x) => !g.sideDirections.includes(x))) {
            expect(g.edgeOf(c, d)).toBeNull();
            expect(g.edgeBetween(c, g.step(c, d)!)).toBeNull();
          }
        }),
        RUNS,
      );
    });

    it('allEdges lists every side of every map cell once; border sides touch exactly one map cell', () => {
      fc.assert(
        fc.property(mapAndCells(spec), ([g]) => {
          const all = g.allEdges();
          expect(new Set(all).size).toBe(all.length);
          const expected = new Set<string>();
          let borderSides = 0;
          for (let i = 0; i < g.cellCount; i++) {
            const c = g.cellAt(i);
            for (const d of g.sideDirections) {
              expected.add(g.edgeOf(c, d)!);
              if (!g.inMap(g.step(c, d)!)) borderSides++;
            }
          }
          expect(new Set(all)).toEqual(expected);
          let touchingOne = 0;
          // What is wrong is collected: one expect, not two per side of the map.
          const wrong: string[] = [];
          for (const e of all) {
            const parsed = g.parseEdge(e);
            if (parsed !== e) wrong.push(`${e} parses to ${parsed}`);
            const inside = g.edgeCells(e).filter(g.inMap).length;
            if (inside < 1) wrong.push(`${e} touches no map cell`);
            if (inside === 1) touchingOne++;
          }
          expect(wrong).toEqual([]);
          expect(touchingOne).toBe(borderSides);
        }),
        { numRuns: 60 },
      );
    });

    it('parseEdge turns a side written from either cell into its canonical id and rejects non-sides', () => {
      fc.assert(
        fc.property(mapAndCells(spec), ([g, , , , c]) => {
          for (const d of g.sideDirections) {
            const canonical = g.edgeOf(c, d)!;
            expect(g.parseEdge(`${c.col},${c.row},${d}`)).toBe(canonical);
            expect(g.parseEdge(canonical)).toBe(canonical);
          }
          for (const d of ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const) {
            if (!g.sideDirections.includes(d)) expect(g.parseEdge(`${c.col},${c.row},${d}`)).toBeNull();
          }
          expect(g.parseEdge(`${c.col},${c.row}`)).toBeNull();
          expect(g.parseEdge(`${c.col},${c.row},X`)).toBeNull();
          expect(g.parseEdge(`${c.col};${c.row};N`)).toBeNull();
        }),
        RUNS,
      );
    });

    it('a cell centre, and any point inside the cell polygon, maps back to that cell', () => {
      fc.assert(
        fc.property(
          mapAndCells(spec),
          fc.double({ min: 0.5, max: 200, noNaN: true }),
          fc.nat(7),
          fc.double({ min: 0, max: 1, noNaN: true }),
          fc.double({ min: 0, max: 1, noNaN: true }),
          ([g, , , , c], size, k, t, u) => {
            const centre = g.center(c, size);
            expect(g.pixelToCell(centre, size)).toEqual(c);
            const corners = g.corners(c, size);
            const p = corners[k % corners.length]!;
            const q = corners[(k + 1) % corners.length]!;
            // A point in the triangle (centre, p, q), kept just clear of the polygon's border.
            const a = t * 0.998;
            const b = (1 - t) * u * 0.998;
            const point = { x: centre.x + a * (p.x - centre.x) + b * (q.x - centre.x), y: centre.y + a * (p.y - centre.y) + b * (q.y - centre.y) };
            expect(g.pixelToCell(point, size)).toEqual(c);
            expect(g.pixelToIndex(point, size)).toBe(g.inMap(c) ? g.index(c) : -1);
          },
        ),
        RUNS,
      );
    });

    it('neighbouring cells share the corners of their common side', () => {
      fc.assert(
        fc.property(mapAndCells(spec), fc.double({ min: 1, max: 100, noNaN: true }), ([g, , , , c], size) => {
          const sides = g.sideDirections;
          const mine = g.corners(c, size);
          sides.forEach((d, k) => {
            const n = g.step(c, d)!;
            const theirs = g.corners(n, size);
            const j = sides.indexOf(OPPOSITE[d]);
            const a = mine[k]!;
            const b = mine[(k + 1) % mine.length]!;
            expect(close(a, theirs[(j + 1) % theirs.length]!, 1e-9 * size * 100)).toBe(true);
            expect(close(b, theirs[j]!, 1e-9 * size * 100)).toBe(true);
            const [e1, e2] = g.edgeEndpoints(g.edgeOf(c, d)!, size);
            expect((close(e1, a) && close(e2, b)) || (close(e1, b) && close(e2, a))).toBe(true);
          });
          const offsets = g.cornerOffsets(size);
          const centre = g.center(c, size);
          mine.forEach((p, i) => expect(close(p, { x: centre.x + offsets[i]!.x, y: centre.y + offsets[i]!.y })).toBe(true));
          expect(centre.x).toBeCloseTo(g.centerX(c.col, c.row, size), 9);
          expect(centre.y).toBeCloseTo(g.centerY(c.col, c.row, size), 9);
        }),
        RUNS,
      );
    });

    it('the map bounds start at 0,0 and enclose every cell exactly', () => {
      fc.assert(
        fc.property(mapAndCells(spec), fc.double({ min: 1, max: 100, noNaN: true }), ([g], size) => {
          const box = g.bounds(size);
          let minX = Infinity;
          let minY = Infinity;
          let maxX = -Infinity;
          let maxY = -Infinity;
          for (let i = 0; i < g.cellCount; i++) {
            for (const p of g.corners(g.cellAt(i), size)) {
              minX = Math.min(minX, p.x);
              minY = Math.min(minY, p.y);
              maxX = Math.max(maxX, p.x);
              maxY = Math.max(maxY, p.y);
            }
          }
          const eps = 1e-9 * size * 100;
          expect(box.x).toBe(0);
          expect(box.y).toBe(0);
          expect(Math.abs(minX)).toBeLessThan(eps);
          expect(Math.abs(minY)).toBeLessThan(eps);
          expect(Math.abs(maxX - box.width)).toBeLessThan(eps);
          expect(Math.abs(maxY - box.height)).toBeLessThan(eps);
        }),
        { numRuns: 60 },
      );
    });

    it('distance is a metric and is 1 exactly for neighbours', () => {
      fc.assert(
        fc.property(mapAndCells(spec), ([g, a, b, c, d]) => {
          expect(g.distance(a, a)).toBe(0);
          expect(g.distance(a, b) === 0).toBe(cellId(a) === cellId(b));
          expect(g.distance(a, b)).toBe(g.distance(b, a));
          expect(g.distance(a, c)).toBeLessThanOrEqual(g.distance(a, b) + g.distance(b, c));
          expect(g.distance(a, d) === 1).toBe(g.adjacent(a, d));
          for (const n of g.neighbours(a)) expect(g.distance(a, n)).toBe(1);
        }),
        RUNS,
      );
    });

    it('a line runs from a to b through adjacent cells, one per step of distance', () => {
      fc.assert(
        fc.property(mapAndCells(spec), ([g, a, , , b]) => {
          const path = g.line(a, b);
          expect(path[0]).toEqual(a);
          expect(path[path.length - 1]).toEqual(b);
          expect(path.length).toBe(g.distance(a, b) + 1);
          for (let i = 1; i < path.length; i++) expect(g.adjacent(path[i - 1]!, path[i]!)).toBe(true);
          const crossed = g.edgesAlongPath(path);
          const expected = path.slice(1).map((p, i) => g.edgeBetween(path[i]!, p)).filter((e) => e !== null);
          expect(crossed).toEqual(expected);
        }),
        RUNS,
      );
    });

    it('labels parse back to their cell in every label scheme, and "col,row" from 1 is always accepted', () => {
      fc.assert(
        fc.property(mapAndCells(spec), fc.constantFrom('CCRR', 'col,row', 'A1'), ([g, a], labels) => {
          const labelled = createGrid({ ...g.spec, labels });
          expect(labelled.parseLabel(labelled.label(a))).toEqual(a);
          expect(labelled.parseLabel(`${a.col + 1},${a.row + 1}`)).toEqual(a);
        }),
        RUNS,
      );
    });

    it('index and cellAt are inverse over the map', () => {
      fc.assert(
        fc.property(mapAndCells(spec), ([g, a]) => {
          const i = g.index(a);
          expect(i).toBeGreaterThanOrEqual(0);
          expect(i).toBeLessThan(g.cellCount);
          expect(g.cellAt(i)).toEqual(a);
        }),
        RUNS,
      );
    });

    it('the nearest side to a point on a map side is that side, at distance 0', () => {
      fc.assert(
        fc.property(mapAndCells(spec), fc.double({ min: 0.05, max: 0.95, noNaN: true }), ([g, a], t) => {
          const size = 40;
          for (const d of g.sideDirections) {
            const e = g.edgeOf(a, d)!;
            const [p, q] = g.edgeEndpoints(e, size);
            const found = g.nearestEdge({ x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y) }, size);
            expect(found?.edge).toBe(e);
            expect(found?.distance).toBeLessThan(1e-9);
          }
          // From the centre the nearest side is at most the cell's half-width away.
          const near = g.nearestEdge(g.center(a, size), size)!;
          expect(g.edgeCells(near.edge).some((c) => cellId(c) === cellId(a))).toBe(true);
          expect(near.distance).toBeLessThanOrEqual(size / 2 + 1e-9);
        }),
        RUNS,
      );
    });
  });
}
