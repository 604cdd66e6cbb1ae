// Cell labels as people read them on a scenario's map (0307, C7, 3,7): light, so checks and
// declarations can use them without loading an engine.
import { gridSpecOf } from '../format/defaults.js';
import type { Scenario } from '../format/scenario.types.js';
import { createGrid } from '../grid/index.js';
import type { CellId } from './types.js';

const labellers = new WeakMap<object, (cell: CellId) => string>();

/** "col,row" (or a network position's id) → the label people read on this scenario's map; unknown ids come back as they are. */
export function cellLabels(scenario: Pick<Scenario, 'map'>): (cell: CellId) => string {
  let f = labellers.get(scenario.map.grid);
  if (!f) {
    const grid = createGrid(gridSpecOf(scenario));
    f = (id) => {
      const c = grid.parseRef(id);
      return c && grid.inMap(c) ? grid.label(c) : id;
    };
    labellers.set(scenario.map.grid, f);
  }
  return f;
}
