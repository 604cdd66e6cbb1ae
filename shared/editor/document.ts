// The document store of the map designer: one scenario being edited, held in a shape that
// suits editing a map of up to 1024×1024 cells. Terrain and control are typed arrays of
// palette / side indices (one byte per cell); rivers, lake shores, roads and rails are sets
// of canonical edge ids; cell features are a sparse map keyed "col,row". Everything else in
// the scenario is kept as it was loaded and written back untouched.
//
// A network map (positions joined by links) is held the same way: position i is cell i of
// the terrain and control arrays, cell features are keyed by position id, and there are no
// edge features. Its positions and links live in `gridSettings`; the terrain and control
// written there are those loaded, and `toScenario` writes the arrays back into them.
//
// Only commands (commands/*.ts) change a document, through `execute`/`revert`, which tell
// subscribers exactly what changed (DocChange) so a view redraws only dirty chunks.
import { createGrid, type Cell, type CellId, type EdgeId, type GridGeometry } from '../grid/index.js';
import { decodePositions, decodeRows, encodePositions } from '../format/board.js';
import { gridSpecOf } from '../format/defaults.js';
import type { CellFeatures, GameMap, Grid, MapLayers, PhysicalSize, SideFeature, PlacedUnit, Reinforcement, Scenario, Side, TerrainType, Underlay } from '../format/scenario.types.js';
import { OrderedMap, type OrderedSet } from './ordered.js';
import { EdgeSet, sideParser } from './edge-set.js';
import { EDGE_FEATURES, EditError, type Command, type DocChange, type EdgeFeature } from './types.js';

export type EdgeStores = Record<EdgeFeature, OrderedSet<EdgeId>>;

/** Every part of the document a whole-map command may swap out (see commands/state.ts). */
export interface DocState {
  grid: Grid;
  cellSize: PhysicalSize;
  groundScaleKm: number;
  terrainTypes: readonly TerrainType[];
  terrain: Uint8Array;
  control: Uint8Array;
  cells: OrderedMap<CellId, CellFeatures>;
  edges: EdgeStores;
  orderOfBattle: readonly PlacedUnit[];
  reinforcements: readonly Reinforcement[] | undefined;
  /** The picture traced under the grid (map.underlay); undefined when there is none. */
  underlay: Underlay | undefined;
  /** The scenario's own cell-side features (map.sideFeatures): definitions and the sides each runs along. */
  sideFeatures: readonly SideFeature[];
}
export type DocPart = keyof DocState;

export type ChangeListener = (change: DocChange, doc: MapDocument) => void;

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Map keys whose big arrays `fromScenario` reads without copying (rows of codes, lists of side ids). */
const BULK_KEYS: ReadonlySet<string> = new Set(['terrain', 'control', ...EDGE_FEATURES]);

export class MapDocument {
  /**
   * The scenario's top-level fields in file order: the map's own settings and the fields
   * outside the map (title, calendar...), which field commands replace (commands/fields.ts).
   * Its `map` keeps the loaded map's keys for their order; `orderOfBattle`, `reinforcements`
   * and `sides` are held below (a resize moves units) and only mark their place here.
   */
  private base: Scenario;
  private sideList: readonly [Side, Side];

  grid: GridGeometry;
  /** The file's grid object (omitted defaults stay omitted). Replace, never mutate. */
  gridSettings: Grid;
  cellSize: PhysicalSize;
  groundScaleKm: number;
  terrainTypes: readonly TerrainType[];
  /** Index into terrainTypes per cell, `grid.index` order. */
  terrain: Uint8Array;
  /** Index into sides per cell. */
  control: Uint8Array;
  /** Cell features by CellRef ("col,row"; a network's position id). Feature objects are replaced, never mutated. */
  cells: OrderedMap<CellId, CellFeatures>;
  edges: EdgeStores;
  orderOfBattle: readonly PlacedUnit[];
  reinforcements: readonly Reinforcement[] | undefined;
  /** Replace, never mutate. */
  underlay: Underlay | undefined;
  /** Custom side features (map.sideFeatures). Replace, never mutate. */
  sideFeatures: readonly SideFeature[];
  /**
   * The Layers panel's view settings (map.layers): not a command's business and not in the undo
   * history; set with `setLayerView`, written by `toScenario`. Replace, never mutate.
   */
  layerView: MapLayers | undefined;

  private readonly listeners = new Set<ChangeListener>();

  private constructor(base: Scenario, state: DocState) {
    this.base = base;
    this.sideList = base.sides;
    this.gridSettings = state.grid;
    this.grid = createGrid(gridSpecOf({ grid: state.grid, cellSize: state.cellSize }));
    this.cellSize = state.cellSize;
    this.groundScaleKm = state.groundScaleKm;
    this.terrainTypes = state.terrainTypes;
    this.terrain = state.terrain;
    this.control = state.control;
    this.cells = state.cells;
    this.edges = state.edges;
    this.orderOfBattle = state.orderOfBattle;
    this.reinforcements = state.reinforcements;
    this.underlay = state.underlay;
    this.sideFeatures = state.sideFeatures;
    this.layerView = base.map.layers;
  }

  /**
   * Loads a (validated) scenario. The input is copied, so the caller may keep using it.
   * Throws a RangeError naming the field when rows do not fit the grid or palettes, or an
   * edge id / cell key is not part of this grid.
   */
  static fromScenario(scenario: Scenario): MapDocument {
    const { terrain: terrainRows, control: controlRows } = scenario.map;
    // Copy all but the (large) rows and side lists, keeping every key where it was: the rows are
    // decoded and the sides read from the caller's scenario (strings cannot be changed under us).
    const lean = Object.fromEntries(Object.entries(scenario.map).map(([k, v]) => [k, BULK_KEYS.has(k) ? [] : v]));
    const base = clone({ ...scenario, map: lean }) as Scenario;
    const map = base.map;
    const grid = createGrid(gridSpecOf(map));
    const { cols, rows } = grid.spec;
    const { terrain, control } =
      map.grid.kind === 'network'
        ? decodePositions(map.grid, map.terrainTypes, base.sides)
        : {
            terrain: decodeRows(terrainRows ?? [], map.terrainTypes.map((t) => t.code), cols, rows, 'map.terrain'),
            control: decodeRows(controlRows ?? [], base.sides.map((s) => s.code), cols, rows, 'map.control'),
          };
    const cells = new OrderedMap<CellId, CellFeatures>();
    for (const [key, features] of Object.entries(map.cells ?? {})) {
      const cell = grid.parseRef(key);
      if (!cell || !grid.inMap(cell)) {
        throw new RangeError(`map.cells: "${key}" is not ${grid.network ? 'a position of this network' : `a cell of this ${cols}×${rows} map`}`);
      }
      cells.set(key, features);
    }
    const edges = {} as EdgeStores;
    const parseSide = sideParser(grid);
    for (const feature of EDGE_FEATURES) {
      const set = new EdgeSet();
      const ids = scenario.map[feature];
      if (grid.network && ids) throw new RangeError(`map.${feature}: a network map has no cell sides`);
      // The side mask is kept from the start (a byte a cell; a tenth of reading the ids below), so
      // the first copy or paste on a big map does not wait for it.
      if (!grid.network && ids?.length) set.sideMask(grid);
      (ids ?? []).forEach((e, i) => {
        const canonical = parseSide(e);
        if (!canonical) throw new RangeError(`map.${feature}[${i}]: "${e}" is not a side of this grid`);
        set.add(canonical);
      });
      edges[feature] = set;
    }
    const sideFeatures = map.sideFeatures ?? [];
    if (grid.network && sideFeatures.some((f) => f.sides.length)) throw new RangeError('map.sideFeatures: a network map has no cell sides');
    sideFeatures.forEach((f, k) =>
      f.sides.forEach((e, i) => {
        if (!grid.parseEdge(e)) throw new RangeError(`map.sideFeatures[${k}].sides[${i}]: "${e}" is not a side of this grid`);
      }),
    );
    return new MapDocument(base, {
      grid: map.grid,
      cellSize: map.cellSize,
      groundScaleKm: map.groundScaleKm,
      terrainTypes: map.terrainTypes,
      terrain,
      control,
      cells,
      edges,
      orderOfBattle: base.orderOfBattle,
      reinforcements: base.reinforcements,
      underlay: map.underlay,
      sideFeatures,
    });
  }

  /**
   * The scenario as it now stands, as an independent copy. For a document no command has
   * changed, `JSON.stringify(toScenario())` equals that of the loaded scenario (edge ids are
   * written in canonical form, as the format asks).
   */
  toScenario(): Scenario {
    const baseMap = this.base.map;
    const cols = this.grid.spec.cols;
    const settings = this.gridSettings;
    const network = settings.kind === 'network';
    const parts: Record<string, unknown> = {
      grid: network ? { ...settings, positions: encodePositions(settings, this.terrain, this.control, this.terrainTypes, this.sides) } : settings,
      cellSize: this.cellSize,
      groundScaleKm: this.groundScaleKm,
      terrainTypes: this.terrainTypes,
    };
    // A network keeps terrain and control in its positions, not in rows.
    if (!network) {
      parts['terrain'] = encodeLayer(this.terrain, this.terrainTypes.map((t) => t.code), cols);
      parts['control'] = encodeLayer(this.control, this.sides.map((s) => s.code), cols);
    }
    if (this.underlay) parts['underlay'] = this.underlay;
    if (this.layerView) parts['layers'] = this.layerView;
    if (this.sideFeatures.length > 0 || baseMap.sideFeatures) parts['sideFeatures'] = this.sideFeatures;
    // Optional lists are written when they hold something or were in the loaded file.
    if (this.cells.size > 0 || baseMap.cells) parts['cells'] = Object.fromEntries(this.cells.ordered());
    for (const feature of EDGE_FEATURES) {
      if (this.edges[feature].size > 0 || baseMap[feature]) parts[feature] = this.edges[feature].ordered();
    }
    // Keys in the loaded file's order, then any new ones in the schema's order.
    const map: Record<string, unknown> = {};
    for (const key of Object.keys(baseMap)) {
      if (key in parts) map[key] = parts[key];
      else if (!(key in PART_KEYS)) map[key] = (baseMap as unknown as Record<string, unknown>)[key];
    }
    for (const key of Object.keys(parts)) if (!(key in map)) map[key] = parts[key];

    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(this.base)) {
      if (key === 'map') out[key] = map;
      else if (key === 'orderOfBattle') out[key] = this.orderOfBattle;
      else if (key === 'reinforcements') {
        if (this.reinforcements) out[key] = this.reinforcements;
      } else out[key] = value;
    }
    if (this.reinforcements && !('reinforcements' in out)) out['reinforcements'] = this.reinforcements;
    // Rows are fresh strings; everything else is copied so callers cannot reach our state.
    if (network) return clone(out) as unknown as Scenario;
    const { terrain, control } = map as { terrain: string[]; control: string[] };
    map['terrain'] = [];
    map['control'] = [];
    const copy = clone(out) as unknown as Scenario;
    copy.map.terrain = terrain;
    copy.map.control = control;
    return copy;
  }

  // ---- reading -------------------------------------------------------------------------

  /** The two sides (control indices point into them). */
  get sides(): readonly [Side, Side] {
    return this.sideList;
  }

  get cols(): number {
    return this.grid.spec.cols;
  }

  get rows(): number {
    return this.grid.spec.rows;
  }

  /** Palette index of a terrain type id; throws EditError naming it when unknown. */
  terrainIndex(id: string): number {
    const i = this.terrainTypes.findIndex((t) => t.id === id);
    if (i < 0) throw new EditError(`terrain type "${id}" is not in this map's palette`);
    return i;
  }

  /** Index of a side id in `sides`; throws EditError naming it when unknown. */
  sideIndex(id: string): number {
    const i = this.sides.findIndex((s) => s.id === id);
    if (i < 0) throw new EditError(`side "${id}" is not one of this scenario's sides`);
    return i;
  }

  featuresAt(cell: Cell): CellFeatures | undefined {
    return this.cells.get(this.grid.ref(cell));
  }

  /** Map settings, for dialogs (the objects must not be mutated). */
  get map(): Pick<GameMap, 'grid' | 'cellSize' | 'groundScaleKm' | 'terrainTypes'> {
    return { grid: this.gridSettings, cellSize: this.cellSize, groundScaleKm: this.groundScaleKm, terrainTypes: [...this.terrainTypes] };
  }

  // ---- changing ------------------------------------------------------------------------

  /** A top-level scenario field as it now stands (not `map`; undefined when absent). */
  field(key: string): unknown {
    if (key === 'sides') return this.sideList;
    if (key === 'orderOfBattle') return this.orderOfBattle;
    if (key === 'reinforcements') return this.reinforcements;
    return (this.base as unknown as Record<string, unknown>)[key];
  }

  /** The scenario's top-level keys in the order `toScenario` writes them. */
  fieldOrder(): string[] {
    const keys = Object.keys(this.base).filter((k) => k !== 'reinforcements' || this.reinforcements !== undefined);
    if (this.reinforcements !== undefined && !keys.includes('reinforcements')) keys.push('reinforcements');
    return keys;
  }

  /**
   * Puts top-level fields in place (field commands only): `order` lists every key the
   * scenario has afterwards, in file order (`map` among them); each takes its value from
   * `values`, else keeps the one it has. Keys not in `order` are removed.
   */
  writeFields(values: Readonly<Record<string, unknown>>, order: readonly string[]): void {
    const next: Record<string, unknown> = {};
    for (const key of order) {
      if (key === 'map') next[key] = this.base.map;
      else next[key] = key in values ? values[key] : this.field(key);
    }
    if ('sides' in values) this.sideList = next['sides'] as [Side, Side];
    if ('orderOfBattle' in values || 'orderOfBattle' in next) this.orderOfBattle = (next['orderOfBattle'] as PlacedUnit[] | undefined) ?? [];
    this.reinforcements = next['reinforcements'] as Reinforcement[] | undefined;
    this.base = next as unknown as Scenario;
  }

  /**
   * Sets the Layers panel's view settings (see `layerView`). Not a command: showing, locking or
   * fading a layer is no change to the map, so it is no undo step (the store marks the file unsaved).
   */
  setLayerView(layers: MapLayers | undefined): void {
    this.layerView = layers;
  }

  // Everything below changes the map through commands only.

  /** Applies a command and tells subscribers what changed. */
  execute(cmd: Command): DocChange {
    const change = cmd.apply(this);
    this.emit(change);
    return change;
  }

  /** Reverts a command applied last and tells subscribers what changed. */
  revert(cmd: Command): DocChange {
    const change = cmd.revert(this);
    this.emit(change);
    return change;
  }

  /** Called with every change; returns the unsubscribe function. */
  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(change: DocChange): void {
    for (const l of this.listeners) l(change, this);
  }

  /** The current value of some parts (references; commands copy what they will mutate). */
  read<K extends DocPart>(parts: readonly K[]): Pick<DocState, K> {
    const all = this.stateRefs();
    const out = {} as Pick<DocState, K>;
    for (const p of parts) out[p] = all[p];
    return out;
  }

  /** Puts parts in place wholesale (whole-map commands: resize, palette removal, grid kind). */
  write(parts: Partial<DocState>): void {
    if (parts.cellSize !== undefined) this.cellSize = parts.cellSize;
    if (parts.grid !== undefined) this.gridSettings = parts.grid;
    // A network's geometry depends on the cell size too (its positions' default size and scale).
    if (parts.grid !== undefined || (parts.cellSize !== undefined && this.gridSettings.kind === 'network')) {
      this.grid = createGrid(gridSpecOf({ grid: this.gridSettings, cellSize: this.cellSize }));
    }
    if (parts.groundScaleKm !== undefined) this.groundScaleKm = parts.groundScaleKm;
    if (parts.terrainTypes !== undefined) this.terrainTypes = parts.terrainTypes;
    if (parts.terrain !== undefined) this.terrain = parts.terrain;
    if (parts.control !== undefined) this.control = parts.control;
    if (parts.cells !== undefined) this.cells = parts.cells;
    if (parts.edges !== undefined) this.edges = parts.edges;
    if (parts.orderOfBattle !== undefined) this.orderOfBattle = parts.orderOfBattle;
    if ('reinforcements' in parts) this.reinforcements = parts.reinforcements;
    if ('underlay' in parts) this.underlay = parts.underlay;
    if (parts.sideFeatures !== undefined) this.sideFeatures = parts.sideFeatures;
  }

  private stateRefs(): DocState {
    return {
      grid: this.gridSettings,
      cellSize: this.cellSize,
      groundScaleKm: this.groundScaleKm,
      terrainTypes: this.terrainTypes,
      terrain: this.terrain,
      control: this.control,
      cells: this.cells,
      edges: this.edges,
      orderOfBattle: this.orderOfBattle,
      reinforcements: this.reinforcements,
      underlay: this.underlay,
      sideFeatures: this.sideFeatures,
    };
  }
}

const PART_KEYS: Record<string, true> = {
  grid: true, cellSize: true, groundScaleKm: true, terrainTypes: true, terrain: true, control: true,
  cells: true, rivers: true, lakeShores: true, roads: true, rails: true, underlay: true, layers: true, sideFeatures: true,
};

/** Row strings from palette indices; builds each row in one call (a 1024² map in a few ms). */
export function encodeLayer(indices: Uint8Array, palette: readonly string[], cols: number): string[] {
  const codes = new Uint8Array(256);
  palette.forEach((code, i) => (codes[i] = code.charCodeAt(0)));
  const rows: string[] = [];
  const row = new Uint8Array(cols);
  for (let start = 0; start < indices.length; start += cols) {
    for (let c = 0; c < cols; c++) {
      const code = codes[indices[start + c]!]!;
      if (code === 0) throw new RangeError(`cell ${c},${start / cols} has palette index ${indices[start + c]}, which has no code`);
      row[c] = code;
    }
    rows.push(String.fromCharCode.apply(null, row as unknown as number[]));
  }
  return rows;
}
