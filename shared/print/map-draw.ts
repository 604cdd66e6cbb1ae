// The print's side of map drawing: print options turned into the painter's style (shared/paint,
// the one symbology of screen and exports), drawn in map millimetres onto a surface whose
// transform the caller has set — the PDF page, the dialog's preview and the SVG export alike —
// plus the tiles' registration marks.
import { resolveOptions } from '../format/defaults.js';
import type { Scenario } from '../format/scenario.types.js';
import type { Cell, Rect } from '../grid/index.js';
import { defaultStyle, paintMap, type PaintStyle, type SmallNames } from '../paint/painter.js';
import type { PrintLayout, PrintPage } from './layout.js';
import type { PrintModel } from './model.js';
import type { CoordinatePosition, PrintLayers, PrintMode } from './options.js';
import { hexToRgb, type PrintFont, type PrintFonts, type PrintSurface, type Rgb } from './surface.js';

export interface MapStyle {
  mode: PrintMode;
  layers: PrintLayers;
  coordinates: { show: boolean; position: CoordinatePosition };
  lineColour: Rgb;
  /** Grid line width in map mm. */
  gridWidth: number;
  /** Text smaller than this (map mm) is left out: it would not be legible. */
  minTextMm: number;
  victoryVpDefault: number;
  /** The printed cell size across flats (map mm). */
  cellSizeMm: number;
  /** Paper mm per map mm (1 on tiles, less on the assembly sheet). */
  reduction?: number;
  /** Place names under minTextMm: enlarged to it or left out (print option smallNames). */
  smallNames: SmallNames;
}

/**
 * How the map is drawn for a layout: on tiles at full size (`reduction` 1) or reduced (the
 * assembly sheet: map mm shown at `reduction` of their size on paper).
 */
export function mapStyleFor(scenario: Scenario, layout: PrintLayout, reduction: number): MapStyle {
  const o = layout.options;
  return {
    mode: o.mode,
    layers: o.layers,
    coordinates: { show: o.coordinates.style !== 'none', position: o.coordinates.position },
    lineColour: hexToRgb(o.lineColour),
    // On a reduced sheet keep grid lines about 0.15 mm wide on paper.
    gridWidth: reduction === 1 ? o.lineWidthMm : Math.min(o.lineWidthMm, 0.15) / reduction,
    // Text under about 1.3 mm on paper is noise; leave it out.
    minTextMm: reduction === 1 ? 0 : 1.3 / reduction,
    victoryVpDefault: resolveOptions(scenario).victoryCellVpPerTurn,
    cellSizeMm: layout.cellSizeMm,
    reduction,
    smallNames: o.smallNames,
  };
}

/** The part of the map the assembly sheet shows (map mm): every tile's window, overlaps included. */
export function assemblyMapExtent(layout: PrintLayout): Rect {
  const first = layout.pages[0]!.window;
  const last = layout.pages[layout.pages.length - 1]!.window;
  return { x: first.x, y: first.y, width: last.x + last.width - first.x, height: last.y + last.height - first.y };
}

/** The crosshair circles that line tiles up, in map mm. */
export function drawRegistrationMarks(cv: PrintSurface, page: PrintPage): void {
  cv.buttCaps().strokeStyle([0, 0, 0], 0.15);
  for (const m of page.registrationMarks) {
    const r = m.radiusMm;
    cv.circle(m.at, r * 0.7);
    cv.segment({ x: m.at.x - r, y: m.at.y }, { x: m.at.x + r, y: m.at.y });
    cv.segment({ x: m.at.x, y: m.at.y - r }, { x: m.at.x, y: m.at.y + r });
  }
  cv.stroke();
}

/** The painter's style for a print at `reduction` (1 on tiles; the assembly sheet's scale). */
export function paintStyleOf(style: MapStyle, reduction = 1): PaintStyle {
  const l = style.layers;
  const outline = style.mode === 'outline';
  const base = defaultStyle(PRINT_PX_PER_MM * reduction);
  return {
    ...base,
    layers: {
      terrain: l.terrain,
      symbols: l.terrain && !outline,
      control: l.control,
      rivers: l.rivers,
      roads: l.roads,
      grid: true,
      markers: l.markers,
      names: l.names,
      coordinates: style.coordinates.show,
      units: l.units,
    },
    outline,
    grid: { colour: style.lineColour, width: style.gridWidth / style.cellSizeMm, alpha: 1 },
    coordinates: style.coordinates.position,
    minTextPx: style.minTextMm * PRINT_PX_PER_MM * reduction,
    smallNames: style.smallNames,
  };
}

/** Printer dots per millimetre the legibility limits assume (300 dpi). */
const PRINT_PX_PER_MM = 300 / 25.4;

/**
 * Draws the map in `view` (map mm) with the one map painter: the PDF's tiles and assembly
 * sheet, the print preview and the SVG export. `cells` is kept for callers; the painter finds
 * the cells reaching into the view itself.
 */
export function drawMap<F extends PrintFont>(cv: PrintSurface<F>, model: PrintModel, _cells: readonly Cell[] | null, view: Rect, style: MapStyle, fonts: PrintFonts<F>): void {
  paintMap(cv, { model, size: model.size, region: view, style: paintStyleOf(style, style.reduction ?? 1), fonts });
}
