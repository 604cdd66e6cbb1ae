// The designer's part of the page test hook (`window.__gridfront.editor`): the document as
// JSON, undo/redo, and a timed brush stroke through the real tool path for the benchmark.
import type { FrameProbe } from '../map/probe.js';
import type { AppState } from '../state/app.svelte.js';
import { editorFor } from '../state/editor.svelte.js';
import type { EditorTestHook } from '../testHook.types.js';
import type { ToolId, ToolOptions } from './types.js';

/**
 * The map's canvases made to run the drawing they were given, as showing the frame does: a
 * canvas keeps its drawing calls and runs them when its pixels are needed, so a stroke timed
 * without this never pays for a redraw the next one replaces (and a frame on screen does).
 */
function present(): void {
  for (const c of document.querySelectorAll<HTMLCanvasElement>('[data-testid="map"] canvas')) c.getContext('2d')?.getImageData(0, 0, 1, 1);
}

export function editorHook(app: AppState): EditorTestHook {
  const editor = editorFor(app);
  let probe: FrameProbe | null = null;
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
      if (r) r.viewport.zoomBy(px / r.cellScreenPx);
    },
    startFrameProbe() {
      probe?.stop();
      probe = app.renderer?.startFrameProbe() ?? null;
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
      if (draw) (r.drawNow(), present());
      for (const c of cells.slice(1)) {
        const p = local(c.col, c.row)!;
        editor.pointerMove(p, mods);
        // Draw now, as the next frame would: the time covers command + partial redraw, shown.
        if (draw) (r.drawNow(), present());
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
      r.drawNow();
      const previewFrameMs: number[] = [];
      for (let k = 1; k <= moves; k++) {
        t = performance.now();
        region.moveFloating({ col: to.col + (k % 2) * 2, row: to.row + k });
        r.drawNow();
        present();
        previewFrameMs.push(performance.now() - t);
      }
      t = performance.now();
      region.place();
      const commitMs = performance.now() - t;
      r.drawNow();
      present();
      const commitAndDrawMs = performance.now() - t;
      return { copyMs, previewFrameMs, commitMs, commitAndDrawMs, cells: region.selection.length, undoLabel: editor.current.history.undoLabel };
    },
  };
}
