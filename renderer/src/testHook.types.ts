// The shape of `window.__gridfront`, the page hook for end-to-end tests and the render
// benchmark. Kept free of Svelte imports so Node-side code (Playwright specs, scripts) can
// type-check against it.
import type { Scenario } from '../../shared/format/scenario.types.js';

export interface GridfrontTestHook {
  map: {
    readonly ready: boolean;
    /** ms from the scenario document arriving to the first complete paint of its map */
    readonly firstDrawMs: number | null;
    /** Page coordinates (CSS px) of a cell's centre, or null when no map is open. */
    cellToClient(col: number, row: number): { x: number; y: number } | null;
    /** Zoom as a fraction of physical size. */
    readonly zoom: number;
  };
  /** Open a scenario document that is already in memory (skips the host). */
  openScenario(scenario: Scenario): void;
}

declare global {
  interface Window {
    __gridfront?: GridfrontTestHook;
  }
}
