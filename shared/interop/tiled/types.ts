// A Tiled map as Gridfront reads and writes it: the subset of Tiled's data model (TMX / TMJ,
// https://doc.mapeditor.org/en/stable/reference/tmx-map-format/ and json-map-format/) that a
// wargame map uses. Field names follow the TMJ (JSON) format; tmx.ts and tmj.ts turn this into
// and out of each file. Tile layers hold global tile ids (gids) with Tiled's flip flags intact.

export type TiledPropertyType = 'string' | 'int' | 'float' | 'bool' | 'color' | 'file' | 'object' | 'class';

export interface TiledProperty {
  name: string;
  type: TiledPropertyType;
  value: string | number | boolean;
}

export interface TiledTile {
  /** Local id within its tileset. */
  id: number;
  /** The tile's class (Tiled 1.9+) or type. */
  type?: string;
  properties?: TiledProperty[];
}

export interface TiledTileset {
  firstgid: number;
  name: string;
  tilewidth: number;
  tileheight: number;
  tilecount: number;
  columns: number;
  spacing?: number;
  margin?: number;
  /** Image file, relative to the map file. */
  image?: string;
  imagewidth?: number;
  imageheight?: number;
  tiles?: TiledTile[];
  /** An external tileset (.tsx / .tsj) the map points to instead of embedding it. */
  source?: string;
}

export interface TiledPoint {
  x: number;
  y: number;
}

export interface TiledObject {
  id: number;
  name: string;
  type: string;
  x: number;
  y: number;
  width: number;
  height: number;
  rotation?: number;
  point?: boolean;
  ellipse?: boolean;
  polyline?: TiledPoint[];
  polygon?: TiledPoint[];
  /** A tile object. */
  gid?: number;
  properties?: TiledProperty[];
}

interface LayerBase {
  id: number;
  name: string;
  visible: boolean;
  opacity: number;
  properties?: TiledProperty[];
}

export interface TiledTileLayer extends LayerBase {
  type: 'tilelayer';
  width: number;
  height: number;
  /** width × height gids, row by row, flip flags kept (unsigned 32-bit). */
  data: number[];
  /** Only for reporting what a file held: chunks of an infinite map are not read. */
  chunked?: boolean;
}

export interface TiledObjectGroup extends LayerBase {
  type: 'objectgroup';
  /** The colour Tiled draws the layer's objects in (#rrggbb). */
  color?: string;
  objects: TiledObject[];
}

export interface TiledGroupLayer extends LayerBase {
  type: 'group';
  layers: TiledLayer[];
}

export interface TiledImageLayer extends LayerBase {
  type: 'imagelayer';
  image?: string;
}

export type TiledLayer = TiledTileLayer | TiledObjectGroup | TiledGroupLayer | TiledImageLayer;

export interface TiledMap {
  orientation: 'orthogonal' | 'hexagonal' | 'isometric' | 'staggered';
  renderorder: 'right-down';
  width: number;
  height: number;
  tilewidth: number;
  tileheight: number;
  hexsidelength?: number;
  staggeraxis?: 'x' | 'y';
  staggerindex?: 'odd' | 'even';
  infinite: boolean;
  nextlayerid: number;
  nextobjectid: number;
  properties?: TiledProperty[];
  tilesets: TiledTileset[];
  layers: TiledLayer[];
}

/** Tiled's flag bits on a gid (TMX format reference, "Tile Flipping"). */
export const FLIPPED_HORIZONTALLY = 0x80000000;
export const FLIPPED_VERTICALLY = 0x40000000;
export const FLIPPED_DIAGONALLY = 0x20000000;
export const ROTATED_HEXAGONAL_120 = 0x10000000;
export const GID_MASK = 0x0fffffff;

export const propertyValue = (props: readonly TiledProperty[] | undefined, name: string): string | number | boolean | undefined =>
  props?.find((p) => p.name === name)?.value;

/** A file the export writes beside the map (tileset images). */
export interface TiledSideFile {
  /** File name relative to the map file. */
  name: string;
  bytes: Uint8Array;
}
