// Undo/redo for the map designer (after tldraw's HistoryManager and Tiled's undo stack).
// - `run(cmd)` applies a command and records it; null (an edit that changes nothing) and
//   commands that turn out to be no-ops leave no step.
// - A gesture (`beginGesture(label)` … `endGesture()`) squashes everything run in between
//   into ONE step: one brush stroke over 40 cells, one river drag over 5 sides. Commands of
//   the same kind merge as they come (cells, sides); mixed kinds are kept in order.
// - Outside gestures, a command merges into the previous step when both carry the same
//   `mergeKey` (typing a cell's name letter by letter, nudging the ground scale), unless
//   the previous step is the saved state, so `dirty` stays truthful.
// - `dirty` compares the position in the history with the one marked by `markSaved()`.
import type { MapDocument } from './document.js';
import { ChangeBuilder, labelOf, type Command, type DocChange } from './types.js';

/** Several commands as one step: applied in order, reverted in reverse. */
export class CompositeCommand implements Command {
  constructor(
    readonly label: string,
    readonly parts: readonly Command[],
  ) {}

  apply(doc: MapDocument): DocChange {
    const change = new ChangeBuilder();
    for (const p of this.parts) change.merge(p.apply(doc));
    return change.done();
  }

  revert(doc: MapDocument): DocChange {
    const change = new ChangeBuilder();
    for (let i = this.parts.length - 1; i >= 0; i--) change.merge(this.parts[i]!.revert(doc));
    return change.done();
  }

  isNoop(): boolean {
    return this.parts.every((p) => p.isNoop?.() ?? false);
  }

  get bytes(): number {
    return this.parts.reduce((n, p) => n + (p.bytes ?? 0), 0);
  }
}

interface Gesture {
  label: string;
  parts: Command[];
}

/**
 * What a notification is about: 'step' when a new step was recorded, 'unstep' when the
 * newest step vanished without an undo (a merge that cancelled it out), 'change' otherwise
 * (undo, redo, labels, saved mark).
 */
export type HistoryEvent = 'step' | 'unstep' | 'change';
export type HistoryListener = (history: History, event: HistoryEvent) => void;

export class History {
  private readonly undos: Command[] = [];
  private readonly redos: Command[] = [];
  private gesture: Gesture | null = null;
  /** Length of the undo stack at the saved state; -1 when that state can no longer be reached. */
  private savedAt = 0;
  private readonly listeners = new Set<HistoryListener>();
  /** Most steps kept; the oldest are forgotten beyond it. */
  limit = 500;
  /**
   * Most memory the undo steps may hold (a whole-map fill on a 1024×1024 map holds ~6 MB, a
   * resize of it ~4 MB); the oldest steps are forgotten beyond it, the newest always kept.
   */
  byteBudget = 256 * 1024 * 1024;
  constructor(readonly doc: MapDocument) {}

  /** Apply a command (null is ignored) and record it. Returns the change, or null if nothing happened. */
  run(cmd: Command | null): DocChange | null {
    if (cmd === null || cmd.isNoop?.()) return null;
    const change = this.doc.execute(cmd);
    if (this.gesture) {
      const parts = this.gesture.parts;
      const last = parts[parts.length - 1];
      const merged = last?.mergeWith?.(cmd) ?? null;
      if (merged) parts[parts.length - 1] = merged;
      else parts.push(cmd);
      return change;
    }
    this.redos.length = 0;
    if (this.savedAt > this.undos.length) this.savedAt = -1;
    const top = this.undos[this.undos.length - 1];
    if (top && cmd.mergeKey !== undefined && top.mergeKey === cmd.mergeKey && this.savedAt !== this.undos.length) {
      const merged = top.mergeWith?.(cmd) ?? null;
      if (merged) {
        this.undos.pop();
        // Typing a name and then deleting what was typed leaves no step at all.
        if (!merged.isNoop?.()) this.undos.push(merged);
        this.notify(merged.isNoop?.() ? 'unstep' : 'change');
        return change;
      }
    }
    this.push(cmd);
    return change;
  }

  /** Start squashing: every command run until endGesture becomes one undo step. */
  beginGesture(label: string): void {
    if (this.gesture) this.endGesture();
    this.gesture = { label, parts: [] };
  }

  /** Close the gesture; records one step if it changed anything. */
  endGesture(): void {
    const g = this.gesture;
    this.gesture = null;
    if (!g || g.parts.length === 0) return;
    const step = g.parts.length === 1 ? relabel(g.parts[0]!, g.label) : new CompositeCommand(g.label, g.parts);
    if (step.isNoop?.()) {
      // A stroke that ended where it began (painted then repainted back) still moved
      // nothing in the document, so nothing is recorded; its parts are already applied.
      return;
    }
    this.redos.length = 0;
    if (this.savedAt > this.undos.length) this.savedAt = -1;
    this.push(step);
  }

  /** Abandon the gesture (Escape during a drag): its edits are reverted and nothing is recorded. */
  cancelGesture(): void {
    const g = this.gesture;
    this.gesture = null;
    if (!g) return;
    for (let i = g.parts.length - 1; i >= 0; i--) this.doc.revert(g.parts[i]!);
    this.notify();
  }

  get inGesture(): boolean {
    return this.gesture !== null;
  }

  undo(): DocChange | null {
    if (this.gesture) this.endGesture();
    const cmd = this.undos.pop();
    if (!cmd) return null;
    const change = this.doc.revert(cmd);
    this.redos.push(cmd);
    this.notify();
    return change;
  }

  redo(): DocChange | null {
    if (this.gesture) this.endGesture();
    const cmd = this.redos.pop();
    if (!cmd) return null;
    const change = this.doc.execute(cmd);
    this.undos.push(cmd);
    this.notify();
    return change;
  }

  /** How many steps undo can take back (grows by one with each new or redone step). */
  get depth(): number {
    return this.undos.length;
  }

  get canUndo(): boolean {
    return this.undos.length > 0;
  }

  get canRedo(): boolean {
    return this.redos.length > 0;
  }

  get undoLabel(): string | null {
    return this.undos[this.undos.length - 1]?.label ?? null;
  }

  get redoLabel(): string | null {
    return this.redos[this.redos.length - 1]?.label ?? null;
  }

  /** Call after saving: the current state is the saved one. */
  markSaved(): void {
    this.savedAt = this.undos.length;
    this.notify();
  }

  /** True when the document differs from the last saved state (by history position). */
  get dirty(): boolean {
    return this.savedAt !== this.undos.length;
  }

  /** Forget every step (e.g. after loading another scenario); the current state counts as saved. */
  clear(): void {
    this.undos.length = 0;
    this.redos.length = 0;
    this.gesture = null;
    this.savedAt = 0;
    this.notify();
  }

  /** Called whenever canUndo/canRedo/labels/dirty may have changed; returns the unsubscribe function. */
  subscribe(listener: HistoryListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private push(cmd: Command): void {
    this.undos.push(cmd);
    let bytes = this.undos.reduce((n, c) => n + (c.bytes ?? 0), 0);
    while (this.undos.length > 1 && (this.undos.length > this.limit || bytes > this.byteBudget)) {
      bytes -= this.undos.shift()!.bytes ?? 0;
      this.savedAt = this.savedAt > 0 ? this.savedAt - 1 : -1;
    }
    this.notify('step');
  }

  private notify(event: HistoryEvent = 'change'): void {
    for (const l of this.listeners) l(this, event);
  }
}

/**
 * A gesture's single command under the gesture's name plus its amount: "Paint woods" becomes
 * "Paint woods (40 cells)" and "Add river" "Add river (5 sides)".
 */
function relabel(cmd: Command, gestureLabel: string): Command {
  return {
    label: labelOf(gestureLabel, cmd.amount),
    ...(cmd.amount ? { amount: cmd.amount } : {}),
    apply: (doc) => cmd.apply(doc),
    revert: (doc) => cmd.revert(doc),
    isNoop: () => cmd.isNoop?.() ?? false,
    bytes: cmd.bytes,
  };
}
