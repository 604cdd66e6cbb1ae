// Which cells light up on the board, and what a click there means, derived from the
// engine's legal actions: the board never decides legality itself.
import type { Action, GameView, MoveAction } from '../../../shared/rules/types.js';
import type { Cell, GridGeometry } from '../../../shared/grid/types.js';
import type { Mark } from './overlay.js';

type Of<T extends Action['type']> = Extract<Action, { type: T }>;
const ofType = <T extends Action['type']>(legal: readonly Action[], type: T): Of<T>[] => legal.filter((a): a is Of<T> => a.type === type);

/** Units that may be picked to move now (movement or breakthrough). */
export function movableUnits(view: GameView, legal: readonly Action[]): string[] {
  const moving = legal.some((a) => a.type === 'move' || a.type === 'drop' || a.type === 'endMovement');
  if (moving) return Object.keys(view.destinations).filter((u) => (view.destinations[u]?.length ?? 0) > 0);
  return [...new Set(ofType(legal, 'breakthrough').map((a) => a.unit))];
}

/** The move, drop or breakthrough of `unit` that ends in `cell`, if any. */
export function moveTo(view: GameView, legal: readonly Action[], unit: string, cell: string): Action | null {
  const bt = ofType(legal, 'breakthrough').find((a) => a.unit === unit && a.path.at(-1) === cell);
  if (bt) return bt;
  const dest = view.destinations[unit]?.find((d) => d.cell === cell);
  if (!dest) return null;
  if (dest.mode === 'drop') return ofType(legal, 'drop').find((a) => a.unit === unit && a.to === cell) ?? null;
  return ofType(legal, 'move').find((a) => a.unit === unit && a.path.join(' ') === dest.path.join(' ')) ?? null;
}

export function boardMarks(view: GameView, legal: readonly Action[], selectedUnit: string | null): Map<string, Mark> {
  const marks = new Map<string, Mark>();
  for (const a of ofType(legal, 'activate')) marks.set(a.cell, 'activate');
  for (const a of ofType(legal, 'attack')) marks.set(a.cell, 'attack');
  for (const a of ofType(legal, 'retreat')) for (const c of a.cells) marks.set(c, 'retreat');
  const unitCell = (id: string) => view.units.find((u) => u.id === id)?.cell ?? null;
  for (const a of [...ofType(legal, 'fuelPick'), ...ofType(legal, 'interdict')]) {
    const c = unitCell(a.unit);
    if (c) marks.set(c, 'pick');
  }
  const movable = movableUnits(view, legal);
  if (selectedUnit && movable.includes(selectedUnit)) {
    const bts = ofType(legal, 'breakthrough').filter((a) => a.unit === selectedUnit);
    for (const a of bts) marks.set(a.path.at(-1)!, 'breakthrough');
    if (bts.length === 0) for (const d of view.destinations[selectedUnit] ?? []) marks.set(d.cell, d.mode);
  } else {
    for (const u of movable) {
      const c = unitCell(u);
      if (c) marks.set(c, 'pick');
    }
  }
  return marks;
}

/** What clicking `cell` does: an action to apply, a unit to select, or nothing. */
export function clickIntent(
  view: GameView,
  legal: readonly Action[],
  selectedUnit: string | null,
  cell: string,
  unitUnder: string | null,
): { action: Action } | { select: string | null } | null {
  const activate = ofType(legal, 'activate').find((a) => a.cell === cell);
  if (activate) return { action: activate };
  const attack = ofType(legal, 'attack').find((a) => a.cell === cell);
  const movable = movableUnits(view, legal);
  if (selectedUnit && movable.includes(selectedUnit)) {
    const mv = moveTo(view, legal, selectedUnit, cell);
    if (mv) return { action: mv };
  }
  if (unitUnder && movable.includes(unitUnder)) return { select: unitUnder === selectedUnit ? null : unitUnder };
  const inCell = movable.filter((u) => view.units.find((x) => x.id === u)?.cell === cell);
  if (inCell.length > 0) {
    // Repeated clicks on a stack step through its movable units.
    const k = selectedUnit ? inCell.indexOf(selectedUnit) : -1;
    return { select: inCell[(k + 1) % inCell.length]! };
  }
  if (attack) return { action: attack };
  const retreat = ofType(legal, 'retreat').find((a) => a.cells.length === 1 && a.cells[0] === cell);
  if (retreat) return { action: retreat };
  const pick = [...ofType(legal, 'fuelPick'), ...ofType(legal, 'interdict')].find((a) => view.units.find((u) => u.id === a.unit)?.cell === cell && (!unitUnder || unitUnder === a.unit));
  if (pick) return { action: pick };
  return selectedUnit ? { select: null } : null;
}

/**
 * A counter of `unit` was dropped on `cell`, where no legal action takes it: the move the drop
 * asks for (a path of neighbouring cells, each step nearer the drop), for the engine to refuse
 * with its reason. Null when there is nothing to ask (the unit is not on the map, or was dropped
 * back on its own cell).
 */
export function droppedMove(view: GameView, unit: string, cell: Cell, grid: Pick<GridGeometry, 'parseRef' | 'ref' | 'neighbours' | 'distance' | 'inMap'>): MoveAction | null {
  const u = view.units.find((x) => x.id === unit && x.where === 'onMap');
  const from = u?.cell ? grid.parseRef(u.cell) : null;
  if (!u || !from || grid.ref(from) === grid.ref(cell)) return null;
  // The engine's paths list the cells entered, not the one left.
  const path: Cell[] = [];
  let at = from;
  while (grid.distance(at, cell) > 0 && path.length < 64) {
    const next = grid.neighbours(at).filter((n) => grid.inMap(n)).sort((a, b) => grid.distance(a, cell) - grid.distance(b, cell))[0];
    if (!next || grid.distance(next, cell) >= grid.distance(at, cell)) break;
    path.push((at = next));
  }
  return { type: 'move', side: u.side, unit, path: path.map((c) => grid.ref(c)) };
}
