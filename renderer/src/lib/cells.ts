// Cells in the words people read: a CellRef ("col,row", a network position's id) and a cell's
// label (0307, C7, 3,7), through the map's own grid geometry.
import { gridSpecOf } from '../../../shared/format/defaults.js';
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { createGrid, type Cell, type GridGeometry } from '../../../shared/grid/index.js';

// One grid per map grid object: labels are asked for on every table row.
const grids = new WeakMap<object, GridGeometry>();
export function gridOf(scenario: Pick<Scenario, 'map'>): GridGeometry {
  let g = grids.get(scenario.map.grid);
  if (!g) grids.set(scenario.map.grid, (g = createGrid(gridSpecOf(scenario))));
  return g;
}

/** A CellRef ("col,row", a network's position id) → the label people read (0307, C7, 3,7; a position's label). */
export function cellLabel(scenario: Pick<Scenario, 'map'>, ref: string): string {
  const cell = gridOf(scenario).parseRef(ref);
  return cell ? gridOf(scenario).label(cell) : ref;
}

/** The label people read for a cell on the map. */
export const labelOfCell = (scenario: Pick<Scenario, 'map'>, cell: Cell): string => gridOf(scenario).label(cell);

/** The file's reference (CellRef) to a cell on the map. */
export const refOfCell = (scenario: Pick<Scenario, 'map'>, cell: Cell): string => gridOf(scenario).ref(cell);

/** The cell a CellRef names, or null. */
export const cellOfRef = (scenario: Pick<Scenario, 'map'>, ref: string): Cell | null => gridOf(scenario).parseRef(ref);
