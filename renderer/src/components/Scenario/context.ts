// The scenario panels' store, shared by the dock, its panels and the map's drop zone.
import { getContext, setContext } from 'svelte';
import type { ScenarioPanels } from '../../state/scenario-panels.svelte.js';

const KEY = Symbol('gridfront.scenario-panels');

export function providePanels(panels: ScenarioPanels): ScenarioPanels {
  return setContext(KEY, panels);
}

export function usePanels(): ScenarioPanels {
  const p = getContext<ScenarioPanels | undefined>(KEY);
  if (!p) throw new Error('usePanels() needs <ScenarioArea> above this component');
  return p;
}

/** Drag-and-drop type of a unit row dragged onto the map (the data is the unit id). */
export const UNIT_DRAG_TYPE = 'application/x-gridfront-unit';
