// Installs `window.__gridfront` (see testHook.types.ts): where a cell is on the page,
// whether the map has painted, and a way to open a scenario document directly.
import type {} from './testHook.types.js';
import type { AppState } from './state/app.svelte.js';

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
