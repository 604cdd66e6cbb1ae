// Whole-map SVG export, drawn by the one map painter (shared/paint) the screen uses, on an SVG
// surface in millimetres at the printed cell size, so it stays sharp and editable and matches
// the printed map. (PNG export is the Export image dialog: the host draws the same painter on a
// Skia canvas, in bands, components/ExportImage.)
import { gridSpecOf } from '../../../shared/format/defaults.js';
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { createGrid } from '../../../shared/grid/index.js';
import { buildPaintModel } from '../../../shared/paint/model.js';
import type { PaintStyle } from '../../../shared/paint/painter.js';
import type { PrintFonts } from '../../../shared/print/surface.js';
import { SvgSurface, type SvgFont, type SvgImage } from '../../../shared/print/svg-surface.js';
import { toMm } from '../../../shared/print/units.js';
import { framedBounds, frameTextOf, NO_FRAME, paintFramedMap, type FrameParts } from '../../../shared/paint/frame.js';
import { paintUnderlay } from '../../../shared/paint/underlay.js';
import { screenStyle, type MapLayers } from './draw.js';

/** Cells past which an SVG grows too large (tens of megabytes) to open in an editor; a PNG or the print suits such maps. */
export const MAX_SVG_CELLS = 160_000;

/** What the SVG shows: the View panel's layer toggles. */
export interface SvgLayers extends MapLayers {
  units: boolean;
}

/**
 * The whole map as SVG text, drawn by the map painter in millimetres at the printed cell size:
 * the file opens at true size, looks like the PNG and the PDF, and keeps each part of the map
 * (terrain, symbols, control, rivers, roads, bridges, grid, markers, names, coordinates, units)
 * in a named group.
 */
export function exportSvg(scenario: Scenario, layers: SvgLayers, fonts: PrintFonts<SvgFont>, frame: FrameParts = NO_FRAME, underlay?: SvgImage): string {
  const spec = gridSpecOf(scenario);
  const cells = spec.cols * spec.rows;
  if (cells > MAX_SVG_CELLS) {
    throw new RangeError(`This map has ${cells.toLocaleString('en')} cells; an SVG of it would be too large to open. Export a PNG, or print it as a PDF.`);
  }
  const grid = createGrid(spec);
  const size = toMm(scenario.map.cellSize);
  const model = buildPaintModel(scenario, grid);
  // Legibility as on a 300 dpi print: everything a printed map shows.
  const style = exportStyle(layers, 300 / 25.4);
  const bounds = framedBounds(model, size, frame, style);
  // Tenths of a millimetre are finer than any printer draws.
  const svg = new SvgSurface(1);
  paintFramedMap(svg, fonts, model, size, style, frame, frameTextOf(scenario), underlay && scenario.map.underlay ? (s) => paintUnderlay(s, underlay, scenario.map.underlay!, size) : undefined);
  return svg.toSvg(bounds, { width: bounds.width, height: bounds.height, unit: 'mm' }, scenario.title);
}


/** What an exported image shows, from the View panel's toggles, at `pxPerUnit` device pixels per drawing unit. */
export function exportStyle(layers: SvgLayers, pxPerUnit: number): PaintStyle {
  const style = screenStyle(pxPerUnit, layers);
  return { ...style, layers: { ...style.layers, units: layers.units } };
}
