// Whole-map SVG export: the map drawn by the print's drawing code on an SVG surface, so it
// stays sharp and editable and matches the printed map. (PNG export is the Export image
// dialog: the host draws the same code on a raster surface, components/ExportImage.)
import { resolveOptions } from '../../../shared/format/defaults.js';
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { createGrid } from '../../../shared/grid/index.js';
import type { Cell } from '../../../shared/grid/types.js';
import { drawMap, type MapStyle } from '../../../shared/print/map-draw.js';
import { buildPrintModel } from '../../../shared/print/model.js';
import { DEFAULT_LINE_COLOUR, DEFAULT_LINE_WIDTH_MM } from '../../../shared/print/options.js';
import { hexToRgb, type PrintFonts } from '../../../shared/print/surface.js';
import { SvgSurface, type SvgFont } from '../../../shared/print/svg-surface.js';
import { toMm } from '../../../shared/print/units.js';
import type { MapLayers } from './draw.js';

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
  const cells = scenario.map.grid.cols * scenario.map.grid.rows;
  if (cells > MAX_SVG_CELLS) {
    throw new RangeError(`This map has ${cells.toLocaleString('en')} cells; an SVG of it would be too large to open. Export a PNG, or print it as a PDF.`);
  }
  const grid = createGrid(scenario.map.grid);
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
