// What the scenario panels show about fields: ruleset options and side flags with their
// defaults and explanations (descriptions from the schema, the one source of the format),
// branch names, cell labels, and the small ground-rule edits the calendar panel makes.
import schema from '../../../../schemas/scenario.schema.json' with { type: 'json' };
import { DEFAULT_OPTIONS, type ResolvedOptions, type ResolvedSideFlags } from '../../../../shared/format/defaults.js';
import type { Branch, GroundChangeRule, GroundCondition, Scenario } from '../../../../shared/format/scenario.types.js';

interface PropDoc {
  description?: string;
  minimum?: number;
  maximum?: number;
}
const defs = (schema as unknown as { $defs: Record<string, { properties: Record<string, PropDoc> }> }).$defs;

export interface OptionMeta {
  key: keyof ResolvedOptions;
  label: string;
  kind: 'boolean' | 'number';
  /** The schema's description plus where the default comes from. */
  help: string;
  min: number;
  max: number;
  nullable?: boolean;
}

// Labels and the rules background are ours; ranges and descriptions are the schema's.
const OPTION_TEXT: Record<keyof ResolvedOptions, { label: string; why: string }> = {
  defensiveFire: { label: 'Defensive fire', why: 'The rules deny it only to prepared offensives, so normal attacks have it.' },
  defensiveFireHitOn: { label: 'Defensive fire hits on', why: 'Each defending strength point rolls one die.' },
  baseToHit: { label: 'Attack hits on', why: 'Modifiers shift it; the needed score stays within 2–6.' },
  stackingLimit: { label: 'Stacking limit', why: 'Counted per side at the end of any movement; the checks flag start cells above it.' },
  victoryCellVpPerTurn: { label: 'Victory cell VP per turn', why: 'A victory cell may set its own value in the Victory panel.' },
  destroyedStrengthVp: { label: 'VP per destroyed strength point', why: 'Counts the starting strength of each destroyed enemy unit.' },
  supplyLineLimit: { label: 'Supply line limit (cells)', why: 'Empty means a supply path may be any length.' },
};

const defaultText = (v: unknown) => (v === null ? 'no limit' : v === true ? 'on' : v === false ? 'off' : String(v));

export const OPTIONS: readonly OptionMeta[] = (Object.keys(OPTION_TEXT) as (keyof ResolvedOptions)[]).map((key) => {
  const prop = defs.OperationalOptions?.properties[key] ?? {};
  const t = OPTION_TEXT[key];
  return {
    key,
    label: t.label,
    kind: typeof DEFAULT_OPTIONS[key] === 'boolean' ? 'boolean' : 'number',
    help: `${prop.description ?? ''} ${t.why} Default: ${defaultText(DEFAULT_OPTIONS[key])} (RULES-NOTES.md).`.trim(),
    min: prop.minimum ?? 0,
    max: prop.maximum ?? 99,
    ...(key === 'supplyLineLimit' ? { nullable: true } : {}),
  };
});

export const FLAG_META: readonly { key: keyof ResolvedSideFlags; label: string; help: string }[] = (
  [
    ['mudSlows', 'Slowed by mud'],
    ['losesDifficultInSnow', 'No terrain cover in snow'],
    ['railMovement', 'Rail movement'],
    ['breakthroughInSnow', 'Breakthrough in snow'],
    ['rebuilds', 'Rebuilds units'],
    ['deepPenetration', 'Deep penetration'],
  ] as const
).map(([key, label]) => ({ key, label, help: `${defs.SideFlags?.properties[key]?.description ?? ''} Off unless set.` }));

export const BRANCH_LABEL: Record<Branch, string> = {
  infantry: 'Infantry',
  tank: 'Tank',
  mechanised: 'Mechanised',
  cavalry: 'Cavalry',
  airborne: 'Airborne',
};

export const GROUND_LABEL: Record<GroundCondition, string> = { easy: 'Easy', mud: 'Mud', frozen: 'Frozen', snow: 'Snow' };
export const GROUND_COLOUR: Record<GroundCondition, string> = { easy: '#8bbf6a', mud: '#9a6b3f', frozen: '#7fb2d9', snow: '#e9eef3' };

export { cellLabel, cellOfRef, gridOf, labelOfCell, refOfCell } from '../../lib/cells.js';

export const sideName = (scenario: Scenario, id: string): string => scenario.sides.find((s) => s.id === id)?.name ?? id;

// ---- ground change rules (immutable) ---------------------------------------------------

function withRules(scenario: Scenario, changes: GroundChangeRule[]): Scenario {
  const groundConditions = { ...scenario.groundConditions };
  if (changes.length) groundConditions.changes = changes;
  else delete groundConditions.changes;
  return { ...scenario, groundConditions };
}

const rulesOf = (s: Scenario) => s.groundConditions.changes ?? [];

/** A new rule after the others: from the given turn, 1–2 turns the ground to mud. */
export function addGroundRule(scenario: Scenario, fromTurn: number): Scenario {
  const turn = Math.min(Math.max(1, fromTurn), scenario.calendar.turns);
  return withRules(scenario, [...rulesOf(scenario), { fromTurn: turn, outcomes: [{ min: 1, max: 2, condition: 'mud' }] }]);
}

export function updateGroundRule(scenario: Scenario, index: number, patch: Partial<GroundChangeRule>): Scenario {
  const list = [...rulesOf(scenario)];
  const current = list[index];
  if (!current) return scenario;
  const next: GroundChangeRule = { ...current, ...patch };
  if (next.toTurn === undefined) delete next.toTurn;
  if (!next.when || next.when.length === 0) delete next.when;
  list[index] = next;
  return withRules(scenario, list);
}

export function removeGroundRule(scenario: Scenario, index: number): Scenario {
  if (!rulesOf(scenario)[index]) return scenario;
  return withRules(scenario, rulesOf(scenario).filter((_, i) => i !== index));
}

export function moveGroundRule(scenario: Scenario, index: number, by: -1 | 1): Scenario {
  const list = [...rulesOf(scenario)];
  const to = index + by;
  if (!list[index] || !list[to]) return scenario;
  [list[index], list[to]] = [list[to]!, list[index]!];
  return withRules(scenario, list);
}

/** "from turn 3, when easy, d6 1–2 → mud" as one line. */
export function describeRule(rule: GroundChangeRule): string {
  const span = rule.toTurn === undefined ? `From turn ${rule.fromTurn}` : rule.toTurn === rule.fromTurn ? `Turn ${rule.fromTurn}` : `Turns ${rule.fromTurn}–${rule.toTurn}`;
  const when = rule.when?.length ? `, when ${rule.when.map((g) => GROUND_LABEL[g].toLowerCase()).join(' or ')}` : '';
  const outs = rule.outcomes.map((o) => (o.min === 1 && o.max === 6 ? `always ${o.condition}` : `${o.min === o.max ? o.min : `${o.min}–${o.max}`} → ${o.condition}`)).join(', ');
  return `${span}${when}: roll d6, ${outs}`;
}

/** A number typed in a field, or null when it is not a whole number. */
export function wholeNumber(text: string): number | null {
  const t = text.trim();
  return /^-?\d+$/.test(t) ? Number(t) : null;
}

/** Percent for a probability, without noise: 0.3333 → "33%", 1 → "100%". */
export const percent = (p: number): string => `${Math.round(p * 100)}%`;

/** "14 Sep" / "14–17 Sep 1941" style ranges for the turn track. */
export function dateRange(from: string, to: string, withYear = false): string {
  const f = new Date(`${from}T00:00:00Z`);
  const t = new Date(`${to}T00:00:00Z`);
  const day = (d: Date) => d.getUTCDate();
  const mon = (d: Date) => d.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
  const year = withYear ? ` ${t.getUTCFullYear()}` : '';
  if (from === to) return `${day(f)} ${mon(f)}${year}`;
  if (f.getUTCMonth() === t.getUTCMonth()) return `${day(f)}–${day(t)} ${mon(t)}${year}`;
  return `${day(f)} ${mon(f)}–${day(t)} ${mon(t)}${year}`;
}

/** Men as people write them: 40000 → "40,000". */
export const men = (n: number): string => n.toLocaleString('en-GB');

// ---- number of turns -------------------------------------------------------------------

type RangeKey = 'initiative' | 'fuelShortage' | 'airInterdiction' | 'airliftedSupply' | 'commandConfusion';
const RANGE_KEYS: readonly RangeKey[] = ['initiative', 'fuelShortage', 'airInterdiction', 'airliftedSupply', 'commandConfusion'];

/**
 * Changes the number of turns and keeps the turn schedules inside the calendar: ranges past
 * the new last turn are cut there (or dropped when they start after it), prepared offensives
 * after it are dropped, and an initiative run that reached the old last turn is stretched to
 * the new one. Reinforcements, replacements and ground rules are left for the checks to
 * point out, since they hold data a designer would retype.
 */
export function setTurnCount(scenario: Scenario, turns: number): Scenario {
  const old = scenario.calendar.turns;
  if (turns === old) return scenario;
  const next: Scenario = { ...scenario, calendar: { ...scenario.calendar, turns } };
  for (const key of RANGE_KEYS) {
    const list = scenario[key];
    if (!list) continue;
    const kept = list
      .filter((r) => r.fromTurn <= turns)
      .map((r) => {
        if (r.toTurn > turns) return { ...r, toTurn: turns };
        if (key === 'initiative' && turns > old && r.toTurn === old) return { ...r, toTurn: turns };
        return r;
      });
    if (kept.length) (next as Record<RangeKey, unknown>)[key] = kept;
    else delete next[key];
  }
  if (scenario.preparedOffensives) {
    const kept = scenario.preparedOffensives.filter((p) => p.turn <= turns);
    if (kept.length) next.preparedOffensives = kept;
    else delete next.preparedOffensives;
  }
  return next;
}
