// The files of a Tiled export (the map, then its two tileset pictures) and reading a map file by
// its extension. Pictures are drawn by the caller's canvas (a browser canvas in the app,
// @napi-rs/canvas on the command line) and encoded as PNG there.
import type { Scenario } from '../../format/scenario.types.js';
import { tiledMapOf, type TileSheet } from './export.js';
import { readTmj, writeTmj } from './tmj.js';
import { readTmx, writeTmx } from './tmx.js';
import type { TiledMap, TiledSideFile } from './types.js';
import { TiledDataError } from './data.js';

export type TiledFormat = 'tmx' | 'tmj';

/** Draws a tileset picture and returns its PNG bytes. */
export type SheetPainter = (sheet: TileSheet) => Promise<Uint8Array> | Uint8Array;

export async function tiledFiles(scenario: Scenario, format: TiledFormat, stem: string, paint: SheetPainter): Promise<TiledSideFile[]> {
  const { map, sheets } = tiledMapOf(scenario, stem);
  const text = format === 'tmx' ? writeTmx(map) : writeTmj(map);
  const files: TiledSideFile[] = [{ name: `${stem}.${format}`, bytes: new TextEncoder().encode(text) }];
  for (const sheet of sheets) files.push({ name: sheet.file, bytes: await paint(sheet) });
  return files;
}

/** The format a map file's name says it is in, or null. */
export function tiledFormatOf(fileName: string): TiledFormat | null {
  const m = /\.(tmx|tmj|json)$/i.exec(fileName);
  if (!m) return null;
  return m[1]!.toLowerCase() === 'tmx' ? 'tmx' : 'tmj';
}

export function readTiled(fileName: string, text: string): TiledMap {
  const format = tiledFormatOf(fileName) ?? (text.trimStart().startsWith('<') ? 'tmx' : 'tmj');
  if (format === 'tmx') return readTmx(text);
  if (text.trimStart().startsWith('<')) throw new TiledDataError(`${fileName} holds XML; name it .tmx.`);
  return readTmj(text);
}
