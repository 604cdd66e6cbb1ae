// State of the scenario panels (the tabbed dock under the map): which tab is open, the unit
// selected in a table, the live checks list, and the panels' own undo steps.
//
// Panels edit the open document only through the document store (`doc.replace`), one
// immutable replacement per edit with an undo label. The map designer's history holds map
// edits only (its commands work on the map document), so panel edits of the rest of the
// scenario undo here, and panel edits of map features (victory cells, cell names) go through
// the designer's history instead. A step remembers just the top-level fields it changed, so
// undoing it leaves map edits made since alone; if another editor changed one of those same
// fields since, the step is dropped rather than reverting that edit.

import { checkScenario, checkStatus, issueCounts, type EditResult, type Issue } from '../../../shared/scenario/index.js';
import type { Scenario } from '../../../shared/format/scenario.types.js';
import type { Cell } from '../../../shared/grid/types.js';
import type { AppState } from './app.svelte.js';
import type { DocumentState } from './document.svelte.js';
import { changedFields, swapFields, type Fields } from '../components/Scenario/undo.js';

interface Step {
  label: string;
  /** The top-level fields the edit changed, before and after (undefined = absent). */
  before: Fields;
  after: Fields;
}

export type PanelTab = 'scenario' | 'calendar' | 'oob' | 'schedule' | 'victory' | 'totals' | 'checks';

export const PANEL_TABS: readonly { id: PanelTab; label: string }[] = [
  { id: 'scenario', label: 'Scenario' },
  { id: 'calendar', label: 'Calendar & ground' },
  { id: 'oob', label: 'Order of battle' },
  { id: 'schedule', label: 'Schedule' },
  { id: 'victory', label: 'Victory' },
  { id: 'totals', label: 'Totals' },
  { id: 'checks', label: 'Checks' },
];

/** Which tab shows the field a JSON pointer names (for the checks panel's jumps). */
export function tabForPointer(pointer: string): PanelTab {
  const top = pointer.split('/')[1] ?? '';
  if (top === 'orderOfBattle') return 'oob';
  if (top === 'reinforcements' || top === 'replacements') return 'schedule';
  if (['calendar', 'groundConditions', 'initiative', 'preparedOffensives', 'fuelShortage', 'airInterdiction', 'airliftedSupply', 'commandConfusion'].includes(top)) return 'calendar';
  // Victory values, and the map's cell list as a whole ("no victory cells"), are edited in Victory.
  if (top === 'map' && (/\/victory$/.test(pointer) || pointer === '/map/cells')) return 'victory';
  return 'scenario';
}

const CHECK_DELAY_MS = 120;
const MAX_STEPS = 200;

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
  /** Label of the last edit, shown briefly in the dock's header. */
  lastEdit = $state('');

  private undoSteps = $state.raw<Step[]>([]);
  private redoSteps = $state.raw<Step[]>([]);
  private checkTimer: ReturnType<typeof setTimeout> | undefined;
  private checkedFor: Scenario | null = null;
  private docId: string | null = null;

  /** The scenario the panels show and edit: the open library document, else the viewed one. */
  scenario = $derived.by((): Scenario | null => this.app.open?.scenario ?? null);
  /** Edits need a library document (the store saves it); a viewed bundled scenario is read-only. */
  editable = $derived.by(() => this.doc.active);
  status = $derived(checkStatus(this.issues));
  counts = $derived(issueCounts(this.issues));
  canUndo = $derived(this.undoSteps.length > 0);
  canRedo = $derived(this.redoSteps.length > 0);
  undoLabel = $derived(this.undoSteps.at(-1)?.label ?? '');
  redoLabel = $derived(this.redoSteps.at(-1)?.label ?? '');

  constructor(
    readonly app: AppState,
    readonly doc: DocumentState,
  ) {}

  /** Starts listening to the document; returns the cleanup. */
  connect(): () => void {
    // Steps belong to one document: opening another one starts afresh.
    const off = this.doc.onChange(() => {
      if (this.doc.id !== this.docId) this.forget();
    });
    this.docId = this.doc.id;
    return () => {
      off();
      clearTimeout(this.checkTimer);
    };
  }

  private forget(): void {
    this.docId = this.doc.id;
    this.undoSteps = [];
    this.redoSteps = [];
  }

  /** Re-runs the checks shortly after the scenario changed (debounced: a large map takes a while). */
  scheduleChecks(scenario: Scenario | null): void {
    clearTimeout(this.checkTimer);
    if (!scenario) {
      this.issues = [];
      this.checkedFor = null;
      return;
    }
    if (scenario === this.checkedFor) return;
    const run = () => {
      this.checkedFor = scenario;
      this.issues = checkScenario(scenario);
    };
    if (this.checkedFor === null) run();
    else this.checkTimer = setTimeout(run, CHECK_DELAY_MS);
  }

  /** Runs the checks now (before saving, in tests). */
  checkNow(): void {
    clearTimeout(this.checkTimer);
    const s = this.scenario;
    this.checkedFor = s;
    this.issues = s ? checkScenario(s) : [];
  }

  /**
   * Applies an edit. Takes a new scenario (the same object = nothing changed) or an
   * EditResult; returns the refusal message, or null when applied or nothing changed.
   */
  apply(result: Scenario | EditResult, label: string): string | null {
    const before = this.doc.scenario;
    if (!before || !this.editable) return 'Open a scenario from the library to edit it.';
    let next: Scenario;
    if ('ok' in result) {
      if (!result.ok) return result.message;
      next = result.scenario;
    } else next = result;
    if (next === before) return null;
    if (this.doc.id !== this.docId) this.forget();
    this.replace(next, label);
    this.undoSteps = [...this.undoSteps.slice(-(MAX_STEPS - 1)), { label, ...changedFields(before, next) }];
    this.redoSteps = [];
    return null;
  }

  undo(): void {
    const step = this.undoSteps.at(-1);
    const current = this.doc.scenario;
    if (!step || !current) return;
    this.undoSteps = this.undoSteps.slice(0, -1);
    const next = swapFields(current, step.after, step.before);
    if (!next) {
      this.lastEdit = `Cannot undo “${step.label}”: changed since in another editor`;
      return;
    }
    this.replace(next, `Undo ${step.label}`);
    this.redoSteps = [...this.redoSteps, step];
  }

  redo(): void {
    const step = this.redoSteps.at(-1);
    const current = this.doc.scenario;
    if (!step || !current) return;
    this.redoSteps = this.redoSteps.slice(0, -1);
    const next = swapFields(current, step.before, step.after);
    if (!next) {
      this.lastEdit = `Cannot redo “${step.label}”: changed since in another editor`;
      return;
    }
    this.replace(next, step.label);
    this.undoSteps = [...this.undoSteps, step];
  }

  private replace(next: Scenario, label: string): void {
    this.doc.replace(next, label);
    this.lastEdit = label;
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
    const box = r.stage.container().getBoundingClientRect();
    const margin = 60;
    if (p.x < margin || p.y < margin || p.x > box.width - margin || p.y > box.height - margin) r.panBy(box.width / 2 - p.x, box.height / 2 - p.y);
  }

  /**
   * The issue's place: an issue about a cell selects that cell on the map (the list stays
   * open to work through); any other issue opens the panel with its field.
   */
  jumpTo(issue: Issue): void {
    if (issue.cell) {
      const [col, row] = issue.cell.split(',').map(Number) as [number, number];
      this.jumpToCell({ col, row });
    } else if (issue.pointer) this.jumpToPointer(issue.pointer);
  }
}
