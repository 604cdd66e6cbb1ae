// The map designer's keyboard: undo/redo, go to cell, find, tool letters, brush size, Escape. The page's
// command table (state/commands.ts) handles the menu's keys; these are the designer's own.
import { TOOLS } from '../tools/index.js';
import type { EditorState } from './editor.svelte.js';

/** Handles a key press on the map; true when the key was used. */
export function designerKey(editor: EditorState, e: KeyboardEvent): boolean {
  const tools = editor.tools;
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();
  if (mod && !e.altKey) {
    if (key === 'z' && !e.shiftKey) return editor.undo(), true;
    if ((key === 'z' && e.shiftKey) || (key === 'y' && !e.shiftKey)) return editor.redo(), true;
    if (key === 'g' && !e.shiftKey) return (editor.goToOpen = true), true;
    if (key === 'f' && !e.shiftKey) return editor.find.show(), true;
    return false;
  }
  if (e.altKey) return false;
  if (e.key === 'Escape' && tools.busy) return tools.cancel(), true;
  if ((e.key === 'Delete' || e.key === 'Backspace') && tools.deleteKey()) return true;
  if (e.key === 'Enter' && tools.enterKey()) return true;
  if (e.key === '[' || e.key === ']') {
    const next = tools.options.brushSize + (e.key === ']' ? 1 : -1);
    if (next >= 1 && next <= 3) tools.options.brushSize = next as 1 | 2 | 3;
    return true;
  }
  if (e.key === 'n' || e.key === 'N') {
    tools.setTool('marker');
    tools.options.marker = 'name';
    return true;
  }
  const tool = TOOLS.find((t) => t.key.toLowerCase() === key);
  if (tool) {
    tools.setTool(tool.id);
    return true;
  }
  return false;
}
