// Tile layer data as Tiled stores it (TMX reference, "<data>"): CSV, or base64 of little-endian
// unsigned 32-bit gids, uncompressed or compressed with zlib or gzip (fflate inflates both;
// zstd is refused with a message). Flip flags stay on the gids.
import { gunzipSync, unzlibSync } from 'fflate';

export class TiledDataError extends Error {}

function base64Bytes(text: string): Uint8Array {
  const clean = text.replace(/\s+/g, '');
  let binary: string;
  try {
    binary = atob(clean);
  } catch {
    throw new TiledDataError('The layer data is not valid base64.');
  }
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** The gids of a layer's data, `count` of them. */
export function decodeLayerData(text: string, encoding: string | undefined, compression: string | undefined, count: number, layerName: string): number[] {
  if (encoding === 'csv') {
    const parts = text.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
    if (parts.length !== count) throw new TiledDataError(`Layer "${layerName}": its CSV data has ${parts.length} tiles where the map has ${count}.`);
    return parts.map((s) => {
      const v = Number(s);
      if (!Number.isInteger(v) || v < 0 || v > 0xffffffff) throw new TiledDataError(`Layer "${layerName}": "${s}" in its CSV data is not a tile id.`);
      return v;
    });
  }
  if (encoding === 'base64') {
    let bytes = base64Bytes(text);
    try {
      if (compression === 'zlib') bytes = unzlibSync(bytes);
      else if (compression === 'gzip') bytes = gunzipSync(bytes);
      else if (compression && compression !== '') throw new TiledDataError(`Layer "${layerName}" is compressed with ${compression}, which Gridfront does not read: save it from Tiled with zlib, gzip or no compression.`);
    } catch (err) {
      if (err instanceof TiledDataError) throw err;
      throw new TiledDataError(`Layer "${layerName}": its ${compression} data could not be decompressed (${err instanceof Error ? err.message : String(err)}).`);
    }
    if (bytes.length !== count * 4) throw new TiledDataError(`Layer "${layerName}": its data holds ${bytes.length / 4} tiles where the map has ${count}.`);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return Array.from({ length: count }, (_, i) => view.getUint32(i * 4, true));
  }
  throw new TiledDataError(`Layer "${layerName}": unknown data encoding "${encoding}".`);
}

/** CSV as Tiled writes it: one line per row. */
export function encodeCsv(data: readonly number[], width: number): string {
  const lines: string[] = [];
  for (let i = 0; i < data.length; i += width) lines.push(data.slice(i, i + width).join(','));
  return `\n${lines.join(',\n')}\n`;
}
