// TMJ (Tiled's JSON map format, https://doc.mapeditor.org/en/stable/reference/json-map-format/)
// to and from the TiledMap model. Tile data is written as plain arrays (Tiled's default "csv"
// encoding in JSON) and read as arrays or base64 (zlib/gzip).
import { decodeLayerData, TiledDataError } from './data.js';
import type { TiledLayer, TiledMap, TiledObject, TiledProperty, TiledTileset } from './types.js';

function layerJson(l: TiledLayer): Record<string, unknown> {
  const base: Record<string, unknown> = { id: l.id, name: l.name, type: l.type, visible: l.visible, opacity: l.opacity, x: 0, y: 0 };
  if (l.properties?.length) base.properties = l.properties;
  switch (l.type) {
    case 'tilelayer':
      return { ...base, width: l.width, height: l.height, data: l.data };
    case 'objectgroup':
      return { ...base, ...(l.color ? { color: l.color } : {}), draworder: 'topdown', objects: l.objects.map((o) => ({ ...o, rotation: o.rotation ?? 0, visible: true })) };
    case 'group':
      return { ...base, layers: l.layers.map(layerJson) };
    case 'imagelayer':
      return { ...base, image: l.image ?? '' };
  }
}

export function writeTmj(map: TiledMap): string {
  const out: Record<string, unknown> = {
    type: 'map',
    version: '1.8',
    tiledversion: '1.8.2',
    orientation: map.orientation,
    renderorder: map.renderorder,
    width: map.width,
    height: map.height,
    tilewidth: map.tilewidth,
    tileheight: map.tileheight,
  };
  if (map.orientation === 'hexagonal') Object.assign(out, { hexsidelength: map.hexsidelength ?? 0, staggeraxis: map.staggeraxis ?? 'y', staggerindex: map.staggerindex ?? 'odd' });
  Object.assign(out, {
    infinite: map.infinite,
    nextlayerid: map.nextlayerid,
    nextobjectid: map.nextobjectid,
    compressionlevel: -1,
    properties: map.properties ?? [],
    tilesets: map.tilesets.map((t) => (t.source ? { firstgid: t.firstgid, source: t.source } : { ...t, margin: t.margin ?? 0, spacing: t.spacing ?? 0 })),
    layers: map.layers.map(layerJson),
  });
  return `${JSON.stringify(out, null, 1)}\n`;
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const n = (v: unknown, d = 0): number => (typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : d);
const s = (v: unknown, d = ''): string => (typeof v === 'string' ? v : d);

function props(v: unknown): TiledProperty[] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v.filter(isObj).map((p) => ({ name: s(p.name), type: (s(p.type) || 'string') as TiledProperty['type'], value: (p.value ?? '') as TiledProperty['value'] }));
}

function readObject(o: Json): TiledObject {
  const out: TiledObject = { id: n(o.id), name: s(o.name), type: s(o.class) || s(o.type), x: n(o.x), y: n(o.y), width: n(o.width), height: n(o.height) };
  if (o.rotation) out.rotation = n(o.rotation);
  if (o.gid !== undefined) out.gid = n(o.gid);
  if (o.point === true) out.point = true;
  if (o.ellipse === true) out.ellipse = true;
  if (Array.isArray(o.polyline)) out.polyline = o.polyline.filter(isObj).map((p) => ({ x: n(p.x), y: n(p.y) }));
  if (Array.isArray(o.polygon)) out.polygon = o.polygon.filter(isObj).map((p) => ({ x: n(p.x), y: n(p.y) }));
  const p = props(o.properties);
  if (p) out.properties = p;
  return out;
}

function readLayer(l: Json, mapWidth: number, mapHeight: number): TiledLayer | null {
  const base = { id: n(l.id), name: s(l.name), visible: l.visible !== false, opacity: n(l.opacity, 1), properties: props(l.properties) };
  switch (l.type) {
    case 'tilelayer': {
      const width = n(l.width, mapWidth);
      const height = n(l.height, mapHeight);
      if (Array.isArray(l.chunks)) return { ...base, type: 'tilelayer', width, height, data: [], chunked: true };
      const data = Array.isArray(l.data)
        ? l.data.map((v) => n(v))
        : typeof l.data === 'string'
          ? decodeLayerData(l.data, s(l.encoding, 'base64'), s(l.compression), width * height, base.name)
          : new Array<number>(width * height).fill(0);
      if (data.length !== width * height) throw new TiledDataError(`Layer "${base.name}": its data has ${data.length} tiles where the map has ${width * height}.`);
      return { ...base, type: 'tilelayer', width, height, data };
    }
    case 'objectgroup':
      return { ...base, type: 'objectgroup', objects: (Array.isArray(l.objects) ? l.objects : []).filter(isObj).map(readObject) };
    case 'group':
      return { ...base, type: 'group', layers: (Array.isArray(l.layers) ? l.layers : []).filter(isObj).map((c) => readLayer(c, mapWidth, mapHeight)).filter((c): c is TiledLayer => c !== null) };
    case 'imagelayer':
      return { ...base, type: 'imagelayer', image: s(l.image) };
    default:
      return null;
  }
}

function readTileset(t: Json): TiledTileset {
  const out: TiledTileset = {
    firstgid: n(t.firstgid, 1),
    name: s(t.name),
    tilewidth: n(t.tilewidth),
    tileheight: n(t.tileheight),
    tilecount: n(t.tilecount),
    columns: n(t.columns),
    spacing: n(t.spacing),
    margin: n(t.margin),
    tiles: (Array.isArray(t.tiles) ? t.tiles : []).filter(isObj).map((tile) => {
      const type = s(tile.class) || s(tile.type);
      const p = props(tile.properties);
      return { id: n(tile.id), ...(type ? { type } : {}), ...(p ? { properties: p } : {}) };
    }),
  };
  if (typeof t.source === 'string') out.source = t.source;
  if (typeof t.image === 'string') Object.assign(out, { image: t.image, imagewidth: n(t.imagewidth), imageheight: n(t.imageheight) });
  return out;
}

export function readTmj(text: string): TiledMap {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new TiledDataError(`The file is not valid JSON (${err instanceof Error ? err.message : String(err)}).`);
  }
  if (!isObj(doc) || (doc.type !== undefined && doc.type !== 'map') || typeof doc.width !== 'number') throw new TiledDataError('The file is not a Tiled JSON map (.tmj): it has no map type and size.');
  const width = n(doc.width);
  const height = n(doc.height);
  const map: TiledMap = {
    orientation: (s(doc.orientation) || 'orthogonal') as TiledMap['orientation'],
    renderorder: 'right-down',
    width,
    height,
    tilewidth: n(doc.tilewidth),
    tileheight: n(doc.tileheight),
    infinite: doc.infinite === true,
    nextlayerid: n(doc.nextlayerid, 1),
    nextobjectid: n(doc.nextobjectid, 1),
    tilesets: (Array.isArray(doc.tilesets) ? doc.tilesets : []).filter(isObj).map(readTileset),
    layers: (Array.isArray(doc.layers) ? doc.layers : []).filter(isObj).map((l) => readLayer(l, width, height)).filter((l): l is TiledLayer => l !== null),
  };
  if (doc.hexsidelength !== undefined) map.hexsidelength = n(doc.hexsidelength);
  if (doc.staggeraxis === 'x' || doc.staggeraxis === 'y') map.staggeraxis = doc.staggeraxis;
  if (doc.staggerindex === 'odd' || doc.staggerindex === 'even') map.staggerindex = doc.staggerindex;
  const p = props(doc.properties);
  if (p) map.properties = p;
  return map;
}
