// State of the print dialog's tabletop-kit view: which parts, counter size, paper, bleed and
// marker counts; the kit laid out for them (cheap: no map, so it is done at once on the page's
// thread) and the PDF job sent to the host.
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { layoutKit, type KitLayout } from '../../../shared/kit/layout.js';
import { DEFAULT_BLEED_MM, DEFAULT_COUNTER, KIT_PARTS, KitOptionsError, type KitOptionsInput, type KitPart } from '../../../shared/kit/options.js';
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
  /** Marker counts the designer changed, by marker id; the rest take the ruleset's default. */
  markerCounts = $state<Record<string, string>>({});
  /** Index of the page the large preview shows. */
  selected = $state(0);
  job = $state(false);
  outcome = $state<{ tone: 'ok' | 'error'; text: string } | null>(null);

  readonly #scenario: () => Scenario | null;
  constructor(scenario: () => Scenario | null) {
    this.#scenario = scenario;
  }

  scenario = $derived.by(() => this.#scenario());

  /** The markers the scenario's ruleset declares, with their default counts. */
  markers = $derived.by(() => {
    const s = this.scenario;
    const decl = s ? declarationOf(s) : undefined;
    return s && decl ? decl.markers.map((m) => ({ id: m.id, label: m.label, scope: m.scope, defaultCount: m.defaultCount(s) })) : [];
  });

  input = $derived.by((): KitOptionsInput => {
    const counts: Record<string, number> = {};
    for (const [id, text] of Object.entries(this.markerCounts)) if (text.trim() !== '') counts[id] = fieldNumber(text);
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
    this.job = true;
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
}
