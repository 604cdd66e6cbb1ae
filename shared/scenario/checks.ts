// The CHECKS PANEL's list: every problem of a scenario in one shape, so a click can jump to
// the field (JSON pointer) or the cell.
//
//   const issues = checkScenario(scenario);   // Issue[]: {pointer, value?, message, severity, cell?}
//   checkStatus(issues);                      // 'valid' | 'warnings' | 'errors'
//
// The list is the format validator's issues (schema, then its semantic checks and advice)
// plus the editor's design checks below. The validator already reports many things the
// panel needs, so they are not repeated here (CHECK_CATALOGUE lists them all, by source):
// - units outside the map or on impassable cells ........ unit-cells-in-map, units-start-on-passable-cells
// - more than the stacking limit of a side's units ....... start-stacking-limit
// - a unit starting in an enemy-controlled cell .......... units-start-in-friendly-cells (warning)
// - supply bases not on a map edge ....................... supply-base-on-map-edge (warning)
// - entry cells off the map .............................. cell-features-in-map, unit-cells-in-map
// - reinforcements after the last turn, schedule entries
//   for turns that do not exist ......................... turns-within-calendar
// - a side with no supply base ........................... every-side-has-supply-base (warning)
// - reinforcement entry not marked for the side .......... reinforcement-entry-marked (warning)
// The design checks here add what the validator cannot know without a forecast or a path
// search. They are warnings: legal files the designer probably did not mean.
import { buildContext, runChecks, scenarioChecks, type CheckContext, type Finding, type ScenarioCheck } from '../format/checks/index.js';
import { pointer } from '../format/issues.js';
import type { GroundCondition, Scenario } from '../format/scenario.types.js';
import { scenarioSchemaIssues, validateScenario, type ValidationIssue } from '../format/validate.js';
import { groundForecast, type GroundForecast } from './ground.js';
import { spansOf } from './ranges.js';
import { passableUnder, reachableCells } from './reach.js';

/** One line of the checks panel (the format validator's issue shape). */
export type Issue = ValidationIssue;
export type CheckStatus = 'valid' | 'warnings' | 'errors';

// Several checks read the ground forecast; compute it once per run. Keyed by the run's
// context, not the scenario, since a UI store may edit the same scenario object in place.
const forecasts = new WeakMap<CheckContext, GroundForecast[]>();
function groundForecastOf(ctx: CheckContext): GroundForecast[] {
  let f = forecasts.get(ctx);
  if (!f) forecasts.set(ctx, (f = groundForecast(ctx.scenario)));
  return f;
}
const possibleGround = (ctx: CheckContext): Set<GroundCondition> => new Set(groundForecastOf(ctx).flatMap((f) => f.possible));

const cellName = (ctx: CheckContext, ref: string): string => {
  const cell = ctx.cellIn(ref);
  const label = cell ? ctx.grid.label(cell) : ref;
  const name = ctx.scenario.map.cells?.[ref]?.name;
  return name ? `${label} (${name})` : label;
};

/** Cells marked as reinforcement entry for a side lie on terrain units can enter. */
export function entryCellsPassable(ctx: CheckContext): Finding[] {
  const grounds = possibleGround(ctx);
  return Object.entries(ctx.scenario.map.cells ?? {}).flatMap(([ref, f]) => {
    const cell = f.entry ? ctx.cellIn(ref) : null;
    const t = cell ? ctx.terrainAt(cell) : undefined;
    if (!cell || passableUnder(t, grounds)) return [];
    return [
      {
        pointer: pointer('map', 'cells', ref, 'entry'),
        value: f.entry,
        cell: ref,
        message: `Entry cell ${cellName(ctx, ref)} is ${t!.name}, which is impassable${t!.freezes ? ' and never frozen in this game' : ''}; no reinforcement can enter there.`,
      },
    ];
  });
}

/** Supply bases lie on terrain units can stand on (rebuilt units appear there). */
export function supplyBasesPassable(ctx: CheckContext): Finding[] {
  const grounds = possibleGround(ctx);
  return Object.entries(ctx.scenario.map.cells ?? {}).flatMap(([ref, f]) => {
    const cell = f.supplyBase !== undefined ? ctx.cellIn(ref) : null;
    const t = cell ? ctx.terrainAt(cell) : undefined;
    if (!cell || passableUnder(t, grounds)) return [];
    return [
      {
        pointer: pointer('map', 'cells', ref, 'supplyBase'),
        value: f.supplyBase,
        cell: ref,
        message: `The supply base of ${ctx.sideName(f.supplyBase!)} at ${cellName(ctx, ref)} is on ${t!.name}, which is impassable; units can neither reach it nor be rebuilt there.`,
      },
    ];
  });
}

/**
 * Every victory cell can be reached by both sides: a path of cells passable at some time in
 * the game leads there from the side's units, entry cells or supply bases (see reach.ts for
 * exactly what counts). A side that cannot reach a victory cell can never take or retake it.
 */
export function victoryCellsReachable(ctx: CheckContext): Finding[] {
  const victory = Object.entries(ctx.scenario.map.cells ?? {}).filter(([ref, f]) => f.victory && ctx.cellIn(ref));
  if (victory.length === 0) return [];
  const grounds = possibleGround(ctx);
  const reach = ctx.scenario.sides.map((s) => ({ side: s, cells: reachableCells(ctx.scenario, ctx.grid, s.id, grounds) }));
  return victory.flatMap(([ref]) => {
    const cut = reach.filter((r) => !r.cells.has(ref)).map((r) => r.side);
    if (cut.length === 0) return [];
    const holder = ctx.controlAt(ctx.cellIn(ref)!);
    const who = cut.length === reach.length ? 'either side' : cut[0]!.name;
    const consequence =
      cut.length === reach.length
        ? `whoever holds it at the start${holder ? ` (${holder.name})` : ''} keeps its VP all game`
        : holder && holder.id !== cut[0]!.id
          ? `${holder.name} score it all game unopposed`
          : `${cut[0]!.name} cannot retake it once lost`;
    return [
      {
        pointer: pointer('map', 'cells', ref, 'victory'),
        cell: ref,
        message: `Victory cell ${cellName(ctx, ref)} cannot be reached by ${who}: no path of passable cells leads there from their units, entry cells or supply bases, so ${consequence}.`,
      },
    ];
  });
}

/** No more of a side's reinforcements arrive at one entry cell in one turn than may stack there. */
export function reinforcementsFitEntryCell(ctx: CheckContext): Finding[] {
  const limit = ctx.options.stackingLimit;
  const groups = new Map<string, number[]>();
  (ctx.scenario.reinforcements ?? []).forEach((r, i) => {
    const key = `${r.turn}|${r.entryCell}|${r.unit.side}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  return [...groups.values()]
    .filter((idx) => idx.length > limit)
    .map((idx) => {
      const first = ctx.scenario.reinforcements![idx[0]!]!;
      const extra = idx[limit]!;
      return {
        pointer: pointer('reinforcements', extra, 'entryCell'),
        value: first.entryCell,
        cell: first.entryCell,
        message: `${idx.length} units of ${ctx.sideName(first.unit.side)} arrive at ${cellName(ctx, first.entryCell)} on turn ${first.turn}, more than the stacking limit of ${limit}; spread them over turns or entry cells.`,
      };
    });
}

/** Air interdiction is only possible on easy ground, so a scheduled turn should allow easy ground. */
export function airInterdictionCanHappen(ctx: CheckContext): Finding[] {
  const forecast = groundForecastOf(ctx);
  return (ctx.scenario.airInterdiction ?? []).flatMap((r, i) => {
    const dead: number[] = [];
    for (let t = r.fromTurn; t <= Math.min(r.toTurn, forecast.length); t++) if (!forecast[t - 1]!.possible.includes('easy')) dead.push(t);
    if (dead.length === 0) return [];
    const span = r.toTurn - r.fromTurn + 1;
    return [
      {
        pointer: pointer('airInterdiction', i),
        value: r,
        message: `${ctx.sideName(r.side)} have air interdiction in ${dead.length === span ? 'every turn of this range' : turnList(dead)}, but the ground can never be easy then, and interdiction needs easy ground.`,
      },
    ];
  });
}


/** A side suffering fuel shortage has tank units for it to hit. */
export function fuelShortageHasTanks(ctx: CheckContext): Finding[] {
  return (ctx.scenario.fuelShortage ?? []).flatMap((r, i) => {
    const tanks =
      ctx.scenario.orderOfBattle.some((u) => u.side === r.side && u.branch === 'tank') ||
      (ctx.scenario.reinforcements ?? []).some((x) => x.unit.side === r.side && x.unit.branch === 'tank' && x.turn <= r.toTurn);
    if (tanks) return [];
    return [
      {
        pointer: pointer('fuelShortage', i),
        value: r,
        message: `${ctx.sideName(r.side)} suffer fuel shortage in turns ${r.fromTurn}–${r.toTurn} but have no tank units by then, so it has no effect.`,
      },
    ];
  });
}

/** Replacement points restricted to branches go to a side that has units of those branches. */
export function replacementsMatchBranches(ctx: CheckContext): Finding[] {
  return (ctx.scenario.replacements ?? []).flatMap((r, i) => {
    if (!r.branches) return [];
    const branches = new Set([
      ...ctx.scenario.orderOfBattle.filter((u) => u.side === r.side).map((u) => u.branch),
      ...(ctx.scenario.reinforcements ?? []).filter((x) => x.unit.side === r.side && x.turn <= r.turn).map((x) => x.unit.branch),
    ]);
    if (r.branches.some((b) => branches.has(b))) return [];
    return [
      {
        pointer: pointer('replacements', i, 'branches'),
        value: r.branches,
        message: `The ${r.points} replacement points of ${ctx.sideName(r.side)} on turn ${r.turn} are for ${r.branches.join('/')} units only, but the side has none by then; they would be lost.`,
      },
    ];
  });
}

/** "turn 4", "turns 3–5, 9" */
function turnList(turns: readonly number[]): string {
  const parts = spansOf(turns).map((s) => (s.fromTurn === s.toTurn ? `${s.fromTurn}` : `${s.fromTurn}–${s.toTurn}`));
  return `turn${turns.length > 1 ? 's' : ''} ${parts.join(', ')}`;
}

/** The editor's design checks, in panel order. */
export const designChecks: readonly ScenarioCheck[] = [
  { id: 'entry-cells-passable',
    feature: 'entryCells', severity: 'warning', rule: 'Cells marked as entry cells are on passable terrain.', run: entryCellsPassable },
  { id: 'supply-bases-passable',
    feature: 'supplyBases', severity: 'warning', rule: 'Supply bases are on passable terrain.', run: supplyBasesPassable },
  { id: 'victory-cells-reachable',
    feature: 'victoryCells', severity: 'warning', rule: 'Both sides can reach every victory cell over passable cells.', run: victoryCellsReachable },
  {
    id: 'reinforcements-fit-entry-cell',
    feature: 'reinforcements',
    severity: 'warning',
    rule: "No more of a side's reinforcements arrive at one cell in one turn than the stacking limit.",
    run: reinforcementsFitEntryCell,
  },
  { id: 'air-interdiction-on-easy-ground',
    feature: 'airInterdiction', severity: 'warning', rule: 'Air interdiction is scheduled on turns that can have easy ground.', run: airInterdictionCanHappen },
  { id: 'fuel-shortage-has-tanks',
    feature: 'fuelShortage', severity: 'warning', rule: 'A side short of fuel has tank units.', run: fuelShortageHasTanks },
  { id: 'replacement-branches-present',
    feature: 'replacements', severity: 'warning', rule: 'Branch-restricted replacements go to a side with units of that branch.', run: replacementsMatchBranches },
];

/** Every check the panel runs, for a "what is checked" list: id, severity, rule and who runs it. */
export const CHECK_CATALOGUE: readonly { id: string; severity: Issue['severity']; rule: string; source: 'format' | 'editor' }[] = [
  ...scenarioChecks.map((c) => ({ id: c.id, severity: c.severity, rule: c.rule, source: 'format' as const })),
  ...designChecks.map((c) => ({ id: c.id, severity: c.severity, rule: c.rule, source: 'editor' as const })),
];

/**
 * All issues of a scenario for the checks panel, errors first, then warnings, each group in
 * check order. A document without the scenario's shape gets only its schema issues (the
 * other checks need the shape). Never throws: a crashing check becomes one error line.
 */
export function checkScenario(json: unknown): Issue[] {
  const shape = scenarioSchemaIssues(json);
  if (shape.length) return sortIssues(shape);
  const scenario = json as Scenario;
  const issues = [...validateScenario(scenario).issues];
  let ctx: CheckContext;
  try {
    ctx = buildContext(scenario);
  } catch {
    return sortIssues(dedupe(issues)); // The grid could not be built; the validator says why.
  }
  for (const check of designChecks) {
    try {
      issues.push(...runChecks(scenario, [check], ctx));
    } catch (err) {
      issues.push({ pointer: '', severity: 'error', message: `The check "${check.id}" could not run (${err instanceof Error ? err.message : String(err)}).` });
    }
  }
  return sortIssues(dedupe(issues));
}

function dedupe(issues: readonly Issue[]): Issue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const key = `${i.pointer}\u0000${i.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const sortIssues = (issues: Issue[]): Issue[] => [
  ...issues.filter((i) => i.severity === 'error'),
  ...issues.filter((i) => i.severity !== 'error'),
];

/** The panel's headline: 'errors' if any error, else 'warnings' if any warning, else 'valid'. */
export function checkStatus(issues: readonly Issue[]): CheckStatus {
  if (issues.some((i) => i.severity === 'error')) return 'errors';
  return issues.length > 0 ? 'warnings' : 'valid';
}

/** Issues about one cell ("col,row"), for a cell's tooltip or the map's problem markers. */
export const issuesAtCell = (issues: readonly Issue[], cell: string): Issue[] => issues.filter((i) => i.cell === cell);

/** Counts for the panel's tabs. */
export const issueCounts = (issues: readonly Issue[]): { errors: number; warnings: number } => ({
  errors: issues.filter((i) => i.severity === 'error').length,
  warnings: issues.filter((i) => i.severity === 'warning').length,
});
