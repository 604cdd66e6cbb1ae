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
// On a network map the cells are its positions and the paths follow its links.
import type { Cell, GridGeometry } from '../grid/index.js';
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
  return refs.map((ref) => grid.parseRef(ref)).filter((c): c is Cell => c !== null && grid.inMap(c));
}

/** The cells one side can reach; ask with a cell or its CellRef ("col,row", a network's position id). */
export interface Reach {
  has(cell: Cell | string): boolean;
  /** How many cells are reachable. */
  readonly size: number;
}

/**
 * The cells a side can reach (see the module comment). Origins are included even when
 * impassable, since a unit already stands there. One breadth-first search over the map,
 * marked in a byte per cell, so a 1000×1000 map stays well under a second.
 */
export function reachableCells(scenario: Scenario, grid: GridGeometry, side: string, grounds: ReadonlySet<GroundCondition>): Reach {
  const typeOf = new Map<string, TerrainType>();
  for (const t of scenario.map.terrainTypes) if (!typeOf.has(t.code)) typeOf.set(t.code, t);
  const passable = new Map<string, boolean>();
  const { cols, rows } = grid.spec;
  // 0 = blocked, 1 = open, 2 = reached.
  const state = new Uint8Array(grid.cellCount);
  const { grid: fileGrid } = scenario.map;
  if (fileGrid.kind === 'network') {
    const byId = new Map(scenario.map.terrainTypes.map((t) => [t.id, t] as const));
    fileGrid.positions.forEach((p, i) => (state[i] = passableUnder(byId.get(p.terrain), grounds) ? 1 : 0));
  }
  for (let row = 0; row < rows && fileGrid.kind !== 'network'; row++) {
    const line = scenario.map.terrain?.[row] ?? '';
    for (let col = 0; col < cols; col++) {
      const code = line.charAt(col);
      let open = passable.get(code);
      if (open === undefined) passable.set(code, (open = passableUnder(typeOf.get(code), grounds)));
      state[row * cols + col] = open ? 1 : 0;
    }
  }
  const queue: Cell[] = [];
  let size = 0;
  const visit = (c: Cell) => {
    state[grid.index(c)] = 2;
    queue.push(c);
    size++;
  };
  for (const c of sideOrigins(scenario, grid, side)) if (state[grid.index(c)] !== 2) visit(c);
  for (let head = 0; head < queue.length; head++) {
    for (const n of grid.neighbours(queue[head]!)) if (state[grid.index(n)] === 1) visit(n);
  }
  return {
    size,
    has(cell) {
      const c = typeof cell === 'string' ? grid.parseRef(cell) : cell;
      return !!c && grid.inMap(c) && state[grid.index(c)] === 2;
    },
  };
}
