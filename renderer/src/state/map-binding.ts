// The store → painter end of the edit round trip: every command applied to the open store
// says which cells, sides and layers it touched (DocChange), and the map canvas repaints
// just those. Control borders reach into neighbouring tiles, so a change in the control
// layer asks for that; a resize reshapes the canvas and moves the selection with the map.
import { dirtyCells, type DocChange, type Layer } from '../../../shared/editor/index.js';
import type { Cell } from '../../../shared/grid/types.js';
import type { MapRenderer } from '../map/MapRenderer.js';
import type { ScenarioStore } from './store.js';

/** The layers the map canvas paints (units and the rest of the scenario are drawn elsewhere). */
const PAINTED: readonly Layer[] = ['terrain', 'control', 'edges', 'features', 'palette', 'settings', 'underlay', 'sides'];

export interface MapBindingHooks {
  /** After every applied command (views reading the document look again). */
  changed(change: DocChange): void;
  selected(): Cell | null;
  select(cell: Cell | null): void;
}

/** Repaints `renderer` after each change of `store`; returns the function that stops it. */
export function bindMapToStore(store: ScenarioStore, renderer: MapRenderer, hooks: MapBindingHooks): () => void {
  return store.doc.subscribe((change) => {
    hooks.changed(change);
    if (!PAINTED.some((l) => change.layers.has(l))) return;
    if (change.resized) {
      // The selected cell's content moved with the resize (or fell off the map with it).
      const was = hooks.selected();
      const now = was && { col: was.col + change.moved.cols, row: was.row + change.moved.rows };
      hooks.select(now && store.doc.grid.inMap(now) ? now : null);
      renderer.reshape(store.model, change.moved);
      renderer.setSelected(hooks.selected());
      return;
    }
    if (change.layers.has('sides')) {
      // Renamed or recoloured sides: the same control layer in a new tint.
      renderer.invalidate();
      return;
    }
    const cells = dirtyCells(change, store.doc.grid);
    if (cells) renderer.invalidate(cells, change.edges, change.layers.has('control'));
    else renderer.invalidate();
  });
}
