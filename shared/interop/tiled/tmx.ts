// TMX (Tiled's XML map format, https://doc.mapeditor.org/en/stable/reference/tmx-map-format/)
// to and from the TiledMap model, through fast-xml-parser in its order-preserving mode so that
// layers keep their drawing order both ways.
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { decodeLayerData, encodeCsv, TiledDataError } from './data.js';
import type { TiledLayer, TiledMap, TiledObject, TiledPoint, TiledProperty, TiledPropertyType, TiledTile, TiledTileset } from './types.js';

/** The Tiled version whose format the writer follows (Debian's Tiled 1.8 reads it). */
export const TMX_VERSION = '1.8';

type Attrs = Record<string, string | number>;
/** fast-xml-parser's ordered node: { tag: children, ':@': attributes } or { '#text': text }. */
type Node = Record<string, unknown>;

const el = (tag: string, attrs: Attrs = {}, children: Node[] = []): Node => {
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) clean[k] = String(v);
  return Object.keys(clean).length ? { [tag]: children, ':@': clean } : { [tag]: children };
};

function propertiesEl(props: readonly TiledProperty[] | undefined): Node[] {
  if (!props?.length) return [];
  return [el('properties', {}, props.map((p) => el('property', { name: p.name, ...(p.type === 'string' ? {} : { type: p.type }), value: typeof p.value === 'boolean' ? String(p.value) : p.value })))];
}

function tilesetEl(t: TiledTileset): Node {
  if (t.source) return el('tileset', { firstgid: t.firstgid, source: t.source });
  const children: Node[] = [];
  if (t.image) children.push(el('image', { source: t.image, width: t.imagewidth ?? 0, height: t.imageheight ?? 0 }));
  for (const tile of t.tiles ?? []) children.push(el('tile', { id: tile.id, ...(tile.type ? { type: tile.type } : {}) }, propertiesEl(tile.properties)));
  return el('tileset', { firstgid: t.firstgid, name: t.name, tilewidth: t.tilewidth, tileheight: t.tileheight, tilecount: t.tilecount, columns: t.columns }, children);
}

const points = (list: readonly TiledPoint[]) => list.map((p) => `${p.x},${p.y}`).join(' ');

function objectEl(o: TiledObject): Node {
  const children = propertiesEl(o.properties);
  if (o.point) children.push(el('point'));
  if (o.ellipse) children.push(el('ellipse'));
  if (o.polyline) children.push(el('polyline', { points: points(o.polyline) }));
  if (o.polygon) children.push(el('polygon', { points: points(o.polygon) }));
  const attrs: Attrs = { id: o.id };
  if (o.name) attrs.name = o.name;
  if (o.type) attrs.type = o.type;
  if (o.gid !== undefined) attrs.gid = o.gid;
  attrs.x = o.x;
  attrs.y = o.y;
  if (o.width) attrs.width = o.width;
  if (o.height) attrs.height = o.height;
  return el('object', attrs, children);
}

function layerEl(l: TiledLayer): Node {
  const common: Attrs = { id: l.id, name: l.name };
  const look: Attrs = { ...(l.visible ? {} : { visible: 0 }), ...(l.opacity !== 1 ? { opacity: l.opacity } : {}) };
  switch (l.type) {
    case 'tilelayer':
      return el('layer', { ...common, width: l.width, height: l.height, ...look }, [...propertiesEl(l.properties), el('data', { encoding: 'csv' }, [{ '#text': encodeCsv(l.data, l.width) }])]);
    case 'objectgroup':
      return el('objectgroup', { ...common, ...(l.color ? { color: l.color } : {}), ...look }, [...propertiesEl(l.properties), ...l.objects.map(objectEl)]);
    case 'group':
      return el('group', { ...common, ...look }, [...propertiesEl(l.properties), ...l.layers.map(layerEl)]);
    case 'imagelayer':
      return el('imagelayer', { ...common, ...look }, [...propertiesEl(l.properties), ...(l.image ? [el('image', { source: l.image })] : [])]);
  }
}

export function writeTmx(map: TiledMap): string {
  const attrs: Attrs = {
    version: TMX_VERSION,
    tiledversion: '1.8.2',
    orientation: map.orientation,
    renderorder: map.renderorder,
    width: map.width,
    height: map.height,
    tilewidth: map.tilewidth,
    tileheight: map.tileheight,
  };
  if (map.orientation === 'hexagonal') Object.assign(attrs, { hexsidelength: map.hexsidelength ?? 0, staggeraxis: map.staggeraxis ?? 'y', staggerindex: map.staggerindex ?? 'odd' });
  Object.assign(attrs, { infinite: map.infinite ? 1 : 0, nextlayerid: map.nextlayerid, nextobjectid: map.nextobjectid });
  const root = el('map', attrs, [...propertiesEl(map.properties), ...map.tilesets.map(tilesetEl), ...map.layers.map(layerEl)]);
  const builder = new XMLBuilder({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', format: true, indentBy: ' ', suppressEmptyNode: true });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${(builder.build([root]) as string).trim()}\n`;
}

// ---- reading ----

const tagOf = (n: Node): string => Object.keys(n).find((k) => k !== ':@') ?? '';
const attrsOf = (n: Node): Record<string, string> => (n[':@'] as Record<string, string> | undefined) ?? {};
const kids = (n: Node): Node[] => (n[tagOf(n)] as Node[] | undefined) ?? [];
const textOf = (n: Node): string =>
  kids(n)
    .map((k) => (typeof k['#text'] === 'string' || typeof k['#text'] === 'number' ? String(k['#text']) : ''))
    .join('');
const numAttr = (a: Record<string, string>, k: string, d = 0): number => (a[k] === undefined ? d : Number(a[k]));

function readProperties(n: Node): TiledProperty[] | undefined {
  const holder = kids(n).find((k) => tagOf(k) === 'properties');
  if (!holder) return undefined;
  return kids(holder)
    .filter((k) => tagOf(k) === 'property')
    .map((p) => {
      const a = attrsOf(p);
      const type = (a.type ?? 'string') as TiledPropertyType;
      const raw = a.value ?? textOf(p);
      const value = type === 'int' || type === 'float' ? Number(raw) : type === 'bool' ? raw === 'true' : raw;
      return { name: a.name ?? '', type, value };
    });
}

function readPoints(text: string | undefined): TiledPoint[] {
  return (text ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => {
      const [x, y] = pair.split(',').map(Number);
      return { x: x ?? 0, y: y ?? 0 };
    });
}

function readObject(n: Node): TiledObject {
  const a = attrsOf(n);
  const c = kids(n);
  const has = (tag: string) => c.find((k) => tagOf(k) === tag);
  const o: TiledObject = {
    id: numAttr(a, 'id'),
    name: a.name ?? '',
    type: a.class ?? a.type ?? '',
    x: numAttr(a, 'x'),
    y: numAttr(a, 'y'),
    width: numAttr(a, 'width'),
    height: numAttr(a, 'height'),
  };
  if (a.rotation) o.rotation = Number(a.rotation);
  if (a.gid) o.gid = Number(a.gid);
  if (has('point')) o.point = true;
  if (has('ellipse')) o.ellipse = true;
  const pl = has('polyline');
  if (pl) o.polyline = readPoints(attrsOf(pl).points);
  const pg = has('polygon');
  if (pg) o.polygon = readPoints(attrsOf(pg).points);
  const props = readProperties(n);
  if (props) o.properties = props;
  return o;
}

function readLayer(n: Node, mapWidth: number, mapHeight: number): TiledLayer | null {
  const a = attrsOf(n);
  const base = { id: numAttr(a, 'id'), name: a.name ?? '', visible: a.visible !== '0', opacity: numAttr(a, 'opacity', 1), properties: readProperties(n) };
  switch (tagOf(n)) {
    case 'layer': {
      const width = numAttr(a, 'width', mapWidth);
      const height = numAttr(a, 'height', mapHeight);
      const dataNode = kids(n).find((k) => tagOf(k) === 'data');
      if (!dataNode) return { ...base, type: 'tilelayer', width, height, data: new Array<number>(width * height).fill(0) };
      const d = attrsOf(dataNode);
      if (kids(dataNode).some((k) => tagOf(k) === 'chunk')) return { ...base, type: 'tilelayer', width, height, data: [], chunked: true };
      const tiles = kids(dataNode).filter((k) => tagOf(k) === 'tile');
      const data = d.encoding ? decodeLayerData(textOf(dataNode), d.encoding, d.compression, width * height, base.name) : tiles.map((t) => numAttr(attrsOf(t), 'gid'));
      if (!d.encoding && data.length !== width * height) throw new TiledDataError(`Layer "${base.name}": its data has ${data.length} tiles where the map has ${width * height}.`);
      return { ...base, type: 'tilelayer', width, height, data };
    }
    case 'objectgroup':
      return { ...base, type: 'objectgroup', objects: kids(n).filter((k) => tagOf(k) === 'object').map(readObject) };
    case 'group':
      return { ...base, type: 'group', layers: kids(n).map((k) => readLayer(k, mapWidth, mapHeight)).filter((l): l is TiledLayer => l !== null) };
    case 'imagelayer': {
      const img = kids(n).find((k) => tagOf(k) === 'image');
      return { ...base, type: 'imagelayer', ...(img ? { image: attrsOf(img).source } : {}) };
    }
    default:
      return null;
  }
}

function readTileset(n: Node): TiledTileset {
  const a = attrsOf(n);
  const img = kids(n).find((k) => tagOf(k) === 'image');
  const ia = img ? attrsOf(img) : {};
  const tiles: TiledTile[] = kids(n)
    .filter((k) => tagOf(k) === 'tile')
    .map((t) => {
      const ta = attrsOf(t);
      const tile: TiledTile = { id: numAttr(ta, 'id') };
      const type = ta.class ?? ta.type;
      if (type) tile.type = type;
      const props = readProperties(t);
      if (props) tile.properties = props;
      return tile;
    });
  const t: TiledTileset = {
    firstgid: numAttr(a, 'firstgid', 1),
    name: a.name ?? '',
    tilewidth: numAttr(a, 'tilewidth'),
    tileheight: numAttr(a, 'tileheight'),
    tilecount: numAttr(a, 'tilecount'),
    columns: numAttr(a, 'columns'),
    spacing: numAttr(a, 'spacing'),
    margin: numAttr(a, 'margin'),
    tiles,
  };
  if (a.source) t.source = a.source;
  if (ia.source) Object.assign(t, { image: ia.source, imagewidth: numAttr(ia, 'width'), imageheight: numAttr(ia, 'height') });
  return t;
}

/** A TMX document as a TiledMap; throws TiledDataError with a sentence when it is not one. */
export function readTmx(xml: string): TiledMap {
  const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', parseAttributeValue: false, parseTagValue: false, trimValues: false });
  let doc: Node[];
  try {
    doc = parser.parse(xml) as Node[];
  } catch (err) {
    throw new TiledDataError(`The file is not well-formed XML (${err instanceof Error ? err.message : String(err)}).`);
  }
  const root = doc.find((n) => tagOf(n) === 'map');
  if (!root) throw new TiledDataError('The file has no <map> element, so it is not a Tiled map (.tmx).');
  const a = attrsOf(root);
  const width = numAttr(a, 'width');
  const height = numAttr(a, 'height');
  const layers = kids(root)
    .filter((k) => ['layer', 'objectgroup', 'group', 'imagelayer'].includes(tagOf(k)))
    .map((k) => readLayer(k, width, height))
    .filter((l): l is TiledLayer => l !== null);
  const map: TiledMap = {
    orientation: (a.orientation ?? 'orthogonal') as TiledMap['orientation'],
    renderorder: 'right-down',
    width,
    height,
    tilewidth: numAttr(a, 'tilewidth'),
    tileheight: numAttr(a, 'tileheight'),
    infinite: a.infinite === '1',
    nextlayerid: numAttr(a, 'nextlayerid', 1),
    nextobjectid: numAttr(a, 'nextobjectid', 1),
    tilesets: kids(root).filter((k) => tagOf(k) === 'tileset').map(readTileset),
    layers,
  };
  if (a.hexsidelength !== undefined) map.hexsidelength = Number(a.hexsidelength);
  if (a.staggeraxis === 'x' || a.staggeraxis === 'y') map.staggeraxis = a.staggeraxis;
  if (a.staggerindex === 'odd' || a.staggerindex === 'even') map.staggerindex = a.staggerindex;
  const props = readProperties(root);
  if (props) map.properties = props;
  return map;
}
