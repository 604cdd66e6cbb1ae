// Installs `window.__gridfront` (see testHook.types.ts): where a cell is on the page,
// whether the map has painted, and a way to open a scenario document directly.
import type {} from './testHook.types.js';
import type { AppState } from './state/app.svelte.js';
import type { PlayState } from './play/play.svelte.js';
import { editorHook } from './tools/hook.js';
import { previewProbe } from './components/Print/preview.js';

export function installTestHook(app: AppState, play?: PlayState): void {
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
      get pendingTiles() {
        return app.renderer?.pendingTiles ?? 0;
      },
      checkTiles: () => app.renderer?.checkTiles() ?? null,
      checkScreen: () => app.renderer?.checkScreen() ?? null,
      labelBoxes() {
        const r = app.renderer;
        if (!r) return null;
        const box = r.containerBox();
        const page = (b: { x: number; y: number; width: number; height: number }) => ({ ...b, x: b.x + box.left, y: b.y + box.top });
        const { names, counters } = r.labelBoxes();
        return { names: names.map((n) => ({ ...n, box: page(n.box) })), counters: counters.map((c) => ({ ...c, box: page(c.box) })) };
      },
      cellToClient(col, row) {
        const r = app.renderer;
        if (!r) return null;
        const p = r.cellCenter({ col, row });
        if (!p) return null;
        const box = r.containerBox();
        return { x: box.left + p.x, y: box.top + p.y };
      },
    },
    openScenario(scenario) {
      app.show(scenario);
    },
    editor: editorHook(app),
    print: {
      view: () => previewProbe.current?.view() ?? null,
      cellToClient: (col, row) => previewProbe.current?.cellToClient(col, row) ?? null,
    },
    play: {
      // Plain copies: the test reads them across the page boundary.
      view: () => (play?.view ? JSON.parse(JSON.stringify(play.view)) : null),
      actor: () => play?.actor ?? null,
      logLength: () => play?.actionCount ?? 0,
      observation: () => (play?.generic ? JSON.parse(JSON.stringify({ ...play.generic.observation })) : null),
      log: () => (play ? JSON.parse(JSON.stringify(play.log)) : []),
      botBusy: () => play?.botBusy ?? false,
      legal: () => (play ? JSON.parse(JSON.stringify(play.legal)) : []),
      counters() {
        const r = app.renderer;
        if (!r) return [];
        const box = r.containerBox();
        return r.playCounters.snapshot().map((c) => ({ ...c, x: box.left + c.x, y: box.top + c.y }));
      },
    },
  };
}
