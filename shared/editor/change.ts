// Turning a document change into the cells a view must redraw.
import type { Cell, GridGeometry } from '../grid/index.js';
import type { DocChange } from './types.js';

/**
 * The in-map cells whose drawing a change touches: cells whose terrain or control changed,
 * the cells on both sides of each changed side, and cells whose features changed. Undefined
 * when everything must be redrawn (palette, grid shape, or a large fill reported as 'all').
 * Unit changes are not map drawing and are left to the unit layer.
 */
export function dirtyCells(change: DocChange, grid: GridGeometry): Cell[] | undefined {
  if (change.cells === 'all' || change.resized || change.palette) return undefined;
  const seen = new Set<number>();
  for (const i of change.cells) seen.add(i);
  for (const e of change.edges) {
    // edgeCells reads a side in any form and throws on what is not one (read once, not twice).
    let ends: [Cell, Cell];
    try {
      ends = grid.edgeCells(e);
    } catch {
      continue;
    }
    for (const c of ends) if (grid.inMap(c)) seen.add(grid.index(c));
  }
  for (const id of change.features) {
    const c = grid.parseRef(id);
    if (c && grid.inMap(c)) seen.add(grid.index(c));
  }
  return [...seen].map((i) => grid.cellAt(i));
}
