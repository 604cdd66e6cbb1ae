// What a tabletop kit holds, read from a scenario through the ruleset contract (declaration and
// tables) and the scenario's own schedules: one counter per unit (order of battle, reinforcements,
// pool), the markers the ruleset declares with their counts, the turn record track from the
// calendar, the play aids and the order-of-battle sheet. Pure data; layout.ts places it.
import type { GroundCondition, NewUnit, Scenario, Side } from '../format/scenario.types.js';
import { cellLabels, counterSymbol, declarationOf, rulesTables } from '../rules/index.js';
import type { MarkerDecl, RulesTable, RulesetDeclaration } from '../rules/types.js';
import { groundForecast } from '../scenario/ground.js';
import { turnTrack } from '../scenario/turn-track.js';

export interface KitCounter {
  unitId: string;
  side: string;
  sideName: string;
  /** "#rrggbb" of the side. */
  colour: string;
  name: string;
  branch: string;
  branchLabel: string;
  /** NATO size mark ("XXX" for a corps), or '' when the name says nothing of its size. */
  echelon: string;
  /** The factor line on the front, as the ruleset's counter layout declares it. */
  front: string;
  /** The factor line on the back, or null when the ruleset's counters have one face that matters. */
  back: string | null;
  backMeaning: string | null;
  /** Marks the ruleset prints for true flags (★ for elite), with the flag's key. */
  marks: { key: string; mark: string }[];
  /** Where it comes from, for the order-of-battle sheet. */
  origin: { kind: 'oob'; cell: string } | { kind: 'reinforcement'; turn: number; cell: string } | { kind: 'pool'; fromTurn: number };
}

export interface KitMarker {
  id: string;
  label: string;
  short: string;
  description: string;
  count: number;
  /** "#rrggbb": the ruleset's colour, else one by scope. */
  colour: string;
  /** Side colours front and back for markers that tell a side (control), else null. */
  sides: [string, string] | null;
}

const SIZE_WORDS: [RegExp, string][] = [
  [/\b(army group|front)\b/i, 'XXXXX'],
  [/\b(army|armee)\b/i, 'XXXX'],
  [/\b(corps|korps)\b/i, 'XXX'],
  [/\b(division|div)\b/i, 'XX'],
  [/\b(brigade|bde)\b/i, 'X'],
  [/\b(regiment|rgt|regt)\b/i, 'III'],
  [/\b(battalion|bn)\b/i, 'II'],
  [/\b(company|coy)\b/i, 'I'],
];

/**
 * The NATO size mark of a unit: `fields.size` when a ruleset gives one ("XX", "corps"), else read
 * from the unit's name ("III Panzer Corps" → XXX, "10th Army" → XXXX); '' when neither says.
 */
export function echelonOf(unit: Pick<NewUnit, 'name' | 'fields'>): string {
  const given = (unit.fields as Record<string, unknown> | undefined)?.size;
  if (typeof given === 'string') {
    if (/^(X{1,5}|I{1,3})$/.test(given.trim())) return given.trim();
    for (const [re, mark] of SIZE_WORDS) if (re.test(given)) return mark;
  }
  for (const [re, mark] of SIZE_WORDS) if (re.test(unit.name)) return mark;
  return '';
}

/** Fills a counter template: "{strength}-{movement}" from the unit's core values and fields. */
export function fillTemplate(template: string, unit: NewUnit): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const core = (unit as unknown as Record<string, unknown>)[key];
    const value = core !== undefined ? core : (unit.fields as Record<string, unknown> | undefined)?.[key];
    return value === undefined || value === null ? '?' : String(value);
  });
}

function counterOf(scenario: Scenario, decl: RulesetDeclaration, unit: NewUnit, origin: KitCounter['origin']): KitCounter {
  const side = scenario.sides.find((s) => s.id === unit.side);
  const layout = decl.counter;
  const values = { ...(unit.fields as Record<string, unknown> | undefined), ...(unit as unknown as Record<string, unknown>) };
  return {
    unitId: unit.id,
    side: unit.side,
    sideName: side?.name ?? unit.side,
    colour: side?.colour ?? '#999999',
    name: fillTemplate(layout.label, unit),
    // A ruleset's unit type (Shambattle's artillery stand) has its own symbol; else the branch's.
    branch: counterSymbol(layout, unit.branch, values),
    branchLabel: decl.branches.find((b) => b.value === unit.branch)?.label ?? unit.branch,
    echelon: echelonOf(unit),
    front: fillTemplate(layout.front, unit),
    back: layout.back === null ? null : fillTemplate(layout.back, unit),
    backMeaning: layout.backMeaning ?? null,
    marks: (layout.flags ?? []).filter((f) => values[f.key] === true).map((f) => ({ key: f.key, mark: f.mark })),
    origin,
  };
}

/** Every unit of the scenario once, side by side in scenario order: set-up, then reinforcements, then the pool. */
export function kitCounters(scenario: Scenario, decl: RulesetDeclaration = declarationOf(scenario)!): KitCounter[] {
  const out: KitCounter[] = [];
  for (const side of scenario.sides) {
    for (const u of scenario.orderOfBattle) if (u.side === side.id) out.push(counterOf(scenario, decl, u, { kind: 'oob', cell: u.cell }));
    for (const r of scenario.reinforcements ?? []) if (r.unit.side === side.id) out.push(counterOf(scenario, decl, r.unit, { kind: 'reinforcement', turn: r.turn, cell: r.entryCell }));
    for (const p of scenario.pool ?? []) if (p.unit.side === side.id) out.push(counterOf(scenario, decl, p.unit, { kind: 'pool', fromTurn: p.fromTurn ?? 1 }));
  }
  // Units of a side the scenario does not list still get their counter.
  const sides = new Set(scenario.sides.map((s) => s.id));
  for (const u of scenario.orderOfBattle) if (!sides.has(u.side)) out.push(counterOf(scenario, decl, u, { kind: 'oob', cell: u.cell }));
  return out;
}

const SCOPE_COLOURS: Record<MarkerDecl['scope'], string> = { unit: '#f2d16b', cell: '#dfe7ef', track: '#e9e2d0', side: '#d9e8d4' };

export function kitMarkers(scenario: Scenario, decl: RulesetDeclaration = declarationOf(scenario)!, counts: Record<string, number> = {}): KitMarker[] {
  const [a, b] = scenario.sides as [Side, Side];
  return decl.markers.map((m) => ({
    id: m.id,
    label: m.label,
    short: m.short,
    description: m.description,
    count: counts[m.id] ?? m.defaultCount(scenario),
    colour: m.colour ?? SCOPE_COLOURS[m.scope],
    // Control and initiative say a side: one side's colour on the front, the other's on the back.
    sides: m.id === 'control' || m.id === 'initiative' ? [a.colour ?? '#888888', b.colour ?? '#888888'] : null,
  }));
}

// ---------------------------------------------------------------------------------------------
// The turn record track
// ---------------------------------------------------------------------------------------------

export interface TrackLine {
  text: string;
  /** Side colour chip in front of it. */
  colour?: string;
  strong?: boolean;
}

export interface KitTurn {
  turn: number;
  date: string;
  /** The ground as it is sure to be, or null when a roll decides. */
  ground: GroundCondition | null;
  lines: TrackLine[];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const GROUND_NAMES: Record<GroundCondition, string> = { easy: 'Easy', mud: 'Mud', frozen: 'Frozen', snow: 'Snow' };

/** "1944-02-03" → "3 Feb 1944". */
export function formatDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${m[1]}` : iso;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** "1–2" or "3" for a die range. */
const dieRange = (min: number, max: number): string => (min === max ? String(min) : `${min}\u2013${max}`);

/** The ruleset's own turn record table (its date and weather columns), if it has one with a row per turn. */
function rulesetTrack(scenario: Scenario): RulesTable | undefined {
  let tables: RulesTable[] = [];
  try {
    tables = rulesTables(scenario);
  } catch {
    return undefined;
  }
  return tables.find((t) => /^turn/i.test(t.id) && t.rows.length === scenario.calendar.turns);
}

/** Turn by turn: the date, the ground (or its roll), initiative, prepared offensives, arrivals and replacements. */
export function kitTurns(scenario: Scenario, decl: RulesetDeclaration = declarationOf(scenario)!): KitTurn[] {
  const uses = (f: Parameters<RulesetDeclaration['features']['has']>[0]) => decl.features.has(f);
  const label = cellLabels(scenario);
  const sides = scenario.sides;
  const sideOf = (id: string) => sides.find((s) => s.id === id);
  const forecast = groundForecast(scenario);
  const track = turnTrack(scenario);
  const own = rulesetTrack(scenario);
  const dateCol = own?.columns.findIndex((c) => /date|start/i.test(c.key + c.label)) ?? -1;
  const groundCol = own?.columns.findIndex((c) => /weather|ground/i.test(c.key + c.label)) ?? -1;
  const rules = scenario.groundConditions?.changes ?? [];
  return track.map((t, i) => {
    const f = forecast[i]!;
    const lines: TrackLine[] = [];
    // The date: the ruleset's words when they are not a bare ISO date, else the forecast's.
    const ownDate = dateCol >= 0 ? own!.rows[i]?.cells[dateCol] : undefined;
    const date = ownDate && !/^\d{4}-\d{2}-\d{2}$/.test(ownDate) ? ownDate : f.startEarliest === f.startLatest ? formatDate(f.startEarliest) : `~${formatDate(f.startExpected)}`;
    const sure = f.possible.length === 1 ? f.possible[0]! : null;
    if (uses('groundConditions')) {
      // The roll printed as the rules make it: "Roll d6: 1–2 mud" (a sure change is no roll).
      const rolls: string[] = [];
      for (const r of rules) {
        if (t.turn < r.fromTurn || (r.toTurn !== undefined && t.turn > r.toTurn)) continue;
        const certain = r.outcomes.some((o) => o.min <= 1 && o.max >= 6);
        if (certain) continue;
        const when = r.when?.length ? ` (if ${r.when.map((g) => GROUND_NAMES[g].toLowerCase()).join('/')})` : '';
        rolls.push(`Roll d6${when}: ${r.outcomes.map((o) => `${dieRange(o.min, o.max)} ${o.condition}`).join(', ')}`);
      }
      // A sure ground in the ruleset's own words ("Clear", "Mud (two weeks)") when its table has them.
      const ownGround = groundCol >= 0 ? own!.rows[i]?.cells[groundCol] : undefined;
      const named = sure && ownGround ? ownGround.charAt(0).toUpperCase() + ownGround.slice(1) : null;
      lines.push({ text: named ?? (sure ? GROUND_NAMES[sure] : f.possible.map((g) => GROUND_NAMES[g]).join(' or ')), strong: true });
      for (const r of rolls) lines.push({ text: r });
    }
    if (uses('initiative') && t.initiative) {
      const s = sideOf(t.initiative);
      const before = i > 0 ? track[i - 1]!.initiative : null;
      const changed = i > 0 && before !== t.initiative;
      lines.push({ text: changed ? `Initiative passes to ${s?.name ?? t.initiative}` : `Initiative: ${s?.name ?? t.initiative}`, colour: s?.colour, strong: changed });
    }
    for (const s of sides) {
      const po = uses('preparedOffensives') ? (t.preparedOffensives[s.id] ?? 0) : 0;
      if (po > 0) lines.push({ text: `${s.name}: ${plural(po, 'prepared offensive')}`, colour: s.colour, strong: true });
      if (uses('fuelShortage') && (t.fuelShortage[s.id] ?? 0) > 0) lines.push({ text: `${s.name}: fuel shortage (${plural(t.fuelShortage[s.id]!, 'tank unit')})`, colour: s.colour });
      if (uses('airInterdiction') && t.airInterdiction[s.id]) lines.push({ text: `${s.name}: air interdiction`, colour: s.colour });
      if (uses('airliftedSupply') && t.airliftedSupply[s.id]) lines.push({ text: `${s.name}: airlifted supply`, colour: s.colour });
      if (uses('commandConfusion') && t.commandConfusion[s.id]) lines.push({ text: `${s.name}: command confusion`, colour: s.colour });
    }
    for (const r of scenario.reinforcements ?? []) {
      if (r.turn === t.turn) lines.push({ text: `+ ${r.unit.name} (${label(r.entryCell)})`, colour: sideOf(r.unit.side)?.colour });
    }
    for (const p of scenario.pool ?? []) {
      if ((p.fromTurn ?? 1) === t.turn) lines.push({ text: `Pool: ${p.unit.name}`, colour: sideOf(p.unit.side)?.colour });
    }
    if (uses('replacements')) {
      for (const s of sides) {
        const pts = t.replacements[s.id] ?? 0;
        if (pts > 0) lines.push({ text: `${s.name}: ${plural(pts, 'replacement')}`, colour: s.colour });
      }
    }
    return { turn: t.turn, date, ground: sure, lines };
  });
}

// ---------------------------------------------------------------------------------------------
// Play aids and the order-of-battle sheet, as tables
// ---------------------------------------------------------------------------------------------

/** The ruleset's tables as play aids, less its turn record (the track prints that). */
export function kitAids(scenario: Scenario): RulesTable[] {
  return rulesTables(scenario).filter((t) => !(/^turn/i.test(t.id) && t.rows.length === scenario.calendar.turns));
}

/** One order-of-battle table per side: every unit with its factors and where it sets up or arrives. */
export function kitOob(scenario: Scenario, counters: readonly KitCounter[] = kitCounters(scenario)): RulesTable[] {
  const label = cellLabels(scenario);
  const withBack = counters.some((c) => c.back !== null);
  return scenario.sides.map((s) => ({
    id: `oob-${s.id}`,
    title: `${s.name}: order of battle and set-up`,
    caption: 'Place each counter in the cell named; reinforcements enter where and when listed.',
    corner: 'Unit',
    columns: [
      { key: 'type', label: 'Type' },
      { key: 'front', label: 'Front' },
      ...(withBack ? [{ key: 'back', label: 'Back' }] : []),
      { key: 'where', label: 'Set up / arrives' },
      { key: 'done', label: 'Placed' },
    ],
    rows: counters
      .filter((c) => c.side === s.id)
      .map((c) => ({
        key: c.unitId,
        label: c.name,
        cells: [
          `${c.branchLabel}${c.echelon ? ` ${c.echelon}` : ''}`,
          `${c.front}${c.marks.map((m) => ` (${m.key})`).join('')}`,
          ...(withBack ? [c.back ?? ''] : []),
          c.origin.kind === 'oob' ? label(c.origin.cell) : c.origin.kind === 'reinforcement' ? `Turn ${c.origin.turn} at ${label(c.origin.cell)}` : `Pool from turn ${c.origin.fromTurn}`,
          '',
        ],
      })),
    notes: [],
  }));
}
