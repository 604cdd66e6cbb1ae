// A scenario's map as a Tiled map (TMX / TMJ): terrain and control as tile layers over tilesets
// the painter draws, rivers, lake shores, roads and railways as polylines (rivers along cell
// sides, roads and railways through cell centres), the per-cell features as point objects with
// their values as custom properties, and the scenario's id, title and cell size as map
// properties. `tmx.ts` / `tmj.ts` write it out; the tileset pictures are drawn by the caller's
// canvas through `sheets[].draw`.
import { gridSpecOf, lengthMm } from '../../format/defaults.js';
import { decodeRows } from '../../format/board.js';
import type { Scenario } from '../../format/scenario.types.js';
import { createGrid } from '../../grid/index.js';
import type { Cell, EdgeId, GridGeometry, Point } from '../../grid/types.js';
import { GF_SIZE, pixelMap, tiledShapeOf, type PixelMap, type TiledGridShape } from './layout.js';
import { drawControlSheet, drawTerrainSheet, sheetSize, type SheetContext } from './tiles.js';
import type { TiledLayer, TiledMap, TiledObject, TiledObjectGroup, TiledProperty, TiledTileset } from './types.js';

/** A tileset picture the caller draws and saves beside the map. */
export interface TileSheet {
  /** File name, relative to the map file. */
  file: string;
  width: number;
  height: number;
  draw(ctx: SheetContext): void;
}

export interface TiledExport {
  map: TiledMap;
  sheets: TileSheet[];
}

/** Object classes Gridfront writes and reads (the object's `type`). */
export const OBJECT_CLASS = {
  river: 'river',
  lakeShore: 'lakeShore',
  road: 'road',
  rail: 'rail',
  name: 'name',
  supplyBase: 'supplyBase',
  victory: 'victory',
  fortification: 'fortification',
  entry: 'entry',
  setup: 'setup',
} as const;

const str = (name: string, value: string): TiledProperty => ({ name, type: 'string', value });
const num = (name: string, value: number): TiledProperty => ({ name, type: Number.isInteger(value) ? 'int' : 'float', value });
const bool = (name: string, value: boolean): TiledProperty => ({ name, type: 'bool', value });
const colour = (name: string, value: string): TiledProperty => ({ name, type: 'color', value: value.toLowerCase() });

/** Pieces joined end to end into as few polylines as a greedy walk finds, from the ends of open chains first. */
export function chains(pieces: readonly (readonly [string, string])[]): string[][] {
  const at = new Map<string, number[]>();
  pieces.forEach(([a, b], i) => {
    for (const k of [a, b]) {
      const list = at.get(k);
      if (list) list.push(i);
      else at.set(k, [i]);
    }
  });
  const used = new Uint8Array(pieces.length);
  const out: string[][] = [];
  const walk = (start: string) => {
    const chain = [start];
    let here = start;
    for (;;) {
      const next = (at.get(here) ?? []).find((i) => !used[i]);
      if (next === undefined) break;
      used[next] = 1;
      const [a, b] = pieces[next]!;
      here = a === here ? b : a;
      chain.push(here);
    }
    if (chain.length > 1) out.push(chain);
  };
  // Ends first (odd degree), so an open line comes out whole; then what is left (loops).
  for (const [k, list] of at) if (list.length % 2 === 1) walk(k);
  for (const [k] of at) walk(k);
  return out;
}

const key = (p: Point) => `${Math.round(p.x * 100)},${Math.round(p.y * 100)}`;

export function tiledMapOf(scenario: Scenario, fileStem: string): TiledExport {
  const map = scenario.map;
  if (map.grid.kind === 'network') throw new Error('A point-to-point (network) map has no grid of cells, so it cannot become a Tiled map.');
  const spec = gridSpecOf(scenario);
  const grid = createGrid(spec);
  const shape: TiledGridShape = tiledShapeOf(spec);
  const px = pixelMap(grid, shape);
  const { cols, rows } = spec;
  const terrainTypes = map.terrainTypes;
  const sides = scenario.sides;

  const terrainSheet = sheetSize(terrainTypes.length, shape);
  const controlSheet = sheetSize(sides.length, shape);
  const terrainSet: TiledTileset = {
    firstgid: 1,
    name: 'Terrain',
    tilewidth: shape.tilewidth,
    tileheight: shape.tileheight,
    tilecount: terrainTypes.length,
    columns: terrainSheet.columns,
    image: `${fileStem}-terrain.png`,
    imagewidth: terrainSheet.width,
    imageheight: terrainSheet.height,
    tiles: terrainTypes.map((t, id) => {
      const properties = [str('terrain', t.id), str('name', t.name), str('code', t.code), colour('colour', t.colour), str('category', t.category)];
      if (t.freezes !== undefined) properties.push(bool('freezes', t.freezes));
      if (t.symbology) properties.push(str('symbology', JSON.stringify(t.symbology)));
      return { id, type: 'terrain', properties };
    }),
  };
  const controlFirst = 1 + terrainTypes.length;
  const controlSet: TiledTileset = {
    firstgid: controlFirst,
    name: 'Control',
    tilewidth: shape.tilewidth,
    tileheight: shape.tileheight,
    tilecount: sides.length,
    columns: controlSheet.columns,
    image: `${fileStem}-control.png`,
    imagewidth: controlSheet.width,
    imageheight: controlSheet.height,
    tiles: sides.map((s, id) => ({ id, type: 'control', properties: [str('side', s.id), str('name', s.name), str('code', s.code), colour('colour', s.colour)] })),
  };

  const terrain = decodeRows(map.terrain ?? [], terrainTypes.map((t) => t.code), cols, rows, 'terrain');
  const control = decodeRows(map.control ?? [], sides.map((s) => s.code), cols, rows, 'control');
  const NO = 255;
  const layers: TiledLayer[] = [
    { type: 'tilelayer', id: 1, name: 'Terrain', visible: true, opacity: 1, width: cols, height: rows, data: Array.from(terrain, (t) => (t === NO ? 0 : 1 + t)) },
    { type: 'tilelayer', id: 2, name: 'Control', visible: true, opacity: 1, width: cols, height: rows, data: Array.from(control, (s) => (s === NO ? 0 : controlFirst + s)) },
  ];

  let nextObject = 1;
  const group = (name: string, objects: Omit<TiledObject, 'id'>[], color?: string): TiledObjectGroup => ({
    type: 'objectgroup',
    id: layers.length + 1,
    name,
    ...(color ? { color } : {}),
    visible: true,
    opacity: 1,
    objects: objects.map((o) => ({ ...o, id: nextObject++ })),
  });
  const rnd = (v: number) => Math.round(v * 100) / 100;
  const polyline = (type: string, name: string, points: Point[]): Omit<TiledObject, 'id'> => {
    const t = points.map((p) => px.toTiled(p));
    const o = t[0]!;
    return { name, type, x: rnd(o.x), y: rnd(o.y), width: 0, height: 0, polyline: t.map((p) => ({ x: rnd(p.x - o.x), y: rnd(p.y - o.y) })) };
  };
  const sideLines = (list: readonly EdgeId[] | undefined, type: string, noun: string) => {
    const ends = new Map<string, Point>();
    const pieces = (list ?? []).flatMap((e) => {
      const id = grid.parseEdge(e);
      if (!id) return [];
      const [a, b] = grid.edgeEndpoints(id, GF_SIZE);
      ends.set(key(a), a);
      ends.set(key(b), b);
      return [[key(a), key(b)] as const];
    });
    return chains(pieces).map((c, i) => polyline(type, `${noun} ${i + 1}`, c.map((k) => ends.get(k)!)));
  };
  const centreLines = (list: readonly EdgeId[] | undefined, type: string, noun: string) => {
    const cells = new Map<string, Cell>();
    const pieces = (list ?? []).flatMap((e) => {
      const id = grid.parseEdge(e);
      if (!id) return [];
      const [a, b] = grid.edgeCells(id);
      cells.set(`${a.col},${a.row}`, a);
      cells.set(`${b.col},${b.row}`, b);
      return [[`${a.col},${a.row}`, `${b.col},${b.row}`] as const];
    });
    return chains(pieces).map((c, i) => polyline(type, `${noun} ${i + 1}`, c.map((k) => grid.center(cells.get(k)!, GF_SIZE))));
  };
  layers.push(group('Rivers', sideLines(map.rivers, OBJECT_CLASS.river, 'River'), '#2f6fb3'));
  layers.push(group('Lake shores', sideLines(map.lakeShores, OBJECT_CLASS.lakeShore, 'Shore'), '#1d4f7c'));
  layers.push(group('Roads', centreLines(map.roads, OBJECT_CLASS.road, 'Road'), '#9a4a1c'));
  layers.push(group('Railways', centreLines(map.rails, OBJECT_CLASS.rail, 'Railway'), '#22252a'));

  const points: Record<'name' | 'supplyBase' | 'victory' | 'fortification' | 'entry' | 'setup', Omit<TiledObject, 'id'>[]> = {
    name: [],
    supplyBase: [],
    victory: [],
    fortification: [],
    entry: [],
    setup: [],
  };
  const sideName = (id: string) => sides.find((s) => s.id === id)?.name ?? id;
  for (const [ref, f] of Object.entries(map.cells ?? {})) {
    const cell = grid.parseRef(ref);
    if (!cell || !grid.inMap(cell)) continue;
    const at = px.toTiled(grid.center(cell, GF_SIZE));
    const label = grid.label(cell);
    const point = (type: string, name: string, properties: TiledProperty[]): Omit<TiledObject, 'id'> => ({ name, type, x: rnd(at.x), y: rnd(at.y), width: 0, height: 0, point: true, properties: [str('cell', label), ...properties] });
    if (f.name) points.name.push(point(OBJECT_CLASS.name, f.name, []));
    if (f.supplyBase) points.supplyBase.push(point(OBJECT_CLASS.supplyBase, `${sideName(f.supplyBase)} supply base`, [str('side', f.supplyBase)]));
    if (f.victory) {
      const props: TiledProperty[] = [];
      if (f.victory.perTurn !== undefined) props.push(num('perTurn', f.victory.perTurn));
      if (f.victory.endGame !== undefined) props.push(num('endGame', f.victory.endGame));
      points.victory.push(point(OBJECT_CLASS.victory, f.name ? `${f.name} (victory)` : `Victory ${label}`, props));
    }
    if (f.fortification) points.fortification.push(point(OBJECT_CLASS.fortification, `Fortification ${label}`, []));
    if (f.entry?.length) points.entry.push(point(OBJECT_CLASS.entry, `Entry ${label}`, [str('sides', f.entry.join(','))]));
    if (f.setup) points.setup.push(point(OBJECT_CLASS.setup, `${sideName(f.setup)} setup ${label}`, [str('side', f.setup)]));
  }
  layers.push(group('Names', points.name, '#000000'));
  layers.push(group('Supply bases', points.supplyBase));
  layers.push(group('Victory cells', points.victory, '#e3b21c'));
  layers.push(group('Fortifications', points.fortification));
  layers.push(group('Entry cells', points.entry));
  layers.push(group('Setup', points.setup));

  const properties: TiledProperty[] = [
    str('generator', 'Gridfront'),
    str('scenarioId', scenario.id),
    str('title', scenario.title),
    str('cellSize', `${map.cellSize.value} ${map.cellSize.unit}`),
    num('cellSizeMm', Math.round(lengthMm(map.cellSize) * 1000) / 1000),
    num('groundScaleKm', map.groundScaleKm),
    str('gridKind', spec.kind),
    str('labels', spec.labels),
  ];
  if (spec.kind === 'square') properties.push(num('adjacency', spec.adjacency));
  if (spec.kind === 'offsetSquare') properties.push(str('offset', spec.offset));

  const tiled: TiledMap = {
    orientation: shape.orientation,
    renderorder: 'right-down',
    width: cols,
    height: rows,
    tilewidth: shape.tilewidth,
    tileheight: shape.tileheight,
    ...(shape.orientation === 'hexagonal' ? { hexsidelength: shape.hexsidelength!, staggeraxis: shape.staggeraxis!, staggerindex: shape.staggerindex! } : {}),
    infinite: false,
    nextlayerid: layers.length + 1,
    nextobjectid: nextObject,
    properties,
    tilesets: [terrainSet, controlSet],
    layers,
  };
  return {
    map: tiled,
    sheets: [
      { file: terrainSet.image!, width: terrainSheet.width, height: terrainSheet.height, draw: (ctx) => drawTerrainSheet(ctx, terrainTypes, spec, shape) },
      { file: controlSet.image!, width: controlSheet.width, height: controlSheet.height, draw: (ctx) => drawControlSheet(ctx, sides, spec, shape) },
    ],
  };
}

