// Which cells each side can ever reach on foot, for the "victory cell unreachable" check.
//
// "Reachable" here means: there is a path of adjacent in-map cells, every one passable at
// some point of the game, from one of the side's starting units, reinforcement entry cells
// or supply bases (where rebuilt units appear). Deliberately generous, so a warning means a
// real dead end rather than a hard fight:
// - enemy units and enemy control do not block (they can be attacked and taken);
// - rivers do not block (they only slow movement);
// - a freezing lake counts as passable when the forecast says frozen or snow ground can
//   happen in the game; other impassable terrain (mountain, sea) always blocks;
// - cells with a broken terrain code count as passable (the format checks report them).
// Airborne drops are not modelled: they also need passable cells, three at a time.
import type { Cell, GridGeometry } from '../grid/index.js';
import { cellId, parseCellId } from '../grid/index.js';
import type { GroundCondition, Scenario, TerrainType } from '../format/scenario.types.js';

/** True when units can stand on this terrain under at least one of the given ground conditions. */
export function passableUnder(t: TerrainType | undefined, grounds: ReadonlySet<GroundCondition>): boolean {
  if (!t || t.category !== 'impassable') return true;
  return !!t.freezes && (grounds.has('frozen') || grounds.has('snow'));
}

/** The cells a side's forces start from or appear at, inside the map. */
export function sideOrigins(scenario: Scenario, grid: GridGeometry, side: string): Cell[] {
  const refs = [
    ...scenario.orderOfBattle.filter((u) => u.side === side).map((u) => u.cell),
    ...(scenario.reinforcements ?? []).filter((r) => r.unit.side === side).map((r) => r.entryCell),
    ...Object.entries(scenario.map.cells ?? {}).filter(([, f]) => f.supplyBase === side).map(([ref]) => ref),
  ];
  return refs.map(parseCellId).filter((c): c is Cell => c !== null && grid.inMap(c));
}

/**
 * The set of cell ids ("col,row") a side can reach (see the module comment). Origins are
 * included even when impassable, since a unit already stands there.
 */
export function reachableCells(scenario: Scenario, grid: GridGeometry, side: string, grounds: ReadonlySet<GroundCondition>): Set<string> {
  const typeOf = new Map<string, TerrainType>();
  for (const t of scenario.map.terrainTypes) if (!typeOf.has(t.code)) typeOf.set(t.code, t);
  const open = new Uint8Array(grid.cellCount);
  for (let i = 0; i < grid.cellCount; i++) {
    const c = grid.cellAt(i);
    const code = scenario.map.terrain[c.row]?.charAt(c.col) ?? '';
    open[i] = passableUnder(typeOf.get(code), grounds) ? 1 : 0;
  }
  const seen = new Set<string>();
  const queue: Cell[] = [];
  for (const c of sideOrigins(scenario, grid, side)) {
    const id = cellId(c);
    if (!seen.has(id)) {
      seen.add(id);
      queue.push(c);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    for (const n of grid.neighbours(queue[head]!)) {
      const id = cellId(n);
      if (seen.has(id) || !open[grid.index(n)]) continue;
      seen.add(id);
      queue.push(n);
    }
  }
  return seen;
}
