// What a tabletop kit print is asked for: which parts, the counter size, the paper, bleed and
// margins, and how many of each marker. Pure: the dialog, the command line and the host read
// the same names and limits.
import type { Scenario } from '../format/scenario.types.js';
import { MM_PER_INCH, PAPER_SIZES_MM, isPaperName, type PaperName } from '../print/units.js';

export type KitPart = 'counters' | 'markers' | 'track' | 'aids' | 'oob';
export const KIT_PARTS: readonly KitPart[] = ['counters', 'markers', 'track', 'aids', 'oob'];
export const KIT_PART_LABELS: Record<KitPart, string> = {
  counters: 'Counter sheets',
  markers: 'Marker sheets',
  track: 'Turn record and VP tracks',
  aids: 'Play aids (tables)',
  oob: 'Order of battle and set-up',
};

/** The counter sizes wargames use, by the name people say them. */
export const COUNTER_SIZES: readonly { id: string; label: string; mm: number }[] = [
  { id: '1/2in', label: '½ in (12.7 mm)', mm: 0.5 * MM_PER_INCH },
  { id: '5/8in', label: '⅝ in (15.9 mm)', mm: 0.625 * MM_PER_INCH },
  { id: '3/4in', label: '¾ in (19.1 mm)', mm: 0.75 * MM_PER_INCH },
  { id: '1in', label: '1 in (25.4 mm)', mm: MM_PER_INCH },
  { id: '15mm', label: '15 mm', mm: 15 },
  { id: '20mm', label: '20 mm', mm: 20 },
  { id: '25mm', label: '25 mm', mm: 25 },
];

export const DEFAULT_COUNTER = '5/8in';
export const DEFAULT_BLEED_MM = 1;
export const DEFAULT_KIT_MARGIN_MM = 10;

export interface KitOptionsInput {
  parts?: readonly KitPart[];
  /** A COUNTER_SIZES id ("5/8in", "15mm"). */
  counter?: string;
  paper?: PaperName;
  bleedMm?: number;
  marginMm?: number;
  /** Markers to print per marker id; ids left out take the ruleset's default count. */
  markerCounts?: Record<string, number>;
}

export interface KitOptions {
  parts: KitPart[];
  counterId: string;
  counterMm: number;
  paper: PaperName;
  paperMm: { width: number; height: number };
  bleedMm: number;
  marginMm: number;
  markerCounts: Record<string, number>;
}

export class KitOptionsError extends Error {
  constructor(readonly problems: { field: string; message: string }[]) {
    super(problems.map((p) => `${p.field}: ${p.message}`).join('; '));
    this.name = 'KitOptionsError';
  }
}

/** "5/8in", "⅝\"", "0.625in", "16mm" → a COUNTER_SIZES id, or null when it is none of them. */
export function parseCounterSize(text: string): string | null {
  const t = text.trim().toLowerCase().replace(/\s+/g, '').replace(/"|inch(es)?$/g, 'in').replace('½', '1/2').replace('⅝', '5/8').replace('¾', '3/4');
  const direct = COUNTER_SIZES.find((c) => c.id === t);
  if (direct) return direct.id;
  const m = /^(\d+(?:\.\d+)?)(?:\/(\d+))?(in|mm)$/.exec(t);
  if (!m) return null;
  const value = Number(m[1]) / (m[2] ? Number(m[2]) : 1);
  const mm = m[3] === 'in' ? value * MM_PER_INCH : value;
  return COUNTER_SIZES.find((c) => Math.abs(c.mm - mm) < 0.05)?.id ?? null;
}

/** The options in full, or KitOptionsError naming every bad field. */
export function resolveKitOptions(input: KitOptionsInput = {}): KitOptions {
  const problems: { field: string; message: string }[] = [];
  const parts = input.parts ?? KIT_PARTS;
  for (const p of parts) if (!KIT_PARTS.includes(p)) problems.push({ field: 'parts', message: `"${p}" is not a kit part (${KIT_PARTS.join(', ')})` });
  if (parts.length === 0) problems.push({ field: 'parts', message: 'choose at least one part of the kit' });
  const counterId = input.counter === undefined ? DEFAULT_COUNTER : parseCounterSize(input.counter);
  if (counterId === null) problems.push({ field: 'counter', message: `"${input.counter}" is not a counter size (${COUNTER_SIZES.map((c) => c.id).join(', ')})` });
  const paper = input.paper ?? 'A4';
  if (!isPaperName(paper)) problems.push({ field: 'paper', message: `"${String(paper)}" is not a paper size` });
  const bleedMm = input.bleedMm ?? DEFAULT_BLEED_MM;
  if (!(bleedMm >= 0 && bleedMm <= 3)) problems.push({ field: 'bleedMm', message: 'must be from 0 to 3 mm' });
  const marginMm = input.marginMm ?? DEFAULT_KIT_MARGIN_MM;
  if (!(marginMm >= 5 && marginMm <= 30)) problems.push({ field: 'marginMm', message: 'must be from 5 to 30 mm (printers cannot print to the edge)' });
  const markerCounts: Record<string, number> = {};
  for (const [id, n] of Object.entries(input.markerCounts ?? {})) {
    if (!(Number.isInteger(n) && n >= 0 && n <= 500)) problems.push({ field: `markerCounts.${id}`, message: 'must be a whole number from 0 to 500' });
    else markerCounts[id] = n;
  }
  if (problems.length) throw new KitOptionsError(problems);
  const size = COUNTER_SIZES.find((c) => c.id === counterId)!;
  return {
    parts: KIT_PARTS.filter((p) => parts.includes(p)),
    counterId: size.id,
    counterMm: size.mm,
    paper,
    paperMm: { ...PAPER_SIZES_MM[paper] },
    bleedMm,
    marginMm,
    markerCounts,
  };
}

/**
 * The scenario with one marker's count saved in `kit.markerCounts` (null: back to the ruleset's
 * default, the entry removed). The same object when nothing changes; `kit` is left out once it
 * holds nothing, so a file only carries the counts a designer chose.
 */
export function withMarkerCount(scenario: Scenario, id: string, count: number | null): Scenario {
  const counts = scenario.kit?.markerCounts ?? {};
  if (count === null ? !(id in counts) : counts[id] === count) return scenario;
  if (count !== null && !(Number.isInteger(count) && count >= 0 && count <= 500)) throw new RangeError(`a marker count must be a whole number from 0 to 500 (got ${count})`);
  const next: Record<string, number> = { ...counts };
  if (count === null) delete next[id];
  else next[id] = count;
  const { kit: _old, ...rest } = scenario;
  const kit = { ...scenario.kit, markerCounts: next };
  if (Object.keys(next).length === 0) delete (kit as { markerCounts?: unknown }).markerCounts;
  return Object.keys(kit).length ? { ...rest, kit } : rest;
}
