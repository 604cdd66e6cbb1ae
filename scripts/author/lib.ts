// Helpers for describing maps the way a designer thinks of them (banks of a river, a road
// through a few towns) and turning them into the scenario file's edge lists.
import type {
  Branch,
  CellFeatures,
  CellGrid,
  PhysicalSize,
  PlacedUnit,
  Reinforcement,
  Replacement,
  Scenario,
  Side,
  SideFlags,
  TerrainType,
} from '../../shared/format/scenario.types.js';
import { authorGrid, type AuthorGrid, type CellPos } from './geometry.js';

export type { CellPos };

/** The muted cartographic palette shared by the bundled scenarios. */
export const PALETTE = {
  open: '#e4e6c3',
  woods: '#86a672',
  swamp: '#a3a467',
  rough: '#cbb88e',
  urban: '#a08e7c',
  urbanWoods: '#8c8a6a',
  lake: '#8fb6d3',
  sea: '#6f9cc2',
  mountain: '#9a8f84',
} as const;

export const TERRAIN = {
  open: { id: 'open', code: '.', name: 'Open', colour: PALETTE.open, category: 'open' },
  woods: { id: 'woods', code: 'f', name: 'Woods', colour: PALETTE.woods, category: 'difficult' },
  swamp: { id: 'swamp', code: 's', name: 'Swamp', colour: PALETTE.swamp, category: 'difficult' },
  rough: { id: 'rough', code: 'h', name: 'Rough / hills', colour: PALETTE.rough, category: 'difficult' },
  urban: { id: 'urban', code: 'C', name: 'City', colour: PALETTE.urban, category: 'urban' },
  urbanWoods: { id: 'urban-woods', code: 'W', name: 'City in woods', colour: PALETTE.urbanWoods, category: 'urban-difficult' },
  lake: { id: 'lake', code: '~', name: 'Lake', colour: PALETTE.lake, category: 'impassable', freezes: true },
  sea: { id: 'sea', code: '=', name: 'Sea', colour: PALETTE.sea, category: 'impassable', freezes: false },
} satisfies Record<string, TerrainType>;

export const ref = ([c, r]: CellPos): string => `${c},${r}`;

/** The operational ruleset's cell: 40 km across. */
export const GROUND_SCALE_KM = 40;

export const GERMANS = 'germans';
export const SOVIETS = 'soviets';

/**
 * The two sides every bundled game uses, with the ruleset's default flags (mud slows the
 * Germans and snow costs them difficult terrain; the Soviets move by rail, break through in
 * snow and rebuild). `extra` adds scenario-specific flags after the defaults.
 */
export function easternFrontSides(extra: { germans?: SideFlags; soviets?: SideFlags } = {}): [Side, Side] {
  return [
    { id: GERMANS, name: 'Germans', code: 'G', colour: '#6f7565', flags: { mudSlows: true, losesDifficultInSnow: true, ...extra.germans } },
    {
      id: SOVIETS,
      name: 'Soviets',
      code: 'S',
      colour: '#b3261e',
      flags: { railMovement: true, breakthroughInSnow: true, rebuilds: true, ...extra.soviets },
    },
  ];
}

/**
 * A bundled example scenario: adds the format version and the shared author line to the
 * description's own fields, keeping the file's key order (version, id, title, author, rest).
 */
export function exampleScenario({ id, title, ...rest }: Omit<Scenario, 'formatVersion' | 'author'>): Scenario {
  return { formatVersion: 1, id, title, author: 'Gridfront examples', ...rest };
}

export class MapBuilder {
  readonly grid: AuthorGrid;
  private readonly rivers = new Set<string>();
  private readonly roads = new Set<string>();
  private readonly rails = new Set<string>();
  readonly cells: Record<string, CellFeatures> = {};
  /** Terrain codes a road or rail may not enter. */
  impassable = new Set(['~', '=']);

  constructor(
    readonly spec: CellGrid,
    readonly terrain: string[],
    readonly control: string[],
  ) {
    this.grid = authorGrid(spec);
    if (terrain.length !== spec.rows || control.length !== spec.rows) throw new Error('row count does not match the grid');
    for (const [i, row] of [...terrain, ...control].entries()) {
      if (row.length !== spec.cols) throw new Error(`row ${i % spec.rows} has ${row.length} cells, want ${spec.cols}`);
    }
  }

  terrainAt([c, r]: CellPos): string {
    return this.terrain[r]?.[c] ?? '';
  }

  controlAt([c, r]: CellPos): string {
    return this.control[r]?.[c] ?? '';
  }

  /**
   * A river along the boundary between two banks. `northBank[col]` is the first row of the
   * south bank in that column (rows above it are the north bank); only columns listed take part,
   * so a river can rise and end inside the map.
   */
  riverAcrossColumns(northBank: Record<number, number>): this {
    return this.riverBetween((c, r) => (northBank[c] === undefined ? null : r < northBank[c]!));
  }

  /** As riverAcrossColumns, for a river running north–south: `westBank[row]` is the first column of the east bank. */
  riverAcrossRows(westBank: Record<number, number>): this {
    return this.riverBetween((c, r) => (westBank[r] === undefined ? null : c < westBank[r]!));
  }

  /**
   * A river drawn as a line through cell centres: it runs along every side whose two
   * cells' centres lie on opposite sides of the line. Where the line passes a listed cell's
   * centre the river skirts that cell, so list cells on the bank you want the river to touch.
   */
  riverThrough(...waypoints: CellPos[]): this {
    const g = this.grid.geometry;
    // A small shift keeps the line off cell centres, so every crossing is clear-cut.
    const pts = waypoints.map(([col, row]) => {
      const p = g.center({ col, row }, 1);
      return { x: p.x + 0.0137, y: p.y + 0.0071 };
    });
    for (let r = 0; r < this.grid.rows; r++) {
      for (let c = 0; c < this.grid.cols; c++) {
        const a = g.center({ col: c, row: r }, 1);
        for (const n of this.grid.neighbours([c, r])) {
          if (!this.grid.sharesSide([c, r], n)) continue;
          const b = g.center({ col: n[0], row: n[1] }, 1);
          for (let i = 1; i < pts.length; i++) {
            if (segmentsCross(a, b, pts[i - 1]!, pts[i]!)) {
              this.rivers.add(this.grid.edgeBetween([c, r], n));
              break;
            }
          }
        }
      }
    }
    return this;
  }

  /** A river on the sides between consecutive pairs of adjacent cells. */
  riverSides(pairs: [CellPos, CellPos][]): this {
    for (const [a, b] of pairs) this.rivers.add(this.grid.edgeBetween(a, b));
    return this;
  }

  private riverBetween(side: (c: number, r: number) => boolean | null): this {
    for (let r = 0; r < this.grid.rows; r++) {
      for (let c = 0; c < this.grid.cols; c++) {
        const here = side(c, r);
        if (here === null) continue;
        for (const n of this.grid.neighbours([c, r])) {
          const there = side(n[0], n[1]);
          if (there !== null && there !== here && this.grid.sharesSide([c, r], n)) {
            this.rivers.add(this.grid.edgeBetween([c, r], n));
          }
        }
      }
    }
    return this;
  }

  /** A road through the given waypoints, straight lines between them. */
  road(...waypoints: CellPos[]): this {
    this.addPath(this.roads, waypoints);
    return this;
  }

  rail(...waypoints: CellPos[]): this {
    this.addPath(this.rails, waypoints);
    return this;
  }

  private addPath(into: Set<string>, waypoints: CellPos[]): void {
    for (let i = 1; i < waypoints.length; i++) {
      const cells = this.grid.line(waypoints[i - 1]!, waypoints[i]!);
      for (let j = 1; j < cells.length; j++) {
        const a = cells[j - 1]!;
        const b = cells[j]!;
        if (!this.grid.inMap(a) || !this.grid.inMap(b)) throw new Error(`path leaves the map at ${a} → ${b}`);
        if (this.impassable.has(this.terrainAt(a)) || this.impassable.has(this.terrainAt(b))) {
          throw new Error(`path runs through impassable terrain at ${a} → ${b}`);
        }
        into.add(this.grid.edgeBetween(a, b));
      }
    }
  }

  cell(pos: CellPos, features: CellFeatures): this {
    const key = ref(pos);
    this.cells[key] = { ...this.cells[key], ...features };
    return this;
  }

  /** Marks each of the cells as a supply base of the side. */
  supplyBases(side: string, cells: readonly CellPos[]): this {
    for (const pos of cells) this.cell(pos, { supplyBase: side });
    return this;
  }

  /** The scenario's `map` section: grid, physical size, terrain key, rows and every edge list. */
  mapSection(cellSize: PhysicalSize, terrainTypes: TerrainType[]): Scenario['map'] {
    return {
      grid: this.spec,
      cellSize,
      groundScaleKm: GROUND_SCALE_KM,
      terrainTypes,
      terrain: this.terrain,
      control: this.control,
      ...this.features(),
    };
  }

  /** Every side between a lake cell and a land cell of the map. */
  private lakeShores(lakeCode: string): string[] {
    const out = new Set<string>();
    for (let r = 0; r < this.grid.rows; r++) {
      for (let c = 0; c < this.grid.cols; c++) {
        if (this.terrainAt([c, r]) !== lakeCode) continue;
        for (const n of this.grid.neighbours([c, r])) {
          if (this.terrainAt(n) !== lakeCode && this.grid.sharesSide([c, r], n)) {
            out.add(this.grid.edgeBetween([c, r], n));
          }
        }
      }
    }
    return sortEdges([...out]);
  }

  /** Edges ready for the file, sorted by row, column and direction so regenerating is stable. */
  features(lakeCode = '~') {
    const sortedCells = Object.fromEntries(Object.entries(this.cells).sort(([a], [b]) => compareRefs(a, b)));
    return {
      cells: sortedCells,
      // River sides along a lake or sea shore add nothing, so a river ends where it meets open water.
      rivers: sortEdges([...this.rivers].filter((e) => !this.touchesImpassable(e))),
      lakeShores: this.lakeShores(lakeCode),
      roads: sortEdges([...this.roads]),
      rails: sortEdges([...this.rails]),
    };
  }

  private touchesImpassable(edge: string): boolean {
    return this.grid.geometry.edgeCells(edge).some((c) => this.impassable.has(this.terrainAt([c.col, c.row])));
  }

  /** Road or rail sides that are also river sides: the bridges. */
  bridges(): string[] {
    return sortEdges([...this.rivers].filter((e) => this.roads.has(e) || this.rails.has(e)));
  }
}

interface Pt {
  x: number;
  y: number;
}
const cross = (o: Pt, a: Pt, b: Pt) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
/** Proper crossing of segments ab and cd (touching end points does not count). */
function segmentsCross(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

function compareRefs(a: string, b: string): number {
  const [ac, ar] = a.split(',').map(Number) as [number, number];
  const [bc, br] = b.split(',').map(Number) as [number, number];
  return ar - br || ac - bc;
}

const DIR_ORDER = ['N', 'NE', 'E', 'SE'];
export function sortEdges(edges: string[]): string[] {
  return edges.sort((a, b) => {
    const [ac, ar, ad] = a.split(',');
    const [bc, br, bd] = b.split(',');
    return Number(ar) - Number(br) || Number(ac) - Number(bc) || DIR_ORDER.indexOf(ad!) - DIR_ORDER.indexOf(bd!);
  });
}

export type UnitTuple = [id: string, name: string, branch: Branch, strength: number, cell: CellPos, elite?: 'elite'];

/** Placed units of one side from compact tuples (id, name, branch, strength, cell, elite). */
export function placeUnits(side: string, units: UnitTuple[]): PlacedUnit[] {
  return units.map(([id, name, branch, strength, cell, elite]) => ({
    id,
    side,
    name,
    branch,
    strength,
    ...(elite ? { elite: true } : {}),
    cell: ref(cell),
  }));
}

/** A unit of a side arriving at an entry cell on a turn. */
export function arrival(turn: number, entry: CellPos, side: string, [id, name, branch, strength, elite]: ReinforcementTuple): Reinforcement {
  return { turn, entryCell: ref(entry), unit: { id, side, name, branch, strength, ...(elite ? { elite: true } : {}) } };
}

/** A reinforcement's unit: as UnitTuple, without a starting cell. */
export type ReinforcementTuple = [id: string, name: string, branch: Branch, strength: number, elite?: 'elite'];

/** Replacement points for a side on a turn, optionally only for some branches. */
export function replacementPoints(side: string, turn: number, points: number, branches?: Replacement['branches']): Replacement {
  return { side, turn, points, ...(branches ? { branches } : {}) };
}
