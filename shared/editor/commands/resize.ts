// Resize the map by adding (positive) or removing (negative) columns and rows on any side.
// Content stays where it is on the ground: with 2 columns added on the left, the city at
// (3,4) is at (5,4), and so are its units, rivers, roads and rails. What falls off the map
// (cells, sides no longer touching it, units and reinforcements entering there) is dropped,
// and undo restores it from the command.
//
// Hex parity: on a flat-top map every other column is shifted half a cell down ("odd" or
// "even" columns). Shifting content by an odd number of columns would put shifted columns
// where unshifted ones were and scramble every neighbourhood, so the resize flips the grid's
// offset (odd ⇄ even) instead: each cell keeps its neighbours and the map keeps its shape.
// The same holds for rows on pointy-top hex and offset-square maps. Squares need nothing.
//
// New cells get the palette's first terrain type (the map's default ground) and the control
// of the nearest old cell in their row or column, so the front line runs on outwards.
import { createGrid, parseCellId, type Cell, type EdgeId } from '../../grid/index.js';
import { gridSpecOf } from '../../format/defaults.js';
import type { CellGrid } from '../../format/scenario.types.js';
import type { EdgeStores, MapDocument } from '../document.js';
import { EDGE_FEATURES, EditError } from '../types.js';
import { StateCommand } from './state.js';

/** Columns/rows to add (positive) or remove (negative) on each side of the map. */
export interface ResizeMargins {
  left?: number;
  right?: number;
  top?: number;
  bottom?: number;
}

const MAX_SIDE = 4096;

export function resizeMap(doc: MapDocument, margins: ResizeMargins): StateCommand | null {
  const m = { left: margins.left ?? 0, right: margins.right ?? 0, top: margins.top ?? 0, bottom: margins.bottom ?? 0 };
  for (const [k, v] of Object.entries(m)) if (!Number.isInteger(v)) throw new EditError(`resize: ${k} must be a whole number of cells; got ${v}`);
  if (m.left === 0 && m.right === 0 && m.top === 0 && m.bottom === 0) return null;
  const settings = doc.gridSettings;
  if (settings.kind === 'network') throw new EditError('resize: a network map has no rows or columns; change its extent or move its positions');
  const old = doc.grid.spec;
  const cols = old.cols + m.left + m.right;
  const rows = old.rows + m.top + m.bottom;
  if (cols < 1 || rows < 1) throw new EditError(`resize: the map would have ${cols}×${rows} cells; it needs at least 1×1`);
  if (cols > MAX_SIDE || rows > MAX_SIDE) throw new EditError(`resize: the map would have ${cols}×${rows} cells; at most ${MAX_SIDE} a side`);
  const dc = m.left;
  const dr = m.top;

  const grid: CellGrid = { ...settings, cols, rows };
  const shiftAxis = old.kind === 'hex' && old.orientation === 'flat' ? dc : old.kind === 'square' ? 0 : dr;
  if (shiftAxis % 2 !== 0) grid.offset = old.offset === 'odd' ? 'even' : 'odd';
  const next = createGrid(gridSpecOf(grid));
  const inNew = (c: Cell) => c.col >= 0 && c.col < cols && c.row >= 0 && c.row < rows;
  const moveRef = (ref: string): string | null => {
    const c = parseCellId(ref);
    if (!c) return null;
    const moved = { col: c.col + dc, row: c.row + dr };
    return inNew(moved) ? `${moved.col},${moved.row}` : null;
  };

  // Layers: copy the overlap; new terrain is the default type, new control the nearest old cell's.
  const terrain = new Uint8Array(cols * rows);
  const control = new Uint8Array(cols * rows);
  for (let row = 0; row < rows; row++) {
    const oldRow = Math.min(old.rows - 1, Math.max(0, row - dr));
    for (let col = 0; col < cols; col++) {
      const oldCol = Math.min(old.cols - 1, Math.max(0, col - dc));
      const from = oldRow * old.cols + oldCol;
      const to = row * cols + col;
      control[to] = doc.control[from]!;
      if (oldRow === row - dr && oldCol === col - dc) terrain[to] = doc.terrain[from]!;
    }
  }

  const edges = {} as EdgeStores;
  for (const f of EDGE_FEATURES) {
    edges[f] = doc.edges[f].mapItems((e: EdgeId) => {
      const [c, r, dir] = e.split(',');
      const moved = `${Number(c) + dc},${Number(r) + dr},${dir}`;
      const [a, b] = next.edgeCells(moved);
      return next.inMap(a) || next.inMap(b) ? moved : null;
    });
  }

  const orderOfBattle = doc.orderOfBattle.flatMap((u) => {
    const cell = moveRef(u.cell);
    return cell ? [{ ...u, cell }] : [];
  });
  const reinforcements = doc.reinforcements?.flatMap((r) => {
    const entryCell = moveRef(r.entryCell);
    return entryCell ? [{ ...r, entryCell }] : [];
  });

  return new StateCommand(
    `Resize map to ${cols}×${rows}${describe(m)}`,
    {
      grid: doc.gridSettings, terrain: doc.terrain, control: doc.control, cells: doc.cells, edges: doc.edges,
      orderOfBattle: doc.orderOfBattle, reinforcements: doc.reinforcements,
    },
    { grid, terrain, control, cells: doc.cells.mapKeys(moveRef), edges, orderOfBattle, reinforcements },
    undefined,
    { cols: dc, rows: dr },
  );
}

function describe(m: Required<ResizeMargins>): string {
  const parts: string[] = [];
  const say = (n: number, what: string, where: string) => {
    if (n === 0) return;
    parts.push(`${n > 0 ? '+' : '−'}${Math.abs(n)} ${what}${Math.abs(n) === 1 ? '' : 's'} ${where}`);
  };
  say(m.left, 'column', 'left');
  say(m.right, 'column', 'right');
  say(m.top, 'row', 'top');
  say(m.bottom, 'row', 'bottom');
  return ` (${parts.join(', ')})`;
}
