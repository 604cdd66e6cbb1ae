// Hand-checked examples per grid kind, worked out on paper against Red Blob Games' diagrams.
import { describe, expect, it } from 'vitest';
import { createGrid, cellId, resolveGridSpec, parseCellId, type Cell, type Point } from './index.js';

const ids = (cells: Cell[]): string[] => cells.map(cellId);
const rounded = (points: Point[]): [number, number][] => points.map((p) => [Number(p.x.toFixed(3)), Number(p.y.toFixed(3))]);

describe('createGrid defaults and validation', () => {
  it('fills in flat-top, odd offset, 4-way adjacency and CCRR labels', () => {
    expect(resolveGridSpec({ kind: 'hex', cols: 3, rows: 4 })).toEqual({
      kind: 'hex',
      orientation: 'flat',
      offset: 'odd',
      adjacency: 4,
      cols: 3,
      rows: 4,
      labels: 'CCRR',
    });
  });

  it('rejects impossible grids with a message naming the field', () => {
    expect(() => createGrid({ kind: 'hex', cols: 0, rows: 4 })).toThrow(/grid\.cols/);
    expect(() => createGrid({ kind: 'hex', cols: 2.5, rows: 4 })).toThrow(/grid\.cols/);
    expect(() => createGrid({ kind: 'triangle' as never, cols: 2, rows: 4 })).toThrow(/grid\.kind/);
    expect(() => createGrid({ kind: 'square', adjacency: 6 as never, cols: 2, rows: 4 })).toThrow(/grid\.adjacency/);
  });

  it('cell ids are "col,row" and parse back; anything else is rejected', () => {
    expect(cellId({ col: 3, row: 7 })).toBe('3,7');
    expect(parseCellId('3,7')).toEqual({ col: 3, row: 7 });
    expect(parseCellId('3;7')).toBeNull();
  });
});

describe('flat-top hex, odd-q (odd columns shifted down)', () => {
  const g = createGrid({ kind: 'hex', cols: 5, rows: 5 });

  it('lists neighbours clockwise from north', () => {
    expect(g.directions).toEqual(['N', 'NE', 'SE', 'S', 'SW', 'NW']);
    expect(ids(g.neighbours({ col: 0, row: 0 }))).toEqual(['1,0', '0,1']);
    expect(ids(g.neighbours({ col: 1, row: 1 }))).toEqual(['1,0', '2,1', '2,2', '1,2', '0,2', '0,1']);
    expect(ids(g.neighbours({ col: 2, row: 2 }))).toEqual(['2,1', '3,1', '3,2', '2,3', '1,2', '1,1']);
  });

  it('places the first hex touching the top and left of the map', () => {
    // size 10 across flats: height 10, width 20/√3 ≈ 11.547
    expect(rounded(g.corners({ col: 0, row: 0 }, 10))).toEqual([
      [2.887, 0],
      [8.66, 0],
      [11.547, 5],
      [8.66, 10],
      [2.887, 10],
      [0, 5],
    ]);
    expect(g.cellBox(10).height).toBeCloseTo(10, 9);
    expect(g.cellBox(10).width).toBeCloseTo(20 / Math.sqrt(3), 9);
    // 5 columns: 2 radii + 4 × 1.5 radii wide; 5 rows + the half-hex shift of odd columns high.
    const b = g.bounds(10);
    expect(b.width).toBeCloseTo((8 * 10) / Math.sqrt(3), 9);
    expect(b.height).toBeCloseTo(55, 9);
  });

  it('names a side the same from both cells and canonicalises other spellings', () => {
    expect(g.edgeOf({ col: 3, row: 4 }, 'S')).toBe('3,5,N');
    expect(g.parseEdge('3,4,S')).toBe('3,5,N');
    expect(g.parseEdge('3,4,SW')).toBe('2,5,NE');
    expect(g.parseEdge('2,2,NW')).toBe('1,1,SE');
    expect(g.parseEdge(' 03,4,n ')).toBe('3,4,N');
    expect(g.parseEdge('3,4,E')).toBeNull();
    expect(g.parseEdge('3,4')).toBeNull();
    // (0,0)'s lower-left side is owned by the off-map hex (-1,0), which sits half a hex lower.
    expect(g.parseEdge('0,0,SW')).toBe('-1,0,NE');
    expect(g.edgeCells('-1,0,NE')).toEqual([
      { col: -1, row: 0 },
      { col: 0, row: 0 },
    ]);
  });

  it('measures hex distance and draws straight lines', () => {
    expect(g.distance({ col: 0, row: 0 }, { col: 4, row: 0 })).toBe(4);
    expect(g.distance({ col: 0, row: 0 }, { col: 0, row: 4 })).toBe(4);
    expect(g.distance({ col: 0, row: 0 }, { col: 4, row: 4 })).toBe(6);
    expect(ids(g.line({ col: 0, row: 2 }, { col: 0, row: 4 }))).toEqual(['0,2', '0,3', '0,4']);
  });

  it('labels cells CCRR from 1', () => {
    expect(g.label({ col: 2, row: 6 })).toBe('0307');
    expect(g.parseLabel('0305')).toEqual({ col: 2, row: 4 });
    expect(g.parseLabel('3,5')).toEqual({ col: 2, row: 4 });
    expect(g.parseLabel('0306')).toBeNull(); // row 6 is off a 5-row map
    expect(g.parseLabel('305')).toBeNull();
  });

  it('finds the cell under a pixel and the nearest side', () => {
    expect(g.pixelToCell({ x: 1, y: 1 }, 10)).toEqual({ col: -1, row: -1 });
    expect(g.pixelToCell({ x: 5, y: 5 }, 10)).toEqual({ col: 0, row: 0 });
    expect(g.pixelToCell({ x: 14, y: 11 }, 10)).toEqual({ col: 1, row: 0 });
    const onBottom = g.nearestEdge({ x: 5.77, y: 10.5 }, 10)!;
    expect(onBottom.edge).toBe('0,1,N');
    expect(onBottom.distance).toBeCloseTo(0.5, 6);
    expect(g.nearestEdge({ x: -500, y: -500 }, 10)).toBeNull();
  });
});

describe('flat-top hex, even-q (even columns shifted down)', () => {
  const g = createGrid({ kind: 'hex', offset: 'even', cols: 4, rows: 4 });
  it('lists neighbours of an odd column, which sits half a hex higher', () => {
    expect(ids(g.neighbours({ col: 1, row: 1 }))).toEqual(['1,0', '2,0', '2,1', '1,2', '0,1', '0,0']);
    expect(g.center({ col: 1, row: 0 }, 10).y).toBeCloseTo(5, 9);
    expect(g.center({ col: 0, row: 0 }, 10).y).toBeCloseTo(10, 9);
  });
});

describe('pointy-top hex, odd-r (odd rows shifted right)', () => {
  const g = createGrid({ kind: 'hex', orientation: 'pointy', cols: 4, rows: 4 });
  it('lists neighbours clockwise from north-east', () => {
    expect(ids(g.neighbours({ col: 1, row: 1 }))).toEqual(['2,0', '2,1', '2,2', '1,2', '0,1', '1,0']);
    expect(ids(g.neighbours({ col: 1, row: 2 }))).toEqual(['1,1', '2,2', '1,3', '0,3', '0,2', '0,1']);
  });
  it('has size as its width and starts at the map corner', () => {
    expect(rounded(g.corners({ col: 0, row: 0 }, 10))).toEqual([
      [5, 0],
      [10, 2.887],
      [10, 8.66],
      [5, 11.547],
      [0, 8.66],
      [0, 2.887],
    ]);
    expect(g.bounds(10).width).toBeCloseTo(45, 9);
    expect(g.parseEdge('1,1,W')).toBe('0,1,E');
    expect(g.parseEdge('1,1,N')).toBeNull();
  });
});

describe('square grids', () => {
  const four = createGrid({ kind: 'square', cols: 4, rows: 4, labels: 'A1' });
  const eight = createGrid({ kind: 'square', adjacency: 8, cols: 4, rows: 4 });

  it('have 4 orthogonal or 8 neighbours', () => {
    expect(ids(four.neighbours({ col: 1, row: 1 }))).toEqual(['1,0', '2,1', '1,2', '0,1']);
    expect(ids(eight.neighbours({ col: 1, row: 1 }))).toEqual(['1,0', '2,0', '2,1', '2,2', '1,2', '0,2', '0,1', '0,0']);
    expect(four.distance({ col: 0, row: 0 }, { col: 3, row: 2 })).toBe(5);
    expect(eight.distance({ col: 0, row: 0 }, { col: 3, row: 2 })).toBe(3);
  });

  it('diagonals share no side, and diagonalSides names the four sides at the corner crossed', () => {
    expect(eight.edgeBetween({ col: 0, row: 0 }, { col: 1, row: 1 })).toBeNull();
    expect(eight.parseEdge('0,0,NE')).toBeNull();
    expect(eight.diagonalSides({ col: 0, row: 0 }, { col: 1, row: 1 })).toEqual(['0,0,E', '0,1,N', '1,1,N', '0,1,E']);
    expect([...eight.diagonalSides({ col: 1, row: 1 }, { col: 0, row: 0 })].sort()).toEqual(['0,0,E', '0,1,E', '0,1,N', '1,1,N']);
    expect(eight.diagonalSides({ col: 0, row: 0 }, { col: 1, row: 0 })).toEqual([]);
    expect(four.diagonalSides({ col: 0, row: 0 }, { col: 1, row: 1 })).toEqual([]);
  });

  it('4-way lines step orthogonally; 8-way lines may step diagonally', () => {
    expect(ids(four.line({ col: 0, row: 0 }, { col: 2, row: 1 }))).toEqual(['0,0', '1,0', '1,1', '2,1']);
    expect(ids(eight.line({ col: 0, row: 0 }, { col: 3, row: 3 }))).toEqual(['0,0', '1,1', '2,2', '3,3']);
  });

  it('lay out squares of side size from 0,0', () => {
    expect(rounded(four.corners({ col: 1, row: 2 }, 10))).toEqual([
      [10, 20],
      [20, 20],
      [20, 30],
      [10, 30],
    ]);
    expect(four.bounds(10)).toEqual({ x: 0, y: 0, width: 40, height: 40 });
    expect(four.pixelToCell({ x: 39.9, y: 0.1 }, 10)).toEqual({ col: 3, row: 0 });
    expect(four.nearestEdge({ x: 19, y: 25 }, 10)).toEqual({ edge: '1,2,E', distance: 1 });
    expect(four.parseEdge('2,2,W')).toBe('1,2,E');
    expect(four.parseEdge('2,2,S')).toBe('2,3,N');
  });

  it('A1 labels use column letters and rows from 1', () => {
    expect(four.label({ col: 2, row: 6 })).toBe('C7');
    expect(four.parseLabel('c3')).toEqual({ col: 2, row: 2 });
    const wide = createGrid({ kind: 'square', cols: 60, rows: 4, labels: 'A1' });
    expect(wide.label({ col: 26, row: 0 })).toBe('AA1');
    expect(wide.label({ col: 51, row: 0 })).toBe('AZ1');
    expect(wide.label({ col: 52, row: 0 })).toBe('BA1');
    expect(wide.parseLabel('BA1')).toEqual({ col: 52, row: 0 });
  });
});

describe('offset square (brick), odd rows shifted half a cell right', () => {
  const g = createGrid({ kind: 'offsetSquare', cols: 3, rows: 3 });
  it('has six neighbours: two above, two beside, two below', () => {
    expect(ids(g.neighbours({ col: 1, row: 1 }))).toEqual(['2,0', '2,1', '2,2', '1,2', '0,1', '1,0']);
    expect(ids(g.neighbours({ col: 1, row: 0 }))).toEqual(['2,0', '1,1', '0,1', '0,0']);
    expect(g.distance({ col: 0, row: 0 }, { col: 2, row: 2 })).toBe(3);
  });
  it('is half a cell wider than its columns and picks cells by row, then shifted column', () => {
    expect(g.bounds(10)).toEqual({ x: 0, y: 0, width: 35, height: 30 });
    expect(g.pixelToCell({ x: 4, y: 15 }, 10)).toEqual({ col: -1, row: 1 });
    expect(g.pixelToCell({ x: 6, y: 15 }, 10)).toEqual({ col: 0, row: 1 });
    expect(g.pixelToCell({ x: 34, y: 15 }, 10)).toEqual({ col: 2, row: 1 });
    expect(g.pixelToCell({ x: 34, y: 5 }, 10)).toEqual({ col: 3, row: 0 });
  });
  it('splits the top side between the two cells above', () => {
    expect(g.edgeEndpoints('1,1,NE', 10)).toEqual([
      { x: 20, y: 10 },
      { x: 25, y: 10 },
    ]);
    expect(g.parseEdge('2,0,SW')).toBe('1,1,NE');
    expect(g.nearestEdge({ x: 17, y: 11 }, 10)).toEqual({ edge: '1,0,SE', distance: 1 });
  });
});

describe('CCRR labels widen with the map', () => {
  it('use 3 digits per coordinate beyond 99 columns or rows, 4 beyond 999', () => {
    const big = createGrid({ kind: 'hex', cols: 120, rows: 50 });
    expect(big.label({ col: 2, row: 16 })).toBe('003017');
    expect(big.parseLabel('003017')).toEqual({ col: 2, row: 16 });
    expect(big.parseLabel('0317')).toBeNull();
    const huge = createGrid({ kind: 'square', cols: 10, rows: 1200 });
    expect(huge.label({ col: 0, row: 1199 })).toBe('00011200');
  });
  it('"col,row" labels count from 1', () => {
    const g = createGrid({ kind: 'square', cols: 10, rows: 10, labels: 'col,row' });
    expect(g.label({ col: 3, row: 7 })).toBe('4,8');
    expect(g.parseLabel('4, 8')).toEqual({ col: 3, row: 7 });
  });
});
