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
// - Network maps (kind 'network', see network.ts) sit behind the same interface: a position
//   is the network's cell, addressed as { col: i, row: 0 } for the i-th position in file
//   order (so `cols` is the number of positions and `rows` is 1, and typed arrays indexed by
//   `index(cell)` work unchanged); links are its edges, with the link id as EdgeId. Its file
//   reference (CellRef) is the position id, so code that turns refs into cells goes through
//   `ref` / `parseRef` rather than `cellId` / `parseCellId`. `size` is the drawn length of the
//   map's cell size (`spec.network.unit` mm), so the same size that draws a grid at true scale
//   draws a network at true scale. A network has no compass directions: `directions` is
//   empty and `step` / `directionTo` / `edgeOf` return null; `adjacent`, `neighbours`,
//   `distance` and `edgeBetween` follow the links. Network-only queries are on `network`.

export type Direction = 'N' | 'NE' | 'E' | 'SE' | 'S' | 'SW' | 'W' | 'NW';

export type GridKind = 'hex' | 'square' | 'offsetSquare' | 'network';
export type CellGridKind = Exclude<GridKind, 'network'>;
export type HexOrientation = 'flat' | 'pointy';
export type OffsetParity = 'odd' | 'even';
export type LabelScheme = 'CCRR' | 'col,row' | 'A1';

/** A grid description with every default filled in. */
export type GridSpec = CellGridSpec | NetworkGridSpec;

interface GridSpecBase {
  /** Hex only; ignored otherwise. */
  orientation: HexOrientation;
  /** Hex: shifted columns (flat) or rows (pointy). Offset square: shifted rows. */
  offset: OffsetParity;
  /** Square only: 4 or 8 neighbours. */
  adjacency: 4 | 8;
  /** Columns of cells; on a network, the number of positions. */
  cols: number;
  /** Rows of cells; 1 on a network. */
  rows: number;
  /** Grids only; a network labels each position itself. */
  labels: LabelScheme;
}

export interface CellGridSpec extends GridSpecBase {
  kind: CellGridKind;
  network?: undefined;
}

/** A network map: cols = positions.length, rows = 1; orientation, offset, adjacency and labels are unused. */
export interface NetworkGridSpec extends GridSpecBase {
  kind: 'network';
  network: NetworkLayout;
}

export type PositionShape = 'box' | 'circle';

/** A position as the geometry sees it, every default filled in; lengths in map millimetres. */
export interface NetworkPosition {
  readonly id: string;
  /** Short designation for people; the id when the file gives none. */
  readonly label: string;
  readonly x: number;
  readonly y: number;
  readonly shape: PositionShape;
  readonly width: number;
  readonly height: number;
}

/** A link as the geometry sees it: position ids, a type and bends in map millimetres. */
export interface NetworkLink {
  readonly id: string;
  readonly from: string;
  readonly to: string;
  readonly type: string;
  readonly waypoints: readonly Point[];
}

/** Everything that makes a network's geometry. Positions and links keep their file order. */
export interface NetworkLayout {
  /** The map's extent in millimetres; (0,0) is its top-left corner. */
  readonly width: number;
  readonly height: number;
  /** Millimetres that the layout functions' `size` stands for (the map's cell size). */
  readonly unit: number;
  readonly positions: readonly NetworkPosition[];
  readonly links: readonly NetworkLink[];
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
  /** Network-only queries (link paths, cut-off, hit testing in mm); null on a grid of cells. */
  readonly network: NetworkQueries | null;
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

  /**
   * Cells a straight line from a to b passes through, from a to b inclusive, each adjacent to
   * the next. On a network: a shortest link path, or just [a, b] when no path joins them.
   */
  line(a: Cell, b: Cell): Cell[];
  /** Sides crossed by a path of adjacent cells (pairs that share no side are skipped). */
  edgesAlongPath(path: readonly Cell[]): EdgeId[];

  /** The scenario file's reference to a cell (CellRef): "col,row" on a grid, the position id on a network. */
  ref(cell: Cell): CellId;
  /** The cell a CellRef names, or null when it is not one (in-map or not: check with `inMap`). */
  parseRef(ref: string): Cell | null;

  /** Label for people, per spec.labels (counted from 1): "0307", "3,7" or "C7"; a network position's label. */
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

/** Which links and positions a network query may use. */
export interface PathOptions {
  /** Only links of these types (every type when omitted). */
  readonly linkTypes?: readonly string[];
  /** Only links (by index in `links`) for which this holds. */
  readonly link?: (link: number) => boolean;
  /**
   * Only positions (by index) a path may enter: every position after the start, the end
   * included, must pass. The start itself need not ("a unit may leave its own position").
   */
  readonly enter?: (position: number) => boolean;
}

/** A network's own queries; positions and links are addressed by their index in file order. */
export interface NetworkQueries {
  readonly layout: NetworkLayout;
  readonly positions: readonly NetworkPosition[];
  readonly links: readonly NetworkLink[];
  /** Index of the (first) position with this id, or -1. */
  indexOf(id: string): number;
  /** Index of the (first) link with this id, or -1. */
  linkIndexOf(id: string): number;
  /**
   * The two position indices a link joins (from, to), or null when it joins nothing usable:
   * an end is missing, both ends are the same position, or an earlier link already joins
   * the pair. Such links are left out of every query (the checks report them).
   */
  linkEnds(link: number): readonly [number, number] | null;
  /** Positions joined to `position` by a usable link, in link order. */
  neighbours(position: number, options?: PathOptions): number[];
  /** Usable links touching a position, in link order. */
  linksOf(position: number): number[];
  /** The usable link joining two positions, or -1. */
  linkBetween(a: number, b: number): number;
  /** A path with the fewest links from `from` to `to` (both included), or null when none. */
  shortestPath(from: number, to: number, options?: PathOptions): number[] | null;
  /** Links of a path of positions, each joining one to the next (pairs not joined are skipped). */
  pathLinks(path: readonly number[]): number[];
  /** Links on a shortest path, or Infinity when none (0 from a position to itself). */
  distance(from: number, to: number, options?: PathOptions): number;
  /** Links from one or more starts to every position (-1 where unreachable). */
  distancesFrom(starts: readonly number[], options?: PathOptions): Int32Array;
  /**
   * Links from every position to the nearest of `targets` (-1 where none can be reached):
   * the reverse of distancesFrom, with `enter` tested on the positions after each start.
   */
  distancesTo(targets: readonly number[], options?: PathOptions): Int32Array;
  /** Positions that cannot reach any of `sources` (a source reaches itself), in index order. */
  cutOffFrom(sources: readonly number[], options?: PathOptions): number[];
  /**
   * Connected components over usable links: a component number per position (from 0, in
   * order of each component's first position), -1 for positions `include` leaves out.
   */
  components(options?: { readonly include?: (position: number) => boolean; readonly linkTypes?: readonly string[]; readonly link?: (link: number) => boolean }): { count: number; of: Int32Array };

  /** The link as drawn through its bends, centre to centre, in mm (from `from` to `to`); [] if an end is missing. */
  linkPolyline(link: number): Point[];
  /** Length of linkPolyline in mm. */
  linkLength(link: number): number;
  /** The drawn line trimmed to where it leaves each end's shape (bends inside a shape dropped), in mm. */
  linkDrawnPolyline(link: number): Point[];
  /** Outline of a position's drawn shape in mm, clockwise from the top left (a circle as 32 points). */
  outline(position: number): Point[];
  /** Whether a point (mm) lies within a position's drawn shape. */
  contains(position: number, p: Point): boolean;
  /** The position whose drawn shape holds a point (mm), the one with the nearest centre when shapes overlap; -1 for none. */
  positionAt(p: Point): number;
  /** The position whose centre is nearest a point (mm), within `maxDistance` if given; -1 for none. */
  nearestPosition(p: Point, maxDistance?: number): number;
  /** The usable link whose drawn polyline passes nearest a point (mm), with the distance; null when there are none. */
  nearestLink(p: Point): { link: number; distance: number } | null;
}
