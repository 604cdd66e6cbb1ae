// Test helpers for the Tiled exchange: maps made to exercise every feature, and a scenario's map
// reduced to what a round trip must keep (edge lists as sorted canonical sets, the grid with its
// defaults filled in).
import { gridSpecOf } from '../../format/defaults.js';
import { newScenario } from '../../format/new-scenario.js';
import type { CellFeatures, CellGrid, Scenario } from '../../format/scenario.types.js';
import { createGrid } from '../../grid/index.js';
import { prng } from '../../random.js';

/** A small deterministic random source. */
export const rng = prng;

/** A map of the given grid with random terrain, control, rivers, lake shores, roads, railways and every kind of cell feature. */
export function busyScenario(grid: CellGrid, seed: number): Scenario {
  const random = rng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const s = newScenario({ id: `busy-${seed}`, title: `Busy ${grid.kind} ${grid.orientation ?? ''} ${grid.offset ?? ''}`.replace(/\s+/g, ' ').trim(), gridKind: grid.kind, cols: grid.cols, rows: grid.rows, ...(grid.orientation ? { orientation: grid.orientation } : {}) });
  s.map.grid = { ...grid };
  const g = createGrid(gridSpecOf(s));
  const codes = s.map.terrainTypes.map((t) => t.code);
  s.map.terrainTypes[1]!.symbology = { symbol: 'trees', density: 1.2 };
  s.map.terrain = Array.from({ length: grid.rows }, () => Array.from({ length: grid.cols }, () => pick(codes)).join(''));
  s.map.control = Array.from({ length: grid.rows }, () => Array.from({ length: grid.cols }, () => pick(s.sides.map((x) => x.code))).join(''));
  const edges = g.allEdges();
  const some = (p: number) => edges.filter(() => random() < p);
  s.map.rivers = some(0.12);
  s.map.lakeShores = some(0.04);
  s.map.roads = some(0.1);
  s.map.rails = some(0.06);
  const cells: Record<string, CellFeatures> = {};
  for (let i = 0; i < 12; i++) {
    const ref = `${Math.floor(random() * grid.cols)},${Math.floor(random() * grid.rows)}`;
    const f: CellFeatures = (cells[ref] ??= {});
    const side = pick(s.sides).id;
    switch (i % 6) {
      case 0:
        f.name = `Town ${i}`;
        break;
      case 1:
        f.supplyBase = side;
        break;
      case 2:
        f.victory = i % 4 === 0 ? { perTurn: 2, endGame: 5 } : {};
        break;
      case 3:
        f.fortification = true;
        break;
      case 4:
        f.entry = [side];
        break;
      case 5:
        f.setup = side;
        break;
    }
  }
  s.map.cells = cells;
  return s;
}

/** What a Tiled round trip must keep of a scenario's map and sides. */
export function mapEssentials(s: Scenario): unknown {
  const g = createGrid(gridSpecOf(s));
  const edges = (list: readonly string[] | undefined) => [...new Set((list ?? []).map((e) => g.parseEdge(e) ?? `bad:${e}`))].sort();
  const cells = Object.fromEntries(
    Object.entries(s.map.cells ?? {})
      .filter(([, f]) => Object.keys(f).length > 0)
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  return {
    grid: gridSpecOf(s),
    cellSize: s.map.cellSize,
    groundScaleKm: s.map.groundScaleKm,
    terrainTypes: s.map.terrainTypes,
    terrain: s.map.terrain,
    control: s.map.control,
    cells,
    rivers: edges(s.map.rivers),
    lakeShores: edges(s.map.lakeShores),
    roads: edges(s.map.roads),
    rails: edges(s.map.rails),
    sides: s.sides.map(({ id, name, code, colour }) => ({ id, name, code, colour })),
  };
}
