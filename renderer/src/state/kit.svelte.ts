// State of the print dialog's tabletop-kit view: which parts, counter size, paper, bleed and
// marker counts; the kit laid out for them (cheap: no map, so it is done at once on the page's
// thread) and the PDF or PNG-zip job sent to the host. Marker counts belong to the scenario
// (kit.markerCounts): a finished entry is saved into the open document as one undo step, through
// the same field-edit path the scenario panels use.
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { layoutKit, type KitLayout } from '../../../shared/kit/layout.js';
import { DEFAULT_BLEED_MM, DEFAULT_COUNTER, KIT_PARTS, KitOptionsError, withMarkerCount, type KitOptionsInput, type KitPart } from '../../../shared/kit/options.js';
import { declarationOf } from '../../../shared/rules/index.js';
import type { PaperName } from '../../../shared/print/units.js';
import { host, HostError } from '../host/index.js';
import { downloadHostFile } from '../ui/download.js';
import { fieldNumber, formatBytes, plural } from '../lib/print-text.js';

export class KitState {
  parts = $state<Record<KitPart, boolean>>(Object.fromEntries(KIT_PARTS.map((p) => [p, true])) as Record<KitPart, boolean>);
  counter = $state(DEFAULT_COUNTER);
  paper = $state<PaperName>('A4');
  bleed = $state(String(DEFAULT_BLEED_MM));
  /**
   * Marker counts as typed and not (yet) in the scenario, by marker id: while typing, when the
   * text is not a count, or when there is no library document to save them into (they then hold
   * for this print only). The counts saved with the scenario are in scenario.kit.markerCounts.
   */
  markerDrafts = $state<Record<string, string>>({});
  /** Why the last marker count could not be saved with the scenario (null when it was). */
  markerNote = $state<string | null>(null);
  /** Resolution of the PNG pages. */
  pngDpi = $state(300);
  /** Index of the page the large preview shows. */
  selected = $state(0);
  /** The job running on the host, if any. */
  job = $state<false | 'pdf' | 'png'>(false);
  outcome = $state<{ tone: 'ok' | 'error'; text: string } | null>(null);

  readonly #scenario: () => Scenario | null;
  readonly #edit: (next: Scenario, label: string) => string | null;
  /**
   * `edit` puts an edited scenario into the open document (one undo step) and returns null, or
   * says why it cannot (nothing from the library is open).
   */
  constructor(scenario: () => Scenario | null, edit: (next: Scenario, label: string) => string | null = () => 'Open a scenario from the library to save marker counts with it.') {
    this.#scenario = scenario;
    this.#edit = edit;
  }

  scenario = $derived.by(() => this.#scenario());

  /** The markers the scenario's ruleset declares, with their default counts. */
  markers = $derived.by(() => {
    const s = this.scenario;
    const decl = s ? declarationOf(s) : undefined;
    return s && decl ? decl.markers.map((m) => ({ id: m.id, label: m.label, scope: m.scope, defaultCount: m.defaultCount(s) })) : [];
  });

  /** What a marker's field shows: the draft being typed, else the count saved with the scenario, else empty (the default shows greyed). */
  markerText(id: string): string {
    return this.markerDrafts[id] ?? (this.scenario?.kit?.markerCounts?.[id]?.toString() ?? '');
  }

  /**
   * The marker field is finished (Enter or leaving it): a count from 0 to 500 is saved with the
   * scenario, an empty field puts the ruleset's default back; anything else stays in the field,
   * named as wrong, and is not saved.
   */
  commitMarker(id: string): void {
    const s = this.scenario;
    const text = this.markerDrafts[id];
    if (!s || text === undefined) return;
    const t = text.trim();
    const n = t === '' ? null : fieldNumber(t);
    if (n !== null && !(Number.isInteger(n) && n >= 0 && n <= 500)) return;
    const label = this.markers.find((m) => m.id === id)?.label ?? id;
    const refused = this.#edit(withMarkerCount(s, id, n), n === null ? `${label} markers back to the default` : `${label} markers: ${n}`);
    this.markerNote = refused;
    if (refused === null) delete this.markerDrafts[id];
  }

  /** Forgets what was typed and not saved (another scenario is in the dialog). */
  resetDrafts(): void {
    this.markerDrafts = {};
    this.markerNote = null;
  }

  input = $derived.by((): KitOptionsInput => {
    // The saved counts come with the scenario; only drafts go in the options.
    const counts: Record<string, number> = {};
    for (const [id, text] of Object.entries(this.markerDrafts)) if (text.trim() !== '') counts[id] = fieldNumber(text);
    return {
      parts: KIT_PARTS.filter((p) => this.parts[p]),
      counter: this.counter,
      paper: this.paper,
      bleedMm: fieldNumber(this.bleed),
      markerCounts: counts,
    };
  });

  /** The kit for the form as it is, or what is wrong with the form. */
  result = $derived.by((): { layout: KitLayout } | { problems: { field: string; message: string }[] } | null => {
    const s = this.scenario;
    if (!s) return null;
    try {
      return { layout: layoutKit(s, this.input) };
    } catch (e) {
      if (e instanceof KitOptionsError) return { problems: e.problems };
      return { problems: [{ field: 'scenario', message: e instanceof Error ? e.message : String(e) }] };
    }
  });

  layout = $derived(this.result && 'layout' in this.result ? this.result.layout : null);
  problems = $derived(this.result && 'problems' in this.result ? this.result.problems : []);

  errorFor(field: string): string | null {
    return this.problems.find((p) => p.field === field || p.field.startsWith(`${field}.`))?.message ?? null;
  }

  /** "9 pages: 2 counter sheets (fronts and backs), …". */
  summary = $derived.by((): string => {
    const l = this.layout;
    if (!l) return '';
    const n = (kind: string) => l.pages.filter((p) => p.kind === kind).length;
    const parts: string[] = [];
    if (n('counters')) parts.push(`${plural(l.counters.length, 'counter')} on ${plural(n('counters') / 2, 'sheet')}`);
    if (n('markers')) parts.push(`${plural(l.markers.reduce((a, m) => a + m.count, 0), 'marker')} on ${plural(n('markers') / 2, 'sheet')}`);
    if (n('track')) parts.push(`tracks: ${plural(n('track'), 'page')}`);
    if (n('aids')) parts.push(`play aids: ${plural(n('aids'), 'page')}`);
    if (n('oob')) parts.push(`order of battle: ${plural(n('oob'), 'page')}`);
    return `${plural(l.pages.length, 'page')} \u2014 ${parts.join(', ')}`;
  });

  async savePdf(): Promise<void> {
    const s = this.scenario;
    if (this.job || !s || !this.layout) return;
    this.job = 'pdf';
    this.outcome = null;
    try {
      const result = await host.kit.pdf({ scenario: s as unknown as Record<string, unknown>, options: this.input });
      if (result.kind === 'cancelled') this.outcome = null;
      else if (result.kind === 'saved') this.outcome = { tone: 'ok', text: `Saved the kit: ${plural(result.pages, 'page')} (${formatBytes(result.bytes)}) to ${result.path}` };
      else {
        downloadHostFile(result);
        this.outcome = { tone: 'ok', text: `Downloaded ${result.fileName}: ${plural(result.pages, 'page')}, ${formatBytes(result.bytes)}` };
      }
    } catch (err) {
      const text = err instanceof HostError || err instanceof Error ? err.message : String(err);
      this.outcome = { tone: 'error', text: `The kit PDF could not be made: ${text}` };
    } finally {
      this.job = false;
    }
  }

  /** Every page as PNG at the chosen resolution, in one zip. */
  async savePngZip(): Promise<void> {
    const s = this.scenario;
    if (this.job || !s || !this.layout) return;
    this.job = 'png';
    this.outcome = null;
    try {
      const result = await host.kit.png({ scenario: s as unknown as Record<string, unknown>, options: this.input, dpi: this.pngDpi });
      if (result.kind === 'cancelled') this.outcome = null;
      else if (result.kind === 'saved') this.outcome = { tone: 'ok', text: `Saved ${plural(result.pages, 'PNG page')} at ${this.pngDpi} dpi (${formatBytes(result.bytes)}) to ${result.path}` };
      else {
        downloadHostFile(result);
        this.outcome = { tone: 'ok', text: `Downloaded ${result.fileName}: ${plural(result.pages, 'PNG page')}, ${formatBytes(result.bytes)}` };
      }
    } catch (err) {
      const text = err instanceof HostError || err instanceof Error ? err.message : String(err);
      this.outcome = { tone: 'error', text: `The kit's PNG pages could not be made: ${text}` };
    } finally {
      this.job = false;
    }
  }
}
