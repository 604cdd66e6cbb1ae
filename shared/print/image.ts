// Image export layout: what a PNG of the map (or of part of it) shows and at what size,
// computed once from the scenario and the export options with no drawing in it. The Node
// raster (electron/print/raster.ts), the command line (`npm run export`) and the app's Export
// image dialog all read it, so the dialog states the very size the file gets.
//
// The map is drawn by the print's drawing code in map millimetres at the printed cell size
// (the scenario's map.cellSize unless another is given), so an image looks like the print;
// the image size picks how many pixels a millimetre gets:
// - `widthPx`: the whole image (frame included) is that many pixels wide;
// - `dpi`: the map at print scale, at that many pixels per inch;
// - `cellPx`: that many pixels across a cell (across flats; a square's side).
import { resolveOptions } from '../format/defaults.js';
import type { ValidationIssue } from '../format/issues.js';
import { migrateScenario, MigrationError } from '../format/migrate.js';
import { scenarioSchemaIssues } from '../format/validate.js';
import type { Scenario } from '../format/scenario.types.js';
import type { Rect } from '../grid/index.js';
import { gridFor, mapPadMm } from './layout.js';
import type { MapStyle } from './map-draw.js';
import { PrintOptionsError, requirePrintOptions, type CoordinateStyle, type PrintLayers, type PrintOptions } from './options.js';
import { mapScale } from './scale.js';
import { hexToRgb } from './surface.js';
import { formatLength, MM_PER_INCH, type Length } from './units.js';

export type ImageSize = { widthPx: number } | { dpi: number } | { cellPx: number };

export interface ImageExportInput {
  size: ImageSize;
  /**
   * The part of the map to show, in cell units (one cell is 1 across flats, (0,0) the top
   * left of the map's bounding box): the designer's current view. Left out: the whole map.
   */
  view?: Rect;
  /** A title and scale line around the map, with a neat line. */
  frame?: boolean;
  /** Layers on or off; the rest as a full print shows them (units off). */
  layers?: Partial<PrintLayers>;
  /** Cell coordinates; default the scenario's label scheme. */
  coordinates?: CoordinateStyle;
  /** Print scale for `dpi` (and the mm sizes of lines and text); default the scenario's cell size. */
  cellSize?: Length;
  /** Draw the traced underlay picture; default what the scenario says (map.underlay.print), never otherwise. */
  underlay?: boolean;
}

export interface ImageFrame {
  /** Frame geometry in image pixels. */
  titleAt: { x: number; y: number };
  titleSize: number;
  caption: string;
  captionAt: { x: number; y: number };
  captionSize: number;
  /** The neat line around the map. */
  neatLine: Rect;
  lineWidth: number;
}

export interface ImageLayout {
  widthPx: number;
  heightPx: number;
  /** Image pixels per map millimetre. */
  pxPerMm: number;
  /** Pixels per inch of the map at print scale. */
  dpi: number;
  cellSizeMm: number;
  /** The part of the map shown, map mm. */
  area: Rect;
  /** Where map point (area.x, area.y) lands in the image, px. */
  origin: { x: number; y: number };
  options: PrintOptions;
  style: MapStyle;
  frame: ImageFrame | null;
  title: string;
  /** Whether the underlay picture is drawn (the scenario has one and it was asked for). */
  underlay: boolean;
}

/**
 * A scenario file read for drawing: migrated to the current format and held to the schema,
 * which is all the drawing code needs. The semantic checks (stacking, schedules, cells of
 * units and features on the map...) are left out on purpose, as the print model is lenient:
 * a draft with problems can still be looked at, and what cannot be drawn is skipped and
 * reported (PrintModel.skipped). They also cost more than drawing a small image.
 */
export function scenarioForDrawing(json: unknown): { ok: true; scenario: Scenario; notes: string[] } | { ok: false; issues: ValidationIssue[] } {
  let migrated;
  try {
    migrated = migrateScenario(json);
  } catch (err) {
    if (err instanceof MigrationError) return { ok: false, issues: [{ pointer: err.pointer, message: err.message, severity: 'error' }] };
    throw err;
  }
  const issues = scenarioSchemaIssues(migrated.scenario);
  if (issues.length) return { ok: false, issues };
  return { ok: true, scenario: migrated.scenario as Scenario, notes: migrated.notes };
}

/** Largest side and pixel count an image export makes (a PNG's limits are far beyond; these keep a typo from running for an hour). */
export const MAX_IMAGE_SIDE = 100_000;
export const MAX_IMAGE_MEGAPIXELS = 1500;

const problem = (field: string, message: string): PrintOptionsError => new PrintOptionsError([{ field, message }]);

/** Frame margins for a map of `mapW` × `mapH` px: proportional to the image, never cramped. */
function frameUnit(mapW: number, mapH: number): number {
  return Math.max(6, Math.min(60, Math.max(mapW, mapH) / 90));
}

export function layoutImage(scenario: Scenario, input: ImageExportInput): ImageLayout {
  const options = requirePrintOptions(scenario, {
    mode: 'full',
    ...(input.cellSize ? { cellSize: input.cellSize } : {}),
    ...(input.layers ? { layers: input.layers } : {}),
    ...(input.coordinates ? { coordinates: { style: input.coordinates } } : {}),
  });
  const s = options.cellSizeMm;
  const grid = gridFor(scenario, options);
  const bounds = grid.bounds(s);
  const pad = mapPadMm(options);
  let area: Rect = { x: -pad, y: -pad, width: bounds.width + 2 * pad, height: bounds.height + 2 * pad };
  if (input.view) {
    const v = input.view;
    if (![v.x, v.y, v.width, v.height].every(Number.isFinite) || !(v.width > 0 && v.height > 0)) throw problem('view', 'must be a rectangle with a positive width and height');
    // Only what the map covers: a view scrolled past the edge shows no empty paper.
    const x0 = Math.max(area.x, v.x * s);
    const y0 = Math.max(area.y, v.y * s);
    const x1 = Math.min(area.x + area.width, (v.x + v.width) * s);
    const y1 = Math.min(area.y + area.height, (v.y + v.height) * s);
    if (!(x1 > x0 && y1 > y0)) throw problem('view', 'shows no part of the map');
    area = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  }

  const size = input.size;
  let pxPerMm: number;
  let unit = 0;
  if ('widthPx' in size) {
    if (!(Number.isInteger(size.widthPx) && size.widthPx >= 16 && size.widthPx <= MAX_IMAGE_SIDE)) throw problem('widthPx', `must be a whole number of pixels from 16 to ${MAX_IMAGE_SIDE}`);
    if (input.frame) {
      // The frame's margins depend on the image size, the image size on the margins: the
      // unit is settled from the width alone, which is what the margins follow.
      unit = frameUnit(size.widthPx, size.widthPx * (area.height / area.width));
      pxPerMm = (size.widthPx - 4 * unit) / area.width;
    } else pxPerMm = size.widthPx / area.width;
  } else if ('dpi' in size) {
    if (!(Number.isFinite(size.dpi) && size.dpi >= 1 && size.dpi <= 2400)) throw problem('dpi', 'must be from 1 to 2400 pixels per inch');
    pxPerMm = size.dpi / MM_PER_INCH;
  } else if ('cellPx' in size) {
    if (!(Number.isFinite(size.cellPx) && size.cellPx >= 2 && size.cellPx <= 2000)) throw problem('cellPx', 'must be from 2 to 2000 pixels per cell');
    pxPerMm = size.cellPx / s;
  } else throw problem('size', 'give a width in pixels, a dpi or pixels per cell');
  if (!(pxPerMm > 0)) throw problem('widthPx', 'leaves no room for the map inside the frame');

  const mapW = Math.ceil(area.width * pxPerMm);
  const mapH = Math.ceil(area.height * pxPerMm);
  let frame: ImageFrame | null = null;
  let origin = { x: 0, y: 0 };
  let widthPx = mapW;
  let heightPx = mapH;
  const scale = mapScale(scenario.map.groundScaleKm, s, formatLength(options.cellSize));
  if (input.frame) {
    const u = unit || frameUnit(mapW, mapH);
    const side = 2 * u;
    const top = 5 * u;
    const bottom = 3.2 * u;
    origin = { x: side, y: top };
    widthPx = 'widthPx' in size ? size.widthPx : mapW + 2 * side;
    heightPx = mapH + top + bottom;
    frame = {
      titleAt: { x: side, y: top - 1.8 * u },
      titleSize: 2.4 * u,
      caption: `${grid.spec.cols} \u00d7 ${grid.spec.rows} cells \u00b7 ${scale.text.replace(/ = .*/, '')}${input.view ? ' \u00b7 detail' : ''}`,
      captionAt: { x: side, y: top + mapH + 2.1 * u },
      captionSize: 1.3 * u,
      neatLine: { x: side - 0.5, y: top - 0.5, width: mapW + 1, height: mapH + 1 },
      lineWidth: Math.max(1, u / 6),
    };
  }
  widthPx = Math.round(widthPx);
  heightPx = Math.round(heightPx);
  if (widthPx > MAX_IMAGE_SIDE || heightPx > MAX_IMAGE_SIDE) throw problem('size', `makes an image of ${widthPx} \u00d7 ${heightPx} px; at most ${MAX_IMAGE_SIDE} px a side`);
  const megapixels = (widthPx * heightPx) / 1e6;
  if (megapixels > MAX_IMAGE_MEGAPIXELS) throw problem('size', `makes an image of ${Math.round(megapixels)} megapixels; at most ${MAX_IMAGE_MEGAPIXELS}`);

  const style: MapStyle = {
    mode: 'full',
    layers: options.layers,
    coordinates: { show: options.coordinates.style !== 'none', position: options.coordinates.position },
    lineColour: hexToRgb(options.lineColour),
    // As printed; the raster surface keeps lines at least half a pixel wide.
    gridWidth: options.lineWidthMm,
    // Text under about 6 px is noise at this size; leave it out.
    minTextMm: 6 / pxPerMm,
    victoryVpDefault: resolveOptions(scenario).victoryCellVpPerTurn,
  };
  return {
    widthPx,
    heightPx,
    pxPerMm,
    dpi: pxPerMm * MM_PER_INCH,
    cellSizeMm: s,
    area,
    origin,
    options,
    style,
    frame,
    title: scenario.title,
    underlay: scenario.map.underlay !== undefined && (input.underlay ?? scenario.map.underlay.print ?? false),
  };
}
