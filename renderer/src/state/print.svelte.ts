// State of the print dialog: the form as the user typed it, the options it stands for, the
// page layout the preview draws (recomputed a moment after the last change, on a web worker
// so typing and clicking stay responsive while a big map is laid out) and the output jobs
// sent to the host.
import { NO_FRAME, type FrameParts } from '../../../shared/paint/frame.js';
import { getContext, setContext } from 'svelte';
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { draftText, markDraft, type PrintLayout } from '../../../shared/print/layout.js';
import type { Issue } from '../../../shared/scenario/checks.js';
import { ChecksRunner } from './checks.js';
import { issueText } from './library.svelte.js';
import { LayoutRunner } from './print-layout.js';
import {
  DEFAULT_LINE_COLOUR,
  DEFAULT_LINE_WIDTH_MM,
  DEFAULT_MARGIN_MM,
  DEFAULT_OVERLAP_MM,
  MODE_DEFAULTS,
  resolvePrintOptions,
  type CoordinatePosition,
  type CoordinateStyle,
  type Orientation,
  type PrintLayers,
  type PrintMode,
  type PrintOptionProblem,
  type PrintOptionsInput,
} from '../../../shared/print/options.js';
import { toMm, trimNumber, type LengthUnit, type PaperName } from '../../../shared/print/units.js';
import { host, HostError, type PrintFileResult } from '../host/index.js';
import type { AppState } from './app.svelte.js';
import { downloadHostFile } from '../ui/download.js';
import { fieldMessage, fieldNumber as num, formatBytes, pdfPageCount, plural, summaryParts } from '../lib/print-text.js';

export type PaperPick = PaperName | 'custom' | 'single';
/** What the page selector shows: the assembly sheet or one tile (index into layout.pages). */
export type PageSelection = 'assembly' | number;
export type Job = 'pdf' | 'png';

/** How long the preview waits after the last keystroke before laying out again. */
export const LAYOUT_DELAY_MS = 150;

export class PrintState {
  isOpen = $state(false);

  // The form, as typed. Numbers stay text so a half-typed "1." is not fought over.
  mode = $state<PrintMode>('full');
  cellValue = $state('');
  cellUnit = $state<LengthUnit>('cm');
  paper = $state<PaperPick>('A4');
  customWidth = $state('600');
  customHeight = $state('900');
  customUnit = $state<LengthUnit>('mm');
  orientation = $state<Orientation | 'auto'>('auto');
  margin = $state(String(DEFAULT_MARGIN_MM));
  overlap = $state(String(DEFAULT_OVERLAP_MM));
  wholeCells = $state(false);
  lineWidth = $state(String(DEFAULT_LINE_WIDTH_MM));
  lineColour = $state(DEFAULT_LINE_COLOUR);
  coordStyle = $state<CoordinateStyle>('CCRR');
  coordPosition = $state<CoordinatePosition>('top');
  layers = $state<PrintLayers>({ ...MODE_DEFAULTS.full.layers });
  /** The map frame round a single-sheet map (shared/paint/frame.ts). */
  frame = $state<FrameParts>({ ...NO_FRAME });
  /** The underlay picture on the print: null follows the scenario's own choice (map.underlay.print). */
  underlayChoice = $state<boolean | null>(null);
  pngDpi = $state(150);
  pngPages = $state<'selected' | 'all'>('selected');

  /** The last good layout, recomputed LAYOUT_DELAY_MS after a change (without the draft mark). */
  #laidOut = $state.raw<PrintLayout | null>(null);
  /**
   * The scenario's failing checks (errors, as the Checks panel counts them). A draft prints all
   * the same: the dialog lists them and every sheet carries "Draft — N checks not passing".
   */
  failing = $state.raw<Issue[]>([]);
  /** The scenario `failing` was found for. */
  #checkedFor: Scenario | null = null;
  readonly #checks = new ChecksRunner((scenario, issues) => {
    this.#checkedFor = scenario;
    this.failing = issues.filter((i) => i.severity === 'error');
  });
  /** The layout the preview shows and the host prints: the last good one, marked as a draft while checks fail. */
  layout = $derived(this.#laidOut ? markDraft(this.#laidOut, this.failing.length) : null);
  /** "Draft — 2 checks not passing", or null when they all pass. */
  draft = $derived(this.failing.length ? draftText(this.failing.length) : null);
  /** The first few failing checks in the user's terms: where (cell, panel and row), then what. */
  failingText = $derived.by((): string[] => this.failing.slice(0, 3).map((i) => issueText(i, this.scenario)));
  /** True while the preview is older than the form. */
  stale = $state(false);
  /** True while the pages are being laid out (off the page's thread). */
  laying = $state(false);
  selected = $state<PageSelection>('assembly');

  job = $state<Job | null>(null);
  jobStartedAt = $state(0);
  outcome = $state<{ tone: 'ok' | 'error'; text: string } | null>(null);

  readonly app: AppState;
  readonly #runner: LayoutRunner;

  constructor(app: AppState, runner = new LayoutRunner()) {
    this.app = app;
    this.#runner = runner;
  }

  scenario = $derived.by((): Scenario | null => this.app.open?.scenario ?? null);

  /** The options the form stands for (every field explicit, so what you see is what prints). */
  input = $derived.by((): PrintOptionsInput => {
    const paper: PrintOptionsInput['paper'] =
      this.paper === 'custom'
        ? { width: toMm({ value: num(this.customWidth), unit: this.customUnit }), height: toMm({ value: num(this.customHeight), unit: this.customUnit }) }
        : this.paper === 'single'
          ? 'A4'
          : this.paper;
    return {
      mode: this.mode,
      cellSize: { value: num(this.cellValue), unit: this.cellUnit },
      paper,
      orientation: this.orientation,
      marginMm: num(this.margin),
      overlapMm: num(this.overlap),
      lineWidthMm: num(this.lineWidth),
      lineColour: this.lineColour,
      coordinates: { style: this.coordStyle, position: this.coordPosition },
      layers: { ...this.layers },
      singleSheet: this.paper === 'single',
      wholeCells: this.wholeCells,
      frame: { ...this.frame },
      ...(this.underlayChoice !== null && this.scenario?.map.underlay ? { underlay: this.underlayChoice } : {}),
    };
  });

  /** Whether the print draws the underlay picture. */
  get underlay(): boolean {
    return this.underlayChoice ?? this.scenario?.map.underlay?.print ?? false;
  }

  /** Problems with single fields, by option field ("overlapMm", "paper", …); checked at once as the user types. */
  fieldProblems = $derived.by((): PrintOptionProblem[] => {
    const scenario = this.scenario;
    if (!scenario) return [];
    const resolved = resolvePrintOptions(scenario, this.input);
    return resolved.ok ? [] : resolved.problems;
  });
  /** Limits that depend on the paper and orientation together (margins, overlap); found when laying out. */
  layoutProblems = $state.raw<PrintOptionProblem[]>([]);
  problems = $derived([...this.fieldProblems, ...this.layoutProblems]);

  errorFor(field: string): string | null {
    const p = this.problems.find((x) => x.field === field || x.field.startsWith(`${field}.`));
    return p ? fieldMessage(p.message) : null;
  }

  /** Pages in the PDF: the assembly sheet, then the tiles. */
  pageCount = $derived(this.layout ? pdfPageCount(this.layout) : 0);

  /** The selected page's index in the PDF (what a one-page PNG export renders). */
  selectedPdfIndex = $derived.by((): number => {
    const layout = this.layout;
    if (!layout || this.selected === 'assembly') return 0;
    return this.selected + (layout.assembly ? 1 : 0);
  });

  /** "Assembly sheet", "Page B2" or "The sheet" (single sheet). */
  selectedLabel = $derived.by((): string => {
    const layout = this.layout;
    if (!layout) return 'This page';
    if (layout.options.singleSheet) return 'The sheet';
    if (this.selected === 'assembly') return layout.assembly ? 'Assembly sheet' : 'Page A1';
    return `Page ${layout.pages[this.selected]?.label ?? 'A1'}`;
  });

  /** "16 pages (assembly sheet + 5 × 3 tiles)", "Letter landscape", "map 64.5 × 76.2 cm (25.4 × 30 in)". */
  summary = $derived(this.layout ? summaryParts(this.layout) : []);

  #timer: ReturnType<typeof setTimeout> | undefined;

  /** Lays out again a moment after the form last changed; keeps the previous preview meanwhile. */
  scheduleLayout(): void {
    this.stale = true;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.relayout(), LAYOUT_DELAY_MS);
  }

  /**
   * Lays the pages out for the form as it is now, on the worker; the previous preview stays
   * meanwhile. Resolves once this layout (or a newer one that replaced it) is in.
   */
  relayout(): Promise<void> {
    this.#latest = this.#relayout();
    return this.#latest;
  }

  /** The newest layout request; a save waits for it so it never prints an older form. */
  #latest: Promise<void> = Promise.resolve();

  async #relayout(): Promise<void> {
    clearTimeout(this.#timer);
    const scenario = this.scenario;
    if (scenario && scenario !== this.#checkedFor && scenario !== this.#checks.running) this.#checks.run(scenario);
    if (!scenario || this.fieldProblems.length > 0) {
      this.#runner.dispose();
      this.laying = false;
      this.layoutProblems = [];
      this.stale = this.fieldProblems.length > 0;
      return;
    }
    this.laying = true;
    const answer = await this.#runner.run(scenario, this.input);
    if (answer === null) return; // replaced by a newer layout, which reports for itself
    this.laying = false;
    if ('problems' in answer) {
      this.layoutProblems = answer.problems;
      this.stale = true;
      return;
    }
    const layout = answer.layout;
    this.layoutProblems = [];
    this.#laidOut = layout;
    this.stale = false;
    if (this.selected !== 'assembly' && this.selected >= layout.pages.length) this.selected = layout.assembly ? 'assembly' : 0;
    if (this.selected === 'assembly' && !layout.assembly) this.selected = 0;
  }

  /** Fills the form with the defaults for this scenario (its own cell size and label scheme). */
  resetForm(): void {
    const scenario = this.scenario;
    if (!scenario) return;
    this.cellValue = trimNumber(scenario.map.cellSize.value, 3);
    this.cellUnit = scenario.map.cellSize.unit;
    this.setMode(this.mode);
  }

  /** Switching what to print switches the layers and coordinates to what suits it; they can be changed after. */
  setMode(mode: PrintMode): void {
    this.mode = mode;
    const d = MODE_DEFAULTS[mode];
    this.layers = { ...d.layers };
    const grid = this.scenario?.map.grid;
    this.coordStyle = d.coordinates ? ((grid?.kind !== 'network' ? grid?.labels : undefined) ?? 'CCRR') : 'none';
  }

  /** The scenario id the form was filled for. */
  #formFor: string | null = null;

  openDialog(): void {
    if (!this.scenario) return;
    // A different scenario starts from its own defaults; the same one (edited or not) keeps the last choices.
    if (this.#formFor !== this.scenario.id) {
      this.#formFor = this.scenario.id;
      this.resetForm();
      this.selected = 'assembly';
      this.#laidOut = null;
      this.failing = [];
      this.#checkedFor = null;
    }
    this.outcome = null;
    this.isOpen = true;
    void this.relayout();
  }

  close(): void {
    this.isOpen = false;
    clearTimeout(this.#timer);
    this.#runner.dispose();
    this.#checks.dispose();
    this.#checkedFor = null;
    this.laying = false;
  }

  async savePdf(): Promise<void> {
    await this.run('pdf', () => host.print.pdf({ scenario: this.request(), options: this.input }));
  }

  async exportPng(): Promise<void> {
    const pages = this.pngPages === 'all' ? 'all' : this.selectedPdfIndex;
    await this.run('png', () => host.print.png({ scenario: this.request(), options: this.input, dpi: this.pngDpi, pages }));
  }

  private request(): Record<string, unknown> {
    return this.scenario as unknown as Record<string, unknown>;
  }

  private async run(job: Job, call: () => Promise<PrintFileResult>): Promise<void> {
    if (this.job || !this.scenario) return;
    await this.relayout();
    while (this.laying) await this.#latest;
    if (this.problems.length > 0 || this.stale) return;
    this.job = job;
    this.jobStartedAt = performance.now();
    this.outcome = null;
    try {
      const result = await call();
      if (result.kind === 'cancelled') this.outcome = null;
      else if (result.kind === 'saved') this.outcome = { tone: 'ok', text: `Saved ${plural(result.pages, job === 'pdf' ? 'page' : 'image')} (${formatBytes(result.bytes)}) to ${result.path}` };
      else {
        downloadHostFile(result);
        this.outcome = { tone: 'ok', text: `Downloaded ${result.fileName}: ${plural(result.pages, job === 'pdf' ? 'page' : 'image')}, ${formatBytes(result.bytes)}` };
      }
    } catch (err) {
      const text = err instanceof HostError || err instanceof Error ? err.message : String(err);
      this.outcome = { tone: 'error', text: `${job === 'pdf' ? 'The PDF' : 'The PNG export'} could not be made: ${text}` };
    } finally {
      this.job = null;
    }
  }
}

const KEY = Symbol('gridfront.print');

export function providePrint(print: PrintState): PrintState {
  return setContext(KEY, print);
}

export function usePrint(): PrintState {
  const print = getContext<PrintState | undefined>(KEY);
  if (!print) throw new Error('usePrint() needs <App> (providePrint) above this component');
  return print;
}
