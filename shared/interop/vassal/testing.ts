// VASSAL's own arithmetic for naming a board point, re-stated from its public source
// (HexGrid.java hexX/hexY, HexGridNumbering.java getRawColumn/getRawRow/getRow/getColumn,
// SquareGridNumbering.java, RegularGridNumbering.java getName) so tests can check that a grid
// written into buildFile.xml names each cell as Gridfront labels it. Java's integer casts and
// Math.round/floor are followed; ascending numbering only (the export never writes descending).

type Attrs = Record<string, string>;

const javaRound = (v: number) => Math.floor(v + 0.5);

function name(v: number, type: string, leading: number): string {
  let out = v < 0 ? '-' : '';
  let n = Math.abs(v);
  if (type === 'A') {
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    do {
      out += ALPHABET.charAt(n % 26);
      n -= 26;
    } while (n >= 0);
    return out;
  }
  while (leading > 0 && n < Math.pow(10, leading--)) out += '0';
  return out + n;
}

/** RegularGridNumbering.locationName: the numbering's location format with gridLocation, row and column filled in. */
function gridName(row: number, col: number, n: Attrs): string {
  const rowName = name(row + Number(n.vOff), n.vType!, Number(n.vLeading));
  const colName = name(col + Number(n.hOff), n.hType!, Number(n.hLeading));
  const location = n.first === 'H' ? colName + n.sep + rowName : rowName + n.sep + colName;
  return (n.locationFormat ?? '$gridLocation$').replace(/\$gridLocation\$/g, location).replace(/\$row\$/g, rowName).replace(/\$column\$/g, colName);
}

/** java.awt.Polygon.contains for a point (even-odd crossings; the board's integer ring). */
function polygonContains(ring: readonly { x: number; y: number }[], p: { x: number; y: number }): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

export interface ZoneAttrs {
  name: string;
  polygon: readonly { x: number; y: number }[];
  locationFormat: string;
  numbering: Attrs;
}

/**
 * ZonedGrid.locationName: the first zone holding the point names it (Zone.locationName: its
 * format with the zone's name and its own grid's location), else the background grid.
 */
export function vassalZonedLocationName(kind: 'hex' | 'square', grid: Attrs, numbering: Attrs, zones: readonly ZoneAttrs[], point: { x: number; y: number }): string {
  for (const z of zones) {
    if (polygonContains(z.polygon, point)) return z.locationFormat.replace(/\$name\$/g, z.name).replace(/\$gridLocation\$/g, vassalLocationName(kind, grid, z.numbering, point));
  }
  return vassalLocationName(kind, grid, numbering, point);
}

/** The location name VASSAL gives a board point under a HexGrid / SquareGrid and its numbering. */
export function vassalLocationName(kind: 'hex' | 'square', grid: Attrs, numbering: Attrs, point: { x: number; y: number }): string {
  const x0 = Number(grid.x0);
  const y0 = Number(grid.y0);
  const dx = Number(grid.dx);
  const dy = Number(grid.dy);
  if (kind === 'square') {
    const col = Math.floor((point.x - x0) / dx + 0.5);
    const row = Math.trunc((point.y - y0) / dy + 0.5);
    return gridName(row, col, numbering);
  }
  const sideways = grid.sideways === 'true';
  const p = sideways ? { x: point.y, y: point.x } : point;
  const rawColumn = Math.floor((p.x - x0) / dx + 0.5);
  const nx = javaRound((p.x - x0) / dx);
  let ny = nx % 2 === 0 ? javaRound((p.y - y0) / dy) : javaRound((p.y - y0 - dy / 2) / dy);
  if (numbering.stagger === 'true' && rawColumn % 2 !== 0) ny++;
  return gridName(ny, rawColumn, numbering);
}

/** The hex centre VASSAL snaps a board point to (HexGrid.snapToHex), or the square's centre. */
export function vassalSnap(kind: 'hex' | 'square', grid: Attrs, point: { x: number; y: number }): { x: number; y: number } {
  const x0 = Number(grid.x0);
  const y0 = Number(grid.y0);
  const dx = Number(grid.dx);
  const dy = Number(grid.dy);
  if (kind === 'square') return { x: Math.trunc(Math.floor((point.x - x0 + dx / 2) / dx) * dx + x0), y: Math.trunc(Math.floor((point.y - y0 + dy / 2) / dy) * dy + y0) };
  const sideways = grid.sideways === 'true';
  const p = sideways ? { x: point.y, y: point.x } : point;
  const x = Math.trunc(dx * Math.floor((p.x - x0 + dx / 2) / dx) + x0);
  const nx = Math.floor((p.x - x0 + dx / 2) / dx);
  const y = nx % 2 === 0 ? Math.trunc(dy * Math.floor((p.y - y0 + dy / 2) / dy) + y0) : Math.trunc(dy * Math.floor((p.y - y0) / dy) + Math.trunc(dy / 2) + y0);
  return sideways ? { x: y, y: x } : { x, y };
}
