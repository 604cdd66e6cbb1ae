// What a click on the board means for any ruleset, from the described options of the decision
// being asked (shared/rules contract: DescribedAction kinds cell, unit, units, move, list,
// confirm) and what the player has picked so far: a unit to move, or a target with the units
// that attack it. The board never builds an action: every outcome is one of the options.
import type { CellId, DescribedAction, RulesAction, UnitId } from '../../../../shared/rules/index.js';

export type Option = DescribedAction<RulesAction>;

/** What the player has picked on the way to an option. */
export type Pick =
  | { kind: 'none' }
  /** A unit whose 'move' or 'unit' options are shown (also an off-map unit picked from the panel). */
  | { kind: 'unit'; unit: UnitId }
  /** A target of 'units' options (a defender) and the units chosen so far against it. */
  | { kind: 'target'; target: UnitId; cell: CellId | undefined; chosen: UnitId[] };

export const NONE: Pick = { kind: 'none' };

export type Intent = { act: Option } | { pick: Pick } | null;

const sameSet = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x) => b.includes(x));

/** The 'units' options against one target (a battle's possible attacker sets). */
export const targetOptions = (options: readonly Option[], target: UnitId): Option[] => options.filter((o) => o.kind === 'units' && o.unit === target);

/** Units that may join an attack on `target` (in any of its options). */
export function candidates(options: readonly Option[], target: UnitId): UnitId[] {
  const out = new Set<UnitId>();
  for (const o of targetOptions(options, target)) for (const u of o.units ?? []) out.add(u);
  return [...out];
}

/** The option whose attackers are exactly the chosen units, if the rules offer it. */
export function matchingAttack(options: readonly Option[], pick: Pick): Option | undefined {
  if (pick.kind !== 'target') return undefined;
  return targetOptions(options, pick.target).find((o) => sameSet(o.units ?? [], pick.chosen));
}

/** Options about a unit (it moves, it is restored, it takes the loss...). */
export const unitOptionsOf = (options: readonly Option[], unit: UnitId): Option[] => options.filter((o) => (o.kind === 'move' || o.kind === 'unit') && o.unit === unit);

/**
 * A first pick for a target: the largest attack the rules offer (every unit that can join),
 * which the player then trims by clicking counters.
 */
export function startTarget(options: readonly Option[], target: UnitId, cell: CellId | undefined): Pick {
  const opts = targetOptions(options, target);
  const widest = opts.reduce<Option | undefined>((best, o) => ((o.units?.length ?? 0) > (best?.units?.length ?? 0) ? o : best), undefined);
  return { kind: 'target', target, cell, chosen: [...(widest?.units ?? [])] };
}

/**
 * A click on `cell`, on the counter of `unit` when there is one. Order: finish what was picked
 * (a destination of the picked unit, an attacker toggled in or out), then a new pick (a target,
 * a unit with options), then a cell option.
 */
export function clickIntent(options: readonly Option[], pick: Pick, cell: CellId, unit: UnitId | null): Intent {
  if (pick.kind === 'target') {
    if (unit && candidates(options, pick.target).includes(unit)) {
      const chosen = pick.chosen.includes(unit) ? pick.chosen.filter((u) => u !== unit) : [...pick.chosen, unit];
      return { pick: { ...pick, chosen } };
    }
    if (unit === pick.target) return { pick: NONE };
  }
  if (pick.kind === 'unit') {
    const dest = unitOptionsOf(options, pick.unit).filter((o) => o.kind === 'move' && o.cell === cell);
    if (dest.length === 1) return { act: dest[0]! };
    if (unit === pick.unit) return { pick: NONE };
  }
  if (unit) {
    if (targetOptions(options, unit).length) return { pick: startTarget(options, unit, cell) };
    const own = unitOptionsOf(options, unit);
    if (own.some((o) => o.kind === 'move')) return { pick: { kind: 'unit', unit } };
    if (own.length === 1) return { act: own[0]! };
    if (own.length > 1) return { pick: { kind: 'unit', unit } };
  }
  const here = options.filter((o) => o.kind === 'cell' && o.cell === cell);
  if (here.length === 1) return { act: here[0]! };
  return null;
}

export type CellMark = 'pick' | 'move' | 'attack' | 'chosen' | 'candidate' | 'cell';

/** Cells to highlight for what may be clicked now. `cellOf` finds a unit's cell on the map. */
export function cellMarks(options: readonly Option[], pick: Pick, cellOf: (unit: UnitId) => CellId | null): Map<CellId, CellMark> {
  const marks = new Map<CellId, CellMark>();
  const put = (cell: CellId | null | undefined, m: CellMark) => {
    if (cell && !marks.has(cell)) marks.set(cell, m);
  };
  if (pick.kind === 'target') {
    put(pick.cell ?? cellOf(pick.target), 'attack');
    for (const u of pick.chosen) put(cellOf(u), 'chosen');
    for (const u of candidates(options, pick.target)) put(cellOf(u), 'candidate');
    return marks;
  }
  if (pick.kind === 'unit') {
    put(cellOf(pick.unit), 'pick');
    for (const o of unitOptionsOf(options, pick.unit)) if (o.kind === 'move') put(o.cell, 'move');
    return marks;
  }
  for (const o of options) {
    if (o.kind === 'units' && o.unit) put(cellOf(o.unit) ?? o.cell, 'attack');
    else if ((o.kind === 'move' || o.kind === 'unit') && o.unit) put(cellOf(o.unit), 'pick');
    else if (o.kind === 'cell') put(o.cell, 'cell');
  }
  return marks;
}
