// A Tiled map (TMX / TMJ, hexagonal or orthogonal) brought into a new scenario.
//
// Terrain comes from each tile's `terrain` custom property (with its name, code, colour and
// category when the tile carries them, as Gridfront's own export does), or, for tiles without
// one, from a mapping the designer chose (tile → terrain type: the import dialog, or the CLI's
// --tile option); until every used tile is mapped the import answers with the tiles to map.
// Control comes from tiles with a `side` property. Rivers and lake shores are polylines snapped
// to the cell sides they run along, roads and railways polylines snapped to the cells they pass
// through, and names, supply bases, victory cells, fortifications, entry cells and setup markers
// point objects (by object class, else by layer name). Whatever cannot be brought in is listed in
// the report in the designer's terms (layer, object, cell label).
import { DEFAULT_CELL_SIZE, DEFAULT_GROUND_SCALE_KM, DEFAULT_TERRAIN_TYPES, newScenario, type NewSideFields } from '../../format/new-scenario.js';
import type { CellFeatures, CellGrid, PhysicalSize, Scenario, Side, TerrainType } from '../../format/scenario.types.js';
import { gridSpecOf } from '../../format/defaults.js';
import { createGrid } from '../../grid/index.js';
import type { Cell, EdgeId, GridGeometry, Point } from '../../grid/types.js';
import { OBJECT_CLASS } from './export.js';
import { GF_SIZE, gridOfTiled, pixelMap, tiledShapeOf, type PixelMap } from './layout.js';
import { FLIPPED_DIAGONALLY, FLIPPED_HORIZONTALLY, FLIPPED_VERTICALLY, GID_MASK, propertyValue, ROTATED_HEXAGONAL_120, type TiledLayer, type TiledMap, type TiledObject, type TiledObjectGroup, type TiledProperty, type TiledTileLayer, type TiledTileset } from './types.js';

export class TiledImportError extends Error {}

/** A tile used by the map that carries no terrain: the mapping dialog shows it from its tileset picture. */
export interface UnmappedTile {
  gid: number;
  tileset: string;
  localId: number;
  /** Cells showing it. */
  count: number;
  /** The tileset picture (relative to the map file) and where the tile sits in it, when the tileset has one. */
  image?: string;
  rect?: { x: number; y: number; width: number; height: number };
}

export interface TiledImportOptions {
  /** The new scenario's id (the caller makes it). */
  id: string;
  /** Title when the map has no `title` property (e.g. from the file name). */
  fallbackTitle: string;
  /** Terrain chosen for tiles without a `terrain` property: gid (flags cleared) → terrain type id of `palette`. */
  tileTerrain?: Readonly<Record<number, string>>;
  /** Terrain types a mapping may name (default: a new map's palette). */
  palette?: readonly TerrainType[];
}

export type TiledImportResult =
  | { kind: 'scenario'; scenario: Scenario; report: string[] }
  | { kind: 'needs-mapping'; tiles: UnmappedTile[]; palette: readonly TerrainType[] };

const FLAGS = FLIPPED_HORIZONTALLY | FLIPPED_VERTICALLY | FLIPPED_DIAGONALLY | ROTATED_HEXAGONAL_120;

function tilesetOf(map: TiledMap, gid: number): TiledTileset | undefined {
  let best: TiledTileset | undefined;
  for (const t of map.tilesets) if (t.firstgid <= gid && (!best || t.firstgid > best.firstgid)) best = t;
  return best;
}

const propsOfGid = (map: TiledMap, gid: number) => {
  const set = tilesetOf(map, gid);
  return set?.tiles?.find((t) => t.id === gid - set.firstgid)?.properties;
};

function flatten(layers: readonly TiledLayer[], out: TiledLayer[] = []): TiledLayer[] {
  for (const l of layers) {
    if (l.type === 'group') flatten(l.layers, out);
    else out.push(l);
  }
  return out;
}

const PRINTABLE = /^[!-~]$/;
const CODE_POOL = '.wsrcm~l#hfdgjkpqtuvxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abeino%&*+=?@^_:;<>';

function parseCellSize(text: unknown, mm: unknown): PhysicalSize {
  const m = typeof text === 'string' ? /^\s*([0-9.]+)\s*(mm|cm|in)\s*$/.exec(text) : null;
  if (m && Number(m[1]) > 0) return { value: Number(m[1]), unit: m[2] as PhysicalSize['unit'] };
  if (typeof mm === 'number' && mm > 0) return { value: mm, unit: 'mm' };
  return { ...DEFAULT_CELL_SIZE };
}

const normalColour = (v: unknown): string | null => {
  if (typeof v !== 'string') return null;
  if (/^#[0-9a-fA-F]{6}$/.test(v)) return v.toLowerCase();
  if (/^#[0-9a-fA-F]{8}$/.test(v)) return `#${v.slice(3).toLowerCase()}`;
  return null;
};

const CATEGORIES = ['open', 'difficult', 'urban', 'urban-difficult', 'impassable'] as const;

/** Which Gridfront feature a Tiled object stands for: its class, else its layer's name. */
function classOf(o: TiledObject, layer: TiledObjectGroup): string {
  const known = Object.values(OBJECT_CLASS) as string[];
  if (known.includes(o.type)) return o.type;
  const name = layer.name.toLowerCase();
  if (/river|stream/.test(name)) return OBJECT_CLASS.river;
  if (/shore|lake/.test(name)) return OBJECT_CLASS.lakeShore;
  if (/rail/.test(name)) return OBJECT_CLASS.rail;
  if (/road/.test(name)) return OBJECT_CLASS.road;
  if (/supply/.test(name)) return OBJECT_CLASS.supplyBase;
  if (/victory/.test(name)) return OBJECT_CLASS.victory;
  if (/fort/.test(name)) return OBJECT_CLASS.fortification;
  if (/entry|entries/.test(name)) return OBJECT_CLASS.entry;
  if (/setup/.test(name)) return OBJECT_CLASS.setup;
  if (/name|label|town|place/.test(name)) return OBJECT_CLASS.name;
  return o.name && (o.point || !o.polyline) ? OBJECT_CLASS.name : '';
}

export function importTiled(map: TiledMap, options: TiledImportOptions): TiledImportResult {
  const report: string[] = [];
  if (map.infinite || flatten(map.layers).some((l) => l.type === 'tilelayer' && l.chunked)) {
    throw new TiledImportError('The map is infinite (stored in chunks); a scenario map has a fixed size. In Tiled, untick Map > Map Properties > Infinite, save, and import again.');
  }
  const gridOrReason = gridOfTiled(map);
  if (typeof gridOrReason === 'string') throw new TiledImportError(gridOrReason);
  if (map.width < 1 || map.height < 1) throw new TiledImportError('The map has no cells (its width or height is 0).');
  const props = map.properties;
  const cellGrid: CellGrid = { ...gridOrReason };
  const labels = propertyValue(props, 'labels');
  if (labels === 'CCRR' || labels === 'col,row' || labels === 'A1') cellGrid.labels = labels;
  if (cellGrid.kind === 'square') {
    const adjacency = propertyValue(props, 'adjacency');
    if (adjacency === 8) cellGrid.adjacency = 8;
  }
  const spec = gridSpecOf(cellGrid);
  const grid = createGrid(spec);
  const px = pixelMap(grid, { ...tiledShapeOf(spec), tilewidth: map.tilewidth, tileheight: map.tileheight, ...(map.hexsidelength !== undefined ? { hexsidelength: map.hexsidelength } : {}) });
  const { cols, rows } = spec;
  const cellCount = cols * rows;

  for (const t of map.tilesets) if (t.source) report.push(`Tileset "${t.source}" is kept in a separate file, which was not read: its tiles count as tiles without terrain.`);

  // ---- terrain and control from the tile layers ----
  const layers = flatten(map.layers);
  const tileLayers = layers.filter((l): l is TiledTileLayer => l.type === 'tilelayer');
  const terrainGid = new Int32Array(cellCount);
  const sideGid = new Int32Array(cellCount);
  let flipped = 0;
  let overlaid = 0;
  const sideProps = (gid: number) => {
    const p = propsOfGid(map, gid);
    return typeof propertyValue(p, 'side') === 'string' ? p : undefined;
  };
  for (const layer of tileLayers) {
    if (layer.width !== cols || layer.height !== rows) {
      report.push(`Layer "${layer.name}" is ${layer.width} × ${layer.height} tiles where the map is ${cols} × ${rows}; only the part that overlaps was read.`);
    }
    for (let r = 0; r < Math.min(rows, layer.height); r++)
      for (let c = 0; c < Math.min(cols, layer.width); c++) {
        const raw = layer.data[r * layer.width + c] ?? 0;
        const gid = raw & GID_MASK;
        if (gid === 0) continue;
        if ((raw & FLAGS) !== 0) flipped++;
        const i = r * cols + c;
        if (sideProps(gid)) sideGid[i] = gid;
        else {
          if (terrainGid[i] && terrainGid[i] !== gid) overlaid++;
          terrainGid[i] = gid;
        }
      }
  }
  if (flipped) report.push(`${flipped} tile${flipped === 1 ? ' was' : 's were'} flipped or rotated in Tiled; a Gridfront cell has no orientation, so only ${flipped === 1 ? 'its' : 'their'} terrain was kept.`);
  if (overlaid) report.push(`${overlaid} cell${overlaid === 1 ? ' has' : 's have'} terrain tiles on more than one layer; the uppermost layer's tile was used.`);

  // Terrain types: from the tiles' properties, then the designer's mapping.
  const palette = options.palette ?? DEFAULT_TERRAIN_TYPES;
  const types: TerrainType[] = [];
  const typeIndex = new Map<string, number>();
  const usedCodes = new Set<string>();
  const addType = (t: TerrainType): number => {
    const known = typeIndex.get(t.id);
    if (known !== undefined) return known;
    let code = t.code;
    if (!PRINTABLE.test(code) || usedCodes.has(code)) code = [...CODE_POOL].find((ch) => !usedCodes.has(ch)) ?? '?';
    usedCodes.add(code);
    types.push({ ...t, code });
    typeIndex.set(t.id, types.length - 1);
    return types.length - 1;
  };
  const typeOfGid = new Map<number, number>();
  const unmapped = new Map<number, number>();
  const usedGids = new Map<number, number>();
  for (let i = 0; i < cellCount; i++) if (terrainGid[i]) usedGids.set(terrainGid[i]!, (usedGids.get(terrainGid[i]!) ?? 0) + 1);
  // Every tile with a terrain property adds its type, in tileset order (so a Gridfront export
  // keeps its whole palette, used or not); then the designer's mapping covers the rest.
  const terrainOfTile = (gid: number, p: TiledProperty[] | undefined): boolean => {
    const id = propertyValue(p, 'terrain');
    if (typeof id !== 'string' || !/^[a-z0-9_-]{1,32}$/.test(id)) return false;
    const base = palette.find((t) => t.id === id) ?? DEFAULT_TERRAIN_TYPES.find((t) => t.id === id);
    const category = propertyValue(p, 'category');
    const t: TerrainType = {
      id,
      code: String(propertyValue(p, 'code') ?? base?.code ?? ''),
      name: String(propertyValue(p, 'name') ?? base?.name ?? id),
      colour: normalColour(propertyValue(p, 'colour')) ?? base?.colour ?? '#cccccc',
      category: (CATEGORIES as readonly string[]).includes(String(category)) ? (category as TerrainType['category']) : (base?.category ?? 'open'),
    };
    const freezes = propertyValue(p, 'freezes') ?? base?.freezes;
    if (typeof freezes === 'boolean') t.freezes = freezes;
    const symbology = propertyValue(p, 'symbology');
    if (typeof symbology === 'string') {
      try {
        t.symbology = JSON.parse(symbology) as TerrainType['symbology'];
      } catch {
        report.push(`Terrain "${id}": its symbology property is not valid JSON and was left out.`);
      }
    } else if (base?.symbology) t.symbology = base.symbology;
    typeOfGid.set(gid, addType(t));
    return true;
  };
  for (const set of map.tilesets) for (const tile of set.tiles ?? []) if (!sideProps(set.firstgid + tile.id)) terrainOfTile(set.firstgid + tile.id, tile.properties);
  for (const gid of [...usedGids.keys()].sort((a, b) => a - b)) {
    if (typeOfGid.has(gid)) continue;
    const chosen = options.tileTerrain?.[gid];
    const t = chosen ? palette.find((x) => x.id === chosen) : undefined;
    if (t) typeOfGid.set(gid, addType(t));
    else unmapped.set(gid, usedGids.get(gid)!);
  }
  if (unmapped.size) {
    const tiles: UnmappedTile[] = [...unmapped].map(([gid, count]) => {
      const set = tilesetOf(map, gid);
      const localId = gid - (set?.firstgid ?? 1);
      const tile: UnmappedTile = { gid, tileset: set?.name || set?.source || '(no tileset)', localId, count };
      if (set?.image && set.columns > 0) {
        const margin = set.margin ?? 0;
        const spacing = set.spacing ?? 0;
        tile.image = set.image;
        tile.rect = { x: margin + (localId % set.columns) * (set.tilewidth + spacing), y: margin + Math.floor(localId / set.columns) * (set.tileheight + spacing), width: set.tilewidth, height: set.tileheight };
      }
      return tile;
    });
    return { kind: 'needs-mapping', tiles, palette };
  }
  if (types.length === 0) addType(DEFAULT_TERRAIN_TYPES[0]!);
  const blankTerrain = types[0]!;
  let blank = 0;
  const terrainRows: string[] = [];
  for (let r = 0; r < rows; r++) {
    let row = '';
    for (let c = 0; c < cols; c++) {
      const gid = terrainGid[r * cols + c]!;
      if (!gid) blank++;
      row += types[gid ? typeOfGid.get(gid)! : 0]!.code;
    }
    terrainRows.push(row);
  }
  if (blank) report.push(`${blank} cell${blank === 1 ? ' has' : 's have'} no terrain tile; ${blank === 1 ? 'it was' : 'they were'} given ${blankTerrain.name}.`);

  // Sides: from the control tiles (two at most), then a new scenario's defaults.
  const sideTiles: { gid: number; side: Side }[] = [];
  for (const set of map.tilesets)
    for (const tile of set.tiles ?? []) {
      const id = propertyValue(tile.properties, 'side');
      if (typeof id !== 'string') continue;
      const p = tile.properties;
      sideTiles.push({ gid: set.firstgid + tile.id, side: { id, name: String(propertyValue(p, 'name') ?? id), code: String(propertyValue(p, 'code') ?? ''), colour: normalColour(propertyValue(p, 'colour')) ?? '#888888' } });
    }
  const distinctSides: Side[] = [];
  for (const { side } of sideTiles) if (!distinctSides.some((s) => s.id === side.id)) distinctSides.push(side);
  if (distinctSides.length > 2) report.push(`The control tiles name ${distinctSides.length} sides; a scenario has two, so control by ${distinctSides.slice(2).map((s) => s.name).join(', ')} was left out.`);
  const title = String(propertyValue(props, 'title') ?? '').trim() || options.fallbackTitle;
  const sideFields = [0, 1].map((i) => (distinctSides[i] ? { name: distinctSides[i]!.name, colour: distinctSides[i]!.colour } : undefined));
  const blankScenario = newScenario({
    id: options.id,
    title,
    gridKind: cellGrid.kind,
    ...(cellGrid.kind === 'hex' ? { orientation: cellGrid.orientation } : {}),
    cols,
    rows,
    cellSize: parseCellSize(propertyValue(props, 'cellSize'), propertyValue(props, 'cellSizeMm')),
    groundScaleKm: typeof propertyValue(props, 'groundScaleKm') === 'number' && (propertyValue(props, 'groundScaleKm') as number) > 0 ? (propertyValue(props, 'groundScaleKm') as number) : DEFAULT_GROUND_SCALE_KM,
    ...(sideFields[0] || sideFields[1] ? { sides: [sideFields[0] ?? { name: 'Blue' }, sideFields[1] ?? { name: 'Red' }] as [NewSideFields, NewSideFields] } : {}),
  });
  // Keep the ids and codes the file gives when they are valid and distinct.
  const sides = blankScenario.sides;
  distinctSides.slice(0, 2).forEach((s, i) => {
    const other = sides[1 - i]!;
    if (/^[a-z0-9_-]{1,32}$/.test(s.id) && s.id !== other.id) sides[i]!.id = s.id;
    if (PRINTABLE.test(s.code) && s.code !== other.code) sides[i]!.code = s.code;
  });
  blankScenario.initiative = [{ side: sides[0].id, fromTurn: 1, toTurn: blankScenario.calendar.turns }];
  const sideOfGid = new Map<number, Side>();
  for (const { gid, side } of sideTiles) {
    const k = distinctSides.findIndex((s) => s.id === side.id);
    if (k === 0 || k === 1) sideOfGid.set(gid, sides[k]!);
  }
  let uncontrolled = 0;
  const split = Math.ceil(cols / 2);
  const controlRows: string[] = [];
  for (let r = 0; r < rows; r++) {
    let row = '';
    for (let c = 0; c < cols; c++) {
      const side = sideOfGid.get(sideGid[r * cols + c]!);
      if (!side) uncontrolled++;
      row += (side ?? (c < split ? sides[0] : sides[1])).code;
    }
    controlRows.push(row);
  }
  if (uncontrolled && sideTiles.length) report.push(`${uncontrolled} cell${uncontrolled === 1 ? ' has' : 's have'} no control tile; the west half went to ${sides[0].name} and the east half to ${sides[1].name}.`);
  if (!sideTiles.length) report.push(`The map has no control tiles (tiles with a "side" property); the west half went to ${sides[0].name} and the east half to ${sides[1].name}.`);

  // ---- objects ----
  const features = new Map<string, CellFeatures>();
  const featureAt = (cell: Cell) => {
    const ref = grid.ref(cell);
    let f = features.get(ref);
    if (!f) features.set(ref, (f = {}));
    return f;
  };
  const edgeSets = { rivers: new Set<EdgeId>(), lakeShores: new Set<EdgeId>(), roads: new Set<EdgeId>(), rails: new Set<EdgeId>() };
  const sideIdOf = (v: unknown): string | null => {
    if (typeof v !== 'string') return null;
    const s = sides.find((x) => x.id === v || x.name.toLowerCase() === v.toLowerCase() || x.code === v);
    return s ? s.id : null;
  };
  for (const layer of layers) {
    if (layer.type === 'imagelayer') {
      report.push(`Image layer "${layer.name}" was not brought in (a picture under the map is not part of the scenario).`);
      continue;
    }
    if (layer.type !== 'objectgroup') continue;
    for (const o of layer.objects) {
      const what = `Object "${o.name || o.type || `#${o.id}`}" (id ${o.id}) in layer "${layer.name}"`;
      const kind = classOf(o, layer);
      const line = o.polyline ?? (o.polygon ? [...o.polygon, o.polygon[0]!] : null);
      if (kind === OBJECT_CLASS.river || kind === OBJECT_CLASS.lakeShore || kind === OBJECT_CLASS.road || kind === OBJECT_CLASS.rail) {
        if (!line || line.length < 2) {
          report.push(`${what}: a ${kind === OBJECT_CLASS.lakeShore ? 'lake shore' : kind} must be a polyline; it was left out.`);
          continue;
        }
        const points = line.map((p) => px.toGridfront({ x: o.x + p.x, y: o.y + p.y }));
        const target = kind === OBJECT_CLASS.river ? edgeSets.rivers : kind === OBJECT_CLASS.lakeShore ? edgeSets.lakeShores : kind === OBJECT_CLASS.road ? edgeSets.roads : edgeSets.rails;
        const missed = kind === OBJECT_CLASS.river || kind === OBJECT_CLASS.lakeShore ? snapAlongSides(grid, points, target) : snapThroughCells(grid, points, target);
        if (missed) report.push(`${what}: ${missed}`);
        continue;
      }
      const at = objectPoint(o);
      if (!at) {
        report.push(`${what}: ${line ? 'a line that is not a river, lake shore, road or railway' : 'an object Gridfront has no use for'}; it was left out.`);
        continue;
      }
      const cell = grid.pixelToCell(px.toGridfront(at), GF_SIZE);
      if (!grid.inMap(cell)) {
        report.push(`${what}: it lies outside the map; it was left out.`);
        continue;
      }
      const label = grid.label(cell);
      const p = o.properties;
      switch (kind) {
        case OBJECT_CLASS.name: {
          const name = (o.name || String(propertyValue(p, 'name') ?? '')).trim().slice(0, 60);
          if (name) featureAt(cell).name = name;
          else report.push(`${what}: a name without text; it was left out.`);
          break;
        }
        case OBJECT_CLASS.supplyBase: {
          const side = sideIdOf(propertyValue(p, 'side'));
          if (side) featureAt(cell).supplyBase = side;
          else report.push(`${what} (cell ${label}): a supply base needs a "side" property naming ${sides[0].name} or ${sides[1].name}; it was left out.`);
          break;
        }
        case OBJECT_CLASS.setup: {
          const side = sideIdOf(propertyValue(p, 'side'));
          if (side) featureAt(cell).setup = side;
          else report.push(`${what} (cell ${label}): a setup marker needs a "side" property; it was left out.`);
          break;
        }
        case OBJECT_CLASS.victory: {
          const v: NonNullable<CellFeatures['victory']> = {};
          const perTurn = propertyValue(p, 'perTurn');
          const endGame = propertyValue(p, 'endGame');
          if (typeof perTurn === 'number') v.perTurn = perTurn;
          if (typeof endGame === 'number') v.endGame = endGame;
          featureAt(cell).victory = v;
          break;
        }
        case OBJECT_CLASS.fortification:
          featureAt(cell).fortification = true;
          break;
        case OBJECT_CLASS.entry: {
          const named = String(propertyValue(p, 'sides') ?? propertyValue(p, 'side') ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean);
          const ids = named.map(sideIdOf).filter((s): s is string => s !== null);
          if (ids.length) featureAt(cell).entry = [...new Set(ids)];
          else report.push(`${what} (cell ${label}): an entry cell needs a "sides" property; it was left out.`);
          break;
        }
        default:
          report.push(`${what}: an object Gridfront has no use for; it was left out.`);
      }
    }
  }

  const scenario: Scenario = blankScenario;
  const gameMap = scenario.map;
  gameMap.grid = cellGrid;
  gameMap.terrainTypes = types;
  gameMap.terrain = terrainRows;
  gameMap.control = controlRows;
  // Object.fromEntries in row-major cell order, so files diff stably.
  const cells = [...features].filter(([, f]) => Object.keys(f).length > 0).sort(([a], [b]) => byCell(grid, a, b));
  if (cells.length) gameMap.cells = Object.fromEntries(cells);
  else delete gameMap.cells;
  const sorted = (set: Set<EdgeId>) => [...set].sort();
  for (const k of ['rivers', 'lakeShores', 'roads', 'rails'] as const) {
    if (edgeSets[k].size) gameMap[k] = sorted(edgeSets[k]);
    else delete gameMap[k];
  }
  return { kind: 'scenario', scenario, report };
}

function byCell(grid: GridGeometry, a: string, b: string): number {
  const ca = grid.parseRef(a)!;
  const cb = grid.parseRef(b)!;
  return ca.row - cb.row || ca.col - cb.col;
}

/** Where a point-like object stands, in Tiled's pixels: a point, or the middle of a shape or tile object. */
function objectPoint(o: TiledObject): Point | null {
  if (o.polyline || o.polygon) return null;
  if (o.point) return { x: o.x, y: o.y };
  if (o.gid !== undefined) return { x: o.x + o.width / 2, y: o.y - o.height / 2 };
  return { x: o.x + o.width / 2, y: o.y + o.height / 2 };
}

/**
 * Sides a line drawn along cell sides follows: points along each segment (a quarter-cell
 * apart, away from the corners) take the nearest side within a fifth of a cell. Returns what
 * was missed, in words, or ''.
 */
function snapAlongSides(grid: GridGeometry, points: readonly Point[], out: Set<EdgeId>): string {
  let far = 0;
  let samples = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / (GF_SIZE * 0.25)));
    for (let k = 0; k < n; k++) {
      const t = (k + 0.5) / n;
      const p = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
      samples++;
      const near = grid.nearestEdge(p, GF_SIZE);
      if (near && near.distance <= GF_SIZE * 0.2) out.add(near.edge);
      else far++;
    }
  }
  return far ? `${Math.round((100 * far) / samples)}% of its length runs more than a fifth of a cell from any cell side (through cells or off the map); only the parts along sides were kept.` : '';
}

/** Sides crossed by a line drawn through cells (a road or railway): the cells under it, joined. */
function snapThroughCells(grid: GridGeometry, points: readonly Point[], out: Set<EdgeId>): string {
  let outside = 0;
  for (let i = 1; i < points.length; i++) {
    const a = grid.pixelToCell(points[i - 1]!, GF_SIZE);
    const b = grid.pixelToCell(points[i]!, GF_SIZE);
    if (a.col === b.col && a.row === b.row) continue;
    for (const e of grid.edgesAlongPath(grid.line(a, b))) {
      const [p, q] = grid.edgeCells(e);
      if (grid.inMap(p) || grid.inMap(q)) out.add(e);
      else outside++;
    }
  }
  return outside ? `${outside} of the cell sides it crosses lie wholly off the map; they were left out.` : '';
}

