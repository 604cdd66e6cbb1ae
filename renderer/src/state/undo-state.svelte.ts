// What the Edit menu, the toolbar and the panels' header show of the open store's one undo
// history (map strokes and panel edits alike): whether Undo/Redo can run, their labels, and
// the last thing done ("Paint Woods (12 cells)", "Undo 8 turns").
import type { ScenarioStore } from './store.js';

export class UndoState {
  canUndo = $state(false);
  canRedo = $state(false);
  undoLabel = $state<string | null>(null);
  redoLabel = $state<string | null>(null);
  /** The last edit, undo or redo (the panels' header shows it). */
  notice = $state('');

  private store: ScenarioStore | null = null;
  private off: (() => void) | null = null;

  /** Follows a store (null: nothing open). A different store starts with nothing said. */
  bind(store: ScenarioStore | null): void {
    if (store === this.store) return;
    this.off?.();
    this.off = null;
    this.store = store;
    this.notice = '';
    if (store) {
      this.off = store.subscribe((e) => {
        if (e.kind === 'step') this.notice = store.history.undoLabel ?? '';
        this.refresh();
      });
    }
    this.refresh();
  }

  /** Undoes the newest step, whatever made it; false when there was none. */
  undo(): boolean {
    const s = this.store;
    const label = s?.history.undoLabel;
    if (!s || !label || !s.undo()) return false;
    this.notice = `Undo ${label}`;
    return true;
  }

  redo(): boolean {
    const s = this.store;
    const label = s?.history.redoLabel;
    if (!s || !label || !s.redo()) return false;
    this.notice = label;
    return true;
  }

  private refresh(): void {
    const h = this.store?.history;
    this.canUndo = h?.canUndo ?? false;
    this.canRedo = h?.canRedo ?? false;
    this.undoLabel = h?.undoLabel ?? null;
    this.redoLabel = h?.redoLabel ?? null;
  }
}
