// The open library document: which library scenario the open store (state/store.ts) came
// from, whether it is saved, and its life in the library. Edits go to the store, never here;
// this listens to the store: each new step's label goes into the next revision's summary,
// and while unsaved a crash-recovery copy is written at most every few seconds. `dirty` is
// the store history's position against the saved mark, so undoing back to the saved state
// is clean again. Saving keeps a revision and never depends on the scenario checks: a
// scenario with problems is stored as a draft with its problem count; only a document
// without the scenario's shape is refused (the editor should never make one).

import type { Scenario } from '../../../shared/format/scenario.types.js';
import { host, type LibraryIssue, type LibrarySummary, type RecoveryEntry } from '../host/index.js';
import { storeThumbnail } from './thumbnails.js';
import type { AppState } from './app.svelte.js';
import type { ScenarioStore } from './store.js';
import { errorText, issuePointer, issueText, written, WriteRefused } from './library.svelte.js';

const RECOVERY_INTERVAL_MS = 3000;

/** Outcome of asking to leave a dirty document. */
export type LeaveChoice = 'save' | 'discard' | 'cancel';

export interface DocumentHooks {
  /** Asks whether to save, discard or stay (the custom Save / Discard / Cancel dialog). */
  askLeave(title: string): Promise<LeaveChoice>;
  /** Tells the user something went wrong, with optional detail lines (and technical ones behind a disclosure). */
  report(message: string, details?: string[], technical?: string[]): void;
  /** Called after each successful save with what the library now lists (a draft says so). */
  saved?(id: string, summary: LibrarySummary): void;
}

export class DocumentState {
  /** The library id of the open document (null when nothing from the library is open). */
  id = $state<string | null>(null);
  /** The open store when it holds this library document. */
  store = $state.raw<ScenarioStore | null>(null);
  saving = $state(false);
  /** What the last refused save said, pointer by pointer, until the next save. */
  issues = $state.raw<LibraryIssue[]>([]);
  /**
   * How many problems the checks find in the document as it is now (the scenario panels run
   * them and report here), or null before the first answer: a message about a draft's
   * problems goes once this is 0.
   */
  problems = $state<number | null>(null);
  /** A recovery copy left by an earlier session, waiting for Restore / Discard. */
  recovery = $state.raw<(RecoveryEntry & { title: string }) | null>(null);

  /** True while the map shows this document (the test hook can show other scenarios). */
  active = $derived.by(() => this.id !== null && this.store !== null && this.app.open?.store === this.store);
  title = $derived(this.scenario?.title ?? '');
  /** Opened from a recovery copy: unsaved until saved, whatever the history says. */
  private recovered = $state(false);

  private labels: string[] = [];
  /** The store history's undo depth at its last event. */
  private depth = 0;
  private wasDirty = false;
  private unsubscribe: (() => void) | null = null;
  private recoveryTimer: ReturnType<typeof setTimeout> | undefined;
  private lastRecoveryWrite = 0;

  constructor(
    private readonly app: AppState,
    private readonly hooks: DocumentHooks,
  ) {}

  /** Opens a library scenario (the map view shows it); false when the user kept the current one. */
  async open(id: string): Promise<boolean> {
    if (this.active && this.id === id) return true;
    // Switching documents asks about unsaved changes first, like closing does.
    if (this.active && this.dirty && !(await this.requestClose())) return false;
    const entry = await host.library.get({ id });
    if (!entry) throw new Error('That scenario is no longer in the library.');
    this.load(id, entry.document, false);
    return true;
  }

  /** The document as it now stands (reactive), or null when none is open. */
  get scenario(): Scenario | null {
    void this.app.storeVersion;
    return this.store?.scenario ?? null;
  }

  /** Unsaved changes: the history is away from its saved mark (or the document was recovered). */
  get dirty(): boolean {
    void this.app.storeVersion;
    return this.store !== null && (this.recovered || this.store.dirty);
  }

  private load(id: string, scenario: Scenario, recovered: boolean): void {
    this.app.show(scenario); // throws if the map cannot be built, before anything changes here
    this.cancelRecoveryWrite();
    this.unsubscribe?.();
    const store = this.app.open!.store;
    this.id = id;
    this.store = store;
    this.recovered = recovered;
    this.wasDirty = recovered;
    this.issues = [];
    this.problems = null;
    this.labels = recovered ? ['Recovered unsaved changes'] : [];
    this.depth = store.history.depth;
    this.unsubscribe = store.subscribe(() => this.onStoreEvent());
    this.syncTitle();
  }

  /** After each step, undo, redo and saved mark of the store. */
  private onStoreEvent(): void {
    const store = this.store;
    if (!store || !this.id) return;
    const dirty = this.recovered || store.dirty;
    // A new step or a redone one (the undo stack grew) says what changed for the next revision.
    const depth = store.history.depth;
    if (depth > this.depth && store.history.undoLabel) {
      const label = store.history.undoLabel;
      if (this.labels.at(-1) !== label) this.labels.push(label);
    }
    this.depth = depth;
    if (dirty) this.scheduleRecoveryWrite();
    else if (this.wasDirty) {
      // Undo brought the document back to its saved state: nothing is left to save or recover.
      this.labels = [];
      this.cancelRecoveryWrite();
      void host.library.clearRecovery({ docKey: this.id }).catch(() => undefined);
    }
    this.wasDirty = dirty;
    this.syncTitle();
  }

  /** Saves to the library; false (with the issues reported) when the library refused it. */
  async save(): Promise<boolean> {
    const id = this.id;
    const store = this.store;
    const scenario = store?.scenario;
    if (!id || !store || !scenario || !this.active || this.saving) return false;
    this.saving = true;
    try {
      const summary = this.labels.length ? summarise(this.labels) : 'Saved';
      const stored = written(await host.library.save({ id, scenario: scenario as unknown as Record<string, unknown>, summary }), 'Could not save');
      this.issues = [];
      // Later edits made while the save was in flight stay unsaved.
      if (store.scenario === scenario) {
        this.recovered = false;
        this.labels = [];
        store.markSaved();
        this.cancelRecoveryWrite();
        await host.library.clearRecovery({ docKey: id }).catch(() => undefined);
      }
      this.syncTitle();
      await storeThumbnail(id, scenario).catch(() => undefined); // the mini-map is drawn instead
      this.hooks.saved?.(id, stored);
      return true;
    } catch (err) {
      if (err instanceof WriteRefused) {
        this.issues = err.issues;
        // Only a document without the scenario's shape is refused: a fault of the editor, not of
        // the designer's work, which stays open and is kept in the recovery copy.
        const errors = err.issues.filter((i) => i.severity !== 'warning');
        this.hooks.report(
          'Not saved: the editor made a file that is not a valid scenario. Your changes are still open and kept as a recovery copy.',
          errors.map((i) => issueText(i, scenario)),
          errors.map((i) => `${issuePointer(i)}: ${i.message}`),
        );
      } else {
        this.hooks.report(`Not saved: ${errorText(err)}`);
      }
      return false;
    } finally {
      this.saving = false;
    }
  }

  /**
   * File ▸ Save as copy: the document as it is now (unsaved edits included) becomes a new
   * library scenario titled `title`, which then opens; this one stays as it was last saved.
   */
  async saveCopy(title: string): Promise<LibrarySummary> {
    const scenario = this.scenario;
    if (!scenario || !this.active) throw new Error('Open a library scenario to save a copy of it.');
    const copy = { ...scenario, title };
    const created = written(await host.library.create({ scenario: copy as unknown as Record<string, unknown> }), 'Could not save a copy');
    const entry = await host.library.get({ id: created.id });
    await storeThumbnail(created.id, entry?.document ?? copy).catch(() => undefined);
    // The unsaved edits went into the copy: the original keeps what was last saved.
    await this.discard();
    this.load(created.id, entry?.document ?? { ...copy, id: created.id }, false);
    this.hooks.saved?.(created.id, created);
    return created;
  }

  /** Drops unsaved edits and their recovery copy. */
  async discard(): Promise<void> {
    const id = this.id;
    this.cancelRecoveryWrite();
    this.recovered = false;
    this.labels = [];
    this.store?.markSaved();
    if (id) await host.library.clearRecovery({ docKey: id }).catch(() => undefined);
  }

  /**
   * Leaves the document (back to the library). With unsaved changes it asks first; false
   * when the user stayed or the save failed.
   */
  async requestClose(): Promise<boolean> {
    if (this.active && this.dirty) {
      const choice = await this.hooks.askLeave(this.title);
      if (choice === 'cancel') return false;
      if (choice === 'save' && !(await this.save())) return false;
      if (choice === 'discard') await this.discard();
    }
    this.close();
    return true;
  }

  private close(): void {
    this.cancelRecoveryWrite();
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.id = null;
    this.store = null;
    this.recovered = false;
    this.labels = [];
    this.issues = [];
    this.problems = null;
    this.app.close();
    this.syncTitle();
  }

  /** Keeps the window title in step: "• Title — Gridfront" while unsaved. */
  syncTitle(): void {
    if (typeof document === 'undefined') return;
    document.title = this.active ? `${this.dirty ? '• ' : ''}${this.title} — Gridfront` : 'Gridfront';
  }

  // ---- crash recovery ----

  private scheduleRecoveryWrite(): void {
    if (this.recoveryTimer !== undefined) return;
    const wait = Math.max(0, this.lastRecoveryWrite + RECOVERY_INTERVAL_MS - Date.now());
    this.recoveryTimer = setTimeout(() => {
      this.recoveryTimer = undefined;
      void this.writeRecovery();
    }, wait);
  }

  private cancelRecoveryWrite(): void {
    clearTimeout(this.recoveryTimer);
    this.recoveryTimer = undefined;
  }

  private async writeRecovery(): Promise<void> {
    const { id, scenario } = this;
    if (!id || !scenario || !this.dirty) return;
    this.lastRecoveryWrite = Date.now();
    try {
      await host.library.writeRecovery({ docKey: id, document: scenario as unknown as Record<string, unknown> });
      // A save or discard that finished while this write was under way has already cleared
      // the slot; clear it again so no stale copy is offered at the next start.
      if (!this.dirty || this.id !== id) await host.library.clearRecovery({ docKey: id });
    } catch {
      // The next edit tries again; the user's work is still in memory.
    }
  }

  /** At startup: the first recovery copy newer than its saved scenario, offered for restore. */
  async checkRecovery(): Promise<void> {
    let entries: RecoveryEntry[];
    try {
      entries = await host.library.readRecovery();
    } catch {
      return;
    }
    for (const entry of entries) {
      const stale = entry.savedUpdated !== null && entry.updated <= entry.savedUpdated;
      const doc = entry.document as Partial<Scenario> | null;
      if (stale || entry.docKey.startsWith('new') || typeof doc !== 'object' || doc === null) {
        await host.library.clearRecovery({ docKey: entry.docKey }).catch(() => undefined);
        continue;
      }
      const stored = await host.library.get({ id: entry.docKey }).catch(() => null);
      // Nothing to offer when the copy is gone from the library or holds what is saved.
      if (!stored || JSON.stringify(stored.document) === JSON.stringify(doc)) {
        await host.library.clearRecovery({ docKey: entry.docKey }).catch(() => undefined);
        continue;
      }
      this.recovery = { ...entry, title: typeof doc.title === 'string' && doc.title ? doc.title : stored.summary.title };
      return;
    }
  }

  /** Opens the recovered copy as an unsaved edit of its scenario. */
  async restoreRecovery(): Promise<void> {
    const entry = this.recovery;
    if (!entry) return;
    this.recovery = null;
    try {
      this.load(entry.docKey, entry.document as Scenario, true);
      this.scheduleRecoveryWrite();
    } catch (err) {
      this.hooks.report(`The unsaved copy of “${entry.title}” could not be opened: ${errorText(err)}`);
    }
  }

  async discardRecovery(): Promise<void> {
    const entry = this.recovery;
    this.recovery = null;
    if (entry) await host.library.clearRecovery({ docKey: entry.docKey }).catch(() => undefined);
    await this.checkRecovery();
  }
}

/** "Title changed; Painted 12 cells; …" within the channel's 200 characters. */
function summarise(labels: string[]): string {
  const text = labels.join('; ');
  return text.length <= 200 ? text : `${text.slice(0, 196)}…`;
}

