// The grid geometry contract. Everything that reasons about cells and their sides (renderer,
// rules engine, print layout, validation) goes through a `GridGeometry` made by `createGrid`.
//
// Conventions
// - Cells are addressed by offset coordinates (col,row), counted from 0 at the top left.
//   Their string form `CellId` is "col,row" (the scenario file's CellRef).
// - Internally the maths is done in cube/axial coordinates (hexes) or plain integer
//   vectors (squares); offset coordinates are only for storage and display.
// - A side shared by two cells (an edge) has one canonical id "col,row,DIR" where DIR is a
//   direction the owning cell owns: flat-top hex N, NE, SE; pointy-top hex and offset
//   square NE, E, SE; square N, E. The owner may be one step outside the map, so border
//   sides have ids too (e.g. "-1,4,E"). The scenario file's EdgeRef uses the same form.
// - `size` in layout functions is the cell's size across flats in pixels (or any unit):
//   a flat-top hex's height, a pointy-top hex's width, a square's side.
//   Pixel (0,0) is the top-left corner of the map's bounding box.

export type Direction = 'N' | 'NE' | 'E' | 'SE' | 'S' | 'SW' | 'W' | 'NW';

export type GridKind = 'hex' | 'square' | 'offsetSquare';
export type HexOrientation = 'flat' | 'pointy';
export type OffsetParity = 'odd' | 'even';
export type LabelScheme = 'CCRR' | 'col,row' | 'A1';

/** A grid description with every default filled in. */
export interface GridSpec {
  kind: GridKind;
  /** Hex only; ignored otherwise. */
  orientation: HexOrientation;
  /** Hex: shifted columns (flat) or rows (pointy). Offset square: shifted rows. */
  offset: OffsetParity;
  /** Square only: 4 or 8 neighbours. */
  adjacency: 4 | 8;
  cols: number;
  rows: number;
  labels: LabelScheme;
}

export interface Cell {
  readonly col: number;
  readonly row: number;
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** "col,row" */
export type CellId = string;
/** "col,row,DIR" in canonical form */
export type EdgeId = string;

export interface GridGeometry {
  readonly spec: GridSpec;
  /** Directions to neighbours, clockwise from the first one at or after north. */
  readonly directions: readonly Direction[];
  /** Directions whose neighbour shares a side (all but the diagonals of an 8-way square). */
  readonly sideDirections: readonly Direction[];
  /** The directions a cell owns for canonical edge ids. */
  readonly ownedDirections: readonly Direction[];

  inMap(cell: Cell): boolean;
  /** Number of cells (cols × rows). */
  readonly cellCount: number;
  /** row * cols + col, for typed-array storage. */
  index(cell: Cell): number;
  cellAt(index: number): Cell;

  /** The cell one step in `dir`, whether or not it is in the map; null if the grid has no such direction. */
  step(cell: Cell, dir: Direction): Cell | null;
  /** In-map neighbours, in `directions` order. */
  neighbours(cell: Cell): Cell[];
  /** The direction from `a` to adjacent `b`, or null when they are not neighbours. */
  directionTo(a: Cell, b: Cell): Direction | null;
  adjacent(a: Cell, b: Cell): boolean;
  /** Number of steps between two cells (hex: hex distance; square 4: Manhattan; 8: Chebyshev; offset square: 6-neighbour distance). */
  distance(a: Cell, b: Cell): number;

  /** Canonical id of the side of `cell` facing `dir`; null for an 8-way diagonal (no shared side). */
  edgeOf(cell: Cell, dir: Direction): EdgeId | null;
  /** The side shared by two adjacent cells, or null if they share none. */
  edgeBetween(a: Cell, b: Cell): EdgeId | null;
  /** The two cells separated by a side (either may be outside the map), owner first. Throws if `edge` is not a side (check with parseEdge first). */
  edgeCells(edge: EdgeId): [Cell, Cell];
  /**
   * Parse and canonicalise an edge id written from either side ("3,4,S" → "3,5,N" on a
   * flat hex grid); null if malformed or DIR is not a side direction of this grid. Does
   * not check that the side touches the map (see `edgeCells` + `inMap`).
   */
  parseEdge(edge: string): EdgeId | null;
  /** Every side of the map with at least one in-map cell (border sides included). */
  allEdges(): EdgeId[];
  /**
   * 8-way squares: the orthogonal sides meeting at the corner a diagonal step crosses (the
   * sides between each end cell and the two cells the step squeezes past, four in all), so
   * a rule can block the step when any of them is a river; [] otherwise.
   */
  diagonalSides(a: Cell, b: Cell): EdgeId[];

  /** Centre of a cell in pixels. */
  center(cell: Cell, size: number): Point;
  /** Centre x / y without allocating a Point (hot paths: drawing up to 1M cells). */
  centerX(col: number, row: number, size: number): number;
  centerY(col: number, row: number, size: number): number;
  /**
   * Corners of a cell, clockwise, in pixels, starting so that side k of `sideDirections`
   * runs from corner k to corner k+1. Hexes have 6; squares 4; offset squares 6 (the top
   * and bottom are split at their midpoints between the two cells above / below).
   */
  corners(cell: Cell, size: number): Point[];
  /** Corners relative to the centre (same order as `corners`); cached per size, do not mutate. */
  cornerOffsets(size: number): readonly Point[];
  /** The two end points of a side, in pixels. */
  edgeEndpoints(edge: EdgeId, size: number): [Point, Point];
  /** The cell containing a pixel (may be outside the map). */
  pixelToCell(p: Point, size: number): Cell;
  /** `index` of the cell containing a pixel, or -1 when that cell is outside the map. */
  pixelToIndex(p: Point, size: number): number;
  /**
   * The side nearest a pixel, with its distance; the side must touch at least one in-map
   * cell. Searches the sides of the containing cell and its neighbours, so it returns null
   * for pixels more than about a cell away from the map.
   */
  nearestEdge(p: Point, size: number): { edge: EdgeId; distance: number } | null;
  /** Bounding box of the whole map in pixels (starts at 0,0). */
  bounds(size: number): Rect;
  /** Width and height of one cell's bounding box. */
  cellBox(size: number): { width: number; height: number };

  /** Cells a straight line from a to b passes through, from a to b inclusive, each adjacent to the next. */
  line(a: Cell, b: Cell): Cell[];
  /** Sides crossed by a path of adjacent cells (pairs that share no side are skipped). */
  edgesAlongPath(path: readonly Cell[]): EdgeId[];

  /** Label for people, per spec.labels (counted from 1): "0307", "3,7" or "C7". */
  label(cell: Cell): string;
  /** Parse a label in this grid's scheme (or "col,row" from 1); null if it is not one. */
  parseLabel(text: string): Cell | null;
}

export const cellId = (c: Cell): CellId => `${c.col},${c.row}`;

export function parseCellId(id: string): Cell | null {
  const m = /^(-?\d+),(-?\d+)$/.exec(id);
  if (!m) return null;
  return { col: Number(m[1]), row: Number(m[2]) };
}
