// State of the scenario panels (the tabbed dock under the map): which tab is open, the unit
// selected in a table, the live checks list, and how panel edits reach the document.
//
// Panels edit the open document through its one store (state/store.ts): each edit makes a
// new scenario from the current one and `store.setFields(next, label)` records the top-level
// fields that differ as one step of the store's one undo history, the same history map
// strokes go into, so Ctrl+Z takes the newest step whatever made it. Panel edits of map
// features (victory cells, cell names) run map commands on the same store.

import { checkStatus, issueCounts, panelForPointer, PANEL_NAMES, type EditResult, type Issue, type PanelId } from '../../../shared/scenario/index.js';
import type { Scenario } from '../../../shared/format/scenario.types.js';
import type { Cell } from '../../../shared/grid/types.js';
import type { AppState } from './app.svelte.js';
import type { DocumentState } from './document.svelte.js';
import { editorFor, type EditorState } from './editor.svelte.js';
import { cellOfRef } from '../lib/cells.js';
import { ChecksRunner } from './checks.js';

export type PanelTab = PanelId;

/** The tabs, named as every message about a field names them (shared/scenario/places.ts). */
export const PANEL_TABS: readonly { id: PanelTab; label: string }[] = (Object.keys(PANEL_NAMES) as PanelTab[]).map((id) => ({ id, label: PANEL_NAMES[id] }));

/** Which tab shows the field a JSON pointer names (for the checks panel's jumps). */
export const tabForPointer = panelForPointer;

const CHECK_DELAY_MS = 120;

/**
 * Applies an edit of the scenario's fields (not the map) as one undo step of the open
 * document: the panels and the inspector's title field both edit through here. Takes a new
 * scenario (the same object = nothing changed) or an EditResult; returns the refusal message,
 * or null when applied or nothing changed. An edit that leaves every field as it was makes no
 * undo step.
 */
export function applyFieldEdit(doc: DocumentState, result: Scenario | EditResult, label: string): string | null {
  const store = doc.active ? doc.store : null;
  if (!store) return 'Open a scenario from the library to edit it.';
  let next: Scenario;
  if ('ok' in result) {
    if (!result.ok) return result.message;
    next = result.scenario;
  } else next = result;
  try {
    store.setFields(next, label);
  } catch (err) {
    if (err instanceof RangeError) return err.message;
    throw err;
  }
  return null;
}

export class ScenarioPanels {
  tab = $state<PanelTab>('oob');
  /** Only the tab strip shows until a tab is picked, so an opened map gets the whole view. */
  collapsed = $state(true);
  /** Height of the dock in CSS px: a little under half the window, the map keeping the rest. */
  height = $state(typeof window === 'undefined' ? 400 : Math.round(Math.min(620, Math.max(300, window.innerHeight * 0.46))));
  /** The unit whose row is selected (start or reinforcement id). */
  selectedUnit = $state<string | null>(null);
  /** The last jump: a pointer the active panel focuses once it has rendered. */
  focusRequest = $state.raw<{ pointer: string; seq: number } | null>(null);
  issues = $state.raw<Issue[]>([]);

  private checkTimer: ReturnType<typeof setTimeout> | undefined;
  private checkedFor: Scenario | null = null;
  private readonly checks = new ChecksRunner((scenario, issues) => {
    this.checkedFor = scenario;
    this.issues = issues;
    // The document's problem count, for what waits on it (the draft message goes at 0).
    if (scenario === this.doc.scenario) this.doc.problems = issueCounts(issues).errors;
  });
  private readonly editor: EditorState;

  /** The scenario the panels show and edit: the open library document, else the viewed one. */
  scenario = $derived.by((): Scenario | null => this.app.open?.scenario ?? null);
  /** Edits need a library document (the store saves it); a viewed bundled scenario is read-only. */
  editable = $derived.by(() => this.doc.active);
  status = $derived(checkStatus(this.issues));
  counts = $derived(issueCounts(this.issues));

  constructor(
    readonly app: AppState,
    readonly doc: DocumentState,
  ) {
    this.editor = editorFor(app);
  }

  /** Returns the cleanup for when the dock goes (the undo steps stay with the document's store). */
  connect(): () => void {
    return () => {
      clearTimeout(this.checkTimer);
      this.checks.dispose();
    };
  }

  /** The document's undo state (map and panel steps in one order), for the dock's buttons. */
  get canUndo(): boolean {
    return this.editor.canUndo;
  }
  get canRedo(): boolean {
    return this.editor.canRedo;
  }
  get undoLabel(): string {
    return this.editor.undoLabel ?? '';
  }
  get redoLabel(): string {
    return this.editor.redoLabel ?? '';
  }
  /** The last edit, undo or redo, or why a step was dropped: shown in the dock's header. */
  get lastEdit(): string {
    return this.editor.notice;
  }

  /**
   * Re-runs the checks shortly after the scenario changed (debounced), on a worker: a large
   * map takes a while. The list keeps showing the last answer until the new one comes.
   */
  scheduleChecks(scenario: Scenario | null): void {
    clearTimeout(this.checkTimer);
    if (!scenario) {
      this.checks.dispose();
      this.issues = [];
      this.checkedFor = null;
      return;
    }
    if (scenario === this.checkedFor || scenario === this.checks.running) return;
    const run = () => this.checks.run(scenario);
    if (this.checkedFor === null) run();
    else this.checkTimer = setTimeout(run, CHECK_DELAY_MS);
  }

  /**
   * Applies an edit. Takes a new scenario (the same object = nothing changed) or an
   * EditResult; returns the refusal message, or null when applied or nothing changed. An
   * edit that leaves every field as it was makes no undo step.
   */
  apply(result: Scenario | EditResult, label: string): string | null {
    if (!this.editable) return 'Open a scenario from the library to edit it.';
    return applyFieldEdit(this.doc, result, label);
  }

  /** Undo / Redo of the whole document (the newest step, whichever editor made it). */
  undo(): void {
    this.editor.undo();
  }

  redo(): void {
    this.editor.redo();
  }

  /** Opens a tab and asks it to focus the field a pointer names. */
  jumpToPointer(pointer: string): void {
    this.collapsed = false;
    this.tab = tabForPointer(pointer);
    this.focusRequest = { pointer, seq: (this.focusRequest?.seq ?? 0) + 1 };
  }

  /** Selects a cell on the map and brings it into view. */
  jumpToCell(cell: Cell): void {
    this.app.selected = cell;
    const r = this.app.renderer;
    const p = r?.cellCenter(cell);
    if (!r || !p) return;
    r.viewport.reveal(r.viewport.toWorld(p));
  }

  /**
   * The issue's place: an issue about a cell selects that cell on the map (the list stays
   * open to work through); any other issue opens the panel with its field.
   */
  jumpTo(issue: Issue): void {
    if (issue.cell) {
      const cell = this.scenario ? cellOfRef(this.scenario, issue.cell) : null;
      if (cell) this.jumpToCell(cell);
    } else if (issue.pointer) this.jumpToPointer(issue.pointer);
  }
}
