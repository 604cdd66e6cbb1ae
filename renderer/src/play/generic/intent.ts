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
  | { kind: 'target'; target: UnitId; cell: CellId | undefined; chosen: UnitId[] }
  /**
   * Options that end at one cell, to be chosen between or confirmed in the panel: the facings a
   * move may end with, or a shot or close combat shown with its dice before it is made.
   */
  | { kind: 'choice'; unit: UnitId | undefined; cell: CellId; options: Option[] };

export const NONE: Pick = { kind: 'none' };

export type Intent = { act: Option } | { pick: Pick } | null;

/** A shot or a close combat: shown with its dice (its `preview`) and confirmed before it is made. */
export const isStrike = (o: Option): boolean => o.intent === 'fire' || o.intent === 'attack' || o.preview !== undefined;

/** One option is taken at once; a strike, or several at one cell (facings), are chosen in the panel. */
function settle(options: Option[], unit: UnitId | undefined, cell: CellId): Intent {
  if (options.length === 0) return null;
  if (options.length === 1 && !isStrike(options[0]!)) return { act: options[0]! };
  return { pick: { kind: 'choice', unit, cell, options } };
}

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
  if (pick.kind === 'choice') {
    if (cell === pick.cell && unit !== pick.unit) return { pick };
    pick = pick.unit ? { kind: 'unit', unit: pick.unit } : NONE;
  }
  if (pick.kind === 'unit') {
    const dest = unitOptionsOf(options, pick.unit).filter((o) => o.kind === 'move' && o.cell === cell && o.from !== cell);
    if (dest.length) return settle(dest, pick.unit, cell);
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
  return settle(here, undefined, cell);
}

/** Units whose counters may be dragged now: those with a move the rules offer. */
export const draggableUnits = (options: readonly Option[]): Set<UnitId> => new Set(options.filter((o) => o.kind === 'move' && o.unit && o.cell !== o.from).map((o) => o.unit!));

/**
 * The counter of `unit` dropped on `cell`: its move there when the rules offer one (several, as
 * facings, or a strike: chosen in the panel); null when no option ends there (it snaps back).
 */
export function dropIntent(options: readonly Option[], unit: UnitId, cell: CellId): Intent {
  const dest = unitOptionsOf(options, unit).filter((o) => o.kind === 'move' && o.cell === cell && o.from !== cell);
  return settle(dest, unit, cell);
}

export type CellMark = 'pick' | 'move' | 'attack' | 'fire' | 'chosen' | 'candidate' | 'cell';

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
  if (pick.kind === 'choice') {
    if (pick.unit) put(cellOf(pick.unit), 'pick');
    put(pick.cell, pick.options.some(isStrike) ? 'attack' : 'chosen');
    return marks;
  }
  if (pick.kind === 'unit') {
    put(cellOf(pick.unit), 'pick');
    const own = unitOptionsOf(options, pick.unit).filter((o) => o.kind === 'move' && o.cell !== o.from);
    // Shots and close combats first: a cell both reached and fired on reads as a target.
    for (const o of own) if (isStrike(o)) put(o.cell, o.intent === 'fire' ? 'fire' : 'attack');
    for (const o of own) put(o.cell, 'move');
    return marks;
  }
  for (const o of options) {
    if (o.kind === 'units' && o.unit) put(cellOf(o.unit) ?? o.cell, 'attack');
    else if ((o.kind === 'move' || o.kind === 'unit') && o.unit) put(cellOf(o.unit), 'pick');
    else if (o.kind === 'cell') put(o.cell, isStrike(o) ? 'attack' : 'cell');
  }
  return marks;
}
