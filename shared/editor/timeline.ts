// One undo order for a document edited by several editors (the map designer's History, the
// scenario panels' field steps). Each editor keeps its own steps and knows how to undo them;
// the timeline only records which editor made each step, in order, so Undo always takes the
// newest step whoever made it, and Redo the one undone last.
//
// Why a coordinator rather than one stack of commands: map commands work on the designer's
// MapDocument (typed arrays, redraw events), panel steps on the scenario object; folding
// either into the other would make every panel edit re-write the whole map (or every map
// stroke copy the scenario). Kept apart, each stays cheap and exact.
//
// A track may refuse to undo or redo a step (a panel step whose fields another editor has
// changed since): that step is dropped, with nothing changed, rather than reverting the
// other edit.
import type { History } from './history.js';

/** One editor's steps, as the timeline drives them. */
export interface UndoTrack<S = unknown> {
  /** Undoes `step`, this track's newest; false when it cannot (the timeline then drops it). */
  undo(step: S): boolean;
  /** Redoes `step`, this track's last undone one; false when it cannot. */
  redo(step: S): boolean;
  /** What the step is called in the Edit menu ("Paint Woods (10 cells)"). */
  label(step: S, side: 'undo' | 'redo'): string;
  /** Another track recorded a step: this track's own redo steps are void. */
  dropRedo?(): void;
}

interface Entry {
  track: UndoTrack;
  step: unknown;
}

export type TimelineListener = (timeline: Timeline) => void;

/** What one undo or redo did: the step's label, and whether it was applied or dropped. */
export interface TimelineMove {
  label: string;
  applied: boolean;
}

export class Timeline {
  private undos: Entry[] = [];
  private redos: Entry[] = [];
  private tracks = new Set<UndoTrack>();
  /** Number of undo entries at the saved state; -1 when that state can no longer be reached. */
  private savedAt = 0;
  private listeners = new Set<TimelineListener>();
  /** Most steps kept; the oldest are forgotten beyond it. */
  limit = 1000;

  /** Adds a track (its steps can then be recorded); returns the function that removes it with its steps. */
  addTrack(track: UndoTrack): () => void {
    this.tracks.add(track);
    return () => {
      this.tracks.delete(track);
      this.forgetTrack(track);
    };
  }

  /** Records a new step of `track` (already applied): redo steps of every track are dropped. */
  record<S>(track: UndoTrack<S>, step: S): void {
    if (!this.tracks.has(track as UndoTrack)) throw new Error('record: that track was not added to the timeline');
    if (this.savedAt > this.undos.length) this.savedAt = -1;
    this.redos = [];
    for (const t of this.tracks) if (t !== track) t.dropRedo?.();
    this.undos.push({ track: track as UndoTrack, step });
    if (this.undos.length > this.limit) {
      this.undos.shift();
      this.savedAt = this.savedAt > 0 ? this.savedAt - 1 : -1;
    }
    this.notify();
  }

  /**
   * Removes the newest step when it is `track`'s (the track lost it without an undo, e.g. a
   * typed name merged back to nothing); the document is back where the step before left it.
   */
  unrecord(track: UndoTrack): void {
    if (this.undos.at(-1)?.track !== track) return;
    this.undos.pop();
    this.notify();
  }

  /** Undoes the newest step; null when there is none. A track that throws counts as refusing. */
  undo(): TimelineMove | null {
    const entry = this.undos.pop();
    if (!entry) return null;
    const label = entry.track.label(entry.step, 'undo');
    // Moved first, so a track asking `dirty` while it applies sees the state it is going to.
    this.redos.push(entry);
    let applied = false;
    try {
      applied = entry.track.undo(entry.step);
    } finally {
      if (!applied) {
        this.redos.pop();
        // The document did not move: the saved state stays reachable only if it is this one.
        this.savedAt = this.savedAt === this.undos.length + 1 ? this.undos.length : -1;
      }
      this.notify();
    }
    return { label, applied };
  }

  /** Redoes the step undone last; null when there is none. */
  redo(): TimelineMove | null {
    const entry = this.redos.pop();
    if (!entry) return null;
    const label = entry.track.label(entry.step, 'redo');
    this.undos.push(entry);
    let applied = false;
    try {
      applied = entry.track.redo(entry.step);
    } finally {
      if (!applied) {
        this.undos.pop();
        if (this.savedAt > this.undos.length) this.savedAt = -1;
        // Steps above a refused one would redo on top of a state they were not made in.
        this.redos = [];
      }
      this.notify();
    }
    return { label, applied };
  }

  get canUndo(): boolean {
    return this.undos.length > 0;
  }

  get canRedo(): boolean {
    return this.redos.length > 0;
  }

  get undoLabel(): string | null {
    const e = this.undos.at(-1);
    return e ? e.track.label(e.step, 'undo') : null;
  }

  get redoLabel(): string | null {
    const e = this.redos.at(-1);
    return e ? e.track.label(e.step, 'redo') : null;
  }

  /** The track of the newest step (null when there is none). */
  get newestTrack(): UndoTrack | null {
    return this.undos.at(-1)?.track ?? null;
  }

  /** Call after saving: the current state is the saved one. */
  markSaved(): void {
    if (this.savedAt === this.undos.length) return;
    this.savedAt = this.undos.length;
    this.notify();
  }

  /** A change no track recorded happened (e.g. the title typed in the library): no step leads back to the saved state. */
  markUnreachable(): void {
    if (this.savedAt === -1) return;
    this.savedAt = -1;
    this.notify();
  }

  /** True when undo/redo has not brought the document back to its saved state. */
  get dirty(): boolean {
    return this.savedAt !== this.undos.length;
  }

  /** Forgets every step (another document); `saved` says whether the document as it stands is saved. */
  clear(saved = true): void {
    this.undos = [];
    this.redos = [];
    this.savedAt = saved ? 0 : -1;
    this.notify();
  }

  /**
   * Forgets one track's steps (its editor lost them, e.g. the map was reloaded). The other
   * tracks' steps stay in order; the saved state is unreachable if anything was forgotten.
   */
  forgetTrack(track: UndoTrack): void {
    const keep = (e: Entry) => e.track !== track;
    const before = this.undos.length + this.redos.length;
    this.undos = this.undos.filter(keep);
    this.redos = this.redos.filter(keep);
    if (this.undos.length + this.redos.length === before) return;
    this.savedAt = -1;
    this.notify();
  }

  /** Called whenever canUndo/canRedo/labels/dirty may have changed; returns the unsubscribe. */
  subscribe(fn: TimelineListener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private notify(): void {
    for (const fn of this.listeners) fn(this);
  }
}


/**
 * The map designer's History as a track: each new step it records joins the timeline, a
 * step that merges away to nothing leaves it, and typing merges into the map's newest step
 * only while no other editor's step came after it (else the merged edit would undo out of order).
 */
export class HistoryTrack implements UndoTrack<null> {
  private history: History | null = null;
  private off: (() => void) | null = null;

  /** `moved` hears each undo/redo the timeline makes here, with the step's label. */
  constructor(
    private readonly timeline: Timeline,
    private readonly moved?: (label: string, side: 'undo' | 'redo') => void,
  ) {}

  /** Follows another History (another map was opened); null lets go. */
  bind(history: History | null): void {
    if (history === this.history) return;
    this.off?.();
    this.off = null;
    this.history = history;
    if (!history) return;
    history.mayMerge = () => this.timeline.newestTrack === this;
    this.off = history.subscribe((_h, event) => {
      if (event === 'step') this.timeline.record(this, null);
      else if (event === 'unstep') this.timeline.unrecord(this);
    });
  }

  get bound(): History | null {
    return this.history;
  }

  undo(): boolean {
    return this.move('undo');
  }

  redo(): boolean {
    return this.move('redo');
  }

  label(_step: null, side: 'undo' | 'redo'): string {
    return (side === 'undo' ? this.history?.undoLabel : this.history?.redoLabel) ?? 'Map edit';
  }

  dropRedo(): void {
    this.history?.dropRedo();
  }

  private move(side: 'undo' | 'redo'): boolean {
    const h = this.history;
    if (!h) return false;
    const label = this.label(null, side);
    if (!(side === 'undo' ? h.undo() : h.redo())) return false;
    this.moved?.(label, side);
    return true;
  }
}
