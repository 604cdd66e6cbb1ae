// The app's side of the Tiled exchange: an export packed as one .zip (the map and its two
// tileset pictures, which Tiled needs beside the map), drawn by the painter on a browser canvas;
// and reading what the designer picked for an import (a map file, optionally with its pictures,
// or such a .zip).
import { unzipSync, zipSync } from 'fflate';
import type { Scenario } from '../../../../shared/format/scenario.types.js';
import type { TileSheet } from '../../../../shared/interop/tiled/export.js';
import { fileNameFor, fileStem } from '../../../../shared/format/file-name.js';
import { readTiled, tiledFiles, tiledFormatOf, type TiledFormat } from '../../../../shared/interop/tiled/files.js';
import type { SheetContext } from '../../../../shared/interop/tiled/tiles.js';
import type { TiledMap } from '../../../../shared/interop/tiled/types.js';
import { vassalModuleOf } from '../../../../shared/interop/vassal/module.js';

async function paintSheet(sheet: Pick<TileSheet, 'width' | 'height' | 'draw'>): Promise<Uint8Array> {
  const canvas = document.createElement('canvas');
  canvas.width = sheet.width;
  canvas.height = sheet.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser could not make a drawing surface for the tileset picture.');
  sheet.draw(ctx as unknown as SheetContext);
  const blob = await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The tileset picture could not be encoded.'))), 'image/png'));
  return new Uint8Array(await blob.arrayBuffer());
}

/** The export as a zip: `<stem>.tmx|tmj`, `<stem>-terrain.png`, `<stem>-control.png`. */
export async function tiledZip(scenario: Scenario, format: TiledFormat): Promise<{ blob: Blob; fileName: string; files: string[] }> {
  const stem = fileStem(scenario.title, 'map');
  const files = await tiledFiles(scenario, format, stem, paintSheet);
  const zipped = zipSync(Object.fromEntries(files.map((f) => [f.name, f.bytes])), { level: 6 });
  return { blob: new Blob([zipped as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), fileName: fileNameFor(scenario.title, 'zip', ['Tiled'], 'map'), files: files.map((f) => f.name) };
}

/** A map file picked for import, with any pictures that came with it (by file name). */
export interface PickedTiled {
  fileName: string;
  map: TiledMap;
  images: Map<string, Blob>;
}

const baseName = (path: string) => path.split(/[\\/]/).pop() ?? path;

/** Reads the picked files: one .tmx/.tmj (or a .zip holding one) and optionally its .png tilesets. */
export async function readPicked(files: readonly File[]): Promise<PickedTiled> {
  const entries: { name: string; bytes: () => Promise<Uint8Array> }[] = [];
  for (const f of files) {
    if (/\.zip$/i.test(f.name)) {
      const inner = unzipSync(new Uint8Array(await f.arrayBuffer()));
      for (const [name, bytes] of Object.entries(inner)) if (!name.endsWith('/')) entries.push({ name: baseName(name), bytes: async () => bytes });
    } else entries.push({ name: f.name, bytes: async () => new Uint8Array(await f.arrayBuffer()) });
  }
  const maps = entries.filter((e) => tiledFormatOf(e.name) !== null);
  if (maps.length === 0) throw new Error('Pick a Tiled map (.tmx or .tmj), or a .zip holding one; add its tileset pictures (.png) if its tiles carry no terrain.');
  if (maps.length > 1) throw new Error(`Pick one Tiled map at a time (${maps.map((m) => m.name).join(', ')}).`);
  const chosen = maps[0]!;
  const text = new TextDecoder().decode(await chosen.bytes());
  const map = readTiled(chosen.name, text);
  const images = new Map<string, Blob>();
  for (const e of entries) if (/\.png$/i.test(e.name)) images.set(e.name, new Blob([(await e.bytes()) as Uint8Array<ArrayBuffer>], { type: 'image/png' }));
  return { fileName: chosen.name, map, images };
}

/** The picture a tileset names, among those picked (matched by file name). */
export const imageFor = (picked: PickedTiled, source: string | undefined): Blob | undefined => (source ? picked.images.get(baseName(source)) : undefined);

/** A VASSAL module (.vmod): buildFile.xml, moduledata and its pictures, drawn on browser canvases. */
export async function vassalZip(scenario: Scenario, cellPx: number): Promise<{ blob: Blob; fileName: string; pictures: number }> {
  const module = vassalModuleOf(scenario, { cellPx });
  const text = new TextEncoder();
  const entries: Record<string, Uint8Array> = { 'buildFile.xml': text.encode(module.buildFile), moduledata: text.encode(module.moduleData) };
  for (const image of module.images) if (!entries[image.path]) entries[image.path] = await paintSheet(image);
  const zipped = zipSync(entries, { level: 6 });
  return { blob: new Blob([zipped as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), fileName: fileNameFor(scenario.title, 'vmod', [], 'map'), pictures: module.images.length };
}
