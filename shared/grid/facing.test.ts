// Facing and arcs of fire: hand-checked examples per grid kind, then properties on random maps.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bearing, createGrid, facingToward, facingsOf, inArc, isFacing, OPPOSITE, relativeSteps, reverseFacing, sideOf, turnFacing, type Cell, type GridSpecInput } from './index.js';

const square = createGrid({ kind: 'square', cols: 12, rows: 8 });
const square8 = createGrid({ kind: 'square', adjacency: 8, cols: 12, rows: 8 });
const flat = createGrid({ kind: 'hex', orientation: 'flat', cols: 12, rows: 12 });
const pointy = createGrid({ kind: 'hex', orientation: 'pointy', cols: 12, rows: 12 });

describe('facings per grid kind', () => {
  it('are the grid’s neighbour directions: 4 or 8 on squares, 6 on hexes', () => {
    expect(facingsOf(square)).toEqual(['N', 'E', 'S', 'W']);
    expect(facingsOf(square8)).toEqual(['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW']);
    expect(facingsOf(flat)).toEqual(['N', 'NE', 'SE', 'S', 'SW', 'NW']);
    expect(facingsOf(pointy)).toEqual(['NE', 'E', 'SE', 'SW', 'W', 'NW']);
    expect(isFacing(square, 'NE')).toBe(false);
    expect(isFacing(square8, 'NE')).toBe(true);
    expect(isFacing(flat, 'E')).toBe(false);
    expect(isFacing(pointy, 'E')).toBe(true);
    expect(isFacing(flat, 42)).toBe(false);
  });

  it('turn clockwise and back, and reverse to the opposite side', () => {
    expect(turnFacing(square, 'N', 1)).toBe('E');
    expect(turnFacing(square, 'N', -1)).toBe('W');
    expect(turnFacing(flat, 'NW', 1)).toBe('N');
    expect(reverseFacing(flat, 'NE')).toBe('SW');
    expect(reverseFacing(pointy, 'E')).toBe('W');
    expect(() => turnFacing(square, 'NE', 1)).toThrow(/not a facing/);
  });

  it('name the front, flanks and rear of a unit', () => {
    expect(['N', 'E', 'S', 'W'].map((d) => sideOf(square, 'N', d as 'N'))).toEqual(['front', 'flank', 'rear', 'flank']);
    expect(facingsOf(flat).map((d) => sideOf(flat, 'N', d))).toEqual(['front', 'flank', 'flank', 'rear', 'flank', 'flank']);
    expect(facingsOf(square8).map((d) => sideOf(square8, 'N', d))).toEqual(['front', 'front', 'flank', 'rear', 'rear', 'rear', 'flank', 'front']);
    expect(relativeSteps(flat, 'N', 'NW')).toBe(-1);
    expect(relativeSteps(flat, 'N', 'S')).toBe(3);
  });
});

describe('bearings and arcs on squares', () => {
  const at = { col: 5, row: 5 };
  it('measure clockwise from the facing, 45° on the diagonals', () => {
    expect(bearing(square, at, 'N', { col: 5, row: 1 })).toBe(0);
    expect(bearing(square, at, 'N', { col: 7, row: 3 })).toBe(45);
    expect(bearing(square, at, 'N', { col: 3, row: 3 })).toBe(-45);
    expect(bearing(square, at, 'N', { col: 9, row: 5 })).toBe(90);
    expect(bearing(square, at, 'E', { col: 5, row: 7 })).toBe(90);
    expect(bearing(square, at, 'N', { col: 5, row: 7 })).toBe(180);
    expect(bearing(square, at, 'N', at)).toBeNaN();
  });

  it('a 90° arc sweeps from one 45° diagonal line of squares to the other, both included', () => {
    expect(inArc(square, at, 'N', { col: 7, row: 3 }, 90)).toBe(true);
    expect(inArc(square, at, 'N', { col: 2, row: 2 }, 90)).toBe(true);
    expect(inArc(square, at, 'N', { col: 8, row: 3 }, 90)).toBe(false); // just outside the diagonal
    expect(inArc(square, at, 'N', { col: 6, row: 5 }, 90)).toBe(false); // beside, not forward
    expect(inArc(square, at, 'S', { col: 4, row: 7 }, 90)).toBe(true);
    expect(inArc(square, at, 'W', { col: 3, row: 4 }, 90)).toBe(true);
    expect(inArc(square, at, 'W', { col: 3, row: 2 }, 90)).toBe(false);
    expect(inArc(square, at, 'N', at, 360)).toBe(false);
  });

  it('the facing toward a cell is the nearest direction; an exact diagonal goes to the first clockwise', () => {
    expect(facingToward(square, at, { col: 5, row: 0 })).toBe('N');
    expect(facingToward(square, at, { col: 9, row: 4 })).toBe('E');
    expect(facingToward(square, at, { col: 7, row: 7 })).toBe('E');
    expect(facingToward(square, at, { col: 3, row: 3 })).toBe('N');
    expect(facingToward(square8, at, { col: 7, row: 3 })).toBe('NE');
  });
});

describe('bearings on hexes', () => {
  it('are 60° apart from side to side', () => {
    const at = { col: 4, row: 4 };
    expect(facingsOf(flat).map((d) => bearing(flat, at, 'N', flat.step(at, d)!))).toEqual([0, 60, 120, 180, -120, -60]);
    expect(facingsOf(pointy).map((d) => bearing(pointy, at, 'NE', pointy.step(at, d)!))).toEqual([0, 60, 120, 180, -120, -60]);
  });

  it('a 120° arc on a flat-top hex holds the front hexes and the hexes along its two boundary lines', () => {
    const at = { col: 4, row: 6 };
    // Two hexes north along the N–NE boundary: through the vertex between N and NE neighbours.
    const twoUpRight = flat.step(flat.step(at, 'N')!, 'NE')!;
    expect(bearing(flat, at, 'N', twoUpRight)).toBe(30);
    expect(inArc(flat, at, 'N', twoUpRight, 60)).toBe(true);
    expect(inArc(flat, at, 'N', flat.step(at, 'NE')!, 120)).toBe(true);
    expect(inArc(flat, at, 'N', flat.step(at, 'SE')!, 120)).toBe(false);
  });
});

// ---- properties -----------------------------------------------------------------------------

const VARIANTS: { name: string; spec: Omit<GridSpecInput, 'cols' | 'rows'> }[] = [
  { name: 'square 4-way', spec: { kind: 'square', adjacency: 4 } },
  { name: 'square 8-way', spec: { kind: 'square', adjacency: 8 } },
  { name: 'flat hex', spec: { kind: 'hex', orientation: 'flat', offset: 'odd' } },
  { name: 'pointy hex', spec: { kind: 'hex', orientation: 'pointy', offset: 'even' } },
  { name: 'offset square', spec: { kind: 'offsetSquare', offset: 'odd' } },
];
const RUNS = { numRuns: 120 };

function mapAndCells(spec: Omit<GridSpecInput, 'cols' | 'rows'>) {
  return fc.record({ cols: fc.integer({ min: 3, max: 14 }), rows: fc.integer({ min: 3, max: 14 }) }).chain(({ cols, rows }) => {
    const grid = createGrid({ ...spec, cols, rows } as GridSpecInput);
    const cell = fc.record({ col: fc.integer({ min: 0, max: cols - 1 }), row: fc.integer({ min: 0, max: rows - 1 }) });
    return fc.tuple(fc.constant(grid), cell, cell, fc.constantFrom(...grid.directions));
  });
}

for (const { name, spec } of VARIANTS) {
  describe(`${name}: facing properties`, () => {
    it('a neighbour lies dead ahead of the facing toward it, and the facing toward it is its direction', () => {
      fc.assert(
        fc.property(mapAndCells(spec), ([g, a, , d]) => {
          const n = g.step(a, d)!;
          expect(bearing(g, a, d, n)).toBe(0);
          expect(facingToward(g, a, n)).toBe(d);
          expect(bearing(g, a, OPPOSITE[d], n)).toBe(180);
          expect(sideOf(g, d, d)).toBe('front');
          expect(sideOf(g, d, OPPOSITE[d])).toBe('rear');
        }),
        RUNS,
      );
    });

    it('arcs are symmetric about the facing, nested by width, and a full circle holds every other cell', () => {
      fc.assert(
        fc.property(mapAndCells(spec), fc.integer({ min: 1, max: 359 }), ([g, a, b, d], arc) => {
          if (a.col === b.col && a.row === b.row) return;
          const x = bearing(g, a, d, b);
          expect(x).toBeGreaterThan(-180);
          expect(x).toBeLessThanOrEqual(180);
          expect(inArc(g, a, d, b, arc)).toBe(Math.abs(x) <= arc / 2);
          if (inArc(g, a, d, b, arc)) expect(inArc(g, a, d, b, Math.min(360, arc + 30))).toBe(true);
          expect(inArc(g, a, d, b, 360)).toBe(true);
          // The facing toward b is never further from b than any other facing.
          const best = Math.abs(bearing(g, a, facingToward(g, a, b), b));
          for (const f of g.directions) expect(best).toBeLessThanOrEqual(Math.abs(bearing(g, a, f, b)) + 1e-9);
        }),
        RUNS,
      );
    });

    it('turning by n facings comes back; turning by one changes the bearing of a cell by 360/n', () => {
      fc.assert(
        fc.property(mapAndCells(spec), ([g, a, b, d]) => {
          const n = g.directions.length;
          expect(turnFacing(g, d, n)).toBe(d);
          expect(turnFacing(g, turnFacing(g, d, 1), -1)).toBe(d);
          // On the brick layout (offset squares) the six facings are not evenly spaced.
          if (g.spec.kind === 'offsetSquare' || (a.col === b.col && a.row === b.row)) return;
          const turned = bearing(g, a, turnFacing(g, d, 1), b);
          const diff = (((bearing(g, a, d, b) - turned) % 360) + 360) % 360;
          // The step directions of an 8-way square grid are 45° apart; hexes 60°; 4-way squares 90°.
          expect(diff).toBeCloseTo(360 / n, 6);
        }),
        RUNS,
      );
    });
  });
}

describe('square 4-way: the 90° arc is exactly the forward quarter with its diagonals', () => {
  it('facing N: cells with dy < 0 and |dx| ≤ |dy|; each facing likewise', () => {
    fc.assert(
      fc.property(
        fc.record({ col: fc.integer({ min: 0, max: 11 }), row: fc.integer({ min: 0, max: 7 }) }),
        fc.record({ col: fc.integer({ min: 0, max: 11 }), row: fc.integer({ min: 0, max: 7 }) }),
        (a: Cell, b: Cell) => {
          const dx = b.col - a.col;
          const dy = b.row - a.row;
          expect(inArc(square, a, 'N', b, 90)).toBe(dy < 0 && Math.abs(dx) <= -dy);
          expect(inArc(square, a, 'S', b, 90)).toBe(dy > 0 && Math.abs(dx) <= dy);
          expect(inArc(square, a, 'E', b, 90)).toBe(dx > 0 && Math.abs(dy) <= dx);
          expect(inArc(square, a, 'W', b, 90)).toBe(dx < 0 && Math.abs(dy) <= -dx);
        },
      ),
      { numRuns: 400 },
    );
  });
});
