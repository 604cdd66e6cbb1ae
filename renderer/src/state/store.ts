// The document store: THE open scenario and its one undo history. Every edit — a map stroke,
// a panel field, an order-of-battle row, a map setting — is a command (shared/editor) applied
// to this store's document and recorded in this store's history; nothing else holds a copy.
//
// How to edit (the stable API; tools, panels, dialogs and later features all use it):
//
//   store.run(cmd)                          one command = one undo step (its own label;
//                                           back-to-back commands with one mergeKey merge)
//   store.step('Paste 3×4 cells', () => {   several commands = ONE undo step with this label
//     store.run(paintTerrain(store.doc, ...));
//     store.run(setCellName(store.doc, ...));
//   });                                     (a throw inside reverts them all; nothing is recorded)
//   store.setFields(next, 'Calendar: 12 turns')   a scenario made from `store.scenario` by a
//                                           panel → one step of the top-level fields that differ
//   store.history.beginGesture(label) … endGesture() / cancelGesture()   a pointer gesture (tools)
//   store.undo(), store.redo()
//
// Reading: `store.doc` (MapDocument: typed layers, features, fields), `store.scenario` (the
// scenario as a plain object, made afresh only when read after an edit), `store.model` (what
// the painter draws). Listening: `store.doc.subscribe(change => …)` after every applied
// command (`change.layers` says which layers it touched: redraw those); `store.subscribe(e =>
// …)` after every recorded step, undo, redo and save mark (not during a gesture), which is
// where menus, panels and the dirty flag look again.
import { editFields, History, MapDocument, type Command, type HistoryEvent } from '../../../shared/editor/index.js';
import type { MapLayers, Scenario } from '../../../shared/format/scenario.types.js';
import { LiveMapModel } from '../tools/liveModel.js';

export interface StoreEvent {
  /** 'step': a new undo step; 'unstep': the newest step merged away; 'change': undo, redo, labels, saved mark. */
  readonly kind: HistoryEvent;
  readonly store: ScenarioStore;
}

export type StoreListener = (event: StoreEvent) => void;

export class ScenarioStore {
  readonly doc: MapDocument;
  readonly history: History;
  readonly model: LiveMapModel;
  private snapshot: Scenario | null;
  private readonly listeners = new Set<StoreListener>();
  /** The layers' view settings changed since the last save (they are outside the history). */
  private viewChanged = false;

  /** Throws a RangeError naming the field when the scenario's map cannot be read. */
  constructor(scenario: Scenario) {
    this.doc = MapDocument.fromScenario(scenario);
    this.history = new History(this.doc);
    this.model = new LiveMapModel(this.doc);
    // An unchanged document writes the loaded file back byte for byte, so the loaded object stands for it.
    this.snapshot = scenario;
    this.doc.subscribe((change) => {
      this.snapshot = null;
      this.model.sync(change);
    });
    this.history.subscribe((_h, kind) => {
      for (const fn of this.listeners) fn({ kind, store: this });
    });
  }

  /** The scenario as it now stands (a fresh object after each edit; do not mutate it). */
  get scenario(): Scenario {
    return (this.snapshot ??= this.doc.toScenario());
  }

  /** Applies one command as one undo step; false when it changed nothing (or was null). */
  run(cmd: Command | null): boolean {
    return this.history.run(cmd) !== null;
  }

  /**
   * Runs `edit`, which applies commands through `run`, as ONE undo step named `label`. If it
   * throws, what it applied is reverted and the error goes on. Inside an open gesture the
   * commands simply join that gesture.
   */
  step<T>(label: string, edit: (doc: MapDocument) => T): T {
    const h = this.history;
    if (h.inGesture) return edit(this.doc);
    h.beginGesture(label);
    let result: T;
    try {
      result = edit(this.doc);
    } catch (err) {
      h.cancelGesture();
      throw err;
    }
    h.endGesture();
    return result;
  }

  /**
   * Makes the scenario's fields outside the map those of `next` (a scenario made from
   * `this.scenario`), as one undo step; false when no field differs. `mergeKey`: back-to-back
   * edits with the same key become one step (typing in one field).
   */
  setFields(next: Scenario, label: string, mergeKey?: string): boolean {
    if (next === this.snapshot) return false;
    return this.run(editFields(this.doc, next, label, mergeKey));
  }

  undo(): boolean {
    return this.history.undo() !== null;
  }

  /** Unsaved changes: the history is away from its saved mark, or the layers' view settings changed. */
  get dirty(): boolean {
    return this.history.dirty || this.viewChanged;
  }

  /** The document as it stands is saved. */
  markSaved(): void {
    this.viewChanged = false;
    this.history.markSaved();
  }

  /**
   * Sets the Layers panel's view settings (map.layers). Not an undo step (no map content
   * changes), but the file is unsaved until the next save; listeners hear a 'change'.
   */
  setLayerView(layers: MapLayers | undefined): void {
    if (JSON.stringify(layers ?? null) === JSON.stringify(this.doc.layerView ?? null)) return;
    this.doc.setLayerView(layers);
    this.snapshot = null;
    this.viewChanged = true;
    for (const fn of this.listeners) fn({ kind: 'change', store: this });
  }

  redo(): boolean {
    return this.history.redo() !== null;
  }

  /** After every recorded step, undo, redo and saved mark; returns the unsubscribe function. */
  subscribe(fn: StoreListener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
}
