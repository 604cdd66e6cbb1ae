// Whole-map image export. PNG: the map drawn off screen by the same chunk painters as the
// canvas, at a chosen number of pixels per cell. SVG: the map drawn by the print's drawing
// code on an SVG surface, so it stays sharp and editable and matches the printed map;
// nothing is read back from a canvas.
import { gridSpecOf, resolveOptions } from '../../../shared/format/defaults.js';
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { createGrid } from '../../../shared/grid/index.js';
import type { Cell } from '../../../shared/grid/types.js';
import { drawMap, type MapStyle } from '../../../shared/print/map-draw.js';
import { buildPrintModel } from '../../../shared/print/model.js';
import { DEFAULT_LINE_COLOUR, DEFAULT_LINE_WIDTH_MM } from '../../../shared/print/options.js';
import { hexToRgb, type PrintFonts } from '../../../shared/print/surface.js';
import { SvgSurface, type SvgFont } from '../../../shared/print/svg-surface.js';
import { toMm } from '../../../shared/print/units.js';
import { bucketEdges, buildChunk, chunkRanges } from './chunks.js';
import { drawBase, drawFeatures, drawLabels, type MapLayers } from './draw.js';
import { detailFor } from './lod.js';
import type { MapModel } from './model.js';

/** Map pixels per cell the geometry is computed at. */
const SIZE = 100;
/** Browsers refuse canvases much larger than this on a side. */
export const MAX_PNG_SIDE = 16384;

/** Largest pixels-per-cell a PNG of this map can have. */
export function maxPngCellPx(model: MapModel): number {
  const b = model.grid.bounds(SIZE);
  return Math.floor((MAX_PNG_SIDE / Math.max(b.width, b.height)) * SIZE);
}

/** The whole map as a PNG blob at `cellPx` pixels across a cell. */
export async function exportPng(model: MapModel, cellPx: number, layers?: MapLayers): Promise<Blob> {
  const scale = Math.min(cellPx, maxPngCellPx(model)) / SIZE;
  const b = model.grid.bounds(SIZE);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.ceil(b.width * scale));
  canvas.height = Math.max(1, Math.ceil(b.height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser could not make a drawing surface for the image.');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.setTransform(scale, 0, 0, scale, -b.x * scale, -b.y * scale);
  const detail = { ...detailFor(SIZE * scale), bitmap: false };
  const edges = bucketEdges(model);
  const c = model.grid.center({ col: 0, row: 0 }, SIZE);
  const corners = model.grid.corners({ col: 0, row: 0 }, SIZE).map((p) => ({ x: p.x - c.x, y: p.y - c.y }));
  const chunks = chunkRanges(model).map((range) => buildChunk(model, SIZE, range, edges));
  // Pass by pass over all chunks, so a chunk's fills never cover its neighbour's lines.
  for (const pass of [drawBase, drawFeatures, drawLabels]) {
    for (const chunk of chunks) pass({ ctx, model, chunk, size: SIZE, scale, detail, corners, layers });
  }
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The PNG could not be encoded.'))), 'image/png'));
}

/** Cells past which an SVG grows too large (tens of megabytes) to open in an editor; a PNG or the print suits such maps. */
export const MAX_SVG_CELLS = 160_000;

/** What the SVG shows: the View panel's layer toggles. */
export interface SvgLayers extends MapLayers {
  units: boolean;
}

/**
 * The whole map as SVG text, drawn by the print's own drawing code (shared/print) in
 * millimetres at the printed cell size: the file opens at true size, looks like the PDF, and
 * keeps each part of the map (terrain, control, rivers, roads, bridges, grid, markers, names,
 * coordinates, units) in a named group.
 */
export function exportSvg(scenario: Scenario, layers: SvgLayers, fonts: PrintFonts<SvgFont>): string {
  const spec = gridSpecOf(scenario);
  const cells = spec.cols * spec.rows;
  if (cells > MAX_SVG_CELLS) {
    throw new RangeError(`This map has ${cells.toLocaleString('en')} cells; an SVG of it would be too large to open. Export a PNG, or print it as a PDF.`);
  }
  const grid = createGrid(spec);
  const size = toMm(scenario.map.cellSize);
  const model = buildPrintModel(scenario, grid, size);
  const all: Cell[] = [];
  for (let row = 0; row < grid.spec.rows; row++) for (let col = 0; col < grid.spec.cols; col++) all.push({ col, row });
  const bounds = grid.bounds(size);
  const style: MapStyle = {
    mode: 'full',
    layers: { terrain: layers.terrain, rivers: layers.edges, roads: layers.routes, control: layers.control, markers: layers.markers, names: layers.markers, units: layers.units },
    coordinates: { show: layers.coordinates, position: 'top' },
    lineColour: hexToRgb(DEFAULT_LINE_COLOUR),
    gridWidth: DEFAULT_LINE_WIDTH_MM,
    minTextMm: 0,
    victoryVpDefault: resolveOptions(scenario).victoryCellVpPerTurn,
  };
  // Tenths of a millimetre are finer than any printer draws.
  const svg = new SvgSurface(1);
  drawMap(svg, model, all, bounds, style, fonts);
  return svg.toSvg(bounds, { width: bounds.width, height: bounds.height, unit: 'mm' }, scenario.title);
}

/** Offers a blob to the user as a file download (the browser or Electron asks where). */
export function download(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
