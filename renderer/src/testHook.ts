// A small window hook for end-to-end tests and the render benchmark: where a cell is on the
// page, whether the map has painted, and a way to open a scenario document directly.
import type { Scenario } from '../../shared/format/scenario.types.js';
import type { AppState } from './state/app.svelte.js';

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

export function installTestHook(app: AppState): void {
  window.__gridfront = {
    map: {
      get ready() {
        return app.mapReady;
      },
      get firstDrawMs() {
        return app.firstDrawMs;
      },
      get zoom() {
        return app.zoom;
      },
      cellToClient(col, row) {
        const r = app.renderer;
        if (!r) return null;
        const p = r.cellCenter({ col, row });
        if (!p) return null;
        const box = r.stage.container().getBoundingClientRect();
        return { x: box.left + p.x, y: box.top + p.y };
      },
    },
    openScenario(scenario) {
      app.show(scenario);
    },
  };
}
