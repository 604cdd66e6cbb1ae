// The designer's part of the page test hook (`window.__gridfront.editor`): the document as
// JSON, undo/redo, and a timed brush stroke through the real tool path for the benchmark.
import type { AppState } from '../state/app.svelte.js';
import { editorFor } from '../state/editor.svelte.js';
import type { EditorTestHook } from '../testHook.types.js';
import type { MapRenderer } from '../map/MapRenderer.js';
import type { ToolId, ToolOptions } from './types.js';

export function editorHook(app: AppState): EditorTestHook {
  const editor = editorFor(app);
  let probe: { stop(): { work: number[]; intervals: number[] } } | null = null;
  const local = (col: number, row: number) => app.renderer?.cellCenter({ col, row }) ?? null;
  const mods = { altKey: false, shiftKey: false };
  return {
    documentJson: () => (app.open ? JSON.stringify(app.open.store.doc.toScenario()) : null),
    undo: () => (editor.undo(), editor.canUndo),
    redo: () => (editor.redo(), editor.canRedo),
    get canUndo() {
      return editor.canUndo;
    },
    get canRedo() {
      return editor.canRedo;
    },
    get undoLabel() {
      return editor.undoLabel;
    },
    get dirty() {
      return editor.current?.dirty ?? false;
    },
    setTool: (id) => editor.setTool(id as ToolId),
    setOptions: (o) => Object.assign(editor.options, o as Partial<ToolOptions>),
    zoomToCellPx(px) {
      const r = app.renderer;
      if (r) r.zoomBy(px / r.cellScreenPx);
    },
    startFrameProbe() {
      probe?.stop();
      probe = app.renderer ? frameProbe(app.renderer) : null;
    },
    stopFrameProbe() {
      const result = probe?.stop() ?? null;
      probe = null;
      return result;
    },
    strokeMs(cells, tool = 'brush', draw = true) {
      const r = app.renderer;
      if (!r || cells.length === 0) return null;
      editor.setTool(tool as ToolId);
      const t0 = performance.now();
      const first = local(cells[0]!.col, cells[0]!.row)!;
      editor.pointerDown(first, mods);
      if (draw) r.stage.draw();
      for (const c of cells.slice(1)) {
        const p = local(c.col, c.row)!;
        editor.pointerMove(p, mods);
        // Draw now, as the next frame would: the time covers command + partial redraw.
        if (draw) r.stage.draw();
      }
      editor.pointerUp(local(cells[cells.length - 1]!.col, cells[cells.length - 1]!.row)!, mods);
      return performance.now() - t0;
    },
    pasteBench(from, size, to, moves) {
      const r = app.renderer;
      if (!r || !editor.current) return null;
      const region = editor.region;
      editor.setTool('marquee');
      let t = performance.now();
      region.selectRect(from, { col: from.col + size - 1, row: from.row + size - 1 }, 'replace');
      region.copy();
      const copyMs = performance.now() - t;
      app.hover = to;
      region.paste();
      r.stage.draw();
      const previewFrameMs: number[] = [];
      for (let k = 1; k <= moves; k++) {
        t = performance.now();
        region.moveFloating({ col: to.col + (k % 2) * 2, row: to.row + k });
        r.stage.draw();
        previewFrameMs.push(performance.now() - t);
      }
      t = performance.now();
      region.place();
      const commitMs = performance.now() - t;
      r.stage.draw();
      const commitAndDrawMs = performance.now() - t;
      return { copyMs, previewFrameMs, commitMs, commitAndDrawMs, cells: region.selection.length, undoLabel: editor.current.history.undoLabel };
    },
  };
}

/**
 * Per animation frame: the interval since the last one, and the main-thread time the map
 * spent in it (view changes, making tiles, layer draws; nested calls count once). Methods
 * are wrapped on the instances only while probing.
 */
function frameProbe(r: MapRenderer) {
  let work = 0;
  let depth = 0;
  const works: number[] = [];
  const intervals: number[] = [];
  const restores: (() => void)[] = [];
  const wrap = (obj: object, key: string) => {
    const target = obj as Record<string, (...a: unknown[]) => unknown>;
    const orig = target[key]!;
    target[key] = function (this: unknown, ...a: unknown[]) {
      const t = performance.now();
      depth++;
      try {
        return orig.apply(this, a);
      } finally {
        if (--depth === 0) work += performance.now() - t;
      }
    };
    restores.push(() => {
      target[key] = orig;
    });
  };
  wrap(r, 'setView');
  wrap(r, 'renderFrame');
  for (const layer of r.stage.getLayers()) wrap(layer, 'draw');
  let running = true;
  let last = performance.now();
  const tick = (t: number) => {
    if (!running) return;
    intervals.push(t - last);
    works.push(work);
    last = t;
    work = 0;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return {
    stop() {
      running = false;
      for (const f of restores) f();
      return { work: works.slice(1), intervals: intervals.slice(1) };
    },
  };
}
